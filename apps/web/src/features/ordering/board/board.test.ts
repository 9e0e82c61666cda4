import type { OrderView } from "@bayon/contract";
import { describe, expect, it } from "vitest";
import { boardGroupOf, groupBoard, needsAttention } from "./board";

type Row = Pick<OrderView, "id" | "status" | "refundStatus" | "createdAt" | "orderType" | "paymentStatus" | "billId">;

const order = (id: number, patch: Partial<Row> = {}): Row => ({
	id,
	status: "new",
	refundStatus: "none",
	paymentStatus: "paid",
	orderType: "takein",
	billId: null,
	createdAt: `2026-11-20T05:00:${String(id).padStart(2, "0")}Z`,
	...patch,
});

describe("merchant board grouping", () => {
	it("puts each active order in its column, oldest first, and leaves closed ones out", () => {
		const orders = [
			order(5, { status: "in_production" }),
			order(2),
			order(1),
			order(3, { status: "ready" }),
			order(4, { status: "delivering", orderType: "takeout" }),
			order(6, { status: "completed" }),
			order(7, { status: "rejected" }),
			order(8, { status: "unpaid", paymentStatus: "unpaid" }),
		];
		const groups = groupBoard(orders);
		expect(groups.new.map((o) => o.id)).toEqual([1, 2]);
		expect(groups.production.map((o) => o.id)).toEqual([5]);
		expect(groups.ready.map((o) => o.id)).toEqual([3, 4]);
		expect(groups.refunds).toEqual([]);
	});

	it("an open refund request goes to the refund column whatever the order's state", () => {
		expect(boardGroupOf(order(1, { status: "completed", refundStatus: "requested" }))).toBe("refunds");
		expect(boardGroupOf(order(2, { status: "in_production", refundStatus: "requested" }))).toBe("refunds");
		// A decided refund no longer needs the shop.
		expect(boardGroupOf(order(3, { status: "completed", refundStatus: "rejected" }))).toBeNull();
		expect(boardGroupOf(order(4, { status: "in_production", refundStatus: "rejected" }))).toBe("production");
	});

	it("takes a refunded order off the board", () => {
		expect(
			boardGroupOf(order(1, { status: "refunded", refundStatus: "approved", paymentStatus: "refunded" })),
		).toBeNull();
	});

	it("only paid orders waiting to be accepted ring", () => {
		expect(needsAttention(order(1))).toBe(true);
		expect(needsAttention(order(1, { paymentStatus: "unpaid" }))).toBe(false);
		// A dine-in round paid after the meal goes to the kitchen unpaid: it rings too.
		expect(needsAttention(order(1, { paymentStatus: "unpaid", orderType: "desk", billId: 7 }))).toBe(true);
		expect(needsAttention(order(1, { status: "in_production" }))).toBe(false);
	});
});
