import { type CounterPaymentView, ErrorCode, type OrderView, type PayCodeView } from "@bayon/contract";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../../../../test/harness.js";
import { expectLedgerInvariants } from "../../../../test/ledger-invariants.js";
import { OrderingFixture } from "../../../../test/ordering.js";
import { TableFixture } from "../../../../test/tables.js";
import { grantBalance, walletBalance } from "../../../../test/wallet-ledger.js";
import { postLedgerTxn } from "../../wallet/ledger.js";
import { settleDueEarnings } from "./settlement.js";

/**
 * A shop's earnings (decision 023), told over HTTP on the demo shop: money is pending until the
 * order completes and the tenant's hold has passed, the settlement job then makes it available
 * with the platform's commission as its own line; refunds come out of pending before that and
 * out of available after (a debt when it is not enough, paid back by the next settlements).
 */

type Session = { accessToken: string; userId: number };
const HOUR = 3600;

let server: TestServer;
let fx: OrderingFixture;
let customer: Session;
let owner: Session;

beforeAll(async () => {
	server = await startTestServer();
	fx = await new OrderingFixture(server).load();
	customer = await server.signIn("13900000701");
	await grantBalance(server, customer.userId, 1_000_000);
});
afterAll(async () => {
	await server?.close();
});
beforeEach(async () => {
	// Each story on a new day while the shop is open, on the platform's default terms.
	fx.moveClockToLocal("10:00");
	await setTerms({ holdHours: 24, commissionBps: 0 });
	await signInAgain();
	// What earlier stories left due is settled first: each story counts only its own.
	await settle();
});

/** Access tokens live 15 minutes of the server's clock: after moving it, sign in again. */
async function signInAgain() {
	customer = await server.signIn("13900000701");
	owner = await server.signIn("13800000001");
}

async function advance(seconds: number) {
	server.clock.advance(seconds);
	await signInAgain();
}

async function setTerms(terms: { holdHours: number; commissionBps: number }) {
	await server.deps.db
		.updateTable("tenant")
		.set({ settlement_hold_hours: terms.holdHours, commission_bps: terms.commissionBps })
		.where("id", "=", 1)
		.execute();
}

/** The demo shop's three accounts and the platform's commission, as the ledger holds them. */
async function money() {
	const rows = await server.deps.db
		.selectFrom("ledger_account")
		.select(["kind", "balance"])
		.where("tenant_id", "=", 1)
		.where((eb) =>
			eb.or([
				eb.and([eb("shop_id", "=", 1), eb("kind", "in", ["shop_revenue", "shop_available", "shop_withdrawing"])]),
				eb("kind", "=", "platform_commission"),
			]),
		)
		.execute();
	const of = (kind: string) => rows.find((row) => row.kind === kind)?.balance ?? 0;
	return { pending: of("shop_revenue"), available: of("shop_available"), commission: of("platform_commission") };
}

function earningsOf(where: { orderId: number } | { counterPaymentId: number }) {
	const query = server.deps.db.selectFrom("shop_earning").selectAll().orderBy("id");
	return "orderId" in where
		? query.where("order_id", "=", where.orderId).execute()
		: query.where("counter_payment_id", "=", where.counterPaymentId).execute();
}

/** The ledger transactions written for an earning, by kind, with their amount on the shop's available money. */
async function earningTxns(earningId: number) {
	return server.deps.db
		.selectFrom("ledger_txn as t")
		.select(["t.kind", "t.idempotency_key", "t.order_id"])
		.where("t.shop_earning_id", "=", earningId)
		.orderBy("t.id")
		.execute();
}

const settle = () => settleDueEarnings(server.deps);

async function staffStep(orderId: number, action: "accept" | "ready" | "complete") {
	const answer = await server.call<OrderView>("POST", "/app-api/merchant/order/action", {
		token: owner.accessToken,
		body: { orderId, action },
	});
	expect(answer.code, `${action}: ${answer.msg}`).toBe(0);
}

async function complete(orderId: number) {
	for (const step of ["accept", "ready", "complete"] as const) await staffStep(orderId, step);
}

