import { formatMessage, formatMoney, type PageResult, type ReservationView } from "@bayon/contract";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { BookingMoneyFixture } from "../../../../test/booking-money.js";
import { type FakeBotApi, startFakeBotApi } from "../../../../test/fake-bot-api.js";
import { startTestServer, type TestServer } from "../../../../test/harness.js";
import { expectLedgerInvariants } from "../../../../test/ledger-invariants.js";
import { OrderingFixture } from "../../../../test/ordering.js";
import { writeReservationRules } from "../../../../test/reservation-rules.js";
import { telegramMember } from "../../../../test/telegram-members.js";
import { buttonPress, postUpdate } from "../../../../test/telegram-updates.js";
import { findTenant } from "../../tenancy/service.js";
import {
	acceptOrderData,
	cancelBookingAnywayData,
	cancelBookingData,
	confirmBookingData,
	keepBookingData,
} from "../messages/callback-data.js";
import { repliesIn } from "../messages/replies.js";

let fake: FakeBotApi;
let server: TestServer;
let fx: OrderingFixture;
let bx: BookingMoneyFixture;
beforeAll(async () => {
	fake = await startFakeBotApi();
	server = await startTestServer({ configure: (config) => (config.telegramApiUrl = fake.url) });
	fx = await new OrderingFixture(server).load();
	bx = new BookingMoneyFixture(server, fx);
	await writeReservationRules(server.deps.db, 1);
	fx.moveClockToLocal("12:00");
});
afterAll(async () => {
	await server?.close();
	await fake?.close();
});
beforeEach(() => fake.reset());

const db = () => server.deps.db;
const OPEN_BOOKING = { text: "Open", web_app: { url: "https://bayon.example/mine/reservations/1" } };

/** The reminder the bot sent the guest, with its Confirm and Cancel buttons. */
function reminder(chatId: number, reservationId: number, messageId: number) {
	return {
		chatId,
		messageId,
		text: "Reminder: your table for 2 is today at 15:00.",
		keyboard: [
			[
				{ text: "I'm coming", callback_data: confirmBookingData(reservationId) },
				{ text: "Cancel booking", callback_data: cancelBookingData(reservationId) },
			],
			[OPEN_BOOKING],
		],
	};
}

/** What the bot answered to the presses, in order. */
function answers(): Array<{ text: unknown; alert: unknown }> {
	return fake.calls
		.filter((call) => call.method === "answerCallbackQuery")
		.map((call) => ({ text: call.params.text, alert: call.params.show_alert }));
}

function edits() {
	return fake.calls
		.filter((call) => call.method === "editMessageText")
		.map((call) => ({
			chatId: Number(call.params.chat_id),
			messageId: Number(call.params.message_id),
			text: call.params.text,
			replyMarkup: call.params.reply_markup,
		}));
}

/** An amount as the bot writes it, in the demo tenant's currency. */
async function money(amount: number) {
	const tenant = await findTenant(server.deps, 1);
	if (!tenant) throw new Error("no demo tenant");
	return formatMoney(amount, tenant.currency);
}

async function booking(id: number) {
	return db().selectFrom("reservation").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
}

