import { type DiscrepancyPage, type DiscrepancyView, ErrorCode, type StatementRunsAnswer } from "@bayon/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../../../../test/harness.js";
import {
	beijing,
	line,
	paymentAt,
	refundAt,
	StatementRail,
	setUpRail,
	statementRails,
} from "../../../../test/statement-rail.js";
import { flagDiscrepancy } from "./flags.js";
import { reconcileRailStatements } from "./job.js";

/**
 * The daily reconciliation (issue 29 item 8) and the operator's list of differences, through the
 * real server and database: a small rail that only has a statement (test/statement-rail.ts)
 * stands for the provider; our payments and refunds are rows as checkouts and refunds leave them.
 */
let server: TestServer;
let operator: { accessToken: string; userId: number };
let customer: { accessToken: string; userId: number };
const wechat = new StatementRail("wechat");
const alipay = new StatementRail("alipay");
const rails = statementRails(wechat, alipay);

/** 11:00 in Beijing on 8 December: the bills of the 7th are out. */
const MORNING = beijing("2026-12-08 11:00");

const ids: Record<string, string> = {};

beforeAll(async () => {
	server = await startTestServer();
	server.clock.set(MORNING);
	operator = await server.signIn("13900002901");
	customer = await server.signIn("13900002902");
	await server.deps.db.insertInto("platform_operator").values({ tenant_id: 1, member_id: operator.userId }).execute();
	await server.deps.db
		.updateTable("member")
		.set({ nickname: "Operator Dara" })
		.where("id", "=", operator.userId)
		.execute();
	await setUpRail(server, "wechat", beijing("2026-12-05 09:00"));

	// The 7th, Beijing time.
	const fine = await paymentAt(server, { rail: "wechat", amount: 1000, decidedAt: beijing("2026-12-07 10:00") });
	const otherAmount = await paymentAt(server, { rail: "wechat", amount: 2000, decidedAt: beijing("2026-12-07 12:00") });
	const notAtRail = await paymentAt(server, { rail: "wechat", amount: 3000, decidedAt: beijing("2026-12-07 13:00") });
	const pendingHere = await paymentAt(server, {
		rail: "wechat",
		amount: 4000,
		status: "pending",
		decidedAt: beijing("2026-12-07 14:00"),
	});
	// Paid at the rail at 23:59 on the 6th, heard of at 00:02 on the 7th: on the 6th's statement.
	const afterMidnight = await paymentAt(server, {
		rail: "wechat",
		amount: 500,
		decidedAt: beijing("2026-12-07 00:02"),
	});
	// Heard of at 23:58 on the 7th: counts on the 8th (not reconciled yet), not missing on the 7th.
	const nearMidnight = await paymentAt(server, { rail: "wechat", amount: 600, decidedAt: beijing("2026-12-07 23:58") });
	const refunded = await refundAt(server, {
		rail: "wechat",
		paymentId: fine.id,
		amount: 500,
		decidedAt: beijing("2026-12-07 16:00"),
	});
	const refundedOther = await refundAt(server, {
		rail: "wechat",
		paymentId: otherAmount.id,
		amount: 300,
		decidedAt: beijing("2026-12-07 16:10"),
	});
	const refundPending = await refundAt(server, {
		rail: "wechat",
		paymentId: otherAmount.id,
		amount: 100,
		status: "pending",
		decidedAt: beijing("2026-12-07 16:20"),
	});
	Object.assign(ids, {
		fine: fine.id,
		otherAmount: otherAmount.id,
		notAtRail: notAtRail.id,
		pendingHere: pendingHere.id,
		afterMidnight: afterMidnight.id,
		nearMidnight: nearMidnight.id,
	});
	wechat.lines.set("2026-12-06", [line({ paymentId: afterMidnight.id, amount: 500, at: beijing("2026-12-06 23:59") })]);
	wechat.lines.set("2026-12-07", [
		line({ paymentId: fine.id, amount: 1000, at: beijing("2026-12-07 09:59") }),
		line({ paymentId: otherAmount.id, amount: 2100, at: beijing("2026-12-07 11:59") }),
		line({ paymentId: pendingHere.id, amount: 4000, at: beijing("2026-12-07 13:59") }),
		line({
			paymentId: '=HYPERLINK("http://evil.example")',
			providerTxnId: "+4200000001",
			amount: 777,
			at: beijing("2026-12-07 15:00"),
		}),
		line({ paymentId: fine.id, kind: "refund", refundId: refunded, amount: 500, at: beijing("2026-12-07 15:59") }),
		line({
			paymentId: otherAmount.id,
			kind: "refund",
			refundId: refundedOther,
			amount: 200,
			at: beijing("2026-12-07 16:09"),
		}),
		line({
			paymentId: otherAmount.id,
			kind: "refund",
			refundId: refundPending,
			amount: 100,
			at: beijing("2026-12-07 16:19"),
		}),
	]);
});

