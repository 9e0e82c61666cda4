import {
	type Address,
	ErrorCode,
	formatMessage,
	type MenuItem,
	type MerchantTable,
	type PriceCartInput,
	type PricedCart,
	SUPPORTED_LANGUAGES,
} from "@bayon/contract";
import { afterAll, beforeAll, beforeEach, describe, expect, it, onTestFinished } from "vitest";
import { startTestServer, type TestServer } from "../../../../test/harness.js";
import { announceShopChange } from "../../venues/shops/ordering-terms.js";

const STAFF = "13800000002";
const CUSTOMER = "13800000003";
const NEIGHBOUR = "13900000077";

// Points around the demo shop on the Phnom Penh riverside (11.5686, 104.931).
const NEAR_THE_SHOP = { latitude: 11.57, longitude: 104.928 };
const IN_THE_CITY_CENTRE_ONLY = { latitude: 11.585, longitude: 104.905 };
const SIEM_REAP = { latitude: 13.36, longitude: 103.86 };

let server: TestServer;
let shopId: number;
let itemIds: Record<string, number>;

beforeAll(async () => {
	server = await startTestServer();
	const db = server.deps.db;
	shopId = (await db.selectFrom("shop").select("id").where("code", "=", "riverside").executeTakeFirstOrThrow()).id;
	const items = await db.selectFrom("menu_item").select(["id", "code"]).where("shop_id", "=", shopId).execute();
	itemIds = Object.fromEntries(items.map((item) => [item.code, item.id]));
});
afterAll(async () => {
	await server?.close();
});
// The shop is open 08:00–22:00 in Phnom Penh: price carts at lunchtime unless a story says otherwise.
beforeEach(() => {
	moveClockTo("12:00");
});

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

const item = (code: string) => itemIds[code] as number;

/** The ids of an item's options, by their English names. */
async function optionIds(code: string, names: string[]): Promise<number[]> {
	const detail = await server.call<MenuItem>("GET", `/app-api/product/detail/${item(code)}`, { lang: "en" });
	const options = detail.data.optionGroups.flatMap((group) => group.options);
	return names.map((name) => {
		const found = options.find((option) => option.name === name);
		if (!found) throw new Error(`${code} has no option ${name}`);
		return found.id;
	});
}

const price = (
	body: Omit<PriceCartInput, "shopId"> & Record<string, unknown>,
	options: { lang?: string; token?: string } = {},
) =>
	server.call<PricedCart>("POST", "/app-api/cart/price", {
		body: { shopId, ...body },
		lang: options.lang ?? "en",
		token: options.token,
	});

const custard = (quantity: number) => ({ itemId: item("pumpkin-custard"), quantity });
const codesOf = (problems: Array<{ code: number }>) => problems.map((p) => p.code);

async function signIn(mobile: string): Promise<string> {
	return (await server.signIn(mobile)).accessToken;
}

async function saveAddress(token: string, at: { latitude: number; longitude: number }): Promise<Address> {
	const answer = await server.call<Address>("POST", "/app-api/address/addAndEdit", {
		token,
		body: { recipient: "Vanna", phone: "13800000003", address: "Street 178", houseNumber: "12B", ...at },
	});
	if (answer.code !== 0) throw new Error(`saving the address failed: ${answer.msg}`);
	return answer.data;
}

