import { describe, expect, it } from "vitest";
import { customerOrderActions, type OrderFacts, STAFF_STEP_TARGET, staffOrderActions } from "./order-actions.js";

const NOW = new Date("2026-11-20T05:00:00Z");
const LATER = "2026-11-20T05:15:00Z";
const EARLIER = "2026-11-20T04:45:00Z";

const order = (patch: Partial<OrderFacts> = {}): OrderFacts => ({
	status: "new",
	orderType: "takein",
	paymentStatus: "paid",
	refundStatus: "none",
	billId: null,
	expiresAt: null,
	...patch,
});
const unpaid = (patch: Partial<OrderFacts> = {}) =>
	order({ status: "unpaid", paymentStatus: "unpaid", expiresAt: LATER, ...patch });

describe("the shop's actions", () => {
	it("walks a pickup order from new to completed", () => {
		expect(staffOrderActions(order())).toEqual(["accept", "reject"]);
		expect(staffOrderActions(order({ status: "in_production" }))).toEqual(["ready"]);
		expect(staffOrderActions(order({ status: "in_production", orderType: "desk" }))).toEqual(["ready"]);
		expect(staffOrderActions(order({ status: "ready" }))).toEqual(["complete"]);
		expect(STAFF_STEP_TARGET.accept).toBe("in_production");
		expect(STAFF_STEP_TARGET.complete).toBe("completed");
	});

	it("sends a delivery out instead of marking it ready", () => {
		expect(staffOrderActions(order({ status: "in_production", orderType: "takeout" }))).toEqual(["dispatch"]);
		expect(staffOrderActions(order({ status: "delivering", orderType: "takeout" }))).toEqual(["complete"]);
	});

	it("offers only the decision while a refund request is open, whatever the order's state", () => {
		for (const status of ["in_production", "ready", "delivering", "completed"] as const) {
			expect(staffOrderActions(order({ status, refundStatus: "requested" }))).toEqual([
				"approveRefund",
				"refuseRefund",
			]);
		}
		// Refused: the order goes on where it was.
		expect(staffOrderActions(order({ status: "ready", refundStatus: "rejected" }))).toEqual(["complete"]);
	});

	it("offers nothing on unpaid or closed orders", () => {
		for (const status of ["unpaid", "completed", "cancelled", "rejected", "refunded"] as const) {
			expect(staffOrderActions(order({ status }))).toEqual([]);
		}
		expect(
			staffOrderActions(order({ status: "refunded", paymentStatus: "refunded", refundStatus: "approved" })),
		).toEqual([]);
	});

	it("accepts a dine-in round that is paid after the meal", () => {
		expect(staffOrderActions(order({ paymentStatus: "unpaid", orderType: "desk", billId: 7 }))).toEqual([
			"accept",
			"reject",
		]);
	});
});

describe("the customer's actions", () => {
	it("pays or cancels an unpaid order inside its payment window, only cancels after it", () => {
		expect(customerOrderActions(unpaid(), NOW)).toEqual(["pay", "cancel"]);
		expect(customerOrderActions(unpaid({ expiresAt: EARLIER }), NOW)).toEqual(["cancel"]);
	});

	it("never pays a table-bill round on its own", () => {
		const round = order({ paymentStatus: "unpaid", orderType: "desk", billId: 7 });
		expect(customerOrderActions(round, NOW)).toEqual(["cancel"]);
		expect(customerOrderActions({ ...round, status: "in_production" }, NOW)).toEqual([]);
	});

	it("confirms receipt only when ready or on the way, and asks for a refund once accepted", () => {
		expect(customerOrderActions(order(), NOW)).toEqual(["cancel"]);
		expect(customerOrderActions(order({ status: "in_production" }), NOW)).toEqual(["requestRefund"]);
		expect(customerOrderActions(order({ status: "ready" }), NOW)).toEqual(["confirmReceipt", "requestRefund"]);
		expect(customerOrderActions(order({ status: "delivering", orderType: "takeout" }), NOW)).toEqual([
			"confirmReceipt",
			"requestRefund",
		]);
		expect(customerOrderActions(order({ status: "completed" }), NOW)).toEqual(["requestRefund"]);
	});

	it("offers nothing while a refund is asked for, and nothing once refunded", () => {
		expect(customerOrderActions(order({ status: "ready", refundStatus: "requested" }), NOW)).toEqual([]);
		expect(
			customerOrderActions(order({ status: "refunded", paymentStatus: "refunded", refundStatus: "approved" }), NOW),
		).toEqual([]);
		// A refusal lets the customer ask again.
		expect(customerOrderActions(order({ status: "completed", refundStatus: "rejected" }), NOW)).toEqual([
			"requestRefund",
		]);
	});

	it("offers nothing on cancelled or rejected orders", () => {
		expect(customerOrderActions(order({ status: "cancelled", paymentStatus: "refunded" }), NOW)).toEqual([]);
		expect(customerOrderActions(order({ status: "rejected", paymentStatus: "refunded" }), NOW)).toEqual([]);
	});
});
