import { type AppConfig, formatMoney, formatPrice } from "@bayon/contract";
import { apiCall } from "./http-api";

/**
 * Amounts as the app shows them, by the contract's own formatters and the tenant's currency
 * as the server gives it now: `price` with the second display currency beside the shop's
 * ("$2.50 · 10,300៛", decision 011), `money` in the shop's currency alone.
 */
export async function shownAmounts(): Promise<{ price: (minor: number) => string; money: (minor: number) => string }> {
	const { currency } = await apiCall<AppConfig>("/system/config");
	return { price: (minor) => formatPrice(minor, currency), money: (minor) => formatMoney(minor, currency) };
}