describe("Confirm on a reminder", () => {
	it("records that the guest is coming once, edits the message, and the staff see it", async () => {
		const guest = await telegramMember(server, { mobile: "13900003001", lang: "en" });
		const { id } = await bx.book({ memberId: guest.userId });
		const message = reminder(guest.telegramUserId, id, 41);

		expect(await postUpdate(server, buttonPress({ id: guest.telegramUserId }, confirmBookingData(id), message))).toBe(
			200,
		);
		const confirmedAt = (await booking(id)).guest_confirmed_at;
		expect(confirmedAt).not.toBeNull();
		expect(answers()).toEqual([{ text: "Confirmed: the restaurant knows you are coming.", alert: false }]);
		expect(edits()).toEqual([
			{
				chatId: guest.telegramUserId,
				messageId: 41,
				text: `${message.text}\n\nConfirmed: the restaurant knows you are coming.`,
				replyMarkup: { inline_keyboard: [[OPEN_BOOKING]] },
			},
		]);

		// A second press (a stale message, a double tap) changes nothing and says so.
		fake.reset();
		server.clock.advance(60);
		await postUpdate(server, buttonPress({ id: guest.telegramUserId }, confirmBookingData(id), message));
		expect((await booking(id)).guest_confirmed_at).toEqual(confirmedAt);
		expect(answers()).toEqual([{ text: "You have already confirmed.", alert: false }]);

		const staff = await telegramMember(server, { mobile: "13900003002" });
		await db().insertInto("shop_staff").values({ shop_id: 1, member_id: staff.userId, role: "staff" }).execute();
		const list = await server.call<PageResult<ReservationView>>(
			"GET",
			"/app-api/merchant/reservation/list?shopId=1&scope=upcoming",
			{ token: staff.accessToken },
		);
		const view = list.data.list.find((candidate) => candidate.id === id);
		expect(view?.guestConfirmedAt).toBe(new Date(confirmedAt as Date).toISOString());
	});

	it("pressed by another Telegram user: not their booking, nothing changes", async () => {
		const guest = await telegramMember(server, { mobile: "13900003003", lang: "en" });
		const stranger = await telegramMember(server, { mobile: "13900003004", lang: "en" });
		const { id } = await bx.book({ memberId: guest.userId });
		const message = reminder(guest.telegramUserId, id, 42);
		for (const data of [confirmBookingData(id), cancelBookingData(id)])
			await postUpdate(server, buttonPress({ id: stranger.telegramUserId }, data, message));
		// Someone who never signed in with Telegram at all.
		await postUpdate(server, buttonPress({ id: 7_300_000_001, language_code: "en" }, cancelBookingData(id), message));
		expect(await booking(id)).toMatchObject({ status: "confirmed", guest_confirmed_at: null });
		expect(answers()).toEqual(Array(3).fill({ text: "This is not your booking.", alert: true }));
		expect(edits()).toEqual([]);
	});
});

