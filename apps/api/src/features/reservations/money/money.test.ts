import {
	ErrorCode,
	formatMessage,
	formatMoney,
	type OrderView,
	type PageResult,
	type ReservationView,
	type TableBillView,
} from "@bayon/contract";
import { sql } from "kysely";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { BookingMoneyFixture } from "../../../../test/booking-money.js";
import { decideAtSandbox, fireSandboxCallback, loseCallbacksOf, paymentIdOf, until } from "../../../../test/gateway.js";
import type { TestServer } from "../../../../test/harness.js";
import { expectLedgerInvariants } from "../../../../test/ledger-invariants.js";
import type { OrderingFixture } from "../../../../test/ordering.js";
import { startAtDemoTables, type TableFixture } from "../../../../test/tables.js";
import { reconcileGatewayPayments } from "../../payments/reconciliation/reconciliation.js";
import { deliverGatewayRefunds, settleGatewayRefundDeliveries } from "../../payments/refunds/refunds.js";
import { findTenant } from "../../tenancy/service.js";
import { lockReservation } from "../records.js";
import { refundPreorderPayment } from "./booking-money.js";
import { expireUnpaidReservations } from "./payments.js";

let server: TestServer;
let fx: OrderingFixture;
let bx: BookingMoneyFixture;
let tables: TableFixture;
let guest: { accessToken: string; userId: number };
let staff: { accessToken: string; userId: number };
/** The hold's balance before each story: every story leaves it where it found it, or says why not. */
let holdBefore: number;
const COCONUT = "Fresh young coconut";
const DEPOSIT = 1000;

beforeAll(async () => {
	({ server, fx, staff, tables } = await startAtDemoTables());
	await fx.setStock(fx.item(COCONUT).id, null);
	bx = new BookingMoneyFixture(server, fx);
});
afterAll(async () => {
	await server?.close();
});
beforeEach(async () => {
	fx.moveClockToLocal("12:00");
	guest = await server.signIn("13800000003");
	staff = await server.signIn("13800000002");
	holdBefore = await bx.hold();
});

/** Moves the server's clock on; the apps' sessions are signed in again (access tokens are short-lived). */
async function advance(seconds: number) {
	server.clock.advance(seconds);
	guest = await server.signIn("13800000003");
	staff = await server.signIn("13800000002");
}

