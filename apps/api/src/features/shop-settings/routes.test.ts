import {
	type Address,
	ErrorCode,
	formatMessage,
	type OrderView,
	type ShopDetail,
	type ShopPauseState,
	type ShopRulesPreview,
	type ShopSettings,
	type ShopSettingsView,
} from "@bayon/contract";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../../../test/harness.js";
import { OrderingFixture } from "../../../test/ordering.js";
import { fromLocalMoment, toLocalMoment } from "../venues/hours.js";

const OWNER = "13800000001";
const STAFF = "13800000002";
const CUSTOMER = "13800000003";
const PP = "Asia/Phnom_Penh";

// The demo shop's inner zone ("riverside-near": fee 100, minimum 500) is this square-ish
// quadrilateral; the outer "city centre" zone (fee 250, minimum 1000) contains it.
/** On the inner zone's western edge, halfway between its corners (11.5835, 104.9205) and (11.556, 104.9215). */
const ON_NEAR_ZONE_EDGE = { latitude: (11.5835 + 11.556) / 2, longitude: (104.9205 + 104.9215) / 2 };
const FAR_AWAY = { latitude: 13.36, longitude: 103.86 };

let server: TestServer;
let fixture: OrderingFixture;
let owner: string;
let staff: string;
let customer: string;
let customerAddress: Address;

beforeAll(async () => {
	// Access tokens last 15 minutes and the tests move the clock by hours: members sign in again
	// whenever the clock moved, so the SMS limits are lifted.
	server = await startTestServer({
		limits: { smsResendSeconds: 0, smsPerPhoneInWindow: 10_000, smsPerPhonePerDay: 10_000 },
	});
	fixture = await new OrderingFixture(server).load();
	await signInEveryone();
	const member = await server.signIn(CUSTOMER);
	await fixture.grant(member.userId, 1_000_000);
	const saved = await server.call<Address>("POST", "/app-api/address/addAndEdit", {
		token: customer,
		body: { recipient: "Vanna", phone: CUSTOMER, address: "Street 178", houseNumber: "12B", ...ON_NEAR_ZONE_EDGE },
	});
	customerAddress = saved.data;
});

/** Fresh sessions for the owner, the staff member and the customer at the clock's current time. */
async function signInEveryone() {
	const sessions = await Promise.all([OWNER, STAFF, CUSTOMER].map((mobile) => server.signIn(mobile)));
	[owner, staff, customer] = sessions.map((session) => session.accessToken) as [string, string, string];
}
afterAll(async () => {
	await server?.close();
});

let original: ShopSettingsView;
beforeEach(async () => {
	// Every test starts from the demo shop's settings as seeded, at local noon, not paused.
	await server.deps.db.updateTable("shop").set({ paused_until: null }).where("id", "=", 1).execute();
	fixture.moveClockToLocal("12:00");
	await signInEveryone();
	const current = await readSettings(owner);
	if (original && JSON.stringify(current.data.settings) !== JSON.stringify(original.settings)) {
		const restored = await save(owner, original.settings, current.data.version);
		expect(restored.code).toBe(0);
	}
	original ??= current.data;
});

const readSettings = (token: string, shopId = 1, lang = "en") =>
	server.call<ShopSettingsView>("GET", `/app-api/merchant/shop/settings?shopId=${shopId}`, { token, lang });
const save = (token: string, settings: unknown, version: number, lang = "en", shopId = 1) =>
	server.call<ShopSettingsView>("POST", "/app-api/merchant/shop/settings", {
		token,
		lang,
		body: { shopId, version, settings },
	});
const pause = (token: string, minutes: number, lang = "en") =>
	server.call<ShopPauseState>("POST", "/app-api/merchant/shop/pause", { token, lang, body: { shopId: 1, minutes } });
const preview = (token: string, body: Record<string, unknown>, lang = "en") =>
	server.call<ShopRulesPreview>("POST", "/app-api/merchant/shop/rules-preview", {
		token,
		lang,
		body: { shopId: 1, ...body },
	});
const shopDetail = (lang = "en") => server.call<ShopDetail>("GET", "/app-api/store/getShop?shop_id=1", { lang });

/** The next moment it is `hhmm` in Phnom Penh, from the server's clock. */
function nextLocal(hhmm: string): Date {
	const [h, m] = hhmm.split(":").map(Number) as [number, number];
	const now = server.clock.now();
	let target = fromLocalMoment(toLocalMoment(now, PP).date, h * 60 + m, PP);
	while (target <= now) target = new Date(target.getTime() + 24 * 3600 * 1000);
	return target;
}

