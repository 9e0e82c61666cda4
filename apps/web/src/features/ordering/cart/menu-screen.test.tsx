import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { applyLanguage } from "../../../lib/i18n";
import { Paths, TabPaths } from "../../../lib/paths";
import { queryClient } from "../../../lib/query-client";
import { appStore } from "../../../lib/store";
import { currentToast, hideToast } from "../../../lib/toast";
import {
	closedShop,
	coconut,
	type FakeServer,
	fakeServer,
	menu,
	milkTea,
	shop,
	usdConfig,
} from "../../../test/ordering-fixtures";
import { renderScreen } from "../../../test/render";
import MenuScreen from "./menu-screen";

function serve(overrides: Parameters<typeof fakeServer>[0] = {}): FakeServer {
	return fakeServer({
		"/system/config": { code: 0, data: usdConfig },
		"/store/nearby": { code: 0, data: shop() },
		"/store/getShop": { code: 0, data: { ...shop(), timezone: "Asia/Phnom_Penh" } },
		"/product/products": { code: 0, data: menu },
		...overrides,
	});
}

function renderMenu() {
	return renderScreen(<MenuScreen />, {
		path: TabPaths.menu,
		otherPaths: [Paths.cart, Paths.pay, Paths.menuDetail, Paths.scan],
	});
}

async function openSheet(itemId: number) {
	fireEvent.click(within(await screen.findByTestId(`item-${itemId}`)).getByTestId("item-choose"));
	return screen.findByTestId("options-sheet");
}

function optionInput(sheet: HTMLElement, optionId: number): HTMLInputElement {
	const chip = within(sheet).getByTestId(`option-${optionId}`);
	const input = chip.querySelector("input");
	if (!input) throw new Error("no input");
	return input;
}

function choose(sheet: HTMLElement, ...optionIds: number[]) {
	for (const id of optionIds) fireEvent.click(optionInput(sheet, id));
}

beforeEach(async () => {
	localStorage.clear();
	appStore.reload();
	queryClient.clear();
	hideToast();
	await applyLanguage("zh-CN");
});

afterEach(() => {
	vi.useRealTimers();
});

