import {
	type AvailabilityView,
	ErrorCode,
	formatMessage,
	type PageResult,
	type ReservationSettingsPage,
	type ReservationView,
	type UpcomingReservations,
} from "@bayon/contract";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../../../test/harness.js";
import { OrderingFixture } from "../../../test/ordering.js";
import { writeReservationRules } from "../../../test/reservation-rules.js";
import { addShop, memberWithRole } from "../../../test/shops.js";
import { fromLocalMoment } from "../venues/hours.js";
import { markNoShows } from "./arrival/no-shows.js";

const PP = "Asia/Phnom_Penh"; // UTC+7
/** An instant on the demo shop's clock: "2026-12-04 19:00". */
const at = (local: string) =>
	fromLocalMoment(local.slice(0, 10), Number(local.slice(11, 13)) * 60 + Number(local.slice(14, 16)), PP);
const SHOP_PHONE = "+855 23 900 123";

let server: TestServer;
let fixture: OrderingFixture;
type Session = { accessToken: string; userId: number };
let owner: Session;
let staff: Session;
let guest: Session;
let otherGuest: Session;
let elsewhere: Session;
let keyCounter = 0;

beforeAll(async () => {
	server = await startTestServer();
	// Friday 2026-12-04, 09:00 in Phnom Penh. The demo shop opens 08:00–22:00 every day;
	// bookings on with the defaults: 15-minute slots, 90 min for 2, 105 for 4, 120 for 6,
	// 10 min buffer, 60 min notice, 30 days ahead, 12 online, cancel up to 2 h before.
	server.clock.set(at("2026-12-04 09:00"));
	owner = await server.signIn("13800000001");
	staff = await server.signIn("13800000002");
	guest = await server.signIn("13800000003");
	otherGuest = await server.signIn("13900000011");
	const otherShop = await addShop(server, "elsewhere");
	elsewhere = await memberWithRole(server, "13900000012", "owner", otherShop);
	fixture = await new OrderingFixture(server).load();
});
afterAll(async () => {
	await server?.close();
});

/**
 * Moves the server's clock forward (never back) and signs everyone in again: access tokens
 * last 15 minutes of the server's time.
 */
async function moveClockTo(local: string) {
	const target = at(local);
	if (target < server.clock.now()) throw new Error("the clock only moves forward in this file");
	server.clock.set(target);
	for (const [session, mobile] of [
		[owner, "13800000001"],
		[staff, "13800000002"],
		[guest, "13800000003"],
		[otherGuest, "13900000011"],
		[elsewhere, "13900000012"],
	] as const)
		Object.assign(session, await server.signIn(mobile));
}

const key = () => `reservation-test-${++keyCounter}-${Date.now()}`;

function book(
	who: Session | null,
	body: Record<string, unknown>,
	options: { key?: string | null; lang?: string } = {},
) {
	const idempotencyKey = options.key === undefined ? key() : options.key;
	return server.call<ReservationView>("POST", "/app-api/reservation/create", {
		...(who ? { token: who.accessToken } : {}),
		lang: options.lang ?? "en",
		headers: idempotencyKey ? { "idempotency-key": idempotencyKey } : {},
		body: {
			shopId: 1,
			party: 2,
			name: "Sokha",
			phone: "13900000099",
			agreed: true,
			...body,
		},
	});
}

async function booked(who: Session, body: Record<string, unknown>): Promise<ReservationView> {
	const answer = await book(who, body);
	if (answer.code !== 0) throw new Error(`booking failed: ${answer.code} ${answer.msg}`);
	return answer.data;
}

function availability(date: string, party: number, who?: Session, shopId = 1) {
	return server.call<AvailabilityView>(
		"GET",
		`/app-api/reservation/availability?shopId=${shopId}&date=${date}&party=${party}`,
		{ ...(who ? { token: who.accessToken } : {}), lang: "en" },
	);
}

async function times(date: string, party: number, shopId = 1): Promise<string[]> {
	const answer = await availability(date, party, undefined, shopId);
	expect(answer.code).toBe(0);
	return answer.data.slots.map((slot) => slot.time);
}

function staffCall<T>(who: Session, method: "GET" | "POST", path: string, body?: unknown, lang = "en") {
	return server.call<T>(method, `/app-api/merchant/reservation/${path}`, {
		token: who.accessToken,
		lang,
		...(body === undefined ? {} : { body }),
	});
}

async function settingsPage(): Promise<ReservationSettingsPage> {
	const answer = await staffCall<ReservationSettingsPage>(owner, "GET", "settings?shopId=1");
	expect(answer.code).toBe(0);
	return answer.data;
}

/** Saves a change of the demo shop's settings as its owner, and returns a way back. */
async function changeSettings(change: Record<string, unknown>): Promise<() => Promise<void>> {
	const { settings } = await settingsPage();
	const { shopId, version, ...rest } = settings;
	const saved = await staffCall<ReservationSettingsPage>(owner, "POST", "settings", {
		shopId,
		version,
		...rest,
		...change,
	});
	expect(saved.code).toBe(0);
	return async () => {
		const now = await settingsPage();
		const back = await staffCall(owner, "POST", "settings", { shopId, version: now.settings.version, ...rest });
		expect(back.code).toBe(0);
	};
}

