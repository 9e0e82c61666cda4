import type { TFunction } from "i18next";
import type { Desk } from "../../lib/store";

type Describable = Pick<Desk, "number" | "area" | "seats">;

/** "Table A3 · Indoor · 2 seats" in the current language. */
export function describeDesk(desk: Describable, t: TFunction): string {
	const parts = [t("table.label", { number: desk.number })];
	if (desk.area) parts.push(desk.area);
	parts.push(t("table.seats", { count: desk.seats }));
	return parts.join(" · ");
}
