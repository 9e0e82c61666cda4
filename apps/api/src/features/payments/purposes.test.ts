import {
	type CardPurchaseView,
	type OrderView,
	RECHARGE_EXPIRES_AFTER_MINUTES,
	type RechargeMenu,
	type VipCardAdmin,
} from "@bayon/contract";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { BookingMoneyFixture } from "../../../test/booking-money.js";
import {
	decideAtSandbox,
	gatewayPaymentOf,
	loseCallbacksOf,
	paymentIdOf,
	startSandboxPayment,
	until,
} from "../../../test/gateway.js";
import { startTestServer, type TestServer } from "../../../test/harness.js";
import { expectLedgerInvariants, walletOf } from "../../../test/ledger-invariants.js";
import { MembershipFixture } from "../../../test/membership.js";
import { OrderingFixture } from "../../../test/ordering.js";
import { rechargeMenu, startSandboxRecharge } from "../../../test/recharge.js";
import { TableFixture } from "../../../test/tables.js";
import type { OrderChangedEvent } from "../../realtime/bus.js";
import { expireCardPurchases } from "../membership/jobs.js";
import { expireUnpaidOrders } from "../ordering/lifecycle/expiry.js";
import { expireUnpaidReservations } from "../reservations/money/payments.js";
import { expireUnpaidRecharges } from "../stored-value/recharge/recharge-jobs.js";
import { FIRST_CHECK_AFTER_SECONDS } from "./attempts/attempts.js";
import type { PaymentPurposeKind } from "./purposes.js";
import { CALLBACK_DELAYS_MS } from "./rails/sandbox.js";
import { reconcileGatewayPayments } from "./reconciliation/reconciliation.js";
import { settleGatewayRefundDeliveries } from "./refunds/refunds.js";
import { gateways } from "./registry.js";

/**
 * Every purpose a gateway payment can have (decision 028: an order paid on its own, a table bill
 * paid at once, a booking's deposit, a recharge, a VIP card) goes through the payments registry
 * the same way: started through the app's HTTP API, decided by the payer on the sandbox gateway's
 * checkout page, reported by its callback or, when the callback never comes, by the gateway's
 * answer to the reconciliation job or to the purpose's own expiry. For each purpose: success
 * applies it, a decline gives it back its unpaid state, a payment in doubt is settled by asking,
 * and money that can no longer be taken goes back through the refund outbox, under the purpose
 * and the id of what it is given back for. The whole ledger must add up after every story.
 */

type Member = { accessToken: string; userId: number };

let server: TestServer;
let fx: OrderingFixture;
let tables: TableFixture;
let bx: BookingMoneyFixture;
let vip: MembershipFixture;
let staff: Member;
/** The seeded "pay $50, get $55" recharge package. */
let fifty: RechargeMenu["packages"][number];
let gold: VipCardAdmin;
let silver: VipCardAdmin;
let mobiles = 0;
const COCONUT = "Fresh young coconut";
const DEPOSIT = 1000;
const sandbox = () => gateways(server.deps).sandbox;

beforeAll(async () => {
	server = await startTestServer({
		limits: { smsResendSeconds: 0, smsPerPhoneInWindow: 10_000, smsPerPhonePerDay: 10_000 },
	});
	fx = await new OrderingFixture(server).load();
	await fx.setStock(fx.item(COCONUT).id, null);
	staff = await server.signIn("13800000002");
	tables = await new TableFixture(server).load(staff);
	bx = new BookingMoneyFixture(server, fx);
	vip = new MembershipFixture(server);
	const owner = await server.signIn("13800000001");
	gold = await vip.cardType(owner, { name: { "zh-CN": "金卡", en: "Gold" }, price: 4900, validityDays: 365 });
	silver = await vip.cardType(owner, { name: { "zh-CN": "银卡", en: "Silver" }, price: 990, validityDays: 30 });
	const menu = (await rechargeMenu(server, { lang: "en" })).data;
	fifty = menu.packages.find((pkg) => pkg.payAmount === 5000) as RechargeMenu["packages"][number];
	expect(fifty).toMatchObject({ payAmount: 5000, bonusAmount: 500 });
});
afterAll(async () => {
	await server?.close();
});
beforeEach(async () => {
	// The next day at noon: the demo shop is open, and no earlier story's deadline is near.
	fx.moveClockToLocal("12:00");
	staff = await server.signIn("13800000002");
});
afterEach(async () => {
	sandbox().useCallbackSchedule(CALLBACK_DELAYS_MS);
	staff = await server.signIn("13800000002");
	await closeOpenBills();
	await settleGatewayRefundDeliveries(server.deps);
	await expectLedgerInvariants(server.deps.db);
});

