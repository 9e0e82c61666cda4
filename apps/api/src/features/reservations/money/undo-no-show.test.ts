import type { ReservationView, WalletStatementPage } from "@bayon/contract";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { BookingMoneyFixture } from "../../../../test/booking-money.js";
import { decideAtSandbox, paymentIdOf, until } from "../../../../test/gateway.js";
import { startTestServer, type TestServer } from "../../../../test/harness.js";
import { expectLedgerInvariants } from "../../../../test/ledger-invariants.js";
import { OrderingFixture } from "../../../../test/ordering.js";
import { settleDueEarnings } from "../../merchant-wallet/earnings/settlement.js";
import { deliverGatewayRefunds, settleGatewayRefundDeliveries } from "../../payments/refunds/refunds.js";
import { postLedgerTxn } from "../../wallet/ledger.js";

/**
 * Undoing a no-show (decision 020): the booking becomes completed, the strike goes, and so does
 * the deposit the no-show kept — out of the shop's money (pending, or available after
 * settlement, which may leave the shop owing) and back the way the guest paid it, exactly once
 * however many times and places the staff press "undo".
 */

type Session = { accessToken: string; userId: number };
const HOUR = 3600;
const DEPOSIT = 1000;

let server: TestServer;
let fx: OrderingFixture;
let bx: BookingMoneyFixture;
let guest: Session;
let staff: Session;
let owner: Session;

beforeAll(async () => {
	server = await startTestServer();
	fx = await new OrderingFixture(server).load();
	bx = new BookingMoneyFixture(server, fx);
});
afterAll(async () => {
	await server?.close();
});
beforeEach(async () => {
	fx.moveClockToLocal("12:00");
	await setTerms({ holdHours: 24, commissionBps: 0 });
	await signInAgain();
	// What earlier stories left due is settled first: each story counts only its own.
	await settleDueEarnings(server.deps);
});

