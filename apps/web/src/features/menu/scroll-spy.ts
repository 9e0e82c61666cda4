import { useCallback, useEffect, useRef, useState } from "react";

/**
 * Which section is "in view": the last one whose top has passed the reading line. At the very
 * bottom of the page the last section counts, even when it is too short to reach the line.
 * `tops` are the sections' tops relative to the viewport, in page order.
 */
export function activeSectionIndex(tops: readonly number[], readingLine: number, atBottom: boolean): number {
	if (tops.length === 0) return -1;
	if (atBottom) return tops.length - 1;
	let active = 0;
	tops.forEach((top, index) => {
		if (top <= readingLine) active = index;
	});
	return active;
}

/** Where the window must scroll for a section's top to sit `offset` px below the viewport's top. */
export function scrollTargetFor(sectionTop: number, scrollY: number, offset: number): number {
	return Math.max(0, Math.round(scrollY + sectionTop - offset));
}

function prefersReducedMotion(): boolean {
	return globalThis.matchMedia?.("(prefers-reduced-motion: reduce)").matches ?? false;
}

/**
 * Scroll-spy over the window's scroll: the index of the section in view, and a way to jump to
 * one. While a jump scrolls, the jumped-to section stays highlighted (otherwise the highlight
 * would run through every section passed on the way).
 */
export function useScrollSpy(sections: readonly (HTMLElement | null)[], offset = 12) {
	const [active, setActive] = useState(0);
	const jump = useRef<{ target: number; until: number } | null>(null);
	const sectionsRef = useRef(sections);
	sectionsRef.current = sections;

	useEffect(() => {
		let frame = 0;
		const measure = () => {
			frame = 0;
			const pending = jump.current;
			if (pending) {
				// The jump's own scrolling keeps the chosen section, also once it lands (a short last
				// section cannot reach the top). A jump that never lands stops counting after a while.
				if (Math.abs(window.scrollY - pending.target) <= 2) {
					jump.current = null;
					return;
				}
				if (performance.now() < pending.until) return;
				jump.current = null;
			}
			const scroller = document.scrollingElement ?? document.documentElement;
			const atBottom = window.scrollY > 0 && window.innerHeight + window.scrollY >= scroller.scrollHeight - 2;
			const tops = sectionsRef.current.map((el) => el?.getBoundingClientRect().top ?? Number.POSITIVE_INFINITY);
			const index = activeSectionIndex(tops, offset + 1, atBottom);
			if (index >= 0) setActive(index);
		};
		const onScroll = () => {
			if (!frame) frame = requestAnimationFrame(measure);
		};
		// The customer scrolling on their own ends a jump at once.
		const cancelJump = () => {
			jump.current = null;
		};
		window.addEventListener("scroll", onScroll, { passive: true });
		window.addEventListener("resize", onScroll);
		for (const type of ["touchstart", "wheel", "keydown"]) window.addEventListener(type, cancelJump, { passive: true });
		return () => {
			window.removeEventListener("scroll", onScroll);
			window.removeEventListener("resize", onScroll);
			for (const type of ["touchstart", "wheel", "keydown"]) window.removeEventListener(type, cancelJump);
			if (frame) cancelAnimationFrame(frame);
		};
	}, [offset]);

	const scrollTo = useCallback(
		(index: number) => {
			const section = sectionsRef.current[index];
			if (!section) return;
			const scroller = document.scrollingElement ?? document.documentElement;
			const bottom = Math.max(0, scroller.scrollHeight - window.innerHeight);
			const target = Math.min(bottom, scrollTargetFor(section.getBoundingClientRect().top, window.scrollY, offset));
			jump.current = { target, until: performance.now() + 1200 };
			setActive(index);
			window.scrollTo({ top: target, behavior: prefersReducedMotion() ? "auto" : "smooth" });
		},
		[offset],
	);

	return { active, scrollTo };
}
