import {
	type ApiEnvelope,
	ErrorCode,
	formatMessage,
	type OrderView,
	type PlatformSettings,
	type PlatformShopWallets,
	type StatementKind,
	type StatementLine,
	SUPPORTED_LANGUAGES,
	type WalletDailyEarnings,
	type WalletStatementPage,
	type WalletSummary,
} from "@bayon/contract";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { startTestServer, type TestServer } from "../../../../test/harness.js";
import { expectLedgerInvariants } from "../../../../test/ledger-invariants.js";
import { OrderingFixture } from "../../../../test/ordering.js";
import { insertOtherTenantShop } from "../../../../test/other-tenant.js";
import { addDays, fromLocalMoment, toLocalMoment } from "../../venues/hours.js";
import { type AccountRef, accountId, type LedgerMove, postLedgerTxn } from "../../wallet/ledger.js";
import { EXPORT_MAX_LINES, formatLocalTime, formatMinorUnits } from "./statement-csv.js";

/**
 * The wallet's read side (issue 14, decision 023) over HTTP: the owner's wallet, statement,
 * 30-day chart and CSV export, and the platform operator's calls. One story on the demo shop
 * (Phnom Penh, UTC+7) whose clock only moves forward, so ledger ids follow time as in production.
 *
 * Orders are paid and refunded through the product. Settlements, commissions and withdrawals
 * are posted here as the ledger transactions decision 023 describes, with postLedgerTxn:
 * the statement only reads what the ledger holds, whoever posted it (earnings.test.ts and
 * withdrawals.test.ts tell those flows end to end). These direct moves skip shop_earning and
 * withdrawal bookkeeping, so this file checks the ledger's own invariants only (`ledgerOnly`).
 */

const ZONE = "Asia/Phnom_Penh";
const formatLocalTimeOf = (instant: Date) => formatLocalTime(instant, ZONE);
const COCONUT = "Fresh young coconut";
const OWNER = "13800000001";
const STAFF = "13800000002";
const CUSTOMER = "13800000003";
const MANAGER = "13900007001";
const OTHER_OWNER = "13900007002";
const OPERATOR = "13900007009";
const STRANGER = "13900007010";

let server: TestServer;
let fx: OrderingFixture;
/** The story's first local day. */
let day0: string;
let otherTenantShop: number;

beforeAll(async () => {
	// The story signs the same people in again as its clock moves on by days.
	server = await startTestServer({
		limits: { smsResendSeconds: 0, smsPerPhoneInWindow: 1000, smsPerPhonePerDay: 1000 },
	});
	fx = await new OrderingFixture(server).load();
	day0 = addDays(toLocalMoment(server.clock.now(), ZONE).date, 2);
	otherTenantShop = await insertOtherTenantShop(server, {
		code: "other-wallet",
		name: { "zh-CN": "别家", en: "Elsewhere" },
		at: { lat: 11.56, lng: 104.92 },
	});
});
afterAll(async () => {
	await server?.close();
});

const at = (date: string, hhmm: string) => {
	const [h, m] = hhmm.split(":").map(Number) as [number, number];
	return fromLocalMoment(date, h * 60 + m, ZONE);
};
const day = (offset: number) => addDays(day0, offset);

const sessions = new Map<string, { token: string; userId: number; signedInAt: number }>();
/** A session valid at the server's current clock (they live 15 minutes of it). */
async function as(mobile: string): Promise<{ token: string; userId: number }> {
	const now = server.clock.now().getTime();
	const known = sessions.get(mobile);
	if (known && Math.abs(now - known.signedInAt) < 10 * 60_000) return known;
	const session = await server.signIn(mobile);
	const fresh = { token: session.accessToken, userId: session.userId, signedInAt: now };
	sessions.set(mobile, fresh);
	return fresh;
}

async function get<T>(mobile: string, path: string, lang?: string): Promise<ApiEnvelope<T>> {
	return server.call<T>("GET", `/app-api${path}`, { token: (await as(mobile)).token, lang });
}

const shopRefs = (shopId: number) => ({
	pending: { kind: "shop_revenue", tenantId: 1, shopId } as const,
	available: { kind: "shop_available", tenantId: 1, shopId } as const,
	withdrawing: { kind: "shop_withdrawing", tenantId: 1, shopId } as const,
});
const SHOP = shopRefs(1);
const COMMISSION: AccountRef = { kind: "platform_commission", tenantId: 1 };
const PAYOUTS: AccountRef = { kind: "shop_payouts", tenantId: 1 };
const OUTSIDE: AccountRef = { kind: "external_funds", tenantId: 1 };
const HOLD: AccountRef = { kind: "reservation_hold", tenantId: 1 };

let keys = 0;
/** A ledger transaction dated `now`, as the settlement job or the withdrawal calls would post it. */
async function post(
	kind: Parameters<typeof postLedgerTxn>[1]["kind"],
	now: Date,
	moves: LedgerMove[],
	links: { orderId?: number; withdrawalId?: number; shopEarningId?: number } = {},
): Promise<number> {
	const id = await server.deps.db.transaction().execute((trx) =>
		postLedgerTxn(trx, {
			tenantId: 1,
			kind,
			idempotencyKey: `wallet-test:${kind}:${++keys}`,
			orderId: links.orderId ?? null,
			withdrawalId: links.withdrawalId ?? null,
			shopEarningId: links.shopEarningId ?? null,
			now,
			moves,
		}),
	);
	if (id === null) throw new Error("posted twice");
	return id;
}

/** The shop's three balances as the ledger's accounts hold them. */
async function ledgerBalances(shopId: number) {
	const rows = await server.deps.db
		.selectFrom("ledger_account")
		.select(["kind", "balance"])
		.where("shop_id", "=", shopId)
		.where("kind", "in", ["shop_revenue", "shop_available", "shop_withdrawing"])
		.execute();
	const of = (kind: string) => rows.find((row) => row.kind === kind)?.balance ?? 0;
	return { pending: of("shop_revenue"), available: of("shop_available"), withdrawing: of("shop_withdrawing") };
}

