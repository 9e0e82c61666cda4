import { ErrorCode, formatMessage, type MemberInfo, type OrderView, type PageResult } from "@bayon/contract";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../../../../test/harness.js";
import { OrderingFixture } from "../../../../test/ordering.js";
import type { OrderChangedEvent } from "../../../realtime/bus.js";

let server: TestServer;
let fx: OrderingFixture;
let customer: { accessToken: string; userId: number };
let owner: { accessToken: string };
let staff: { accessToken: string };
const COCONUT = "Fresh young coconut";

beforeAll(async () => {
	server = await startTestServer();
	fx = await new OrderingFixture(server).load();
});
afterAll(async () => {
	await server?.close();
});
beforeEach(async () => {
	fx.moveClockToLocal("12:00");
	customer = await server.signIn("13800000003");
	owner = await server.signIn("13800000001");
	staff = await server.signIn("13800000002");
	await fx.grant(customer.userId, 2000);
});

const act = (token: string, orderId: number, action: string, reason?: string, lang?: string) =>
	server.call<OrderView>("POST", "/app-api/merchant/order/action", {
		token,
		lang,
		body: { orderId, action, ...(reason ? { reason } : {}) },
	});
const decide = (token: string, orderId: number, approve: boolean, note?: string, lang?: string) =>
	server.call<OrderView>("POST", "/app-api/merchant/order/refund-decision", {
		token,
		lang,
		body: { orderId, approve, ...(note ? { note } : {}) },
	});
const customerView = async (orderId: number) =>
	(await server.call<OrderView>("GET", `/app-api/order/detail/${orderId}`, { token: customer.accessToken })).data;
const balance = async () =>
	(await server.call<MemberInfo>("GET", "/app-api/member/user/get-info", { token: customer.accessToken })).data.balance;

describe("the shop's order board", () => {
	it("shows a new paid order to the shop's staff with the customer's phone, and refuses customers", async () => {
		const order = await fx.paidOrder(customer.accessToken, COCONUT);

		const board = await server.call<PageResult<OrderView>>("GET", "/app-api/merchant/order/list?shopId=1", {
			token: staff.accessToken,
		});
		const asCustomer = await server.call("GET", "/app-api/merchant/order/list?shopId=1", {
			token: customer.accessToken,
			lang: "en",
		});
		const detailAsCustomer = await server.call("GET", `/app-api/merchant/order/detail/${order.id}`, {
			token: customer.accessToken,
		});

		const seen = board.data.list.find((o) => o.id === order.id);
		expect(seen).toMatchObject({
			status: "new",
			paymentStatus: "paid",
			source: "user",
			customer: { mobile: "13800000003" },
		});
		expect(asCustomer).toMatchObject({ code: ErrorCode.Forbidden, msg: formatMessage("forbidden", "en") });
		expect(detailAsCustomer.code).toBe(ErrorCode.Forbidden);
	});

	it("walks a pickup order through accept, ready and completed, and the customer sees each step", async () => {
		const order = await fx.paidOrder(customer.accessToken, COCONUT);
		const heard: OrderChangedEvent[] = [];
		const unsubscribe = server.deps.events.subscribe((event) => event.type === "order.changed" && heard.push(event));

		const accepted = await act(staff.accessToken, order.id, "accept");
		expect((await customerView(order.id)).status).toBe("in_production");
		const ready = await act(staff.accessToken, order.id, "ready");
		expect((await customerView(order.id)).status).toBe("ready");
		const done = await act(owner.accessToken, order.id, "complete");
		// On PostgreSQL events arrive through NOTIFY, a moment after the change (and the
		// order's earlier "paid" may still be on its way): wait for the staff's three.
		const staffSteps = () =>
			heard.filter((e) => e.orderId === order.id && ["accept", "ready", "complete"].includes(e.reason));
		for (let waited = 0; staffSteps().length < 3 && waited < 3000; waited += 20)
			await new Promise((r) => setTimeout(r, 20));
		unsubscribe();

		expect([accepted.data.status, ready.data.status, done.data.status]).toEqual([
			"in_production",
			"ready",
			"completed",
		]);
		expect((await customerView(order.id)).status).toBe("completed");
		const mine = staffSteps();
		expect(mine.map((e) => [e.reason, e.status])).toEqual([
			["accept", "in_production"],
			["ready", "ready"],
			["complete", "completed"],
		]);
		expect(mine.every((e) => e.shopId === 1 && e.memberId === customer.userId)).toBe(true);
		const events = await server.deps.db
			.selectFrom("order_event")
			.select(["actor", "to_status"])
			.where("order_id", "=", order.id)
			.orderBy("id")
			.execute();
		expect(events.map((e) => `${e.actor}:${e.to_status}`)).toEqual([
			"customer:unpaid",
			"customer:new",
			"staff:in_production",
			"staff:ready",
			"staff:completed",
		]);
	});

	it("refuses a step out of order, and moves an order one step when two staff tap at once", async () => {
		const order = await fx.paidOrder(customer.accessToken, COCONUT);

		const tooEarly = await act(staff.accessToken, order.id, "complete", undefined, "km");
		const together = await Promise.all([
			act(staff.accessToken, order.id, "accept"),
			act(owner.accessToken, order.id, "accept"),
		]);

		expect(tooEarly).toMatchObject({
			code: ErrorCode.OrderStateChanged,
			msg: formatMessage("orderStateChanged", "km"),
		});
		expect(together.filter((a) => a.code === 0)).toHaveLength(1);
		expect(together.filter((a) => a.code === ErrorCode.OrderStateChanged)).toHaveLength(1);
	});

	it.each(["zh-CN", "en", "km"])(
		"rejects with a reason, refunding the customer and returning the stock (%s)",
		async (lang) => {
			await fx.setStock(fx.item(COCONUT).id, 10);
			const before = await balance();
			const order = await fx.paidOrder(customer.accessToken, COCONUT);

			const noReason = await act(staff.accessToken, order.id, "reject", undefined, lang);
			const rejected = await act(staff.accessToken, order.id, "reject", "Out of coconuts today");

			expect(noReason).toMatchObject({ code: ErrorCode.BadRequest, msg: formatMessage("enterReason", lang) });
			expect(rejected.data).toMatchObject({ status: "rejected", paymentStatus: "refunded" });
			expect(await balance()).toBe(before);
			expect(await fx.stockOf(fx.item(COCONUT).id)).toBe(10);
			await fx.expectLedgerConsistent();
		},
	);
});