function detail(who: Session, id: number) {
	return server.call<ReservationView>("GET", `/app-api/reservation/detail?id=${id}`, {
		token: who.accessToken,
		lang: "en",
	});
}

function act(who: Session, reservationId: number, action: string, reason?: string, lang = "en") {
	return staffCall<ReservationView>(who, "POST", "action", { reservationId, action, reason }, lang);
}

/** A shop open Friday 18:00 to 01:00 with one four-seat table: 30-minute slots, 60 minutes a stay, 30 buffer. */
async function nightShop(): Promise<number> {
	const shopId = await addShop(server, "night-owl");
	await server.deps.db
		.insertInto("shop_opening_hours")
		.values({ shop_id: shopId, weekday: 5, opens_at: "18:00", closes_at: "01:00" })
		.execute();
	await server.deps.db
		.insertInto("dining_table")
		.values({ shop_id: shopId, number: "N1", seats: 4, reservable: true, min_seats: 1 })
		.execute();
	await writeReservationRules(server.deps.db, shopId, {
		slotMinutes: 30,
		turnTimes: [{ upToParty: 50, minutes: 60 }],
		bufferMinutes: 30,
		onlinePartyMax: 4,
		cancelWindowMinutes: 60,
	});
	return shopId;
}

describe("free slots", () => {
	it("starts at the opening (past the minimum notice today) and ends when the whole stay fits before the close", async () => {
		// Today: now 09:00 + 60 minutes' notice; a party of 2 stays 90 minutes until 22:00.
		const today = await times("2026-12-04", 2);
		expect(today[0]).toBe("10:00");
		expect(today.at(-1)).toBe("20:30");
		// Tomorrow from the opening at 08:00; a party of 3 stays 105 minutes.
		expect((await times("2026-12-05", 2))[0]).toBe("08:00");
		expect((await times("2026-12-05", 3)).at(-1)).toBe("20:15");
		const answer = await availability("2026-12-05", 2);
		expect(answer.data).toMatchObject({
			shopTimeZone: PP,
			stayMinutes: 90,
			noSlotsReason: null,
			terms: {
				cancelWindowMinutes: 120,
				minNoticeMinutes: 60,
				firstDate: "2026-12-04",
				lastDate: "2027-01-03",
				deposit: { amount: 0, reason: null },
				shopPhone: SHOP_PHONE,
			},
		});
		expect(answer.data.slots[0]?.startsAt).toBe(at("2026-12-05 08:00").toISOString());
		expect(answer.data.areas.map((area) => area.name).sort()).toEqual(["Indoor", "River terrace"]);
	});

	it("gives a window past midnight to the day it opened, keeping turn time plus buffer around a booking", async () => {
		const shopId = await nightShop();
		expect(await times("2026-12-04", 2, shopId)).toEqual([
			"18:00",
			"18:30",
			"19:00",
			"19:30",
			"20:00",
			"20:30",
			"21:00",
			"21:30",
			"22:00",
			"22:30",
			"23:00",
			"23:30",
			"00:00",
		]);
		expect((await availability("2026-12-05", 2, undefined, shopId)).data).toMatchObject({
			slots: [],
			noSlotsReason: "closedDay",
		});
		// 00:00 on Saturday is Friday evening's last slot.
		const late = await booked(guest, { shopId, startsAt: at("2026-12-05 00:00").toISOString() });
		expect(late.status).toBe("confirmed");
		// A booking at 20:00 holds the table 20:00–21:30 (60 + 30): 19:00 would run into it, 21:30 is free.
		await booked(guest, { shopId, startsAt: at("2026-12-04 20:00").toISOString() });
		// The 00:00 booking holds it from midnight: 22:30 (held to 00:00) is the last free start.
		expect(await times("2026-12-04", 2, shopId)).toEqual(["18:00", "18:30", "21:30", "22:00", "22:30"]);
		const clash = await book(guest, { shopId, startsAt: at("2026-12-04 19:00").toISOString() });
		expect(clash.code).toBe(ErrorCode.ReservationSlotTaken);
		// A start whose stay would end after 01:00, or before the opening, is outside the hours.
		for (const local of ["2026-12-05 00:30", "2026-12-04 17:30"]) {
			const answer = await book(guest, { shopId, startsAt: at(local).toISOString() });
			expect(answer.code).toBe(ErrorCode.ReservationOutsideHours);
			expect(answer.msg).toBe(formatMessage("outsideOpeningHours", "en"));
		}
		// Inside the hours but off the 30-minute grid: the spec's "choose the correct time".
		const offGrid = await book(guest, { shopId, startsAt: at("2026-12-04 18:15").toISOString() });
		expect(offGrid.code).toBe(ErrorCode.ReservationTimeInvalid);
		expect(offGrid.msg).toBe(formatMessage("chooseCorrectTime", "en"));
	});

	it("has nothing on a closure day, and refuses bookings on it", async () => {
		await server.deps.db
			.insertInto("shop_closure")
			.values({ shop_id: 1, starts_on: "2026-12-11", ends_on: "2026-12-11", reason: null })
			.execute();
		expect((await availability("2026-12-11", 2)).data).toMatchObject({ slots: [], noSlotsReason: "closedDay" });
		const answer = await book(guest, { startsAt: at("2026-12-11 12:00").toISOString() });
		expect(answer.code).toBe(ErrorCode.ReservationOutsideHours);
	});

	it("keeps the minimum notice and the booking window, with the numbers in the message", async () => {
		const soon = await book(guest, { startsAt: at("2026-12-04 09:45").toISOString() }, { lang: "km" });
		expect(soon).toMatchObject({
			code: ErrorCode.ReservationTooSoon,
			msg: formatMessage("reservationTooSoon", "km", { minutes: 60 }),
		});
		expect((await availability("2027-01-03", 2)).data.noSlotsReason).toBeNull();
		expect((await availability("2027-01-04", 2)).data).toMatchObject({ slots: [], noSlotsReason: "tooFarAhead" });
		const far = await book(guest, { startsAt: at("2027-01-04 12:00").toISOString() });
		expect(far).toMatchObject({
			code: ErrorCode.ReservationTooFar,
			msg: formatMessage("reservationTooFar", "en", { days: 30 }),
		});
		expect((await availability("2026-12-03", 2)).data.noSlotsReason).toBe("pastWindow");
	});

	it("asks larger parties to call the shop", async () => {
		expect((await availability("2026-12-05", 13)).data).toMatchObject({ slots: [], noSlotsReason: "partyTooLarge" });
		const answer = await book(guest, { party: 13, startsAt: at("2026-12-05 12:00").toISOString() });
		expect(answer).toMatchObject({
			code: ErrorCode.PartyTooLarge,
			msg: formatMessage("partyTooLarge", "en", { max: 12, phone: SHOP_PHONE }),
		});
	});
});

