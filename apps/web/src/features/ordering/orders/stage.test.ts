import type { OrderView } from "@bayon/contract";
import { describe, expect, it } from "vitest";
import {
	isCurrentOrder,
	isPendingPayment,
	orderStage,
	paymentTimeLeft,
	progressReached,
	progressSteps,
	showsPickupNumber,
} from "./stage";

type Input = Pick<OrderView, "status" | "orderType" | "paymentStatus" | "refundStatus">;
const order = (patch: Partial<Input>): Input => ({
	status: "new",
	orderType: "takein",
	paymentStatus: "paid",
	refundStatus: "none",
	...patch,
});

describe("orderStage", () => {
	it.each([
		[{ status: "unpaid", paymentStatus: "unpaid" }, "awaitingPayment"],
		[{ status: "unpaid", paymentStatus: "paying" }, "awaitingPayment"],
		[{ status: "new" }, "awaitingAcceptance"],
		[{ status: "in_production" }, "inProduction"],
		[{ status: "ready" }, "waitingPickup"],
		[{ status: "ready", orderType: "desk" }, "waitingPickup"],
		[{ status: "delivering", orderType: "takeout" }, "deliveryInProgress"],
		[{ status: "completed" }, "transactionComplete"],
		[{ status: "cancelled", paymentStatus: "unpaid" }, "cancelled"],
		[{ status: "cancelled", paymentStatus: "refunded" }, "cancelled"],
		[{ status: "rejected", paymentStatus: "refunded" }, "rejected"],
		[{ status: "completed", refundStatus: "requested" }, "refundInProgress"],
		[{ status: "in_production", refundStatus: "requested" }, "refundInProgress"],
		[{ status: "completed", refundStatus: "approved", paymentStatus: "refunded" }, "refunded"],
		[{ status: "refunded", refundStatus: "approved", paymentStatus: "refunded" }, "refunded"],
		[{ status: "completed", refundStatus: "rejected" }, "transactionComplete"],
	] as const)("%o → %s", (patch, stage) => {
		expect(orderStage(order(patch))).toBe(stage);
	});
});

describe("progress", () => {
	it("names the spec's stages per order type", () => {
		expect(progressSteps("takein")).toEqual(["inProduction", "waitingPickup", "pickedUp", "transactionComplete"]);
		expect(progressSteps("takeout")).toEqual([
			"inProduction",
			"deliveryInProgress",
			"delivered",
			"transactionComplete",
		]);
	});

	it("counts the steps reached", () => {
		expect(progressReached("new")).toBe(0);
		expect(progressReached("in_production")).toBe(1);
		expect(progressReached("ready")).toBe(2);
		expect(progressReached("delivering")).toBe(2);
		expect(progressReached("completed")).toBe(4);
	});

	it("shows no progress for unpaid orders and orders closed without completing", () => {
		for (const status of ["unpaid", "cancelled", "rejected", "refunded"] as const) {
			expect(progressReached(status)).toBeNull();
		}
	});
});

describe("what an order shows", () => {
	it("keeps unpaid, in-progress and refunding orders current", () => {
		expect(isCurrentOrder({ status: "unpaid", refundStatus: "none" })).toBe(true);
		expect(isCurrentOrder({ status: "ready", refundStatus: "none" })).toBe(true);
		expect(isCurrentOrder({ status: "completed", refundStatus: "requested" })).toBe(true);
		expect(isCurrentOrder({ status: "completed", refundStatus: "none" })).toBe(false);
		expect(isCurrentOrder({ status: "refunded", refundStatus: "approved" })).toBe(false);
		expect(isCurrentOrder({ status: "cancelled", refundStatus: "none" })).toBe(false);
	});

	it("counts unpaid orders and table-bill rounds not yet paid as pending payment", () => {
		expect(isPendingPayment({ status: "unpaid", paymentStatus: "unpaid", billId: null })).toBe(true);
		expect(isPendingPayment({ status: "in_production", paymentStatus: "unpaid", billId: 3 })).toBe(true);
		expect(isPendingPayment({ status: "in_production", paymentStatus: "paid", billId: 3 })).toBe(false);
		expect(isPendingPayment({ status: "cancelled", paymentStatus: "unpaid", billId: 3 })).toBe(false);
		expect(isPendingPayment({ status: "new", paymentStatus: "paid", billId: null })).toBe(false);
	});

	it("shows a pickup number only once the shop has the order, and never for a delivery", () => {
		expect(showsPickupNumber({ status: "unpaid", orderType: "takein" })).toBe(false);
		expect(showsPickupNumber({ status: "new", orderType: "takein" })).toBe(true);
		expect(showsPickupNumber({ status: "ready", orderType: "desk" })).toBe(true);
		expect(showsPickupNumber({ status: "in_production", orderType: "takeout" })).toBe(false);
		expect(showsPickupNumber({ status: "delivering", orderType: "takeout" })).toBe(false);
		expect(showsPickupNumber({ status: "cancelled", orderType: "takein" })).toBe(false);
	});

	it("counts down the payment window", () => {
		const now = Date.parse("2026-11-20T05:00:00Z");
		expect(paymentTimeLeft("2026-11-20T05:14:05Z", now)).toBe("14:05");
		expect(paymentTimeLeft("2026-11-20T05:00:01Z", now)).toBe("0:01");
		expect(paymentTimeLeft("2026-11-20T05:00:00Z", now)).toBeNull();
		expect(paymentTimeLeft(null, now)).toBeNull();
	});
});

describe("checkout attempt key", async () => {
	const { attemptKey, resetDraft } = await import("../pay/checkout-draft");
	it("keeps the key for the same request and makes a new one when it changes", () => {
		resetDraft();
		let n = 0;
		const next = () => `k${++n}`;
		expect(attemptKey({ a: 1 }, next)).toBe("k1");
		expect(attemptKey({ a: 1 }, next)).toBe("k1");
		expect(attemptKey({ a: 2 }, next)).toBe("k2");
		resetDraft();
		expect(attemptKey({ a: 2 }, next)).toBe("k3");
	});
});