async function signInAgain() {
	guest = await server.signIn("13800000003");
	staff = await server.signIn("13800000002");
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

const staffAction = (reservationId: number, action: "noShow" | "undoNoShow") =>
	server.call<ReservationView>("POST", "/app-api/merchant/reservation/action", {
		token: staff.accessToken,
		body: { reservationId, action },
	});

/** The demo shop's money and the platform's commission, as the ledger holds them. */
async function shopMoney() {
	const rows = await server.deps.db
		.selectFrom("ledger_account")
		.select(["kind", "balance"])
		.where("tenant_id", "=", 1)
		.where((eb) =>
			eb.or([
				eb.and([eb("shop_id", "=", 1), eb("kind", "in", ["shop_revenue", "shop_available"])]),
				eb("kind", "=", "platform_commission"),
			]),
		)
		.execute();
	const of = (kind: string) => rows.find((row) => row.kind === kind)?.balance ?? 0;
	return { pending: of("shop_revenue"), available: of("shop_available"), commission: of("platform_commission") };
}

function keptEarnings(reservationId: number) {
	return server.deps.db
		.selectFrom("shop_earning")
		.select(["gross", "status"])
		.where("reservation_id", "=", reservationId)
		.where("source", "=", "reservation_kept")
		.execute();
}

/** A booking of the guest's, its deposit paid from the balance, then marked a no-show by the staff. */
async function keptNoShow(): Promise<number> {
	await fx.grant(guest.userId, 5000);
	const booking = await bx.book({ memberId: guest.userId, deposit: DEPOSIT, startsInMinutes: 60 });
	expect((await bx.pay(guest.accessToken, booking.id)).code).toBe(0);
	await advance(61 * 60);
	const marked = await staffAction(booking.id, "noShow");
	expect(marked.code, marked.msg).toBe(0);
	expect(marked.data).toMatchObject({ status: "no_show", strikes: 1 });
	return booking.id;
}

/** Money the shop's settled account loses to a payout, as a withdrawal paid out would take it. */
async function payOut(amount: number) {
	await server.deps.db.transaction().execute((trx) =>
		postLedgerTxn(trx, {
			tenantId: 1,
			kind: "withdrawal_paid",
			idempotencyKey: `undo-no-show-test-payout:${fx.newKey()}`,
			orderId: null,
			now: server.clock.now(),
			moves: [
				{ account: { kind: "shop_available", tenantId: 1, shopId: 1 }, amount: -amount },
				{ account: { kind: "shop_payouts", tenantId: 1 }, amount },
			],
		}),
	);
}

describe("undoing a no-show that kept a deposit paid from the balance", () => {
	it("gives the deposit back to the wallet once, out of the shop's pending money, under parallel presses", async () => {
		const walletBefore = await bx.wallet(guest.userId);
		const moneyBefore = await shopMoney();
		const id = await keptNoShow();
		expect(await bx.wallet(guest.userId)).toBe(walletBefore + 5000 - DEPOSIT);
		expect((await shopMoney()).pending).toBe(moneyBefore.pending + DEPOSIT);
		expect(await keptEarnings(id)).toEqual([{ gross: DEPOSIT, status: "pending" }]);

		// The staff press "undo" on two screens, twice each, at once.
		const presses = await Promise.all(Array.from({ length: 6 }, () => staffAction(id, "undoNoShow")));

		for (const press of presses) {
			expect(press.code, press.msg).toBe(0);
			expect(press.data).toMatchObject({ status: "completed", strikes: 0 });
		}
		expect(await bx.wallet(guest.userId)).toBe(walletBefore + 5000);
		expect(await shopMoney()).toEqual(moneyBefore);
		expect(await keptEarnings(id)).toEqual([{ gross: DEPOSIT, status: "reversed" }]);
		const stored = await bx.stored(id);
		expect(stored.payments).toEqual([{ kind: "deposit", amount: DEPOSIT, status: "refunded", pay_method: "balance" }]);
		expect(stored.ledger).toEqual(["reservation_payment", "reservation_kept", "reservation_refund"]);
		const history = await server.deps.db
			.selectFrom("reservation_history")
			.select("status")
			.where("reservation_id", "=", id)
			.orderBy("id")
			.execute();
		expect(history.map((row) => row.status)).toEqual(["awaiting_payment", "confirmed", "no_show", "completed"]);

		// The guest sees it given back; the shop's statement shows it as a refund.
		const detail = await server.call<ReservationView>("GET", `/app-api/reservation/detail?id=${id}`, {
			token: guest.accessToken,
		});
		expect(detail.data.payments).toEqual([
			{ kind: "deposit", amount: DEPOSIT, status: "refunded", payMethod: "balance" },
		]);
		const statement = await server.call<WalletStatementPage>("GET", "/app-api/merchant/wallet/statement?shopId=1", {
			token: owner.accessToken,
		});
		expect(statement.code, statement.msg).toBe(0);
		expect(statement.data.lines.slice(0, 2).map((line) => [line.kind, line.amount])).toEqual([
			["refund", -DEPOSIT],
			["depositKept", DEPOSIT],
		]);
		await bx.expectBooksBalanced();
		await expectLedgerInvariants(server.deps.db);
	});

	it("after settlement and a payout takes it out of available money, leaving the shop owing", async () => {
		await setTerms({ holdHours: 24, commissionBps: 1000 });
		const id = await keptNoShow();
		await advance(24 * HOUR);
		expect(await settleDueEarnings(server.deps)).toBe(1);
		expect(await keptEarnings(id)).toEqual([{ gross: DEPOSIT, status: "settled" }]);
		// The shop took everything it had out.
		await payOut((await shopMoney()).available);
		const before = await shopMoney();
		const walletBefore = await bx.wallet(guest.userId);

		const presses = await Promise.all([staffAction(id, "undoNoShow"), staffAction(id, "undoNoShow")]);

		expect(presses.map((press) => press.code)).toEqual([0, 0]);
		const commission = DEPOSIT / 10;
		// The deposit less the commission the platform gives back: owed until the next settlements pay it.
		expect(await shopMoney()).toEqual({
			pending: before.pending,
			available: -(DEPOSIT - commission),
			commission: before.commission - commission,
		});
		expect(await bx.wallet(guest.userId)).toBe(walletBefore + DEPOSIT);
		expect(await keptEarnings(id)).toEqual([{ gross: DEPOSIT, status: "reversed" }]);
		await bx.expectBooksBalanced();
		await expectLedgerInvariants(server.deps.db);
		// Leave no debt for the stories after this one.
		await server.deps.db.transaction().execute((trx) =>
			postLedgerTxn(trx, {
				tenantId: 1,
				kind: "wallet_grant",
				idempotencyKey: `undo-no-show-test-debt:${fx.newKey()}`,
				orderId: null,
				now: server.clock.now(),
				moves: [
					{ account: { kind: "external_funds", tenantId: 1 }, amount: -(DEPOSIT - commission) },
					{ account: { kind: "shop_available", tenantId: 1, shopId: 1 }, amount: DEPOSIT - commission },
				],
			}),
		);
	});

	it("racing the settlement job: the deposit comes back once whichever goes first", async () => {
		await setTerms({ holdHours: 24, commissionBps: 1000 });
		const before = await shopMoney();
		const walletBefore = await bx.wallet(guest.userId);
		const id = await keptNoShow();
		await advance(24 * HOUR);

		const [, ...presses] = await Promise.all([
			settleDueEarnings(server.deps),
			staffAction(id, "undoNoShow"),
			staffAction(id, "undoNoShow"),
			staffAction(id, "undoNoShow"),
		]);

		expect(presses.map((press) => press.code)).toEqual([0, 0, 0]);
		// Settled first (then reversed out of available, the commission given back) or reversed
		// first (never settled): either way the shop and the platform end where they started.
		expect(await shopMoney()).toEqual(before);
		expect(await bx.wallet(guest.userId)).toBe(walletBefore + 5000);
		expect(await keptEarnings(id)).toEqual([{ gross: DEPOSIT, status: "reversed" }]);
		await bx.expectBooksBalanced();
		await expectLedgerInvariants(server.deps.db);
	});
});

describe("undoing a no-show that kept a deposit paid at the gateway", () => {
	it("gives it back at the gateway once", async () => {
		const moneyBefore = await shopMoney();
		const booking = await bx.book({ memberId: guest.userId, deposit: DEPOSIT, startsInMinutes: 60 });
		const started = await bx.pay(guest.accessToken, booking.id, "sandbox");
		const paymentId = paymentIdOf(started.data.redirectUrl as string);
		await decideAtSandbox(server, started.data.redirectUrl as string, "approve");
		await until(async () => (await bx.stored(booking.id)).reservation.status === "confirmed");
		await advance(61 * 60);
		expect((await staffAction(booking.id, "noShow")).data.status).toBe("no_show");

		const presses = await Promise.all([staffAction(booking.id, "undoNoShow"), staffAction(booking.id, "undoNoShow")]);

		expect(presses.map((press) => press.data.status)).toEqual(["completed", "completed"]);
		await deliverGatewayRefunds(server.deps);
		await settleGatewayRefundDeliveries(server.deps);
		const refunds = await server.deps.db
			.selectFrom("sandbox_gateway_refund")
			.select("amount")
			.where("txn_id", "=", paymentId)
			.execute();
		expect(refunds).toEqual([{ amount: DEPOSIT }]);
		expect(await shopMoney()).toEqual(moneyBefore);
		expect((await bx.stored(booking.id)).payments).toEqual([
			{ kind: "deposit", amount: DEPOSIT, status: "refunded", pay_method: "sandbox" },
		]);
		await bx.expectBooksBalanced();
		await expectLedgerInvariants(server.deps.db);
	});
});

describe("undoing a no-show without a deposit", () => {
	it("takes the strike away and moves no money", async () => {
		const booking = await bx.book({ memberId: guest.userId, startsInMinutes: 60 });
		await advance(61 * 60);
		expect((await staffAction(booking.id, "noShow")).data.strikes).toBe(1);
		const undone = await staffAction(booking.id, "undoNoShow");
		expect(undone.data).toMatchObject({ status: "completed", strikes: 0 });
		expect((await bx.stored(booking.id)).ledger).toEqual([]);
		await expectLedgerInvariants(server.deps.db);
	});
});
