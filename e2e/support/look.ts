import type { Page } from "playwright-core";

/**
 * What on the page still looks like the browser's rather than the app's (decision 012): a
 * visible native <select> or date/time field, a visible checkbox or radio drawn by the browser
 * (its `appearance` not `none`), or text made of emoji (icons are SVGs). Each problem is
 * described by the element's tag, type and nearest test id, so a failing test names it.
 */
export function nativeLookProblems(page: Page): Promise<string[]> {
	return page.evaluate(() => {
		const shown = (element: Element) =>
			element.checkVisibility({ opacityProperty: true, visibilityProperty: true }) &&
			element.getBoundingClientRect().width > 1 &&
			element.getBoundingClientRect().height > 1;
		const name = (element: Element) => {
			const type = element.getAttribute("type");
			const owner = element.closest("[data-testid]")?.getAttribute("data-testid");
			return `${element.tagName.toLowerCase()}${type ? `[type=${type}]` : ""}${owner ? ` in ${owner}` : ""}`;
		};
		const problems: string[] = [];
		const nativeFields =
			'select, input[type="date"], input[type="time"], input[type="datetime-local"], input[type="month"], input[type="week"]';
		for (const field of document.querySelectorAll(nativeFields)) {
			if (shown(field)) problems.push(`native ${name(field)}`);
		}
		for (const input of document.querySelectorAll('input[type="checkbox"], input[type="radio"]')) {
			if (shown(input) && getComputedStyle(input).appearance !== "none") problems.push(`browser-drawn ${name(input)}`);
		}
		// Any pictograph but the ©, ® and ™ signs, which are text.
		const emoji = /(?![\u00a9\u00ae\u2122])\p{Extended_Pictographic}/u;
		const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
		for (let node = walker.nextNode(); node; node = walker.nextNode()) {
			const text = node.textContent ?? "";
			if (emoji.test(text) && node.parentElement && shown(node.parentElement)) {
				problems.push(`emoji "${text.trim()}" in ${name(node.parentElement)}`);
			}
		}
		return problems;
	});
}
