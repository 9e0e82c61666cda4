import { type AvailabilityView, ErrorCode, formatMessage, type ReservationView } from "@bayon/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../../../../test/harness.js";
import { writeReservationRules } from "../../../../test/reservation-rules.js";
import { fromLocalMoment } from "../../venues/hours.js";

/**
 * Issue 27: a seating preference the shop cannot honour then is said before booking, never
 * ignored quietly, and the booking records whether it was honoured. The demo shop has four
 * river-terrace tables (T1–T4, 3–6 guests) and two indoor tables for four (A5, A6).
 */
const PP = "Asia/Phnom_Penh";
const TERRACE = "河景露台";
const at = (local: string) =>
	fromLocalMoment(local.slice(0, 10), Number(local.slice(11, 13)) * 60 + Number(local.slice(14, 16)), PP);

let server: TestServer;
let guest: string;
let keyCounter = 0;

beforeAll(async () => {
	server = await startTestServer();
	server.clock.set(at("2026-12-04 09:00"));
	await writeReservationRules(server.deps.db, 1, {}, server.clock.now());
	guest = (await server.signIn("13800000003")).accessToken;
});
afterAll(async () => {
	await server?.close();
});

function book(body: Record<string, unknown>, lang = "en") {
	return server.call<ReservationView>("POST", "/app-api/reservation/create", {
		token: guest,
		lang,
		headers: { "idempotency-key": `area-preference-test-${++keyCounter}-${Date.now()}` },
		body: { shopId: 1, party: 4, name: "Sokha", phone: "13900000099", agreed: true, ...body },
	});
}

const slotAt = async (date: string, time: string) => {
	const answer = await server.call<AvailabilityView>(
		"GET",
		`/app-api/reservation/availability?shopId=1&date=${date}&party=4`,
		{ lang: "en" },
	);
	return answer.data.slots.find((slot) => slot.time === time);
};

const tablesOf = (view: ReservationView) => view.tables.map((table) => table.number).sort();

describe("a preferred seating area", () => {
	it("is honoured while a terrace table is free, and the booking says so", async () => {
		expect((await slotAt("2026-12-05", "19:00"))?.freeAreas.sort()).toEqual(["室内", TERRACE].sort());
		const answer = await book({ startsAt: at("2026-12-05 19:00").toISOString(), areaPreference: TERRACE });
		expect(answer.code).toBe(0);
		expect(answer.data.areaPreferenceMet).toBe(true);
		expect(tablesOf(answer.data)[0]).toMatch(/^T/);
		// No preference: nothing to honour.
		const plain = await book({ startsAt: at("2026-12-05 12:00").toISOString() });
		expect(plain.data.areaPreferenceMet).toBeNull();
	});

	it("once the terrace is full, the slot list says so and a booking that did not accept another area is refused, in the guest's language, booking nothing", async () => {
		const startsAt = at("2026-12-06 19:00").toISOString();
		for (let i = 0; i < 4; i++) {
			const taken = await book({ startsAt, areaPreference: TERRACE });
			expect(taken.data.areaPreferenceMet).toBe(true);
		}
		expect((await slotAt("2026-12-06", "19:00"))?.freeAreas).toEqual(["室内"]);

		for (const [lang, area] of [
			["en", "River terrace"],
			["zh-CN", TERRACE],
			["km", "រាបមើលទន្លេ"],
		] as const) {
			const refused = await book({ startsAt, areaPreference: TERRACE }, lang);
			expect(refused).toEqual({
				code: ErrorCode.ReservationAreaTaken,
				msg: formatMessage("reservationAreaTaken", lang, { area }),
				data: null,
			});
		}
		const held = await server.deps.db
			.selectFrom("reservation")
			.select((eb) => eb.fn.countAll<string>().as("n"))
			.where("starts_at", "=", new Date(startsAt))
			.executeTakeFirstOrThrow();
		expect(Number(held.n)).toBe(4);
	});

	it("is given up only when the guest accepts another area, and the booking records it was not honoured", async () => {
		const startsAt = at("2026-12-06 19:00").toISOString();
		const accepted = await book({ startsAt, areaPreference: TERRACE, otherAreaAccepted: true });
		expect(accepted.code).toBe(0);
		expect(accepted.data.areaPreferenceMet).toBe(false);
		// The key is the zh-CN name; the guest reads the area in their language.
		expect(accepted.data.areaPreferenceName).toBe("River terrace");
		expect(tablesOf(accepted.data)[0]).toMatch(/^A/);
		const row = await server.deps.db
			.selectFrom("reservation")
			.select(["area_preference", "area_preference_met"])
			.where("id", "=", accepted.data.id)
			.executeTakeFirstOrThrow();
		expect(row).toEqual({ area_preference: TERRACE, area_preference_met: false });
	});

	it("refuses an acceptance that is not a boolean", async () => {
		const answer = await book({ startsAt: at("2026-12-07 19:00").toISOString(), otherAreaAccepted: "yes" });
		expect(answer.code).toBe(ErrorCode.BadRequest);
	});
});
