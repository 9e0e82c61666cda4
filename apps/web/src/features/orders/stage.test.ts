import type { OrderView } from "@bayon/contract";
import { describe, expect, it } from "vitest";
import { isCurrentOrder, orderActions, orderStage, progressReached, progressSteps } from "./stage";

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
});

describe("isCurrentOrder and orderActions", () => {
	it("keeps unpaid, in-progress and refunding orders current", () => {
		expect(isCurrentOrder({ status: "unpaid", refundStatus: "none" })).toBe(true);
		expect(isCurrentOrder({ status: "ready", refundStatus: "none" })).toBe(true);
		expect(isCurrentOrder({ status: "completed", refundStatus: "requested" })).toBe(true);
		expect(isCurrentOrder({ status: "completed", refundStatus: "none" })).toBe(false);
		expect(isCurrentOrder({ status: "cancelled", refundStatus: "none" })).toBe(false);
	});

	it("offers the actions that fit the state", () => {
		expect(orderActions(order({ status: "unpaid", paymentStatus: "unpaid" }))).toEqual({
			pay: true,
			cancel: true,
			confirmReceived: false,
			refund: false,
		});
		expect(
			orderActions({ ...order({ status: "unpaid", paymentStatus: "unpaid" }), expiresAt: "2000-01-01T00:00:00Z" }).pay,
		).toBe(false);
		expect(orderActions(order({ status: "new" }))).toMatchObject({ cancel: true, refund: false });
		expect(orderActions(order({ status: "ready" }))).toMatchObject({
			cancel: false,
			confirmReceived: true,
			refund: true,
		});
		expect(orderActions(order({ status: "completed", refundStatus: "requested" })).refund).toBe(false);
		expect(orderActions(order({ status: "completed", refundStatus: "rejected" })).refund).toBe(true);
	});
});

describe("checkout attempt key", async () => {
	const { attemptKey, resetDraft } = await import("./checkout-draft");
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
