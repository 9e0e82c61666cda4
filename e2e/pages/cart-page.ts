import type { Locator, Page } from "playwright-core";
import { AppShell } from "./app-shell";

export const CART_PATH = "/pages/components/pages/cart/cart";

/** cart/cart: lines with the server's prices, problems, totals, clear and checkout. */
export class CartPage extends AppShell {
	constructor(page: Page) {
		super(page);
	}

	async open(): Promise<this> {
		await this.page.goto(CART_PATH);
		await this.page.getByTestId("cart-page").waitFor();
		return this;
	}

	get lines(): Locator {
		return this.page.getByTestId("cart-line");
	}

	get subtotal(): Locator {
		return this.page.getByTestId("cart-subtotal");
	}

	get total(): Locator {
		return this.page.getByTestId("cart-total");
	}

	get problems(): Locator {
		return this.page.getByTestId("cart-problems");
	}

	/** Waits until the server has priced the cart as it is now. */
	async priced(): Promise<void> {
		await this.subtotal.waitFor();
		await this.page.waitForFunction(
			() => document.querySelector('[data-testid="cart-summary"]')?.getAttribute("aria-busy") === "false",
		);
	}
}