async function refundCompleted(orderId: number) {
	const asked = await server.call("POST", "/app-api/order/refund", {
		token: customer.accessToken,
		body: { orderId, reason: "cold" },
	});
	expect(asked.code, asked.msg).toBe(0);
	const decided = await server.call<OrderView>("POST", "/app-api/merchant/order/refund-decision", {
		token: owner.accessToken,
		body: { orderId, approve: true },
	});
	expect(decided.code, decided.msg).toBe(0);
}

const COCONUT = "Fresh young coconut";

/** Money the shop's settled account loses to a payout, as a withdrawal paid out would take it. */
async function payOut(amount: number) {
	await server.deps.db.transaction().execute((trx) =>
		postLedgerTxn(trx, {
			tenantId: 1,
			kind: "withdrawal_paid",
			idempotencyKey: `earnings-test-payout:${fx.newKey()}`,
			orderId: null,
			now: server.clock.now(),
			moves: [
				{ account: { kind: "shop_available", tenantId: 1, shopId: 1 }, amount: -amount },
				{ account: { kind: "shop_payouts", tenantId: 1 }, amount },
			],
		}),
	);
}

describe("an order paid before the wallet existed (migration 0021)", () => {
	it("is refunded out of available money, its earning being the shop's opening one", async () => {
		const before = await money();
		const order = await fx.paidOrder(customer.accessToken, COCONUT);
		// What migration 0021 leaves: no earning of its own, the shop's pending money in one
		// "opening" earning, due at once.
		await server.deps.db.deleteFrom("shop_earning").where("order_id", "=", order.id).execute();
		await server.deps.db
			.insertInto("shop_earning")
			.values({
				tenant_id: 1,
				shop_id: 1,
				source: "opening",
				gross: order.total,
				commission: 0,
				releases_at: server.clock.now(),
				created_at: server.clock.now(),
			})
			.execute();
		expect(await settle()).toBe(1);
		expect(await money()).toEqual({ ...before, available: before.available + order.total });

		await complete(order.id);
		await refundCompleted(order.id);
		expect(await money()).toEqual(before);
		await expectLedgerInvariants(server.deps.db);
	});
});

