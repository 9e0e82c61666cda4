import { type BillEntry, type BillPage, ErrorCode, formatMessage } from "@bayon/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../../../../test/harness.js";
import { expectLedgerInvariants } from "../../../../test/ledger-invariants.js";
import { OrderingFixture } from "../../../../test/ordering.js";
import { grantBalance, walletBalance } from "../../../../test/wallet-ledger.js";
import { fromLocalMoment } from "../../venues/hours.js";
import { postLedgerTxn } from "../../wallet/ledger.js";
import { monthAround } from "./bill.js";
import { monthTotals } from "./bill-queries.js";

const PP = "Asia/Phnom_Penh"; // the demo shop's zone, UTC+7
const at = (local: string) =>
	fromLocalMoment(local.slice(0, 10), Number(local.slice(11, 13)) * 60 + Number(local.slice(14, 16)), PP);
const COCONUT = "Fresh young coconut";

type Session = { accessToken: string; userId: number };
let server: TestServer;
let fixture: OrderingFixture;
const mobiles = { a: "13900000021", b: "13900000022", none: "13900000023" } as const;
const sessions = {} as Record<keyof typeof mobiles, Session>;
/** November's grants: last month once the clock moves to December. */
const NOVEMBER_GRANTS = [700, 300];
/** December's grants, oldest first. */
const DECEMBER_GRANTS = Array.from({ length: 23 }, (_, i) => 100 + i * 10);

async function signInEveryone() {
	for (const [who, mobile] of Object.entries(mobiles))
		sessions[who as keyof typeof mobiles] = await server.signIn(mobile);
}

function bill(who: Session, query = "", lang = "en") {
	return server.call<BillPage>("GET", `/app-api/member/user/getBill${query ? `?${query}` : ""}`, {
		token: who.accessToken,
		lang,
	});
}

/** Every page of a member's bill, following nextCursor. */
async function allPages(
	who: Session,
	query: string,
	limit: number,
): Promise<{ pages: BillPage[]; entries: BillEntry[] }> {
	const pages: BillPage[] = [];
	let cursor: string | null = null;
	do {
		const answer = await bill(who, `${query}&limit=${limit}${cursor ? `&cursor=${cursor}` : ""}`);
		expect(answer.code).toBe(0);
		pages.push(answer.data);
		cursor = answer.data.nextCursor;
	} while (cursor !== null && pages.length < 100);
	return { pages, entries: pages.flatMap((page) => page.list) };
}

/** A paid recharge of `pay` with a `bonus`, posted as the recharge feature posts it (two txns). */
async function recharged(memberId: number, pay: number, bonus: number): Promise<number> {
	const db = server.deps.db;
	const now = server.clock.now();
	const name = JSON.stringify({ "zh-CN": "充值", en: "Top-up" });
	const pkg = await db
		.insertInto("recharge_package")
		.values({ tenant_id: 1, name, pay_amount: pay, bonus_amount: bonus, created_at: now, updated_at: now })
		.returning("id")
		.executeTakeFirstOrThrow();
	const recharge = await db
		.insertInto("recharge")
		.values({
			tenant_id: 1,
			member_id: memberId,
			package_id: pkg.id,
			package_name: name,
			pay_amount: pay,
			bonus_amount: bonus,
			provider: "sandbox",
			status: "paid",
			idempotency_key: `bill-test-${pkg.id}`,
			expires_at: now,
			paid_at: now,
			created_at: now,
		})
		.returning("id")
		.executeTakeFirstOrThrow();
	await db.transaction().execute(async (trx) => {
		const wallet = { kind: "member_wallet" as const, tenantId: 1, memberId };
		await postLedgerTxn(trx, {
			tenantId: 1,
			kind: "recharge",
			idempotencyKey: `bill-test-recharge:${recharge.id}`,
			orderId: null,
			rechargeId: recharge.id,
			now,
			moves: [
				{ account: { kind: "external_funds", tenantId: 1 }, amount: -pay },
				{ account: wallet, amount: pay },
			],
		});
		await postLedgerTxn(trx, {
			tenantId: 1,
			kind: "recharge_bonus",
			idempotencyKey: `bill-test-bonus:${recharge.id}`,
			orderId: null,
			rechargeId: recharge.id,
			now,
			moves: [
				{ account: { kind: "stored_value_bonus", tenantId: 1 }, amount: -bonus },
				// Kept apart in the wallet, as a real recharge's bonus is (decision 027).
				{ account: wallet, amount: bonus, bonus },
			],
		});
	});
	return recharge.id;
}

let orderId: number;
let orderNo: string;
let rechargeId: number;
let orderTotal: number;