describe("refunds", () => {
	it("lets the customer ask only once the shop accepted, and the shop approve it once", async () => {
		const before = await balance();
		const order = await fx.paidOrder(customer.accessToken, COCONUT);
		const ask = () =>
			server.call("POST", "/app-api/order/refund", {
				token: customer.accessToken,
				lang: "en",
				body: { orderId: order.id, reason: "Waited too long" },
			});

		const tooEarly = await ask();
		await act(staff.accessToken, order.id, "accept");
		const asked = await ask();
		const shown = await customerView(order.id);
		const decisions = await Promise.all([
			decide(staff.accessToken, order.id, true),
			decide(owner.accessToken, order.id, true),
		]);

		expect(tooEarly).toMatchObject({ code: ErrorCode.RefundNotAllowed, msg: formatMessage("refundNotAllowed", "en") });
		expect(asked.code).toBe(0);
		expect(shown).toMatchObject({ refundStatus: "requested", refundReason: "Waited too long" });
		expect(decisions.filter((d) => d.code === 0)).toHaveLength(1);
		expect(decisions.filter((d) => d.code === ErrorCode.OrderStateChanged)).toHaveLength(1);
		expect(await customerView(order.id)).toMatchObject({ refundStatus: "approved", paymentStatus: "refunded" });
		expect(await balance()).toBe(before);
		await fx.expectLedgerConsistent();
	});

	it("lets the shop reject a refund with a note the customer reads, and the customer ask again", async () => {
		const order = await fx.paidOrder(customer.accessToken, COCONUT);
		await act(staff.accessToken, order.id, "accept");
		await server.call("POST", "/app-api/order/refund", {
			token: customer.accessToken,
			body: { orderId: order.id, reason: "Changed my mind" },
		});

		const noNote = await decide(staff.accessToken, order.id, false, undefined, "zh-CN");
		const rejected = await decide(staff.accessToken, order.id, false, "Already made");
		const again = await server.call("POST", "/app-api/order/refund", {
			token: customer.accessToken,
			body: { orderId: order.id, reason: "It was cold" },
		});

		expect(noNote).toMatchObject({ code: ErrorCode.BadRequest, msg: formatMessage("enterReason", "zh-CN") });
		expect(rejected.data).toMatchObject({
			refundStatus: "rejected",
			refundDecisionNote: "Already made",
			paymentStatus: "paid",
		});
		expect(again.code).toBe(0);
	});

	it("does not let another customer ask for a refund of someone's order", async () => {
		const order = await fx.paidOrder(customer.accessToken, COCONUT);
		const stranger = await server.signIn("13912340000");

		const answer = await server.call("POST", "/app-api/order/refund", {
			token: stranger.accessToken,
			body: { orderId: order.id, reason: "mine?" },
		});

		expect(answer.code).toBe(ErrorCode.NotFound);
	});
});