async function current(): Promise<ShopSettingsView> {
	return (await readSettings(owner)).data;
}

const custard = (quantity: number) => ({ itemId: fixture.item("Pumpkin custard (sankhya lapov)").id, quantity });

describe("reading and saving the settings", () => {
	it("shows the owner the saved settings at version 1", async () => {
		const answer = await readSettings(owner);

		expect(answer.code).toBe(0);
		expect(answer.data).toMatchObject({ shopId: 1, version: 1, timezone: PP, pausedUntil: null });
		expect(answer.data.settings).toMatchObject({
			name: { "zh-CN": "Bayon 茶饮厨房 · 河畔店", en: "Bayon Tea & Kitchen · Riverside" },
			orderTypes: ["takein", "takeout", "desk"],
			preparationMinutes: 15,
			closures: [],
		});
		expect(answer.data.settings.weeklyHours).toHaveLength(7);
		expect(answer.data.settings.deliveryZones.map((zone) => [zone.fee, zone.minOrder])).toEqual([
			[100, 500],
			[250, 1000],
		]);
	});

	it("saves every section at once, bumps the version, shows it to customers and logs before and after", async () => {
		const { settings, version } = await current();
		const changed: ShopSettings = {
			...settings,
			name: { "zh-CN": "河滨新店", en: "Riverside New", km: "" },
			phone: "+855 12 345 678",
			preparationMinutes: 25,
			orderTypes: ["takein", "takeout"],
			weeklyHours: [
				{ weekday: 5, opensAt: "11:00", closesAt: "14:00" },
				{ weekday: 5, opensAt: "18:00", closesAt: "02:00" },
			],
			closures: [
				{ startsOn: "2099-01-28", endsOn: "2099-02-01", label: { "zh-CN": "春节", en: "Spring Festival", km: "" } },
			],
			deliveryZones: [{ ...(settings.deliveryZones[0] as ShopSettings["deliveryZones"][0]), fee: 150 }],
		};

		const answer = await save(owner, changed, version);

		expect(answer.code).toBe(0);
		expect(answer.data.version).toBe(version + 1);
		expect(answer.data.settings).toEqual(changed);
		const detail = (await shopDetail()).data;
		expect(detail).toMatchObject({
			name: "Riverside New",
			phone: "+855 12 345 678",
			preparationMinutes: 25,
			orderTypes: ["takein", "takeout"],
			closures: [{ startsOn: "2099-01-28", endsOn: "2099-02-01", reason: "Spring Festival" }],
		});
		expect(detail.weeklyHours[5]?.windows).toEqual([
			{ opensAt: "11:00", closesAt: "14:00" },
			{ opensAt: "18:00", closesAt: "02:00" },
		]);
		expect(detail.zones.map((zone) => zone.fee)).toEqual([150]);
		// Khmer left blank falls back to Chinese.
		expect((await shopDetail("km")).data.name).toBe("河滨新店");

		const log = await server.deps.db
			.selectFrom("shop_change")
			.select(["member_id", "subject", "action", "before", "after"])
			.where("shop_id", "=", 1)
			.orderBy("id", "desc")
			.executeTakeFirstOrThrow();
		expect(log).toMatchObject({ subject: "shop", action: "update" });
		expect(Object.keys(log.after as object).sort()).toEqual(
			["closures", "deliveryZones", "name", "orderTypes", "phone", "preparationMinutes", "weeklyHours"].sort(),
		);
		expect(log.before).toMatchObject({ phone: "+855 23 900 123", preparationMinutes: 15 });
		expect(log.after).toMatchObject({ phone: "+855 12 345 678", preparationMinutes: 25 });
	});

	it("keeps a closure's label in three languages: each customer reads theirs, the editor reads all", async () => {
		const { settings, version } = await current();
		const label = { "zh-CN": "春节休息", en: "Spring Festival", km: "បុណ្យចូលឆ្នាំចិន" };
		const closures = [
			{ startsOn: "2099-01-28", endsOn: "2099-02-01", label },
			{ startsOn: "2099-04-13", endsOn: "2099-04-15", label: { "zh-CN": "装修", en: "", km: "" } },
			{ startsOn: "2099-05-01", endsOn: "2099-05-01", label: { "zh-CN": "", en: "", km: "" } },
		];

		const answer = await save(owner, { ...settings, closures }, version);

		expect(answer.code).toBe(0);
		// The editor gets every language back, whatever language it reads in.
		expect((await readSettings(owner, 1, "km")).data.settings.closures).toEqual(closures);
		const reasons = async (lang: string) => (await shopDetail(lang)).data.closures.map((c) => c.reason);
		expect(await reasons("zh-CN")).toEqual(["春节休息", "装修", null]);
		expect(await reasons("en")).toEqual(["Spring Festival", "装修", null]);
		expect(await reasons("km")).toEqual(["បុណ្យចូលឆ្នាំចិន", "装修", null]);
		// Stored as the shop's other texts are: the languages given, nothing blank.
		const stored = await server.deps.db
			.selectFrom("shop_closure")
			.select("reason")
			.where("shop_id", "=", 1)
			.orderBy("starts_on")
			.execute();
		expect(stored.map((row) => row.reason)).toEqual([label, { "zh-CN": "装修" }, null]);
	});

	it("refuses a save made on an older version, in the caller's language, and changes nothing", async () => {
		const { settings, version } = await current();
		const first = await save(owner, { ...settings, phone: "+855 11 111 111" }, version);
		expect(first.code).toBe(0);

		const stale = await save(owner, { ...settings, phone: "+855 22 222 222" }, version, "km");

		expect(stale.code).toBe(ErrorCode.ChangedBySomeoneElse);
		expect(stale.msg).toBe(formatMessage("changedBySomeoneElse", "km"));
		expect((await current()).settings.phone).toBe("+855 11 111 111");
	});

	it("lets only one of two saves made on the same version through", async () => {
		const { settings, version } = await current();
		const answers = await Promise.all([
			save(owner, { ...settings, phone: "+855 33 333 333" }, version),
			save(owner, { ...settings, phone: "+855 44 444 444" }, version),
		]);

		expect(answers.map((a) => a.code).sort()).toEqual([0, ErrorCode.ChangedBySomeoneElse].sort());
		const winner = answers.find((a) => a.code === 0)?.data.settings.phone;
		expect((await current()).settings.phone).toBe(winner);
		expect((await current()).version).toBe(version + 1);
	});

	const zone = (points: Array<[number, number]>, fee = 100, minOrder = 500) => ({
		points: points.map(([latitude, longitude]) => ({ latitude, longitude })),
		fee,
		minOrder,
	});
	const closure = (label: unknown) => ({ startsOn: "2099-01-28", endsOn: "2099-02-01", label });
	const badInputs: Array<[string, (s: ShopSettings) => unknown, string, string]> = [
		[
			"overlapping windows",
			(s) => ({
				...s,
				weeklyHours: [
					{ weekday: 1, opensAt: "08:00", closesAt: "14:00" },
					{ weekday: 1, opensAt: "13:00", closesAt: "20:00" },
				],
			}),
			"settings.weeklyHours.1.opensAt",
			"hoursOverlap",
		],
		[
			"a window past midnight running into the next day's",
			(s) => ({
				...s,
				weeklyHours: [
					{ weekday: 6, opensAt: "20:00", closesAt: "03:00" },
					{ weekday: 0, opensAt: "02:00", closesAt: "10:00" },
				],
			}),
			"settings.weeklyHours.1.opensAt",
			"hoursOverlap",
		],
		[
			"closing time equal to opening time",
			(s) => ({ ...s, weeklyHours: [{ weekday: 1, opensAt: "09:00", closesAt: "09:00" }] }),
			"settings.weeklyHours.0.closesAt",
			"closesEqualsOpens",
		],
		[
			"a time that is no time",
			(s) => ({ ...s, weeklyHours: [{ weekday: 1, opensAt: "24:00", closesAt: "09:00" }] }),
			"settings.weeklyHours.0.opensAt",
			"chooseCorrectTime",
		],
		[
			"a closure ending before it starts",
			(s) => ({ ...s, closures: [{ startsOn: "2099-02-01", endsOn: "2099-01-28" }] }),
			"settings.closures.0.endsOn",
			"closureDatesReversed",
		],
		[
			"a closure label longer than 50 characters",
			(s) => ({ ...s, closures: [closure({ "zh-CN": "春节", en: "x".repeat(51), km: "" })] }),
			"settings.closures.0.label.en",
			"textTooLong",
		],
		[
			"a closure label with a control character",
			(s) => ({ ...s, closures: [closure({ "zh-CN": "春节", en: "", km: "ថ្ងៃ\u0007បុណ្យ" })] }),
			"settings.closures.0.label.km",
			"textHasControlChars",
		],
		[
			"a closure label in English only",
			(s) => ({ ...s, closures: [closure({ "zh-CN": " ", en: "Spring Festival", km: "" })] }),
			"settings.closures.0.label.zh-CN",
			"closureLabelZhRequired",
		],
		[
			"a closure label as one plain text (the old shape)",
			(s) => ({ ...s, closures: [closure("Spring Festival")] }),
			"settings.closures.0.label",
			"fieldInvalid",
		],
		[
			"a date that does not exist",
			(s) => ({ ...s, closures: [{ startsOn: "2099-02-30", endsOn: "2099-03-01" }] }),
			"settings.closures.0.startsOn",
			"chooseCorrectDate",
		],
		[
			"a zone of two points",
			(s) => ({
				...s,
				deliveryZones: [
					zone([
						[11.58, 104.92],
						[11.56, 104.93],
					]),
				],
			}),
			"settings.deliveryZones.0.points",
			"zoneTooFewPoints",
		],
		[
			"a zone whose edges cross (a bow tie)",
			(s) => ({
				...s,
				deliveryZones: [
					zone([
						[11.58, 104.92],
						[11.56, 104.94],
						[11.58, 104.94],
						[11.56, 104.92],
					]),
				],
			}),
			"settings.deliveryZones.0.points",
			"zoneSelfCrossing",
		],
		[
			"a negative delivery fee",
			(s) => ({
				...s,
				deliveryZones: [
					zone(
						[
							[11.58, 104.92],
							[11.58, 104.94],
							[11.56, 104.93],
						],
						-1,
					),
				],
			}),
			"settings.deliveryZones.0.fee",
			"amountNegative",
		],
		[
			"a negative minimum",
			(s) => ({
				...s,
				deliveryZones: [
					zone(
						[
							[11.58, 104.92],
							[11.58, 104.94],
							[11.56, 104.93],
						],
						100,
						-500,
					),
				],
			}),
			"settings.deliveryZones.0.minOrder",
			"amountNegative",
		],
		["a fee as text", (s) => ({ ...s, preparationMinutes: "15" }), "settings.preparationMinutes", "fieldInvalid"],
		[
			"no Chinese name",
			(s) => ({ ...s, name: { "zh-CN": "  ", en: "Riverside", km: "" } }),
			"settings.name.zh-CN",
			"fillShopName",
		],
		["no order type", (s) => ({ ...s, orderTypes: [] }), "settings.orderTypes", "chooseOrderTypes"],
		["no phone", (s) => ({ ...s, phone: "" }), "settings.phone", "fillPhone"],
		["a latitude off the globe", (s) => ({ ...s, latitude: 91 }), "settings.latitude", "fieldInvalid"],
		[
			"a logo someone else uploaded (or any other URL)",
			(s) => ({ ...s, logo: "https://evil.example/logo.png" }),
			"settings.logo",
			"fieldInvalid",
		],
	];
	for (const [what, spoil, field, rule] of badInputs) {
		it(`refuses ${what} with a message for the field, and saves nothing`, async () => {
			const before = await current();

			const answer = await save(owner, spoil(before.settings), before.version, "zh-CN");

			expect(answer.code).toBe(ErrorCode.BadRequest);
			expect(answer.msg).toBe(formatMessage(rule as never, "zh-CN", { field }));
			const issues = (answer.data as unknown as { issues: Array<{ field: string; rule: string }> }).issues;
			expect(issues).toContainEqual(expect.objectContaining({ field, rule }));
			expect(await current()).toEqual(before);
		});
	}
});

