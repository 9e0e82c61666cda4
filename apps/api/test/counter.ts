import { randomUUID } from "node:crypto";
import { type CounterTakeView, ErrorCode, type ShiftView } from "@bayon/contract";
import type { TestServer } from "./harness.js";

/**
 * A table's bill paid in cash at the counter (decision 029), the way the shop takes money at
 * its till: the staff member's shift is opened first (no float) unless one is open already, then
 * the amount due is taken, handed over exactly (a caller who may not open one is answered with
 * that refusal). `/merchant/bill/settle` no longer takes money: it only closes a bill with
 * nothing due.
 */
export async function takeBillInCash(
	server: TestServer,
	staffToken: string,
	bill: { billId: number; amount: number; shopId?: number },
) {
	const shopId = bill.shopId ?? 1;
	const opened = await server.call<ShiftView>("POST", "/app-api/merchant/counter/shift/open", {
		token: staffToken,
		body: { shopId, floatCash: 0 },
	});
	if (opened.code !== 0 && opened.code !== ErrorCode.ShiftAlreadyOpen)
		return { ...opened, data: undefined as unknown as CounterTakeView };
	return server.call<CounterTakeView>("POST", "/app-api/merchant/counter/take", {
		token: staffToken,
		headers: { "idempotency-key": randomUUID() },
		body: {
			shopId,
			purpose: "table_bill",
			purposeId: bill.billId,
			amount: bill.amount,
			method: "cash",
			tendered: bill.amount,
		},
	});
}
