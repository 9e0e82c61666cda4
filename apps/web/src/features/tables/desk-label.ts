import { useQuery } from "@tanstack/react-query";
import type { TFunction } from "i18next";
import { useI18n } from "../../lib/i18n";
import type { Desk } from "../../lib/store";
import { resolveTableQuery } from "./api";

type Describable = { number: string; seats: number; area: string | null };

/** "Table A3 · Indoor · 2 seats" in the current language. */
export function describeDesk(desk: Describable, t: TFunction): string {
	const parts = [t("table.label", { number: desk.number })];
	if (desk.area) parts.push(desk.area);
	parts.push(t("table.seats", { count: desk.seats }));
	return parts.join(" · ");
}

/**
 * The scanned table's label in the language shown now (issue 27). The desk keeps which table
 * it is, never a label rendered at scan time: the area's name is asked of the server in the
 * current language (table/resolve with the seating's token, answered once per language), and
 * until it is known, or once the seating has ended, the label is the table's number and seats.
 */
export function useDeskLabel(desk: Desk | null): string | null {
	const { t, lang } = useI18n();
	const resolved = useQuery({
		...resolveTableQuery(desk?.token ?? "", lang),
		enabled: desk !== null,
		staleTime: Number.POSITIVE_INFINITY,
		retry: false,
	});
	if (!desk) return null;
	const table = resolved.data?.tableId === desk.tableId ? resolved.data : null;
	return describeDesk({ number: desk.number, seats: desk.seats, area: table?.area ?? null }, t);
}