describe("who may change the shop", () => {
	it("refuses customers, staff and members of other shops, and tells a missing shop from a forbidden one only to staff", async () => {
		const { settings, version } = await current();
		const otherShop = await server.deps.db
			.insertInto("shop")
			.values({
				tenant_id: 1,
				code: `other-${Date.now()}`,
				name: JSON.stringify({ "zh-CN": "别店" }),
				address: JSON.stringify({ "zh-CN": "别处" }),
				phone: "1",
				latitude: 11.5,
				longitude: 104.9,
				timezone: PP,
			})
			.returning("id")
			.executeTakeFirstOrThrow();

		expect((await readSettings(customer)).code).toBe(ErrorCode.Forbidden);
		expect((await readSettings(customer, 999_999)).code).toBe(ErrorCode.Forbidden);
		expect((await save(customer, settings, version)).code).toBe(ErrorCode.Forbidden);
		expect(
			(await preview(customer, { settings, orderType: "takein", lines: [custard(1)], at: new Date().toISOString() }))
				.code,
		).toBe(ErrorCode.Forbidden);
		expect((await pause(customer, 15)).code).toBe(ErrorCode.Forbidden);
		expect((await readSettings(staff)).code).toBe(ErrorCode.Forbidden);
		expect((await save(staff, settings, version)).code).toBe(ErrorCode.Forbidden);
		expect((await readSettings(owner, otherShop.id)).code).toBe(ErrorCode.Forbidden);
		expect((await save(owner, settings, 1, "en", otherShop.id)).code).toBe(ErrorCode.Forbidden);
		expect((await readSettings(owner, 999_999)).code).toBe(ErrorCode.NotFound);
		expect(await current()).toMatchObject({ version });
	});
});