/** A member new to the tenant, so no earlier story's orders, cards or balance are in the way. */
const newMember = (): Promise<Member> => server.signIn(`1397700${String(++mobiles).padStart(4, "0")}`);

/** The sandbox checkout of one payment, for what `purposeId` names. */
interface Started {
	member: Member;
	purposeId: number;
	paymentId: string;
	redirectUrl: string;
	amount: number;
	/** A table bill's: the seating's token, as the diners' app keeps it. */
	tableToken?: string;
}

/** What each purpose is, to these stories. */
interface PurposeStory {
	purpose: PaymentPurposeKind;
	/** Starts paying it through the app's HTTP API, at the sandbox; the payer has not decided yet. */
	start(): Promise<Started>;
	/** Its row reads paid, with the money booked once. */
	expectApplied(started: Started): Promise<void>;
	/** Its row reads as before the payer went to the gateway (or, for what cannot be paid again, given up), nothing booked. */
	expectUnpaid(started: Started): Promise<void>;
	/** The purpose's own expiry job, and how long after the start its window has passed; none for a table bill (bills do not expire). */
	expiry?: { afterSeconds: number; run(): Promise<number> };
}

const storedOrder = (id: number) =>
	server.deps.db
		.selectFrom("customer_order")
		.select(["status", "payment_status", "pay_method", "gateway_payment_id"])
		.where("id", "=", id)
		.executeTakeFirstOrThrow();
const ledgerOfOrder = async (id: number) =>
	(await server.deps.db.selectFrom("ledger_txn").select("kind").where("order_id", "=", id).orderBy("id").execute()).map(
		(row) => row.kind,
	);
const storedBill = (id: number) =>
	server.deps.db
		.selectFrom("table_bill")
		.select(["status", "paid_total"])
		.where("id", "=", id)
		.executeTakeFirstOrThrow();
const storedRecharge = (id: number) =>
	server.deps.db.selectFrom("recharge").select(["status", "paid_at"]).where("id", "=", id).executeTakeFirstOrThrow();
const storedPurchase = (id: number) =>
	server.deps.db.selectFrom("card_purchase").select(["status"]).where("id", "=", id).executeTakeFirstOrThrow();
const wallet = async (memberId: number) => (await walletOf(server.deps.db, 1, memberId)).balance;

/** The rounds a table bill holds now. */
const roundsOf = (billId: number) =>
	server.deps.db
		.selectFrom("customer_order")
		.select(["id", "status", "payment_status", "pay_method", "gateway_payment_id"])
		.where("bill_id", "=", billId)
		.orderBy("id")
		.execute();

/** Places one coconut at a table (scanned now) as a round of its bill. */
async function roundAt(member: Member, tableToken: string): Promise<OrderView> {
	const placed = await fx.place(member.accessToken, {
		orderType: "desk",
		tableToken,
		diners: 2,
		lines: [fx.line(COCONUT)],
	});
	expect(placed.code, placed.msg).toBe(0);
	expect(placed.data).toMatchObject({ status: "new", paymentStatus: "unpaid" });
	expect(placed.data.billId).toEqual(expect.any(Number));
	return placed.data;
}

/** The demo shop's tables for bills, in turn; every story leaves its table free (closeOpenBills). */
const nextTable = (() => {
	let next = 0;
	return () => ["T1", "T2", "T3", "T4"][next++ % 4] as string;
})();
/** Bills a story opened: any still open after it is closed, so the table is free for the next. */
const billsToClose = new Set<number>();