describe("an order's earning", () => {
	it("is pending until the order completes and the hold passes, then the job makes it available", async () => {
		const before = await money();
		const order = await fx.paidOrder(customer.accessToken, COCONUT);

		expect(await money()).toEqual({ ...before, pending: before.pending + order.total });
		const [earning] = await earningsOf({ orderId: order.id });
		expect(earning).toMatchObject({
			source: "order",
			shop_id: 1,
			gross: order.total,
			commission: 0,
			status: "pending",
			releases_at: null,
		});
		// Not completed: nothing is due, however long it waits.
		await advance(48 * HOUR);
		expect(await settle()).toBe(0);

		await complete(order.id);
		const completedAt = server.clock.now();
		const [released] = await earningsOf({ orderId: order.id });
		expect(released?.releases_at?.getTime()).toBe(completedAt.getTime() + 24 * HOUR * 1000);
		await advance(24 * HOUR - 60);
		expect(await settle()).toBe(0);
		expect(await money()).toEqual({ ...before, pending: before.pending + order.total });

		await advance(60);
		expect(await settle()).toBe(1);
		expect(await money()).toEqual({ ...before, available: before.available + order.total });
		const [settled] = await earningsOf({ orderId: order.id });
		expect(settled).toMatchObject({ status: "settled", settled_at: server.clock.now() });
		// No commission at 0 bps: one settlement line, linked to the order.
		expect(await earningTxns(settled?.id ?? 0)).toEqual([
			{ kind: "shop_settlement", idempotency_key: `earning:${settled?.id}:settle`, order_id: order.id },
		]);
		expect(await settle()).toBe(0);
		await expectLedgerInvariants(server.deps.db);
	});

	it("pays the platform's commission, fixed at the rate when earned, as its own line", async () => {
		await setTerms({ holdHours: 24, commissionBps: 1250 });
		const before = await money();
		const order = await fx.paidOrder(customer.accessToken, COCONUT);
		const commission = Math.round((order.total * 1250) / 10_000);
		expect(commission).toBeGreaterThan(0);
		// A later change of rate does not reprice money already earned.
		await setTerms({ holdHours: 24, commissionBps: 5000 });
		await complete(order.id);
		await advance(24 * HOUR);
		expect(await settle()).toBe(1);

		expect(await money()).toEqual({
			pending: before.pending,
			available: before.available + order.total - commission,
			commission: before.commission + commission,
		});
		const [earning] = await earningsOf({ orderId: order.id });
		expect(earning).toMatchObject({ gross: order.total, commission, status: "settled" });
		expect((await earningTxns(earning?.id ?? 0)).map((txn) => txn.kind)).toEqual([
			"shop_settlement",
			"shop_commission",
		]);
		await expectLedgerInvariants(server.deps.db);
	});

	it("rounds the commission to the nearest minor unit: down below a half, up above it", async () => {
		const probe = await fx.paidOrder(customer.accessToken, COCONUT);
		// Rates at which this price's commission has a fraction below and above a half.
		const rateWith = (fits: (remainder: number) => boolean) => {
			for (let bps = 1; bps <= 10_000; bps++) if (fits((probe.total * bps) % 10_000)) return bps;
			throw new Error(`no rate fits a total of ${probe.total}`);
		};
		const cases = [
			{ bps: rateWith((r) => r > 0 && r < 5000), round: Math.floor },
			{ bps: rateWith((r) => r > 5000), round: Math.ceil },
		];
		for (const { bps, round } of cases) {
			await setTerms({ holdHours: 24, commissionBps: bps });
			const order = await fx.paidOrder(customer.accessToken, COCONUT);
			const [earning] = await earningsOf({ orderId: order.id });
			expect(earning, `at ${bps} bps`).toMatchObject({
				gross: order.total,
				commission: round((order.total * bps) / 10_000),
			});
		}
		await expectLedgerInvariants(server.deps.db);
	});

	it("of a table's round the kitchen completed before the bill was paid is released at payment", async () => {
		const tables = await new TableFixture(server).load(owner);
		const seating = await tables.sitAt("A1");
		const placed = await fx.place(customer.accessToken, {
			orderType: "desk",
			tableToken: seating,
			diners: 2,
			lines: [fx.line(COCONUT)],
		});
		expect(placed.code, placed.msg).toBe(0);
		await complete(placed.data.id);
		expect(await earningsOf({ orderId: placed.data.id })).toEqual([]);

		await advance(HOUR);
		const paid = await tables.payBill(customer, seating, placed.data.total);
		expect(paid.code, paid.msg).toBe(0);
		const [earning] = await earningsOf({ orderId: placed.data.id });
		expect(earning).toMatchObject({ gross: placed.data.total, status: "pending" });
		expect(earning?.releases_at?.getTime()).toBe(server.clock.now().getTime() + 24 * HOUR * 1000);
		await expectLedgerInvariants(server.deps.db);
	});
});

