import type { OrderView, PricedCart } from "@bayon/contract";
import { cleanup, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { applyLanguage } from "../../../lib/i18n";
import { Paths, withQuery } from "../../../lib/paths";
import { queryClient } from "../../../lib/query-client";
import { appStore, type CartLine } from "../../../lib/store";
import { hideToast } from "../../../lib/toast";
import { testMember } from "../../../test/member-fixtures";
import { fakeServer, menu, orderView, shop, usdConfig } from "../../../test/ordering-fixtures";
import { renderScreen } from "../../../test/render";
import OrderDetailScreen from "../orders/order-detail-screen";
import PayScreen from "./pay-screen";

/**
 * A member card's benefits on the pay page and an order (issue 12): each discount and a waived
 * delivery fee are lines of their own between the subtotal and the total, exactly as the server
 * sends them, and absent when it sends none.
 */

const coconutLine: CartLine = {
	key: "10:",
	shopId: 1,
	itemId: 10,
	name: "鲜椰青",
	image: null,
	optionIds: [],
	optionNames: [],
	unitPrice: 200,
	quantity: 2,
};

const cardBenefits = {
	deliveryFee: 0,
	deliveryFeeWaived: { by: "金卡", amount: 150 },
	discounts: [{ kind: "memberCard" as const, name: "金卡", amount: 40 }],
	total: 360,
};

function pricedCart(extra: Partial<PricedCart> = {}): PricedCart {
	return {
		shopId: 1,
		orderType: "takeout",
		lines: [
			{
				index: 0,
				itemId: 10,
				name: "鲜椰青",
				options: [],
				unitPrice: 200,
				quantity: 2,
				lineTotal: 400,
				problems: [],
			},
		],
		subtotal: 400,
		deliveryFee: 150,
		deliveryFeeWaived: null,
		discounts: [],
		couponId: null,
		total: 550,
		minDeliveryPrice: 500,
		problems: [],
		orderable: true,
		...extra,
	};
}

function serve(extra: Record<string, Parameters<typeof fakeServer>[0][string]>) {
	return fakeServer({
		"/system/config": { code: 0, data: usdConfig },
		"/store/getShop": {
			code: 0,
			data: { ...shop(), photos: [], weeklyHours: [], closures: [], zones: [], deliveryRadius: null },
		},
		"/product/products": { code: 0, data: menu },
		"/member/user/get-info": { code: 0, data: testMember({ balance: 10_000 }) },
		...extra,
	});
}

beforeEach(async () => {
	localStorage.clear();
	localStorage.setItem("accessToken", "access-1");
	localStorage.setItem("refreshToken", "refresh-1");
	localStorage.setItem("expiresTime", String(Date.now() + 15 * 60_000));
	localStorage.setItem("userinfo", JSON.stringify(testMember({ balance: 10_000 })));
	appStore.reload();
	queryClient.clear();
	hideToast();
	await applyLanguage("zh-CN");
});

afterEach(() => {
	cleanup();
	vi.unstubAllGlobals();
});

function renderPay() {
	localStorage.setItem("cart", JSON.stringify([coconutLine]));
	localStorage.setItem("orderType", "takeout");
	appStore.reload();
	return renderScreen(<PayScreen />, { path: Paths.pay, otherPaths: [Paths.cart, Paths.orderDetail] });
}

function renderOrder() {
	return renderScreen(<OrderDetailScreen />, {
		path: Paths.orderDetail,
		url: withQuery(Paths.orderDetail, { id: 41 }),
		otherPaths: [Paths.orders],
	});
}

function summaryRows(container: HTMLElement): Array<string | undefined> {
	return [...container.querySelectorAll(".summary__row")].map(
		(row) => (row as HTMLElement).dataset.testid ?? row.querySelector("dd")?.dataset.testid,
	);
}

const deliveredOrder: Partial<OrderView> = {
	orderType: "takeout",
	lines: [{ itemId: 10, name: "鲜椰青", options: [], unitPrice: 200, quantity: 2, lineTotal: 400 }],
	deliveryFee: 150,
	total: 550,
};

describe("a member card's benefits in the totals", () => {
	it("pay page: the discount and the waived fee between subtotal and total", async () => {
		serve({ "/cart/price": () => pricedCart(cardBenefits) });
		renderPay();
		await waitFor(() => expect(screen.getByTestId("pay-total").textContent).toBe("$3.60"));
		expect(screen.getByTestId("pay-discount").textContent).toBe("会员优惠（金卡）−$0.40");
		const waived = screen.getByTestId("pay-delivery-waived");
		expect(waived.textContent).toContain("金卡免配送费");
		expect(waived.querySelector("s")?.textContent).toBe("$1.50");
		expect(summaryRows(screen.getByTestId("pay-summary"))).toEqual([
			"pay-subtotal",
			"pay-delivery-waived",
			"pay-discount",
			"pay-total",
		]);
		expect(screen.getByTestId("pay-footer-total").textContent).toBe("$3.60");
	});

	it("pay page: no card, no card lines; the fee as charged", async () => {
		serve({ "/cart/price": () => pricedCart() });
		renderPay();
		await waitFor(() => expect(screen.getByTestId("pay-total").textContent).toBe("$5.50"));
		expect(screen.getByTestId("pay-delivery-fee").textContent).toBe("$1.50");
		expect(screen.queryByTestId("pay-discount")).toBeNull();
		expect(screen.queryByTestId("pay-delivery-waived")).toBeNull();
	});

	it("an order: the discount and the waived fee it was placed with", async () => {
		serve({ "/order/detail/41": () => orderView({ ...deliveredOrder, ...cardBenefits }) });
		renderOrder();
		await waitFor(() => expect(screen.getByTestId("order-total").textContent).toBe("$3.60"));
		expect(screen.getByTestId("order-discount").textContent).toBe("会员优惠（金卡）−$0.40");
		expect(screen.getByTestId("order-delivery-waived").querySelector("s")?.textContent).toBe("$1.50");
		expect(screen.queryByTestId("order-delivery-fee")).toBeNull();
	});

	it("an order without a card shows none of it, in English too", async () => {
		await applyLanguage("en");
		serve({ "/order/detail/41": () => orderView(deliveredOrder) });
		renderOrder();
		await waitFor(() => expect(screen.getByTestId("order-total").textContent).toBe("$5.50"));
		expect(screen.getByTestId("order-delivery-fee").textContent).toBe("$1.50");
		expect(screen.queryByTestId("order-discount")).toBeNull();
		expect(screen.queryByTestId("order-delivery-waived")).toBeNull();
		cleanup();
		await applyLanguage("zh-CN");
	});

	it("reads the card lines in English and Khmer", async () => {
		serve({
			"/order/detail/41": () =>
				orderView({
					...deliveredOrder,
					...cardBenefits,
					deliveryFeeWaived: { by: "Gold", amount: 150 },
					discounts: [{ kind: "memberCard", name: "Gold", amount: 40 }],
				}),
		});
		await applyLanguage("en");
		const first = renderOrder();
		await waitFor(() => expect(screen.getByTestId("order-discount").textContent).toBe("Member discount (Gold)−$0.40"));
		expect(screen.getByTestId("order-delivery-waived").textContent).toContain("Free delivery with Gold");
		first.unmount();
		await applyLanguage("km");
		renderOrder();
		await waitFor(() => expect(screen.getByTestId("order-discount").textContent).toBe("បញ្ចុះតម្លៃសមាជិក (Gold)−$0.40"));
		cleanup();
		await applyLanguage("zh-CN");
	});
});
