import {
	type DeliveryCheck,
	ErrorCode,
	formatMessage,
	type MerchantTable,
	type ResolvedTable,
	type ShopDetail,
	type ShopSummary,
	SUPPORTED_LANGUAGES,
} from "@bayon/contract";
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from "vitest";
import { startTestServer, type TestServer } from "../../../test/harness.js";
import { insertOtherTenantShop } from "../../../test/other-tenant.js";

const OWNER = "13800000001";
const STAFF = "13800000002";
const CUSTOMER = "13800000003";

// Points around the demo shop on the Phnom Penh riverside (11.5686, 104.931).
const NEAR_THE_SHOP = { lat: 11.57, lng: 104.928 };
const IN_THE_CITY_CENTRE_ONLY = { lat: 11.585, lng: 104.905 };
const SIEM_REAP = { lat: 13.36, lng: 103.86 };

let server: TestServer;
let riverside: number;
/** The demo's second branch, in BKK1, about 1.9 km south-west of the riverside shop. */
let bkk1: number;
let angkor: number;
let otherTenantShop: number;

beforeAll(async () => {
	server = await startTestServer();
	riverside = await shopIdByCode("riverside");
	bkk1 = await shopIdByCode("bkk1");
	// A second shop of the demo tenant, 230 km away in Siem Reap, and a shop of another tenant.
	angkor = await insertShop(1, "angkor", { "zh-CN": "Bayon 吴哥店", en: "Bayon Angkor", km: "បាយ័ន អង្គរ" }, SIEM_REAP);
	otherTenantShop = await insertOtherTenantShop(server, {
		code: "elsewhere",
		name: { "zh-CN": "别家", en: "Elsewhere" },
		at: NEAR_THE_SHOP,
	});
});
afterAll(async () => {
	await server?.close();
});

async function shopIdByCode(code: string): Promise<number> {
	const row = await server.deps.db.selectFrom("shop").select("id").where("code", "=", code).executeTakeFirstOrThrow();
	return row.id;
}

async function insertShop(
	tenantId: number,
	code: string,
	name: Record<string, string>,
	at: { lat: number; lng: number },
) {
	const row = await server.deps.db
		.insertInto("shop")
		.values({
			tenant_id: tenantId,
			code,
			name: JSON.stringify(name),
			address: JSON.stringify({ "zh-CN": "暹粒", en: "Pub Street, Siem Reap" }),
			phone: "+855 63 000 000",
			latitude: at.lat,
			longitude: at.lng,
			timezone: "Asia/Phnom_Penh",
		})
		.returning("id")
		.executeTakeFirstOrThrow();
	return row.id;
}

/** Moves the test clock forward to the next hh:mm in Phnom Penh (UTC+7 all year). */
function moveClockTo(hhmm: string): Date {
	const [hours, minutes] = hhmm.split(":").map(Number) as [number, number];
	const day = 24 * 3600 * 1000;
	const now = server.clock.now().getTime();
	const utcMinuteOfDay = ((((hours - 7) * 60 + minutes) % 1440) + 1440) % 1440;
	let target = Math.floor(now / day) * day + utcMinuteOfDay * 60_000;
	while (target <= now) target += day;
	server.clock.advance((target - now) / 1000);
	return new Date(target);
}

/** Signs in; the clock moves on first so that the SMS send limits never get in the way. */
async function signIn(mobile: string): Promise<string> {
	server.clock.advance(121);
	return (await server.signIn(mobile)).accessToken;
}

const get = <T>(path: string, options: { lang?: string; token?: string } = {}) =>
	server.call<T>("GET", `/app-api${path}`, options);
const storeList = (query: string, lang = "en") => get<ShopSummary[]>(`/store/list${query}`, { lang });
const deliveryCheck = (point: { lat: number | string; lng: number | string }, lang = "en") =>
	get<DeliveryCheck>(`/store/delivery-check?shopId=${riverside}&lat=${point.lat}&lng=${point.lng}`, { lang });
const resolve = (token: string, lang = "en") =>
	get<ResolvedTable>(`/table/resolve?token=${encodeURIComponent(token)}`, { lang });
const tokenOf = (table: MerchantTable) => new URL(table.qrUrl).searchParams.get("token") as string;

