import { type Address, ErrorCode, formatMessage, type MemberInfo } from "@bayon/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../../test/harness.js";
import { OrderingFixture } from "../../test/ordering.js";

/**
 * Decision 007 over HTTP: bad input is refused with the envelope (HTTP 200, code 400),
 * never coerced, never a server error, and changes nothing. `server.call` fails the test
 * on any HTTP status but 200.
 */
let server: TestServer;
let fx: OrderingFixture;
let customer: { accessToken: string; userId: number };
const COCONUT = "Fresh young coconut";

beforeAll(async () => {
	server = await startTestServer();
	fx = await new OrderingFixture(server).load();
	// The demo shop is open; sign in after moving the clock, or the session would have expired.
	fx.moveClockToLocal("12:00");
	customer = await server.signIn("13900000071");
});
afterAll(async () => {
	await server?.close();
});

const post = (urlPath: string, body: unknown) =>
	server.call("POST", `/app-api${urlPath}`, { token: customer.accessToken, lang: "en", body });
const get = (urlPath: string, headers: Record<string, string> = {}) =>
	server.call("GET", `/app-api${urlPath}`, { token: customer.accessToken, lang: "en", headers });

const orderCount = async () =>
	Number(
		(
			await server.deps.db
				.selectFrom("customer_order")
				.select((eb) => eb.fn.countAll().as("n"))
				.executeTakeFirstOrThrow()
		).n,
	);

const CONTROL_CHARACTERS = ["\u0000", "\u0007", "\u001b", "\u007f", "\u0085", "\u2028", "\ud800"];

describe("free text with control characters", () => {
	it("is refused in a nickname with a clear message, and the nickname stays", async () => {
		const before = (await get("/member/user/get-info")).data as MemberInfo;
		for (const control of [...CONTROL_CHARACTERS, "\n", "\t"]) {
			const answer = await post("/member/user/update-nickname", { nickname: `Da${control}ra` });
			expect(answer).toMatchObject({
				code: ErrorCode.BadRequest,
				msg: formatMessage("textHasControlChars", "en"),
				data: { issues: [{ field: "nickname", rule: "textHasControlChars" }] },
			});
		}
		for (const lang of ["zh-CN", "km"]) {
			const answer = await server.call("POST", "/app-api/member/user/update-nickname", {
				token: customer.accessToken,
				lang,
				body: { nickname: "a\u0000" },
			});
			expect(answer.msg).toBe(formatMessage("textHasControlChars", lang));
		}
		expect(((await get("/member/user/get-info")).data as MemberInfo).nickname).toBe(before.nickname);
	});

	it("is refused in every address field, and no address is saved", async () => {
		const address = {
			recipient: "Sok",
			phone: "13900000071",
			address: "Street 1",
			houseNumber: "12B",
			latitude: 11.55,
			longitude: 104.92,
		};
		for (const field of ["recipient", "phone", "address", "houseNumber"] as const) {
			for (const control of CONTROL_CHARACTERS) {
				const answer = await post("/address/addAndEdit", { ...address, [field]: `${address[field]}${control}` });
				expect(answer.code, `${field} ${JSON.stringify(control)}`).toBe(ErrorCode.BadRequest);
			}
		}
		expect((await get("/address/list")).data as Address[]).toEqual([]);
	});

	it("is refused in an order's remark, which may still span lines", async () => {
		const before = await orderCount();
		for (const control of CONTROL_CHARACTERS) {
			const answer = await fx.place(customer.accessToken, { lines: [fx.line(COCONUT)], remark: `less${control}ice` });
			expect(answer.code).toBe(ErrorCode.BadRequest);
		}
		expect(await orderCount()).toBe(before);

		const multiLine = await fx.place(customer.accessToken, {
			lines: [fx.line(COCONUT)],
			remark: "less ice\n\tno straw",
		});
		expect(multiLine.code).toBe(0);
		expect(multiLine.data.remark).toBe("less ice\n\tno straw");
	});

	it("is refused in a refund reason", async () => {
		await fx.grant(customer.userId, 5000);
		const order = await fx.paidOrder(customer.accessToken, COCONUT);
		const answer = await post("/order/refund", { orderId: order.id, reason: "cold\u0000" });
		expect(answer.code).toBe(ErrorCode.BadRequest);
		const detail = await get(`/order/detail/${order.id}`);
		expect(detail.data).toMatchObject({ refundStatus: "none", refundReason: null });
	});
});

