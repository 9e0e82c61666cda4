import { ErrorCode, type OrderView, type ShopToday } from "@bayon/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../../../test/harness.js";
import { OrderingFixture } from "../../../test/ordering.js";
import { TableFixture } from "../../../test/tables.js";
import { addDays, fromLocalMoment, toLocalMoment } from "../venues/hours.js";

const ZONE = "Asia/Phnom_Penh";
const COCONUT = "Fresh young coconut";

let server: TestServer;
let fx: OrderingFixture;
let other: string;
/** "Today" of the story: a week after tomorrow, so the clock only ever moves forward. */
let today: string;

beforeAll(async () => {
	server = await startTestServer();
	fx = await new OrderingFixture(server).load();
	other = [...fx.items.keys()].find((name) => name !== COCONUT) as string;
	for (const name of [COCONUT, other]) await fx.setStock(fx.item(name).id, null);
	// Open until 02:00 the next morning, so orders can be placed late in the evening.
	await server.deps.db.updateTable("shop_opening_hours").set({ closes_at: "02:00" }).where("shop_id", "=", 1).execute();
	today = addDays(toLocalMoment(server.clock.now(), ZONE).date, 8);
});
afterAll(async () => {
	await server?.close();
});

/** Moves the server clock to a local time on a day relative to today (`-1`: yesterday). */
function at(dayOffset: number, hhmm: string) {
	const [h, m] = hhmm.split(":").map(Number) as [number, number];
	server.clock.set(fromLocalMoment(addDays(today, dayOffset), h * 60 + m, ZONE));
}

async function customer(mobile: string) {
	const session = await server.signIn(mobile);
	await fx.grant(session.userId, 100_000);
	return session;
}

async function paidOrder(mobile: string, lines: Array<[string, number]>): Promise<OrderView> {
	const who = await customer(mobile);
	const placed = await fx.place(who.accessToken, { lines: lines.map(([name, quantity]) => fx.line(name, quantity)) });
	expect(placed.code).toBe(0);
	expect((await fx.pay(who.accessToken, placed.data.id)).code).toBe(0);
	return placed.data;
}

async function stats(mobile: string, shopId = 1) {
	const who = await server.signIn(mobile);
	return server.call<ShopToday>("GET", `/app-api/merchant/stats/today?shopId=${shopId}`, {
		token: who.accessToken,
		lang: "en",
	});
}

describe("the merchant home's figures", () => {
	it("counts today's orders in the shop's time zone, against the same weekday last week", async () => {
		at(-7, "12:10");
		const lastWeek = await paidOrder("13900003001", [[COCONUT, 1]]);

		// 23:30 in Phnom Penh is 16:30 UTC: the same UTC day as 00:15 the next morning.
		at(-1, "23:30");
		const late = await paidOrder("13900003002", [[other, 2]]);
		at(-1, "23:45");
		const thatEvening = await stats("13800000001");
		expect(thatEvening.data).toMatchObject({ date: addDays(today, -1), orders: 1, revenue: late.total });
		expect(thatEvening.data.hours[23]).toMatchObject({ orders: 1, revenue: late.total });
		expect(thatEvening.data.hours[16]).toMatchObject({ orders: 0, revenue: 0 });

		at(0, "00:15");
		const nextMorning = await stats("13800000001");
		expect(nextMorning.data).toMatchObject({ date: today, orders: 0, revenue: 0, averageTicket: 0 });

		at(0, "00:20");
		const afterMidnight = await paidOrder("13900003003", [[COCONUT, 1]]);
		at(0, "12:05");
		const noon: [OrderView, OrderView] = [
			await paidOrder("13900003004", [
				[COCONUT, 2],
				[other, 1],
			]),
			await paidOrder("13900003005", [[other, 1]]),
		];
		// Placed and never paid: not an order of the shop's day.
		const unpaid = await customer("13900003006");
		expect((await fx.place(unpaid.accessToken, { lines: [fx.line(COCONUT, 5)] })).code).toBe(0);
		const tables = await new TableFixture(server).load(await server.signIn("13800000002"));
		await tables.sitAt([...tables.printed.keys()][0] as string);

		at(0, "12:30");
		const owner = await stats("13800000001");

		const todays = [afterMidnight, ...noon];
		const revenue = todays.reduce((sum, order) => sum + order.total, 0);
		expect(owner.code).toBe(0);
		expect(owner.data).toMatchObject({
			date: today,
			lastWeekDate: addDays(today, -7),
			timezone: ZONE,
			orders: 3,
			revenue,
			averageTicket: Math.round(revenue / 3),
			openTables: 1,
		});
		expect(owner.data.hours).toHaveLength(24);
		expect(owner.data.hours[0]).toMatchObject({ orders: 1, revenue: afterMidnight.total, lastWeekOrders: 0 });
		expect(owner.data.hours[12]).toMatchObject({
			orders: 2,
			revenue: noon[0].total + noon[1].total,
			lastWeekOrders: 1,
			lastWeekRevenue: lastWeek.total,
		});
		const counted = owner.data.hours.reduce((sum, hour) => sum + hour.orders, 0);
		expect(counted).toBe(3);
		// The last 7 days, today included: yesterday's late order, not last week's.
		expect(owner.data.topItems.map(({ name, quantity }) => ({ name, quantity }))).toEqual([
			{ name: other, quantity: 4 },
			{ name: COCONUT, quantity: 3 },
		]);
	});

	it("shows staff the counts without the money, and refuses customers and other shops", async () => {
		const asStaff = await stats("13800000002");
		expect(asStaff.data).toMatchObject({ orders: 3, openTables: 1, revenue: null, averageTicket: null });
		expect(asStaff.data.hours[12]).toMatchObject({ orders: 2, revenue: null, lastWeekRevenue: null });
		expect(asStaff.data.topItems.every((item) => item.revenue === null && item.quantity > 0)).toBe(true);

		const manager = await server.signIn("13900003010");
		await server.deps.db
			.insertInto("shop_staff")
			.values({ shop_id: 1, member_id: manager.userId, role: "manager" })
			.execute();
		const asManager = await server.call<ShopToday>("GET", "/app-api/merchant/stats/today?shopId=1", {
			token: manager.accessToken,
		});
		expect(asManager.data.revenue).toBeGreaterThan(0);

		const asCustomer = await stats("13900003011");
		expect(asCustomer).toMatchObject({ code: ErrorCode.Forbidden, data: null });
		expect(await stats("13900003012", 999_999)).toEqual(asCustomer);
	});
});