describe("a refund", () => {
	it("before settlement comes out of pending", async () => {
		await setTerms({ holdHours: 24, commissionBps: 1000 });
		const before = await money();
		const wallet = await walletBalance(server, customer.userId);
		const order = await fx.paidOrder(customer.accessToken, COCONUT);
		const cancelled = await server.call("POST", "/app-api/order/cancel", {
			token: customer.accessToken,
			body: { orderId: order.id },
		});
		expect(cancelled.code, cancelled.msg).toBe(0);

		expect(await money()).toEqual(before);
		expect(await walletBalance(server, customer.userId)).toBe(wallet);
		const [earning] = await earningsOf({ orderId: order.id });
		expect(earning).toMatchObject({ status: "reversed", reversed_at: server.clock.now(), settled_at: null });
		expect(await settle()).toBe(0);
		await expectLedgerInvariants(server.deps.db);
	});

	it("after settlement comes out of available, and the platform gives its commission back", async () => {
		await setTerms({ holdHours: 24, commissionBps: 1000 });
		const before = await money();
		const wallet = await walletBalance(server, customer.userId);
		const order = await fx.paidOrder(customer.accessToken, COCONUT);
		const commission = Math.round(order.total / 10);
		await complete(order.id);
		await advance(24 * HOUR);
		expect(await settle()).toBe(1);
		expect(await money()).toEqual({
			pending: before.pending,
			available: before.available + order.total - commission,
			commission: before.commission + commission,
		});

		await refundCompleted(order.id);

		expect(await money()).toEqual(before);
		expect(await walletBalance(server, customer.userId)).toBe(wallet);
		const [earning] = await earningsOf({ orderId: order.id });
		expect(earning).toMatchObject({ status: "reversed" });
		expect(await earningTxns(earning?.id ?? 0)).toEqual([
			{ kind: "shop_settlement", idempotency_key: `earning:${earning?.id}:settle`, order_id: order.id },
			{ kind: "shop_commission", idempotency_key: `earning:${earning?.id}:commission`, order_id: order.id },
			{
				kind: "commission_refund",
				idempotency_key: `earning:${earning?.id}:commission-refund`,
				order_id: order.id,
			},
		]);
		await expectLedgerInvariants(server.deps.db);
	});

	it("larger than available leaves a debt, and the next settlement pays it back first", async () => {
		await setTerms({ holdHours: 24, commissionBps: 1000 });
		const first = await fx.paidOrder(customer.accessToken, COCONUT);
		await complete(first.id);
		await advance(24 * HOUR);
		expect(await settle()).toBe(1);
		// The shop took everything it had out.
		await payOut((await money()).available);
		const before = await money();
		expect(before.available).toBe(0);

		await refundCompleted(first.id);
		const firstCommission = Math.round(first.total / 10);
		const owed = first.total - firstCommission;
		expect(await money()).toEqual({ ...before, available: -owed, commission: before.commission - firstCommission });
		await expectLedgerInvariants(server.deps.db);

		// The next earning settles into the same account: the debt is paid before anything is withdrawable.
		const second = await fx.paidOrder(customer.accessToken, COCONUT);
		await complete(second.id);
		await advance(24 * HOUR);
		expect(await settle()).toBe(1);
		const secondCommission = Math.round(second.total / 10);
		expect((await money()).available).toBe(-owed + second.total - secondCommission);
		await expectLedgerInvariants(server.deps.db);
	});

	it("of a refund amount its earnings do not add up to is refused loudly, moving nothing", async () => {
		const order = await fx.paidOrder(customer.accessToken, COCONUT);
		await server.deps.db
			.updateTable("shop_earning")
			.set({ gross: order.total - 1 })
			.where("order_id", "=", order.id)
			.execute();
		const before = await money();
		// A fault (HTTP 500), not a business answer: the books and the earnings disagree.
		await expect(
			server.call("POST", "/app-api/order/cancel", { token: customer.accessToken, body: { orderId: order.id } }),
		).rejects.toThrow(/HTTP 500/);
		expect(await money()).toEqual(before);
		expect((await earningsOf({ orderId: order.id }))[0]?.status).toBe("pending");
		// Put right, so the books agree again for the stories after this one.
		await server.deps.db
			.updateTable("shop_earning")
			.set({ gross: order.total })
			.where("order_id", "=", order.id)
			.execute();
		await expectLedgerInvariants(server.deps.db);
	});
});

describe("a counter payment's earning", () => {
	async function chargeAtCounter(amount: number): Promise<CounterPaymentView> {
		const code = await server.call<PayCodeView>("GET", "/app-api/member/user/pay-code", {
			token: customer.accessToken,
		});
		const charged = await server.call<CounterPaymentView>("POST", "/app-api/merchant/counter/charge", {
			token: owner.accessToken,
			body: { shopId: 1, code: code.data.code, amount },
		});
		expect(charged.code, charged.msg).toBe(0);
		return charged.data;
	}

	function refundAtCounter(paymentId: number) {
		return server.call<CounterPaymentView>("POST", "/app-api/merchant/counter/refund", {
			token: owner.accessToken,
			body: { shopId: 1, paymentId },
		});
	}

	it("is due after the hold from when it was taken, and its same-day refund comes out of pending", async () => {
		const before = await money();
		const payment = await chargeAtCounter(1234);
		const [earning] = await earningsOf({ counterPaymentId: payment.id });
		expect(earning).toMatchObject({ source: "counter_payment", gross: 1234, status: "pending" });
		expect(earning?.releases_at?.getTime()).toBe(server.clock.now().getTime() + 24 * HOUR * 1000);
		expect(await money()).toEqual({ ...before, pending: before.pending + 1234 });

		const refunded = await refundAtCounter(payment.id);
		expect(refunded.code, refunded.msg).toBe(0);
		expect(await money()).toEqual(before);
		expect((await earningsOf({ counterPaymentId: payment.id }))[0]?.status).toBe("reversed");
		await advance(25 * HOUR);
		expect(await settle()).toBe(0);
		await expectLedgerInvariants(server.deps.db);
	});

	it("settled already (no hold) is refunded out of available with its commission given back", async () => {
		await setTerms({ holdHours: 0, commissionBps: 200 });
		const before = await money();
		const payment = await chargeAtCounter(5000);
		expect(await settle()).toBe(1);
		expect(await money()).toEqual({
			pending: before.pending,
			available: before.available + 4900,
			commission: before.commission + 100,
		});

		const refunded = await refundAtCounter(payment.id);
		expect(refunded.code, refunded.msg).toBe(0);
		expect(await money()).toEqual(before);
		await expectLedgerInvariants(server.deps.db);
	});
});