describe("a guest's booking", () => {
	let booking: ReservationView;

	it("books the smallest fitting table, confirmed, with an arrival code, and only its 2 h reminder still ahead", async () => {
		booking = await booked(guest, { startsAt: at("2026-12-04 19:00").toISOString(), occasion: "birthday" });
		expect(booking).toMatchObject({
			shopId: 1,
			status: "confirmed",
			statusCode: 11,
			party: 2,
			startsAt: at("2026-12-04 19:00").toISOString(),
			endsAt: at("2026-12-04 20:30").toISOString(),
			name: "Sokha",
			occasion: "birthday",
			source: "web",
			tables: [{ number: "A1" }],
			shopPhone: SHOP_PHONE,
			shopTimeZone: PP,
			cancelUntil: at("2026-12-04 17:00").toISOString(),
			amountDue: 0,
			payDeadline: null,
			preorder: null,
			timeline: [{ status: "confirmed", by: "guest", note: null }],
			actions: ["cancel", "changePreorder"],
		});
		expect(booking.code).toMatch(/^[23456789ABCDEFGHJKMNPQRSTUVWXYZ]{6}$/);
		const notices = await server.deps.db
			.selectFrom("reservation_notice")
			.select(["kind", "due_at"])
			.where("reservation_id", "=", booking.id)
			.execute();
		expect(notices).toEqual([{ kind: "remind_2h", due_at: at("2026-12-04 17:00") }]);
	});

	it("answers the same booking to a retry with the same key, and refuses a missing or reused key", async () => {
		const sameKey = key();
		const body = { startsAt: at("2026-12-06 12:00").toISOString() };
		const first = await book(guest, body, { key: sameKey });
		const again = await book(guest, body, { key: sameKey });
		expect(first.code).toBe(0);
		expect(again.data.id).toBe(first.data.id);
		expect((await book(guest, { ...body, party: 3 }, { key: sameKey })).code).toBe(ErrorCode.IdempotencyKeyReused);
		expect((await book(guest, body, { key: null })).code).toBe(ErrorCode.IdempotencyKeyRequired);
		const count = await server.deps.db
			.selectFrom("reservation")
			.select((eb) => eb.fn.countAll<string>().as("n"))
			.where("starts_at", "=", at("2026-12-06 12:00"))
			.executeTakeFirstOrThrow();
		expect(Number(count.n)).toBe(1);
		await server.call("POST", "/app-api/reservation/cancel", {
			token: guest.accessToken,
			body: { reservationId: first.data.id },
		});
	});

	it("lists it under the spec's tabs, in detail and as upcoming", async () => {
		const list = (status: number) =>
			server.call<PageResult<ReservationView>>("GET", `/app-api/reservation/list?status=${status}`, {
				token: guest.accessToken,
			});
		expect((await list(-1)).data.list.map((r) => r.id)).toContain(booking.id);
		expect((await list(0)).data.list.map((r) => r.id)).toContain(booking.id);
		expect((await list(1)).data.list.map((r) => r.id)).not.toContain(booking.id);
		expect((await list(3)).data.total).toBe(0);
		expect((await list(2)).code).toBe(ErrorCode.BadRequest);
		expect((await detail(guest, booking.id)).data).toEqual(booking);
		const upcoming = await server.call<UpcomingReservations>("GET", "/app-api/reservation/upcoming", {
			token: guest.accessToken,
		});
		expect(upcoming.data.list[0]?.id).toBe(booking.id);
	});

	it("downloads it as an iCalendar file in the guest's language", async () => {
		const response = await fetch(`${server.url}/app-api/reservation/ics?id=${booking.id}`, {
			headers: { "tenant-id": "1", authorization: `Bearer ${guest.accessToken}`, "accept-language": "km" },
		});
		expect(response.headers.get("content-type")).toBe("text/calendar; charset=utf-8");
		expect(response.headers.get("content-disposition")).toBe(`attachment; filename="reservation-${booking.code}.ics"`);
		const body = await response.text();
		expect(body.startsWith("BEGIN:VCALENDAR\r\nVERSION:2.0\r\n")).toBe(true);
		expect(body).toContain("\r\nDTSTART:20261204T120000Z\r\nDTEND:20261204T133000Z\r\n");
		expect(body.endsWith("END:VEVENT\r\nEND:VCALENDAR\r\n")).toBe(true);
		// No line longer than 75 octets, and no bare line feed.
		for (const line of body.split("\r\n")) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
		expect(body.replaceAll("\r\n", "")).not.toContain("\n");
		const unfolded = body.replaceAll("\r\n ", "");
		expect(unfolded).toContain(
			`SUMMARY:${formatMessage("reservationCalendarTitle", "km", { party: 2, shop: "បាយ័ន តែ និងម្ហូប · មាត់ទន្លេ" })}`,
		);
		// Commas in the address are escaped.
		expect(unfolded).toContain("LOCATION:ផ្ទះលេខ 123 មហាវិថីព្រះស៊ីសុវត្ថិ");
		expect(unfolded).toContain(booking.code);
	});

	it("refuses another member's booking exactly like one that does not exist", async () => {
		const missing = await detail(otherGuest, 999_999);
		expect(missing.code).toBe(ErrorCode.NotFound);
		expect(await detail(otherGuest, booking.id)).toEqual(missing);
		for (const [path, body] of [
			["cancel", { reservationId: booking.id }],
			["preorder", { reservationId: booking.id, preorder: null }],
		] as const) {
			const answer = await server.call("POST", `/app-api/reservation/${path}`, {
				token: otherGuest.accessToken,
				lang: "en",
				body,
			});
			expect(answer).toEqual(missing);
		}
		const ics = await server.call("GET", `/app-api/reservation/ics?id=${booking.id}`, {
			token: otherGuest.accessToken,
			lang: "en",
		});
		expect(ics).toEqual(missing);
		expect((await detail(guest, booking.id)).data.status).toBe("confirmed");
	});

	it("cancels inside the window: cancelled, its reminder skipped and its table free again", async () => {
		const answer = await server.call<ReservationView>("POST", "/app-api/reservation/cancel", {
			token: guest.accessToken,
			body: { reservationId: booking.id, reason: "Plans changed" },
		});
		expect(answer.data).toMatchObject({ status: "cancelled", statusCode: 1, actions: [] });
		expect(answer.data.timeline.map((entry) => [entry.status, entry.by, entry.note])).toEqual([
			["confirmed", "guest", null],
			["cancelled", "guest", "Plans changed"],
		]);
		const notice = await server.deps.db
			.selectFrom("reservation_notice")
			.select("skipped_at")
			.where("reservation_id", "=", booking.id)
			.executeTakeFirstOrThrow();
		expect(notice.skipped_at).not.toBeNull();
		// A second click answers the same; the table is taken by the next guest.
		const again = await server.call<ReservationView>("POST", "/app-api/reservation/cancel", {
			token: guest.accessToken,
			body: { reservationId: booking.id },
		});
		expect(again.data.status).toBe("cancelled");
		const next = await booked(otherGuest, { startsAt: at("2026-12-04 19:00").toISOString() });
		expect(next.tables).toEqual([{ id: booking.tables[0]?.id, number: "A1" }]);
		await server.call("POST", "/app-api/reservation/cancel", {
			token: otherGuest.accessToken,
			body: { reservationId: next.id },
		});
	});

	it("after the free window: cancelled when no deposit was paid; with no window at all, only the shop can cancel", async () => {
		// Starts at 10:30: the free window ended at 08:30.
		const late = await booked(guest, { startsAt: at("2026-12-04 10:30").toISOString() });
		expect(late.cancelUntil).toBe(at("2026-12-04 08:30").toISOString());
		const cancelled = await server.call<ReservationView>("POST", "/app-api/reservation/cancel", {
			token: guest.accessToken,
			body: { reservationId: late.id },
		});
		expect(cancelled.data.status).toBe("cancelled");

		const restore = await changeSettings({ cancelWindowMinutes: 0 });
		const fixed = await booked(guest, { startsAt: at("2026-12-05 13:00").toISOString() });
		expect(fixed.cancelUntil).toBeNull();
		expect(fixed.actions).not.toContain("cancel");
		const refused = await server.call("POST", "/app-api/reservation/cancel", {
			token: guest.accessToken,
			lang: "km",
			body: { reservationId: fixed.id },
		});
		expect(refused).toMatchObject({
			code: ErrorCode.ReservationNotCancellable,
			msg: formatMessage("reservationNotCancellable", "km", { phone: SHOP_PHONE }),
		});
		await restore();
		await act(owner, fixed.id, "cancel");
	});
});

