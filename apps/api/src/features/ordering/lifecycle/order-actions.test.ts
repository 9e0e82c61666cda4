import { ErrorCode, formatMessage, type OrderView, type PageResult } from "@bayon/contract";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { takeBillInCash } from "../../../../test/counter.js";
import { startTestServer, type TestServer } from "../../../../test/harness.js";
import { OrderingFixture } from "../../../../test/ordering.js";
import { TableFixture } from "../../../../test/tables.js";

/**
 * Every order offers exactly the actions its state allows, in its view (`actions`), and the
 * server refuses the others with the code that says why.
 */

let server: TestServer;
let fx: OrderingFixture;
let customer: { accessToken: string; userId: number };
let staff: { accessToken: string };
let owner: { accessToken: string };
const COCONUT = "Fresh young coconut";

beforeAll(async () => {
	server = await startTestServer();
	fx = await new OrderingFixture(server).load();
	await fx.setStock(fx.item(COCONUT).id, null);
});
afterAll(async () => {
	await server?.close();
});
beforeEach(async () => {
	fx.moveClockToLocal("12:00");
	customer = await server.signIn("13800000003");
	staff = await server.signIn("13800000002");
	owner = await server.signIn("13800000001");
	await fx.grant(customer.userId, 5000);
});

const customerView = async (orderId: number) =>
	(await server.call<OrderView>("GET", `/app-api/order/detail/${orderId}`, { token: customer.accessToken })).data;
const staffView = async (orderId: number) =>
	(await server.call<OrderView>("GET", `/app-api/merchant/order/detail/${orderId}`, { token: staff.accessToken })).data;
const board = async (scope: "active" | "all" = "active") =>
	(
		await server.call<PageResult<OrderView>>(
			"GET",
			`/app-api/merchant/order/list?shopId=1&scope=${scope}&pageSize=50`,
			{
				token: staff.accessToken,
			},
		)
	).data.list;
const customerList = async (type: number) =>
	(
		await server.call<PageResult<OrderView>>("GET", `/app-api/order/list?type=${type}&pageSize=50`, {
			token: customer.accessToken,
		})
	).data.list;

const step = (orderId: number, action: string, lang?: string) =>
	server.call<OrderView>("POST", "/app-api/merchant/order/action", {
		token: staff.accessToken,
		lang,
		body: { orderId, action, ...(action === "reject" ? { reason: "Sold out" } : {}) },
	});
const decide = (orderId: number, approve: boolean) =>
	server.call<OrderView>("POST", "/app-api/merchant/order/refund-decision", {
		token: owner.accessToken,
		body: { orderId, approve, ...(approve ? {} : { note: "Already eaten" }) },
	});
const customerCall = (path: string, body: Record<string, unknown>, lang?: string) =>
	server.call("POST", `/app-api${path}`, { token: customer.accessToken, lang, body });
const take = (orderId: number, lang?: string) => customerCall("/order/take", { orderId }, lang);
const askRefund = (orderId: number, lang?: string) => customerCall("/order/refund", { orderId, reason: "Cold" }, lang);
const cancel = (orderId: number, lang?: string) => customerCall("/order/cancel", { orderId }, lang);

/** A paid pickup order the shop accepted and marked ready. */
async function readyOrder(): Promise<OrderView> {
	const order = await fx.paidOrder(customer.accessToken, COCONUT);
	expect((await step(order.id, "accept")).code).toBe(0);
	expect((await step(order.id, "ready")).code).toBe(0);
	return order;
}