describe("numbers that are not numbers", () => {
	it("are refused in JSON bodies: no order is placed and no stock is taken", async () => {
		const coconut = fx.item(COCONUT);
		await fx.setStock(coconut.id, 40);
		const before = await orderCount();
		const spoiled: Array<Record<string, unknown>> = [
			{ shopId: true },
			{ shopId: [[[[1]]]] },
			{ shopId: "1" },
			{ shopId: [1] },
			{ lines: [{ ...fx.line(COCONUT), quantity: "0x10" }] },
			{ lines: [{ ...fx.line(COCONUT), quantity: true }] },
			{ lines: [{ ...fx.line(COCONUT), quantity: "16" }] },
			{ lines: [{ ...fx.line(COCONUT), quantity: [16] }] },
			{ lines: [{ ...fx.line(COCONUT), itemId: String(coconut.id) }] },
			{ orderType: "desk", diners: "2" },
		];
		for (const change of spoiled) {
			const answer = await fx.place(customer.accessToken, { lines: [fx.line(COCONUT)], ...change });
			expect(answer.code, JSON.stringify(change)).toBe(ErrorCode.BadRequest);
		}
		expect(await orderCount()).toBe(before);
		expect(await fx.stockOf(coconut.id)).toBe(40);
	});

	it("are refused as a point of an address: a blank, false or [] is no place", async () => {
		const address = { recipient: "Sok", phone: "13900000071", address: "Street 1", houseNumber: "" };
		for (const latitude of [" ", "", [], false, true, null, "11.5", {}, "0x10"]) {
			const answer = await post("/address/addAndEdit", { ...address, latitude, longitude: 104.92 });
			expect(answer, JSON.stringify(latitude)).toMatchObject({
				code: ErrorCode.BadRequest,
				data: { issues: [{ field: "latitude" }] },
			});
		}
		expect((await get("/address/list")).data as Address[]).toEqual([]);
	});

	it("are refused in query strings and paths unless they are plain decimal digits", async () => {
		const refusedQueries = [
			"/store/getShop?shop_id=1&shop_id=2",
			"/store/getShop?shop_id=0x1",
			"/store/getShop?shop_id=1e0",
			"/store/getShop?shop_id=%201",
			"/store/getShop?shop_id=true",
			"/store/getShop?shop_id=",
			"/store/getShop?shop_id=1.0",
			"/store/delivery-check?shopId=1&lat=%20&lng=104.9",
			"/store/delivery-check?shopId=1&lat=false&lng=104.9",
			"/store/delivery-check?shopId=1&lat=&lng=104.9",
			"/store/delivery-check?shopId=1&lat=1e1&lng=104.9",
			"/store/delivery-check?shopId=1&lat=11.5&lat=11.6&lng=104.9",
			"/store/list?lat=0x10&lng=104.9",
			"/product/products?shopId=1&shopId=1",
			"/news/list?page=1&page=2",
			"/news/list?pageSize=0x10",
			"/order/list?type=-0x1",
			"/order/detail/1e0",
			"/order/detail/0x1",
			"/order/detail/%201",
			"/address/detail/1.0",
			`/order/pay-status?orderId=${"9".repeat(17)}`,
		];
		for (const urlPath of refusedQueries) {
			expect((await get(urlPath)).code, urlPath).toBe(ErrorCode.BadRequest);
		}
		// The plain forms are still read.
		expect((await get("/store/getShop?shop_id=1")).code).toBe(0);
		expect((await get("/store/delivery-check?shopId=1&lat=11.5564&lng=104.9282")).code).toBe(0);
		expect((await get("/store/list?lat=-11.5&lng=104")).code).toBe(0);
		expect((await get("/order/list?type=-3&page=1&pageSize=5")).code).toBe(0);
	});

	it("are refused as a tenant id unless they are plain digits", async () => {
		for (const tenant of ["0x1", "1e0", "1.0", "+1", "1, 1"]) {
			const answer = await get("/system/language/page", { "tenant-id": tenant });
			expect(answer.code, tenant).toBe(ErrorCode.TenantUnknown);
		}
		expect((await get("/system/language/page", { "tenant-id": "1" })).code).toBe(0);
	});
});

