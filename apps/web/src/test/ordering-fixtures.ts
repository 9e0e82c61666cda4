import type { MenuItem, MenuOption, MenuOptionGroup, OrderView, ShopMenu, ShopSummary } from "@bayon/contract";
import { vi } from "vitest";

/** Menu, shop, order and fake-server helpers for the menu, cart, home and order tests. */

export function option(id: number, name: string, extra: Partial<MenuOption> = {}): MenuOption {
	return { id, name, priceDelta: 0, isDefault: false, soldOut: false, stock: null, ...extra };
}

export function group(id: number, name: string, min: number, max: number, options: MenuOption[]): MenuOptionGroup {
	return { id, name, minChoices: min, maxChoices: max, options };
}

export function menuItem(id: number, name: string, extra: Partial<MenuItem> = {}): MenuItem {
	return {
		id,
		shopId: 1,
		categoryId: 1,
		name,
		description: "",
		image: null,
		price: 250,
		originalPrice: null,
		stock: null,
		soldOut: false,
		salesCount: 0,
		orderTypes: ["takein", "takeout", "desk"],
		optionGroups: [],
		...extra,
	};
}

/** A milk tea: size (required, Regular by default), sugar (required, no default), toppings (up to 2). */
export const milkTea = menuItem(5, "珍珠奶茶", {
	price: 275,
	originalPrice: 300,
	optionGroups: [
		group(1, "杯型", 1, 1, [option(11, "中杯", { isDefault: true }), option(12, "大杯", { priceDelta: 50 })]),
		group(2, "甜度", 1, 1, [option(21, "全糖"), option(22, "半糖"), option(23, "无糖", { soldOut: true })]),
		group(3, "加料", 0, 2, [
			option(31, "珍珠", { priceDelta: 30 }),
			option(32, "椰果", { priceDelta: 30 }),
			option(33, "布丁", { priceDelta: 40 }),
			option(34, "芝士奶盖", { priceDelta: 50, soldOut: true }),
		]),
	],
});

/** A coconut with 3 left, not delivered. */
export const coconut = menuItem(10, "鲜椰青", { price: 200, stock: 3, orderTypes: ["takein", "desk"] });

export const soldOutTea = menuItem(8, "抹茶奶茶", { price: 325, soldOut: true });

export const menu: ShopMenu = {
	shopId: 1,
	categories: [
		{ id: 1, name: "奶茶", items: [milkTea, soldOutTea] },
		{ id: 2, name: "果汁", items: [coconut] },
	],
};

export function shop(extra: Partial<ShopSummary> = {}): ShopSummary {
	return {
		id: 1,
		name: "Bayon 河畔店",
		timezone: "Asia/Phnom_Penh",
		logo: null,
		address: "金边西索瓦码头路 123 号",
		phone: "+855 23 900 123",
		latitude: 11.5686,
		longitude: 104.931,
		distanceMeters: null,
		notice: "欢迎光临",
		preparationMinutes: 15,
		deskPayAfterMeal: false,
		orderTypes: ["takein", "takeout", "desk"],
		openState: {
			isOpen: true,
			acceptingOrders: true,
			todayHours: [{ opensAt: "08:00", closesAt: "22:00" }],
			closedToday: false,
			nextOpenAt: null,
			pausedUntil: null,
		},
		delivery: { offered: true, minFee: 100, minOrder: 500 },
		...extra,
	};
}

/** The shop outside its hours: opens again at 08:00 Phnom Penh time (01:00 UTC). */
export function closedShop(nextOpenAt = "2026-11-21T01:00:00Z"): ShopSummary {
	const base = shop();
	return { ...base, openState: { ...base.openState, isOpen: false, nextOpenAt } };
}

/**
 * A paid pickup order the shop is making, as the server shows it; a test overrides what it
 * is about. Subtotal and total follow the lines unless given.
 */
export function orderView(extra: Partial<OrderView> = {}): OrderView {
	const lines = extra.lines ?? [
		{ itemId: 10, name: "鲜椰青", options: [], unitPrice: 200, quantity: 1, lineTotal: 200 },
	];
	const subtotal = lines.reduce((sum, line) => sum + line.lineTotal, 0);
	return {
		id: 41,
		orderNo: "20261120000041",
		shopId: 1,
		shopName: "Bayon",
		shopTimeZone: "Asia/Phnom_Penh",
		orderType: "takein",
		status: "in_production",
		paymentStatus: "paid",
		payMethod: "balance",
		pickupNumber: "007",
		pickupAt: null,
		tableNumber: null,
		diners: null,
		billId: null,
		deliveryAddress: null,
		contactPhone: null,
		remark: "",
		lines,
		subtotal,
		deliveryFee: 0,
		deliveryFeeWaived: null,
		discounts: [],
		couponId: null,
		total: subtotal,
		source: "user",
		createdAt: "2026-11-20T05:07:00Z",
		expiresAt: null,
		paidAt: "2026-11-20T05:08:00Z",
		refundStatus: "none",
		refundReason: null,
		refundDecisionNote: null,
		refundTransfer: null,
		actions: ["requestRefund"],
		...extra,
	};
}

export const usdConfig = {
	tenantId: 1,
	tenantName: "Bayon",
	currency: { code: "USD", symbol: "$", decimals: 2, rate: 1, symbolPosition: "before" as const },
	telegramLoginEnabled: false,
};

export type Answer = { code: number; msg?: string; data?: unknown } | ((body: unknown, url: URL) => unknown);

export interface FakeServer {
	/** Paths asked for, without the /app-api prefix, in order. */
	requested: string[];
	/** JSON bodies sent to a path. */
	bodies: (path: string) => unknown[];
}

/**
 * Stubs fetch with answers per path (without /app-api). A function answer gets the request body
 * and returns the `data` of a success envelope. Unknown paths answer an empty success.
 */
export function fakeServer(byPath: Record<string, Answer>): FakeServer {
	const requested: string[] = [];
	const sent: Array<{ path: string; body: unknown }> = [];
	vi.stubGlobal(
		"fetch",
		vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
			const url = new URL(String(input), "http://localhost");
			const path = url.pathname.replace("/app-api", "");
			requested.push(path);
			const body = typeof init?.body === "string" ? JSON.parse(init.body) : undefined;
			sent.push({ path, body });
			const answer = byPath[path];
			const envelope =
				typeof answer === "function"
					? { code: 0, msg: "", data: answer(body, url) }
					: { msg: "", ...(answer ?? { code: 0, data: null }) };
			return new Response(JSON.stringify(envelope));
		}),
	);
	return { requested, bodies: (path) => sent.filter((entry) => entry.path === path).map((entry) => entry.body) };
}