describe("pre-orders", () => {
	const deskItem = () => {
		const item = [...fixture.items.values()].find((candidate) => candidate.orderTypes.includes("desk"));
		if (!item) throw new Error("no dine-in item on the demo menu");
		return item;
	};

	it("prices the dishes on the server; paid now, the booking waits for its payment", async () => {
		const item = deskItem();
		const line = fixture.line(item.name, 2);
		const later = await booked(guest, {
			startsAt: at("2026-12-07 12:00").toISOString(),
			preorder: { lines: [line], pay: "atTable" },
		});
		expect(later.status).toBe("confirmed");
		expect(later.preorder).toMatchObject({ pay: "atTable", lines: [{ itemId: item.id, quantity: 2 }] });
		expect(later.preorder?.total).toBe(later.preorder?.lines[0]?.lineTotal);
		expect(later.preorder?.total).toBeGreaterThan(0);
		expect(later.amountDue).toBe(0);

		const now = await booked(guest, {
			startsAt: at("2026-12-07 12:30").toISOString(),
			preorder: { lines: [line], pay: "now" },
		});
		expect(now).toMatchObject({
			status: "awaiting_payment",
			amountDue: later.preorder?.total,
			payDeadline: new Date(server.clock.now().getTime() + 15 * 60_000).toISOString(),
			payments: [{ kind: "preorder", status: "due", amount: later.preorder?.total }],
		});
		expect(now.actions).toContain("pay");
		// Removing the pre-order: nothing left to pay, so the booking goes on (confirmed).
		const removed = await server.call<ReservationView>("POST", "/app-api/reservation/preorder", {
			token: guest.accessToken,
			body: { reservationId: now.id, preorder: null },
		});
		expect(removed.data).toMatchObject({
			status: "confirmed",
			preorder: null,
			amountDue: 0,
			payments: [],
			payDeadline: null,
		});

		// Its names are kept in every language: read back in Khmer.
		const km = await server.call<ReservationView>("GET", `/app-api/reservation/detail?id=${later.id}`, {
			token: guest.accessToken,
			lang: "km",
		});
		expect(km.data.preorder?.lines[0]?.name).not.toBe(later.preorder?.lines[0]?.name);
		await server.call("POST", "/app-api/reservation/cancel", {
			token: guest.accessToken,
			body: { reservationId: later.id },
		});
		await server.call("POST", "/app-api/reservation/cancel", {
			token: guest.accessToken,
			body: { reservationId: now.id },
		});
	});

	it("refuses dishes that cannot be ordered, and changes after the party is seated", async () => {
		const bad = await book(guest, {
			startsAt: at("2026-12-07 13:00").toISOString(),
			preorder: { lines: [{ itemId: 999_999, quantity: 1 }], pay: "atTable" },
		});
		expect(bad.code).toBe(ErrorCode.ItemUnavailable);
		const seatedBooking = await booked(guest, { startsAt: at("2026-12-07 13:00").toISOString() });
		await server.deps.db
			.updateTable("reservation")
			.set({ status: "seated" })
			.where("id", "=", seatedBooking.id)
			.execute();
		const locked = await server.call("POST", "/app-api/reservation/preorder", {
			token: guest.accessToken,
			body: { reservationId: seatedBooking.id, preorder: { lines: [fixture.line(deskItem().name)], pay: "atTable" } },
		});
		expect(locked.code).toBe(ErrorCode.PreorderLocked);
		await act(owner, seatedBooking.id, "complete");
	});
});

