import type { OrderView } from "@bayon/contract";
import { screen } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { Paths, withQuery } from "../../../lib/paths";
import { fakeWebSockets } from "../../../test/fake-live-server";
import { orderView } from "../../../test/ordering-fixtures";
import { renderScreen } from "../../../test/render";
import { staffServer, startAsStaff } from "../../stored-value/staff-testing";
import MerchantOrderDetailScreen from "./merchant-order-detail-screen";
import { OrderCard } from "./order-card";
import type { OrderActions } from "./use-order-actions";

/**
 * An order's discounts as staff see them (issues 12 and 13): the VIP card's and the coupon's,
 * each named for what it is, on the board's card and on the order's page.
 */

const discounted: OrderView = orderView({
	lines: [{ itemId: 10, name: "鲜椰青", options: [], unitPrice: 2000, quantity: 1, lineTotal: 2000 }],
	subtotal: 2000,
	discounts: [
		{ kind: "memberCard", name: "Gold card", amount: 200 },
		{ kind: "coupon", name: "$3 off $15", amount: 300 },
	],
	couponId: 7,
	total: 1500,
	actions: [],
});

const noActions: OrderActions = {
	busyId: null,
	act: vi.fn(),
	approveRefund: vi.fn(),
	rejectRefund: vi.fn(),
	dialogs: <></>,
};

const discountLines = () =>
	screen.getAllByTestId("merchant-order-discount").map((line) => [line.dataset.kind, line.textContent]);

beforeEach(async () => {
	await startAsStaff("owner");
});

describe("an order's discounts for staff", () => {
	it("are lines of their own on the board's card", async () => {
		staffServer(await startAsStaff("owner"), {});
		renderScreen(<OrderCard order={discounted} actions={noActions} now={Date.now()} />, { path: "/" });
		await screen.findByTestId("merchant-order-41");
		expect(discountLines()).toEqual([
			["memberCard", "Member discount (Gold card)−$2.00"],
			["coupon", "Coupon ($3 off $15)−$3.00"],
		]);
	});

	it("are named by kind on the order's page, above its total", async () => {
		staffServer(await startAsStaff("owner"), { "/merchant/order/detail/41": { code: 0, data: discounted } });
		// The page listens for the order's changes: a socket the test holds, not a real one.
		fakeWebSockets();
		renderScreen(<MerchantOrderDetailScreen />, {
			path: Paths.merchantOrderDetail,
			url: withQuery(Paths.merchantOrderDetail, { id: 41 }),
		});
		await screen.findByTestId("merchant-order-detail");
		expect(discountLines()).toEqual([
			["memberCard", "Member discount (Gold card)−$2.00"],
			["coupon", "Coupon ($3 off $15)−$3.00"],
		]);
		expect(screen.getByTestId("merchant-order-total").textContent).toBe("$15.00");
	});
});