afterAll(async () => {
	await server?.close();
});

async function flags() {
	return server.deps.db
		.selectFrom("payment_discrepancy")
		.select(["kind", "payment_id", "statement_date", "our_amount", "rail_amount", "rail_trade_no", "detail"])
		.where("statement_date", "is not", null)
		.orderBy("id")
		.execute();
}

async function runs(rail: "wechat" | "alipay") {
	return server.deps.db
		.selectFrom("payment_statement_run")
		.selectAll()
		.where("rail", "=", rail)
		.orderBy("statement_date")
		.execute();
}

describe("the daily reconciliation", () => {
	it("waits for the rail's bill of yesterday until the morning", async () => {
		const tally = await reconcileRailStatements(server.deps, { now: beijing("2026-12-08 09:00"), gatewayOf: rails });
		// The 5th (set up) and the 6th; the 7th's bill is not out before 10:00.
		expect(tally).toEqual({ done: 2, failed: 0, differences: 0 });
		expect((await runs("wechat")).map((run) => [run.statement_date, run.status])).toEqual([
			["2026-12-05", "done"],
			["2026-12-06", "done"],
		]);
		expect(wechat.asked).toEqual(["2026-12-05", "2026-12-06"]);
	});

	it("compares yesterday's statement with our payments and refunds and flags each difference once", async () => {
		wechat.asked.length = 0;
		const tally = await reconcileRailStatements(server.deps, { now: MORNING, gatewayOf: rails });
		expect(tally).toEqual({ done: 1, failed: 0, differences: 6 });
		// Something of ours was not on the 7th's statement: the 6th's was read too.
		expect(wechat.asked).toEqual(["2026-12-07", "2026-12-06"]);
		const found = await flags();
		expect(found.map((flag) => [flag.kind, flag.payment_id, flag.our_amount, flag.rail_amount])).toEqual([
			["amount_differs", ids.otherAmount, 2000, 2100],
			["status_differs", ids.pendingHere, 4000, 4000],
			["missing_here", null, null, 777],
			["refund_differs", ids.otherAmount, 300, 200],
			["refund_differs", ids.otherAmount, 100, 100],
			["missing_at_rail", ids.notAtRail, 3000, null],
		]);
		expect(found.every((flag) => flag.statement_date === "2026-12-07")).toBe(true);
		const run = (await runs("wechat")).find((row) => row.statement_date === "2026-12-07");
		// Ours of the day: four succeeded payments (the one heard of at 23:58 counts on the 8th) and two refunds.
		expect(run).toMatchObject({ status: "done", our_count: 6, rail_count: 7, differences: 6, last_error: null });
	});

	it("finds nothing new on a second run, nor when the day is reconciled again", async () => {
		wechat.asked.length = 0;
		expect(await reconcileRailStatements(server.deps, { now: MORNING, gatewayOf: rails })).toEqual({
			done: 0,
			failed: 0,
			differences: 0,
		});
		expect(wechat.asked).toEqual([]);
		// Reconciled again from scratch (its run forgotten): the same six, flagged once.
		await server.deps.db.deleteFrom("payment_statement_run").where("statement_date", "=", "2026-12-07").execute();
		expect(await reconcileRailStatements(server.deps, { now: MORNING, gatewayOf: rails })).toMatchObject({
			done: 1,
			differences: 6,
		});
		expect(await flags()).toHaveLength(6);
	});

	it("takes over a run whose server went quiet for an hour, not one still working", async () => {
		await server.deps.db
			.updateTable("payment_statement_run")
			.set({ status: "running", started_at: beijing("2026-12-08 10:30"), finished_at: null })
			.where("statement_date", "=", "2026-12-06")
			.execute();
		wechat.asked.length = 0;
		await reconcileRailStatements(server.deps, { now: MORNING, gatewayOf: rails });
		expect(wechat.asked).toEqual([]);
		await reconcileRailStatements(server.deps, { now: beijing("2026-12-08 11:31"), gatewayOf: rails });
		expect(wechat.asked).toEqual(["2026-12-06"]);
		expect((await runs("wechat")).find((row) => row.statement_date === "2026-12-06")?.status).toBe("done");
	});

	it("marks a rail that cannot be read failed with its error, and tries it again half an hour later", async () => {
		await setUpRail(server, "alipay", beijing("2026-12-07 08:00"));
		alipay.failWith = "bill not ready: try later";
		const first = await reconcileRailStatements(server.deps, { now: MORNING, gatewayOf: rails });
		expect(first).toEqual({ done: 0, failed: 1, differences: 0 });
		expect(await runs("alipay")).toEqual([
			expect.objectContaining({
				statement_date: "2026-12-07",
				status: "failed",
				last_error: "bill not ready: try later",
			}),
		]);
		alipay.asked.length = 0;
		await reconcileRailStatements(server.deps, { now: beijing("2026-12-08 11:20"), gatewayOf: rails });
		expect(alipay.asked).toEqual([]);
		alipay.failWith = null;
		server.clock.set(beijing("2026-12-08 11:31"));
		const later = await reconcileRailStatements(server.deps, { now: beijing("2026-12-08 11:31"), gatewayOf: rails });
		expect(later).toEqual({ done: 1, failed: 0, differences: 0 });
		expect(await runs("alipay")).toEqual([
			expect.objectContaining({ statement_date: "2026-12-07", status: "done", last_error: null }),
		]);
	});

	it("fails the run of a rail set up whose gateway gives no statement", async () => {
		await setUpRail(server, "khqr", beijing("2026-12-07 08:00"));
		const tally = await reconcileRailStatements(server.deps, { now: beijing("2026-12-08 11:32"), gatewayOf: rails });
		expect(tally.failed).toBe(1);
		expect(
			await server.deps.db.selectFrom("payment_statement_run").selectAll().where("rail", "=", "khqr").execute(),
		).toEqual([
			expect.objectContaining({
				status: "failed",
				last_error: "the khqr rail is not set up or its settings cannot be used",
			}),
		]);
	});
});

