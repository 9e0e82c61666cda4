import { describe, expect, it } from "vitest";
import { orderNoticesFor } from "./order-notices.js";

/** Which order changes are news, and to whom (decision 024): the rule on its own. */
describe("orderNoticesFor", () => {
	const pickup = { orderType: "takein" as const };
	const delivery = { orderType: "takeout" as const };
	const dineIn = { orderType: "desk" as const };

	it("tells a payment to the customer and the staff group", () => {
		expect(
			orderNoticesFor({ status: "unpaid", ...pickup }, { status: "new", paymentStatus: "paid" }, "system"),
		).toEqual({
			member: ["orderPaid"],
			shop: ["shopNewOrder"],
		});
	});

	it("tells nothing of a table's round paid with its bill, nor of a cancellation", () => {
		const nothing = { member: [], shop: [] };
		expect(orderNoticesFor({ status: "new", ...dineIn }, { paymentStatus: "paid" }, "customer")).toEqual(nothing);
		expect(orderNoticesFor({ status: "unpaid", ...pickup }, { status: "cancelled" }, "system")).toEqual(nothing);
		expect(orderNoticesFor({ status: "new", ...pickup }, { status: "rejected" }, "staff")).toEqual(nothing);
	});

	it("tells the steps of the kitchen: accepted, ready for pickup only, out for delivery, delivered by the shop", () => {
		expect(orderNoticesFor({ status: "new", ...pickup }, { status: "in_production" }, "staff").member).toEqual([
			"orderAccepted",
		]);
		expect(orderNoticesFor({ status: "in_production", ...pickup }, { status: "ready" }, "staff").member).toEqual([
			"orderReady",
		]);
		expect(orderNoticesFor({ status: "in_production", ...dineIn }, { status: "ready" }, "staff").member).toEqual([]);
		expect(orderNoticesFor({ status: "in_production", ...delivery }, { status: "delivering" }, "staff").member).toEqual(
			["orderDelivering"],
		);
		expect(orderNoticesFor({ status: "delivering", ...delivery }, { status: "completed" }, "staff").member).toEqual([
			"orderDelivered",
		]);
		expect(orderNoticesFor({ status: "delivering", ...delivery }, { status: "completed" }, "customer").member).toEqual(
			[],
		);
		expect(orderNoticesFor({ status: "ready", ...pickup }, { status: "completed" }, "staff").member).toEqual([]);
	});

	it("tells a refund request to the staff and its decision to the customer", () => {
		expect(orderNoticesFor({ status: "ready", ...pickup }, { refundStatus: "requested" }, "customer")).toEqual({
			member: [],
			shop: ["shopRefundRequested"],
		});
		expect(orderNoticesFor({ status: "ready", ...pickup }, { refundStatus: "rejected" }, "staff").member).toEqual([
			"refundRejected",
		]);
		expect(
			orderNoticesFor({ status: "ready", ...pickup }, { status: "refunded", refundStatus: "approved" }, "staff").member,
		).toEqual(["refundApproved"]);
	});
});
