import { createHash } from "node:crypto";
import { type ReservationPaymentResult, secondCurrencyUnits } from "@bayon/contract";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { BookingMoneyFixture } from "../../../../../test/booking-money.js";
import type { FakeBakong } from "../../../../../test/fakes/bakong.js";
import { paymentIdOf } from "../../../../../test/gateway.js";
import type { TestServer } from "../../../../../test/harness.js";
import {
	checkoutOf,
	checkPayment,
	decodeKhqr,
	flagsOf,
	OUR_BAKONG_ACCOUNT,
	PHONE,
	qrOf,
	startKhqrOrder,
	startKhqrServer,
	storedPayment,
} from "../../../../../test/khqr.js";
import { expectLedgerInvariants } from "../../../../../test/ledger-invariants.js";
import { OrderingFixture } from "../../../../../test/ordering.js";
import { recharge, rechargeMenu, storedRecharge } from "../../../../../test/recharge.js";
import { expireUnpaidRecharges } from "../../../stored-value/recharge/recharge-jobs.js";
import { findTenant } from "../../../tenancy/service.js";
import { reconcileGatewayPayments } from "../../reconciliation/reconciliation.js";
import { gatewayFor } from "../../registry.js";
import { billNumberOf, KHQR_EXPIRY_GRACE_SECONDS, paymentIdOfBillNumber } from "./index.js";

/**
 * KHQR against a local Bakong (issue 29 part 3): the code the Bank's SDK reads back, paid when
 * Bakong's check_transaction_by_md5 says so, by the checkout page's question or the background
 * job; another amount or account refused; an outage leaves it pending; an unpaid code declined.
 */

let server: TestServer;
let bakong: FakeBakong;
let fx: OrderingFixture;
let customer: { accessToken: string; userId: number };
const COFFEE = "Fresh young coconut";

beforeAll(async () => {
	({ server, bakong } = await startKhqrServer());
	fx = await new OrderingFixture(server).load();
	await fx.setStock(fx.item(COFFEE).id, null);
});
afterAll(async () => {
	await server?.close();
	await bakong?.close();
});
beforeEach(async () => {
	bakong.failing = false;
	bakong.lie = null;
	bakong.deepLinkDown = false;
	fx.moveClockToLocal("12:00");
	customer = await server.signIn("13800000003");
});

const order = (id: number) =>
	server.deps.db
		.selectFrom("customer_order")
		.select(["status", "payment_status", "pay_method", "total"])
		.where("id", "=", id)
		.executeTakeFirstOrThrow();
const ledgerOf = async (orderId: number) =>
	(
		await server.deps.db.selectFrom("ledger_txn").select("kind").where("order_id", "=", orderId).orderBy("id").execute()
	).map((row) => row.kind);

/** Moves the clock past the payment's next background check, and runs the job. */
async function runJobAfter(seconds: number) {
	server.clock.advance(seconds);
	return reconcileGatewayPayments(server.deps);
}

