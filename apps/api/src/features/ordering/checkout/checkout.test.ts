import { ErrorCode, formatMessage, type MemberInfo, type OrderView, type PageResult } from "@bayon/contract";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../../../../test/harness.js";
import { OrderingFixture } from "../../../../test/ordering.js";
import { expireUnpaidOrders } from "../lifecycle/expiry.js";

let server: TestServer;
let fx: OrderingFixture;
let customer: { accessToken: string; userId: number };

beforeAll(async () => {
	server = await startTestServer();
	fx = await new OrderingFixture(server).load();
});
afterAll(async () => {
	await server?.close();
});
beforeEach(async () => {
	fx.moveClockToLocal("12:00");
	// Each story starts clean: earlier stories' unpaid orders expired (their stock returned),
	// the coconut untracked, and a fresh session (access tokens live 15 minutes of this clock).
	await expireUnpaidOrders(server.deps);
	await fx.setStock(coconutId(), null);
	customer = await server.signIn("13800000003"); // the demo customer, $50.00 of stored value
});

const COCONUT = "Fresh young coconut";
const coconutId = () => fx.item(COCONUT).id;
const line = (name: string, quantity = 1) => fx.line(name, quantity);
const place = (token: string, body: Record<string, unknown>, key?: string | null, lang?: string) =>
	fx.place(token, body, key === undefined ? fx.newKey() : key, lang);
const pay = (token: string, orderId: number, lang?: string) => fx.pay(token, orderId, lang);
const newKey = () => fx.newKey();
const balanceOf = async (token: string) =>
	(await server.call<MemberInfo>("GET", "/app-api/member/user/get-info", { token })).data.balance;