describe("bad input", () => {
	it("answers every bad field of a booking in the caller's language", async () => {
		const answer = await server.call("POST", "/app-api/reservation/create", {
			token: guest.accessToken,
			lang: "km",
			headers: { "idempotency-key": key() },
			body: { shopId: 1, startsAt: "tonight", party: 0, name: "", phone: "12", agreed: false, occasion: "wedding" },
		});
		expect(answer.code).toBe(ErrorCode.BadRequest);
		const issues = (answer.data as { issues: Array<{ field: string; rule: string; message: string }> }).issues;
		const byField = Object.fromEntries(issues.map((issue) => [issue.field, issue.rule]));
		expect(byField).toMatchObject({
			startsAt: "selectReservationTime",
			party: "selectDiners",
			name: "fillName",
			phone: "phoneFormat",
			agreed: "tickAgreement",
			occasion: "fieldInvalid",
		});
		for (const issue of issues)
			expect(issue.message).toBe(formatMessage(issue.rule as never, "km", { field: issue.field }));
		expect(answer.msg).toBe(issues[0]?.message);
		const longName = await book(
			guest,
			{ name: "x".repeat(31), startsAt: at("2026-12-05 12:00").toISOString() },
			{ lang: "km" },
		);
		expect(longName.msg).toBe(formatMessage("nameTooLong", "km"));
	});

	it("answers a bad slot query per field", async () => {
		const answer = await server.call("GET", "/app-api/reservation/availability?shopId=1&date=2026-13-01&party=0", {
			lang: "km",
		});
		const issues = (answer.data as { issues: Array<{ field: string; rule: string }> }).issues;
		expect(issues).toEqual(
			expect.arrayContaining([
				expect.objectContaining({ field: "date", rule: "chooseCorrectDate" }),
				expect.objectContaining({ field: "party", rule: "selectDiners" }),
			]),
		);
	});

	it("answers bad settings per field", async () => {
		const { settings } = await settingsPage();
		const { shopId, version, ...rest } = settings;
		const answer = await staffCall(
			owner,
			"POST",
			"settings",
			{
				shopId,
				version,
				...rest,
				turnTimes: [
					{ upToParty: 4, minutes: 90 },
					{ upToParty: 2, minutes: 60 },
				],
				depositMinParty: 6,
				depositPerPerson: 0,
				slotMinutes: 7,
			},
			"km",
		);
		const issues = (answer.data as { issues: Array<{ field: string; rule: string }> }).issues;
		expect(issues).toEqual(
			expect.arrayContaining([
				expect.objectContaining({ field: "turnTimes", rule: "turnTimesOrder" }),
				expect.objectContaining({ field: "slotMinutes", rule: "fieldInvalid" }),
			]),
		);
		const deposit = await staffCall(
			owner,
			"POST",
			"settings",
			{ shopId, version, ...rest, depositMinParty: 6, depositPerPerson: 0 },
			"km",
		);
		expect(deposit.msg).toBe(formatMessage("depositAmountRequired", "km"));
	});
});

