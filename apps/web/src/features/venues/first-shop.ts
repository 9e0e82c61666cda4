import type { ShopSummary } from "@bayon/contract";

/**
 * The nearest shop as the server wrote it into the page (decision 025: its card is the first
 * screen's largest paint, so it comes with index.html, one copy per language). The app draws it
 * in its first render while `store/nearby` is asked again, so the card the frame showed does
 * not turn into a skeleton and back. Nothing when the page came without it (vite dev, another
 * path) or when the frame's boot script turned it off: a branch chosen, a table, a cart, or the
 * position allowed, where the app's shop is another.
 */
/** An answer that really is a shop (a misconfigured proxy or an old server may send anything). */
export function isShop(value: unknown): value is ShopSummary {
	if (typeof value !== "object" || value === null || Array.isArray(value)) return false;
	const shop = value as Partial<ShopSummary>;
	return typeof shop.id === "number" && typeof shop.openState === "object" && shop.openState !== null;
}

let written: Partial<Record<string, ShopSummary>> | null | undefined;

export function firstScreenShop(lang: string): ShopSummary | undefined {
	if (globalThis.document?.documentElement.getAttribute("data-boot-shop") === "off") return undefined;
	if (written === undefined) written = readWritten();
	const shop = written?.[lang];
	return isShop(shop) ? shop : undefined;
}

function readWritten(): Partial<Record<string, ShopSummary>> | null {
	const text = globalThis.document?.getElementById("first-shop-data")?.textContent;
	if (!text) return null;
	try {
		const parsed: unknown = JSON.parse(text);
		return typeof parsed === "object" && parsed !== null ? (parsed as Partial<Record<string, ShopSummary>>) : null;
	} catch {
		return null;
	}
}

/** Tests: forget what was read, so the next call reads the page again. */
export function forgetFirstScreenShop(): void {
	written = undefined;
}