/** The staff reject what is left unpaid on the story's bills and close them with nothing due. */
async function closeOpenBills() {
	for (const billId of billsToClose) {
		if ((await storedBill(billId)).status !== "open") continue;
		for (const round of await roundsOf(billId))
			if (round.payment_status === "unpaid" && round.status !== "cancelled" && round.status !== "rejected") {
				const rejected = await server.call("POST", "/app-api/merchant/order/action", {
					token: staff.accessToken,
					body: { orderId: round.id, action: "reject", reason: "Table cleared" },
				});
				expect(rejected.code, rejected.msg).toBe(0);
			}
		const closed = await server.call("POST", "/app-api/merchant/bill/settle", {
			token: staff.accessToken,
			body: { billId, expectedTotal: 0 },
		});
		expect(closed.code, closed.msg).toBe(0);
	}
	billsToClose.clear();
}

const ORDER: PurposeStory = {
	purpose: "order",
	async start() {
		const member = await newMember();
		const { order, redirectUrl, paymentId } = await startSandboxPayment(fx, member.accessToken, COCONUT);
		expect(await storedOrder(order.id)).toMatchObject({ status: "unpaid", payment_status: "paying" });
		return { member, purposeId: order.id, paymentId, redirectUrl, amount: order.total };
	},
	async expectApplied({ purposeId, paymentId }) {
		expect(await storedOrder(purposeId)).toEqual({
			status: "new",
			payment_status: "paid",
			pay_method: "sandbox",
			gateway_payment_id: paymentId,
		});
		expect(await ledgerOfOrder(purposeId)).toEqual(["order_payment"]);
	},
	async expectUnpaid({ purposeId }) {
		expect(await storedOrder(purposeId)).toEqual({
			status: "unpaid",
			payment_status: "unpaid",
			pay_method: null,
			gateway_payment_id: null,
		});
		expect(await ledgerOfOrder(purposeId)).toEqual([]);
	},
	expiry: { afterSeconds: 15 * 60 + 1, run: () => expireUnpaidOrders(server.deps) },
};

