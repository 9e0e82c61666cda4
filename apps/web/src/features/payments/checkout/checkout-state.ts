import type { CurrencyConfig, PaymentCheckout } from "@bayon/contract";

/** Where a checkout stands for the payer, as the page shows it. */
export type CheckoutPhase = "waiting" | "paid" | "declined" | "expired";

/**
 * The payment's status, and the code's own end: a code past its expiry that the last check
 * (made at or after that moment) still found unpaid is expired for the payer, even before the
 * server gives the payment up.
 */
export function checkoutPhase(checkout: PaymentCheckout, endChecked: boolean): CheckoutPhase {
	if (checkout.status === "succeeded") return "paid";
	if (checkout.status === "declined") return "declined";
	if (checkout.status === "abandoned" || endChecked) return "expired";
	return "waiting";
}

/** Milliseconds left before the code expires (never negative); null when it does not expire. */
export function msLeft(expiresAt: string | null, now: number): number | null {
	if (!expiresAt) return null;
	const at = Date.parse(expiresAt);
	return Number.isFinite(at) ? Math.max(0, at - now) : null;
}

/** A countdown as m:ss (or h:mm:ss past an hour), digits the same in every language. */
export function formatCountdown(ms: number): string {
	const total = Math.ceil(ms / 1000);
	const hours = Math.floor(total / 3600);
	const minutes = Math.floor((total % 3600) / 60);
	const seconds = String(total % 60).padStart(2, "0");
	return hours > 0 ? `${hours}:${String(minutes).padStart(2, "0")}:${seconds}` : `${minutes}:${seconds}`;
}

/** Thousands grouped with commas, as the app writes money everywhere (lib/format). */
function grouped(whole: number): string {
	return String(whole).replace(/\B(?=(\d{3})+(?!\d))/g, ",");
}

/**
 * What the rail takes, written as the shop writes that currency: whole riel with the riel sign
 * for a KHQR in riel ("51,300៛"); null when it is the ledger's own amount (then the ledger's
 * amount says it all).
 */
export function railAmountText(checkout: PaymentCheckout, currency: CurrencyConfig): string | null {
	if (checkout.railCurrency === currency.code) return null;
	const second = currency.second;
	if (second && second.code === checkout.railCurrency) {
		const digits = grouped(checkout.railAmount);
		return second.symbolPosition === "before" ? `${second.symbol}${digits}` : `${digits}${second.symbol}`;
	}
	return `${grouped(checkout.railAmount)} ${checkout.railCurrency}`;
}

/** An app path the page may go back to: on this origin, never another site. */
export function safeReturnPath(returnPath: string, fallback: string): string {
	return returnPath.startsWith("/") && !returnPath.startsWith("//") && !returnPath.startsWith("/\\")
		? returnPath
		: fallback;
}

/** A link that opens an app (a bank's, WeChat's), never script or data. */
export function safeDeepLink(link: string | null): string | null {
	if (!link) return null;
	return /^\s*(javascript|data|vbscript|file):/i.test(link) ? null : link;
}

/** A phone, where a link can open the bank or wallet app on the same device. */
export function isPhone(userAgent: string): boolean {
	return /Android|iPhone|iPod|Mobile|HarmonyOS/i.test(userAgent);
}