describe("menu tab", () => {
	it("shows the nearest shop, the category rail and every item with its price", async () => {
		const server = serve();
		renderMenu();

		expect((await screen.findByTestId("menu-shop-name")).textContent).toBe("Bayon 河畔店");
		expect(screen.getByTestId("shop-status").textContent).toBe("营业中");
		const rail = await screen.findByTestId("category-rail");
		expect(
			within(rail)
				.getAllByRole("button")
				.map((b) => b.textContent),
		).toEqual(["奶茶", "果汁"]);

		const tea = screen.getByTestId(`item-${milkTea.id}`);
		expect(within(tea).getByTestId("item-price").textContent).toBe("$2.75");
		expect(within(tea).getByTestId("item-original-price").textContent).toBe("$3.00");
		expect(within(screen.getByTestId("item-8")).getByTestId("item-sold-out").textContent).toBe("已售罄");
		expect(within(screen.getByTestId("item-8")).queryByTestId("item-choose")).toBeNull();
		expect(server.requested).toContain("/store/nearby");
		expect(appStore.getState().store).toEqual({ id: 1, name: "Bayon 河畔店" });
	});

	it("marks items not offered for delivery and shows the shop's delivery terms", async () => {
		serve();
		renderMenu();
		await screen.findByTestId(`item-${coconut.id}`);
		expect(screen.queryByTestId("item-not-offered")).toBeNull();

		fireEvent.click(within(screen.getByTestId("order-type-takeout")).getByRole("radio"));
		expect(appStore.getState().orderType).toBe("takeout");
		expect(screen.getByTestId("delivery-terms").textContent).toBe("配送费 $1.00 起 · 外卖$5.00起送");
		// Once the cart reaches the minimum ("exactly" is enough), only the fee is said.
		const line = { shopId: 1, name: "x", image: null, optionIds: [], optionNames: [], unitPrice: 250, quantity: 2 };
		act(() => appStore.setState({ cart: [{ ...line, key: "99:", itemId: 99 }] }));
		expect(screen.getByTestId("delivery-terms").textContent).toBe("配送费 $1.00 起");
		act(() => appStore.setState({ cart: [{ ...line, key: "99:", itemId: 99, quantity: 1 }] }));
		expect(screen.getByTestId("delivery-terms").textContent).toBe("配送费 $1.00 起 · 外卖$5.00起送");
		const card = screen.getByTestId(`item-${coconut.id}`);
		expect(within(card).getByTestId("item-not-offered").textContent).toBe("不支持外卖配送");
		expect(within(card).queryByTestId("item-add")).toBeNull();
	});

	it("prices in dollars with riel beside them when the owner set a second currency, in Khmer", async () => {
		await applyLanguage("km");
		const riel = { code: "KHR", symbol: "៛", rate: 4100, roundTo: 100, symbolPosition: "after" as const };
		serve({ "/system/config": { code: 0, data: { ...usdConfig, currency: { ...usdConfig.currency, second: riel } } } });
		renderMenu();

		const tea = await screen.findByTestId(`item-${milkTea.id}`);
		// 2.75 × 4100 = 11,275 riel, rounded to 100.
		await waitFor(() => expect(within(tea).getByTestId("item-price").textContent).toBe("$2.75 · 11,300៛"));
		// The struck-out former price stays short.
		expect(within(tea).getByTestId("item-original-price").textContent).toBe("$3.00");
		fireEvent.click(within(screen.getByTestId("order-type-takeout")).getByRole("radio"));
		expect(screen.getByTestId("delivery-terms").textContent).toContain("$5.00 · 20,500៛");
	});

	it("offers dine-in only once a table of this shop is scanned", async () => {
		serve();
		renderMenu();
		const desk = within(await screen.findByTestId("order-type-desk")).getByRole("radio") as HTMLInputElement;
		expect(desk.disabled).toBe(true);
		expect(screen.getByTestId("order-type-scan")).toBeTruthy();

		act(() => {
			appStore.setState({
				desk: {
					shopId: 1,
					shopName: "Bayon",
					tableId: 3,
					number: "A3",
					seats: 2,
					token: "t",
					scanned: true,
				},
			});
		});
		expect(desk.disabled).toBe(false);
		fireEvent.click(desk);
		expect(appStore.getState().orderType).toBe("desk");
		expect(screen.getByTestId("order-type-table").textContent).toContain("A3");
	});

	it("options sheet: required groups block adding, with the reason, until chosen; the price follows live", async () => {
		serve();
		renderMenu();
		const sheet = await openSheet(milkTea.id);
		const add = within(sheet).getByTestId("add-to-cart") as HTMLButtonElement;
		const price = () => within(sheet).getByTestId("live-price").textContent;

		// Size has a default (Regular); sweetness has none and is required.
		expect(optionInput(sheet, 11).checked).toBe(true);
		expect(add.disabled).toBe(true);
		expect(within(sheet).getByTestId("add-reason").textContent).toBe("请选择甜度");
		expect(price()).toBe("$2.75");

		choose(sheet, 22);
		expect(add.disabled).toBe(false);
		expect(within(sheet).queryByTestId("add-reason")).toBeNull();

		choose(sheet, 12); // large +0.50
		expect(price()).toBe("$3.25");
		choose(sheet, 31, 32); // two toppings +0.30 each
		expect(price()).toBe("$3.85");

		// A third topping is past the group's maximum of 2: refused, said, price unchanged.
		choose(sheet, 33);
		expect(optionInput(sheet, 33).checked).toBe(false);
		expect(currentToast()?.text).toBe("加料最多选2项");
		expect(price()).toBe("$3.85");

		// Sold-out choices cannot be picked.
		expect(optionInput(sheet, 23).disabled).toBe(true);
		expect(optionInput(sheet, 34).disabled).toBe(true);
		expect(within(within(sheet).getByTestId("option-23")).getByText("已售罄")).toBeTruthy();

		fireEvent.click(within(within(sheet).getByTestId("purchase-quantity")).getByTestId("stepper-plus"));
		expect(price()).toBe("$7.70");

		fireEvent.click(add);
		expect(currentToast()?.text).toBe("已加入购物车");
		expect(screen.queryByTestId("options-sheet")).toBeNull();
		expect(appStore.getState().cart).toEqual([
			expect.objectContaining({
				key: "5:12,22,31,32",
				quantity: 2,
				unitPrice: 385,
				optionNames: ["大杯", "半糖", "珍珠", "椰果"],
			}),
		]);
		expect(screen.getByTestId("cart-count").textContent).toBe("2");
		expect(screen.getByTestId("cart-bar-total").textContent).toBe("$7.70");
		expect(within(screen.getByTestId(`item-${milkTea.id}`)).getByTestId("item-in-cart").textContent).toBe("2");
	});

	it("adding the same item with the same options again merges into one line", async () => {
		serve();
		renderMenu();
		for (let round = 0; round < 2; round++) {
			const sheet = await openSheet(milkTea.id);
			choose(sheet, 21);
			fireEvent.click(within(sheet).getByTestId("add-to-cart"));
		}
		expect(appStore.getState().cart).toHaveLength(1);
		expect(appStore.getState().cart[0]?.quantity).toBe(2);

		const sheet = await openSheet(milkTea.id);
		choose(sheet, 21, 12);
		fireEvent.click(within(sheet).getByTestId("add-to-cart"));
		expect(appStore.getState().cart.map((line) => [line.key, line.quantity])).toEqual([
			["5:11,21", 2],
			["5:12,21", 1],
		]);
	});

	it("holds one shop at a time: adding at another shop asks before clearing the cart", async () => {
		serve();
		localStorage.setItem(
			"cart",
			JSON.stringify([
				{
					key: "99:",
					shopId: 2,
					itemId: 99,
					name: "别家的茶",
					image: null,
					optionIds: [],
					optionNames: [],
					unitPrice: 100,
					quantity: 1,
				},
			]),
		);
		appStore.reload();
		appStore.setState({ store: { id: 1, name: "Bayon 河畔店" } }); // e.g. a table of shop 1 was scanned
		renderMenu();
		const card = await screen.findByTestId(`item-${coconut.id}`);

		fireEvent.click(within(card).getByTestId("item-add"));
		const dialog = screen.getByTestId("switch-shop-dialog");
		expect(dialog.textContent).toContain("购物车里是另一家门店的商品");
		fireEvent.click(within(dialog).getByTestId("confirm-cancel"));
		expect(appStore.getState().cart.map((line) => line.shopId)).toEqual([2]);

		fireEvent.click(within(card).getByTestId("item-add"));
		fireEvent.click(within(screen.getByTestId("switch-shop-dialog")).getByTestId("confirm-ok"));
		expect(appStore.getState().cart).toEqual([expect.objectContaining({ shopId: 1, itemId: coconut.id, quantity: 1 })]);
	});

	it("stock guard: the cart never holds more than is left", async () => {
		serve();
		renderMenu();
		const card = await screen.findByTestId(`item-${coconut.id}`);
		fireEvent.click(within(card).getByTestId("item-add"));
		const plus = () => within(within(card).getByTestId("item-stepper")).getByTestId("stepper-plus");
		fireEvent.click(plus());
		fireEvent.click(plus());
		expect(appStore.getState().cart[0]?.quantity).toBe(3);

		hideToast();
		fireEvent.click(plus());
		expect(currentToast()?.text).toBe("库存不足");
		expect(appStore.getState().cart[0]?.quantity).toBe(3);
	});

	it("closed: shows the spec's banner with today's hours and when it opens (shop time), still takes items, refuses checkout", async () => {
		vi.useFakeTimers({ toFake: ["Date"] });
		vi.setSystemTime(new Date("2026-11-20T16:30:00Z")); // 23:30 in Phnom Penh
		const server = serve({ "/store/nearby": { code: 0, data: closedShop("2026-11-21T01:00:00Z") } });
		renderMenu();

		const banner = await screen.findByTestId("store-closed-banner");
		expect(banner.textContent).toContain("不在门店营业时间内");
		expect(banner.textContent).toContain("今日营业 08:00–22:00");
		await waitFor(() => expect(banner.textContent).toContain("明天 08:00 开始营业"));
		expect(screen.getByTestId("shop-status").textContent).toBe("休息中");

		fireEvent.click(within(await screen.findByTestId(`item-${coconut.id}`)).getByTestId("item-add"));
		expect(appStore.getState().cart).toHaveLength(1);

		fireEvent.click(screen.getByTestId("cart-bar-checkout"));
		expect(currentToast()?.text).toBe("非营业时间无法下单");
		expect(server.requested).not.toContain("/cart/price");
	});

	it("checkout from the cart bar goes to payment when the server says the cart can be ordered", async () => {
		serve({
			"/cart/price": (body) => ({
				...(body as object),
				lines: [],
				subtotal: 200,
				deliveryFee: 0,
				total: 200,
				minDeliveryPrice: null,
				problems: [],
				orderable: true,
			}),
		});
		renderMenu();
		fireEvent.click(within(await screen.findByTestId(`item-${coconut.id}`)).getByTestId("item-add"));
		fireEvent.click(screen.getByTestId("cart-bar-checkout"));
		expect(await screen.findByTestId(`at:${Paths.pay}`)).toBeTruthy();
	});

	it("…and to the cart with the first problem told when it cannot", async () => {
		serve({
			"/cart/price": () => ({
				shopId: 1,
				orderType: "takein",
				lines: [
					{
						index: 0,
						itemId: coconut.id,
						name: "鲜椰青",
						options: [],
						unitPrice: 200,
						quantity: 1,
						lineTotal: 200,
						problems: [{ code: 1008003001, message: "已售罄" }],
					},
				],
				subtotal: 0,
				deliveryFee: 0,
				total: 0,
				minDeliveryPrice: null,
				problems: [],
				orderable: false,
			}),
		});
		renderMenu();
		fireEvent.click(within(await screen.findByTestId(`item-${coconut.id}`)).getByTestId("item-add"));
		fireEvent.click(screen.getByTestId("cart-bar-checkout"));
		expect(await screen.findByTestId(`at:${Paths.cart}`)).toBeTruthy();
		expect(currentToast()?.text).toBe("已售罄");
	});

	it("pull-down refresh fetches the menu and the shop again", async () => {
		const server = serve();
		renderMenu();
		await screen.findByTestId(`item-${milkTea.id}`);
		const count = (path: string) => server.requested.filter((p) => p === path).length;
		const menuCalls = count("/product/products");

		const root = screen.getByTestId("pull-refresh");
		const touch = (clientY: number) => ({ touches: [{ clientY, clientX: 0, identifier: 0 }] });
		fireEvent.touchStart(root, touch(100));
		fireEvent.touchMove(root, touch(400));
		fireEvent.touchEnd(root);

		await waitFor(() => expect(count("/product/products")).toBe(menuCalls + 1));
		expect(count("/store/getShop")).toBe(1);
	});

	it("asks at once for the pictures on screen when the menu opens, and lazily for the rest", async () => {
		const pictured = (id: number) => ({ ...milkTea, id, image: `/uploads/item-${id}.webp` });
		serve({
			"/product/products": {
				code: 0,
				data: {
					shopId: 1,
					categories: [
						{ id: 1, name: "奶茶", items: [101, 102, 103, 104, 105, 106, 107].map(pictured) },
						{ id: 2, name: "果汁", items: [{ ...coconut, image: "/uploads/coconut.webp" }] },
					],
				},
			},
		});
		renderMenu();

		await screen.findByTestId("item-107");
		const picture = (itemId: number) => within(screen.getByTestId(`item-${itemId}`)).getByTestId("item-image");
		for (const id of [101, 102, 103, 104, 105]) {
			expect(picture(id).getAttribute("loading"), `item ${id}`).toBe("eager");
			expect(picture(id).getAttribute("fetchpriority"), `item ${id}`).toBe("high");
		}
		for (const id of [106, 107, coconut.id]) {
			expect(picture(id).getAttribute("loading"), `item ${id}`).toBe("lazy");
			expect(picture(id).getAttribute("fetchpriority"), `item ${id}`).toBe("auto");
		}
	});

	it("shows an error with a retry when the menu cannot be loaded", async () => {
		serve({ "/product/products": { code: 500, msg: "系统繁忙" } });
		renderMenu();
		const error = await screen.findByTestId("state-error");
		expect(error.textContent).toContain("系统繁忙");

		serve();
		fireEvent.click(within(error).getByTestId("retry"));
		expect(await screen.findByTestId(`item-${milkTea.id}`)).toBeTruthy();
	});
});
