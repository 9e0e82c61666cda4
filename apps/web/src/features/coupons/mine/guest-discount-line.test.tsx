import { cleanup, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { applyLanguage } from "../../../lib/i18n";
import { Paths, withQuery } from "../../../lib/paths";
import { orderView } from "../../../test/ordering-fixtures";
import { renderScreen } from "../../../test/render";
import OrderDetailScreen from "../../ordering/orders/order-detail-screen";
import { startAsGuest } from "../../reservations/guest-testing";
import { couponServer } from "../guest-testing";

/**
 * A coupon's discount on an order (issue 13): its own line after the VIP card's, named as a
 * coupon (not as a member discount), in every language.
 */

function renderOrder() {
	return renderScreen(<OrderDetailScreen />, {
		path: Paths.orderDetail,
		url: withQuery(Paths.orderDetail, { id: 41 }),
		otherPaths: [Paths.orders],
	});
}

beforeEach(startAsGuest);

afterEach(async () => {
	cleanup();
	await applyLanguage("zh-CN");
	vi.unstubAllGlobals();
});

const withCardAndCoupon = () =>
	orderView({
		lines: [{ itemId: 10, name: "鲜椰青", options: [], unitPrice: 1000, quantity: 2, lineTotal: 2000 }],
		subtotal: 2000,
		discounts: [
			{ kind: "memberCard", name: "金卡", amount: 200 },
			{ kind: "coupon", name: "新人满减券", amount: 500 },
		],
		couponId: 11,
		total: 1300,
	});

const discountLines = () => screen.getAllByTestId("order-discount").map((row) => [row.dataset.kind, row.textContent]);

describe("a coupon's line on an order", () => {
	it("follows the card's line, named as a coupon, in zh-CN, en and km", async () => {
		couponServer({ "/order/detail/41": () => withCardAndCoupon() });
		const chinese = renderOrder();
		await waitFor(() => expect(screen.getByTestId("order-total").textContent).toBe("$13.00"));
		expect(discountLines()).toEqual([
			["memberCard", "会员优惠（金卡）−$2.00"],
			["coupon", "优惠券（新人满减券）−$5.00"],
		]);
		chinese.unmount();

		await applyLanguage("en");
		const english = renderOrder();
		await waitFor(() => expect(discountLines()[1]).toEqual(["coupon", "Coupon (新人满减券)−$5.00"]));
		english.unmount();

		await applyLanguage("km");
		renderOrder();
		await waitFor(() => expect(discountLines()[1]).toEqual(["coupon", "គូប៉ុង (新人满减券)−$5.00"]));
	});
});
