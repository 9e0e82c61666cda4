import type { Address, OrderView, RechargeMenu, ReservationView } from "@bayon/contract";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { BookingMoneyFixture } from "../../../../test/booking-money.js";
import { decideAtSandbox, fireSandboxCallback, startSandboxPayment, until } from "../../../../test/gateway.js";
import { startTestServer, type TestServer } from "../../../../test/harness.js";
import { type MoneyCaller, MoneyFixture } from "../../../../test/merchant-money.js";
import { OrderingFixture } from "../../../../test/ordering.js";
import { rechargeMenu, startSandboxRecharge, storedRecharge } from "../../../../test/recharge.js";
import { writeReservationRules } from "../../../../test/reservation-rules.js";
import { addShop } from "../../../../test/shops.js";
import { TableFixture } from "../../../../test/tables.js";
import { linkShopGroup, telegramMember } from "../../../../test/telegram-members.js";
import { DEMO_OPERATOR_MOBILE } from "../../../seed/demo-data.js";
import { markNoShows } from "../../reservations/arrival/no-shows.js";
import { fromLocalMoment, toLocalMoment } from "../../venues/hours.js";

/**
 * Every event the bot tells about is queued in the transaction of its change (decision 024):
 * real flows through the app's routes, then the outbox (`bot_message`) is read. Each event makes
 * its message once, however often it is reported; nobody without Telegram, with the category
 * switched off, or whose chat is blocked gets one.
 */

let server: TestServer;
let fx: OrderingFixture;
let tables: TableFixture;
let staff: { accessToken: string; userId: number };
const COCONUT = "Fresh young coconut";
const GROUP_CHAT = -100_555_000_001;
const NEAR_THE_SHOP = { latitude: 11.57, longitude: 104.928 };
let mobileCounter = 0;

beforeAll(async () => {
	server = await startTestServer({
		limits: { smsResendSeconds: 0, smsPerPhoneInWindow: 10_000, smsPerPhonePerDay: 10_000 },
	});
	fx = await new OrderingFixture(server).load();
	staff = await server.signIn("13800000002");
	tables = await new TableFixture(server).load(staff);
	// The demo shop's staff group, linked as the linking flow leaves it.
	await linkShopGroup(server.deps.db, { shopId: 1, chatId: GROUP_CHAT, language: "en", now: server.clock.now() });
});
afterAll(async () => {
	await server?.close();
});
beforeEach(async () => {
	fx.moveClockToLocal("12:00");
	staff = await server.signIn("13800000002");
	await server.deps.db.updateTable("bot_chat").set({ blocked_at: null }).where("chat_id", "=", GROUP_CHAT).execute();
});

/** A new member who signed in through the Mini App and lets the bot write, with money to spend. */
async function telegramCustomer() {
	const mobile = `1390200${String(++mobileCounter).padStart(4, "0")}`;
	const member = await telegramMember(server, { mobile, lang: "en" });
	await fx.grant(member.userId, 20_000);
	return member;
}

/** The same, without Telegram. */
async function plainCustomer() {
	const member = await server.signIn(`1390300${String(++mobileCounter).padStart(4, "0")}`);
	await fx.grant(member.userId, 20_000);
	return member;
}

const ORDER_KINDS = [
	"orderPaid",
	"orderAccepted",
	"orderReady",
	"orderDelivering",
	"orderDelivered",
	"refundApproved",
	"refundRejected",
	"shopNewOrder",
	"shopRefundRequested",
];
const BOOKING_KINDS = ["bookingConfirmed", "bookingRejected", "bookingNoShow", "shopNewBooking"];

/** What the outbox holds about one subject (ids of different things overlap: by its kinds), in order. */
async function outbox(subjectId: number, kinds: string[]) {
	const rows = await server.deps.db
		.selectFrom("bot_message")
		.select(["kind", "subject_id", "chat_id", "member_id"])
		.where("subject_id", "=", subjectId)
		.where("kind", "in", kinds)
		.orderBy("id")
		.execute();
	return rows.map((row) => ({ ...row, subject_id: Number(row.subject_id), chat_id: Number(row.chat_id) }));
}

