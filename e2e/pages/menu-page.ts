import type { Locator, Page } from "playwright-core";
import { AppShell } from "./app-shell";

export const MENU_PATH = "/pages/menu/menu";

export type OrderTypeName = "takein" | "takeout" | "desk";

/** The menu tab: shop header, order type, category rail, items, options sheet, cart bar. */
export class MenuPage extends AppShell {
	constructor(page: Page) {
		super(page);
	}

	async open(): Promise<this> {
		await this.page.goto(MENU_PATH);
		return this.loaded();
	}

	/** Waits for the shop and its menu. */
	async loaded(): Promise<this> {
		await this.page.getByTestId("category-rail").waitFor();
		return this;
	}

	/** True when the shop takes orders now (the server's clock decides). */
	async shopIsOpen(): Promise<boolean> {
		return (await this.page.getByTestId("shop-status").getAttribute("data-open")) === "true";
	}

	get closedBanner(): Locator {
		return this.page.getByTestId("store-closed-banner");
	}

	orderType(name: OrderTypeName): Locator {
		return this.page.getByTestId(`order-type-${name}`);
	}

	async isOrderTypeSelected(name: OrderTypeName): Promise<boolean> {
		return this.orderType(name).locator("input").isChecked();
	}

	async chooseOrderType(name: OrderTypeName): Promise<void> {
		await this.orderType(name).click();
	}

	item(id: number): Locator {
		return this.page.getByTestId(`item-${id}`);
	}

	railItem(categoryName: string): Locator {
		return this.page.getByTestId("category-rail").getByRole("button", { name: categoryName });
	}

	/** Opens the options sheet of an item with option groups. */
	async openOptions(itemId: number): Promise<OptionsSheet> {
		await this.item(itemId).getByTestId("item-choose").click();
		const sheet = new OptionsSheet(this.page);
		await sheet.root.waitFor();
		return sheet;
	}

	get cartBar(): Locator {
		return this.page.getByTestId("cart-bar");
	}

	get cartCount(): Locator {
		return this.page.getByTestId("cart-count");
	}

	get cartTotal(): Locator {
		return this.page.getByTestId("cart-bar-total");
	}

	async openCart(): Promise<void> {
		await this.page.getByTestId("cart-bar-open").click();
		await this.page.getByTestId("cart-page").waitFor();
	}
}

/** The bottom sheet with an item's options. */
export class OptionsSheet {
	readonly root: Locator;

	constructor(readonly page: Page) {
		this.root = page.getByTestId("options-sheet");
	}

	/** Taps a choice by its group's and its own visible names. */
	async choose(groupName: string, optionName: string): Promise<void> {
		await this.root
			.getByTestId(/^option-group-/)
			.filter({ has: this.page.locator("legend", { hasText: groupName }) })
			.locator("label", { hasText: optionName })
			.click();
	}

	/** Waits for the sheet's slide-in to finish (before a screenshot). */
	async settled(): Promise<void> {
		await this.root.evaluate((el) => Promise.all(el.getAnimations({ subtree: true }).map((a) => a.finished)));
	}

	get livePrice(): Locator {
		return this.root.getByTestId("live-price");
	}

	get addButton(): Locator {
		return this.root.getByTestId("add-to-cart");
	}

	get reason(): Locator {
		return this.root.getByTestId("add-reason");
	}

	async add(): Promise<void> {
		await this.addButton.click();
		await this.root.waitFor({ state: "detached" });
	}
}