beforeAll(async () => {
	server = await startTestServer();
	fixture = await new OrderingFixture(server).load();
	server.clock.set(at("2026-11-20 10:00"));
	await signInEveryone();
	for (const amount of NOVEMBER_GRANTS) await grantBalance(server, sessions.a.userId, amount);
	// December 10th, 10:00: the shop is open (08:00–22:00).
	server.clock.set(at("2026-12-10 10:00"));
	await signInEveryone();
	for (const amount of DECEMBER_GRANTS) {
		server.clock.advance(10);
		await grantBalance(server, sessions.a.userId, amount);
	}
	server.clock.advance(10);
	rechargeId = await recharged(sessions.a.userId, 1000, 150);
	server.clock.advance(10);
	const order = await fixture.paidOrder(sessions.a.accessToken, COCONUT);
	orderId = order.id;
	orderNo = order.orderNo;
	orderTotal = order.total;
	server.clock.advance(10);
	const cancelled = await server.call("POST", "/app-api/order/cancel", {
		token: sessions.a.accessToken,
		body: { orderId },
	});
	expect(cancelled.code).toBe(0);
	await grantBalance(server, sessions.b.userId, 4200);
});
afterAll(async () => {
	await server?.close();
});

describe("the balance bill", () => {
	it("pages newest first by cursor without gaps or repeats, each line's balance following from the one before", async () => {
		const { pages, entries } = await allPages(sessions.a, "direction=all", 7);
		const wallet = await server.deps.db
			.selectFrom("ledger_account")
			.select("id")
			.where("kind", "=", "member_wallet")
			.where("member_id", "=", sessions.a.userId)
			.executeTakeFirstOrThrow();
		const ids = await server.deps.db
			.selectFrom("ledger_entry")
			.select("id")
			.where("account_id", "=", wallet.id)
			.orderBy("id", "desc")
			.execute();
		// 2 + 23 grants, recharge and bonus, the order's payment and its refund.
		expect(ids).toHaveLength(29);
		expect(entries.map((entry) => entry.id)).toEqual(ids.map((row) => row.id));
		expect(pages.map((page) => page.list.length)).toEqual([7, 7, 7, 7, 1]);
		expect(pages.at(-1)?.nextCursor).toBeNull();
		for (const [index, entry] of entries.entries()) {
			const older = entries[index + 1];
			expect(entry.balanceAfter).toBe((older?.balanceAfter ?? 0) + entry.amount);
		}
		const balance = await walletBalance(server, sessions.a.userId);
		expect(entries[0]?.balanceAfter).toBe(balance);
		expect(pages.every((page) => page.balance === balance)).toBe(true);
		await expectLedgerInvariants(server.deps.db);
	});

	it("names each movement and links it: grant, recharge and bonus, order payment and its refund", async () => {
		const answer = await bill(sessions.a, "limit=5", "en");
		expect(answer.code).toBe(0);
		expect(answer.data.list.map(({ kind, amount, link }) => ({ kind, amount, link }))).toEqual([
			{ kind: "refund", amount: orderTotal, link: { kind: "order", id: orderId, orderNo } },
			{ kind: "orderPayment", amount: -orderTotal, link: { kind: "order", id: orderId, orderNo } },
			{ kind: "bonus", amount: 150, link: { kind: "recharge", id: rechargeId } },
			{ kind: "recharge", amount: 1000, link: { kind: "recharge", id: rechargeId } },
			{ kind: "grant", amount: DECEMBER_GRANTS.at(-1), link: null },
		]);
		const refundAt = new Date(answer.data.list[0]?.at ?? 0).getTime();
		const paidAt = new Date(answer.data.list[1]?.at ?? 0).getTime();
		expect(refundAt - paidAt).toBe(10_000);
	});

	it("filters money in and money out, each paged to the end", async () => {
		const incoming = await allPages(sessions.a, "direction=in", 4);
		const outgoing = await allPages(sessions.a, "direction=out", 4);
		const everything = await allPages(sessions.a, "direction=all", 50);
		expect(incoming.entries.every((entry) => entry.amount > 0)).toBe(true);
		expect(outgoing.entries.map((entry) => entry.kind)).toEqual(["orderPayment"]);
		expect(incoming.entries).toHaveLength(28);
		expect(new Set([...incoming.entries, ...outgoing.entries].map((entry) => entry.id))).toEqual(
			new Set(everything.entries.map((entry) => entry.id)),
		);
	});

	it("adds up this month (the tenant's time zone) in and out, leaving November out", async () => {
		const answer = await bill(sessions.a);
		const decemberIn = DECEMBER_GRANTS.reduce((sum, amount) => sum + amount, 0) + 1000 + 150 + orderTotal;
		expect(answer.data.month).toEqual({ month: "2026-12", in: decemberIn, out: orderTotal });
		expect(answer.data.balance).toBe(
			NOVEMBER_GRANTS.reduce((sum, amount) => sum + amount, 0) + decemberIn - orderTotal,
		);
	});

	it("adds the month up batch by batch, reading past the month's start only a day's worth", async () => {
		const wallet = await server.deps.db
			.selectFrom("ledger_account")
			.select("id")
			.where("kind", "=", "member_wallet")
			.where("member_id", "=", sessions.a.userId)
			.executeTakeFirstOrThrow();
		const { from, to } = monthAround(server.clock.now(), PP);
		const shown = (await bill(sessions.a)).data.month;
		for (const batchSize of [1, 2, 3, 7, 100])
			expect(await monthTotals(server.deps.db, { accountId: wallet.id, from, to, batchSize })).toEqual({
				in: shown.in,
				out: shown.out,
			});
		// The scan stops at the first entry dated over a day before December: pretend the oldest
		// entry (a November grant, behind another one) were dated in December; a scan of every
		// entry would count it, the bounded one never reads it.
		const oldest = await server.deps.db
			.selectFrom("ledger_entry")
			.select(["id", "txn_id", "amount"])
			.where("account_id", "=", wallet.id)
			.orderBy("id", "asc")
			.limit(1)
			.executeTakeFirstOrThrow();
		const dated = async (when: Date) =>
			server.deps.db.updateTable("ledger_txn").set({ created_at: when }).where("id", "=", oldest.txn_id).execute();
		await dated(at("2026-12-05 10:00"));
		try {
			expect(await monthTotals(server.deps.db, { accountId: wallet.id, from, to, batchSize: 1 })).toEqual({
				in: shown.in,
				out: shown.out,
			});
			expect((await bill(sessions.a)).data.month.in).toBe(shown.in + oldest.amount);
		} finally {
			await dated(at("2026-11-20 10:00"));
		}
	});

	it("counts the month by the shop's clock: 23:30 on the 31st in Phnom Penh is still December there", async () => {
		// 2026-12-31 23:30 at UTC+7 is 16:30 UTC; 2027-01-01 00:30 local is the new month.
		const db = server.deps.db;
		const account = await db
			.selectFrom("ledger_account")
			.select("id")
			.where("member_id", "=", sessions.b.userId)
			.executeTakeFirstOrThrow();
		const before = await bill(sessions.b);
		expect(before.data.month).toEqual({ month: "2026-12", in: 4200, out: 0 });
		// Pretend B's grant was made on January 1st, 00:30 local: no longer this month's.
		await db
			.updateTable("ledger_txn")
			.set({ created_at: at("2027-01-01 00:30") })
			.where("id", "in", db.selectFrom("ledger_entry").select("txn_id").where("account_id", "=", account.id))
			.execute();
		expect((await bill(sessions.b)).data.month).toEqual({ month: "2026-12", in: 0, out: 0 });
		await db
			.updateTable("ledger_txn")
			.set({ created_at: at("2026-12-31 23:30") })
			.where("id", "in", db.selectFrom("ledger_entry").select("txn_id").where("account_id", "=", account.id))
			.execute();
		expect((await bill(sessions.b)).data.month).toEqual({ month: "2026-12", in: 4200, out: 0 });
	});

	it("shows each member their own movements only", async () => {
		const mine = await allPages(sessions.b, "direction=all", 20);
		expect(mine.entries.map((entry) => ({ kind: entry.kind, amount: entry.amount }))).toEqual([
			{ kind: "grant", amount: 4200 },
		]);
		const theirs = await allPages(sessions.a, "direction=all", 50);
		expect(theirs.entries.map((entry) => entry.id)).not.toContain(mine.entries[0]?.id);
		// A cursor below every entry but A's oldest, or above them all, still reads B's wallet only.
		const oldestOfA = theirs.entries.at(-1)?.id ?? 0;
		expect((await bill(sessions.b, `cursor=${oldestOfA + 1}`)).data.list).toEqual([]);
		const aboveAll = await bill(sessions.b, `cursor=${(mine.entries[0]?.id ?? 0) + 1000}`);
		expect(aboveAll.data.list.map((entry) => entry.amount)).toEqual([4200]);
	});

	it("a member without a wallet gets an empty bill and a zero balance", async () => {
		const answer = await bill(sessions.none);
		expect(answer.code).toBe(0);
		expect(answer.data).toEqual({ list: [], nextCursor: null, balance: 0, month: { month: "2026-12", in: 0, out: 0 } });
		const wallets = await server.deps.db
			.selectFrom("ledger_account")
			.select("id")
			.where("member_id", "=", sessions.none.userId)
			.execute();
		expect(wallets).toEqual([]);
	});

	it("refuses bad queries with the rule's message in the reader's language, and visitors", async () => {
		for (const [query, field] of [
			["direction=sideways", "direction"],
			["cursor=abc", "cursor"],
			["cursor=0x10", "cursor"],
			["limit=0", "limit"],
			["limit=true", "limit"],
			["limit=1e1", "limit"],
		] as const) {
			for (const lang of ["zh-CN", "en", "km"]) {
				const answer = await bill(sessions.a, query, lang);
				expect(answer).toMatchObject({
					code: ErrorCode.BadRequest,
					msg: formatMessage("fieldInvalid", lang, { field }),
				});
			}
		}
		const huge = await bill(sessions.a, `cursor=${"9".repeat(30)}`);
		expect(huge.code).toBe(ErrorCode.BadRequest);
		const visitor = await server.call("GET", "/app-api/member/user/getBill");
		expect(visitor.code).toBe(ErrorCode.Unauthorized);
	});
});