describe("placing an order", () => {
	it("prices everything on the server, takes the stock and gives a pickup number", async () => {
		// A drink with required choices (size, sugar, ice), its stock tracked for this story.
		const latte = [...fx.items.values()].find((i) => i.optionGroups.some((g) => g.minChoices > 0));
		if (!latte) throw new Error("no item with required choices on the demo menu");
		await fx.setStock(latte.id, 30);

		const answer = await place(customer.accessToken, { lines: [line(latte.name, 2)], remark: "less ice please" });

		expect(answer.code).toBe(0);
		expect(answer.data).toMatchObject({
			status: "unpaid",
			paymentStatus: "unpaid",
			orderType: "takein",
			remark: "less ice please",
			source: "user",
		});
		expect(answer.data.pickupNumber).toMatch(/^\d{3}$/);
		expect(answer.data.total).toBe(answer.data.lines[0]?.lineTotal);
		expect(answer.data.lines[0]).toMatchObject({ itemId: latte.id, quantity: 2 });
		expect(answer.data.lines[0]?.unitPrice).toBeGreaterThanOrEqual(latte.price);
		expect(await fx.stockOf(latte.id)).toBe(28);
	});

	it("numbers pickups 1, 2, 3 … per shop and day", async () => {
		const first = await place(customer.accessToken, { lines: [line(COCONUT)] });
		const second = await place(customer.accessToken, { lines: [line(COCONUT)] });

		expect(Number(second.data.pickupNumber)).toBe(Number(first.data.pickupNumber) + 1);
	});

	it("returns the same order when a request is retried with its key, and refuses the key for another request", async () => {
		const key = newKey();
		const body = { lines: [line(COCONUT)] };

		const first = await place(customer.accessToken, body, key);
		const retry = await place(customer.accessToken, body, key);
		const misuse = await place(customer.accessToken, { lines: [line(COCONUT, 2)] }, key, "en");

		expect(retry).toEqual(first);
		expect(misuse).toMatchObject({
			code: ErrorCode.IdempotencyKeyReused,
			msg: formatMessage("idempotencyKeyReused", "en"),
		});
	});

	it("shows a retry the order as it is now; a key that kept a whole answer (before) gets that answer", async () => {
		const key = newKey();
		const body = { lines: [line(COCONUT)] };
		const first = await place(customer.accessToken, body, key);
		expect((await pay(customer.accessToken, first.data.id)).code).toBe(0);

		const retry = await place(customer.accessToken, body, key);

		expect(retry.data).toMatchObject({ id: first.data.id, status: "new", paymentStatus: "paid" });
		await server.deps.db
			.updateTable("idempotency_record")
			.set({ response: JSON.stringify(first.data) })
			.where("key", "=", key)
			.execute();
		expect(await place(customer.accessToken, body, key)).toEqual(first);
	});

	it("creates one order when the same request arrives 20 times at once", async () => {
		const key = newKey();
		const before = await countOrders();

		const answers = await Promise.all(
			Array.from({ length: 20 }, () => place(customer.accessToken, { lines: [line(COCONUT)] }, key)),
		);

		expect(answers.every((a) => a.code === 0)).toBe(true);
		expect(new Set(answers.map((a) => a.data.id)).size).toBe(1);
		expect(await countOrders()).toBe(before + 1);
	});

	it("needs an idempotency key", async () => {
		const answer = await place(customer.accessToken, { lines: [line(COCONUT)] }, null, "km");

		expect(answer).toMatchObject({
			code: ErrorCode.IdempotencyKeyRequired,
			msg: formatMessage("idempotencyKeyRequired", "km"),
		});
	});

	it("refuses what the cart page would refuse, with the whole priced cart in data", async () => {
		fx.moveClockToLocal("23:00");
		customer = await server.signIn("13800000003");

		const closed = await place(customer.accessToken, { lines: [line(COCONUT)] }, newKey(), "en");

		expect(closed).toMatchObject({ code: ErrorCode.StoreClosed, msg: formatMessage("cannotOrderOutsideHours", "en") });
		expect(closed.data).toMatchObject({ orderable: false });
	});

	it.each(["zh-CN", "en", "km"])(
		"explains a remark over 50 characters and a time outside opening hours, in %s",
		async (lang) => {
			const longRemark = await place(
				customer.accessToken,
				{ lines: [line(COCONUT)], remark: "x".repeat(51) },
				newKey(),
				lang,
			);
			const night = new Date(server.clock.now().getTime() + 11 * 3600 * 1000).toISOString(); // 23:00 local
			const outside = await place(customer.accessToken, { lines: [line(COCONUT)], pickupTime: night }, newKey(), lang);
			const past = await place(
				customer.accessToken,
				{ lines: [line(COCONUT)], pickupTime: "2020-01-01T05:00:00Z" },
				newKey(),
				lang,
			);

			expect(longRemark).toMatchObject({ code: ErrorCode.BadRequest, msg: formatMessage("remarkTooLong", lang) });
			expect(outside).toMatchObject({
				code: ErrorCode.PickupTimeOutsideHours,
				msg: formatMessage("outsideOpeningHours", lang),
			});
			expect(past).toMatchObject({ code: ErrorCode.PickupTimeInvalid, msg: formatMessage("chooseCorrectTime", lang) });
		},
	);

	it("lets 10 of 100 concurrent orders through for an item with 10 left, and stock ends at 0", async () => {
		const coconut = fx.item(COCONUT);
		await fx.setStock(coconut.id, 10);
		const buyers = await Promise.all(
			["13955550001", "13955550002", "13955550003", "13955550004", "13955550005"].map((m) => server.signIn(m)),
		);

		const answers = await Promise.all(
			Array.from({ length: 100 }, (_, i) =>
				place((buyers[i % buyers.length] as { accessToken: string }).accessToken, {
					lines: [line(COCONUT)],
				}),
			),
		);

		expect(answers.filter((a) => a.code === 0)).toHaveLength(10);
		// The rest are refused for stock: "not enough left" when they raced the last units, or
		// "sold out" when they were priced after the stock reached zero.
		expect(
			answers.filter((a) => a.code === ErrorCode.InsufficientStock || a.code === ErrorCode.ItemSoldOut),
		).toHaveLength(90);
		expect(await fx.stockOf(coconut.id)).toBe(0);
	});

	it("takes no stock from any line of an order refused for its last line's stock, under 30 concurrent orders, and gives every line's back on expiry", async () => {
		// Two tracked items and one tracked choice, all taken in one statement (items, then
		// choices): the choice runs out, so the orders refused there had already taken both items
		// in that statement, and must give them back.
		const latte = [...fx.items.values()].find((i) => i.optionGroups.some((g) => g.minChoices > 0));
		if (!latte) throw new Error("no item with required choices on the demo menu");
		const latteLine = line(latte.name);
		const choiceId = latteLine.optionIds[0] as number;
		const db = server.deps.db;
		const choiceStock = async () =>
			(await db.selectFrom("menu_option").select("stock").where("id", "=", choiceId).executeTakeFirstOrThrow()).stock;
		const salesOf = async (itemId: number) =>
			(await db.selectFrom("menu_item").select("sales_count").where("id", "=", itemId).executeTakeFirstOrThrow())
				.sales_count;
		await fx.setStock(latte.id, 1000);
		await fx.setStock(coconutId(), 1000);
		await db.updateTable("menu_option").set({ stock: 5 }).where("id", "=", choiceId).execute();
		const [latteSales, coconutSales] = [await salesOf(latte.id), await salesOf(coconutId())];
		const buyers = await Promise.all(
			["13955550011", "13955550012", "13955550013", "13955550014", "13955550015"].map((m) => server.signIn(m)),
		);
		try {
			const answers = await Promise.all(
				Array.from({ length: 30 }, (_, i) =>
					place((buyers[i % buyers.length] as { accessToken: string }).accessToken, {
						lines: [latteLine, line(COCONUT)],
					}),
				),
			);

			expect(answers.filter((a) => a.code === 0)).toHaveLength(5);
			// "Not enough left" when they raced the last ones (after taking both items), or "choose
			// again" when they were priced after the choice ran out.
			expect(
				answers.filter((a) => a.code === ErrorCode.InsufficientStock || a.code === ErrorCode.OptionInvalid),
			).toHaveLength(25);
			expect(await choiceStock()).toBe(0);
			expect(await fx.stockOf(latte.id)).toBe(995);
			expect(await fx.stockOf(coconutId())).toBe(995);
			expect(await salesOf(latte.id)).toBe(latteSales + 5);
			expect(await salesOf(coconutId())).toBe(coconutSales + 5);

			// Left unpaid, the five expire: every line's stock and sales come back, the choice's too.
			server.clock.advance(15 * 60 + 1);
			expect(await expireUnpaidOrders(server.deps)).toBeGreaterThanOrEqual(5);
			expect(await choiceStock()).toBe(5);
			expect(await fx.stockOf(latte.id)).toBe(1000);
			expect(await fx.stockOf(coconutId())).toBe(1000);
			expect(await salesOf(latte.id)).toBe(latteSales);
			expect(await salesOf(coconutId())).toBe(coconutSales);
		} finally {
			await db.updateTable("menu_option").set({ stock: null }).where("id", "=", choiceId).execute();
			await fx.setStock(latte.id, null);
		}
	});
});

