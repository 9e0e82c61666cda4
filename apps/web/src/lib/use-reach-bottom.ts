import { useEffect, useRef } from "react";

/** Spec §2: the history list loads more when the page is scrolled within `distance` px of its end. */
export function nearBottom(
	{ scrollTop, viewportHeight, contentHeight }: { scrollTop: number; viewportHeight: number; contentHeight: number },
	distance: number,
): boolean {
	return contentHeight - (scrollTop + viewportHeight) <= distance;
}

/** Calls `onReach` on scroll (and after each render) while the window is near the bottom. */
export function useReachBottom(onReach: () => void, enabled: boolean, distance = 50): void {
	const handler = useRef(onReach);
	handler.current = onReach;
	useEffect(() => {
		if (!enabled) return;
		const check = () => {
			const root = document.scrollingElement ?? document.documentElement;
			if (
				nearBottom(
					{
						scrollTop: window.scrollY || root.scrollTop,
						viewportHeight: window.innerHeight,
						contentHeight: root.scrollHeight,
					},
					distance,
				)
			)
				handler.current();
		};
		check();
		window.addEventListener("scroll", check, { passive: true });
		window.addEventListener("resize", check);
		return () => {
			window.removeEventListener("scroll", check);
			window.removeEventListener("resize", check);
		};
	});
}
