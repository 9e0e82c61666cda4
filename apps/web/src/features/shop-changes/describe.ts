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
]);
const ROLES = new Set(["owner", "manager", "staff"]);

/** One recorded value as a reader sees it: money formatted, yes/no and roles translated, nothing as "none". */
export function describeValue(field: string, value: ChangeValue, lang: string, currency: CurrencyConfig): string {
	if (value === null) return changeStrings.text(lang, "none");
	if (typeof value === "boolean") return changeStrings.text(lang, value ? "yes" : "no");
	if (typeof value === "number" && MONEY_FIELDS.has(field)) return formatMoney(value, currency);
	if (field === "role" && typeof value === "string" && ROLES.has(value))
		return staffStrings.text(lang, `role.${value as "owner" | "manager" | "staff"}`);
	if (typeof value === "string" || typeof value === "number") return String(value);
	return JSON.stringify(value);
}