describe("who may use the shop's calls", () => {
	let booking: ReservationView;
	beforeAll(async () => {
		booking = await booked(guest, { startsAt: at("2026-12-08 12:00").toISOString() });
	});

	it("refuses customers alike whether the shop or the booking exists or not", async () => {
		const calls: Array<[method: "GET" | "POST", path: string, body?: unknown]> = [
			["GET", "settings?shopId=1"],
			["GET", "settings?shopId=999"],
			["GET", "list?shopId=1"],
			["GET", "list?shopId=999"],
			["GET", "grid?shopId=1&date=2026-12-08"],
			["GET", `detail?id=${booking.id}`],
			["GET", "detail?id=999999"],
			["POST", "action", { reservationId: booking.id, action: "confirm" }],
			["POST", "action", { reservationId: 999_999, action: "confirm" }],
			["POST", "assign", { reservationId: booking.id, tableIds: [1] }],
			["POST", "assign", { reservationId: 999_999, tableIds: [1] }],
			["POST", "table", { tableId: 1, reservable: false, minSeats: 1 }],
			["POST", "table", { tableId: 999_999, reservable: false, minSeats: 1 }],
			...[1, 999].map((shopId): [method: "POST", path: string, body: unknown] => [
				"POST",
				"create",
				{ shopId, startsAt: at("2026-12-08 13:00").toISOString(), party: 2, name: "Me", phone: "13800000003" },
			]),
		];
		for (const [method, path, body] of calls) {
			const answer = await staffCall(guest, method, path, body);
			expect([path, answer.code]).toEqual([path, ErrorCode.Forbidden]);
		}
		expect((await detail(guest, booking.id)).data.status).toBe("confirmed");
	});

	it("tells the staff of another shop nothing about this shop's bookings", async () => {
		const theirs = await staffCall(elsewhere, "GET", `detail?id=${booking.id}`);
		const missing = await staffCall(elsewhere, "GET", "detail?id=999999");
		expect(theirs.code).toBe(ErrorCode.NotFound);
		expect(theirs).toEqual(missing);
		expect((await staffCall(elsewhere, "GET", "list?shopId=1")).code).toBe(ErrorCode.Forbidden);
	});

	it("keeps settings and reservable tables to the owner and the manager", async () => {
		expect((await staffCall(staff, "GET", "settings?shopId=1")).code).toBe(ErrorCode.Forbidden);
		expect((await staffCall(staff, "POST", "table", { tableId: 1, reservable: false, minSeats: 1 })).code).toBe(
			ErrorCode.Forbidden,
		);
		// The board is everyone's.
		const list = await staffCall<PageResult<ReservationView>>(staff, "GET", "list?shopId=1&date=2026-12-08");
		expect(list.data.list.map((r) => r.id)).toEqual([booking.id]);
		expect(list.data.list[0]).toMatchObject({ strikes: 0, member: { mobile: "138****0003" } });
	});
});

