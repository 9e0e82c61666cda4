import { ErrorCode, type OrderView } from "@bayon/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../../../../test/harness.js";
import { OrderingFixture } from "../../../../test/ordering.js";
import { TableFixture } from "../../../../test/tables.js";

/**
 * Merchant calls must not tell a customer which orders, bills or shops exist: a customer
 * gets the same answer for an id that exists and one that does not (decision 007).
 */
let server: TestServer;
let fx: OrderingFixture;
let staff: { accessToken: string };
let customer: { accessToken: string };
let order: OrderView;
let billId: number;
const MISSING = 987_654;
const COCONUT = "Fresh young coconut";

beforeAll(async () => {
	server = await startTestServer();
	fx = await new OrderingFixture(server).load();
	await fx.setStock(fx.item(COCONUT).id, null);
	fx.moveClockToLocal("12:00");
	staff = await server.signIn("13800000002");
	customer = await server.signIn("13900000081");
	const diner = await server.signIn("13900000082");
	await fx.grant(diner.userId, 5000);
	order = await fx.paidOrder(diner.accessToken, COCONUT);

	const tables = await new TableFixture(server).load(staff);
	const tableToken = await tables.sitAt([...tables.printed.keys()][0] as string);
	const round = await fx.place(diner.accessToken, {
		orderType: "desk",
		tableToken,
		diners: 2,
		lines: [fx.line(COCONUT)],
	});
	expect(round.code).toBe(0);
	billId = round.data.billId as number;
	expect(billId).toBeGreaterThan(0);
});
afterAll(async () => {
	await server?.close();
});

const asCustomer = (method: "GET" | "POST", urlPath: string, body?: unknown) =>
	server.call(method, `/app-api${urlPath}`, { token: customer.accessToken, lang: "en", body });

describe("merchant calls from a customer", () => {
	const byId: Array<[string, (id: number) => Promise<unknown>]> = [
		["order detail", (id) => asCustomer("GET", `/merchant/order/detail/${id}`)],
		["order action", (id) => asCustomer("POST", "/merchant/order/action", { orderId: id, action: "accept" })],
		["refund decision", (id) => asCustomer("POST", "/merchant/order/refund-decision", { orderId: id, approve: true })],
	];
	it.each(byId)("%s: answers an order that exists exactly like one that does not", async (_call, ask) => {
		const existing = await ask(order.id);
		const missing = await ask(MISSING);

		expect(existing).toEqual(missing);
		expect(existing).toMatchObject({ code: ErrorCode.Forbidden });
		const seen = await server.call<OrderView>("GET", `/app-api/merchant/order/detail/${order.id}`, {
			token: staff.accessToken,
		});
		expect(seen.data).toMatchObject({ status: "new", refundStatus: "none" });
	});

	it("bill settle: answers a bill that exists exactly like one that does not, and leaves it open", async () => {
		const existing = await asCustomer("POST", "/merchant/bill/settle", { billId, expectedTotal: 0 });
		const missing = await asCustomer("POST", "/merchant/bill/settle", { billId: MISSING, expectedTotal: 0 });

		expect(existing).toEqual(missing);
		expect(existing).toMatchObject({ code: ErrorCode.Forbidden });
		const open = await server.call<Array<{ id: number }>>("GET", "/app-api/merchant/bill/list?shopId=1", {
			token: staff.accessToken,
		});
		expect(open.data.map((bill) => bill.id)).toContain(billId);
	});

	const byShop: Array<[string, (shopId: number) => Promise<unknown>]> = [
		["order list", (shopId) => asCustomer("GET", `/merchant/order/list?shopId=${shopId}`)],
		["bill list", (shopId) => asCustomer("GET", `/merchant/bill/list?shopId=${shopId}`)],
		["tables", (shopId) => asCustomer("GET", `/merchant/tables?shopId=${shopId}`)],
		[
			"dine-in payment",
			(shopId) => asCustomer("POST", "/merchant/shop/dine-in-payment", { shopId, payAfterMeal: false }),
		],
		["display currency", (shopId) => asCustomer("POST", "/merchant/shop/display-currency", { shopId, second: null })],
		[
			"order for a customer",
			(shopId) =>
				asCustomer("POST", "/merchant/order/create", {
					shopId,
					orderType: "takein",
					lines: [fx.line(COCONUT)],
					customerMobile: "13900000082",
				}),
		],
	];
	it.each(byShop)("%s: answers a shop that exists exactly like one that does not", async (_call, ask) => {
		const existing = await ask(1);
		const missing = await ask(MISSING);

		expect(existing).toEqual(missing);
		expect(existing).toMatchObject({ code: ErrorCode.Forbidden });
	});

	it("the staff still tell an order that exists from one that does not", async () => {
		const ask = (id: number) =>
			server.call("GET", `/app-api/merchant/order/detail/${id}`, { token: staff.accessToken, lang: "en" });
		expect((await ask(order.id)).code).toBe(0);
		expect((await ask(MISSING)).code).toBe(ErrorCode.NotFound);
	});
});