const TABLE_BILL: PurposeStory = {
	purpose: "table_bill",
	async start() {
		const member = await newMember();
		const tableToken = await tables.sitAt(nextTable());
		const round = await roundAt(member, tableToken);
		billsToClose.add(round.billId as number);
		const bill = (await tables.billOf(member, tableToken)).data;
		// A table free before the story: the bill holds this round only.
		expect(bill).toMatchObject({ id: round.billId, status: "open", due: round.total });
		const paying = await tables.payBill(member, tableToken, round.total, "sandbox");
		expect(paying.code, paying.msg).toBe(0);
		const redirectUrl = paying.data.redirectUrl as string;
		expect(redirectUrl).toMatch(/^\/sandbox-pay\/checkout\//);
		return {
			member,
			purposeId: round.billId as number,
			paymentId: paymentIdOf(redirectUrl),
			redirectUrl,
			amount: round.total,
			tableToken,
		};
	},
	async expectApplied({ purposeId, paymentId, amount }) {
		expect(await storedBill(purposeId)).toEqual({ status: "settled", paid_total: amount });
		const rounds = await roundsOf(purposeId);
		expect(rounds).toEqual([
			expect.objectContaining({ payment_status: "paid", pay_method: "sandbox", gateway_payment_id: paymentId }),
		]);
		expect(await ledgerOfOrder((rounds[0] as { id: number }).id)).toEqual(["order_payment"]);
	},
	async expectUnpaid({ purposeId }) {
		expect(await storedBill(purposeId)).toMatchObject({ status: "open" });
		const rounds = await roundsOf(purposeId);
		expect(rounds).toEqual([
			expect.objectContaining({ status: "new", payment_status: "unpaid", pay_method: null, gateway_payment_id: null }),
		]);
		expect(await ledgerOfOrder((rounds[0] as { id: number }).id)).toEqual([]);
	},
};

const BOOKING: PurposeStory = {
	purpose: "booking",
	async start() {
		const member = await newMember();
		const booking = await bx.book({ memberId: member.userId, deposit: DEPOSIT });
		const started = await bx.pay(member.accessToken, booking.id, "sandbox");
		expect(started.code, started.msg).toBe(0);
		expect(started.data.reservation.payments).toEqual([
			{ kind: "deposit", amount: DEPOSIT, status: "paying", payMethod: null },
		]);
		const redirectUrl = started.data.redirectUrl as string;
		return { member, purposeId: booking.id, paymentId: paymentIdOf(redirectUrl), redirectUrl, amount: DEPOSIT };
	},
	async expectApplied({ purposeId }) {
		const stored = await bx.stored(purposeId);
		expect(stored.reservation.status).toBe("confirmed");
		expect(stored.payments).toEqual([{ kind: "deposit", amount: DEPOSIT, status: "paid", pay_method: "sandbox" }]);
		expect(stored.ledger).toEqual(["reservation_payment"]);
	},
	async expectUnpaid({ purposeId }) {
		const stored = await bx.stored(purposeId);
		expect(stored.reservation.status).toBe("awaiting_payment");
		expect(stored.payments).toEqual([{ kind: "deposit", amount: DEPOSIT, status: "due", pay_method: null }]);
		expect(stored.ledger).toEqual([]);
	},
	expiry: { afterSeconds: 16 * 60, run: () => expireUnpaidReservations(server.deps) },
};

const RECHARGE: PurposeStory = {
	purpose: "recharge",
	async start() {
		const member = await newMember();
		const { view, paymentId } = await startSandboxRecharge(server, member.accessToken, fifty.id);
		expect(view).toMatchObject({ status: "pending", payAmount: 5000, bonusAmount: 500 });
		return {
			member,
			purposeId: view.id,
			paymentId,
			redirectUrl: `/sandbox-pay/checkout/${paymentId}`,
			amount: view.payAmount,
		};
	},
	async expectApplied({ purposeId, member }) {
		expect(await storedRecharge(purposeId)).toMatchObject({ status: "paid", paid_at: expect.any(Date) });
		expect(await wallet(member.userId)).toBe(5500);
	},
	async expectUnpaid({ purposeId, member }) {
		// A recharge cannot be paid again once declined: a new tap starts a new one. Nothing credited.
		expect(await storedRecharge(purposeId)).toEqual({ status: "expired", paid_at: null });
		expect(await wallet(member.userId)).toBe(0);
	},
	expiry: {
		afterSeconds: RECHARGE_EXPIRES_AFTER_MINUTES * 60 + 60,
		run: () => expireUnpaidRecharges(server.deps),
	},
};

const VIP_CARD: PurposeStory = {
	purpose: "vip_card",
	async start() {
		const member = await newMember();
		const answer = await vip.buy(member, silver.id, { payMethod: "sandbox" });
		expect(answer.code, answer.msg).toBe(0);
		const purchase: CardPurchaseView = answer.data;
		expect(purchase).toMatchObject({ status: "pending", card: null });
		const redirectUrl = purchase.redirectUrl as string;
		return { member, purposeId: purchase.id, paymentId: paymentIdOf(redirectUrl), redirectUrl, amount: silver.price };
	},
	async expectApplied({ purposeId, member }) {
		expect(await storedPurchase(purposeId)).toEqual({ status: "paid" });
		expect((await vip.cardOf(member.userId))?.card_type_id).toBe(silver.id);
		expect(await vip.cardTxnKinds(member.userId)).toEqual(["card_purchase"]);
	},
	async expectUnpaid({ purposeId, member }) {
		// The purchase is over (the member may start another); no card, nothing booked.
		expect(await storedPurchase(purposeId)).toEqual({ status: "expired" });
		expect(await vip.cardOf(member.userId)).toBeUndefined();
		expect(await vip.cardTxnKinds(member.userId)).toEqual([]);
	},
	expiry: { afterSeconds: 31 * 60, run: () => expireCardPurchases(server.deps) },
};

const STORIES = [ORDER, TABLE_BILL, BOOKING, RECHARGE, VIP_CARD];
/** The purposes with an expiry of their own (all but the table bill). */
const EXPIRING = STORIES.filter((story) => story.expiry);

/** The payment row, once the gateway's report (callback or answer) decided it. */
async function decidedPayment(paymentId: string) {
	return until(async () => {
		const row = await gatewayPaymentOf(server, paymentId);
		return row.status === "pending" ? null : row;
	});
}

/** The payment row says what it paid for. */
function expectPaymentFor(
	row: Awaited<ReturnType<typeof gatewayPaymentOf>>,
	story: PurposeStory,
	started: Started,
	status: "succeeded" | "declined",
) {
	expect(row).toMatchObject({
		id: started.paymentId,
		purpose: story.purpose,
		purpose_id: started.purposeId,
		payer_member_id: started.member.userId,
		provider: "sandbox",
		amount: started.amount,
		status,
		provider_txn_id: expect.stringMatching(/^sbx_/),
		next_check_at: null,
	});
}

describe.each(STORIES.map((story) => [story.purpose, story] as const))("paying for %s", (_purpose, story) => {
	it("applies it when the payer approves and the callback comes", async () => {
		const started = await story.start();
		expect(await gatewayPaymentOf(server, started.paymentId)).toMatchObject({
			purpose: story.purpose,
			purpose_id: started.purposeId,
			status: "pending",
		});

		await decideAtSandbox(server, started.redirectUrl, "approve");

		expectPaymentFor(await decidedPayment(started.paymentId), story, started, "succeeded");
		await story.expectApplied(started);
		// Nothing is owed back: the outbox has no refund for this payment.
		expect(await refundsOfPayment(started.paymentId)).toEqual([]);
	});

	it("gives it back its unpaid state when the payer declines", async () => {
		const started = await story.start();

		await decideAtSandbox(server, started.redirectUrl, "decline");

		expectPaymentFor(await decidedPayment(started.paymentId), story, started, "declined");
		await story.expectUnpaid(started);
		expect(await refundsOfPayment(started.paymentId)).toEqual([]);
	});

	it("is settled by the reconciliation job asking the gateway when the callback never arrives", async () => {
		const started = await story.start();
		await loseCallbacksOf(server, started.paymentId);
		await decideAtSandbox(server, started.redirectUrl, "approve");
		// The gateway tried its one callback, which went nowhere: still in doubt here.
		expect(await gatewayPaymentOf(server, started.paymentId)).toMatchObject({ status: "pending" });

		expect(await reconcileGatewayPayments(server.deps)).toEqual({});
		server.clock.advance(FIRST_CHECK_AFTER_SECONDS);
		expect(await reconcileGatewayPayments(server.deps)).toEqual({ applied: 1 });
		expect(await reconcileGatewayPayments(server.deps)).toEqual({});

		expectPaymentFor(await gatewayPaymentOf(server, started.paymentId), story, started, "succeeded");
		await story.expectApplied(started);
	});
});

describe.each(EXPIRING.map((story) => [story.purpose, story] as const))("paying for %s", (_purpose, story) => {
	it("is settled by the purpose's own expiry asking the gateway, when the callback never arrives", async () => {
		const expiry = story.expiry as NonNullable<PurposeStory["expiry"]>;
		const started = await story.start();
		await loseCallbacksOf(server, started.paymentId);
		await decideAtSandbox(server, started.redirectUrl, "approve");
		server.clock.advance(expiry.afterSeconds);

		// Paid at the gateway: not given up, but paid. (The job may give up rows that earlier
		// stories left unpaid; this story's row is what counts.)
		await expiry.run();

		expectPaymentFor(await gatewayPaymentOf(server, started.paymentId), story, started, "succeeded");
		await story.expectApplied(started);
		await expiry.run();
		await story.expectApplied(started);
	});
});

/** The refunds queued against a payment, oldest first. */
const refundsOfPayment = (paymentId: string) =>
	server.deps.db
		.selectFrom("gateway_refund")
		.select(["id", "purpose", "purpose_id", "amount", "reason", "status", "provider_refund_id"])
		.where("gateway_payment_id", "=", paymentId)
		.orderBy("created_at")
		.execute();

/**
 * The one refund queued against the payment, once delivered (its delivery starts by itself right
 * after the transaction that queued it): it names what the money goes back for, and the sandbox
 * gateway gave exactly that back under the refund's id.
 */
async function expectRefundDelivered(
	paymentId: string,
	refund: { purpose: PaymentPurposeKind; purposeId: number; amount: number; reason: string },
) {
	const rows = await until(async () => {
		const queued = await refundsOfPayment(paymentId);
		return queued.length > 0 && queued.every((row) => row.status !== "pending") ? queued : null;
	});
	expect(rows).toEqual([
		{
			id: expect.any(String),
			purpose: refund.purpose,
			purpose_id: refund.purposeId,
			amount: refund.amount,
			reason: refund.reason,
			status: "succeeded",
			provider_refund_id: expect.stringMatching(/^sbxr_/),
		},
	]);
	const atGateway = await server.deps.db
		.selectFrom("sandbox_gateway_refund")
		.select(["refund_id", "amount", "provider_refund_id"])
		.where("txn_id", "=", paymentId)
		.execute();
	expect(atGateway).toEqual([
		{ refund_id: rows[0]?.id, amount: refund.amount, provider_refund_id: rows[0]?.provider_refund_id },
	]);
}

/** Money that arrives for something that can no longer take it: the purpose, what made it so, and how its row reads after. */
interface LateStory {
	story: PurposeStory;
	/** What happens while the payer is still on the gateway's page. */
	meanwhile(started: Started): Promise<void>;
	reason: string;
	expectAfter(started: Started): Promise<void>;
}

const LATE: LateStory[] = [
	{
		// The payer did not decide within the order's window: it is cancelled, then they approve.
		story: ORDER,
		async meanwhile() {
			server.clock.advance(15 * 60 + 1);
			expect(await expireUnpaidOrders(server.deps)).toBe(1);
		},
		reason: "late_payment",
		async expectAfter({ purposeId }) {
			expect(await storedOrder(purposeId)).toMatchObject({ status: "cancelled", payment_status: "refunded" });
			expect(await ledgerOfOrder(purposeId)).toEqual(["order_payment", "order_refund"]);
		},
	},
	{
		// Another diner orders a round while the payer is at the gateway: the bill no longer owes what was paid.
		story: TABLE_BILL,
		async meanwhile({ tableToken }) {
			await roundAt(await newMember(), tableToken as string);
		},
		reason: "late_payment",
		async expectAfter({ purposeId }) {
			expect(await storedBill(purposeId)).toMatchObject({ status: "open" });
			const rounds = await roundsOf(purposeId);
			expect(rounds.map((round) => round.payment_status)).toEqual(["unpaid", "unpaid"]);
		},
	},
	{
		// The booking's hold passed before the payer decided: it expired, then they approve.
		story: BOOKING,
		async meanwhile() {
			server.clock.advance(16 * 60);
			expect(await expireUnpaidReservations(server.deps)).toBe(1);
		},
		reason: "late_payment",
		async expectAfter({ purposeId }) {
			const stored = await bx.stored(purposeId);
			expect(stored.reservation.status).toBe("expired");
			expect(stored.payments.map((row) => row.status)).toEqual(["refunded"]);
			expect(stored.ledger).toEqual(["reservation_payment", "reservation_refund"]);
		},
	},
	{
		// In another tab the member buys the Gold card from their balance: the Silver one can no longer be given.
		story: VIP_CARD,
		async meanwhile({ member }) {
			await vip.grant(member.userId, gold.price);
			await vip.bought(member, gold.id);
		},
		reason: "card_refund",
		async expectAfter({ purposeId, member }) {
			expect(await storedPurchase(purposeId)).toEqual({ status: "refunded" });
			expect((await vip.cardOf(member.userId))?.card_type_id).toBe(gold.id);
			expect(await vip.cardTxnKinds(member.userId)).toEqual(["card_purchase", "card_purchase", "card_refund"]);
		},
	},
];

describe("money that arrives for something that can no longer take it", () => {
	it.each(LATE.map((late) => [late.story.purpose, late] as const))(
		"is booked and given back through the refund outbox for the %s it paid",
		async (_purpose, late) => {
			const { story } = late;
			const started = await story.start();
			await late.meanwhile(started);

			await decideAtSandbox(server, started.redirectUrl, "approve");

			expectPaymentFor(await decidedPayment(started.paymentId), story, started, "succeeded");
			await expectRefundDelivered(started.paymentId, {
				purpose: story.purpose,
				purposeId: started.purposeId,
				amount: started.amount,
				reason: late.reason,
			});
			await late.expectAfter(started);
		},
	);

	it("is never refunded for a recharge: a recharge paid after it expired is still credited", async () => {
		const started = await RECHARGE.start();
		server.clock.advance(RECHARGE_EXPIRES_AFTER_MINUTES * 60 + 60);
		expect(await expireUnpaidRecharges(server.deps)).toBe(1);
		expect(await storedRecharge(started.purposeId)).toMatchObject({ status: "expired" });

		await decideAtSandbox(server, started.redirectUrl, "approve");

		expectPaymentFor(await decidedPayment(started.paymentId), RECHARGE, started, "succeeded");
		await RECHARGE.expectApplied(started);
		expect(await refundsOfPayment(started.paymentId)).toEqual([]);
	});
});

describe("refunds of what a gateway payment paid", () => {
	it("gives back an order paid on its own, under the order, and tells the order's watchers it was delivered", async () => {
		const started = await ORDER.start();
		await decideAtSandbox(server, started.redirectUrl, "approve");
		await decidedPayment(started.paymentId);
		const heard: OrderChangedEvent[] = [];
		const unsubscribe = server.deps.events.subscribe(
			(event) => event.type === "order.changed" && event.orderId === started.purposeId && heard.push(event),
		);

		try {
			const cancelled = await server.call<OrderView>("POST", "/app-api/order/cancel", {
				token: started.member.accessToken,
				body: { orderId: started.purposeId },
			});
			expect(cancelled.data).toMatchObject({ status: "cancelled", paymentStatus: "refunded" });

			await expectRefundDelivered(started.paymentId, {
				purpose: "order",
				purposeId: started.purposeId,
				amount: started.amount,
				reason: "order_refund",
			});
			// The order's purpose heard the gateway's answer through the registry.
			await until(async () => heard.some((event) => event.reason === "refund_delivered"));
		} finally {
			unsubscribe();
		}
	});

	it("gives back one round of a table bill paid at once under that round, its share only, against the bill's payment", async () => {
		const alice = await newMember();
		const bob = await newMember();
		const tableToken = await tables.sitAt(nextTable());
		const kept = await roundAt(alice, tableToken);
		const dropped = await roundAt(bob, tableToken);
		const billId = kept.billId as number;
		billsToClose.add(billId);
		const paying = await tables.payBill(alice, tableToken, kept.total + dropped.total, "sandbox");
		expect(paying.code, paying.msg).toBe(0);
		const paymentId = paymentIdOf(paying.data.redirectUrl as string);
		await decideAtSandbox(server, paying.data.redirectUrl as string, "approve");
		expect(await decidedPayment(paymentId)).toMatchObject({
			purpose: "table_bill",
			purpose_id: billId,
			status: "succeeded",
		});
		expect(await storedBill(billId)).toEqual({ status: "settled", paid_total: kept.total + dropped.total });

		const rejected = await server.call<OrderView>("POST", "/app-api/merchant/order/action", {
			token: staff.accessToken,
			body: { orderId: dropped.id, action: "reject", reason: "Kitchen closed" },
		});
		expect(rejected.code, rejected.msg).toBe(0);

		await expectRefundDelivered(paymentId, {
			purpose: "order",
			purposeId: dropped.id,
			amount: dropped.total,
			reason: "order_refund",
		});
		expect(await storedOrder(dropped.id)).toMatchObject({ status: "rejected", payment_status: "refunded" });
		expect(await storedOrder(kept.id)).toMatchObject({ payment_status: "paid" });
	});

	it("gives back a booking's deposit under the booking when the guest cancels in time", async () => {
		const started = await BOOKING.start();
		await decideAtSandbox(server, started.redirectUrl, "approve");
		await decidedPayment(started.paymentId);
		await BOOKING.expectApplied(started);

		const cancelled = await server.call("POST", "/app-api/reservation/cancel", {
			token: started.member.accessToken,
			body: { reservationId: started.purposeId },
		});
		expect(cancelled.code, cancelled.msg).toBe(0);

		await expectRefundDelivered(started.paymentId, {
			purpose: "booking",
			purposeId: started.purposeId,
			amount: DEPOSIT,
			reason: "reservation_refund",
		});
		expect((await bx.stored(started.purposeId)).payments.map((row) => row.status)).toEqual(["refunded"]);
	});
});
