import type { Locator, Page } from "playwright-core";

export type TabName = "home" | "menu" | "order" | "mine";

/** What every page shares: the tab bar, the header with its back button, the toast. */
export class AppShell {
	constructor(readonly page: Page) {}

	tab(name: TabName): Locator {
		return this.page.getByTestId(`tab-${name}`);
	}

	async tabLabels(): Promise<string[]> {
		const labels = await this.page.getByTestId("tab-bar").locator(".tab-bar__label").allTextContents();
		return labels.map((label) => label.trim());
	}

	async switchTab(name: TabName): Promise<void> {
		await this.tab(name).click();
		await this.page.waitForURL((url) =>
			url.pathname.includes(`/pages/${name === "home" ? "index/index" : `${name}/${name}`}`),
		);
	}

	get toast(): Locator {
		return this.page.getByTestId("toast");
	}

	get title(): Locator {
		return this.page.getByTestId("page-title");
	}

	async back(): Promise<void> {
		await this.page.getByTestId("back").click();
	}

	async htmlLang(): Promise<string | null> {
		return this.page.locator("html").getAttribute("lang");
	}

	/** True when the page is wider than the screen (something overflows sideways). */
	async hasHorizontalScroll(): Promise<boolean> {
		return this.page.evaluate(() => {
			const root = document.scrollingElement ?? document.documentElement;
			return root.scrollWidth > root.clientWidth + 1 || document.body.scrollWidth > window.innerWidth + 1;
		});
	}
}