describe("the framework's own refusals", () => {
	const raw = (urlPath: string, init: { method?: string; headers?: Record<string, string>; body?: string } = {}) =>
		fetch(`${server.url}${urlPath}`, {
			method: init.method ?? "GET",
			headers: { "tenant-id": "1", "x-lang": "en", authorization: `Bearer ${customer.accessToken}`, ...init.headers },
			body: init.body,
		});
	const cart = JSON.stringify({ shopId: 1, orderType: "takein", lines: [{ itemId: 1, quantity: 1, optionIds: [] }] });

	async function expectEnvelope(response: Response, code: number, key: "badRequest" | "notFound") {
		expect(response.status).toBe(200);
		expect(await response.json()).toEqual({ code, msg: formatMessage(key, "en"), data: null });
	}

	it("answers an over-long path parameter and a URL that is not valid with the envelope", async () => {
		await expectEnvelope(await raw(`/app-api/order/detail/${"1".repeat(500)}`), ErrorCode.BadRequest, "badRequest");
		await expectEnvelope(
			await raw(`/app-api/address/del/${"1".repeat(500)}`, { method: "POST" }),
			ErrorCode.BadRequest,
			"badRequest",
		);
		await expectEnvelope(await raw("/app-api/order/detail/%"), ErrorCode.BadRequest, "badRequest");
		await expectEnvelope(await raw("/api/v1/%zz"), ErrorCode.BadRequest, "badRequest");
		// Outside the API the status says it too, still with a readable body.
		const page = await raw("/pages/%zz");
		expect(page.status).toBe(400);
		expect(await page.json()).toMatchObject({ code: ErrorCode.BadRequest });
	});

	it("answers a body it cannot read with the envelope", async () => {
		const send = (contentType: string, body: string) =>
			raw("/app-api/cart/price", { method: "POST", headers: { "content-type": contentType }, body });
		await expectEnvelope(await send("application/json", '{"shopId": 1'), ErrorCode.BadRequest, "badRequest");
		await expectEnvelope(await send("application/json", ""), ErrorCode.BadRequest, "badRequest");
		await expectEnvelope(
			await send("application/json", JSON.stringify({ x: "a".repeat(300 * 1024) })),
			ErrorCode.BadRequest,
			"badRequest",
		);
		await expectEnvelope(await send("application/xml", "<cart/>"), ErrorCode.BadRequest, "badRequest");
		// Content types that are not media types at all: Fastify's raw HTTP 415 before.
		for (const contentType of ["not a type", "application/json/x", "application/ json"]) {
			await expectEnvelope(await send(contentType, cart), ErrorCode.BadRequest, "badRequest");
		}
		await expectEnvelope(
			await send("application/json", '{"__proto__": {"admin": true}, "shopId": 1}'),
			ErrorCode.BadRequest,
			"badRequest",
		);
	});

	it("reads JSON sent with parameters in its content type", async () => {
		const jsonTypes = [
			"application/json; charset=utf-8",
			"application/json;foo=bar",
			"Application/JSON",
			"application/json;;",
		];
		for (const contentType of jsonTypes) {
			const response = await raw("/app-api/cart/price", {
				method: "POST",
				headers: { "content-type": contentType },
				body: cart,
			});
			expect(response.status, contentType).toBe(200);
			expect(((await response.json()) as { code: number }).code, contentType).toBe(0);
		}
	});

	it("answers an unknown call or method with the not-found envelope", async () => {
		await expectEnvelope(await raw("/app-api/no/such/call"), ErrorCode.NotFound, "notFound");
		await expectEnvelope(await raw("/app-api/order/cancel", { method: "DELETE" }), ErrorCode.NotFound, "notFound");
		await expectEnvelope(await raw("/api/v1/nothing", { method: "PUT" }), ErrorCode.NotFound, "notFound");
	});
});
