import { describe, expect, it } from "vitest";
import { canConfirmReceived, canRequestRefund, nextStatusForStaff } from "./state-rules.js";

describe("nextStatusForStaff", () => {
	it("walks a pickup order from new to completed", () => {
		expect(nextStatusForStaff("accept", "new", "takein")).toBe("in_production");
		expect(nextStatusForStaff("ready", "in_production", "takein")).toBe("ready");
		expect(nextStatusForStaff("complete", "ready", "takein")).toBe("completed");
	});

	it("sends a delivery out instead of marking it ready", () => {
		expect(nextStatusForStaff("ready", "in_production", "takeout")).toBeNull();
		expect(nextStatusForStaff("dispatch", "in_production", "takeout")).toBe("delivering");
		expect(nextStatusForStaff("dispatch", "in_production", "desk")).toBeNull();
		expect(nextStatusForStaff("complete", "delivering", "takeout")).toBe("completed");
	});

	it("refuses steps out of order, and anything on unpaid or closed orders", () => {
		expect(nextStatusForStaff("accept", "unpaid", "takein")).toBeNull();
		expect(nextStatusForStaff("complete", "new", "takein")).toBeNull();
		expect(nextStatusForStaff("accept", "in_production", "takein")).toBeNull();
		for (const action of ["accept", "ready", "dispatch", "complete", "reject"] as const) {
			expect(nextStatusForStaff(action, "cancelled", "takein")).toBeNull();
			expect(nextStatusForStaff(action, "completed", "takein")).toBeNull();
		}
	});

	it("only rejects orders the shop has not accepted yet", () => {
		expect(nextStatusForStaff("reject", "new", "desk")).toBe("rejected");
		expect(nextStatusForStaff("reject", "in_production", "desk")).toBeNull();
	});
});

describe("customer steps", () => {
	it("confirms receipt only when ready or on the way", () => {
		expect(canConfirmReceived("ready")).toBe(true);
		expect(canConfirmReceived("delivering")).toBe(true);
		expect(canConfirmReceived("in_production")).toBe(false);
	});

	it("asks for a refund only on accepted, paid orders, again after a rejection", () => {
		const paid = { paymentStatus: "paid", refundStatus: "none" };
		expect(canRequestRefund({ ...paid, status: "in_production" })).toBe(true);
		expect(canRequestRefund({ ...paid, status: "completed" })).toBe(true);
		expect(canRequestRefund({ ...paid, status: "new" })).toBe(false);
		expect(canRequestRefund({ ...paid, status: "ready", refundStatus: "requested" })).toBe(false);
		expect(canRequestRefund({ ...paid, status: "ready", refundStatus: "rejected" })).toBe(true);
		expect(canRequestRefund({ status: "ready", paymentStatus: "refunded", refundStatus: "approved" })).toBe(false);
	});
});