describe("pickup", () => {
	it("prices the chosen options on top of the item, times the quantity", async () => {
		const options = await optionIds("pearl-milk-tea", [
			"Large",
			"Half sugar (50%)",
			"Less ice",
			"Tapioca pearls",
			"Pudding",
		]);

		const answer = await price({
			orderType: "takein",
			lines: [{ itemId: item("pearl-milk-tea"), quantity: 2, optionIds: options }],
		});

		expect(answer.code).toBe(0);
		expect(answer.data).toMatchObject({
			shopId,
			orderType: "takein",
			subtotal: 2 * (275 + 50 + 30 + 40),
			deliveryFee: 0,
			total: 790,
			minDeliveryPrice: null,
			problems: [],
			orderable: true,
		});
		expect(answer.data.lines).toEqual([
			{
				index: 0,
				itemId: item("pearl-milk-tea"),
				name: "Pearl milk tea",
				options: [
					{ id: options[0], name: "Large", priceDelta: 50 },
					{ id: options[1], name: "Half sugar (50%)", priceDelta: 0 },
					{ id: options[2], name: "Less ice", priceDelta: 0 },
					{ id: options[3], name: "Tapioca pearls", priceDelta: 30 },
					{ id: options[4], name: "Pudding", priceDelta: 40 },
				],
				unitPrice: 395,
				quantity: 2,
				lineTotal: 790,
				problems: [],
			},
		]);
	});

	it("asks for the choices a drink needs, in the caller's language", async () => {
		const answer = await price(
			{ orderType: "takein", lines: [{ itemId: item("pearl-milk-tea"), quantity: 1 }] },
			{ lang: "km" },
		);

		expect(answer.data.lines[0]?.problems.map((p) => p.message)).toEqual([
			formatMessage("optionRequired", "km", { group: "ទំហំ" }),
			formatMessage("optionRequired", "km", { group: "កម្រិតស្ករ" }),
			formatMessage("optionRequired", "km", { group: "ទឹកកក / ក្តៅ" }),
		]);
		expect(answer.data.orderable).toBe(false);
	});

	it("refuses a sold-out dish, a dish with no stock left, and more lattes than are left", async () => {
		const latte = await optionIds("cafe-latte", ["Regular", "No sugar (0%)", "Hot"]);
		const matcha = await optionIds("matcha-milk-tea", ["Regular", "Half sugar (50%)", "Hot"]);
		const noodles = await optionIds("nom-banh-chok", ["Not spicy"]);

		const answer = await price({
			orderType: "takein",
			lines: [
				{ itemId: item("matcha-milk-tea"), quantity: 1, optionIds: matcha },
				{ itemId: item("nom-banh-chok"), quantity: 1, optionIds: noodles },
				{ itemId: item("cafe-latte"), quantity: 20, optionIds: latte },
				{ itemId: item("cafe-latte"), quantity: 11, optionIds: latte },
			],
		});

		expect(answer.data.lines.map((l) => l.problems)).toEqual([
			[{ code: ErrorCode.ItemSoldOut, message: "Sold out" }],
			[{ code: ErrorCode.ItemSoldOut, message: "Sold out" }],
			[{ code: ErrorCode.InsufficientStock, message: "Insufficient stock", available: 30 }],
			[{ code: ErrorCode.InsufficientStock, message: "Insufficient stock", available: 30 }],
		]);
		expect(answer.data).toMatchObject({ subtotal: 0, orderable: false });
	});

	it("says an item of no shop is no longer on the menu", async () => {
		const answer = await price({ orderType: "takein", lines: [{ itemId: 999_999, quantity: 1 }] });

		expect(answer.data.lines[0]?.problems).toEqual([
			{ code: ErrorCode.ItemUnavailable, message: formatMessage("itemUnavailable", "en") },
		]);
	});

	it("answers not found for an unknown shop", async () => {
		const answer = await price({ shopId: 999_999, orderType: "takein", lines: [custard(1)] });

		expect(answer).toEqual({ code: ErrorCode.NotFound, msg: formatMessage("notFound", "en"), data: null });
	});
});