async function ledgerAccountBalance(id: number) {
	return (
		await server.deps.db.selectFrom("ledger_account").select("balance").where("id", "=", id).executeTakeFirstOrThrow()
	).balance;
}

async function txnOf(orderId: number, kind: "order_payment" | "order_refund"): Promise<number> {
	const row = await server.deps.db
		.selectFrom("ledger_txn")
		.select("id")
		.where("order_id", "=", orderId)
		.where("kind", "=", kind)
		.executeTakeFirstOrThrow();
	return row.id;
}

let cardId: number | null = null;
/** A withdrawal row for the ledger moves to name (the withdrawal calls are built elsewhere). */
async function withdrawalRow(amount: number, now: Date): Promise<number> {
	const owner = await as(OWNER);
	if (cardId === null) {
		const card = await server.deps.db
			.insertInto("shop_bank_card")
			.values({
				tenant_id: 1,
				shop_id: 1,
				holder: "Sok Dara",
				bank: "ABA",
				last4: "4321",
				number_encrypted: "test-only",
				number_hmac: "test-only",
				added_by_member_id: owner.userId,
				created_at: now,
			})
			.returning("id")
			.executeTakeFirstOrThrow();
		cardId = card.id;
	}
	const row = await server.deps.db
		.insertInto("shop_withdrawal")
		.values({
			tenant_id: 1,
			shop_id: 1,
			card_id: cardId,
			amount,
			requested_by_member_id: owner.userId,
			created_at: now,
			updated_at: now,
		})
		.returning("id")
		.executeTakeFirstOrThrow();
	return row.id;
}

type Expected = Omit<StatementLine, "createdAt" | "orderNo"> & { createdAt: Date; orderNo?: string | null };
/** The story's lines, oldest first, as the statement must show them. */
const story: Expected[] = [];
function expectLine(
	id: number,
	kind: StatementKind,
	createdAt: Date,
	change: { available?: number; pending?: number; withdrawing?: number },
	links: { orderId?: number; orderNo?: string; withdrawalId?: number } = {},
) {
	const availableChange = change.available ?? 0;
	const pendingChange = change.pending ?? 0;
	const withdrawingChange = change.withdrawing ?? 0;
	story.push({
		id,
		kind,
		amount: availableChange + pendingChange + withdrawingChange,
		availableChange,
		pendingChange,
		withdrawingChange,
		orderId: links.orderId ?? null,
		orderNo: links.orderNo ?? null,
		withdrawalId: links.withdrawalId ?? null,
		createdAt,
	});
}
const asShown = (line: Expected): StatementLine => ({
	...line,
	orderNo: line.orderNo ?? null,
	createdAt: line.createdAt.toISOString(),
});
/** Net of a local day as the wallet counts it: withdrawals left out. */
const netOf = (date: string) =>
	story
		.filter((line) => toLocalMoment(line.createdAt, ZONE).date === date)
		.filter((line) => !["withdrawal", "withdrawalReturned", "withdrawalPaid"].includes(line.kind))
		.reduce((sum, line) => sum + line.amount, 0);

let orderA: OrderView;
let orderB: OrderView;
let returnedId: number;
let paidId: number;
const REJECT_REASON = 'Name on card is "Sok, D."\nplease add the full name';
const BANK_REFERENCE = "=HYPERLINK(1)";

async function readCsv(query: string, lang: string, mobile = OWNER) {
	const response = await fetch(`${server.url}/app-api/merchant/wallet/export?${query}`, {
		headers: {
			"tenant-id": "1",
			"shop-key": "bayon-demo",
			"x-lang": lang,
			authorization: `Bearer ${(await as(mobile)).token}`,
		},
	});
	const bytes = new Uint8Array(await response.arrayBuffer());
	return { response, bytes, text: new TextDecoder("utf-8", { ignoreBOM: true }).decode(bytes) };
}