describe("flagDiscrepancy", () => {
	it("flags a thing once however often it is found, and links only a payment of ours", async () => {
		const at = server.clock.now();
		const payment = await paymentAt(server, { rail: "wechat", amount: 900, decidedAt: at });
		const flag = {
			tenantId: 1,
			rail: "wechat" as const,
			kind: "amount_mismatch" as const,
			paymentId: payment.id,
			ourAmount: 900,
			railAmount: 9,
			detail: { railCurrency: "CNY" },
			at,
		};
		expect(await flagDiscrepancy(server.deps.db, flag)).toBe(true);
		expect(await flagDiscrepancy(server.deps.db, flag)).toBe(false);
		// A payment of the callback's that is none of ours (a foreign merchant's) is kept in the detail.
		expect(await flagDiscrepancy(server.deps.db, { ...flag, kind: "merchant_mismatch", paymentId: "not-a-uuid" })).toBe(
			true,
		);
		const rows = await server.deps.db
			.selectFrom("payment_discrepancy")
			.select(["kind", "payment_id", "detail"])
			.where("kind", "in", ["amount_mismatch", "merchant_mismatch"])
			.orderBy("id")
			.execute();
		expect(rows).toEqual([
			{ kind: "amount_mismatch", payment_id: payment.id, detail: { railCurrency: "CNY" } },
			{ kind: "merchant_mismatch", payment_id: null, detail: { railCurrency: "CNY", namedPaymentId: "not-a-uuid" } },
		]);
	});
});