describe("paying from the balance", () => {
	it("marks a free order paid with no money moved, and keeps its history", async () => {
		const db = server.deps.db;
		const { price } = await db
			.selectFrom("menu_item")
			.select("price")
			.where("id", "=", coconutId())
			.executeTakeFirstOrThrow();
		await db.updateTable("menu_item").set({ price: 0 }).where("id", "=", coconutId()).execute();
		try {
			const before = await balanceOf(customer.accessToken);
			const order = (await place(customer.accessToken, { lines: [line(COCONUT)] })).data;
			expect(order.total).toBe(0);

			const paid = await pay(customer.accessToken, order.id);

			expect(paid).toMatchObject({ code: 0, data: { orderId: order.id, paymentStatus: "paid", balance: before } });
			const detail = await server.call<OrderView>("GET", `/app-api/order/detail/${order.id}`, {
				token: customer.accessToken,
			});
			expect(detail.data).toMatchObject({ status: "new", paymentStatus: "paid", payMethod: "balance" });
			const events = await db.selectFrom("order_event").select("note").where("order_id", "=", order.id).execute();
			expect(events.map((event) => event.note)).toContain("paid:balance");
			const money = await db.selectFrom("ledger_txn").select("id").where("order_id", "=", order.id).execute();
			expect(money).toEqual([]);
		} finally {
			await db.updateTable("menu_item").set({ price }).where("id", "=", coconutId()).execute();
		}
	});

	it("charges the wallet once, however often and however concurrently the order is paid", async () => {
		const before = await balanceOf(customer.accessToken);
		const order = (await place(customer.accessToken, { lines: [line(COCONUT)] })).data;

		const answers = await Promise.all(Array.from({ length: 10 }, () => pay(customer.accessToken, order.id)));
		const again = await pay(customer.accessToken, order.id);

		expect(answers.every((a) => a.code === 0 && a.data.paymentStatus === "paid")).toBe(true);
		expect(again.data).toEqual({ orderId: order.id, paymentStatus: "paid", balance: before - order.total });
		expect(await balanceOf(customer.accessToken)).toBe(before - order.total);
		const detail = await server.call<OrderView>("GET", `/app-api/order/detail/${order.id}`, {
			token: customer.accessToken,
		});
		expect(detail.data).toMatchObject({ status: "new", paymentStatus: "paid", payMethod: "balance" });
		await fx.expectLedgerConsistent();
	});

	it.each(["zh-CN", "en", "km"])("refuses when the balance is short and changes nothing, in %s", async (lang) => {
		const poor = await server.signIn(`1396666000${["zh-CN", "en", "km"].indexOf(lang)}`);
		const order = (await place(poor.accessToken, { lines: [line(COCONUT)] })).data;

		const answer = await pay(poor.accessToken, order.id, lang);

		expect(answer).toMatchObject({
			code: ErrorCode.InsufficientBalance,
			msg: formatMessage("insufficientBalance", lang),
		});
		expect(
			(await server.call<OrderView>("GET", `/app-api/order/detail/${order.id}`, { token: poor.accessToken })).data
				.status,
		).toBe("unpaid");
		await fx.expectLedgerConsistent();
	});

	it("never lets concurrent payments of different orders overdraw the wallet", async () => {
		const member = await server.signIn("13977770001");
		await fx.grant(member.userId, 500);
		const coconut = fx.item(COCONUT);
		await fx.setStock(coconut.id, null);
		const orders = await Promise.all(
			Array.from({ length: 8 }, () => place(member.accessToken, { lines: [line(COCONUT)] })),
		);

		const answers = await Promise.all(orders.map((o) => pay(member.accessToken, o.data.id)));

		const paid = answers.filter((a) => a.code === 0).length;
		expect(paid).toBe(Math.floor(500 / (orders[0]?.data.total ?? 1)));
		expect(answers.filter((a) => a.code === ErrorCode.InsufficientBalance)).toHaveLength(8 - paid);
		expect(await balanceOf(member.accessToken)).toBe(500 - paid * (orders[0]?.data.total ?? 0));
		await fx.expectLedgerConsistent();
	});
});

