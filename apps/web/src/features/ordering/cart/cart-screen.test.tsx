import type { PricedCart } from "@bayon/contract";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { beforeEach, describe, expect, it } from "vitest";
import { applyLanguage } from "../../../lib/i18n";
import { Paths, TabPaths } from "../../../lib/paths";
import { queryClient } from "../../../lib/query-client";
import { appStore, type CartLine } from "../../../lib/store";
import { currentToast, hideToast } from "../../../lib/toast";
import { coconut, type FakeServer, fakeServer, menu, shop, usdConfig } from "../../../test/ordering-fixtures";
import { renderScreen } from "../../../test/render";
import CartScreen from "./cart-screen";

const teaLine: CartLine = {
	key: "5:11,21",
	shopId: 1,
	itemId: 5,
	name: "珍珠奶茶",
	image: null,
	optionIds: [11, 21],
	optionNames: ["中杯", "全糖"],
	unitPrice: 275,
	quantity: 2,
};
const coconutLine: CartLine = {
	key: "10:",
	shopId: 1,
	itemId: coconut.id,
	name: "鲜椰青",
	image: null,
	optionIds: [],
	optionNames: [],
	unitPrice: 200,
	quantity: 3,
};

type PriceInput = { orderType: string; lines: Array<{ itemId: number; quantity: number; optionIds: number[] }> };

/** The server's answer: the tea now costs 2.90; the coconut has only 2 left; pickup is fine otherwise. */
function price(body: unknown): PricedCart {
	const input = body as PriceInput;
	const lines = input.lines.map((line, index) => {
		const tea = line.itemId === 5;
		const unitPrice = tea ? 290 : 200;
		return {
			index,
			itemId: line.itemId,
			name: tea ? "珍珠奶茶" : "鲜椰青",
			options: tea
				? [
						{ id: 11, name: "中杯", priceDelta: 0 },
						{ id: 21, name: "全糖", priceDelta: 0 },
					]
				: [],
			unitPrice,
			quantity: line.quantity,
			lineTotal: unitPrice * line.quantity,
			problems: !tea && line.quantity > 2 ? [{ code: 1008003002, message: "库存不足", available: 2 }] : [],
		};
	});
	const subtotal = lines.filter((l) => l.problems.length === 0).reduce((sum, l) => sum + l.lineTotal, 0);
	const takeout = input.orderType === "takeout";
	const problems = takeout ? [{ code: 1008016005, message: "请选择收货地址" }] : [];
	return {
		shopId: 1,
		orderType: input.orderType as PricedCart["orderType"],
		lines,
		subtotal,
		deliveryFee: 0,
		deliveryFeeWaived: null,
		discounts: [],
		couponId: null,
		total: subtotal,
		minDeliveryPrice: null,
		problems,
		orderable: problems.length === 0 && lines.every((l) => l.problems.length === 0),
	};
}

function serve(): FakeServer {
	return fakeServer({
		"/system/config": { code: 0, data: usdConfig },
		"/store/getShop": { code: 0, data: shop() },
		"/store/nearby": { code: 0, data: shop() },
		"/product/products": { code: 0, data: menu },
		"/cart/price": price,
	});
}

function renderCart(lines: CartLine[]) {
	localStorage.setItem("cart", JSON.stringify(lines));
	appStore.reload();
	return renderScreen(<CartScreen />, { path: Paths.cart, otherPaths: [Paths.pay, Paths.address, TabPaths.menu] });
}

beforeEach(async () => {
	localStorage.clear();
	appStore.reload();
	queryClient.clear();
	hideToast();
	await applyLanguage("zh-CN");
});