describe("store list", () => {
	it("shows the shop open at local noon, with today's hours, distance and delivery terms", async () => {
		moveClockTo("12:00");

		const answer = await storeList(`?lat=${NEAR_THE_SHOP.lat}&lng=${NEAR_THE_SHOP.lng}`);

		expect(answer.code).toBe(0);
		expect(answer.data[0]).toEqual({
			id: riverside,
			name: "Bayon Tea & Kitchen · Riverside",
			logo: null,
			address: "No. 123, Preah Sisowath Quay, Sangkat Chey Chumneas, Khan Daun Penh, Phnom Penh",
			phone: "+855 23 900 123",
			latitude: 11.5686,
			longitude: 104.931,
			distanceMeters: 362,
			notice: expect.stringContaining("Welcome!"),
			preparationMinutes: 15,
			deskPayAfterMeal: true,
			timezone: "Asia/Phnom_Penh",
			orderTypes: ["takein", "takeout", "desk"],
			openState: {
				isOpen: true,
				acceptingOrders: true,
				todayHours: [{ opensAt: "08:00", closesAt: "22:00" }],
				closedToday: false,
				nextOpenAt: null,
				pausedUntil: null,
			},
			delivery: { offered: true, minFee: 100, minOrder: 500 },
		});
	});

	it("shows the shop closed at 23:00 local, opening again at 08:00 the next morning", async () => {
		const elevenPm = moveClockTo("23:00");

		const answer = await storeList(`?lat=${NEAR_THE_SHOP.lat}&lng=${NEAR_THE_SHOP.lng}`);

		const nextMorning = new Date(elevenPm.getTime() + 9 * 3600 * 1000);
		expect(answer.data[0]?.openState).toEqual({
			isOpen: false,
			acceptingOrders: true,
			todayHours: [{ opensAt: "08:00", closesAt: "22:00" }],
			closedToday: false,
			nextOpenAt: nextMorning.toISOString(),
			pausedUntil: null,
		});
	});

	it("puts the nearest shop first and says how far each one is", async () => {
		const fromPhnomPenh = await storeList(`?lat=${NEAR_THE_SHOP.lat}&lng=${NEAR_THE_SHOP.lng}`);
		const fromSiemReap = await storeList(`?lat=${SIEM_REAP.lat}&lng=${SIEM_REAP.lng}`);

		expect(fromPhnomPenh.data.map((s) => [s.id, s.distanceMeters])).toEqual([
			[riverside, 362],
			[bkk1, expect.closeTo(1_900, -3)],
			[angkor, expect.closeTo(230_000, -4)],
		]);
		expect(fromSiemReap.data.map((s) => [s.id, s.distanceMeters])).toEqual([
			[angkor, 0],
			[riverside, expect.closeTo(230_000, -4)],
			[bkk1, expect.closeTo(231_000, -4)],
		]);
	});

	it("lists every shop of the tenant, and only of the tenant, without distances when no point is given", async () => {
		const answer = await storeList("");

		expect(answer.data.map((s) => [s.id, s.distanceMeters])).toEqual([
			[riverside, null],
			[bkk1, null],
			[angkor, null],
		]);
	});

	it("filters by a keyword in the name or the address, in the caller's language", async () => {
		const byEnglishName = await storeList("?kw=riverside", "en");
		const byChineseName = await storeList(`?kw=${encodeURIComponent("河畔")}`, "zh-CN");
		const byAddress = await storeList("?kw=Pub%20Street", "en");
		const byNothing = await storeList("?kw=pizza", "en");

		expect(byEnglishName.data.map((s) => s.id)).toEqual([riverside]);
		expect(byChineseName.data.map((s) => s.id)).toEqual([riverside]);
		expect(byAddress.data.map((s) => s.id)).toEqual([angkor]);
		expect(byNothing.data).toEqual([]);
	});

	it("offers no delivery and no delivery order type for a shop without zones", async () => {
		const answer = await storeList("");

		expect(answer.data.find((s) => s.id === angkor)).toMatchObject({
			orderTypes: ["takein", "desk"],
			delivery: { offered: false, minFee: null, minOrder: null },
		});
	});
});

describe("nearby", () => {
	it("answers the nearest shop to the point", async () => {
		const inPhnomPenh = await get<ShopSummary>(`/store/nearby?lat=${NEAR_THE_SHOP.lat}&lng=${NEAR_THE_SHOP.lng}`);
		const inSiemReap = await get<ShopSummary>(`/store/nearby?lat=${SIEM_REAP.lat}&lng=${SIEM_REAP.lng}`);

		expect(inPhnomPenh.data).toMatchObject({ id: riverside, distanceMeters: 362 });
		expect(inSiemReap.data).toMatchObject({ id: angkor, distanceMeters: 0 });
	});
});