describe("a refund request and its decision", () => {
	it("stops the order where it is: the staff may only decide, the customer only wait", async () => {
		const order = await readyOrder();
		expect((await askRefund(order.id)).code).toBe(0);

		expect((await staffView(order.id)).actions).toEqual(["approveRefund", "refuseRefund"]);
		expect((await customerView(order.id)).actions).toEqual([]);
		const complete = await step(order.id, "complete", "en");
		const received = await take(order.id, "km");
		const askedAgain = await askRefund(order.id, "zh-CN");

		expect(complete).toMatchObject({
			code: ErrorCode.OrderStateChanged,
			msg: formatMessage("orderStateChanged", "en"),
		});
		expect(received).toMatchObject({
			code: ErrorCode.OrderStateChanged,
			msg: formatMessage("orderStateChanged", "km"),
		});
		expect(askedAgain).toMatchObject({
			code: ErrorCode.RefundNotAllowed,
			msg: formatMessage("refundNotAllowed", "zh-CN"),
		});
		expect((await customerView(order.id)).status).toBe("ready");
	});

	it("closes an approved refund as refunded: off the active board, nothing left to do on either side", async () => {
		const order = await readyOrder();
		await askRefund(order.id);
		expect((await board()).map((o) => o.id)).toContain(order.id);

		const approved = await decide(order.id, true);

		expect(approved.data).toMatchObject({
			status: "refunded",
			paymentStatus: "refunded",
			refundStatus: "approved",
			actions: [],
		});
		expect(await customerView(order.id)).toMatchObject({ status: "refunded", actions: [] });
		expect((await board()).map((o) => o.id)).not.toContain(order.id);
		expect((await board("all")).find((o) => o.id === order.id)).toMatchObject({ status: "refunded", actions: [] });
		// The customer's lists: under refunds, no longer in progress.
		expect((await customerList(-3)).map((o) => o.id)).toContain(order.id);
		expect((await customerList(1)).map((o) => o.id)).not.toContain(order.id);

		const complete = await step(order.id, "complete");
		const secondApproval = await decide(order.id, true);
		const received = await take(order.id, "en");
		const cancelled = await cancel(order.id, "en");
		const askedAgain = await askRefund(order.id, "en");
		expect(complete.code).toBe(ErrorCode.OrderStateChanged);
		expect(secondApproval.code).toBe(ErrorCode.OrderStateChanged);
		expect(received.code).toBe(ErrorCode.OrderStateChanged);
		expect(cancelled).toMatchObject({
			code: ErrorCode.OrderNotCancellable,
			msg: formatMessage("orderNotCancellable", "en"),
		});
		expect(askedAgain.code).toBe(ErrorCode.RefundNotAllowed);
		const trail = await server.deps.db
			.selectFrom("order_event")
			.select(["actor", "from_status", "to_status"])
			.where("order_id", "=", order.id)
			.orderBy("id", "desc")
			.executeTakeFirstOrThrow();
		expect(trail).toEqual({ actor: "staff", from_status: "ready", to_status: "refunded" });
		await fx.expectLedgerConsistent();
	});

	it("lets a refused request go on where the order was, and a completed order ask again", async () => {
		const order = await readyOrder();
		await askRefund(order.id);
		expect((await decide(order.id, false)).code).toBe(0);

		expect((await staffView(order.id)).actions).toEqual(["complete"]);
		expect((await customerView(order.id)).actions).toEqual(["confirmReceipt", "requestRefund"]);
		expect((await take(order.id)).code).toBe(0);
		expect((await customerView(order.id)).actions).toEqual(["requestRefund"]);
		expect((await askRefund(order.id)).code).toBe(0);
		// A completed order with an open request is back on the board, and in progress for the customer.
		expect((await board()).find((o) => o.id === order.id)?.actions).toEqual(["approveRefund", "refuseRefund"]);
		expect((await customerList(1)).map((o) => o.id)).toContain(order.id);
	});
});

describe("each state's actions", () => {
	it("offers pay and cancel on an unpaid order, refuses staff steps on it, and no pay after its window", async () => {
		const placed = await fx.place(customer.accessToken, { lines: [fx.line(COCONUT)] });
		const orderId = placed.data.id;

		expect(placed.data.actions).toEqual(["pay", "cancel"]);
		expect((await customerView(orderId)).actions).toEqual(["pay", "cancel"]);
		expect((await step(orderId, "accept")).code).toBe(ErrorCode.OrderStateChanged);
		expect((await customerList(0)).map((o) => o.id)).toContain(orderId);

		server.clock.set(new Date(server.clock.now().getTime() + 16 * 60_000));
		customer = await server.signIn("13800000003"); // the old access token has expired meanwhile
		expect((await customerView(orderId)).actions).toEqual(["cancel"]);
		const late = await fx.pay(customer.accessToken, orderId, "km");
		expect(late).toMatchObject({ code: ErrorCode.OrderNotPayable, msg: formatMessage("orderNotPayable", "km") });
	});

	it("walks a pickup order: cancel before the shop accepts, a refund after, ready rather than dispatch", async () => {
		const order = await fx.paidOrder(customer.accessToken, COCONUT);
		expect((await staffView(order.id)).actions).toEqual(["accept", "reject"]);
		expect((await customerView(order.id)).actions).toEqual(["cancel"]);
		await step(order.id, "accept");
		expect((await staffView(order.id)).actions).toEqual(["ready"]);
		expect((await step(order.id, "dispatch")).code).toBe(ErrorCode.OrderStateChanged);
		expect((await cancel(order.id)).code).toBe(ErrorCode.OrderNotCancellable);
		expect((await customerView(order.id)).actions).toEqual(["requestRefund"]);
		await step(order.id, "ready");
		await step(order.id, "complete");
		expect((await staffView(order.id)).actions).toEqual([]);
		expect((await customerView(order.id)).actions).toEqual(["requestRefund"]);
	});
});

describe("the customer's pending payments", () => {
	it("lists a dine-in round paid after the meal under pending payment until its bill is paid", async () => {
		const tables = await new TableFixture(server).load(staff);
		const tableToken = await tables.sitAt("A3");
		await server.call("POST", "/app-api/merchant/shop/dine-in-payment", {
			token: owner.accessToken,
			body: { shopId: 1, payAfterMeal: true },
		});
		try {
			const placed = await fx.place(customer.accessToken, {
				orderType: "desk",
				tableToken,
				diners: 2,
				lines: [fx.line(COCONUT)],
			});
			expect(placed.data).toMatchObject({ status: "new", paymentStatus: "unpaid" });
			// Not paid on its own: with the table's bill.
			expect(placed.data.actions).toEqual(["cancel"]);
			expect((await customerList(0)).map((o) => o.id)).toContain(placed.data.id);

			const settled = await takeBillInCash(server, staff.accessToken, {
				billId: placed.data.billId as number,
				amount: placed.data.total,
			});
			expect(settled.code, settled.msg).toBe(0);
			expect((await customerList(0)).map((o) => o.id)).not.toContain(placed.data.id);
		} finally {
			await server.call("POST", "/app-api/merchant/shop/dine-in-payment", {
				token: owner.accessToken,
				body: { shopId: 1, payAfterMeal: false },
			});
		}
	});
});
