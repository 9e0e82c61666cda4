import type { BillEntry, BillPage, PayCodeView, RechargeMenu, RechargeView } from "@bayon/contract";
import { usdConfig } from "../../test/ordering-fixtures";
import { type RecordedAnswer, recordingServer } from "../../test/recording-server";

/** Fixtures of the member's stored-value tests (never imported by the app). */

export function rechargeMenu(extra: Partial<RechargeMenu> = {}): RechargeMenu {
	return {
		packages: [
			{ id: 1, name: "小试牛刀", payAmount: 5000, bonusAmount: 0 },
			{ id: 2, name: "超值之选", payAmount: 10000, bonusAmount: 1000 },
			{ id: 3, name: "尊享", payAmount: 50000, bonusAmount: 8000 },
		],
		agreement: "1. 储值余额不可退款、提现或转让。\n2. 储值不累计积分。",
		balance: 2500,
		bonusBalance: 0,
		...extra,
	};
}

export function rechargeView(extra: Partial<RechargeView> = {}): RechargeView {
	return {
		id: 55,
		status: "pending",
		payAmount: 10000,
		bonusAmount: 1000,
		packageName: "超值之选",
		createdAt: "2026-11-24T05:00:00.000Z",
		paidAt: null,
		...extra,
	};
}

export function payCode(code: string, balance = 2500): PayCodeView {
	return { code, expiresAt: new Date(Date.now() + 60_000).toISOString(), balance };
}

export function billEntry(id: number, extra: Partial<BillEntry> = {}): BillEntry {
	return {
		id,
		kind: "orderPayment",
		amount: -1200,
		balanceAfter: 2500,
		at: "2026-11-24T05:07:00.000Z",
		link: { kind: "order", id: 900 + id, orderNo: `B${1000 + id}` },
		...extra,
	};
}

export function billPage(list: BillEntry[], nextCursor: string | null, extra: Partial<BillPage> = {}): BillPage {
	return {
		list,
		nextCursor,
		balance: 2500,
		month: { month: "2026-11", in: 11000, out: 3450 },
		...extra,
	};
}

/**
 * Stubs fetch with answers per path (without /app-api); the app's configuration (USD) and the
 * live socket's ticket are answered unless given. Unknown paths answer an empty success.
 * Every call is recorded.
 */
export function storedValueServer(byPath: Record<string, RecordedAnswer>) {
	return recordingServer({
		"/system/config": { code: 0, data: usdConfig },
		"/infra/ws/ticket": () => ({ ticket: "ticket-1", expiresIn: 60 }),
		// The shop's rails (issue 29): with none set up, the sandbox.
		"/pay/methods": () => ({
			scene: "mobile_browser",
			methods: [{ method: "sandbox", state: "ready", currencies: ["USD"] }],
		}),
		...byPath,
	});
}
