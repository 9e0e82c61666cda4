import type { ChangeValue, CurrencyConfig } from "@bayon/contract";
import { formatMoney } from "../../lib/format";
import { staffStrings } from "../shop-staff/strings";
import { changeStrings } from "./strings";

/** Recorded fields that hold money in minor units. */
const MONEY_FIELDS = new Set([
	"price",
	"originalPrice",
	"priceDelta",
	"fee",
	"minOrder",
	"deliveryFee",
	"minDeliveryPrice",
	"amountOff",
	"maxDiscount",
	"threshold",
	"discountCap",
	"payAmount",
	"bonusAmount",
]);
const ROLES = new Set(["owner", "manager", "staff"]);

/** A name recorded in every language (`{"zh-CN": …, en: …}`): the reader's, else Chinese. */
function localizedText(value: unknown, lang: string): string | null {
	if (typeof value !== "object" || value === null || Array.isArray(value)) return null;
	const texts = value as Record<string, unknown>;
	if (typeof texts["zh-CN"] !== "string") return null;
	const own = texts[lang];
	return typeof own === "string" && own.trim() !== "" ? own : (texts["zh-CN"] as string);
}

/** Closed days as the owner set them: "2026-12-24 – 2026-12-26 Christmas", one after the other. */
function describeClosures(value: unknown, lang: string): string | null {
	if (!Array.isArray(value)) return null;
	const parts = value.map((closure) => {
		const { startsOn, endsOn, label } = (closure ?? {}) as { startsOn?: unknown; endsOn?: unknown; label?: unknown };
		const dates = startsOn === endsOn ? String(startsOn) : `${String(startsOn)} – ${String(endsOn)}`;
		const note = typeof label === "string" ? label : localizedText(label, lang);
		return note ? `${dates} ${note}` : dates;
	});
	return parts.length === 0 ? changeStrings.text(lang, "none") : parts.join("; ");
}

/**
 * One recorded value as a reader sees it: money formatted, yes/no and roles translated, names
 * in the reader's language, closed days as dates, nothing as "none".
 */
export function describeValue(field: string, value: ChangeValue, lang: string, currency: CurrencyConfig): string {
	if (value === null) return changeStrings.text(lang, "none");
	if (typeof value === "boolean") return changeStrings.text(lang, value ? "yes" : "no");
	if (typeof value === "number" && MONEY_FIELDS.has(field)) return formatMoney(value, currency);
	if (field === "role" && typeof value === "string" && ROLES.has(value))
		return staffStrings.text(lang, `role.${value as "owner" | "manager" | "staff"}`);
	if (typeof value === "string" || typeof value === "number") return String(value);
	if (field === "closures") {
		const closures = describeClosures(value, lang);
		if (closures !== null) return closures;
	}
	return localizedText(value, lang) ?? JSON.stringify(value);
}