describe("the shop's wallet, read from the ledger", () => {
	it("books the story: orders paid and refunded through the product, the rest as ledger moves", async () => {
		// The day before: a counter payment the 30-day chart will have left behind.
		const early = await post("counter_payment", at(day(-1), "12:00"), [
			{ account: OUTSIDE, amount: -700 },
			{ account: SHOP.pending, amount: 700 },
		]);
		expectLine(early, "counterEarned", at(day(-1), "12:00"), { pending: 700 });

		server.clock.set(at(day(0), "12:00"));
		const customer = await as(CUSTOMER);
		await fx.grant(customer.userId, 50_000);
		// The first order stays pending all along; order A (three coconuts) settles later.
		const firstOrder = await fx.paidOrder(customer.token, COCONUT);
		expectLine(
			await txnOf(firstOrder.id, "order_payment"),
			"orderEarned",
			at(day(0), "12:00"),
			{ pending: firstOrder.total },
			{ orderId: firstOrder.id, orderNo: firstOrder.orderNo },
		);
		const placedA = await fx.place(customer.token, { lines: [fx.line(COCONUT, 3)] });
		expect((await fx.pay(customer.token, placedA.data.id)).code).toBe(0);
		orderA = placedA.data;
		expectLine(
			await txnOf(orderA.id, "order_payment"),
			"orderEarned",
			at(day(0), "12:00"),
			{ pending: orderA.total },
			{ orderId: orderA.id, orderNo: orderA.orderNo },
		);
		expect(orderA.total).toBeGreaterThan(500);

		orderB = await fx.paidOrder(customer.token, COCONUT);
		expectLine(
			await txnOf(orderB.id, "order_payment"),
			"orderEarned",
			at(day(0), "12:00"),
			{ pending: orderB.total },
			{ orderId: orderB.id, orderNo: orderB.orderNo },
		);
		const rejected = await server.call<OrderView>("POST", "/app-api/merchant/order/action", {
			token: (await as(STAFF)).token,
			body: { orderId: orderB.id, action: "reject", reason: "Out of coconuts" },
		});
		expect(rejected.data).toMatchObject({ status: "rejected", paymentStatus: "refunded" });
		expectLine(
			await txnOf(orderB.id, "order_refund"),
			"refund",
			at(day(0), "12:00"),
			{ pending: -orderB.total },
			{ orderId: orderB.id, orderNo: orderB.orderNo },
		);

		// Order A settles: pending → available, the settlement naming only its earning (the
		// statement finds the order through it), then the commission out of available.
		const earning = await server.deps.db
			.insertInto("shop_earning")
			.values({
				tenant_id: 1,
				shop_id: 1,
				source: "order",
				order_id: orderA.id,
				gross: orderA.total,
				commission: 50,
				created_at: at(day(0), "12:00"),
			})
			.returning("id")
			.executeTakeFirstOrThrow();
		const links = { orderId: orderA.id, orderNo: orderA.orderNo };
		const settledAt = at(day(0), "12:30");
		expectLine(
			await post(
				"shop_settlement",
				settledAt,
				[
					{ account: SHOP.pending, amount: -orderA.total },
					{ account: SHOP.available, amount: orderA.total },
				],
				{ shopEarningId: earning.id },
			),
			"settled",
			settledAt,
			{ pending: -orderA.total, available: orderA.total },
			links,
		);
		const commissionAt = at(day(0), "12:31");
		expectLine(
			await post(
				"shop_commission",
				commissionAt,
				[
					{ account: SHOP.available, amount: -50 },
					{ account: COMMISSION, amount: 50 },
				],
				{ orderId: orderA.id },
			),
			"commission",
			commissionAt,
			{ available: -50 },
			links,
		);

		// A withdrawal rejected (its money returns), one paid out, one still waiting.
		const returnedAt = at(day(0), "13:00");
		returnedId = await withdrawalRow(100, returnedAt);
		expectLine(
			await post(
				"withdrawal_request",
				returnedAt,
				[
					{ account: SHOP.available, amount: -100 },
					{ account: SHOP.withdrawing, amount: 100 },
				],
				{ withdrawalId: returnedId },
			),
			"withdrawal",
			returnedAt,
			{ available: -100, withdrawing: 100 },
			{ withdrawalId: returnedId },
		);
		const rejectAt = at(day(0), "13:05");
		await server.deps.db
			.updateTable("shop_withdrawal")
			.set({ status: 2, reject_reason: REJECT_REASON, updated_at: rejectAt })
			.where("id", "=", returnedId)
			.execute();
		expectLine(
			await post(
				"withdrawal_returned",
				rejectAt,
				[
					{ account: SHOP.withdrawing, amount: -100 },
					{ account: SHOP.available, amount: 100 },
				],
				{ withdrawalId: returnedId },
			),
			"withdrawalReturned",
			rejectAt,
			{ available: 100, withdrawing: -100 },
			{ withdrawalId: returnedId },
		);
		const askedAt = at(day(0), "13:10");
		paidId = await withdrawalRow(120, askedAt);
		expectLine(
			await post(
				"withdrawal_request",
				askedAt,
				[
					{ account: SHOP.available, amount: -120 },
					{ account: SHOP.withdrawing, amount: 120 },
				],
				{ withdrawalId: paidId },
			),
			"withdrawal",
			askedAt,
			{ available: -120, withdrawing: 120 },
			{ withdrawalId: paidId },
		);
		const paidAt = at(day(0), "13:20");
		await server.deps.db
			.updateTable("shop_withdrawal")
			.set({ status: 3, bank_reference: BANK_REFERENCE, transfer_date: day(0), updated_at: paidAt })
			.where("id", "=", paidId)
			.execute();
		expectLine(
			await post(
				"withdrawal_paid",
				paidAt,
				[
					{ account: SHOP.withdrawing, amount: -120 },
					{ account: PAYOUTS, amount: 120 },
				],
				{ withdrawalId: paidId },
			),
			"withdrawalPaid",
			paidAt,
			{ withdrawing: -120 },
			{ withdrawalId: paidId },
		);
		const waitingAt = at(day(0), "13:40");
		const waitingId = await withdrawalRow(30, waitingAt);
		expectLine(
			await post(
				"withdrawal_request",
				waitingAt,
				[
					{ account: SHOP.available, amount: -30 },
					{ account: SHOP.withdrawing, amount: 30 },
				],
				{ withdrawalId: waitingId },
			),
			"withdrawal",
			waitingAt,
			{ available: -30, withdrawing: 30 },
			{ withdrawalId: waitingId },
		);
		const returnedCommissionAt = at(day(0), "13:50");
		expectLine(
			await post(
				"commission_refund",
				returnedCommissionAt,
				[
					{ account: COMMISSION, amount: -20 },
					{ account: SHOP.available, amount: 20 },
				],
				{ orderId: orderA.id },
			),
			"commissionReturned",
			returnedCommissionAt,
			{ available: 20 },
			links,
		);
		const keptAt = at(day(0), "14:00");
		expectLine(
			await post("reservation_kept", keptAt, [
				{ account: HOLD, amount: -300 },
				{ account: SHOP.pending, amount: 300 },
			]),
			"depositKept",
			keptAt,
			{ pending: 300 },
		);

		// Either side of local midnight between day 1 and day 2: 23:59:30 in Phnom Penh is
		// 16:59:30 UTC, and 00:00:30 the next local day is still the same UTC date.
		for (const [when, amount] of [
			[at(day(1), "23:59"), 111],
			[new Date(at(day(2), "00:00").getTime() + 30_000), 222],
		] as const) {
			expectLine(
				await post("counter_payment", when, [
					{ account: OUTSIDE, amount: -amount },
					{ account: SHOP.pending, amount },
				]),
				"counterEarned",
				when,
				{ pending: amount },
			);
		}
		const counterRefundAt = at(day(2), "10:00");
		expectLine(
			await post("counter_refund", counterRefundAt, [
				{ account: SHOP.pending, amount: -22 },
				{ account: OUTSIDE, amount: 22 },
			]),
			"refund",
			counterRefundAt,
			{ pending: -22 },
		);
		const todayAt = at(day(29), "09:00");
		expectLine(
			await post("counter_payment", todayAt, [
				{ account: OUTSIDE, amount: -333 },
				{ account: SHOP.pending, amount: 333 },
			]),
			"counterEarned",
			todayAt,
			{ pending: 333 },
		);
		// Order A refunded after it settled: out of available, more than it holds, so the shop owes.
		const lateRefundAt = at(day(29), "10:00");
		expectLine(
			await post(
				"order_refund",
				lateRefundAt,
				[
					{ account: SHOP.available, amount: -orderA.total, mayOwe: true },
					{ account: { kind: "member_wallet", tenantId: 1, memberId: customer.userId }, amount: orderA.total },
				],
				{ orderId: orderA.id },
			),
			"refund",
			lateRefundAt,
			{ available: -orderA.total },
			links,
		);
		server.clock.set(at(day(29), "18:00"));
		await fx.expectLedgerConsistent();
		await expectLedgerInvariants(server.deps.db, { ledgerOnly: true });
	});

	it("shows the owner the three amounts the ledger holds, what is owed, today, the month and the terms", async () => {
		const summary = await get<WalletSummary>(OWNER, "/merchant/wallet?shopId=1", "en");
		const ledger = await ledgerBalances(1);
		const sum = (pick: (line: Expected) => number) => story.reduce((total, line) => total + pick(line), 0);
		const available = orderA.total - 50 - 120 - 30 + 20 - orderA.total;
		expect(ledger).toEqual({
			pending: sum((line) => line.pendingChange),
			available: sum((line) => line.availableChange),
			withdrawing: sum((line) => line.withdrawingChange),
		});
		expect(ledger.available).toBe(available);
		expect(ledger.withdrawing).toBe(30);
		const today = day(29);
		const month = [...new Set(story.map((line) => toLocalMoment(line.createdAt, ZONE).date))]
			.filter((date) => date.slice(0, 7) === today.slice(0, 7))
			.reduce((sum, date) => sum + netOf(date), 0);
		expect(summary).toEqual({
			code: 0,
			msg: "",
			data: {
				shopId: 1,
				shopName: expect.any(String),
				available: ledger.available,
				withdrawable: 0,
				owed: -available,
				pending: ledger.pending,
				withdrawing: ledger.withdrawing,
				total: ledger.available + ledger.pending + ledger.withdrawing,
				today: 333 - orderA.total,
				month,
				holdHours: 24,
				commissionBps: 0,
				minimumWithdrawal: 1000,
				arrivalWorkingDays: 10,
				timezone: ZONE,
			},
		});
		expect(available).toBeLessThan(0);
	});

	it("lists every movement newest first with its deltas and links, page by page", async () => {
		const first = await get<WalletStatementPage>(OWNER, "/merchant/wallet/statement?shopId=1&pageSize=50");
		expect(first.code).toBe(0);
		expect(first.data.lines).toEqual([...story].reverse().map(asShown));
		expect(first.data.nextCursor).toBeNull();
		const kinds = new Set(first.data.lines.map((line) => line.kind));
		expect([...kinds].sort()).toEqual(
			[
				"orderEarned",
				"counterEarned",
				"depositKept",
				"settled",
				"commission",
				"commissionReturned",
				"refund",
				"withdrawal",
				"withdrawalReturned",
				"withdrawalPaid",
			].sort(),
		);

		const seen: StatementLine[] = [];
		let cursor: string | null = null;
		let pages = 0;
		do {
			const page: ApiEnvelope<WalletStatementPage> = await get<WalletStatementPage>(
				OWNER,
				`/merchant/wallet/statement?shopId=1&pageSize=4${cursor ? `&cursor=${cursor}` : ""}`,
			);
			expect(page.data.lines.length).toBeLessThanOrEqual(4);
			seen.push(...page.data.lines);
			cursor = page.data.nextCursor;
			pages++;
		} while (cursor !== null);
		expect(pages).toBe(Math.ceil(story.length / 4));
		expect(seen).toEqual(first.data.lines);
	});

	it("filters by the shop's local days, midnight in Phnom Penh, and heads each day with its whole net", async () => {
		const dayOne = await get<WalletStatementPage>(
			OWNER,
			`/merchant/wallet/statement?shopId=1&from=${day(1)}&to=${day(1)}`,
		);
		expect(dayOne.data.lines.map((line) => line.amount)).toEqual([111]);
		expect(dayOne.data.dayTotals).toEqual([{ date: day(1), net: 111 }]);

		const dayTwo = await get<WalletStatementPage>(
			OWNER,
			`/merchant/wallet/statement?shopId=1&from=${day(2)}&to=${day(2)}`,
		);
		expect(dayTwo.data.lines.map((line) => line.amount)).toEqual([-22, 222]);
		expect(dayTwo.data.dayTotals).toEqual([{ date: day(2), net: 200 }]);

		const both = await get<WalletStatementPage>(
			OWNER,
			`/merchant/wallet/statement?shopId=1&from=${day(1)}&to=${day(29)}&pageSize=3`,
		);
		expect(both.data.lines.map((line) => line.amount)).toEqual([-orderA.total, 333, -22]);
		expect(both.data.dayTotals).toEqual([
			{ date: day(29), net: 333 - orderA.total },
			{ date: day(2), net: 200 },
		]);
		const rest = await get<WalletStatementPage>(
			OWNER,
			`/merchant/wallet/statement?shopId=1&from=${day(1)}&to=${day(29)}&pageSize=3&cursor=${both.data.nextCursor}`,
		);
		expect(rest.data.lines.map((line) => line.amount)).toEqual([222, 111]);
		expect(rest.data.nextCursor).toBeNull();

		// One line of day 0 on the page, the whole day's net beside it, withdrawals left out.
		const oneOfDayZero = await get<WalletStatementPage>(
			OWNER,
			`/merchant/wallet/statement?shopId=1&to=${day(0)}&pageSize=1`,
		);
		expect(oneOfDayZero.data.lines.map((line) => line.kind)).toEqual(["depositKept"]);
		expect(oneOfDayZero.data.dayTotals).toEqual([{ date: day(0), net: netOf(day(0)) }]);
		expect(netOf(day(0))).toBe(orderA.total + (story[1] as Expected).pendingChange - 50 + 20 + 300);

		const nothing = await get<WalletStatementPage>(
			OWNER,
			`/merchant/wallet/statement?shopId=1&from=${day(3)}&to=${day(28)}`,
		);
		expect(nothing.data).toEqual({ lines: [], nextCursor: null, dayTotals: [] });
	});

	it("charts the last 30 local days oldest first, 0 on quiet days, withdrawals left out", async () => {
		const chart = await get<WalletDailyEarnings>(OWNER, "/merchant/wallet/daily?shopId=1");
		expect(chart.data.days).toHaveLength(30);
		expect(chart.data.days.map((d) => d.date)).toEqual(Array.from({ length: 30 }, (_, i) => day(i)));
		expect(chart.data.days).toEqual(Array.from({ length: 30 }, (_, i) => ({ date: day(i), net: netOf(day(i)) })));
		expect(chart.data.days.filter((d) => d.net !== 0).map((d) => d.date)).toEqual([day(0), day(1), day(2), day(29)]);
	});

	it("exports the statement as CSV for Excel in the reader's language, amounts exact, typed text quoted and inert", async () => {
		const headers: Record<string, string> = {
			"zh-CN": `流水号,时间（${ZONE}）,类型,金额（USD）,可提现变动,待结算变动,提现中变动,订单号,提现单号,备注`,
			en: `Line no.,Time (${ZONE}),Type,Amount (USD),Available change,Pending change,In-withdrawal change,Order no.,Withdrawal no.,Note`,
			km: `លេខរៀង,ពេលវេលា (${ZONE}),ប្រភេទ,ចំនួនទឹកប្រាក់ (USD),ប្រែប្រួលប្រាក់អាចដកបាន,ប្រែប្រួលប្រាក់កំពុងរង់ចាំ,ប្រែប្រួលប្រាក់កំពុងដក,លេខបញ្ជាទិញ,លេខដកប្រាក់,កំណត់សម្គាល់`,
		};
		for (const lang of SUPPORTED_LANGUAGES) {
			const { response, bytes, text } = await readCsv(`shopId=1&from=${day(0)}&to=${day(29)}`, lang);
			expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
			expect(response.headers.get("content-disposition")).toBe(
				`attachment; filename="wallet-shop1-${day(0)}-to-${day(29)}.csv"`,
			);
			expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
			expect(text.slice(1).split("\r\n")[0]).toBe(headers[lang]);
		}

		const { response, text } = await readCsv(`shopId=1&from=${day(0)}&to=${day(29)}`, "en");
		const body = text.slice(1);
		expect(body.endsWith("\r\n")).toBe(true);
		// Every line of the range, newest first (the day before is left out).
		expect(response.headers.get("x-statement-lines")).toBe(String(story.length - 1));
		expect(response.headers.get("x-statement-truncated")).toBe("false");
		const money = (minor: number) => formatMinorUnits(minor, 2);
		const [, lateRefund, todays] = body.split("\r\n");
		const refundLine = story.at(-1) as Expected;
		expect(lateRefund).toBe(
			[
				refundLine.id,
				`${day(29)} 10:00:00`,
				"Refund",
				money(-orderA.total),
				money(-orderA.total),
				"0.00",
				"0.00",
				orderA.orderNo,
				"",
				"",
			].join(","),
		);
		expect(todays).toBe(
			[story.at(-2)?.id, `${day(29)} 09:00:00`, "Counter payment", "3.33", "0.00", "3.33", "0.00", "", "", ""].join(
				",",
			),
		);
		// The boundary line is dated on the shop's clock, not UTC's.
		expect(body).toContain(`,${day(1)} 23:59:00,Counter payment,1.11,0.00,1.11,0.00,,,\r\n`);
		expect(body).toContain(`,${day(2)} 00:00:30,Counter payment,2.22,0.00,2.22,0.00,,,\r\n`);
		// A rejection reason with a comma, quotes and a line break stays one field; a typed
		// reference that Excel would run as a formula is made plain text.
		expect(body).toContain(
			`,Withdrawal returned,0.00,1.00,0.00,-1.00,,${returnedId},"Name on card is ""Sok, D.""\nplease add the full name"\r\n`,
		);
		expect(body).toContain(`,Withdrawal paid out,-1.20,0.00,0.00,-1.20,,${paidId},'=HYPERLINK(1)\r\n`);
		expect(body).toContain(`,Platform commission,-0.50,-0.50,0.00,0.00,${orderA.orderNo},,\r\n`);
	});

	it("formats minor units from integers, never through a float", () => {
		expect(formatMinorUnits(0, 2)).toBe("0.00");
		expect(formatMinorUnits(5, 2)).toBe("0.05");
		expect(formatMinorUnits(-5, 2)).toBe("-0.05");
		expect(formatMinorUnits(123_456_789_012_345, 2)).toBe("1234567890123.45");
		expect(formatMinorUnits(-4100, 0)).toBe("-4100");
		expect(formatMinorUnits(1001, 3)).toBe("1.001");
		expect(EXPORT_MAX_LINES).toBe(50_000);
	});

	it("is the owner's alone: managers and staff are Forbidden, another shop and customers refused", async () => {
		const manager = await as(MANAGER);
		await server.deps.db
			.insertInto("shop_staff")
			.values({ shop_id: 1, member_id: manager.userId, role: "manager" })
			.execute();
		const otherOwner = await as(OTHER_OWNER);
		await server.deps.db
			.insertInto("shop_staff")
			.values({ shop_id: 2, member_id: otherOwner.userId, role: "owner" })
			.execute();
		const paths = [
			"/merchant/wallet?shopId=1",
			"/merchant/wallet/statement?shopId=1",
			"/merchant/wallet/daily?shopId=1",
			"/merchant/wallet/export?shopId=1",
		];
		for (const path of paths) {
			for (const mobile of [MANAGER, STAFF, OTHER_OWNER, CUSTOMER]) {
				expect(await get(mobile, path, "en"), `${mobile} ${path}`).toEqual({
					code: ErrorCode.Forbidden,
					msg: formatMessage("forbidden", "en"),
					data: null,
				});
			}
			// Another tenant's shop answers like a shop that does not exist.
			const elsewhere = await get(OWNER, path.replace("shopId=1", `shopId=${otherTenantShop}`));
			expect(elsewhere.code, path).toBe(ErrorCode.NotFound);
			expect(await get(OWNER, path.replace("shopId=1", "shopId=999999"))).toEqual(elsewhere);
		}
		// The other branch's own owner sees their (empty) wallet.
		const own = await get<WalletSummary>(OTHER_OWNER, "/merchant/wallet?shopId=2");
		expect(own.data).toMatchObject({ shopId: 2, available: 0, pending: 0, withdrawing: 0, total: 0, today: 0 });
	});

	it("answers bad query input with the field's message, never a server error", async () => {
		const cases: Array<[string, string, string]> = [
			["/merchant/wallet/statement?shopId=1&from=2026-13-40", "from", "chooseCorrectDate"],
			["/merchant/wallet/statement?shopId=1&to=2026-02-30", "to", "chooseCorrectDate"],
			["/merchant/wallet/statement?shopId=1&cursor=abc", "cursor", "fieldInvalid"],
			["/merchant/wallet/statement?shopId=1&cursor=99999999999999999999", "cursor", "fieldInvalid"],
			["/merchant/wallet/statement?shopId=1&pageSize=0", "pageSize", "fieldInvalid"],
			["/merchant/wallet/statement?shopId=abc", "shopId", "fieldInvalid"],
			[`/merchant/wallet/statement?shopId=1&from=${day(2)}&to=${day(1)}`, "to", "closureDatesReversed"],
			["/merchant/wallet/export?shopId=1&from=2026-13-40", "from", "chooseCorrectDate"],
			[`/merchant/wallet/export?shopId=1&from=${day(2)}&to=${day(1)}`, "to", "closureDatesReversed"],
			["/merchant/wallet/daily?shopId=0", "shopId", "fieldInvalid"],
		];
		for (const [path, field, rule] of cases) {
			for (const lang of SUPPORTED_LANGUAGES) {
				const answer = await get(OWNER, path, lang);
				expect(answer, `${path} ${lang}`).toMatchObject({
					code: ErrorCode.BadRequest,
					msg: formatMessage(rule as "fieldInvalid", lang, { field }),
					data: { issues: [{ field, rule }] },
				});
			}
		}
	});
});

