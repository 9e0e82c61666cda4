import { useLayoutEffect, useState } from "react";
import { useLoading } from "../lib/loading";
import { useToast } from "../lib/toast";

/**
 * What stays at the bottom of the screen: the tab bar, the menu's cart bar, the cart's and
 * payment page's total-and-button footer, the item page's add button, the address list's
 * button, a sheet's footer, and anything marked `data-bottom-bar`. A toast never covers them.
 */
const BOTTOM_BARS =
	".tab-bar, .cart-bar, .cart-footer, .item-detail__footer, .addresses__footer, .sheet__footer, [data-bottom-bar]";
/** Space between a toast and what it sits above, in px. */
const TOAST_GAP = 12;

/**
 * The toast's distance from the bottom of the viewport: just above the highest bar in the
 * lower half of the screen, or null when there is none (the stylesheet's default applies).
 */
export function toastOffset(doc: Document = document, viewportHeight: number = window.innerHeight): number | null {
	let highestTop = Number.POSITIVE_INFINITY;
	for (const bar of doc.querySelectorAll<HTMLElement>(BOTTOM_BARS)) {
		const rect = bar.getBoundingClientRect();
		if (rect.height === 0 || rect.width === 0) continue;
		if (rect.top < viewportHeight / 2 || rect.top >= viewportHeight) continue;
		highestTop = Math.min(highestTop, rect.top);
	}
	return Number.isFinite(highestTop) ? viewportHeight - highestTop + TOAST_GAP : null;
}

/** The single toast and the blocking loading indicator, mounted once at the app root. */
export function FeedbackHost() {
	const toast = useToast();
	const loading = useLoading();
	const [bottom, setBottom] = useState<number | null>(null);

	// Placed when it appears, and again while it shows if the page changes under it (a
	// navigation, a cart bar appearing) or the window resizes.
	useLayoutEffect(() => {
		if (!toast) return;
		setBottom(toastOffset());
		let frame = 0;
		const schedule = () => {
			cancelAnimationFrame(frame);
			frame = requestAnimationFrame(() => setBottom(toastOffset()));
		};
		const observer = new MutationObserver(schedule);
		observer.observe(document.body, { childList: true, subtree: true });
		window.addEventListener("resize", schedule);
		return () => {
			cancelAnimationFrame(frame);
			observer.disconnect();
			window.removeEventListener("resize", schedule);
		};
	}, [toast]);

	return (
		<>
			<div
				className="toast-region"
				aria-live="polite"
				aria-atomic="true"
				style={bottom === null ? undefined : { bottom: `${bottom}px` }}
			>
				{toast && (
					<div key={toast.id} className="toast" role="status" data-testid="toast">
						{toast.text}
					</div>
				)}
			</div>
			{loading && (
				<div className="loading-overlay" data-testid="loading-overlay" aria-busy="true">
					<span className="spinner spinner--large" aria-hidden="true" />
				</div>
			)}
		</>
	);
}