describe("an order read in another language", () => {
	it("names its items and options in the reader's language, whatever the orderer's", async () => {
		const tea = fx.item("Pearl milk tea");
		const placed = await fx.place(customer.accessToken, { lines: [fx.line("Pearl milk tea")] }, fx.newKey(), "zh-CN");
		expect(placed.code).toBe(0);
		expect(placed.data.lines[0]?.name).toBe("珍珠奶茶");

		const forStaff = await server.call<OrderView>("GET", `/app-api/merchant/order/detail/${placed.data.id}`, {
			token: staff.accessToken,
			lang: "en",
		});
		const forCustomer = await server.call<OrderView>("GET", `/app-api/order/detail/${placed.data.id}`, {
			token: customer.accessToken,
			lang: "km",
		});

		expect(forStaff.data.lines[0]?.name).toBe(tea.name);
		const englishOptions = tea.optionGroups.flatMap((group) => group.options).map((option) => option.name);
		expect(
			forStaff.data.lines[0]?.options.map((option) => option.name).every((name) => englishOptions.includes(name)),
		).toBe(true);
		expect(forCustomer.data.lines[0]?.name).toMatch(/[\u1780-\u17FF]/);
	});
});

describe("the customer's side", () => {
	it("tells how many paid orders are ahead in the kitchen", async () => {
		const first = await fx.paidOrder(customer.accessToken, COCONUT);
		const second = await fx.paidOrder(customer.accessToken, COCONUT);
		const before = (await customerView(second.id)).ordersAhead ?? -1;

		await act(staff.accessToken, first.id, "accept");
		await act(staff.accessToken, first.id, "ready");

		expect(before).toBeGreaterThanOrEqual(1);
		expect((await customerView(second.id)).ordersAhead).toBe(before - 1);
		expect((await customerView(first.id)).ordersAhead).toBeUndefined();
		// The order list counts the same, for every order of the page at once.
		const list = await server.call<PageResult<OrderView>>("GET", "/app-api/order/list?type=-1&pageSize=20", {
			token: customer.accessToken,
		});
		const listed = new Map(list.data.list.map((order) => [order.id, order.ordersAhead]));
		expect(listed.get(second.id)).toBe(before - 1);
		expect(listed.get(first.id)).toBeUndefined();
	});

	it("confirms receipt of a delivery on its way", async () => {
		const order = await fx.paidOrder(customer.accessToken, COCONUT);
		await act(staff.accessToken, order.id, "accept");

		const tooEarly = await server.call("POST", "/app-api/order/take", {
			token: customer.accessToken,
			body: { orderId: order.id },
		});
		await act(staff.accessToken, order.id, "ready");
		const taken = await server.call("POST", "/app-api/order/take", {
			token: customer.accessToken,
			body: { orderId: order.id },
		});

		expect(tooEarly.code).toBe(ErrorCode.OrderStateChanged);
		expect(taken.code).toBe(0);
		expect((await customerView(order.id)).status).toBe("completed");
	});
});

describe("staff ordering for a customer", () => {
	it("places an order labelled employee help on the customer's account", async () => {
		const answer = await server.call<OrderView>("POST", "/app-api/merchant/order/create", {
			token: staff.accessToken,
			headers: { "idempotency-key": fx.newKey() },
			body: { shopId: 1, orderType: "takein", lines: [fx.line(COCONUT)], customerMobile: "13800000003" },
		});

		expect(answer.data).toMatchObject({ source: "staff", status: "unpaid" });
		expect((await customerView(answer.data.id)).source).toBe("staff");
	});

	it("says so when no member has the phone, and refuses customers", async () => {
		const unknown = await server.call("POST", "/app-api/merchant/order/create", {
			token: staff.accessToken,
			lang: "en",
			headers: { "idempotency-key": fx.newKey() },
			body: { shopId: 1, orderType: "takein", lines: [fx.line(COCONUT)], customerMobile: "13811112222" },
		});
		const byCustomer = await server.call("POST", "/app-api/merchant/order/create", {
			token: customer.accessToken,
			headers: { "idempotency-key": fx.newKey() },
			body: { shopId: 1, orderType: "takein", lines: [fx.line(COCONUT)], customerMobile: "13800000003" },
		});

		expect(unknown).toMatchObject({ code: ErrorCode.CustomerNotFound, msg: formatMessage("customerNotFound", "en") });
		expect(byCustomer.code).toBe(ErrorCode.Forbidden);
	});
});