describe("settings", () => {
	it("saves with the version it was read at, refuses an older version and records the change", async () => {
		const page = await settingsPage();
		expect(page.shopTimeZone).toBe(PP);
		expect(page.tables.find((t) => t.number === "T1")).toMatchObject({ seats: 6, minSeats: 3, reservable: true });
		const { shopId, version, ...rest } = page.settings;
		const first = await staffCall<ReservationSettingsPage>(owner, "POST", "settings", {
			shopId,
			version,
			...rest,
			graceMinutes: 20,
		});
		expect(first.data.settings).toMatchObject({ graceMinutes: 20, version: version + 1 });
		const stale = await staffCall(owner, "POST", "settings", { shopId, version, ...rest, graceMinutes: 25 });
		expect(stale.code).toBe(ErrorCode.ChangedBySomeoneElse);
		expect((await settingsPage()).settings.graceMinutes).toBe(20);
		const change = await server.deps.db
			.selectFrom("shop_change")
			.select(["subject", "action", "before", "after"])
			.where("subject", "=", "reservation_settings")
			.orderBy("id", "desc")
			.executeTakeFirstOrThrow();
		expect(change).toMatchObject({ action: "update", before: { graceMinutes: 15 }, after: { graceMinutes: 20 } });
		await staffCall(owner, "POST", "settings", { shopId, version: version + 1, ...rest });
	});

	it("lets a first save of a shop without settings race only once", async () => {
		const shopId = await addShop(server, "fresh");
		await server.deps.db
			.insertInto("shop_staff")
			.values({ shop_id: shopId, member_id: owner.userId, role: "owner" })
			.execute();
		const page = await staffCall<ReservationSettingsPage>(owner, "GET", `settings?shopId=${shopId}`);
		expect(page.data.settings).toMatchObject({ enabled: false, version: 1 });
		const { version, ...rest } = page.data.settings;
		const answers = await Promise.all(
			[true, false].map((enabled) => staffCall(owner, "POST", "settings", { ...rest, version, enabled })),
		);
		expect(answers.map((a) => a.code).sort()).toEqual([0, ErrorCode.ChangedBySomeoneElse].sort());
	});

	it("takes a table out of bookings, and keeps the smallest party within its seats", async () => {
		const tooMany = await staffCall(owner, "POST", "table", { tableId: 1, reservable: true, minSeats: 3 }, "km");
		expect(tooMany.code).toBe(ErrorCode.BadRequest);
		expect((tooMany.data as { issues: Array<{ field: string }> }).issues[0]?.field).toBe("minSeats");
		const off = await staffCall(owner, "POST", "table", { tableId: 1, reservable: false, minSeats: 1 });
		expect(off.data).toMatchObject({ number: "A1", reservable: false });
		const next = await booked(guest, { startsAt: at("2026-12-12 12:00").toISOString() });
		expect(next.tables.map((t) => t.number)).toEqual(["A2"]);
		await staffCall(owner, "POST", "table", { tableId: 1, reservable: true, minSeats: 1 });
	});
});

describe("the staff's decisions", () => {
	it("confirms a waiting booking, rejects one with a reason and frees its table", async () => {
		const restore = await changeSettings({ autoConfirmPercent: 0 });
		const waiting = await booked(guest, { startsAt: at("2026-12-09 12:00").toISOString() });
		expect(waiting).toMatchObject({ status: "pending", statusCode: 0 });
		const staffView = await staffCall<ReservationView>(staff, "GET", `detail?id=${waiting.id}`);
		expect(staffView.data.actions).toEqual(["confirm", "reject", "cancel", "assign"]);
		const noReason = await act(staff, waiting.id, "reject", undefined, "km");
		expect(noReason).toMatchObject({ code: ErrorCode.BadRequest, msg: formatMessage("enterReason", "km") });
		const confirmed = await act(staff, waiting.id, "confirm");
		expect(confirmed.data.status).toBe("confirmed");
		expect((await act(staff, waiting.id, "confirm")).data.status).toBe("confirmed");
		const rejected = await act(staff, waiting.id, "reject", "Private event that evening");
		expect(rejected.data).toMatchObject({ status: "rejected", rejectReason: "Private event that evening" });
		expect((await detail(guest, waiting.id)).data).toMatchObject({
			status: "rejected",
			statusCode: 14,
			rejectReason: "Private event that evening",
			actions: [],
		});
		const holds = await server.deps.db
			.selectFrom("reservation_table")
			.select("holding")
			.where("reservation_id", "=", waiting.id)
			.execute();
		expect(holds).toEqual([{ holding: false }]);
		expect((await act(staff, waiting.id, "confirm")).code).toBe(ErrorCode.ReservationStateChanged);
		await restore();
	});

	it("marks a no-show only after the start, undoes it, and completes a seated party early", async () => {
		const today = await booked(guest, { startsAt: at("2026-12-04 11:00").toISOString() });
		expect((await act(staff, today.id, "noShow")).code).toBe(ErrorCode.ReservationStateChanged);
		await moveClockTo("2026-12-04 11:05");
		const noShow = await act(staff, today.id, "noShow");
		expect(noShow.data).toMatchObject({ status: "no_show", strikes: 1 });
		const undone = await act(staff, today.id, "undoNoShow");
		expect(undone.data).toMatchObject({ status: "completed", strikes: 0 });

		const seated = await booked(guest, { startsAt: at("2026-12-04 12:30").toISOString() });
		await server.deps.db.updateTable("reservation").set({ status: "seated" }).where("id", "=", seated.id).execute();
		await moveClockTo("2026-12-04 13:20");
		expect((await act(staff, seated.id, "complete")).data.status).toBe("completed");
		const stay = await sql<{ upper: Date; holding: boolean }>`
			SELECT upper(stay) AS upper, holding FROM reservation_table WHERE reservation_id = ${seated.id}`.execute(
			server.deps.db,
		);
		expect(stay.rows).toEqual([{ upper: at("2026-12-04 13:20"), holding: false }]);
	});

	it("combines two tables for a large party, refuses a busy table and tables too small", async () => {
		const large = await staffCall<ReservationView>(owner, "POST", "create", {
			shopId: 1,
			startsAt: at("2026-12-10 18:00").toISOString(),
			party: 8,
			name: "Dara",
			phone: "13900000077",
			tableIds: [5, 6],
		});
		expect(large.code).toBe(0);
		expect(large.data.tables.map((t) => t.number)).toEqual(["A5", "A6"]);
		const small = await booked(guest, { startsAt: at("2026-12-10 18:30").toISOString(), party: 4 });
		expect(small.tables.map((t) => t.number)).toEqual(["T1"]);

		const tooSmall = await staffCall(staff, "POST", "assign", { reservationId: large.data.id, tableIds: [1, 2] });
		expect(tooSmall.code).toBe(ErrorCode.ReservationTablesDoNotFit);
		const busy = await staffCall(staff, "POST", "assign", { reservationId: small.id, tableIds: [5] });
		expect(busy.code).toBe(ErrorCode.ReservationTableBusy);
		expect((await detail(guest, small.id)).data.tables.map((t) => t.number)).toEqual(["T1"]);

		const moved = await staffCall<ReservationView>(staff, "POST", "assign", {
			reservationId: large.data.id,
			tableIds: [8, 9],
		});
		expect(moved.data.tables.map((t) => t.number)).toEqual(["T2", "T3"]);
		const nowFree = await staffCall<ReservationView>(staff, "POST", "assign", {
			reservationId: small.id,
			tableIds: [5],
		});
		expect(nowFree.data.tables.map((t) => t.number)).toEqual(["A5"]);

		const grid = await staffCall<{ bookings: Array<{ reservationId: number; tableIds: number[] }> }>(
			staff,
			"GET",
			"grid?shopId=1&date=2026-12-10",
		);
		expect(grid.data.bookings).toEqual(
			expect.arrayContaining([
				expect.objectContaining({ reservationId: large.data.id, tableIds: [8, 9] }),
				expect.objectContaining({ reservationId: small.id, tableIds: [5] }),
			]),
		);
	});

	it("books for a caller: a staff booking linked to the member with that phone, online limits waived, hours kept", async () => {
		const forCaller = await staffCall<ReservationView>(staff, "POST", "create", {
			shopId: 1,
			startsAt: at("2026-12-04 16:00").toISOString(),
			party: 14,
			name: "Caller",
			phone: "13800000003",
			tableIds: [7, 8, 9],
		});
		expect(forCaller.data).toMatchObject({ source: "staff", status: "confirmed", party: 14, amountDue: 0 });
		expect((await detail(guest, forCaller.data.id)).data.id).toBe(forCaller.data.id);
		const outside = await staffCall(staff, "POST", "create", {
			shopId: 1,
			startsAt: at("2026-12-04 21:00").toISOString(),
			party: 2,
			name: "Caller",
			phone: "13900000078",
		});
		expect(outside.code).toBe(ErrorCode.ReservationOutsideHours);
		// No time chosen: the spec's "select an arrival time", the caller's arrival being what staff book.
		const noTime = await staffCall(
			staff,
			"POST",
			"create",
			{ shopId: 1, party: 2, name: "Caller", phone: "13900000078" },
			"km",
		);
		expect(noTime.code).toBe(ErrorCode.BadRequest);
		expect(noTime.msg).toBe(formatMessage("arrivalTime", "km"));
		const unseatable = await staffCall(staff, "POST", "create", {
			shopId: 1,
			startsAt: at("2026-12-05 12:00").toISOString(),
			party: 14,
			name: "Caller",
			phone: "13900000078",
		});
		expect(unseatable.code).toBe(ErrorCode.ReservationTablesDoNotFit);
		const stranger = await staffCall<ReservationView>(staff, "POST", "create", {
			shopId: 1,
			startsAt: at("2026-12-05 12:00").toISOString(),
			party: 2,
			name: "Caller",
			phone: "13900000078",
		});
		expect(stranger.data).toMatchObject({ source: "staff", member: null, status: "confirmed" });
		await act(staff, forCaller.data.id, "cancel");
		await act(staff, stranger.data.id, "cancel");
	});
});

