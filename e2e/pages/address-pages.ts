import type { Locator, Page } from "playwright-core";
import { AppShell } from "./app-shell";

export const ADDRESS_LIST_PATH = "/pages/components/pages/address/address";
export const ADDRESS_FORM_PATH = "/pages/components/pages/address/add";
export const SHOP_INFO_PATH = "/pages/components/pages/address/shop_info";

/** address/address: the member's addresses. */
export class AddressListPage extends AppShell {
	constructor(page: Page) {
		super(page);
	}

	async open(): Promise<this> {
		await this.page.goto(ADDRESS_LIST_PATH);
		return this;
	}

	get root(): Locator {
		return this.page.getByTestId("address-list-page");
	}

	get cards(): Locator {
		return this.page.getByTestId("address-card");
	}

	card(text: string): Locator {
		return this.cards.filter({ hasText: text });
	}

	async add(): Promise<AddressFormPage> {
		await this.page.getByTestId("address-add").click();
		const form = new AddressFormPage(this.page);
		await form.form.waitFor();
		return form;
	}

	async choose(text: string): Promise<void> {
		await this.card(text).getByTestId("address-choose").click();
	}
}

/** address/add: the form with its map. */
export class AddressFormPage extends AppShell {
	constructor(page: Page) {
		super(page);
	}

	get form(): Locator {
		return this.page.getByTestId("address-form");
	}

	get map(): Locator {
		return this.page.getByTestId("address-map");
	}

	/** The drawn delivery zones (Leaflet SVG paths). */
	get zones(): Locator {
		return this.map.locator("path.map-zone");
	}

	get coords(): Locator {
		return this.page.getByTestId("point-coords");
	}

	input(field: "recipient" | "phone" | "address" | "houseNumber"): Locator {
		return this.page.getByTestId(`${field}-input`);
	}

	error(field: "recipient" | "phone" | "address" | "houseNumber" | "point"): Locator {
		return this.page.getByTestId(`${field}-error`);
	}

	/** Waits for Leaflet to draw the map (tiles may never load here: that is fine). */
	async mapReady(): Promise<void> {
		await this.map.locator(".leaflet-map-pane").waitFor({ state: "attached" });
		await this.zones.first().waitFor({ state: "attached" });
	}

	async fill(values: { recipient?: string; phone?: string; address?: string; houseNumber?: string }): Promise<void> {
		for (const [field, value] of Object.entries(values) as [keyof typeof values, string][]) {
			await this.input(field).fill(value);
		}
	}

	async save(): Promise<void> {
		await this.page.getByTestId("address-save").click();
	}

	/** The picked point as numbers, from the line under the map. */
	async point(): Promise<{ latitude: number; longitude: number }> {
		const [latitude, longitude] = ((await this.coords.textContent()) ?? "").split(",").map((n) => Number(n.trim()));
		return { latitude: latitude ?? Number.NaN, longitude: longitude ?? Number.NaN };
	}
}

/** address/shop_info */
export class ShopInfoPage extends AppShell {
	constructor(page: Page) {
		super(page);
	}

	async open(): Promise<this> {
		await this.page.goto(SHOP_INFO_PATH);
		await this.page.getByTestId("shop-info-page").waitFor();
		return this;
	}

	get map(): Locator {
		return this.page.getByTestId("shop-map");
	}

	get locationFailed(): Locator {
		return this.page.getByTestId("location-failed");
	}

	async mapReady(): Promise<void> {
		await this.map.locator("path.map-zone").first().waitFor({ state: "attached" });
	}
}