const toMember = (kind: string, subjectId: number, member: { userId: number; telegramUserId: number }) => ({
	kind,
	subject_id: subjectId,
	chat_id: member.telegramUserId,
	member_id: member.userId,
});
const toGroup = (kind: string, subjectId: number) => ({
	kind,
	subject_id: subjectId,
	chat_id: GROUP_CHAT,
	member_id: null,
});

const act = (orderId: number, action: string, reason?: string) =>
	server.call<OrderView>("POST", "/app-api/merchant/order/action", {
		token: staff.accessToken,
		body: { orderId, action, ...(reason ? { reason } : {}) },
	});
const askRefund = (token: string, orderId: number) =>
	server.call("POST", "/app-api/order/refund", { token, body: { orderId, reason: "Cold" } });
const decideRefund = (orderId: number, approve: boolean) =>
	server.call<OrderView>("POST", "/app-api/merchant/order/refund-decision", {
		token: staff.accessToken,
		body: { orderId, approve, ...(approve ? {} : { note: "It was hot" }) },
	});

describe("an order's news", () => {
	it("tells the customer paid, accepted and ready once each, and the staff group of the new order", async () => {
		const customer = await telegramCustomer();
		const placed = await fx.place(customer.accessToken, { lines: [fx.line(COCONUT)] });
		const order = placed.data;
		// Two taps at once: one payment, the other answers as it did, and nothing is told twice.
		const payments = await Promise.all([
			fx.pay(customer.accessToken, order.id),
			fx.pay(customer.accessToken, order.id),
		]);
		expect(payments.map((paid) => paid.code)).toEqual([0, 0]);
		expect((await fx.pay(customer.accessToken, order.id)).code).toBe(0);
		expect((await act(order.id, "accept")).code).toBe(0);
		expect((await act(order.id, "accept")).code).not.toBe(0);
		expect((await act(order.id, "ready")).code).toBe(0);
		expect((await act(order.id, "complete")).code).toBe(0);

		expect(await outbox(order.id, ORDER_KINDS)).toEqual([
			toMember("orderPaid", order.id, customer),
			toGroup("shopNewOrder", order.id),
			toMember("orderAccepted", order.id, customer),
			toMember("orderReady", order.id, customer),
		]);
	});

	it("tells a delivery's customer it is on its way and delivered", async () => {
		const customer = await telegramCustomer();
		const address = await server.call<Address>("POST", "/app-api/address/addAndEdit", {
			token: customer.accessToken,
			body: { recipient: "Vanna", phone: "13800000003", address: "Street 178", houseNumber: "12B", ...NEAR_THE_SHOP },
		});
		const placed = await fx.place(customer.accessToken, {
			orderType: "takeout",
			addressId: address.data.id,
			lines: [fx.line("Beef lok lak", 2)],
		});
		expect(placed.code, placed.msg).toBe(0);
		expect((await fx.pay(customer.accessToken, placed.data.id)).code).toBe(0);
		for (const step of ["accept", "dispatch", "complete"]) expect((await act(placed.data.id, step)).code).toBe(0);

		expect(await outbox(placed.data.id, ["orderDelivering", "orderDelivered", "orderReady"])).toEqual([
			toMember("orderDelivering", placed.data.id, customer),
			toMember("orderDelivered", placed.data.id, customer),
		]);
	});

	it("tells a gateway payment once when its callback comes five times at once", async () => {
		const customer = await telegramCustomer();
		const { order, redirectUrl, paymentId } = await startSandboxPayment(fx, customer.accessToken, COCONUT);
		await decideAtSandbox(server, redirectUrl, "approve");
		await fireSandboxCallback(server, paymentId, 5);
		await until(async () => (await outbox(order.id, ORDER_KINDS)).length >= 2);
		await fireSandboxCallback(server, paymentId, 2);

		expect(await outbox(order.id, ORDER_KINDS)).toEqual([
			toMember("orderPaid", order.id, customer),
			toGroup("shopNewOrder", order.id),
		]);
	});

	it("tells the staff of each refund request and the customer of each decision", async () => {
		const customer = await telegramCustomer();
		const order = await fx.paidOrder(customer.accessToken, COCONUT);
		await act(order.id, "accept");
		const kinds = ["shopRefundRequested", "refundRejected", "refundApproved"];

		expect((await askRefund(customer.accessToken, order.id)).code).toBe(0);
		expect((await decideRefund(order.id, false)).code).toBe(0);
		server.clock.advance(60);
		expect((await askRefund(customer.accessToken, order.id)).code).toBe(0);
		expect((await decideRefund(order.id, true)).code).toBe(0);
		expect((await decideRefund(order.id, true)).code).not.toBe(0);

		expect(await outbox(order.id, kinds)).toEqual([
			toGroup("shopRefundRequested", order.id),
			toMember("refundRejected", order.id, customer),
			toGroup("shopRefundRequested", order.id),
			toMember("refundApproved", order.id, customer),
		]);
	});

	it("tells nobody without Telegram, and the staff group still hears of the order", async () => {
		const customer = await plainCustomer();
		const order = await fx.paidOrder(customer.accessToken, COCONUT);
		await act(order.id, "accept");

		expect(await outbox(order.id, ORDER_KINDS)).toEqual([toGroup("shopNewOrder", order.id)]);
	});

	it("tells nothing of a switched-off category, and nothing to a blocked chat", async () => {
		const muted = await telegramCustomer();
		await server.deps.db
			.updateTable("member_notice_settings")
			.set({ muted: ["orders"] })
			.where("member_id", "=", muted.userId)
			.execute();
		const blocked = await telegramCustomer();
		await server.deps.db
			.updateTable("bot_chat")
			.set({ blocked_at: server.clock.now() })
			.where("chat_id", "in", [blocked.telegramUserId, GROUP_CHAT])
			.execute();

		const mutedOrder = await fx.paidOrder(muted.accessToken, COCONUT);
		await act(mutedOrder.id, "accept");
		await askRefund(muted.accessToken, mutedOrder.id);
		await decideRefund(mutedOrder.id, false);
		const blockedOrder = await fx.paidOrder(blocked.accessToken, COCONUT);
		await act(blockedOrder.id, "accept");

		// Refunds are a category of their own: still told.
		expect(await outbox(mutedOrder.id, ORDER_KINDS)).toEqual([toMember("refundRejected", mutedOrder.id, muted)]);
		expect(await outbox(blockedOrder.id, ORDER_KINDS)).toEqual([]);
	});

	it("tells the staff of a round sent to the kitchen unpaid, and nobody of its payment with the bill", async () => {
		const diner = await telegramCustomer();
		const seating = await tables.sitAt("A2");
		const placed = await fx.place(diner.accessToken, {
			orderType: "desk",
			tableToken: seating,
			diners: 2,
			lines: [fx.line(COCONUT)],
		});
		expect(placed.code, placed.msg).toBe(0);
		expect(placed.data.status).toBe("new");
		const paid = await tables.payBill(diner, seating, placed.data.total);
		expect(paid.code, paid.msg).toBe(0);

		expect(await outbox(placed.data.id, ORDER_KINDS)).toEqual([toGroup("shopNewOrder", placed.data.id)]);
	});

	it("tells the staff group of a bell call once, however the diner presses", async () => {
		const seating = await tables.sitAt("A3");
		const first = await server.call<{ call: { id: number } }>("POST", "/app-api/table/call", {
			body: { tableToken: seating, kind: "waiter" },
		});
		expect(first.code, first.msg).toBe(0);
		const again = await server.call("POST", "/app-api/table/call", { body: { tableToken: seating, kind: "waiter" } });
		expect(again.code).not.toBe(0);

		expect(await outbox(first.data.call.id, ["shopBellCall"])).toEqual([toGroup("shopBellCall", first.data.call.id)]);
	});
});