describe("pausing new orders", () => {
	it("staff pause for 30 minutes: customers see until when, checkout refuses with the time, then takes orders again", async () => {
		const now = server.clock.now();
		const until = new Date(now.getTime() + 30 * 60_000);

		const paused = await pause(staff, 30);

		expect(paused.code).toBe(0);
		expect(paused.data).toMatchObject({ pausedUntil: until.toISOString(), openState: { isOpen: false } });
		const shop = (await shopDetail()).data;
		expect(shop.openState).toMatchObject({
			isOpen: false,
			pausedUntil: until.toISOString(),
			nextOpenAt: until.toISOString(),
		});
		const refused = await fixture.place(customer, { lines: [custard(1)] }, undefined, "km");
		const untilLocal = toLocalMoment(until, PP).minutes;
		const clock = `${String(Math.floor(untilLocal / 60)).padStart(2, "0")}:${String(untilLocal % 60).padStart(2, "0")}`;
		expect(refused.code).toBe(ErrorCode.StorePaused);
		expect(refused.msg).toBe(formatMessage("storePausedUntil", "km", { time: clock }));
		expect(clock).toBe("12:30");

		server.clock.advance(30 * 60);
		await signInEveryone();
		const taken = await fixture.place(customer, { lines: [custard(1)] });
		expect(taken.code).toBe(0);

		const log = await server.deps.db
			.selectFrom("shop_change")
			.select(["action", "after"])
			.where("shop_id", "=", 1)
			.where("action", "=", "pause")
			.orderBy("id", "desc")
			.executeTakeFirstOrThrow();
		expect(log.after).toEqual({ pausedUntil: until.toISOString() });
	});

	it("resumes at once with 0, and pausing never makes an open settings edit stale", async () => {
		const { version } = await current();
		await pause(owner, 60);
		expect((await shopDetail()).data.openState.isOpen).toBe(false);

		const resumed = await pause(staff, 0);

		expect(resumed.data).toMatchObject({ pausedUntil: null, openState: { isOpen: true, pausedUntil: null } });
		expect((await fixture.place(customer, { lines: [custard(1)] })).code).toBe(0);
		expect((await current()).version).toBe(version);
	});

	it("takes only 15, 30 or 60 minutes", async () => {
		for (const minutes of [10, -15, 600, 1.5]) {
			const answer = await pause(owner, minutes);
			expect(answer.code).toBe(ErrorCode.BadRequest);
		}
		expect((await shopDetail()).data.openState.pausedUntil).toBeNull();
	});
});