describe("delivery to a point on the map", () => {
	it("refuses a cart below the near zone's minimum, naming it", async () => {
		const answer = await price({ orderType: "takeout", location: NEAR_THE_SHOP, lines: [custard(1)] });

		expect(answer.data).toMatchObject({ subtotal: 250, deliveryFee: 100, minDeliveryPrice: 500, orderable: false });
		expect(answer.data.problems).toEqual([
			// In dollars and, as the demo shop prices, in riel beside them.
			{ code: ErrorCode.BelowMinDeliveryPrice, message: "Delivery needs an order of at least $5.00 · 20,500៛" },
		]);
	});

	it("accepts a cart exactly at the minimum and adds the near zone's fee", async () => {
		const answer = await price({ orderType: "takeout", location: NEAR_THE_SHOP, lines: [custard(2)] });

		expect(answer.data).toMatchObject({
			subtotal: 500,
			deliveryFee: 100,
			total: 600,
			minDeliveryPrice: 500,
			problems: [],
			orderable: true,
		});
	});

	it("charges the city centre's fee and minimum further out", async () => {
		const answer = await price(
			{ orderType: "takeout", location: IN_THE_CITY_CENTRE_ONLY, lines: [custard(2)] },
			{ lang: "zh-CN" },
		);

		expect(answer.data).toMatchObject({ subtotal: 500, deliveryFee: 250, minDeliveryPrice: 1000, orderable: false });
		expect(answer.data.problems).toEqual([
			{ code: ErrorCode.BelowMinDeliveryPrice, message: "外卖$10.00 · 41,000៛起送" },
		]);
	});

	it("refuses an address outside every zone", async () => {
		const answer = await price({ orderType: "takeout", location: SIEM_REAP, lines: [custard(10)] });

		expect(answer.data).toMatchObject({ deliveryFee: 0, minDeliveryPrice: null, orderable: false });
		expect(answer.data.problems).toEqual([
			{ code: ErrorCode.AddressOutOfRange, message: formatMessage("addressOutOfRange", "en") },
		]);
	});

	it("asks where to deliver when no address or point is given", async () => {
		const answer = await price({ orderType: "takeout", lines: [custard(2)] });

		expect(codesOf(answer.data.problems)).toEqual([ErrorCode.AddressRequired]);
	});
});

describe("delivery to a saved address", () => {
	it("uses the member's address to find the zone", async () => {
		const token = await signIn(CUSTOMER);
		const home = await saveAddress(token, NEAR_THE_SHOP);

		const answer = await price({ orderType: "takeout", addressId: home.id, lines: [custard(2)] }, { token });

		expect(answer.data).toMatchObject({ subtotal: 500, deliveryFee: 100, total: 600, orderable: true });
	});

	it("prefers the saved address to a point on the map", async () => {
		const token = await signIn(CUSTOMER);
		const farAway = await saveAddress(token, SIEM_REAP);

		const answer = await price(
			{ orderType: "takeout", addressId: farAway.id, location: NEAR_THE_SHOP, lines: [custard(2)] },
			{ token },
		);

		expect(codesOf(answer.data.problems)).toEqual([ErrorCode.AddressOutOfRange]);
	});

	it("answers not found for another member's address, and tells nothing about it", async () => {
		const neighbour = await signIn(NEIGHBOUR);
		const theirs = await saveAddress(neighbour, NEAR_THE_SHOP);
		const token = await signIn(CUSTOMER);

		const answer = await price({ orderType: "takeout", addressId: theirs.id, lines: [custard(2)] }, { token });

		expect(answer).toEqual({ code: ErrorCode.NotFound, msg: formatMessage("notFound", "en"), data: null });
	});

	it("asks a visitor to sign in before using a saved address", async () => {
		const answer = await price({ orderType: "takeout", addressId: 1, lines: [custard(2)] });

		expect(answer).toMatchObject({ code: ErrorCode.Unauthorized, msg: formatMessage("pleaseSignIn", "en") });
	});
});