describe("after placing", () => {
	it("cancels unpaid orders after 15 minutes and gives their stock back; a late payment is refused", async () => {
		const coconut = fx.item(COCONUT);
		await fx.setStock(coconut.id, 5);
		const order = (await place(customer.accessToken, { lines: [line(COCONUT, 2)] })).data;
		expect(await fx.stockOf(coconut.id)).toBe(3);
		server.clock.advance(15 * 60 + 1);
		customer = await server.signIn("13800000003");

		const expired = await expireUnpaidOrders(server.deps);
		const late = await pay(customer.accessToken, order.id);

		expect(expired).toBeGreaterThanOrEqual(1);
		expect(await fx.stockOf(coconut.id)).toBe(5);
		expect(late.code).toBe(ErrorCode.OrderNotPayable);
		const detail = await server.call<OrderView>("GET", `/app-api/order/detail/${order.id}`, {
			token: customer.accessToken,
		});
		expect(detail.data).toMatchObject({ status: "cancelled", paymentStatus: "unpaid" });
	});

	it("ends every order paid or cancelled, never both, when balance payments and the expiry job overlap", async () => {
		const member = await server.signIn("13977770002");
		await fx.grant(member.userId, 100_000);
		const coconut = coconutId();
		// At least ROUNDS rounds, and more (up to MAX_ROUNDS) until both outcomes were seen: on a
		// loaded machine the steering needs longer to find the moment the payments land.
		const ROUNDS = 8;
		const MAX_ROUNDS = 30;
		const ORDERS_PER_ROUND = 4;
		const seen = { paid: 0, cancelled: 0, mixedRounds: 0 };
		let expiryDelayMs = 0;

		const bothSeen = () => seen.paid > 0 && seen.cancelled > 0;
		let rounds = 0;
		for (; rounds < MAX_ROUNDS && (rounds < ROUNDS || !bothSeen()); rounds++) {
			await fx.setStock(coconut, 100);
			const orders = (
				await Promise.all(
					Array.from({ length: ORDERS_PER_ROUND }, () => place(member.accessToken, { lines: [line(COCONUT)] })),
				)
			).map((answer) => answer.data);
			const balanceBefore = await balanceOf(member.accessToken);
			// The payments reach the server a moment before the payment window closes (its clock
			// stays where the orders were placed); the expiry job runs where the window has
			// just closed, as it does on the server whose timer fires then. Both are in flight
			// together; the job's start is steered round by round towards the moment the
			// payments reach the database, so rounds land on both sides of it (and, with
			// PostgreSQL's row locks, among the payments).
			const closesAt = Math.max(...orders.map((order) => new Date(order.expiresAt as string).getTime()));
			const expiryDeps = { ...server.deps, clock: { now: () => new Date(closesAt + 1000) } };
			// A negative delay holds the payments back instead: on a fast server they can reach the
			// database before a job started at the same moment (seen on PostgreSQL in CI).
			const [payments] = await Promise.all([
				(async () => {
					await new Promise((resolve) => setTimeout(resolve, Math.max(0, -expiryDelayMs)));
					return Promise.all(orders.map((order) => pay(member.accessToken, order.id)));
				})(),
				(async () => {
					await new Promise((resolve) => setTimeout(resolve, Math.max(0, expiryDelayMs)));
					await expireUnpaidOrders(expiryDeps);
				})(),
			]);

			const rows = await server.deps.db
				.selectFrom("customer_order")
				.select(["id", "status", "payment_status", "total"])
				.where(
					"id",
					"in",
					orders.map((order) => order.id),
				)
				.orderBy("id")
				.execute();
			const charges = await server.deps.db
				.selectFrom("ledger_txn")
				.select("order_id")
				.where("kind", "=", "order_payment")
				.where(
					"order_id",
					"in",
					orders.map((order) => order.id),
				)
				.execute();
			let charged = 0;
			for (const [index, order] of orders.entries()) {
				const row = rows.find((r) => r.id === order.id);
				const answer = payments[index];
				const chargesOfOrder = charges.filter((charge) => charge.order_id === order.id).length;
				if (row?.payment_status === "paid") {
					// Paid: not cancelled, the payment was told so, and charged exactly once.
					expect([row.status, answer?.code, chargesOfOrder]).toEqual(["new", 0, 1]);
					charged += row.total;
					seen.paid++;
				} else {
					// Cancelled: the payment was refused and nothing was charged.
					expect([row?.status, row?.payment_status, answer?.code, chargesOfOrder]).toEqual([
						"cancelled",
						"unpaid",
						ErrorCode.OrderNotPayable,
						0,
					]);
					seen.cancelled++;
				}
			}
			const paidThisRound = rows.filter((row) => row.payment_status === "paid").length;
			if (paidThisRound > 0 && paidThisRound < ORDERS_PER_ROUND) seen.mixedRounds++;
			// Steered towards the job's side when nothing was paid, the payments' side when all were.
			if (paidThisRound === 0) expiryDelayMs = expiryDelayMs < 0 ? Math.ceil(expiryDelayMs / 2) : expiryDelayMs * 2 + 2;
			else if (paidThisRound === ORDERS_PER_ROUND)
				expiryDelayMs = expiryDelayMs > 0 ? Math.floor(expiryDelayMs / 2) : expiryDelayMs * 2 - 2;
			// The balance moved by the paid orders only, and the cancelled orders' stock is back.
			expect(await balanceOf(member.accessToken)).toBe(balanceBefore - charged);
			expect(await fx.stockOf(coconut)).toBe(100 - paidThisRound);
		}

		expect(seen.paid, `outcomes over ${rounds} rounds: ${JSON.stringify(seen)}`).toBeGreaterThan(0);
		expect(seen.cancelled, `outcomes over ${rounds} rounds: ${JSON.stringify(seen)}`).toBeGreaterThan(0);
		await fx.expectLedgerConsistent();
	});

	it("refunds a paid order the customer cancels before the shop accepts it", async () => {
		const before = await balanceOf(customer.accessToken);
		const order = (await place(customer.accessToken, { lines: [line(COCONUT)] })).data;
		await pay(customer.accessToken, order.id);

		const cancelled = await server.call<OrderView>("POST", "/app-api/order/cancel", {
			token: customer.accessToken,
			body: { orderId: order.id },
		});
		const twice = await server.call<OrderView>("POST", "/app-api/order/cancel", {
			token: customer.accessToken,
			body: { orderId: order.id },
		});

		expect(cancelled.data).toMatchObject({ status: "cancelled", paymentStatus: "refunded" });
		expect(twice.code).toBe(0);
		expect(await balanceOf(customer.accessToken)).toBe(before);
		await fx.expectLedgerConsistent();
	});

	it("lists the customer's orders by the spec's filters and hides everyone else's", async () => {
		const stranger = await server.signIn("13988880001");
		const mine = (await place(customer.accessToken, { lines: [line(COCONUT)] })).data;

		const pending = await server.call<PageResult<OrderView>>("GET", "/app-api/order/list?type=0&pageSize=50", {
			token: customer.accessToken,
		});
		const theirs = await server.call("GET", `/app-api/order/detail/${mine.id}`, { token: stranger.accessToken });
		const theirCancel = await server.call("POST", "/app-api/order/cancel", {
			token: stranger.accessToken,
			body: { orderId: mine.id },
		});
		const theirPay = await pay(stranger.accessToken, mine.id);

		expect(pending.data.list.map((o) => o.id)).toContain(mine.id);
		expect(pending.data.list.every((o) => o.status === "unpaid")).toBe(true);
		for (const answer of [theirs, theirCancel, theirPay]) expect(answer.code).toBe(ErrorCode.NotFound);
	});
});

async function countOrders(): Promise<number> {
	const row = await server.deps.db
		.selectFrom("customer_order")
		.select((eb) => eb.fn.countAll<string>().as("n"))
		.executeTakeFirstOrThrow();
	return Number(row.n);
}