describe("the test clock", () => {
	it("does not exist without FAKE_NOW", async () => {
		const answer = await server.call("POST", "/app-api/test/clock/advance", { body: { seconds: 60 } });
		expect(answer.code).toBe(ErrorCode.NotFound);
		expect((await server.call("GET", "/app-api/test/clock")).code).toBe(ErrorCode.NotFound);
	});

	it("with FAKE_NOW moves the server's clock and settles what became due", async () => {
		const faked = await startTestServer({
			configure: (config) => {
				config.fakeNow = new Date("2026-12-01T03:00:00Z");
			},
		});
		try {
			faked.clock.set(new Date("2026-12-01T03:00:00Z"));
			await faked.deps.db.updateTable("tenant").set({ settlement_hold_hours: 1 }).where("id", "=", 1).execute();
			const guest = await faked.signIn("13900000702");
			await grantBalance(faked, guest.userId, 10_000);
			const code = await faked.call<PayCodeView>("GET", "/app-api/member/user/pay-code", { token: guest.accessToken });
			const till = await faked.signIn("13800000001");
			const charged = await faked.call("POST", "/app-api/merchant/counter/charge", {
				token: till.accessToken,
				body: { shopId: 1, code: code.data.code, amount: 800 },
			});
			expect(charged.code, charged.msg).toBe(0);

			for (const seconds of [0, 1.5, "60", 367 * 24 * 3600]) {
				const refused = await faked.call("POST", "/app-api/test/clock/advance", { body: { seconds } });
				expect(refused.code, `seconds: ${JSON.stringify(seconds)}`).toBe(ErrorCode.BadRequest);
			}
			const early = await faked.call<{ now: string }>("POST", "/app-api/test/clock/advance", {
				body: { seconds: 1800 },
			});
			expect(early.data).toEqual({ now: "2026-12-01T03:30:00.000Z" });
			expect((await faked.deps.db.selectFrom("shop_earning").select("status").execute()).map((e) => e.status)).toEqual([
				"pending",
			]);
			const later = await faked.call<{ now: string }>("POST", "/app-api/test/clock/advance", {
				body: { seconds: 1800 },
			});
			expect(later.data).toEqual({ now: "2026-12-01T04:00:00.000Z" });
			expect((await faked.deps.db.selectFrom("shop_earning").select("status").execute()).map((e) => e.status)).toEqual([
				"settled",
			]);
			// A browser test puts the clock back for the tests after it.
			const back = await faked.call<{ now: string }>("POST", "/app-api/test/clock/advance", {
				body: { seconds: -3600 },
			});
			expect(back.data).toEqual({ now: "2026-12-01T03:00:00.000Z" });
			// What a browser page runs its clock from: the server's time now, wherever it was moved.
			faked.clock.advance(42);
			const now = await faked.call<{ now: string }>("GET", "/app-api/test/clock");
			expect(now.data).toEqual({ now: "2026-12-01T03:00:42.000Z" });
			await expectLedgerInvariants(faked.deps.db);
		} finally {
			await faked.close();
		}
	});
});
