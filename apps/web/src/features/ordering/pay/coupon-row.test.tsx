import { ErrorCode, type PriceCartInput, type PricedCart } from "@bayon/contract";
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { applyLanguage } from "../../../lib/i18n";
import { Paths, withQuery } from "../../../lib/paths";
import { appStore, type CartLine } from "../../../lib/store";
import { currentToast } from "../../../lib/toast";
import { testMember } from "../../../test/member-fixtures";
import { menu, orderView, shop } from "../../../test/ordering-fixtures";
import type { RecordedAnswer } from "../../../test/recording-server";
import { renderScreen } from "../../../test/render";
import { couponServer, fit, myCoupon, percentTerms } from "../../coupons/guest-testing";
import { startAsGuest } from "../../reservations/guest-testing";
import { readDraft, resetDraft } from "./checkout-draft";
import PayScreen from "./pay-screen";

/**
 * The pay page's coupon row and sheet (issue 13): the member's coupons measured against this
 * cart by the server, the best one chosen until the member chooses, the choice priced with the
 * cart and sent with the order, and a refusal dropping it.
 */

const milkTeaLine: CartLine = {
	key: "10:",
	shopId: 1,
	itemId: 10,
	name: "鲜椰青",
	image: null,
	optionIds: [],
	optionNames: [],
	unitPrice: 1000,
	quantity: 2,
};

const amountOff = myCoupon(11, { title: "新人满减券" });
const percentOff = myCoupon(12, { title: "自取八折", terms: percentTerms() });
const deliveryOnly = myCoupon(13, { title: "外卖立减" });

/** The server's list: two fit (the amount off saves more), one does not, with why. */
const options = () => [fit(amountOff, 500), fit(percentOff, 300), fit(deliveryOnly, 0, "仅限外卖订单")];

/** The server's price: $20.00 of goods, less the coupon asked for (when it is one that fits). */
function priced(input: PriceCartInput, refuse: number | null = null): PricedCart {
	const savings: Record<number, { name: string; amount: number }> = {
		11: { name: "新人满减券", amount: 500 },
		12: { name: "自取八折", amount: 300 },
	};
	const coupon = input.couponId !== undefined && input.couponId !== refuse ? savings[input.couponId] : undefined;
	return {
		shopId: 1,
		orderType: "takein",
		lines: [
			{
				index: 0,
				itemId: 10,
				name: "鲜椰青",
				options: [],
				unitPrice: 1000,
				quantity: 2,
				lineTotal: 2000,
				problems: [],
			},
		],
		subtotal: 2000,
		deliveryFee: 0,
		deliveryFeeWaived: null,
		discounts: coupon ? [{ kind: "coupon", ...coupon }] : [],
		couponId: coupon ? (input.couponId ?? null) : null,
		total: 2000 - (coupon?.amount ?? 0),
		minDeliveryPrice: null,
		problems:
			input.couponId !== undefined && input.couponId === refuse
				? [{ code: ErrorCode.CouponNotUsable, message: "这张优惠券不能用于本单：已使用" }]
				: [],
		orderable: !(input.couponId !== undefined && input.couponId === refuse),
	};
}

function payServer(extra: Record<string, RecordedAnswer> = {}) {
	return couponServer({
		"/store/getShop": () => ({ ...shop(), photos: [], weeklyHours: [], closures: [], zones: [], deliveryRadius: null }),
		"/product/products": () => menu,
		"/member/user/get-info": () => testMember({ balance: 10_000 }),
		"/coupon/for-cart": () => ({ options: options() }),
		"/cart/price": (body) => priced(body as PriceCartInput),
		...extra,
	});
}

function renderPay() {
	localStorage.setItem("cart", JSON.stringify([milkTeaLine]));
	localStorage.setItem("orderType", "takein");
	appStore.reload();
	return renderScreen(<PayScreen />, {
		path: Paths.pay,
		otherPaths: [Paths.cart, Paths.orderDetail, Paths.login, Paths.packages],
	});
}

beforeEach(async () => {
	await startAsGuest();
	resetDraft();
});

afterEach(async () => {
	cleanup();
	resetDraft();
	await applyLanguage("zh-CN");
	vi.unstubAllGlobals();
});

const lastPriceCall = (server: ReturnType<typeof payServer>) =>
	server.to("/cart/price").at(-1)?.body as PriceCartInput | undefined;

async function openSheet() {
	fireEvent.click(screen.getByTestId("pay-coupon"));
	return screen.findByTestId("coupon-sheet");
}