describe("no-shows", () => {
	it("are marked by the job after the grace period, count as strikes, and strikes can ask for a deposit", async () => {
		const restore = await changeSettings({ depositStrikes: 1, depositPerPerson: 500 });
		const missed = await booked(otherGuest, { startsAt: at("2026-12-04 15:00").toISOString() });
		await moveClockTo("2026-12-04 15:15");
		expect(await markNoShows(server.deps)).toBe(0);
		await moveClockTo("2026-12-04 15:16");
		expect(await markNoShows(server.deps)).toBe(1);
		expect(await markNoShows(server.deps)).toBe(0);
		const view = (await detail(otherGuest, missed.id)).data;
		expect(view).toMatchObject({ status: "no_show", statusCode: 15 });
		expect(view.timeline.at(-1)).toMatchObject({ status: "no_show", by: "system" });
		expect((await staffCall<ReservationView>(staff, "GET", `detail?id=${missed.id}`)).data.strikes).toBe(1);

		// One strike: this guest is asked a deposit; visitors and other guests are not.
		expect((await availability("2026-12-06", 2, otherGuest)).data.terms.deposit).toEqual({
			amount: 1000,
			perPerson: 500,
			reason: "strikes",
		});
		expect((await availability("2026-12-06", 2)).data.terms.deposit.amount).toBe(0);
		const withDeposit = await booked(otherGuest, { startsAt: at("2026-12-06 18:00").toISOString() });
		expect(withDeposit).toMatchObject({
			status: "awaiting_payment",
			amountDue: 1000,
			payments: [{ kind: "deposit", amount: 1000, status: "due" }],
		});
		await server.call("POST", "/app-api/reservation/cancel", {
			token: otherGuest.accessToken,
			body: { reservationId: withDeposit.id },
		});
		await restore();
	});
});