describe("a booking's news", () => {
	let bookings: BookingMoneyFixture;
	beforeAll(async () => {
		bookings = new BookingMoneyFixture(server, fx);
		await writeReservationRules(server.deps.db, 1);
	});

	/** Today at `hhmm` on the demo shop's clock (the story's clock is at 12:00 there). */
	const todayAt = (hhmm: string) => {
		const day = toLocalMoment(server.clock.now(), "Asia/Phnom_Penh").date;
		const [h, m] = hhmm.split(":").map(Number) as [number, number];
		return fromLocalMoment(day, h * 60 + m, "Asia/Phnom_Penh").toISOString();
	};
	const book = (token: string, startsAt: string) =>
		server.call<ReservationView>("POST", "/app-api/reservation/create", {
			token,
			headers: { "idempotency-key": `events-${Date.now()}-${++mobileCounter}` },
			body: { shopId: 1, party: 2, name: "Sokha", phone: "13900000099", agreed: true, startsAt },
		});
	const staffAct = (reservationId: number, action: string, reason?: string) =>
		server.call<ReservationView>("POST", "/app-api/merchant/reservation/action", {
			token: staff.accessToken,
			body: { reservationId, action, ...(reason ? { reason } : {}) },
		});

	it("tells the guest and the staff of a booking confirmed at once", async () => {
		const guest = await telegramCustomer();
		const booked = await book(guest.accessToken, todayAt("15:00"));
		expect(booked.code, booked.msg).toBe(0);

		expect(await outbox(booked.data.id, BOOKING_KINDS)).toEqual([
			toMember("bookingConfirmed", booked.data.id, guest),
			toGroup("shopNewBooking", booked.data.id),
		]);
	});

	it("tells the staff of a booking waiting for them, and the guest of its confirmation or rejection", async () => {
		await writeReservationRules(server.deps.db, 1, { autoConfirmPercent: 0 });
		try {
			const guest = await telegramCustomer();
			const confirmed = await book(guest.accessToken, todayAt("15:00"));
			const rejected = await book(guest.accessToken, todayAt("16:00"));
			expect([confirmed.data.status, rejected.data.status]).toEqual(["pending", "pending"]);
			expect(await outbox(confirmed.data.id, BOOKING_KINDS)).toEqual([toGroup("shopNewBooking", confirmed.data.id)]);

			expect((await staffAct(confirmed.data.id, "confirm")).code).toBe(0);
			// A second tap (another staff member's) answers as the first did and tells nothing twice.
			await staffAct(confirmed.data.id, "confirm");
			expect((await staffAct(rejected.data.id, "reject", "Full")).code).toBe(0);

			expect(await outbox(confirmed.data.id, BOOKING_KINDS)).toEqual([
				toGroup("shopNewBooking", confirmed.data.id),
				toMember("bookingConfirmed", confirmed.data.id, guest),
			]);
			expect(await outbox(rejected.data.id, BOOKING_KINDS)).toEqual([
				toGroup("shopNewBooking", rejected.data.id),
				toMember("bookingRejected", rejected.data.id, guest),
			]);
		} finally {
			await writeReservationRules(server.deps.db, 1);
		}
	});

	it("tells no one of a booking while its deposit is unpaid, and both once it is paid", async () => {
		await writeReservationRules(server.deps.db, 1, { depositMinParty: 2, depositPerPerson: 500 });
		try {
			const guest = await telegramCustomer();
			const booked = await book(guest.accessToken, todayAt("15:00"));
			expect(booked.code, booked.msg).toBe(0);
			expect(booked.data.status).toBe("awaiting_payment");
			expect(await outbox(booked.data.id, BOOKING_KINDS)).toEqual([]);

			const paid = await bookings.pay(guest.accessToken, booked.data.id);
			expect(paid.code, paid.msg).toBe(0);
			await bookings.pay(guest.accessToken, booked.data.id);

			expect(await outbox(booked.data.id, BOOKING_KINDS)).toEqual([
				toMember("bookingConfirmed", booked.data.id, guest),
				toGroup("shopNewBooking", booked.data.id),
			]);
		} finally {
			await writeReservationRules(server.deps.db, 1);
		}
	});

	it("tells the guest of a no-show marked by the job, and of one marked by the staff", async () => {
		const byJob = await telegramCustomer();
		const byStaff = await telegramCustomer();
		const late = await bookings.book({ memberId: byJob.userId, startsInMinutes: 60 });
		const other = await bookings.book({ memberId: byStaff.userId, startsInMinutes: 60 });
		server.clock.advance(90 * 60);
		staff = await server.signIn("13800000002");
		expect((await staffAct(other.id, "noShow")).code).toBe(0);
		expect(await markNoShows(server.deps)).toBeGreaterThanOrEqual(1);
		await markNoShows(server.deps);

		expect(await outbox(late.id, BOOKING_KINDS)).toEqual([toMember("bookingNoShow", late.id, byJob)]);
		expect(await outbox(other.id, BOOKING_KINDS)).toEqual([toMember("bookingNoShow", other.id, byStaff)]);
	});

	it("tells the staff of a pre-order that reaches the kitchen when the party arrives", async () => {
		const guest = await telegramCustomer();
		const booking = await bookings.book({
			memberId: guest.userId,
			startsInMinutes: 30,
			preorder: { lines: [bookings.preorderLine(COCONUT)], pay: "atTable" },
		});
		const arrived = await bookings.arrive(staff.accessToken, booking.code);
		expect(arrived.code, arrived.msg).toBe(0);
		const orderId = (
			await server.deps.db
				.selectFrom("reservation")
				.select("preorder_order_id")
				.where("id", "=", booking.id)
				.executeTakeFirstOrThrow()
		).preorder_order_id as number;

		expect(await outbox(orderId, ORDER_KINDS)).toEqual([toGroup("shopNewOrder", orderId)]);
	});
});