describe("the pay page's coupon", () => {
	it("chooses the best fitting coupon for the member, says so, and prices the cart with it", async () => {
		const server = payServer();
		renderPay();
		await waitFor(() => expect(screen.getByTestId("pay-total").textContent).toBe("$15.00"));
		expect(screen.getByTestId("pay-coupon-value").textContent).toBe("新人满减券−$5.00");
		expect(screen.getByTestId("pay-coupon-auto").textContent).toBe("已为您选择最优惠券");
		expect(screen.getByTestId("pay-discount").textContent).toBe("优惠券（新人满减券）−$5.00");
		expect(lastPriceCall(server)?.couponId).toBe(11);
		// The list is asked with the cart as the pay page prices it, without a coupon.
		expect(server.to("/coupon/for-cart")[0]?.body).toEqual({
			shopId: 1,
			orderType: "takein",
			lines: [{ itemId: 10, quantity: 2, optionIds: [] }],
		});
		expect(readDraft()).toMatchObject({ couponId: 11, couponChosen: false });
	});

	it("the sheet lists the fitting coupons best first with what each saves, then the others with the server's reason", async () => {
		payServer();
		renderPay();
		await waitFor(() => expect(screen.getByTestId("pay-coupon-value").textContent).toBe("新人满减券−$5.00"));
		const sheet = await openSheet();
		const fitting = within(sheet).getByTestId("coupon-fitting");
		expect(
			within(fitting)
				.getAllByRole("radio")
				.map((radio) => [radio.getAttribute("aria-label"), (radio as HTMLInputElement).checked]),
		).toEqual([
			["新人满减券", true],
			["自取八折", false],
		]);
		expect(
			within(fitting)
				.getAllByTestId("coupon-option-discount")
				.map((saves) => saves.textContent),
		).toEqual(["−$5.00", "−$3.00"]);
		expect(within(sheet).getByTestId("coupon-option-11").textContent).toContain("最优惠");
		const other = within(within(sheet).getByTestId("coupon-others")).getByTestId("coupon-option-13");
		expect(within(other).getByTestId("coupon-option-reason").textContent).toBe("仅限外卖订单");
		expect(within(other).queryByRole("radio")).toBeNull();
		expect(other.querySelector(".cp-ticket")?.className).toContain("is-muted");
	});

	it("the member's own choice is priced and sent with the order", async () => {
		const server = payServer({
			"/order/create": () => orderView({ id: 77 }),
			"/order/pay": () => ({ orderId: 77, paymentStatus: "paid", balance: 8300 }),
		});
		const { router } = renderPay();
		await waitFor(() => expect(screen.getByTestId("pay-coupon-value").textContent).toBe("新人满减券−$5.00"));
		const sheet = await openSheet();
		fireEvent.click(within(sheet).getByTestId("coupon-option-12"));
		await waitFor(() => expect(screen.queryByTestId("coupon-sheet")).toBeNull());
		await waitFor(() => expect(screen.getByTestId("pay-total").textContent).toBe("$17.00"));
		expect(screen.getByTestId("pay-coupon-value").textContent).toBe("自取八折−$3.00");
		// Chosen by the member: no "chosen for you", and it stays chosen.
		expect(screen.queryByTestId("pay-coupon-auto")).toBeNull();
		expect(readDraft()).toMatchObject({ couponId: 12, couponChosen: true });
		expect(lastPriceCall(server)?.couponId).toBe(12);

		fireEvent.click(screen.getByTestId("pay-submit"));
		await waitFor(() => expect(router.state.location.pathname).toBe(Paths.orderDetail));
		expect(router.state.location.search).toBe(`?${new URLSearchParams({ id: "77" })}`);
		expect(server.to("/order/create")[0]?.body).toMatchObject({ couponId: 12 });
		// The order is placed: the next checkout starts afresh.
		expect(readDraft()).toMatchObject({ couponId: null, couponChosen: false });
	});

	it('"don\'t use a coupon" prices without one and is not overridden by the best', async () => {
		const server = payServer({
			"/order/create": () => orderView({ id: 78 }),
			"/order/pay": () => ({ orderId: 78, paymentStatus: "paid" }),
		});
		renderPay();
		await waitFor(() => expect(screen.getByTestId("pay-total").textContent).toBe("$15.00"));
		const sheet = await openSheet();
		fireEvent.click(within(sheet).getByTestId("coupon-none"));
		await waitFor(() => expect(screen.getByTestId("pay-total").textContent).toBe("$20.00"));
		expect(screen.getByTestId("pay-coupon-count").textContent).toBe("2 张可用");
		expect(screen.queryByTestId("pay-discount")).toBeNull();
		expect(readDraft()).toMatchObject({ couponId: null, couponChosen: true });
		// Opened again, "none" is the current choice.
		const again = await openSheet();
		expect(within(again).getByTestId("coupon-none").getAttribute("aria-pressed")).toBe("true");
		expect(
			within(again)
				.getAllByRole("radio")
				.some((radio) => (radio as HTMLInputElement).checked),
		).toBe(false);
		fireEvent.click(within(again).getByTestId("sheet-close"));

		fireEvent.click(screen.getByTestId("pay-submit"));
		await waitFor(() => expect(server.to("/order/create")).toHaveLength(1));
		expect(server.to("/order/create")[0]?.body).not.toHaveProperty("couponId");
	});

	it("a coupon refused at checkout (used on another tab) is dropped with the server's message, and the member goes on", async () => {
		let refuse = false;
		const server = payServer({
			"/order/create": (body) =>
				refuse && (body as { couponId?: number }).couponId === 11
					? new Response(
							JSON.stringify({ code: ErrorCode.CouponNotUsable, msg: "这张优惠券不能用于本单：已使用", data: null }),
						)
					: orderView({ id: 79 }),
			"/order/pay": () => ({ orderId: 79, paymentStatus: "paid" }),
		});
		const { router } = renderPay();
		await waitFor(() => expect(screen.getByTestId("pay-total").textContent).toBe("$15.00"));
		refuse = true;
		fireEvent.click(screen.getByTestId("pay-submit"));
		await waitFor(() => expect(currentToast()?.text).toBe("这张优惠券不能用于本单：已使用"));
		expect(router.state.location.pathname).toBe(Paths.pay);
		await waitFor(() => expect(screen.getByTestId("pay-total").textContent).toBe("$20.00"));
		expect(readDraft()).toMatchObject({ couponId: null, couponChosen: true });
		// The list is asked again: it may not know yet.
		await waitFor(() => expect(server.to("/coupon/for-cart").length).toBeGreaterThan(1));

		await new Promise((resolve) => setTimeout(resolve, 550));
		fireEvent.click(screen.getByTestId("pay-submit"));
		await waitFor(() => expect(router.state.location.pathname).toBe(Paths.orderDetail));
		expect(server.to("/order/create").at(-1)?.body).not.toHaveProperty("couponId");
	});

	it("a coupon the cart's price refuses is dropped with its reason", async () => {
		payServer({ "/cart/price": (body) => priced(body as PriceCartInput, 11) });
		renderPay();
		await waitFor(() => expect(currentToast()?.text).toBe("这张优惠券不能用于本单：已使用"));
		await waitFor(() => expect(readDraft()).toMatchObject({ couponId: null, couponChosen: true }));
		// Priced again without it: nothing stands in the way of ordering.
		await waitFor(() => expect(screen.queryByTestId("pay-problems")).toBeNull());
		await waitFor(() => expect((screen.getByTestId("pay-submit") as HTMLButtonElement).disabled).toBe(false));
		expect(screen.getByTestId("pay-total").textContent).toBe("$20.00");
		expect(screen.getByTestId("pay-coupon-count").textContent).toBe("2 张可用");
	});

	it("with no coupons the row says none and the sheet leads to the coupon centre; in Khmer too", async () => {
		payServer({ "/coupon/for-cart": () => ({ options: [] }) });
		await applyLanguage("km");
		const { router } = renderPay();
		await waitFor(() => expect(screen.getByTestId("pay-coupon-value").textContent).toBe("គ្មានគូប៉ុងប្រើបាន"));
		const sheet = await openSheet();
		expect(within(sheet).getByTestId("state-empty").textContent).toContain("អ្នកមិនមានគូប៉ុងសម្រាប់ប្រើទេ");
		fireEvent.click(within(sheet).getByTestId("coupon-get-more"));
		await waitFor(() => expect(router.state.location.pathname).toBe(Paths.packages));
	});

	it("asks a visitor to sign in, and asks nothing about coupons", async () => {
		localStorage.clear();
		appStore.reload();
		const server = payServer();
		const { router } = renderPay();
		await waitFor(() => expect(screen.getByTestId("pay-coupon-value").textContent).toBe("登录后使用"));
		fireEvent.click(screen.getByTestId("pay-coupon"));
		await waitFor(() => expect(router.state.location.pathname).toBe(Paths.login));
		expect(`${router.state.location.pathname}${router.state.location.search}`).toBe(
			withQuery(Paths.login, { redirect: Paths.pay }),
		);
		expect(server.to("/coupon/for-cart")).toHaveLength(0);
		expect(server.to("/cart/price").every((call) => (call.body as PriceCartInput).couponId === undefined)).toBe(true);
	});
});