describe("hours past midnight", () => {
	it("keeps the shop open after midnight until the window ends, and closes it exactly then", async () => {
		const { settings, version } = await current();
		const lateNight = [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, opensAt: "18:00", closesAt: "02:00" }));
		expect((await save(owner, { ...settings, weeklyHours: lateNight }, version)).code).toBe(0);

		server.clock.set(nextLocal("01:59"));
		await signInEveryone();
		expect((await shopDetail()).data.openState.isOpen).toBe(true);
		expect((await fixture.place(customer, { lines: [custard(1)] })).code).toBe(0);

		server.clock.set(nextLocal("02:00"));
		await signInEveryone();
		const closed = await fixture.place(customer, { lines: [custard(1)] });
		expect(closed.code).toBe(ErrorCode.StoreClosed);
		expect((await shopDetail()).data.openState.nextOpenAt).toBe(nextLocal("18:00").toISOString());
	});
});

describe("the rules preview", () => {
	it("judges the draft, not the saved settings, and saves nothing", async () => {
		const before = await current();
		const draft = { ...before.settings, weeklyHours: [] };

		const answer = await preview(owner, {
			settings: draft,
			orderType: "takein",
			lines: [custard(1)],
			at: server.clock.now().toISOString(),
		});

		expect(answer.code).toBe(0);
		expect(answer.data.openState.isOpen).toBe(false);
		expect(answer.data.cart.orderable).toBe(false);
		expect(answer.data.cart.problems.map((p) => p.code)).toEqual([ErrorCode.StoreClosed]);
		expect(await current()).toEqual(before);
		expect((await shopDetail()).data.openState.isOpen).toBe(true);
	});

	it("closing at 00:00: open at 23:59, closed at midnight", async () => {
		const { settings } = await current();
		const untilMidnight = [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, opensAt: "08:00", closesAt: "00:00" }));
		const at = (hhmm: string) =>
			preview(owner, {
				settings: { ...settings, weeklyHours: untilMidnight },
				orderType: "takein",
				lines: [custard(1)],
				at: nextLocal(hhmm).toISOString(),
			});

		expect((await at("23:59")).data.openState.isOpen).toBe(true);
		expect((await at("00:00")).data.openState.isOpen).toBe(false);
		expect((await at("00:00")).data.cart.problems.map((p) => p.code)).toEqual([ErrorCode.StoreClosed]);
	});

	it("a point on the zone's edge is served; a minimum exactly met is enough; one cent short is told the minimum", async () => {
		const { settings } = await current();
		const sample = (quantity: number, location = ON_NEAR_ZONE_EDGE) =>
			preview(owner, {
				settings,
				orderType: "takeout",
				lines: [custard(quantity)],
				location,
				at: server.clock.now().toISOString(),
			});

		const exactly = await sample(2);
		expect(exactly.data.delivery).toMatchObject({ inRange: true, fee: 100, minOrder: 500 });
		expect(exactly.data.cart).toMatchObject({ subtotal: 500, deliveryFee: 100, total: 600, orderable: true });

		const short = await sample(1);
		expect(short.data.cart.problems.map((p) => p.code)).toEqual([ErrorCode.BelowMinDeliveryPrice]);

		const far = await sample(2, FAR_AWAY);
		expect(far.data.delivery?.inRange).toBe(false);
		expect(far.data.cart.problems.map((p) => p.code)).toEqual([ErrorCode.AddressOutOfRange]);
	});

	it("answers what checkout then does, once the draft is saved", async () => {
		const { settings, version } = await current();
		// The draft: a dearer inner zone with a higher minimum.
		const draft: ShopSettings = {
			...settings,
			deliveryZones: settings.deliveryZones.map((zone, index) =>
				index === 0 ? { ...zone, fee: 180, minOrder: 750 } : zone,
			),
		};
		const samples = [2, 3].map((quantity) => ({ quantity, lines: [custard(quantity)] }));
		const previews = await Promise.all(
			samples.map((sample) =>
				preview(owner, {
					settings: draft,
					orderType: "takeout",
					lines: sample.lines,
					location: ON_NEAR_ZONE_EDGE,
					at: server.clock.now().toISOString(),
				}),
			),
		);
		expect((await save(owner, draft, version)).code).toBe(0);

		for (const [index, sample] of samples.entries()) {
			const told = (previews[index] as { data: ShopRulesPreview }).data.cart;
			const order = await fixture.place(
				customer,
				{ orderType: "takeout", lines: sample.lines, addressId: customerAddress.id },
				undefined,
				"en",
			);
			if (told.orderable) {
				expect(order.code).toBe(0);
				expect((order.data as OrderView).total).toBe(told.total);
				expect((order.data as OrderView).deliveryFee).toBe(told.deliveryFee);
			} else {
				expect(order.code).toBe(told.problems[0]?.code);
				expect(order.msg).toBe(told.problems[0]?.message);
			}
		}
		expect(previews.map((p) => p.data.cart.orderable)).toEqual([false, true]);
		expect(previews[1]?.data.cart.total).toBe(750 + 180);
	});
});
