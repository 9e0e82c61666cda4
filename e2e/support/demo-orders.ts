import {
	expandShopMenu,
	type MenuItem,
	type OrderType,
	type OrderView,
	type ShopMenu,
	type ShopMenuWire,
	type ShopSummary,
} from "@bayon/contract";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, expect, inject } from "vitest";
import { launchBrowser } from "./browser";
import { apiCall } from "./http-api";

async function demoShop(): Promise<ShopSummary> {
	const shop = await apiCall<ShopSummary | null>("/store/nearby");
	if (!shop) throw new Error("the demo shop is missing");
	return shop;
}

/** A shop's menu as the web app reads it (it travels compact: `ShopMenuWire`). */
export async function customerMenu(shopId: number): Promise<ShopMenu> {
	return expandShopMenu(await apiCall<ShopMenuWire>(`/product/products?shopId=${shopId}`));
}

/** The demo shop and its menu as customers see it. */
export async function demoShopAndMenu(): Promise<{ shop: ShopSummary; menu: ShopMenu }> {
	const shop = await demoShop();
	return { shop, menu: await customerMenu(shop.id) };
}

/** The demo shop and an item ordered for pickup without choosing options, with stock to spare. */
export async function demoShopAndSimpleItem(): Promise<{ shop: ShopSummary; item: MenuItem }> {
	const shop = await demoShop();
	return { shop, item: await simpleItem(shop.id, "takein") };
}

/**
 * An item of the shop's menu offered for `orderType`, not sold out, with stock to spare, that
 * is ordered without choosing options: it has no required options, or with `options: "none"`
 * none at all (a booking's pre-order sheet takes a quantity only for those).
 */
export async function simpleItem(
	shopId: number,
	orderType: OrderType,
	options: "optional" | "none" = "optional",
): Promise<MenuItem> {
	const menu = await customerMenu(shopId);
	const item = menu.categories
		.flatMap((category) => category.items)
		.find(
			(candidate) =>
				!candidate.soldOut &&
				(candidate.stock === null || candidate.stock > 5) &&
				candidate.orderTypes.includes(orderType) &&
				(options === "none"
					? candidate.optionGroups.length === 0
					: candidate.optionGroups.every((group) => group.minChoices === 0)),
		);
	if (!item)
		throw new Error(`no ${orderType} item without ${options === "none" ? "" : "required "}options on the demo menu`);
	return item;
}

/**
 * The dearest item of `menu` for pickup that has no options at all (one tap adds it) and more
 * than `stockAbove` in stock: high enough a price to show a percentage discount.
 */
export function dearestPlainPickupItem(menu: ShopMenu, stockAbove: number): MenuItem {
	const item = menu.categories
		.flatMap((category) => category.items)
		.filter(
			(candidate) =>
				!candidate.soldOut &&
				candidate.orderTypes.includes("takein") &&
				candidate.optionGroups.length === 0 &&
				(candidate.stock === null || candidate.stock > stockAbove),
		)
		.sort((a, b) => b.price - a.price)[0];
	if (!item) throw new Error("no item without options for pickup on the demo menu");
	return item;
}

/** A pickup order of one item, placed over HTTP and left unpaid. */
export function placePickupOrder(token: string, shopId: number, itemId: number): Promise<OrderView> {
	return apiCall<OrderView>("/order/create", {
		method: "POST",
		token,
		headers: { "idempotency-key": `e2e-order-${Date.now()}-${Math.random().toString(36).slice(2)}` },
		body: { shopId, orderType: "takein", lines: [{ itemId, quantity: 1, optionIds: [] }] },
	});
}

/** Approves a payment on the sandbox gateway's page (its `redirectUrl`) over HTTP, as a payer would. */
export async function approveAtSandbox(redirectUrl: string): Promise<void> {
	const approved = await fetch(`${inject("baseUrl")}${redirectUrl}/decide`, {
		method: "POST",
		headers: { "content-type": "application/x-www-form-urlencoded" },
		body: "decision=approve",
		redirect: "manual",
	});
	expect(approved.status).toBe(303);
}

/** Pays an order on the sandbox gateway's page over HTTP, and waits until the order reads paid. */
export async function payOnSandbox(token: string, orderId: number): Promise<void> {
	const payment = await apiCall<{ redirectUrl: string }>("/order/pay", {
		method: "POST",
		token,
		body: { orderId, payMethod: "sandbox" },
	});
	await approveAtSandbox(payment.redirectUrl);
	// The gateway tells the server on its own time.
	for (let waited = 0; waited < 10_000; waited += 200) {
		const order = await apiCall<OrderView>(`/order/detail/${orderId}`, { token });
		if (order.paymentStatus === "paid") return;
		await new Promise((resolve) => setTimeout(resolve, 200));
	}
	throw new Error(`order ${orderId} did not become paid`);
}

/** Near the demo shop, inside its inner delivery zone (minimum order $5.00). */
const NEAR_THE_DEMO_SHOP = { latitude: 11.57, longitude: 104.928 };

/**
 * A delivery order to a freshly saved address near the shop, of an item offered for delivery
 * (enough of it to pass the zone's minimum order), placed over HTTP and left unpaid.
 */
export async function placeDeliveryOrder(
	token: string,
	shopId: number,
	address: { recipient: string; address: string; houseNumber: string },
): Promise<OrderView> {
	const menu = await customerMenu(shopId);
	const quantityFor = (price: number) => Math.max(1, Math.ceil(1000 / Math.max(price, 1)));
	const item = menu.categories
		.flatMap((category) => category.items)
		.find(
			(candidate) =>
				!candidate.soldOut &&
				candidate.orderTypes.includes("takeout") &&
				(candidate.stock === null || candidate.stock > quantityFor(candidate.price) + 5) &&
				candidate.optionGroups.every((group) => group.minChoices === 0),
		);
	if (!item) throw new Error("no item for delivery without required options on the demo menu");
	const saved = await apiCall<{ id: number }>("/address/addAndEdit", {
		method: "POST",
		token,
		body: { ...address, phone: "13800000003", ...NEAR_THE_DEMO_SHOP },
	});
	return apiCall<OrderView>("/order/create", {
		method: "POST",
		token,
		headers: { "idempotency-key": `e2e-delivery-${Date.now()}-${Math.random().toString(36).slice(2)}` },
		body: {
			shopId,
			orderType: "takeout",
			addressId: saved.id,
			lines: [{ itemId: item.id, quantity: quantityFor(item.price), optionIds: [] }],
		},
	});
}

/**
 * A test file's browser, the demo shop and its simple item (demoShopAndSimpleItem): ready
 * before the file's tests, the browser closed after them. Read the fields inside the tests.
 */
export function browserAndDemoItem(): { browser: Browser; shop: ShopSummary; item: MenuItem } {
	const fixture = {} as { browser: Browser; shop: ShopSummary; item: MenuItem };
	beforeAll(async () => {
		fixture.browser = await launchBrowser();
		Object.assign(fixture, await demoShopAndSimpleItem());
	});
	afterAll(async () => {
		await fixture.browser?.close();
	});
	return fixture;
}