describe("the platform operator's view", () => {
	let operatorId: number;
	beforeAll(async () => {
		operatorId = (await as(OPERATOR)).userId;
		await server.deps.db.insertInto("platform_operator").values({ tenant_id: 1, member_id: operatorId }).execute();
	});

	it("lists every shop of the operator's tenant with its wallet, and no other tenant's", async () => {
		const list = await get<PlatformShopWallets>(OPERATOR, "/platform/shops");
		expect(list.data.shops.map((shop) => shop.shopId)).toEqual([1, 2]);
		const owners = await get<WalletSummary>(OWNER, "/merchant/wallet?shopId=1");
		expect(list.data.shops[0]).toEqual(owners.data);

		const one = await get<WalletSummary>(OPERATOR, "/platform/wallet?shopId=1");
		expect(one.data).toEqual(owners.data);
		const statement = await get<WalletStatementPage>(OPERATOR, "/platform/wallet/statement?shopId=1&pageSize=5");
		const ownersStatement = await get<WalletStatementPage>(OWNER, "/merchant/wallet/statement?shopId=1&pageSize=5");
		expect(statement.data).toEqual(ownersStatement.data);

		for (const path of [
			`/platform/wallet?shopId=${otherTenantShop}`,
			`/platform/wallet/statement?shopId=${otherTenantShop}`,
		]) {
			expect((await get(OPERATOR, path)).code, path).toBe(ErrorCode.NotFound);
		}
	});

	it("refuses every platform call to anyone who is not an operator, in their language", async () => {
		const calls: Array<["GET" | "POST", string]> = [
			["GET", "/platform/shops"],
			["GET", "/platform/wallet?shopId=1"],
			["GET", "/platform/wallet/statement?shopId=1"],
			["GET", "/platform/settings"],
			["POST", "/platform/settings"],
		];
		for (const [method, path] of calls) {
			for (const mobile of [OWNER, MANAGER, STAFF, CUSTOMER, STRANGER]) {
				for (const lang of SUPPORTED_LANGUAGES) {
					const answer = await server.call(method, `/app-api${path}`, {
						token: (await as(mobile)).token,
						lang,
						body: method === "POST" ? { commissionBps: 0, holdHours: 1, minimumWithdrawal: 1 } : undefined,
					});
					expect(answer, `${mobile} ${path}`).toEqual({
						code: ErrorCode.NotPlatformOperator,
						msg: formatMessage("notPlatformOperator", lang),
						data: null,
					});
				}
			}
		}
		const signedOut = await server.call("GET", "/app-api/platform/shops");
		expect(signedOut.code).toBe(ErrorCode.Unauthorized);
		// The refused save changed nothing.
		expect((await get<PlatformSettings>(OPERATOR, "/platform/settings")).data).toEqual({
			commissionBps: 0,
			holdHours: 24,
			minimumWithdrawal: 1000,
		});
	});

	it("changes the platform's terms, which the owner then sees, and refuses bad values per field", async () => {
		const operator = await as(OPERATOR);
		const save = (body: unknown, lang?: string) =>
			server.call<PlatformSettings>("POST", "/app-api/platform/settings", { token: operator.token, body, lang });
		const valid = { commissionBps: 250, holdHours: 48, minimumWithdrawal: 5000 };
		const bad: Array<[string, unknown, "commissionInvalid" | "holdHoursInvalid" | "minimumWithdrawalInvalid"]> = [
			["commissionBps", 5001, "commissionInvalid"],
			["commissionBps", -1, "commissionInvalid"],
			["commissionBps", 2.5, "commissionInvalid"],
			["commissionBps", "250", "commissionInvalid"],
			["holdHours", 721, "holdHoursInvalid"],
			["holdHours", null, "holdHoursInvalid"],
			["minimumWithdrawal", 0, "minimumWithdrawalInvalid"],
			["minimumWithdrawal", 100_000_001, "minimumWithdrawalInvalid"],
		];
		for (const [field, value, rule] of bad) {
			for (const lang of SUPPORTED_LANGUAGES) {
				expect(await save({ ...valid, [field]: value }, lang), `${field}=${value} ${lang}`).toEqual({
					code: ErrorCode.BadRequest,
					msg: formatMessage(rule, lang),
					data: { issues: [{ field, rule, message: formatMessage(rule, lang) }] },
				});
			}
		}
		expect((await save({ ...valid, extra: 1 })).code).toBe(ErrorCode.BadRequest);
		expect((await get<PlatformSettings>(OPERATOR, "/platform/settings")).data).toMatchObject({ commissionBps: 0 });

		const heard: unknown[] = [];
		const unsubscribe = server.deps.events.subscribe((event) => event.type === "wallet.changed" && heard.push(event));
		const saved = await save(valid);
		// Events arrive after the answer (through PostgreSQL's NOTIFY on that database).
		await vi.waitFor(() => expect(heard).toHaveLength(2));
		unsubscribe();
		expect(saved).toEqual({ code: 0, msg: "", data: valid });
		expect((await get<PlatformSettings>(OPERATOR, "/platform/settings")).data).toEqual(valid);
		expect((await get<WalletSummary>(OWNER, "/merchant/wallet?shopId=1")).data).toMatchObject({
			commissionBps: 250,
			holdHours: 48,
			minimumWithdrawal: 5000,
		});
		expect(heard).toEqual(
			[1, 2].map((shopId) => expect.objectContaining({ tenantId: 1, shopId, reason: "termsChanged" })),
		);
	});
});