describe("shop detail", () => {
	it("shows the weekly hours, the time zone and the delivery zones as the map draws them", async () => {
		const answer = await get<ShopDetail>(`/store/getShop?shop_id=${riverside}`, { lang: "en" });

		expect(answer.code).toBe(0);
		expect(answer.data).toMatchObject({
			id: riverside,
			name: "Bayon Tea & Kitchen · Riverside",
			timezone: "Asia/Phnom_Penh",
			photos: [],
			closures: [],
			deliveryRadius: null,
			distanceMeters: null,
		});
		expect(answer.data.weeklyHours).toEqual(
			[0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, windows: [{ opensAt: "08:00", closesAt: "22:00" }] })),
		);
		expect(answer.data.zones).toEqual([
			{
				id: expect.any(Number),
				name: "Riverside (near)",
				fee: 100,
				minOrder: 500,
				polygon: {
					points: [
						{ latitude: 11.5835, longitude: 104.9205 },
						{ latitude: 11.5835, longitude: 104.9325 },
						{ latitude: 11.56, longitude: 104.9345 },
						{ latitude: 11.556, longitude: 104.9215 },
					],
					strokeWidth: 2,
					strokeColor: "#d4a900",
					fillColor: "#fae35855",
					dashArray: "",
					zIndex: 2,
				},
			},
			{
				id: expect.any(Number),
				name: "City centre",
				fee: 250,
				minOrder: 1000,
				polygon: {
					points: [
						{ latitude: 11.599, longitude: 104.895 },
						{ latitude: 11.599, longitude: 104.937 },
						{ latitude: 11.542, longitude: 104.94 },
						{ latitude: 11.538, longitude: 104.9 },
					],
					strokeWidth: 2,
					strokeColor: "#8a6d00",
					fillColor: "#fae35822",
					dashArray: "6 4",
					zIndex: 1,
				},
			},
		]);
	});

	it.each(SUPPORTED_LANGUAGES)("names the shop and its zones in %s", async (lang) => {
		const answer = await get<ShopDetail>(`/store/getShop?shop_id=${riverside}`, { lang });

		const names = {
			"zh-CN": ["Bayon 茶饮厨房 · 河畔店", "河滨近区", "市中心"],
			en: ["Bayon Tea & Kitchen · Riverside", "Riverside (near)", "City centre"],
			km: ["បាយ័ន តែ និងម្ហូប · មាត់ទន្លេ", "តំបន់មាត់ទន្លេ (ជិត)", "កណ្តាលក្រុង"],
		}[lang];
		expect([answer.data.name, ...answer.data.zones.map((z) => z.name)]).toEqual(names);
	});

	it("closes the shop all day on a closure day and lists the closure", async () => {
		const noon = moveClockTo("12:00");
		const today = new Date(noon.getTime() + 7 * 3600 * 1000).toISOString().slice(0, 10);
		await server.deps.db
			.insertInto("shop_closure")
			.values({
				shop_id: riverside,
				starts_on: today,
				ends_on: today,
				reason: JSON.stringify({ "zh-CN": "员工培训", en: "Staff training", km: "វគ្គបណ្តុះបណ្តាលបុគ្គលិក" }),
			})
			.execute();
		onTestFinished(async () => {
			await server.deps.db.deleteFrom("shop_closure").where("shop_id", "=", riverside).execute();
		});

		const answer = await get<ShopDetail>(`/store/getShop?shop_id=${riverside}`, { lang: "en" });

		expect(answer.data.closures).toEqual([{ startsOn: today, endsOn: today, reason: "Staff training" }]);
		expect(answer.data.openState).toEqual({
			isOpen: false,
			acceptingOrders: true,
			todayHours: [],
			closedToday: true,
			nextOpenAt: new Date(noon.getTime() + 20 * 3600 * 1000).toISOString(),
			pausedUntil: null,
		});
	});

	it.each(SUPPORTED_LANGUAGES)("answers not found for an unknown shop, in %s", async (lang) => {
		const answer = await get("/store/getShop?shop_id=999999", { lang });

		expect(answer).toEqual({ code: ErrorCode.NotFound, msg: formatMessage("notFound", lang), data: null });
	});

	it("answers a shop of another tenant exactly like an unknown one", async () => {
		const otherTenant = await get(`/store/getShop?shop_id=${otherTenantShop}`, { lang: "en" });
		const unknown = await get("/store/getShop?shop_id=999999", { lang: "en" });

		expect(otherTenant).toEqual(unknown);
	});
});