describe("cart page", () => {
	it("shows the server's totals, its price for each line, and every problem it reports", async () => {
		const server = serve();
		renderCart([teaLine, coconutLine]);

		await waitFor(() => expect(screen.getByTestId("cart-subtotal").textContent).toBe("$5.80"));
		expect(screen.getByTestId("cart-total").textContent).toBe("$5.80");
		expect(screen.getByTestId("cart-footer-total").textContent).toBe("$5.80");
		expect(server.bodies("/cart/price")[0]).toEqual({
			shopId: 1,
			orderType: "takein",
			lines: [
				{ itemId: 5, quantity: 2, optionIds: [11, 21] },
				{ itemId: 10, quantity: 3, optionIds: [] },
			],
		});

		const [tea, nut] = screen.getAllByTestId("cart-line");
		if (!tea || !nut) throw new Error("two lines expected");
		// The tea's price changed on the server: the cart takes it.
		expect(within(tea).getByTestId("cart-line-total").textContent).toBe("$5.80");
		expect(within(tea).getByTestId("cart-line-options").textContent).toBe("中杯、全糖");
		await waitFor(() => expect(appStore.getState().cart[0]?.unitPrice).toBe(290));
		expect(within(nut).getByTestId("cart-line-problems").textContent).toBe("库存不足 (仅剩 2 份)");
		expect(screen.getByTestId("cart-checkout").dataset.orderable).toBe("false");
	});

	it("shows the member card's discount and waived delivery fee as the server priced them, and nothing of it otherwise", async () => {
		localStorage.setItem("orderType", "takeout");
		const twoCoconuts = { ...coconutLine, quantity: 2 };
		const plain = serve();
		const first = renderCart([twoCoconuts]);
		await waitFor(() => expect(screen.getByTestId("cart-total").textContent).toBe("$4.00"));
		expect(screen.getByTestId("cart-delivery-fee").textContent).toBe("$0.00");
		expect(screen.queryByTestId("cart-discount")).toBeNull();
		expect(screen.queryByTestId("cart-delivery-waived")).toBeNull();
		expect(plain.bodies("/cart/price")).toHaveLength(1);
		first.unmount();
		queryClient.clear();

		// The card's figures come from the server; the page only shows them.
		fakeServer({
			"/system/config": { code: 0, data: usdConfig },
			"/store/getShop": { code: 0, data: shop() },
			"/store/nearby": { code: 0, data: shop() },
			"/product/products": { code: 0, data: menu },
			"/cart/price": (body) => ({
				...price(body),
				deliveryFee: 0,
				deliveryFeeWaived: { by: "金卡", amount: 150 },
				discounts: [{ kind: "memberCard", name: "金卡", amount: 40 }],
				total: 360,
			}),
		});
		renderCart([twoCoconuts]);
		await waitFor(() => expect(screen.getByTestId("cart-total").textContent).toBe("$3.60"));
		expect(screen.getByTestId("cart-subtotal").textContent).toBe("$4.00");
		const waived = screen.getByTestId("cart-delivery-waived");
		expect(waived.textContent).toContain("配送费");
		expect(waived.textContent).toContain("金卡免配送费");
		expect(waived.querySelector("s")?.textContent).toBe("$1.50");
		expect(screen.queryByTestId("cart-delivery-fee")).toBeNull();
		const discount = screen.getByTestId("cart-discount");
		expect(discount.textContent).toBe("会员优惠（金卡）−$0.40");
		// Between the subtotal and the total, in that order.
		const rows = [...screen.getByTestId("cart-summary").querySelectorAll(".summary__row")].map(
			(row) => row.querySelector("dd")?.dataset.testid ?? (row as HTMLElement).dataset.testid,
		);
		expect(rows).toEqual(["cart-subtotal", "cart-delivery-waived", "cart-discount", "cart-total"]);
		expect(screen.getByTestId("cart-footer-total").textContent).toBe("$3.60");
	});

	it("re-prices (debounced) when a quantity or the order type changes, and lists cart problems", async () => {
		const server = serve();
		renderCart([teaLine, coconutLine]);
		await waitFor(() => expect(server.bodies("/cart/price")).toHaveLength(1));

		const nut = screen.getAllByTestId("cart-line")[1];
		if (!nut) throw new Error("no coconut line");
		fireEvent.click(within(nut).getByTestId("stepper-minus"));
		await waitFor(() => expect(screen.queryByTestId("cart-line-problems")).toBeNull(), { timeout: 2000 });
		expect(screen.getByTestId("cart-subtotal").textContent).toBe("$9.80");
		expect(server.bodies("/cart/price")).toHaveLength(2);

		fireEvent.click(within(screen.getByTestId("order-type-takeout")).getByRole("radio"));
		const problems = await screen.findByTestId("cart-problems", {}, { timeout: 2000 });
		expect(problems.textContent).toContain("请选择收货地址");
		expect(screen.getByTestId("cart-choose-address").getAttribute("href")).toBe(Paths.address);
		expect(screen.getByTestId("cart-delivery-fee").textContent).toBe("$0.00");
		// $9.80 reaches the $5.00 delivery minimum: no notice about it.
		expect(screen.queryByTestId("cart-min-delivery")).toBeNull();
	});

	it("says the delivery minimum only while the order is below it", async () => {
		const server = serve();
		renderCart([{ ...teaLine, quantity: 1 }]);
		await waitFor(() => expect(server.bodies("/cart/price")).toHaveLength(1));
		fireEvent.click(within(screen.getByTestId("order-type-takeout")).getByRole("radio"));
		await waitFor(() => expect(screen.getByTestId("cart-min-delivery").textContent).toBe("外卖$5.00起送"), {
			timeout: 2000,
		});

		const line = screen.getByTestId("cart-line");
		fireEvent.click(within(line).getByTestId("stepper-plus"));
		await waitFor(() => expect(screen.getByTestId("cart-subtotal").textContent).toBe("$5.80"), { timeout: 2000 });
		expect(screen.queryByTestId("cart-min-delivery")).toBeNull();
	});

	it("the stepper stops at the stock that is left", async () => {
		serve();
		renderCart([{ ...coconutLine, quantity: 2 }]);
		const line = await screen.findByTestId("cart-line");
		await screen.findByTestId("cart-subtotal");
		const plus = within(line).getByTestId("stepper-plus");
		fireEvent.click(plus); // 3 of 3
		expect(appStore.getState().cart[0]?.quantity).toBe(3);
		fireEvent.click(plus);
		expect(currentToast()?.text).toBe("库存不足");
		expect(appStore.getState().cart[0]?.quantity).toBe(3);
	});

	it("removes a line, and clears the cart only after the spec's confirmation", async () => {
		serve();
		renderCart([teaLine, coconutLine]);
		await screen.findByTestId("cart-subtotal");

		fireEvent.click(within(screen.getAllByTestId("cart-line")[1] as HTMLElement).getByTestId("cart-line-remove"));
		expect(screen.getAllByTestId("cart-line")).toHaveLength(1);

		fireEvent.click(screen.getByTestId("cart-clear"));
		expect(screen.getByTestId("confirm-dialog").textContent).toContain("确定清空购物车吗？");
		fireEvent.click(screen.getByTestId("confirm-cancel"));
		expect(appStore.getState().cart).toHaveLength(1);

		fireEvent.click(screen.getByTestId("cart-clear"));
		fireEvent.click(screen.getByTestId("confirm-ok"));
		expect(appStore.getState().cart).toEqual([]);
		expect(localStorage.getItem("cart")).toBeNull();
		expect(screen.getByTestId("state-empty").textContent).toContain("购物车还是空的");
		fireEvent.click(screen.getByTestId("cart-go-menu"));
		expect(await screen.findByTestId(`at:${TabPaths.menu}`)).toBeTruthy();
	});

	it("checkout shows the first problem, and goes to payment once the cart can be ordered", async () => {
		serve();
		renderCart([teaLine, coconutLine]);
		await screen.findByTestId("cart-subtotal");

		fireEvent.click(screen.getByTestId("cart-checkout"));
		await waitFor(() => expect(currentToast()?.text).toBe("库存不足"));
		expect(screen.queryByTestId(`at:${Paths.pay}`)).toBeNull();

		fireEvent.click(within(screen.getAllByTestId("cart-line")[1] as HTMLElement).getByTestId("stepper-minus"));
		fireEvent.click(screen.getByTestId("cart-checkout"));
		expect(await screen.findByTestId(`at:${Paths.pay}`)).toBeTruthy();
	});
});