describe("a shop with more lines than one export holds", () => {
	/** Past the export's cap (the issue asks that 10,000 page fast: this is five times that). */
	const LINES = EXPORT_MAX_LINES + 5;
	/** Line i (1 … LINES) is dated i hours after `start`; every fifth settles 1.00, the others earn 1.00 at the counter. */
	let start: Date;
	let shop2Owner: string;

	beforeAll(async () => {
		// The demo owner owns both branches.
		shop2Owner = OWNER;
		const now = server.clock.now();
		start = new Date(now.getTime() - (LINES + 1) * 3600_000);
		const db = server.deps.db;
		const pending = await accountId(db, shopRefs(2).pending);
		const available = await accountId(db, shopRefs(2).available);
		const funds = await accountId(db, OUTSIDE);
		// One statement instead of 50,000 postLedgerTxn calls. Each entry's balance_after is its
		// account's running sum, as postLedgerTxn writes it: after line i, pending holds one 1.00
		// per counter line less one per settlement, available one per settlement, and the outside
		// world's funds what they held less the counter lines.
		const fundsBefore = (await ledgerAccountBalance(funds)) as number;
		await db.transaction().execute(async (trx) => {
			await sql`
				WITH txns AS (
					INSERT INTO ledger_txn (tenant_id, kind, idempotency_key, order_id, created_at)
					SELECT 1, CASE WHEN i % 5 = 0 THEN 'shop_settlement' ELSE 'counter_payment' END, 'wallet-bulk:' || i, NULL,
						${start}::timestamptz + i * interval '1 hour'
					FROM generate_series(1, ${LINES}::int) AS i ORDER BY i
					RETURNING id, split_part(idempotency_key, ':', 2)::int AS i)
				INSERT INTO ledger_entry (txn_id, account_id, amount, balance_after)
				SELECT txns.id, e.account_id, e.amount, e.balance_after FROM txns
				CROSS JOIN LATERAL (VALUES
					(0, CASE WHEN i % 5 = 0 THEN ${pending}::bigint ELSE ${funds}::bigint END, -100::bigint,
						CASE WHEN i % 5 = 0 THEN 100 * (i - 2 * (i / 5))::bigint
							ELSE ${fundsBefore}::bigint - 100 * (i - i / 5)::bigint END),
					(1, CASE WHEN i % 5 = 0 THEN ${available}::bigint ELSE ${pending}::bigint END, 100::bigint,
						CASE WHEN i % 5 = 0 THEN 100 * (i / 5)::bigint ELSE 100 * (i - 2 * (i / 5))::bigint END)
				) AS e(side, account_id, amount, balance_after)
				ORDER BY txns.i, e.side`.execute(trx);
			await sql`
				UPDATE ledger_account a SET balance = (SELECT coalesce(sum(amount), 0) FROM ledger_entry WHERE account_id = a.id)
				WHERE a.id IN (${pending}, ${available}, ${funds})`.execute(trx);
			// And each line's day net, as postLedgerTxn writes it beside a posting (settlements move
			// money between the shop's own accounts: no net).
			await sql`
				INSERT INTO shop_day_net (txn_id, shop_id, day, net)
				SELECT t.id, s.id, (t.created_at AT TIME ZONE s.timezone)::date, 100
				FROM ledger_txn t JOIN shop s ON s.id = 2
				WHERE t.idempotency_key LIKE 'wallet-bulk:%' AND t.kind = 'counter_payment'`.execute(trx);
		});
		// What autovacuum does after such a load on a server (PGlite has none): the planner then
		// knows how the entries spread over accounts.
		await sql`ANALYZE ledger_entry`.execute(db);
		await sql`ANALYZE ledger_txn`.execute(db);
		await expectLedgerInvariants(db, { ledgerOnly: true });
	});

	const lineAt = (i: number) => new Date(start.getTime() + i * 3600_000);
	/** What each local day earned: 1.00 for each counter line (settlements move nothing out of the shop). */
	let netByDate: Map<string, number> | null = null;
	const expectedNet = (date: string) => {
		if (!netByDate) {
			netByDate = new Map();
			for (let i = 1; i <= LINES; i++) {
				const local = toLocalMoment(lineAt(i), ZONE).date;
				if (i % 5 !== 0) netByDate.set(local, (netByDate.get(local) ?? 0) + 100);
			}
		}
		return netByDate.get(date) ?? 0;
	};
	async function timed<T>(path: string): Promise<{ answer: ApiEnvelope<T>; ms: number }> {
		await as(shop2Owner);
		const began = performance.now();
		const answer = await get<T>(shop2Owner, path);
		return { answer, ms: performance.now() - began };
	}

	it("pages, filters, totals and charts it from the index, each answer quick", async () => {
		const timings: Record<string, number> = {};
		const first = await timed<WalletStatementPage>("/merchant/wallet/statement?shopId=2&pageSize=20");
		timings.first = first.ms;
		expect(first.answer.data.lines).toHaveLength(20);
		expect(first.answer.data.lines[0]?.createdAt).toBe(lineAt(LINES).toISOString());
		expect(first.answer.data.dayTotals[0]).toEqual({
			date: toLocalMoment(lineAt(LINES), ZONE).date,
			net: expectedNet(toLocalMoment(lineAt(LINES), ZONE).date),
		});

		// Near the oldest lines: a cursor 25 lines from the start leaves 24 below it.
		const ids = await server.deps.db
			.selectFrom("ledger_txn")
			.select("id")
			.where("idempotency_key", "in", ["wallet-bulk:25", "wallet-bulk:1"])
			.orderBy("id")
			.execute();
		const deep = await timed<WalletStatementPage>(
			`/merchant/wallet/statement?shopId=2&pageSize=20&cursor=${ids[1]?.id}`,
		);
		timings.deep = deep.ms;
		expect(deep.answer.data.lines.map((line) => line.createdAt)).toEqual(
			Array.from({ length: 20 }, (_, k) => lineAt(24 - k).toISOString()),
		);
		expect(deep.answer.data.lines.map((line) => line.kind).slice(0, 6)).toEqual([
			"counterEarned",
			"counterEarned",
			"counterEarned",
			"counterEarned",
			"settled",
			"counterEarned",
		]);
		expect(deep.answer.data.lines[4]).toMatchObject({ amount: 0, pendingChange: -100, availableChange: 100 });
		const deepDays = deep.answer.data.dayTotals;
		expect(deepDays).toEqual(
			[...new Set(deep.answer.data.lines.map((l) => toLocalMoment(new Date(l.createdAt), ZONE).date))].map((date) => ({
				date,
				net: expectedNet(date),
			})),
		);

		// A local day about 200 days back: its 24 lines and its net.
		const target = toLocalMoment(lineAt(LINES - 200 * 24), ZONE).date;
		const dated = await timed<WalletStatementPage>(
			`/merchant/wallet/statement?shopId=2&from=${target}&to=${target}&pageSize=50`,
		);
		timings.dated = dated.ms;
		expect(dated.answer.data.lines).toHaveLength(24);
		expect(dated.answer.data.nextCursor).toBeNull();
		expect(dated.answer.data.dayTotals).toEqual([{ date: target, net: expectedNet(target) }]);

		const chart = await timed<WalletDailyEarnings>("/merchant/wallet/daily?shopId=2");
		timings.chart = chart.ms;
		expect(chart.answer.data.days.map((d) => d.net)).toEqual(chart.answer.data.days.map((d) => expectedNet(d.date)));

		const summary = await timed<WalletSummary>("/merchant/wallet?shopId=2");
		timings.summary = summary.ms;
		const ledger = await ledgerBalances(2);
		expect(summary.answer.data).toMatchObject({ ...ledger, total: ledger.pending + ledger.available });
		expect(ledger.available).toBe((LINES / 5) * 100);

		const began = performance.now();
		const csv = await readCsv(`shopId=2&from=${addDays(target, -29)}&to=${target}`, "en", shop2Owner);
		timings.export = performance.now() - began;
		expect(csv.response.headers.get("x-statement-lines")).toBe(String(30 * 24));
		expect(csv.text.slice(1).trimEnd().split("\r\n")).toHaveLength(30 * 24 + 1);

		// Generous bounds: a walk over the whole history instead of the index would still pass
		// on a fast machine, but not a page that grew with the history by orders of magnitude.
		for (const [name, ms] of Object.entries(timings)) expect(ms, name).toBeLessThan(1500);
		console.info(`wallet with ${LINES} lines (${server.databaseKind}), ms:`, timings);
	});

	it("exports the newest 50,000 lines of a longer range and says so in the file", async () => {
		for (const lang of ["en", "zh-CN"] as const) {
			const { response, text } = await readCsv("shopId=2", lang, shop2Owner);
			expect(response.headers.get("x-statement-lines")).toBe(String(EXPORT_MAX_LINES));
			expect(response.headers.get("x-statement-truncated")).toBe("true");
			const rows = text.slice(1).trimEnd().split("\r\n");
			expect(rows).toHaveLength(EXPORT_MAX_LINES + 2);
			// Newest first: the newest line heads the file, the oldest five are cut.
			expect(rows[1]?.split(",")[1]).toBe(formatLocalTimeOf(lineAt(LINES)));
			expect(rows.at(-2)?.split(",")[1]).toBe(formatLocalTimeOf(lineAt(6)));
			expect(rows.at(-1)).toBe(
				lang === "en"
					? "Only the newest 50000 lines are included: narrow the date range to export the rest"
					: "仅导出了最新的50000条记录，请缩小日期范围后导出其余记录",
			);
		}
	});
});