describe("Cancel on a reminder", () => {
	it("cancels through the app's rules once: the deposit comes back once", async () => {
		const guest = await telegramMember(server, { mobile: "13900003005", lang: "en" });
		await fx.grant(guest.userId, 5000);
		const { id } = await bx.book({ memberId: guest.userId, deposit: 1000 });
		expect((await bx.pay(guest.accessToken, id)).code).toBe(0);
		expect(await bx.wallet(guest.userId)).toBe(4000);
		const message = reminder(guest.telegramUserId, id, 43);

		await postUpdate(server, buttonPress({ id: guest.telegramUserId }, cancelBookingData(id), message));
		await postUpdate(server, buttonPress({ id: guest.telegramUserId }, cancelBookingData(id), message));
		expect((await booking(id)).status).toBe("cancelled");
		expect(await bx.wallet(guest.userId)).toBe(5000);
		expect((await bx.stored(id)).ledger.filter((kind) => kind === "reservation_refund")).toHaveLength(1);
		await bx.expectBooksBalanced();
		// In time: straight through, saying what comes back.
		const refunded = `Booking cancelled. ${await money(1000)} goes back the way you paid.`;
		expect(answers()).toEqual([
			{ text: refunded, alert: false },
			{ text: "This booking is already cancelled.", alert: false },
		]);
		expect(edits()[0]).toMatchObject({
			text: `${message.text}\n\n${refunded}`,
			replyMarkup: { inline_keyboard: [[OPEN_BOOKING]] },
		});
	});

	it("late, keeps nothing until the guest has seen the warning; Cancel anyway then keeps the deposit once", async () => {
		const guest = await telegramMember(server, { mobile: "13900003009", lang: "en" });
		await fx.grant(guest.userId, 5000);
		// The free cancelling ends 120 minutes before the start: 90 minutes ahead it is late.
		const { id } = await bx.book({ memberId: guest.userId, deposit: 1000, startsInMinutes: 90, table: "A4" });
		expect((await bx.pay(guest.accessToken, id)).code).toBe(0);
		const revenueBefore = await bx.revenue();
		const message = reminder(guest.telegramUserId, id, 45);
		const deposit = await money(1000);
		const warning = `The free cancellation time has passed. If you cancel now, the deposit of ${deposit} is not refunded. Cancel anyway?`;
		const warningButtons = [
			{ text: "Cancel anyway", callback_data: cancelBookingAnywayData(id, 1000) },
			{ text: "Keep my booking", callback_data: keepBookingData(id) },
		];
		const warned = { ...message, text: `${message.text}\n\n${warning}`, keyboard: [warningButtons, [OPEN_BOOKING]] };
		const untouched = async () => {
			expect((await booking(id)).status).toBe("confirmed");
			expect(await bx.wallet(guest.userId)).toBe(4000);
			expect(await bx.revenue()).toBe(revenueBefore);
		};

		// Cancel: nothing happens yet; the message asks, with the amount, as the app does.
		await postUpdate(server, buttonPress({ id: guest.telegramUserId }, cancelBookingData(id), message));
		await untouched();
		expect(answers()).toEqual([{ text: warning, alert: true }]);
		expect(edits()).toEqual([
			{
				chatId: guest.telegramUserId,
				messageId: 45,
				text: warned.text,
				replyMarkup: { inline_keyboard: [warningButtons, [OPEN_BOOKING]] },
			},
		]);

		// Keep my booking: the warning goes, the reminder's own buttons come back.
		fake.reset();
		await postUpdate(server, buttonPress({ id: guest.telegramUserId }, keepBookingData(id), warned));
		await untouched();
		expect(answers()).toEqual([{ text: "Your booking stands.", alert: false }]);
		expect(edits()).toEqual([
			{
				chatId: guest.telegramUserId,
				messageId: 45,
				text: message.text,
				replyMarkup: { inline_keyboard: message.keyboard },
			},
		]);

		// A "Cancel anyway" naming less than the deposit (an older warning) asks again, keeping nothing.
		fake.reset();
		const stale = {
			...warned,
			keyboard: [[{ ...warningButtons[0], callback_data: cancelBookingAnywayData(id, 500) }]],
		};
		await postUpdate(server, buttonPress({ id: guest.telegramUserId }, cancelBookingAnywayData(id, 500), stale));
		await untouched();
		expect(answers()).toEqual([{ text: warning, alert: true }]);
		expect(edits()[0]?.text).toBe(warned.text);

		// Cancel anyway, tapped twice at once: late-cancelled, the deposit kept once.
		fake.reset();
		await Promise.all(
			[1, 2].map(() =>
				postUpdate(server, buttonPress({ id: guest.telegramUserId }, cancelBookingAnywayData(id, 1000), warned)),
			),
		);
		expect((await booking(id)).status).toBe("late_cancelled");
		expect(await bx.wallet(guest.userId)).toBe(4000);
		expect(await bx.revenue()).toBe(revenueBefore + 1000);
		expect((await bx.stored(id)).ledger.filter((kind) => kind === "reservation_kept")).toHaveLength(1);
		const kept = `Booking cancelled. The free cancellation time had passed, so the deposit of ${deposit} is kept.`;
		expect(answers().sort((a, b) => String(a.text).localeCompare(String(b.text)))).toEqual([
			{ text: kept, alert: false },
			{ text: "This booking is already cancelled.", alert: false },
		]);
		// The outcome takes the warning's place.
		expect(edits().map((edit) => edit.text)).toContain(`${message.text}\n\n${kept}`);
		for (const edit of edits()) expect(edit.replyMarkup).toEqual({ inline_keyboard: [[OPEN_BOOKING]] });
		await bx.expectBooksBalanced();
		await expectLedgerInvariants(db());
	});

	it("warns in the member's language (km, zh-CN) and cancels a late booking without a paid deposit at once", async () => {
		for (const [mobile, lang] of [
			["13900003010", "km"],
			["13900003011", "zh-CN"],
		] as const) {
			fake.reset();
			const guest = await telegramMember(server, { mobile, lang });
			await fx.grant(guest.userId, 5000);
			const { id } = await bx.book({ memberId: guest.userId, deposit: 1000, startsInMinutes: 90, table: "A5" });
			expect((await bx.pay(guest.accessToken, id)).code).toBe(0);
			const texts = repliesIn(lang);
			await postUpdate(
				server,
				buttonPress({ id: guest.telegramUserId }, cancelBookingData(id), reminder(guest.telegramUserId, id, 46)),
			);
			expect((await booking(id)).status).toBe("confirmed");
			const warning = texts.lateCancelWarning(await money(1000));
			expect(answers()).toEqual([{ text: warning, alert: true }]);
			expect(edits()[0]?.replyMarkup).toEqual({
				inline_keyboard: [
					[
						{ text: texts.cancelAnyway, callback_data: cancelBookingAnywayData(id, 1000) },
						{ text: texts.keepBooking, callback_data: keepBookingData(id) },
					],
					[OPEN_BOOKING],
				],
			});
			expect(warning).toContain(await money(1000));
			expect(warning).not.toBe(repliesIn("en").lateCancelWarning(await money(1000)));
			// Its table is free again for the stories after this one.
			expect(await bx.exit(id, "cancelled")).toBe(true);
		}

		// Late, but no deposit was asked: nothing to keep, so it is cancelled at once.
		fake.reset();
		const guest = await telegramMember(server, { mobile: "13900003012", lang: "en" });
		const { id } = await bx.book({ memberId: guest.userId, startsInMinutes: 90, table: "A6" });
		await postUpdate(
			server,
			buttonPress({ id: guest.telegramUserId }, cancelBookingData(id), reminder(guest.telegramUserId, id, 47)),
		);
		expect((await booking(id)).status).toBe("cancelled");
		expect(answers()).toEqual([{ text: "Booking cancelled.", alert: false }]);
	});

	it("answers the app's refusal in the member's language when the booking can no longer be cancelled", async () => {
		const guest = await telegramMember(server, { mobile: "13900003006", lang: "km" });
		const { id } = await bx.book({ memberId: guest.userId, startsInMinutes: 90 });
		server.clock.advance(91 * 60);
		await postUpdate(
			server,
			buttonPress({ id: guest.telegramUserId }, cancelBookingData(id), reminder(guest.telegramUserId, id, 44)),
		);
		expect((await booking(id)).status).toBe("confirmed");
		const shop = await db().selectFrom("shop").select("phone").where("id", "=", 1).executeTakeFirstOrThrow();
		expect(answers()).toEqual([
			{ text: formatMessage("reservationNotCancellable", "km", { phone: shop.phone }), alert: true },
		]);
		expect(edits()).toEqual([]);
		fx.moveClockToLocal("12:00");
	});
});