describe("the operator's list", () => {
	const asOperator = (lang = "en") => ({ token: operator.accessToken, lang });

	beforeAll(async () => {
		// The clock moved past the first sessions' access tokens.
		operator = await server.signIn("13900002901");
		customer = await server.signIn("13900002902");
	});

	it("is for platform operators only", async () => {
		for (const [method, path, body] of [
			["GET", "/app-api/platform/payments/discrepancies", undefined],
			["POST", "/app-api/platform/payments/discrepancies/resolve", { id: 1, note: "x" }],
			["GET", "/app-api/platform/payments/discrepancies.csv", undefined],
			["GET", "/app-api/platform/payments/statement-runs", undefined],
		] as const) {
			const answer = await server.call(method, path, { token: customer.accessToken, body });
			expect(answer.code, path).toBe(ErrorCode.NotPlatformOperator);
			expect((await server.call(method, path, { body })).code, path).toBe(ErrorCode.Unauthorized);
		}
	});

	it("lists the open differences with their payment, what it paid for, both amounts and when found, per rail", async () => {
		const page = await server.call<DiscrepancyPage>(
			"GET",
			"/app-api/platform/payments/discrepancies?rail=wechat",
			asOperator(),
		);
		expect(page.code).toBe(0);
		expect(page.data.total).toBe(8);
		const amount = page.data.list.find((row) => row.kind === "amount_differs");
		expect(amount).toMatchObject({
			rail: "wechat",
			paymentId: ids.otherAmount,
			purpose: "order",
			purposeId: 1,
			ourAmount: 2000,
			railAmount: 2100,
			currency: "CNY",
			statementDate: "2026-12-07",
			resolvedAt: null,
		});
		expect(new Date(amount?.foundAt ?? "").toISOString()).toBe(amount?.foundAt);
		const alipayOnly = await server.call<DiscrepancyPage>(
			"GET",
			"/app-api/platform/payments/discrepancies?rail=alipay",
			asOperator(),
		);
		expect(alipayOnly.data).toMatchObject({ total: 0, list: [] });
		const wrong = await server.call("GET", "/app-api/platform/payments/discrepancies?status=closed", asOperator());
		expect(wrong.code).toBe(ErrorCode.BadRequest);
	});

	it("resolves one with the operator's note once; again is refused with who did, and nothing changes", async () => {
		const open = await server.call<DiscrepancyPage>("GET", "/app-api/platform/payments/discrepancies", asOperator());
		const target = open.data.list.find((row) => row.kind === "missing_at_rail") as DiscrepancyView;
		const empty = await server.call("POST", "/app-api/platform/payments/discrepancies/resolve", {
			...asOperator(),
			body: { id: target.id, note: "   " },
		});
		expect(empty.code).toBe(ErrorCode.BadRequest);
		const resolved = await server.call<DiscrepancyView>("POST", "/app-api/platform/payments/discrepancies/resolve", {
			...asOperator(),
			body: { id: target.id, note: "WeChat support: paid on the 8th's bill" },
		});
		expect(resolved.code).toBe(0);
		expect(resolved.data).toMatchObject({
			id: target.id,
			resolvedBy: { id: operator.userId, name: "Operator Dara" },
			resolutionNote: "WeChat support: paid on the 8th's bill",
		});
		expect(resolved.data.resolvedAt).toBe(server.clock.now().toISOString());
		const again = await server.call<DiscrepancyView>("POST", "/app-api/platform/payments/discrepancies/resolve", {
			...asOperator("zh-CN"),
			body: { id: target.id, note: "second time" },
		});
		expect(again.code).toBe(ErrorCode.DiscrepancyAlreadyResolved);
		expect(again.msg).toBe("这条差异已由 Operator Dara 处理过了，无需再处理");
		expect(again.data.resolutionNote).toBe("WeChat support: paid on the 8th's bill");
		const unknown = await server.call("POST", "/app-api/platform/payments/discrepancies/resolve", {
			...asOperator(),
			body: { id: 999_999, note: "x" },
		});
		expect(unknown.code).toBe(ErrorCode.NotFound);

		const resolvedList = await server.call<DiscrepancyPage>(
			"GET",
			"/app-api/platform/payments/discrepancies?status=resolved",
			asOperator(),
		);
		expect(resolvedList.data.list.map((row) => row.id)).toEqual([target.id]);
		const openNow = await server.call<DiscrepancyPage>("GET", "/app-api/platform/payments/discrepancies", asOperator());
		expect(openNow.data.total).toBe(open.data.total - 1);
		// A second reconciliation of that day does not bring it back.
		await server.deps.db.deleteFrom("payment_statement_run").where("statement_date", "=", "2026-12-07").execute();
		await reconcileRailStatements(server.deps, { now: beijing("2026-12-08 11:40"), gatewayOf: rails });
		const afterRerun = await server.call<DiscrepancyPage>(
			"GET",
			"/app-api/platform/payments/discrepancies",
			asOperator(),
		);
		expect(afterRerun.data.total).toBe(open.data.total - 1);
	});

	it("pages twenty at a time", async () => {
		const at = server.clock.now();
		for (let n = 0; n < 25; n += 1)
			await flagDiscrepancy(server.deps.db, {
				tenantId: 1,
				rail: "sandbox",
				kind: "paid_twice",
				railTradeNo: `S-${n}`,
				detail: {},
				at,
			});
		const second = await server.call<DiscrepancyPage>(
			"GET",
			"/app-api/platform/payments/discrepancies?rail=sandbox&page=2",
			asOperator(),
		);
		expect(second.data).toMatchObject({ total: 25, page: 2, pageSize: 20 });
		expect(second.data.list).toHaveLength(5);
	});

	it("exports the open ones as CSV with a BOM, in the caller's language, every outside field inert", async () => {
		const response = await fetch(`${server.url}/app-api/platform/payments/discrepancies.csv?rail=wechat`, {
			headers: {
				"tenant-id": "1",
				"shop-key": "bayon-demo",
				"x-lang": "zh-CN",
				authorization: `Bearer ${operator.accessToken}`,
			},
		});
		expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
		expect(response.headers.get("content-disposition")).toBe(
			'attachment; filename="payment-differences-wechat-2026-12-08.csv"',
		);
		const bytes = new Uint8Array(await response.arrayBuffer());
		expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
		const text = new TextDecoder().decode(bytes.slice(3));
		const rows = text.split("\r\n").filter((row) => row !== "");
		expect(rows[0]).toBe(
			"编号,发现时间（Asia/Shanghai）,渠道,类型,支付单号,用途,渠道交易号,对账日期,我方金额,渠道金额,币种,详情",
		);
		// The six of the 7th, less the one resolved, and the callback flags of this file.
		expect(rows).toHaveLength(1 + 5 + 2);
		const amountRow = rows.find((row) => row.includes("金额不一致"));
		expect(amountRow).toContain(`,${ids.otherAmount},order #1,`);
		expect(amountRow).toContain(",2026-12-07,20.00,21.00,CNY,");
		// The foreign line's trade number and the detail naming its out_trade_no start with + and =: made text.
		const foreign = rows.find((row) => row.includes("我方缺少")) ?? "";
		expect(foreign).toContain(",'+4200000001,");
		expect(foreign).not.toMatch(/,=|,"=/);
		expect(foreign).toContain("HYPERLINK");
	});

	it("lists each rail's last statement runs with their failures", async () => {
		await server.deps.db
			.updateTable("payment_statement_run")
			.set({ status: "failed", last_error: "=cmd|' /C calc'!A0" })
			.where("rail", "=", "alipay")
			.execute();
		const answer = await server.call<StatementRunsAnswer>(
			"GET",
			"/app-api/platform/payments/statement-runs",
			asOperator(),
		);
		expect(answer.code).toBe(0);
		expect(answer.data.rails.map((rail) => [rail.rail, rail.timeZone, rail.runs.length])).toEqual([
			["wechat", "Asia/Shanghai", 3],
			["alipay", "Asia/Shanghai", 1],
			["khqr", "Asia/Phnom_Penh", 1],
		]);
		expect(answer.data.rails[0]?.runs[0]).toMatchObject({
			statementDate: "2026-12-07",
			status: "done",
			ourCount: 6,
			railCount: 7,
			differences: 6,
		});
		expect(answer.data.rails[1]?.runs[0]).toMatchObject({ status: "failed", lastError: "=cmd|' /C calc'!A0" });
	});
});