describe("a KHQR for each payment", () => {
	it("is a dynamic KHQR the Bank's SDK reads back (our account, the amount in dollars, the bill number, the expiry), paid when Bakong finds its md5", async () => {
		const { order: placed, paymentId } = await startKhqrOrder(server, fx, customer.accessToken, COFFEE);
		const qr = await qrOf(server, customer.accessToken, paymentId);
		const decoded = decodeKhqr(qr);
		const stored = await storedPayment(server, paymentId);
		const total = (await order(placed.id)).total;
		expect(decoded).toMatchObject({
			bakongAccountID: OUR_BAKONG_ACCOUNT,
			merchantName: "Bayon Cafe",
			merchantCity: "Phnom Penh",
			transactionCurrency: "840",
			transactionAmount: `${Math.floor(total / 100)}.${String(total % 100).padStart(2, "0")}`,
			pointofInitiationMethod: "12",
			terminalLabel: "Online",
			countryCode: "KH",
		});
		expect(decoded.billNumber).toBe(billNumberOf(paymentId));
		expect(decoded.billNumber?.length).toBeLessThanOrEqual(25);
		expect(paymentIdOfBillNumber(decoded.billNumber as string)).toBe(paymentId);
		expect(Number(decoded.expirationTimestamp)).toBe(new Date(stored.rail_expires_at as Date).getTime());
		expect(stored).toMatchObject({
			provider: "khqr",
			channel: "khqr",
			currency: "USD",
			rail_currency: "USD",
			rail_amount: total,
			rail_ref: createHash("md5").update(qr).digest("hex"),
			status: "pending",
		});
		// A desktop gets the code only.
		expect((await checkoutOf(server, customer.accessToken, paymentId)).presentation).toMatchObject({ deepLink: null });

		const txn = bakong.scanAndPay(qr);
		const checked = await checkPayment(server, customer.accessToken, paymentId);

		expect(checked).toMatchObject({ status: "succeeded", railCurrency: "USD", railAmount: total });
		expect(await order(placed.id)).toMatchObject({ payment_status: "paid", pay_method: "khqr" });
		expect(await ledgerOf(placed.id)).toEqual(["order_payment"]);
		expect((await storedPayment(server, paymentId)).provider_txn_id).toBe(txn.hash);
		const asked = bakong.calls.filter(
			(call) => call.path === "/v1/check_transaction_by_md5" && call.body.md5 === txn.md5,
		);
		expect(asked.length).toBeGreaterThan(0);
		expect(asked.every((call) => call.token === bakong.token)).toBe(true);
		// Asked again (a second tab, the job): nothing moves.
		expect(await runJobAfter(3600)).not.toHaveProperty("applied");
		expect(await ledgerOf(placed.id)).toEqual(["order_payment"]);
		await expectLedgerInvariants(server.deps.db);
	});

	it("takes riel when the payer chooses the shop's second currency, the amount as the shop shows it, and the background job finds it paid", async () => {
		const { order: placed, paymentId } = await startKhqrOrder(server, fx, customer.accessToken, COFFEE, {
			railCurrency: "KHR",
		});
		const total = (await order(placed.id)).total;
		const tenant = await findTenant(server.deps, 1);
		if (!tenant) throw new Error("no demo tenant");
		const riel = Number(secondCurrencyUnits(total, tenant.currency));
		const decoded = decodeKhqr(await qrOf(server, customer.accessToken, paymentId));
		expect(decoded).toMatchObject({ transactionCurrency: "116", transactionAmount: String(riel) });
		expect(await storedPayment(server, paymentId)).toMatchObject({
			currency: "USD",
			rail_currency: "KHR",
			rail_amount: riel,
		});

		bakong.scanAndPay(await qrOf(server, customer.accessToken, paymentId));
		// The customer closed the page: the job asks Bakong soon after.
		await runJobAfter(5 * 60);

		expect(await order(placed.id)).toMatchObject({ payment_status: "paid", pay_method: "khqr" });
		expect(await storedPayment(server, paymentId)).toMatchObject({
			status: "succeeded",
			amount: total,
			rail_amount: riel,
		});
		expect(await ledgerOf(placed.id)).toEqual(["order_payment"]);
		await expectLedgerInvariants(server.deps.db);
	});

	it("gives a phone a link to the bank app, and still the code when Bakong gives no link", async () => {
		const { paymentId } = await startKhqrOrder(server, fx, customer.accessToken, COFFEE, { userAgent: PHONE });
		const onPhone = await checkoutOf(server, customer.accessToken, paymentId);
		expect(onPhone.presentation).toMatchObject({
			kind: "qr",
			deepLink: expect.stringMatching(/^https:\/\/bakong\.page\.link\//),
		});
		const asked = bakong.calls.filter((call) => call.path === "/v1/generate_deeplink_by_qr").at(-1);
		expect(asked?.body).toMatchObject({
			qr: onPhone.presentation?.kind === "qr" ? onPhone.presentation.qrText : "",
			sourceInfo: { appName: "Bayon", appDeepLinkCallback: expect.stringContaining("/orders/detail?id=") },
		});

		bakong.deepLinkDown = true;
		const { paymentId: second } = await startKhqrOrder(server, fx, customer.accessToken, COFFEE, { userAgent: PHONE });
		const withoutLink = await checkoutOf(server, customer.accessToken, second);
		expect(withoutLink.presentation).toMatchObject({ kind: "qr", deepLink: null });
		expect(
			decodeKhqr(withoutLink.presentation?.kind === "qr" ? withoutLink.presentation.qrText : "").bakongAccountID,
		).toBe(OUR_BAKONG_ACCOUNT);
	});

	it("pays a recharge, found by the checkout page's question", async () => {
		const member = await server.signIn("13900009001");
		const menu = await rechargeMenu(server, { token: member.accessToken });
		const pkg = menu.data.packages[0];
		if (!pkg) throw new Error("no recharge package on the demo shop");
		const started = await recharge(server, member.accessToken, { packageId: pkg.id, agree: true, payMethod: "khqr" });
		expect(started.code, started.msg).toBe(0);
		const paymentId = paymentIdOf(started.data.redirectUrl as string);
		const decoded = decodeKhqr(await qrOf(server, member.accessToken, paymentId));
		expect(decoded.transactionCurrency).toBe("840");

		bakong.scanAndPay(await qrOf(server, member.accessToken, paymentId));
		expect(await checkPayment(server, member.accessToken, paymentId)).toMatchObject({ status: "succeeded" });

		expect(await storedRecharge(server, started.data.id)).toMatchObject({ status: "paid" });
		await expectLedgerInvariants(server.deps.db);
	});

	it("pays a booking's deposit in riel, found by the background job", async () => {
		const bx = new BookingMoneyFixture(server, fx);
		const booking = await bx.book({ memberId: customer.userId, deposit: 1000 });
		const started = await server.call<ReservationPaymentResult>("POST", "/app-api/reservation/pay", {
			token: customer.accessToken,
			body: { reservationId: booking.id, payMethod: "khqr", railCurrency: "KHR" },
		});
		expect(started.code, started.msg).toBe(0);
		const paymentId = paymentIdOf(started.data.redirectUrl as string);
		const decoded = decodeKhqr(await qrOf(server, customer.accessToken, paymentId));
		expect(decoded).toMatchObject({ transactionCurrency: "116", transactionAmount: "41000" });

		bakong.scanAndPay(await qrOf(server, customer.accessToken, paymentId));
		await runJobAfter(5 * 60);

		const stored = await bx.stored(booking.id);
		expect(stored.payments).toEqual([{ kind: "deposit", amount: 1000, status: "paid", pay_method: "khqr" }]);
		expect(stored.ledger).toEqual(["reservation_payment"]);
		await expectLedgerInvariants(server.deps.db);
	});
});

describe("the operator's tools", () => {
	it("passes the connection test, and gives a day's statement from Bakong's answers: the paid code, not the unpaid one", async () => {
		const gateway = await gatewayFor(server.deps, 1, "khqr");
		expect(await gateway?.checkConnection?.()).toEqual({ ok: true });

		const paid = await startKhqrOrder(server, fx, customer.accessToken, COFFEE);
		const unpaid = await startKhqrOrder(server, fx, customer.accessToken, COFFEE);
		const txn = bakong.scanAndPay(await qrOf(server, customer.accessToken, paid.paymentId));
		const stored = await storedPayment(server, paid.paymentId);
		// Phnom Penh's calendar day (UTC+7) of the payment.
		const day = new Date(new Date(stored.created_at).getTime() + 7 * 3600_000).toISOString().slice(0, 10);

		const lines = (await gateway?.statement?.(day)) ?? [];

		expect(lines.filter((line) => line.paymentId === paid.paymentId)).toEqual([
			{
				paymentId: paid.paymentId,
				providerTxnId: txn.hash,
				kind: "payment",
				amount: stored.rail_amount,
				currency: "USD",
				status: "succeeded",
				at: new Date(txn.acknowledgedDateMs),
			},
		]);
		expect(lines.some((line) => line.paymentId === unpaid.paymentId)).toBe(false);
		// The days before and after know nothing of them.
		for (const shift of [-1, 1]) {
			const other = new Date(Date.parse(`${day}T00:00:00Z`) + shift * 86_400_000).toISOString().slice(0, 10);
			expect((await gateway?.statement?.(other))?.some((line) => line.paymentId === paid.paymentId)).toBe(false);
		}
	});
});

describe("what is not ours to take", () => {
	it("refuses a transfer of another amount than the code's: nothing is booked, the difference is flagged", async () => {
		const { order: placed, paymentId } = await startKhqrOrder(server, fx, customer.accessToken, COFFEE);
		bakong.scanAndPay(await qrOf(server, customer.accessToken, paymentId), { amount: 0.01 });

		expect(await checkPayment(server, customer.accessToken, paymentId)).toMatchObject({ status: "pending" });

		expect(await order(placed.id)).toMatchObject({ payment_status: "paying" });
		expect(await ledgerOf(placed.id)).toEqual([]);
		expect((await flagsOf(server, paymentId)).map((flag) => flag.kind)).toEqual(["amount_mismatch"]);
		await expectLedgerInvariants(server.deps.db);
	});

	it("refuses a transaction Bakong names for our code but paid to another account, and flags it", async () => {
		const { order: placed, paymentId } = await startKhqrOrder(server, fx, customer.accessToken, COFFEE);
		const total = (await order(placed.id)).total;
		// Bakong answers "paid" for an md5 nobody paid here, to someone else's account.
		bakong.lie = { toAccountId: "someone@abaa", amount: total / 100, currency: "USD" };

		expect(await checkPayment(server, customer.accessToken, paymentId)).toMatchObject({ status: "pending" });
		bakong.lie = null;

		expect(await order(placed.id)).toMatchObject({ payment_status: "paying" });
		expect(await ledgerOf(placed.id)).toEqual([]);
		const flags = await flagsOf(server, paymentId);
		expect(flags).toEqual([
			{ kind: "merchant_mismatch", rail: "khqr", detail: expect.objectContaining({ toAccountId: "someone@abaa" }) },
		]);
		await expectLedgerInvariants(server.deps.db);
	});
});

describe("Bakong away, codes that expire", () => {
	it("keeps the payment pending while Bakong is down, and the job settles it once Bakong answers", async () => {
		const { order: placed, paymentId } = await startKhqrOrder(server, fx, customer.accessToken, COFFEE);
		bakong.scanAndPay(await qrOf(server, customer.accessToken, paymentId));
		bakong.failing = true;

		expect(await checkPayment(server, customer.accessToken, paymentId)).toMatchObject({ status: "pending" });
		await runJobAfter(5 * 60);
		expect(await storedPayment(server, paymentId)).toMatchObject({
			status: "pending",
			check_failures: 2,
			last_check_error: expect.stringMatching(/HTTP 502/),
		});
		expect(await order(placed.id)).toMatchObject({ payment_status: "paying" });

		bakong.failing = false;
		await runJobAfter(5 * 60);
		expect(await storedPayment(server, paymentId)).toMatchObject({ status: "succeeded" });
		expect(await order(placed.id)).toMatchObject({ payment_status: "paid" });
		expect(await ledgerOf(placed.id)).toEqual(["order_payment"]);
		await expectLedgerInvariants(server.deps.db);
	});

	it("gives up a question Bakong does not answer (a stalled network) and asks again later", async () => {
		const { order: placed, paymentId } = await startKhqrOrder(server, fx, customer.accessToken, COFFEE);
		bakong.scanAndPay(await qrOf(server, customer.accessToken, paymentId));
		bakong.stall = true;
		try {
			// The waiting page's question: answered "still pending" once our client gives up on Bakong.
			const started = Date.now();
			expect(await checkPayment(server, customer.accessToken, paymentId)).toMatchObject({ status: "pending" });
			expect(Date.now() - started).toBeLessThan(14_000);
		} finally {
			bakong.stall = false;
		}
		expect(await storedPayment(server, paymentId)).toMatchObject({
			status: "pending",
			last_check_error: expect.stringMatching(/could not be reached/),
		});

		await runJobAfter(5 * 60);
		expect(await order(placed.id)).toMatchObject({ payment_status: "paid" });
		await expectLedgerInvariants(server.deps.db);
	}, 30_000);

	it("says why when Bakong refuses our token, and leaves the payment pending", async () => {
		const expired = await startKhqrServer();
		try {
			const member = await expired.server.signIn("13800000003");
			const efx = await new OrderingFixture(expired.server).load();
			const { paymentId } = await startKhqrOrder(expired.server, efx, member.accessToken, COFFEE);
			expired.bakong.expireToken();

			expect(await checkPayment(expired.server, member.accessToken, paymentId)).toMatchObject({ status: "pending" });
			expect((await storedPayment(expired.server, paymentId)).last_check_error).toMatch(/token/);
			const gateway = await gatewayFor(expired.server.deps, 1, "khqr");
			expect(await gateway?.checkConnection?.()).toMatchObject({ ok: false, problem: "credentials" });
		} finally {
			await expired.server.close();
			await expired.bakong.close();
		}
	});

	it("declines a code nobody paid once it expired and the grace passed, not before", async () => {
		const { paymentId } = await startKhqrOrder(server, fx, customer.accessToken, COFFEE);
		const stored = await storedPayment(server, paymentId);
		const expiresAt = new Date(stored.rail_expires_at as Date);
		server.clock.set(new Date(expiresAt.getTime() + (KHQR_EXPIRY_GRACE_SECONDS - 60) * 1000));
		await reconcileGatewayPayments(server.deps);
		expect((await storedPayment(server, paymentId)).status).toBe("pending");

		server.clock.set(new Date(expiresAt.getTime() + (KHQR_EXPIRY_GRACE_SECONDS + 3600) * 1000));
		await reconcileGatewayPayments(server.deps);

		expect(await storedPayment(server, paymentId)).toMatchObject({ status: "declined" });
		await expectLedgerInvariants(server.deps.db);
	});

	it("takes money a bank told Bakong of late, within the grace after the code expired: the expired recharge is credited (what the member paid for)", async () => {
		const member = await server.signIn("13900009002");
		const menu = await rechargeMenu(server, { token: member.accessToken });
		const pkg = menu.data.packages[0];
		if (!pkg) throw new Error("no recharge package");
		const started = await recharge(server, member.accessToken, { packageId: pkg.id, agree: true, payMethod: "khqr" });
		const paymentId = paymentIdOf(started.data.redirectUrl as string);
		const qr = await qrOf(server, member.accessToken, paymentId);
		const expiresAt = new Date((await storedPayment(server, paymentId)).rail_expires_at as Date);

		// At the deadline Bakong knows of nothing: the recharge expires.
		server.clock.set(new Date(expiresAt.getTime() + 60_000));
		expect(await expireUnpaidRecharges(server.deps)).toBe(1);
		expect(await storedRecharge(server, started.data.id)).toMatchObject({ status: "expired" });
		// The payer had paid a second before the end; their bank tells Bakong now.
		bakong.scanAndPay(qr, { at: new Date(expiresAt.getTime() - 1000) });
		server.clock.advance(KHQR_EXPIRY_GRACE_SECONDS / 2);
		const again = await server.signIn("13900009002");
		expect(await checkPayment(server, again.accessToken, paymentId)).toMatchObject({ status: "succeeded" });

		expect(await storedPayment(server, paymentId)).toMatchObject({ status: "succeeded" });
		expect(await storedRecharge(server, started.data.id)).toMatchObject({ status: "paid" });
		await expectLedgerInvariants(server.deps.db);
	});
});