describe("delivery check", () => {
	let zoneIds: Record<string, number>;
	beforeAll(async () => {
		const detail = await get<ShopDetail>(`/store/getShop?shop_id=${riverside}`, { lang: "en" });
		zoneIds = Object.fromEntries(detail.data.zones.map((zone) => [zone.name, zone.id]));
	});

	it("quotes the near zone right by the shop", async () => {
		const answer = await deliveryCheck(NEAR_THE_SHOP);

		expect(answer).toEqual({
			code: 0,
			msg: "",
			data: { inRange: true, zoneId: zoneIds["Riverside (near)"], fee: 100, minOrder: 500, distanceMeters: 362 },
		});
	});

	it("quotes the city centre zone further out", async () => {
		const answer = await deliveryCheck(IN_THE_CITY_CENTRE_ONLY);

		expect(answer.data).toMatchObject({ inRange: true, zoneId: zoneIds["City centre"], fee: 250, minOrder: 1000 });
	});

	it("says Siem Reap is out of range", async () => {
		const answer = await deliveryCheck(SIEM_REAP);

		expect(answer.data).toEqual({
			inRange: false,
			zoneId: null,
			fee: null,
			minOrder: null,
			distanceMeters: expect.closeTo(230_000, -4),
		});
	});

	it.each(SUPPORTED_LANGUAGES)("refuses a point that is not one, in %s", async (lang) => {
		const answers = await Promise.all([
			deliveryCheck({ lat: 91, lng: 104.9 }, lang),
			deliveryCheck({ lat: "abc", lng: 104.9 }, lang),
			deliveryCheck({ lat: -90.5, lng: 104.9 }, lang),
		]);
		const noLongitude = await get(`/store/delivery-check?shopId=${riverside}&lat=11.5`, { lang });

		for (const answer of answers) {
			expect(answer).toMatchObject({
				code: ErrorCode.BadRequest,
				msg: formatMessage("fieldInvalid", lang, { field: "lat" }),
			});
		}
		expect(noLongitude).toMatchObject({
			code: ErrorCode.BadRequest,
			msg: formatMessage("fieldInvalid", lang, { field: "lng" }),
		});
	});

	it("refuses an empty latitude instead of reading it as the equator", async () => {
		const answer = await deliveryCheck({ lat: "", lng: 104.9 });

		expect(answer).toMatchObject({
			code: ErrorCode.BadRequest,
			msg: formatMessage("fieldInvalid", "en", { field: "lat" }),
		});
	});

	it("answers not found for an unknown shop", async () => {
		const answer = await get(`/store/delivery-check?shopId=999999&lat=11.57&lng=104.928`, { lang: "en" });

		expect(answer.code).toBe(ErrorCode.NotFound);
	});
});

