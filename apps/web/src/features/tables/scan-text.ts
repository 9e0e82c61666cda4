import { Paths } from "../../lib/paths";

/**
 * What a scanned (or pasted) text says. A table's QR code encodes
 * `<origin>/pages/components/pages/scan/operate?token=<signed token>`; staff may also read the
 * bare token out. Anything else (another site, another page of ours, free text) is not a
 * table code. The token itself is only checked by the server: this just finds it.
 */

/** The shape of a table token (`t<tenant>-<shop>-<table>-<version>.<signature>`), loosely. */
const BARE_TOKEN = /^t\d+(?:-\d+){3}\.[A-Za-z0-9_-]{16,64}$/;

function normalisePath(pathname: string): string {
	return pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;
}

/**
 * The table token in a scanned text, or null when the text is not one of our table codes.
 * `origin` is where the app runs: only links to this app count.
 */
export function extractTableToken(text: string, origin: string = window.location.origin): string | null {
	const value = text.trim();
	if (!value) return null;
	if (BARE_TOKEN.test(value)) return value;

	let url: URL;
	try {
		// A relative link ("/pages/…") is read as one of ours; anything else must be absolute.
		url = value.startsWith("/") && !value.startsWith("//") ? new URL(value, origin) : new URL(value);
	} catch {
		return null;
	}
	if (url.protocol !== "https:" && url.protocol !== "http:") return null;
	if (url.origin !== new URL(origin).origin) return null;
	if (normalisePath(url.pathname) !== Paths.scanOperate) return null;
	const token = url.searchParams.get("token")?.trim();
	return token || null;
}