describe("Accept in the shop's staff group", () => {
	const groupId = -100_300_400_1;

	function newOrderMessage(orderId: number) {
		return {
			chatId: groupId,
			group: true,
			messageId: 51,
			text: "New order #42: 1 × coconut",
			keyboard: [[{ text: "Accept", callback_data: acceptOrderData(orderId) }]],
		};
	}

	it("does nothing for someone who is not staff, accepts once for the staff", async () => {
		const customer = await telegramMember(server, { mobile: "13900003007", lang: "en" });
		const cook = await telegramMember(server, { mobile: "13900003008", lang: "en" });
		await db().insertInto("shop_staff").values({ shop_id: 1, member_id: cook.userId, role: "staff" }).execute();
		await fx.grant(customer.userId, 50_000);
		const order = await fx.paidOrder(customer.accessToken, "Fresh young coconut");
		const message = newOrderMessage(order.id);
		const statusOf = async () =>
			(
				await db()
					.selectFrom("customer_order")
					.select(["status", "accepted_at"])
					.where("id", "=", order.id)
					.executeTakeFirstOrThrow()
			).status;

		// The customer is a member of the tenant but not staff; a stranger is not even a member.
		await postUpdate(server, buttonPress({ id: customer.telegramUserId }, acceptOrderData(order.id), message));
		await postUpdate(
			server,
			buttonPress({ id: 7_300_000_002, language_code: "en" }, acceptOrderData(order.id), message),
		);
		expect(await statusOf()).toBe("new");
		expect(answers()).toEqual(Array(2).fill({ text: "Only this shop's staff can accept orders.", alert: true }));
		expect(edits()).toEqual([]);

		fake.reset();
		await postUpdate(
			server,
			buttonPress({ id: cook.telegramUserId, first_name: "Dara" }, acceptOrderData(order.id), message),
		);
		await postUpdate(
			server,
			buttonPress({ id: cook.telegramUserId, first_name: "Dara" }, acceptOrderData(order.id), message),
		);
		expect(await statusOf()).toBe("in_production");
		const accepts = await db()
			.selectFrom("order_event")
			.select("id")
			.where("order_id", "=", order.id)
			.where("to_status", "=", "in_production")
			.execute();
		expect(accepts).toHaveLength(1);
		expect(answers()).toEqual([
			{ text: "Order accepted.", alert: false },
			{ text: "This order has already been accepted.", alert: false },
		]);
		expect(edits()[0]).toEqual({
			chatId: groupId,
			messageId: 51,
			text: `${message.text}\n\nAccepted by Dara.`,
			replyMarkup: { inline_keyboard: [] },
		});
	});
});