describe("dine-in", () => {
	let printedCode: string;
	let tableToken: string;
	let otherTableId: number;
	beforeAll(async () => {
		const staff = await signIn(STAFF);
		const tables = await server.call<MerchantTable[]>("GET", `/app-api/merchant/tables?shopId=${shopId}`, {
			token: staff,
		});
		const a1 = tables.data[0] as MerchantTable;
		printedCode = new URL(a1.qrUrl).searchParams.get("token") as string;
		otherTableId = (tables.data[1] as MerchantTable).id;
		// Scanning the printed code hands out the token of the table's seating, which orders.
		const scanned = await server.call<{ token: string }>(
			"GET",
			`/app-api/table/resolve?token=${encodeURIComponent(printedCode)}`,
		);
		tableToken = scanned.data.token;
	});

	it("accepts the cart at the table whose code was scanned", async () => {
		const answer = await price({ orderType: "desk", tableToken, lines: [custard(1)] });

		expect(answer.data).toMatchObject({ orderType: "desk", subtotal: 250, total: 250, problems: [], orderable: true });
	});

	it.each(SUPPORTED_LANGUAGES)("refuses an edited table code or none, in %s", async (lang) => {
		const edited = tableToken.replace(/^(s\d+-\d+-)\d+/, `$1${otherTableId}`);

		const answers = await Promise.all([
			price({ orderType: "desk", tableToken: edited, lines: [custard(1)] }, { lang }),
			// The printed code only identifies the table: it does not order by itself.
			price({ orderType: "desk", tableToken: printedCode, lines: [custard(1)] }, { lang }),
			price({ orderType: "desk", tableToken: "not-a-table-code", lines: [custard(1)] }, { lang }),
			price({ orderType: "desk", lines: [custard(1)] }, { lang }),
		]);

		for (const answer of answers) {
			expect(answer.data.problems).toEqual([
				{ code: ErrorCode.TableInvalid, message: formatMessage("tableInvalid", lang) },
			]);
			expect(answer.data.orderable).toBe(false);
		}
	});
});

describe("when the shop is closed", () => {
	it("refuses to take the order at 23:00", async () => {
		moveClockTo("23:00");

		const answer = await price({ orderType: "takein", lines: [custard(1)] });

		expect(answer.data.problems).toEqual([
			{ code: ErrorCode.StoreClosed, message: formatMessage("cannotOrderOutsideHours", "en") },
		]);
		expect(answer.data).toMatchObject({ subtotal: 250, orderable: false });
	});

	it("says the store is not taking orders when it paused them", async () => {
		// No API switches this column: written directly, and announced as the API's writers do,
		// so the server's copy of the shop's rules (decision 025) is dropped.
		await server.deps.db.updateTable("shop").set({ accepting_orders: false }).where("id", "=", shopId).execute();
		await announceShopChange(server.deps, { tenantId: 1, shopId });
		onTestFinished(async () => {
			await server.deps.db.updateTable("shop").set({ accepting_orders: true }).where("id", "=", shopId).execute();
			await announceShopChange(server.deps, { tenantId: 1, shopId });
		});

		const answer = await price({ orderType: "takein", lines: [custard(1)] });

		expect(codesOf(answer.data.problems)).toEqual([ErrorCode.StoreNotAccepting]);
	});
});

describe("a cart that is not one", () => {
	it.each(SUPPORTED_LANGUAGES)("is refused with a message in %s", async (lang) => {
		const cases: Array<[Record<string, unknown>, string]> = [
			[{ orderType: "takein", lines: [] }, formatMessage("fieldInvalid", lang, { field: "lines" })],
			[
				{ orderType: "takein", lines: [custard(0)] },
				formatMessage("fieldInvalid", lang, { field: "lines.0.quantity" }),
			],
			[
				{ orderType: "takein", lines: [custard(100)] },
				formatMessage("fieldInvalid", lang, { field: "lines.0.quantity" }),
			],
			[{ orderType: "drone", lines: [custard(1)] }, formatMessage("fieldInvalid", lang, { field: "orderType" })],
			[
				{ orderType: "takein", lines: [custard(1)], coupon: "FREE" },
				formatMessage("fieldNotAllowed", lang, { field: "coupon" }),
			],
		];

		const answers = await Promise.all(cases.map(([body]) => price(body as Omit<PriceCartInput, "shopId">, { lang })));

		expect(answers.map((a) => [a.code, a.msg])).toEqual(cases.map(([, message]) => [ErrorCode.BadRequest, message]));
	});
});
