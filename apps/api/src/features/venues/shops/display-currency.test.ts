import { type AppConfig, ErrorCode, formatMessage, type SecondCurrency } from "@bayon/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../../../../test/harness.js";
import { insertOtherTenantShop } from "../../../../test/other-tenant.js";

const OWNER = "13800000001";
const STAFF = "13800000002";
const CUSTOMER = "13800000003";

const RIEL: SecondCurrency = { code: "KHR", symbol: "៛", rate: 4100, roundTo: 100, symbolPosition: "after" };

let server: TestServer;
let riverside: number;
let otherTenantShop: number;
const tokens: Record<string, string> = {};

beforeAll(async () => {
	server = await startTestServer();
	riverside = (
		await server.deps.db.selectFrom("shop").select("id").where("code", "=", "riverside").executeTakeFirstOrThrow()
	).id;
	otherTenantShop = await insertOtherTenantShop(server, {
		code: "elsewhere",
		name: { "zh-CN": "别家" },
		at: { lat: 11.57, lng: 104.93 },
	});
	for (const mobile of [OWNER, STAFF, CUSTOMER]) {
		server.clock.advance(121);
		tokens[mobile] = (await server.signIn(mobile)).accessToken;
	}
});
afterAll(async () => {
	await server?.close();
});

const setDisplayCurrency = (body: unknown, options: { token?: string; lang?: string } = {}) =>
	server.call<{ shopId: number; second: SecondCurrency | null }>("POST", "/app-api/merchant/shop/display-currency", {
		token: options.token ?? tokens[OWNER],
		lang: options.lang ?? "en",
		body,
	});

const secondShown = async () =>
	(await server.call<AppConfig>("GET", "/app-api/system/config")).data.currency.second ?? null;

describe("the owner's second display currency", () => {
	it("is riel beside dollars in the demo, and the owner can change it, clear it and set it again", async () => {
		expect(await secondShown()).toEqual(RIEL);

		const dong = { code: "VND", symbol: "₫", rate: 25_000, roundTo: 1000, symbolPosition: "after" as const };
		const changed = await setDisplayCurrency({ shopId: riverside, second: dong });
		expect(changed).toMatchObject({ code: 0, data: { shopId: riverside, second: dong } });
		// The app's configuration says so at once (the tenant cache is dropped).
		expect(await secondShown()).toEqual(dong);

		expect((await setDisplayCurrency({ shopId: riverside, second: null })).code).toBe(0);
		expect(await secondShown()).toBeNull();

		// A symbol is trimmed; a symbol before the number is allowed.
		const before = { ...RIEL, symbol: " KHR ", symbolPosition: "before" as const };
		expect((await setDisplayCurrency({ shopId: riverside, second: before })).data.second?.symbol).toBe("KHR");
		expect(await secondShown()).toEqual({ ...RIEL, symbol: "KHR", symbolPosition: "before" });

		expect((await setDisplayCurrency({ shopId: riverside, second: RIEL })).code).toBe(0);
		expect(await secondShown()).toEqual(RIEL);
	});

	it.each([
		["a rate of 0", { ...RIEL, rate: 0 }, "second.rate"],
		["a negative rate", { ...RIEL, rate: -4100 }, "second.rate"],
		["a fractional rate", { ...RIEL, rate: 4100.5 }, "second.rate"],
		["a rate given as text", { ...RIEL, rate: "4100" }, "second.rate"],
		["an absurd rate", { ...RIEL, rate: 10_000_001 }, "second.rate"],
		["a rounding unit of 0", { ...RIEL, roundTo: 0 }, "second.roundTo"],
		["a fractional rounding unit", { ...RIEL, roundTo: 0.5 }, "second.roundTo"],
		["a rounding unit above the rate", { ...RIEL, rate: 100, roundTo: 1000 }, "second.roundTo"],
		["a lower-case code", { ...RIEL, code: "khr" }, "second.code"],
		["a blank symbol", { ...RIEL, symbol: "   " }, "second.symbol"],
		["a long symbol", { ...RIEL, symbol: "riel-riel" }, "second.symbol"],
		["a symbol position in the middle", { ...RIEL, symbolPosition: "middle" }, "second.symbolPosition"],
		["a missing rate", { code: "KHR", symbol: "៛", roundTo: 100, symbolPosition: "after" }, "second.rate"],
	])("refuses %s in the caller's language and changes nothing", async (_, second, field) => {
		const answer = await setDisplayCurrency({ shopId: riverside, second }, { lang: "km" });

		expect(answer.code).toBe(ErrorCode.BadRequest);
		expect(answer.msg).toBe(formatMessage("fieldInvalid", "km", { field }));
		expect(await secondShown()).toEqual(RIEL);
	});

	it("refuses fields it does not know", async () => {
		const answer = await setDisplayCurrency({ shopId: riverside, second: { ...RIEL, decimals: 2 } });

		expect(answer.code).toBe(ErrorCode.BadRequest);
		expect(answer.msg).toBe(formatMessage("fieldNotAllowed", "en", { field: "decimals" }));
		expect(await secondShown()).toEqual(RIEL);
	});

	it("refuses a body without the currency or the shop", async () => {
		for (const body of [{ shopId: riverside }, { second: RIEL }, { shopId: "x", second: RIEL }, null]) {
			const answer = await setDisplayCurrency(body);
			expect(answer.code, JSON.stringify(body)).toBe(ErrorCode.BadRequest);
		}
		expect(await secondShown()).toEqual(RIEL);
	});

	it("refuses staff and customers, and owners for other shops, with one answer whatever the id", async () => {
		const cleared = { second: null };
		const refusals = [
			await setDisplayCurrency({ shopId: riverside, ...cleared }, { token: tokens[STAFF] }),
			await setDisplayCurrency({ shopId: riverside, ...cleared }, { token: tokens[CUSTOMER] }),
			await setDisplayCurrency({ shopId: 999_999, ...cleared }, { token: tokens[CUSTOMER] }),
			await setDisplayCurrency({ shopId: 999_999, ...cleared }, { token: tokens[STAFF] }),
			await setDisplayCurrency({ shopId: 999_999, ...cleared }),
			await setDisplayCurrency({ shopId: otherTenantShop, ...cleared }),
		];

		for (const answer of refusals) {
			expect(answer).toEqual({ code: ErrorCode.Forbidden, msg: formatMessage("forbidden", "en"), data: null });
		}
		expect(await secondShown()).toEqual(RIEL);
	});

	it("asks a caller who is not signed in to sign in", async () => {
		const answer = await server.call("POST", "/app-api/merchant/shop/display-currency", {
			body: { shopId: riverside, second: null },
		});

		expect(answer.code).toBe(ErrorCode.Unauthorized);
		expect(await secondShown()).toEqual(RIEL);
	});
});
