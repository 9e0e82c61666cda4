/**
 * A phone as a page may show it: enough for staff to tell customers apart, not to call them.
 * 13800000003 → 138****0003; a short number keeps only its first digit and last two.
 */
export function maskMobile(mobile: string): string {
	if (mobile.length <= 7) return `${mobile.slice(0, 1)}****${mobile.slice(-2)}`;
	return `${mobile.slice(0, 3)}****${mobile.slice(-4)}`;
}