describe("tables", () => {
	const listTables = async (mobile: string, shopId = riverside, lang = "en") =>
		get<MerchantTable[]>(`/merchant/tables?shopId=${shopId}`, { token: await signIn(mobile), lang });

	it("lists the shop's tables for its staff, each with the QR code's URL", async () => {
		const answer = await listTables(STAFF);

		expect(answer.code).toBe(0);
		expect(answer.data.map((t) => [t.number, t.seats, t.area])).toEqual([
			["A1", 2, "Indoor"],
			["A2", 2, "Indoor"],
			["A3", 2, "Indoor"],
			["A4", 2, "Indoor"],
			["A5", 4, "Indoor"],
			["A6", 4, "Indoor"],
			["T1", 6, "River terrace"],
			["T2", 6, "River terrace"],
			["T3", 6, "River terrace"],
			["T4", 6, "River terrace"],
		]);
		for (const table of answer.data) {
			expect(table.qrUrl).toContain(`${server.url}/pages/components/pages/scan/operate?token=`);
		}
	});

	it("lists them for the owner too", async () => {
		const answer = await listTables(OWNER);

		expect(answer.data).toHaveLength(10);
	});

	it("resolves a scanned code to its table and shop, and hands out the seating's token", async () => {
		const tables = await listTables(STAFF);
		const a5 = tables.data.find((t) => t.number === "A5") as MerchantTable;

		const answer = await resolve(tokenOf(a5), "en");

		expect(answer).toEqual({
			code: 0,
			msg: "",
			data: {
				shopId: riverside,
				shopName: "Bayon Tea & Kitchen · Riverside",
				tableId: a5.id,
				number: "A5",
				seats: 4,
				area: "Indoor",
				token: expect.stringMatching(/^s\d+-/),
			},
		});
		// The token the app keeps is the seating's, not the printed code.
		expect(answer.data.token).not.toBe(tokenOf(a5));
	});

	it("names the table's shop and area in the caller's language", async () => {
		const tables = await listTables(STAFF);
		const t1 = tables.data.find((t) => t.number === "T1") as MerchantTable;

		const answer = await resolve(tokenOf(t1), "km");

		expect(answer.data).toMatchObject({ number: "T1", shopName: "បាយ័ន តែ និងម្ហូប · មាត់ទន្លេ", area: "រាបមើលទន្លេ" });
	});

	describe("refuses a code that was not issued as it is", () => {
		let a1: string;
		let a2Id: number;
		let fromAnotherServer: string;
		let other: TestServer;
		beforeAll(async () => {
			const tables = (await listTables(STAFF)).data;
			a1 = tokenOf(tables[0] as MerchantTable);
			a2Id = (tables[1] as MerchantTable).id;
			// Same seed, same tenant and table ids, but another token secret.
			other = await startTestServer();
			const otherStaff = await other.signIn(STAFF);
			const otherTables = await other.call<MerchantTable[]>("GET", `/app-api/merchant/tables?shopId=${riverside}`, {
				token: otherStaff.accessToken,
			});
			fromAnotherServer = tokenOf(otherTables.data[0] as MerchantTable);
		});
		afterAll(async () => {
			await other?.close();
		});

		const editedTableId = () => a1.replace(/^(t\d+-\d+-)\d+/, `$1${a2Id}`);
		const editedSignatureCharacter = () => {
			const at = a1.length - 5;
			return `${a1.slice(0, at)}${a1[at] === "A" ? "B" : "A"}${a1.slice(at + 1)}`;
		};
		const garbage = () => "t1-1-1-1.AAAAAAAAAAAAAAAAAAAAAA";

		it.each(SUPPORTED_LANGUAGES)("saying the table code is not valid, in %s", async (lang) => {
			const answers = await Promise.all(
				[editedTableId(), editedSignatureCharacter(), fromAnotherServer, garbage(), "hello-there-not-a-table"].map(
					(token) => resolve(token, lang),
				),
			);

			expect(fromAnotherServer).not.toBe(a1);
			for (const answer of answers) {
				expect(answer).toEqual({ code: ErrorCode.TableInvalid, msg: formatMessage("tableInvalid", lang), data: null });
			}
		});

		it("even when only the unused bits of the signature's last character were changed", async () => {
			const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
			const last = alphabet.indexOf(a1.at(-1) as string);
			const edited = `${a1.slice(0, -1)}${alphabet[last ^ 1]}`;

			const answer = await resolve(edited, "en");

			expect(edited).not.toBe(a1);
			expect(answer.code).toBe(ErrorCode.TableInvalid);
		});

		it("answering TableInvalid for any garbage: a short one, a long one or none at all", async () => {
			const answers = await Promise.all(
				["/table/resolve?token=abc", `/table/resolve?token=${"x".repeat(400)}`, "/table/resolve"].map((path) =>
					get(path, { lang: "en" }),
				),
			);

			for (const answer of answers) {
				expect(answer).toMatchObject({ code: ErrorCode.TableInvalid, msg: formatMessage("tableInvalid", "en") });
			}
		});
	});

	it.each(SUPPORTED_LANGUAGES)("refuses the tables to a customer, in %s", async (lang) => {
		const answer = await listTables(CUSTOMER, riverside, lang);

		expect(answer).toEqual({ code: ErrorCode.Forbidden, msg: formatMessage("forbidden", lang), data: null });
	});

	it("answers not found for an unknown shop or another tenant's shop", async () => {
		const unknown = await listTables(STAFF, 999_999);
		const otherTenant = await listTables(STAFF, otherTenantShop);

		expect(unknown.code).toBe(ErrorCode.NotFound);
		expect(otherTenant.code).toBe(ErrorCode.NotFound);
	});

	it("asks a visitor to sign in", async () => {
		const answer = await get(`/merchant/tables?shopId=${riverside}`, { lang: "en" });

		expect(answer).toMatchObject({ code: ErrorCode.Unauthorized, msg: formatMessage("pleaseSignIn", "en") });
	});
});
