import { describe, expect, it } from "vitest";
import type { StatementLine } from "../gateway.js";
import { compareStatement, missingAtRail, type OurPayment, type OurRefund } from "./compare.js";

const at = new Date("2026-12-07T04:00:00Z");
const pay = (id: string, amount: number, status: OurPayment["status"] = "succeeded"): OurPayment => ({
	id,
	status,
	amount,
	currency: "CNY",
	providerTxnId: `T-${id}`,
	decidedAt: at,
});
const refund = (
	id: string,
	paymentId: string,
	amount: number,
	status: OurRefund["status"] = "succeeded",
): OurRefund => ({
	id,
	paymentId,
	status,
	amount,
	currency: "CNY",
	providerRefundId: `R-${id}`,
	decidedAt: at,
});
const payLine = (paymentId: string, amount: number, extra: Partial<StatementLine> = {}): StatementLine => ({
	paymentId,
	providerTxnId: `T-${paymentId}`,
	kind: "payment",
	amount,
	currency: "CNY",
	status: "succeeded",
	at,
	...extra,
});
const refundLine = (refundId: string, paymentId: string, amount: number, extra: Partial<StatementLine> = {}) =>
	payLine(paymentId, amount, { kind: "refund", refundId, providerTxnId: `R-${refundId}`, ...extra });

function compare(ours: { payments: OurPayment[]; refunds?: OurRefund[] }, lines: StatementLine[]) {
	return compareStatement({
		lines,
		payments: new Map(ours.payments.map((p) => [p.id, p])),
		refunds: new Map((ours.refunds ?? []).map((r) => [r.id, r])),
		expected: {
			payments: ours.payments.filter((p) => p.status === "succeeded").map((p) => p.id),
			refunds: (ours.refunds ?? []).filter((r) => r.status === "succeeded").map((r) => r.id),
		},
	});
}

describe("compareStatement", () => {
	it("finds nothing when the statement lists exactly ours, a refunded payment and a refund included", () => {
		const result = compare({ payments: [pay("a", 100), pay("b", 250)], refunds: [refund("r1", "b", 50)] }, [
			payLine("a", 100),
			payLine("b", 250, { status: "refunded" }),
			refundLine("r1", "b", 50),
		]);
		expect(result.differences).toEqual([]);
		expect(result.unlisted).toEqual({ payments: [], refunds: [] });
	});

	it("flags another amount or currency, a status on one side only, and a payment we do not have", () => {
		const result = compare({ payments: [pay("a", 100), pay("b", 200), pay("c", 300, "pending"), pay("d", 5)] }, [
			payLine("a", 101),
			payLine("b", 200, { currency: "USD" }),
			payLine("c", 300),
			payLine("d", 5, { status: "declined" }),
			payLine("zz-foreign", 999),
			// Declined at the rail and unknown here: no money moved, nothing to look at.
			payLine("yy-foreign", 1, { status: "declined" }),
		]);
		expect(result.differences.map((d) => [d.kind, d.paymentId, d.ourAmount, d.railAmount])).toEqual([
			["amount_differs", "a", 100, 101],
			["amount_differs", "b", 200, 200],
			["status_differs", "c", 300, 300],
			["status_differs", "d", 5, 5],
			["missing_here", null, null, 999],
		]);
		expect(result.differences[1]?.detail).toMatchObject({ ourCurrency: "CNY", railCurrency: "USD" });
		expect(result.differences[2]?.detail).toMatchObject({ ourStatus: "pending", railStatus: "succeeded" });
		expect(result.differences[4]).toMatchObject({ railTradeNo: "T-zz-foreign", detail: { outTradeNo: "zz-foreign" } });
	});

	it("flags refunds that differ in amount or outcome, or that we do not know", () => {
		const result = compare(
			{
				payments: [pay("a", 100)],
				refunds: [refund("r1", "a", 30), refund("r2", "a", 20, "pending"), refund("r3", "a", 10)],
			},
			[
				payLine("a", 100),
				refundLine("r1", "a", 31),
				refundLine("r2", "a", 20),
				refundLine("r3", "a", 10, { status: "failed" }),
				refundLine("r9", "a", 7),
			],
		);
		expect(result.differences.map((d) => [d.kind, d.detail.refundId, d.detail.problem])).toEqual([
			["refund_differs", "r1", "amount"],
			["refund_differs", "r2", "status"],
			["refund_differs", "r3", "status"],
			["refund_differs", "r9", "unknown_here"],
		]);
		expect(result.differences[3]?.paymentId).toBe("a");
	});

	it("leaves ours that are not listed to the day before's statement, and flags them when it lacks them too", () => {
		const result = compare({ payments: [pay("a", 100), pay("late", 70)], refunds: [refund("r1", "a", 30)] }, [
			payLine("a", 100),
		]);
		expect(result.differences).toEqual([]);
		expect(result.unlisted.payments.map((p) => p.id)).toEqual(["late"]);
		expect(result.unlisted.refunds.map((r) => r.id)).toEqual(["r1"]);
		// The rail took "late" before midnight, we heard after: on the day before's statement.
		expect(missingAtRail(result.unlisted, [payLine("late", 70)]).map((d) => [d.kind, d.paymentId])).toEqual([
			["refund_differs", "a"],
		]);
		expect(missingAtRail(result.unlisted, []).map((d) => [d.kind, d.paymentId, d.railTradeNo])).toEqual([
			["missing_at_rail", "late", "T-late"],
			["refund_differs", "a", "R-r1"],
		]);
	});

	it("reads a payment listed twice once", () => {
		const result = compare({ payments: [pay("a", 100)] }, [payLine("a", 101), payLine("a", 101)]);
		expect(result.differences).toHaveLength(1);
	});
});