describe("money news", () => {
	it("tells a member of a recharge credited once, whatever its callbacks do", async () => {
		const member = await telegramCustomer();
		const menu = (await rechargeMenu(server, { lang: "en" })).data as RechargeMenu;
		const fifty = menu.packages.find((pkg) => pkg.payAmount === 5000) as RechargeMenu["packages"][number];
		const { view, paymentId } = await startSandboxRecharge(server, member.accessToken, fifty.id);
		await decideAtSandbox(server, `/sandbox-pay/checkout/${paymentId}`, "approve");
		await fireSandboxCallback(server, paymentId, 3);
		await until(async () => (await storedRecharge(server, view.id)).status === "paid");
		await fireSandboxCallback(server, paymentId, 2);

		expect(await outbox(view.id, ["rechargeCredited"])).toEqual([toMember("rechargeCredited", view.id, member)]);
	});

	it("tells a shop's owners of their withdrawal approved, paid or rejected, once each", async () => {
		const money = new MoneyFixture(server);
		const shopId = await addShop(server, "bot-withdrawals");
		const shopOwner = await telegramMember(server, { mobile: "13902009001", lang: "en" });
		const ownerCaller: MoneyCaller = { ...shopOwner, mobile: "13902009001" };
		await server.deps.db
			.insertInto("shop_staff")
			.values({ shop_id: shopId, member_id: shopOwner.userId, role: "owner" })
			.execute();
		const operator = await money.signIn(DEMO_OPERATOR_MOBILE);
		const card = await money.card(ownerCaller, shopId, { holder: "Sok Dara", bank: "ABA Bank" });
		await money.giveAvailable(shopId, 10_000);
		const paidOut = await money.withdraw(ownerCaller, shopId, card.id, 3000);
		const refused = await money.withdraw(ownerCaller, shopId, card.id, 2000);

		expect((await money.review(operator, "approve", { id: paidOut.id, version: 0 })).code).toBe(0);
		// The same decision again is answered as it stands (decision 023), and tells nobody twice.
		expect((await money.review(operator, "approve", { id: paidOut.id, version: 0 })).code).toBe(0);
		const transferDate = toLocalMoment(server.clock.now(), "Asia/Phnom_Penh").date;
		const paid = await money.review(operator, "paid", { id: paidOut.id, version: 1, reference: "FT1", transferDate });
		expect(paid.code, paid.msg).toBe(0);
		expect((await money.review(operator, "reject", { id: refused.id, version: 0, reason: "Name" })).code).toBe(0);

		const kinds = ["withdrawalApproved", "withdrawalPaid", "withdrawalRejected"];
		expect(await outbox(paidOut.id, kinds)).toEqual([
			toMember("withdrawalApproved", paidOut.id, shopOwner),
			toMember("withdrawalPaid", paidOut.id, shopOwner),
		]);
		expect(await outbox(refused.id, kinds)).toEqual([toMember("withdrawalRejected", refused.id, shopOwner)]);
	});
});