/** The gateway's sandbox checkout: the payer decides, and its callback (unless lost) reaches us. */
async function payAtSandbox(reservationId: number) {
	const started = await bx.pay(guest.accessToken, reservationId, "sandbox");
	expect(started.code).toBe(0);
	expect(started.data.redirectUrl).toMatch(/^\/sandbox-pay\/checkout\//);
	return paymentIdOf(started.data.redirectUrl as string);
}

/** The guest cancels through the app (POST /reservation/cancel). */
const cancel = (reservationId: number) =>
	server.call<ReservationView>("POST", "/app-api/reservation/cancel", {
		token: guest.accessToken,
		body: { reservationId },
	});

/** A staff decision on the reservations page (POST /merchant/reservation/action). */
const staffAction = (reservationId: number, action: "noShow" | "cancel") =>
	server.call<ReservationView>("POST", "/app-api/merchant/reservation/action", {
		token: staff.accessToken,
		body: { reservationId, action },
	});

async function sandboxRefundsOf(paymentId: string) {
	await deliverGatewayRefunds(server.deps);
	await settleGatewayRefundDeliveries(server.deps);
	return server.deps.db.selectFrom("sandbox_gateway_refund").select("amount").where("txn_id", "=", paymentId).execute();
}

describe("paying a booking's deposit", () => {
	it("charges the deposit once however many times the guest clicks pay at once", async () => {
		await fx.grant(guest.userId, 5000);
		const walletBefore = await bx.wallet(guest.userId);
		const booking = await bx.book({ memberId: guest.userId, deposit: DEPOSIT });

		const clicks = await Promise.all(Array.from({ length: 5 }, () => bx.pay(guest.accessToken, booking.id)));

		const paid = clicks.filter((click) => click.code === 0);
		expect(paid).toHaveLength(1);
		expect(clicks.filter((click) => click.code === ErrorCode.ReservationNotPayable)).toHaveLength(4);
		expect(paid[0]?.data).toMatchObject({
			balance: walletBefore - DEPOSIT,
			reservation: { status: "confirmed", amountDue: 0, payDeadline: null },
		});
		expect(await bx.wallet(guest.userId)).toBe(walletBefore - DEPOSIT);
		expect(await bx.hold()).toBe(holdBefore + DEPOSIT);
		const stored = await bx.stored(booking.id);
		expect(stored.payments).toEqual([{ kind: "deposit", amount: DEPOSIT, status: "paid", pay_method: "balance" }]);
		expect(stored.ledger).toEqual(["reservation_payment"]);
		await bx.expectBooksBalanced();

		// Leave the hold as found: the guest cancels in time.
		expect(await bx.exit(booking.id, "cancelled")).toBe(true);
		expect(await bx.hold()).toBe(holdBefore);
	});

	it("answers a retry with the same idempotency key as the first payment, charging nothing more", async () => {
		await fx.grant(guest.userId, 5000);
		const walletBefore = await bx.wallet(guest.userId);
		const booking = await bx.book({ memberId: guest.userId, deposit: DEPOSIT, autoConfirm: false });
		const key = fx.newKey();

		const answers = await Promise.all(
			Array.from({ length: 3 }, () => bx.pay(guest.accessToken, booking.id, "balance", key)),
		);

		expect(answers.map((a) => a.code)).toEqual([0, 0, 0]);
		expect(answers.map((a) => a.data.balance)).toEqual(Array(3).fill(walletBefore - DEPOSIT));
		// Not auto-confirmed: paid, it waits for the staff.
		expect(answers[0]?.data.reservation.status).toBe("pending");
		expect(await bx.wallet(guest.userId)).toBe(walletBefore - DEPOSIT);
		expect(await bx.exit(booking.id, "cancelled")).toBe(true);
		expect(await bx.hold()).toBe(holdBefore);
		await bx.expectBooksBalanced();
	});

	it("refuses a malformed idempotency key in the guest's language, charging nothing, by balance or gateway", async () => {
		await fx.grant(guest.userId, 5000);
		const walletBefore = await bx.wallet(guest.userId);
		const booking = await bx.book({ memberId: guest.userId, deposit: DEPOSIT });
		const gatewayPaymentsBefore = await server.deps.db
			.selectFrom("payment")
			.select((eb) => eb.fn.countAll<string>().as("n"))
			.executeTakeFirstOrThrow();

		// Too short, a space, too long: each one a retry the client thinks is protected.
		for (const [key, method, lang] of [
			["short", "balance", "en"],
			["has a space in it", "balance", "km"],
			["k".repeat(129), "sandbox", "zh-CN"],
		] as const) {
			const refused = await bx.pay(guest.accessToken, booking.id, method, key, lang);
			expect(refused).toMatchObject({
				code: ErrorCode.IdempotencyKeyRequired,
				msg: formatMessage("idempotencyKeyRequired", lang),
			});
		}

		expect(await bx.wallet(guest.userId)).toBe(walletBefore);
		expect(await bx.hold()).toBe(holdBefore);
		expect((await bx.stored(booking.id)).payments).toEqual([
			{ kind: "deposit", amount: DEPOSIT, status: "due", pay_method: null },
		]);
		const gatewayPaymentsAfter = await server.deps.db
			.selectFrom("payment")
			.select((eb) => eb.fn.countAll<string>().as("n"))
			.executeTakeFirstOrThrow();
		expect(gatewayPaymentsAfter.n).toBe(gatewayPaymentsBefore.n);
		// A well-formed key still pays, once.
		expect((await bx.pay(guest.accessToken, booking.id, "balance", fx.newKey())).code).toBe(0);
		expect(await bx.wallet(guest.userId)).toBe(walletBefore - DEPOSIT);
		expect(await bx.exit(booking.id, "cancelled")).toBe(true);
		expect(await bx.hold()).toBe(holdBefore);
		await bx.expectBooksBalanced();
		await expectLedgerInvariants(server.deps.db);
	});

	it("refuses a balance too small, changing nothing; and a booking whose hold passed or that owes nothing", async () => {
		const poor = await server.signIn("13900000091");
		const booking = await bx.book({ memberId: poor.userId, deposit: DEPOSIT });

		const tooLittle = await bx.pay(poor.accessToken, booking.id, "balance", undefined, "en");
		expect(tooLittle.code).toBe(ErrorCode.InsufficientBalance);
		expect((await bx.stored(booking.id)).payments).toEqual([
			{ kind: "deposit", amount: DEPOSIT, status: "due", pay_method: null },
		]);
		expect((await bx.stored(booking.id)).reservation.status).toBe("awaiting_payment");

		// Someone else's booking is not found; a booking with nothing due is not payable.
		expect((await bx.pay(guest.accessToken, booking.id)).code).toBe(ErrorCode.NotFound);
		const free = await bx.book({ memberId: guest.userId });
		expect((await bx.pay(guest.accessToken, free.id, "balance", undefined, "en")).code).toBe(
			ErrorCode.ReservationNotPayable,
		);

		await fx.grant(poor.userId, 5000);
		await advance(16 * 60);
		const stillPoor = await server.signIn("13900000091");
		expect((await bx.pay(stillPoor.accessToken, booking.id)).code).toBe(ErrorCode.ReservationNotPayable);
		expect(await bx.hold()).toBe(holdBefore);
		expect(await expireUnpaidReservations(server.deps)).toBe(1);
	});
});

describe("releasing a booking's money", () => {
	it("refunds the deposit exactly once when the guest cancels in time from two devices at once", async () => {
		await fx.grant(guest.userId, 5000);
		const booking = await bx.book({ memberId: guest.userId, deposit: DEPOSIT });
		expect((await bx.pay(guest.accessToken, booking.id)).code).toBe(0);
		const walletPaid = await bx.wallet(guest.userId);

		const cancels = await Promise.all([cancel(booking.id), cancel(booking.id)]);

		expect(cancels.map((c) => [c.code, c.data.status])).toEqual([
			[0, "cancelled"],
			[0, "cancelled"],
		]);
		expect(await bx.wallet(guest.userId)).toBe(walletPaid + DEPOSIT);
		expect(await bx.hold()).toBe(holdBefore);
		const stored = await bx.stored(booking.id);
		expect(stored.payments.map((p) => p.status)).toEqual(["refunded"]);
		expect(stored.ledger).toEqual(["reservation_payment", "reservation_refund"]);
		expect(stored.holding).toBe(false);
		await bx.expectBooksBalanced();
	});

	it("releases a row once even when called again without looking at the booking's status", async () => {
		await fx.grant(guest.userId, 5000);
		const booking = await bx.book({ memberId: guest.userId, deposit: DEPOSIT });
		expect((await bx.pay(guest.accessToken, booking.id)).code).toBe(0);
		const walletPaid = await bx.wallet(guest.userId);

		await Promise.all([
			bx.exit(booking.id, "cancelled", { checkStatus: false }),
			bx.exit(booking.id, "cancelled", { checkStatus: false }),
		]);

		expect(await bx.wallet(guest.userId)).toBe(walletPaid + DEPOSIT);
		expect(await bx.hold()).toBe(holdBefore);
		await bx.expectBooksBalanced();
	});

	it("keeps the deposit on a late cancel and refunds the pre-order paid ahead", async () => {
		await fx.grant(guest.userId, 5000);
		const revenueBefore = await bx.revenue();
		const preorder = { lines: [bx.preorderLine(COCONUT, 2)], pay: "now" as const };
		// An hour before: inside the shop's 2-hour cancel window, so the cancel is late.
		const booking = await bx.book({ memberId: guest.userId, deposit: DEPOSIT, preorder, startsInMinutes: 60 });
		const paid = await bx.pay(guest.accessToken, booking.id);
		expect(paid.code).toBe(0);
		expect(await bx.hold()).toBe(holdBefore + DEPOSIT + 400);
		const walletPaid = await bx.wallet(guest.userId);

		const cancelled = await cancel(booking.id);
		expect(cancelled.data.status).toBe("late_cancelled");
		expect((await cancel(booking.id)).code).toBe(0);

		expect(await bx.revenue()).toBe(revenueBefore + DEPOSIT);
		expect(await bx.wallet(guest.userId)).toBe(walletPaid + 400);
		expect(await bx.hold()).toBe(holdBefore);
		expect((await bx.stored(booking.id)).payments.map((p) => [p.kind, p.status])).toEqual([
			["deposit", "kept"],
			["preorder", "refunded"],
		]);
		await bx.expectBooksBalanced();
	});

	it("refuses a late cancel whose screen said the deposit comes back, changing nothing; keeps what it warned of", async () => {
		await fx.grant(guest.userId, 5000);
		const revenueBefore = await bx.revenue();
		const booking = await bx.book({ memberId: guest.userId, deposit: DEPOSIT, startsInMinutes: 60 });
		expect((await bx.pay(guest.accessToken, booking.id)).code).toBe(0);
		const walletPaid = await bx.wallet(guest.userId);
		const cancelSaying = (depositKeptAtMost: number, lang: string) =>
			server.call<ReservationView>("POST", "/app-api/reservation/cancel", {
				token: guest.accessToken,
				lang,
				body: { reservationId: booking.id, depositKeptAtMost },
			});
		const tenant = await findTenant(server.deps, 1);
		const amount = formatMoney(DEPOSIT, tenant?.currency as NonNullable<typeof tenant>["currency"]);

		// The screen's clock was behind: it said "refunded" (0 kept), or named less than the deposit.
		for (const [said, lang] of [
			[0, "km"],
			[DEPOSIT - 1, "en"],
		] as const) {
			const refused = await cancelSaying(said, lang);
			expect(refused).toMatchObject({
				code: ErrorCode.ReservationCancelKeepsDeposit,
				msg: formatMessage("reservationCancelKeepsDeposit", lang, { amount }),
			});
		}
		expect((await bx.stored(booking.id)).reservation.status).toBe("confirmed");
		expect(await bx.wallet(guest.userId)).toBe(walletPaid);
		expect(await bx.revenue()).toBe(revenueBefore);

		// Having shown the late warning with the deposit, the cancel keeps it.
		const cancelled = await cancelSaying(DEPOSIT, "en");
		expect(cancelled.data.status).toBe("late_cancelled");
		expect(await bx.revenue()).toBe(revenueBefore + DEPOSIT);
		expect(await bx.wallet(guest.userId)).toBe(walletPaid);
		await bx.expectBooksBalanced();
		await expectLedgerInvariants(server.deps.db);
	});

	it("keeps the deposit of a no-show, once", async () => {
		await fx.grant(guest.userId, 5000);
		const revenueBefore = await bx.revenue();
		const booking = await bx.book({ memberId: guest.userId, deposit: DEPOSIT, startsInMinutes: 30 });
		expect((await bx.pay(guest.accessToken, booking.id)).code).toBe(0);
		await advance(45 * 60);

		// Two staff tap "no-show" at once.
		const marks = await Promise.all([staffAction(booking.id, "noShow"), staffAction(booking.id, "noShow")]);

		expect(marks.map((m) => [m.code, m.data.status])).toEqual([
			[0, "no_show"],
			[0, "no_show"],
		]);
		expect(await bx.revenue()).toBe(revenueBefore + DEPOSIT);
		expect(await bx.hold()).toBe(holdBefore);
		expect((await bx.stored(booking.id)).ledger).toEqual(["reservation_payment", "reservation_kept"]);
		await bx.expectBooksBalanced();
	});
});

describe("paying a deposit through the gateway", () => {
	it("credits once when the callback comes five times, and sends the guest back to the booking", async () => {
		const booking = await bx.book({ memberId: guest.userId, deposit: DEPOSIT });
		const started = await bx.pay(guest.accessToken, booking.id, "sandbox");
		expect(started.data.reservation.payments).toEqual([
			{ kind: "deposit", amount: DEPOSIT, status: "paying", payMethod: null },
		]);
		const redirectUrl = started.data.redirectUrl as string;
		const paymentId = paymentIdOf(redirectUrl);

		const location = await decideAtSandbox(server, redirectUrl, "approve");
		expect(location).toContain(`/pages/components/pages/due/detail?id=${booking.id}`);
		const answers = await fireSandboxCallback(server, paymentId, 5);

		expect(answers).toEqual(Array(5).fill("success"));
		await until(async () => (await bx.stored(booking.id)).reservation.status === "confirmed");
		const stored = await bx.stored(booking.id);
		expect(stored.payments).toEqual([{ kind: "deposit", amount: DEPOSIT, status: "paid", pay_method: "sandbox" }]);
		expect(stored.ledger).toEqual(["reservation_payment"]);
		expect(await bx.hold()).toBe(holdBefore + DEPOSIT);

		// Cancelled in time: the deposit goes back to the gateway, once.
		expect(await bx.exit(booking.id, "cancelled")).toBe(true);
		expect(await bx.exit(booking.id, "cancelled")).toBe(false);
		expect(await sandboxRefundsOf(paymentId)).toEqual([{ amount: DEPOSIT }]);
		expect(await bx.hold()).toBe(holdBefore);
		await bx.expectBooksBalanced();
	});

	it("takes one of two checkouts the guest started and refunds the other, whatever order their callbacks come in", async () => {
		const booking = await bx.book({ memberId: guest.userId, deposit: DEPOSIT });
		const first = await payAtSandbox(booking.id);
		const second = await payAtSandbox(booking.id);

		// The second checkout is approved first; the first one's money arrives after.
		await decideAtSandbox(server, `/sandbox-pay/checkout/${second}`, "approve");
		await until(async () => (await bx.stored(booking.id)).reservation.status === "confirmed");
		await decideAtSandbox(server, `/sandbox-pay/checkout/${first}`, "approve");
		await until(async () => (await sandboxRefundsOf(first)).length > 0);

		expect(await sandboxRefundsOf(first)).toEqual([{ amount: DEPOSIT }]);
		expect(await sandboxRefundsOf(second)).toEqual([]);
		const stored = await bx.stored(booking.id);
		expect(stored.payments).toEqual([{ kind: "deposit", amount: DEPOSIT, status: "paid", pay_method: "sandbox" }]);
		expect(stored.ledger).toEqual(["reservation_payment", "reservation_payment", "reservation_refund"]);
		expect(await bx.hold()).toBe(holdBefore + DEPOSIT);
		expect(await bx.exit(booking.id, "cancelled")).toBe(true);
		expect(await bx.hold()).toBe(holdBefore);
		await bx.expectBooksBalanced();
	});

	it("refunds a checkout that no longer matches what is owed (the pre-order was removed meanwhile); the deposit is due again", async () => {
		const preorder = { lines: [bx.preorderLine(COCONUT, 1)], pay: "now" as const };
		const booking = await bx.book({ memberId: guest.userId, deposit: DEPOSIT, preorder });
		const paymentId = await payAtSandbox(booking.id);
		await server.deps.db.transaction().execute(async (trx) => {
			await lockReservation(trx, 1, booking.id);
			await refundPreorderPayment(trx, { tenantId: 1, reservationId: booking.id, now: server.clock.now() });
		});

		await decideAtSandbox(server, `/sandbox-pay/checkout/${paymentId}`, "approve");
		await until(async () => (await sandboxRefundsOf(paymentId)).length > 0);

		expect(await sandboxRefundsOf(paymentId)).toEqual([{ amount: DEPOSIT + 200 }]);
		const stored = await bx.stored(booking.id);
		expect(stored.reservation.status).toBe("awaiting_payment");
		expect(stored.payments.map((p) => [p.kind, p.status])).toEqual([
			["deposit", "due"],
			["preorder", "refunded"],
		]);
		expect(await bx.hold()).toBe(holdBefore);
		expect(await bx.exit(booking.id, "cancelled")).toBe(true);
		await bx.expectBooksBalanced();
	});

	it("shows a guest back from the gateway the booking paid, even when the gateway's callback was lost", async () => {
		const booking = await bx.book({ memberId: guest.userId, deposit: DEPOSIT });
		const paymentId = await payAtSandbox(booking.id);
		await loseCallbacksOf(server, paymentId);
		const detail = () =>
			server.call<ReservationView>("GET", `/app-api/reservation/detail?id=${booking.id}`, { token: guest.accessToken });

		// Left at the gateway: still owed, and the guest may start paying again.
		const waiting = (await detail()).data;
		expect(waiting.amountDue).toBe(DEPOSIT);
		expect(waiting.actions).toContain("pay");

		await decideAtSandbox(server, `/sandbox-pay/checkout/${paymentId}`, "approve");
		const back = (await detail()).data;
		expect(back.status).toBe("confirmed");
		expect(back.payments).toEqual([{ kind: "deposit", amount: DEPOSIT, status: "paid", payMethod: "sandbox" }]);
		expect(back.amountDue).toBe(0);
		expect(await bx.hold()).toBe(holdBefore + DEPOSIT);

		// The guest cancels in time: the refund reaches the gateway at once, not at the refund job's next round.
		expect((await cancel(booking.id)).code).toBe(0);
		await until(
			async () =>
				(
					await server.deps.db
						.selectFrom("sandbox_gateway_refund")
						.select("amount")
						.where("txn_id", "=", paymentId)
						.execute()
				).length > 0,
		);
		expect(await bx.hold()).toBe(holdBefore);
		await bx.expectBooksBalanced();
	});

	it("puts a declined deposit back to due, so the guest can pay from the balance", async () => {
		await fx.grant(guest.userId, 5000);
		const booking = await bx.book({ memberId: guest.userId, deposit: DEPOSIT });
		const paymentId = await payAtSandbox(booking.id);
		await decideAtSandbox(server, `/sandbox-pay/checkout/${paymentId}`, "decline");
		await until(async () => (await bx.stored(booking.id)).payments[0]?.status === "due");

		expect((await bx.pay(guest.accessToken, booking.id)).data.reservation.status).toBe("confirmed");
		expect(await bx.exit(booking.id, "cancelled")).toBe(true);
		expect(await bx.hold()).toBe(holdBefore);
		await bx.expectBooksBalanced();
	});
});

describe("unpaid holds", () => {
	it("expire after the pay deadline: nothing charged, rows void, the table free again", async () => {
		const booking = await bx.book({ memberId: guest.userId, deposit: DEPOSIT, table: "A6" });
		expect(await expireUnpaidReservations(server.deps)).toBe(0);

		server.clock.advance(16 * 60);
		const [one, two] = await Promise.all([
			expireUnpaidReservations(server.deps),
			expireUnpaidReservations(server.deps),
		]);

		expect(one + two).toBe(1);
		const stored = await bx.stored(booking.id);
		expect(stored.reservation.status).toBe("expired");
		expect(stored.payments.map((p) => p.status)).toEqual(["void"]);
		expect(stored.holding).toBe(false);
		expect(stored.ledger).toEqual([]);
		// The table takes another booking for the same time.
		await bx.book({ memberId: guest.userId, table: "A6", startsInMinutes: 180 - 16 });
		expect(await bx.hold()).toBe(holdBefore);
	});

	it("are not expired while the gateway says the payer paid: the deposit is taken and the booking kept", async () => {
		const booking = await bx.book({ memberId: guest.userId, deposit: DEPOSIT });
		const paymentId = await payAtSandbox(booking.id);
		await loseCallbacksOf(server, paymentId);
		await decideAtSandbox(server, `/sandbox-pay/checkout/${paymentId}`, "approve");
		server.clock.advance(16 * 60);

		expect(await expireUnpaidReservations(server.deps)).toBe(0);

		const stored = await bx.stored(booking.id);
		expect(stored.reservation.status).toBe("confirmed");
		expect(stored.payments.map((p) => p.status)).toEqual(["paid"]);
		expect(await bx.hold()).toBe(holdBefore + DEPOSIT);
		expect(await bx.exit(booking.id, "cancelled")).toBe(true);
		expect(await bx.hold()).toBe(holdBefore);
		await bx.expectBooksBalanced();
	});

	it("expire when the payer never decided, and money that still arrives is refunded at once", async () => {
		const booking = await bx.book({ memberId: guest.userId, deposit: DEPOSIT });
		const paymentId = await payAtSandbox(booking.id);
		server.clock.advance(16 * 60);

		expect(await expireUnpaidReservations(server.deps)).toBe(1);
		expect((await bx.stored(booking.id)).reservation.status).toBe("expired");

		await decideAtSandbox(server, `/sandbox-pay/checkout/${paymentId}`, "approve");
		await until(async () => (await sandboxRefundsOf(paymentId)).length > 0);
		expect(await sandboxRefundsOf(paymentId)).toEqual([{ amount: DEPOSIT }]);
		const stored = await bx.stored(booking.id);
		expect(stored.reservation.status).toBe("expired");
		expect(stored.payments.map((p) => p.status)).toEqual(["refunded"]);
		expect(await bx.hold()).toBe(holdBefore);
		await bx.expectBooksBalanced();
	});

	it("are settled by the reconciliation job when a callback was lost", async () => {
		const booking = await bx.book({ memberId: guest.userId, deposit: DEPOSIT });
		const paymentId = await payAtSandbox(booking.id);
		await loseCallbacksOf(server, paymentId);
		await decideAtSandbox(server, `/sandbox-pay/checkout/${paymentId}`, "approve");
		server.clock.advance(3 * 60);

		expect(await reconcileGatewayPayments(server.deps)).toMatchObject({ applied: 1 });

		expect((await bx.stored(booking.id)).reservation.status).toBe("confirmed");
		expect(await bx.exit(booking.id, "cancelled")).toBe(true);
		expect(await bx.hold()).toBe(holdBefore);
	});
});

describe("arrival", () => {
	const listBoard = async () =>
		(
			await server.call<PageResult<OrderView>>("GET", "/app-api/merchant/order/list?shopId=1&scope=active", {
				token: staff.accessToken,
			})
		).data.list;

	it("seats the party by its code: the pre-order paid ahead becomes a paid order on the table's bill and on the board", async () => {
		await fx.grant(guest.userId, 5000);
		const revenueBefore = await bx.revenue();
		const preorder = { lines: [bx.preorderLine(COCONUT, 2)], pay: "now" as const };
		const booking = await bx.book({ memberId: guest.userId, preorder, startsInMinutes: 30, table: "A2" });
		expect((await bx.pay(guest.accessToken, booking.id)).code).toBe(0);

		const arrived = await bx.arrive(
			staff.accessToken,
			`${booking.code.slice(0, 3)}-${booking.code.slice(3)}`.toLowerCase(),
		);

		expect(arrived.code).toBe(0);
		expect(arrived.data).toMatchObject({
			tableNumbers: ["A2"],
			preorderOrderId: expect.any(Number),
			reservation: { status: "seated", billId: arrived.data.billId },
		});
		const order = (
			await server.call<OrderView>("GET", `/app-api/order/detail/${arrived.data.preorderOrderId}`, {
				token: guest.accessToken,
			})
		).data;
		expect(order).toMatchObject({
			status: "new",
			paymentStatus: "paid",
			payMethod: "balance",
			orderType: "desk",
			tableNumber: "A2",
			billId: arrived.data.billId,
			total: 400,
			diners: 2,
		});
		expect((await listBoard()).map((o) => o.id)).toContain(order.id);
		expect(await bx.revenue()).toBe(revenueBefore + 400);
		expect(await bx.hold()).toBe(holdBefore);
		expect((await bx.stored(booking.id)).payments.map((p) => p.status)).toEqual(["applied"]);

		// Seated once: a second scan of the code is told the booking changed.
		expect((await bx.arrive(staff.accessToken, booking.code, "en")).code).toBe(ErrorCode.ReservationStateChanged);
		await bx.expectBooksBalanced();
	});

	it("sends a pre-order paid at the gateway to the kitchen paid by that payment, refunded there if the shop rejects it", async () => {
		const revenueBefore = await bx.revenue();
		const preorder = { lines: [bx.preorderLine(COCONUT, 2)], pay: "now" as const };
		const booking = await bx.book({ memberId: guest.userId, preorder, startsInMinutes: 30, table: "A6" });
		const paymentId = await payAtSandbox(booking.id);
		await decideAtSandbox(server, `/sandbox-pay/checkout/${paymentId}`, "approve");
		await until(async () => (await bx.stored(booking.id)).reservation.status === "confirmed");

		const arrived = await bx.arrive(staff.accessToken, booking.code);

		expect(arrived.code).toBe(0);
		const order = await server.deps.db
			.selectFrom("customer_order")
			.select(["id", "status", "payment_status", "pay_method", "gateway_payment_id", "bill_id"])
			.where("id", "=", arrived.data.preorderOrderId as number)
			.executeTakeFirstOrThrow();
		expect(order).toMatchObject({
			status: "new",
			payment_status: "paid",
			pay_method: "sandbox",
			gateway_payment_id: paymentId,
			bill_id: arrived.data.billId,
		});
		expect(await bx.revenue()).toBe(revenueBefore + 400);
		expect(await bx.hold()).toBe(holdBefore);

		const rejected = await server.call<OrderView>("POST", "/app-api/merchant/order/action", {
			token: staff.accessToken,
			body: { orderId: order.id, action: "reject", reason: "Out of coconuts" },
		});
		expect(rejected.data).toMatchObject({ status: "rejected", paymentStatus: "refunded" });
		expect(await sandboxRefundsOf(paymentId)).toEqual([{ amount: 400 }]);
		expect(await bx.revenue()).toBe(revenueBefore);
		await bx.expectBooksBalanced();
		// The party leaves; the staff clear the table for the next one.
		const cleared = await server.call<TableBillView>("POST", "/app-api/merchant/bill/clear", {
			token: staff.accessToken,
			body: { billId: arrived.data.billId, expectedTotal: 0 },
		});
		expect(cleared.code).toBe(0);
	});

	it("reads the code from the guest's QR text, refuses unknown codes, early arrivals and customers", async () => {
		const booking = await bx.book({ memberId: guest.userId, startsInMinutes: 90, table: "A3" });

		expect((await bx.arrive(staff.accessToken, "ZZZZZZ")).code).toBe(ErrorCode.ArrivalCodeUnknown);
		expect((await bx.arrive(staff.accessToken, "https://x.example/a?b=1")).code).toBe(ErrorCode.ArrivalCodeUnknown);
		expect((await bx.arrive(guest.accessToken, booking.code)).code).toBe(ErrorCode.Forbidden);
		const early = await bx.arrive(staff.accessToken, booking.code, "en");
		expect(early.code).toBe(ErrorCode.ArrivalTooEarly);
		expect(early.msg).toContain("60");

		await advance(31 * 60);
		const arrived = await bx.arrive(staff.accessToken, `https://bayon.example/pages/x?id=9&code=${booking.code}`);
		expect(arrived.code).toBe(0);
		expect(arrived.data.preorderOrderId).toBeNull();
		expect((await bx.stored(booking.id)).reservation.status).toBe("seated");
		expect(await bx.hold()).toBe(holdBefore);
	});

	it("credits the deposit to the bill: the table owes its rounds less the deposit, and paying books it right", async () => {
		await fx.grant(guest.userId, 10_000);
		const revenueBefore = await bx.revenue();
		const booking = await bx.book({ memberId: guest.userId, deposit: DEPOSIT, startsInMinutes: 30, table: "A4" });
		expect((await bx.pay(guest.accessToken, booking.id)).code).toBe(0);
		const arrived = await bx.arrive(staff.accessToken, booking.code);
		expect(arrived.code).toBe(0);

		// The guests order 6 coconuts (1200) at the table.
		const seating = await tables.sitAt("A4");
		const round = await fx.place(guest.accessToken, {
			orderType: "desk",
			tableToken: seating,
			diners: 2,
			lines: [fx.line(COCONUT, 6)],
		});
		expect(round.code).toBe(0);
		expect(round.data.billId).toBe(arrived.data.billId);
		const bill = (await tables.billOf(guest, seating)).data as TableBillView;
		expect(bill).toMatchObject({ credit: DEPOSIT, due: 1200 - DEPOSIT });
		const walletBefore = await bx.wallet(guest.userId);

		expect((await tables.payBill(guest, seating, 1200)).code).toBe(ErrorCode.BillChanged);
		const paid = await tables.payBill(guest, seating, 200);

		expect(paid.code).toBe(0);
		expect(paid.data.bill).toMatchObject({ status: "settled", paidTotal: 200 });
		// The bill paid, the party has left: the booking is completed and A4 is free from now on.
		const afterBill = await bx.stored(booking.id);
		expect(afterBill.reservation.status).toBe("completed");
		const held = await server.deps.db
			.selectFrom("reservation_table")
			.select(sql<string>`upper(stay)`.as("until"))
			.where("reservation_id", "=", booking.id)
			.executeTakeFirstOrThrow();
		// (Seated early, before its start: the hold shrinks to the start's first second.)
		expect(new Date(held.until).getTime()).toBeLessThanOrEqual(
			Math.max(server.clock.now().getTime(), booking.startsAt.getTime() + 1000),
		);
		expect(await bx.wallet(guest.userId)).toBe(walletBefore - 200);
		expect(await bx.revenue()).toBe(revenueBefore + 1200);
		expect(await bx.hold()).toBe(holdBefore);
		await bx.expectBooksBalanced();

		// The kitchen cannot make the round: rejected, the guest's 200 and the deposit's 1000 go back.
		const rejected = await server.call<OrderView>("POST", "/app-api/merchant/order/action", {
			token: staff.accessToken,
			body: { orderId: round.data.id, action: "reject", reason: "Out of coconuts" },
		});
		expect(rejected.code).toBe(0);
		expect(await bx.wallet(guest.userId)).toBe(walletBefore + DEPOSIT);
		expect(await bx.revenue()).toBe(revenueBefore);
		expect(await bx.hold()).toBe(holdBefore);
		await bx.expectBooksBalanced();
	});

	it("gives back the part of the deposit the bill did not use when the staff settle it", async () => {
		await fx.grant(guest.userId, 10_000);
		const revenueBefore = await bx.revenue();
		const booking = await bx.book({ memberId: guest.userId, deposit: DEPOSIT, startsInMinutes: 30, table: "A5" });
		expect((await bx.pay(guest.accessToken, booking.id)).code).toBe(0);
		const walletPaid = await bx.wallet(guest.userId);
		const arrived = await bx.arrive(staff.accessToken, booking.code);
		const round = await fx.place(guest.accessToken, {
			orderType: "desk",
			tableToken: await tables.sitAt("A5"),
			diners: 2,
			lines: [fx.line(COCONUT, 1)],
		});
		expect(round.code).toBe(0);

		const settled = await server.call<TableBillView>("POST", "/app-api/merchant/bill/settle", {
			token: staff.accessToken,
			body: { billId: arrived.data.billId, expectedTotal: 0 },
		});

		expect(settled.code).toBe(0);
		expect(settled.data).toMatchObject({ status: "settled", credit: DEPOSIT, due: 0, paidTotal: 0 });
		expect(await bx.revenue()).toBe(revenueBefore + 200);
		expect(await bx.wallet(guest.userId)).toBe(walletPaid + DEPOSIT - 200);
		expect(await bx.hold()).toBe(holdBefore);
		await bx.expectBooksBalanced();
	});

	it("seats a signed-in guest who scans the QR code of their booked table, with the pre-order on the bill", async () => {
		const preorder = { lines: [bx.preorderLine(COCONUT, 1)], pay: "atTable" as const };
		const booking = await bx.book({ memberId: guest.userId, preorder, startsInMinutes: 20, table: "A1" });

		const scanned = await server.call<{ token: string }>(
			"GET",
			`/app-api/table/resolve?token=${encodeURIComponent(tables.printed.get("A1") as string)}`,
			{ token: guest.accessToken },
		);

		expect(scanned.code).toBe(0);
		const stored = await bx.stored(booking.id);
		expect(stored.reservation.status).toBe("seated");
		const bill = (await tables.billOf(guest, scanned.data.token)).data as TableBillView;
		expect(bill.id).toBe(stored.reservation.bill_id);
		expect(bill.rounds).toHaveLength(1);
		expect(bill.rounds[0]).toMatchObject({
			orderId: stored.reservation.preorder_order_id,
			paymentStatus: "unpaid",
			total: 200,
		});
		expect(bill.due).toBe(200);
		expect((await listBoard()).map((o) => o.id)).toContain(stored.reservation.preorder_order_id);
		expect(await bx.hold()).toBe(holdBefore);
		await bx.expectBooksBalanced();
	});
});

describe("a guest cancelling while the staff mark the arrival", () => {
	it("ends one way only, and the deposit is handled once", async () => {
		// Guests may cancel free of charge until 10 minutes before, so a cancel at arrival time is
		// timely; the rest of the demo seed's rules stand.
		await server.deps.db
			.updateTable("reservation_settings")
			.set({ cancel_window_minutes: 10 })
			.where("shop_id", "=", 1)
			.execute();
		for (let attempt = 0; attempt < 4; attempt++) {
			await fx.grant(guest.userId, 5000);
			const hold = await bx.hold();
			const revenue = await bx.revenue();
			const wallet = await bx.wallet(guest.userId);
			const booking = await bx.book({
				memberId: guest.userId,
				deposit: DEPOSIT,
				startsInMinutes: 30,
				table: `A${attempt + 3}`,
			});
			expect((await bx.pay(guest.accessToken, booking.id)).code).toBe(0);

			const [arrived, cancelled] = await Promise.all([bx.arrive(staff.accessToken, booking.code), cancel(booking.id)]);

			const stored = await bx.stored(booking.id);
			if (arrived.code === 0) {
				expect(cancelled.code).toBe(ErrorCode.ReservationStateChanged);
				expect(stored.reservation.status).toBe("seated");
				expect(stored.payments.map((p) => p.status)).toEqual(["applied"]);
				// Held as the bill's credit until the bill is settled: the staff clear the table.
				expect(await bx.hold()).toBe(hold + DEPOSIT);
				const cleared = await server.call<TableBillView>("POST", "/app-api/merchant/bill/clear", {
					token: staff.accessToken,
					body: { billId: arrived.data.billId, expectedTotal: 0 },
				});
				expect(cleared.code).toBe(0);
			} else {
				expect(arrived.code).toBe(ErrorCode.ReservationStateChanged);
				expect(cancelled.code).toBe(0);
				expect(stored.reservation.status).toBe("cancelled");
				expect(stored.payments.map((p) => p.status)).toEqual(["refunded"]);
			}
			expect(await bx.wallet(guest.userId)).toBe(wallet);
			expect(await bx.revenue()).toBe(revenue);
			expect(await bx.hold()).toBe(hold);
			await bx.expectBooksBalanced();
			await advance(24 * 3600);
		}
	});
});
