import type { Locator, Page } from "playwright-core";
import { AppShell } from "./app-shell";

export class MinePage extends AppShell {
	constructor(page: Page) {
		super(page);
	}

	async open(): Promise<this> {
		await this.page.goto("/pages/mine/mine");
		await this.page.getByTestId("mine").waitFor();
		return this;
	}

	get signInEntry(): Locator {
		return this.page.getByTestId("mine-sign-in");
	}

	get nickname(): Locator {
		return this.page.getByTestId("mine-nickname");
	}

	get phone(): Locator {
		return this.page.getByTestId("mine-phone");
	}

	get balance(): Locator {
		return this.page.getByTestId("mine-balance");
	}

	get avatar(): Locator {
		return this.page.getByTestId("mine-profile").getByTestId("avatar-image");
	}

	language(code: string): Locator {
		return this.page.getByTestId(`language-${code}`);
	}

	/** Picks a language in the switcher and waits until the page speaks it. */
	async chooseLanguage(code: string): Promise<void> {
		await this.page.locator(`label:has([data-testid="language-${code}"])`).click();
		await this.page.waitForFunction((lang) => document.documentElement.lang === lang, code);
	}

	async openProfile(): Promise<void> {
		await this.page.getByTestId("mine-profile").click();
		await this.page.getByTestId("userinfo-form").waitFor();
	}

	/** Taps "sign out" and agrees to the question it asks. */
	async signOut(): Promise<void> {
		await this.page.getByTestId("sign-out").click();
		await this.page.getByTestId("sign-out-confirm").getByTestId("confirm-ok").click();
	}
}
