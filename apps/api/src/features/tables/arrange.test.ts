import { ErrorCode, formatMessage, type MerchantTable, type TableGridEntry } from "@bayon/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../../../test/harness.js";
import { closeLiveSockets, connectLive, type LiveSocket, ticketFor, until } from "../../../test/live-socket.js";
import { OrderingFixture } from "../../../test/ordering.js";
import { codeOf, signInTableCast, TableFixture } from "../../../test/tables.js";

/**
 * Arranging the tables (decision 016): owners and managers hide a table (off the grid and the
 * sheet, its codes refused) and show it again, and move tables up and down the grid; staff
 * answer every call at once. And the grid is live: a scan that seats a table and a bill paid
 * reach the staff's websocket as `table.changed` at once.
 */

let server: TestServer;
let fx: OrderingFixture;
type Caller = { accessToken: string; userId: number };
let owner: Caller;
let manager: Caller;
let staff: Caller;
let customer: Caller;
let elsewhere: Caller;
let tables: TableFixture;
const COCONUT = "Fresh young coconut";

beforeAll(async () => {
	server = await startTestServer();
	fx = await new OrderingFixture(server).load();
	fx.moveClockToLocal("12:00");
	({ owner, staff, customer, manager, elsewhere } = await signInTableCast(server, {
		manager: "13900000051",
		elsewhere: "13900000052",
	}));
	tables = await new TableFixture(server).load(staff);
	await fx.setStock(fx.item(COCONUT).id, null);
	await fx.grant(customer.userId, 50_000);
});
afterAll(async () => {
	closeLiveSockets();
	await server?.close();
});

const post = <T>(path: string, body: unknown, who: { accessToken: string } | null, lang?: string) =>
	server.call<T>("POST", `/app-api${path}`, { token: who?.accessToken, body, lang });
const gridNumbers = async () => {
	const answer = await server.call<TableGridEntry[]>("GET", "/app-api/merchant/bell/tables?shopId=1", {
		token: staff.accessToken,
	});
	expect(answer.code).toBe(0);
	return answer.data.map((table) => table.number);
};
const hidden = (who: { accessToken: string } = owner) =>
	server.call<MerchantTable[]>("GET", "/app-api/merchant/table/hidden?shopId=1", { token: who.accessToken });
const tableId = async (number: string) =>
	(
		await server.deps.db
			.selectFrom("dining_table")
			.select("id")
			.where("shop_id", "=", 1)
			.where("number", "=", number)
			.executeTakeFirstOrThrow()
	).id;
const tableLog = (id: number) =>
	server.deps.db
		.selectFrom("shop_change")
		.select(["member_id", "action", "before", "after"])
		.where("subject", "=", "dining_table")
		.where("subject_id", "=", String(id))
		.orderBy("id")
		.execute();
const tableRows = () =>
	server.deps.db.selectFrom("dining_table").select(["id", "enabled", "sort"]).orderBy("id").execute();
const changeCount = async () => (await server.deps.db.selectFrom("shop_change").select("id").execute()).length;
const setEnabled = (id: number, enabled: boolean, who: { accessToken: string } | null = owner, lang?: string) =>
	post<MerchantTable>("/merchant/table/enable", { tableId: id, enabled }, who, lang);
const move = (id: number, direction: string, who: { accessToken: string } | null = owner, lang?: string) =>
	post<{ tableIds: number[] }>("/merchant/table/move", { tableId: id, direction }, who, lang);

describe("hiding and showing a table", () => {
	it("hides a table from the grid and the sheet, refuses its codes, and shows it again last", async () => {
		const a4 = await tableId("A4");
		const seating = await tables.sitAt("A4");
		const before = await gridNumbers();
		expect(before).toContain("A4");

		const hide = await setEnabled(a4, false, manager);
		expect(hide.code).toBe(0);
		expect(hide.data).toMatchObject({ id: a4, number: "A4" });
		expect(await gridNumbers()).toEqual(before.filter((number) => number !== "A4"));
		expect((await hidden()).data.map((table) => table.number)).toEqual(["A4"]);
		const sheet = await server.call<MerchantTable[]>("GET", "/app-api/merchant/tables?shopId=1", {
			token: staff.accessToken,
		});
		expect(sheet.data.map((table) => table.number)).not.toContain("A4");

		// Its printed code and the seating token handed out from it are refused, in the caller's language.
		const printed = await tables.scan(tables.printed.get("A4") as string, "en");
		expect(printed).toMatchObject({ code: ErrorCode.TableInvalid, msg: formatMessage("tableInvalid", "en") });
		expect((await tables.scan(seating)).code).toBe(ErrorCode.TableInvalid);
		expect((await post("/table/call", { tableToken: seating, kind: "waiter" }, null)).code).toBe(
			ErrorCode.TableInvalid,
		);

		// Hiding it again changes and logs nothing.
		const logged = await changeCount();
		expect((await setEnabled(a4, false)).code).toBe(0);
		expect(await changeCount()).toBe(logged);

		const show = await setEnabled(a4, true);
		expect(show.code).toBe(0);
		expect((await gridNumbers()).at(-1)).toBe("A4");
		expect((await hidden()).data).toEqual([]);
		// Its printed code (unchanged) works again.
		expect(codeOf(show.data)).toBe(tables.printed.get("A4"));
		expect((await tables.scan(codeOf(show.data))).code).toBe(0);

		expect(await tableLog(a4)).toEqual([
			{ member_id: manager.userId, action: "disable", before: { enabled: true }, after: { enabled: false } },
			{ member_id: owner.userId, action: "enable", before: { enabled: false }, after: { enabled: true } },
		]);
	});

	it("is only for owners and managers of the shop, and refuses bad input changing nothing", async () => {
		const a5 = await tableId("A5");
		const rows = await tableRows();
		const logged = await changeCount();
		expect((await setEnabled(a5, false, staff, "en")).code).toBe(ErrorCode.Forbidden);
		expect((await setEnabled(a5, false, customer)).code).toBe(ErrorCode.Forbidden);
		expect((await setEnabled(999_999, false, customer)).code).toBe(ErrorCode.Forbidden);
		expect((await setEnabled(a5, false, elsewhere)).code).toBe(ErrorCode.NotFound);
		expect((await setEnabled(999_999, false, elsewhere)).code).toBe(ErrorCode.NotFound);
		expect((await setEnabled(a5, false, null)).code).toBe(401);
		expect((await hidden(staff)).code).toBe(ErrorCode.Forbidden);
		for (const body of [
			{ tableId: a5 },
			{ tableId: a5, enabled: "false" },
			{ tableId: a5, enabled: 0 },
			{ tableId: "x", enabled: false },
			{ tableId: a5, enabled: false, extra: 1 },
		]) {
			const answer = await post("/merchant/table/enable", body, owner, "en");
			expect(answer.code, JSON.stringify(body)).toBe(400);
			expect(answer.msg).not.toBe("");
		}
		expect(await tableRows()).toEqual(rows);
		expect(await changeCount()).toBe(logged);
	});
});

describe("moving tables", () => {
	it("moves a table up and down the grid, logging its place, and stays put at either end", async () => {
		const start = await gridNumbers();
		const second = start[1] as string;
		const id = await tableId(second);

		const up = await move(id, "up", manager);
		expect(up.code).toBe(0);
		const expected = [second, start[0], ...start.slice(2)];
		expect(await gridNumbers()).toEqual(expected);
		expect(up.data.tableIds).toEqual(await Promise.all(expected.map((number) => tableId(number as string))));

		// Already first: nothing changes, nothing is logged.
		const logged = await changeCount();
		expect((await move(id, "up")).code).toBe(0);
		expect(await gridNumbers()).toEqual(expected);
		expect(await changeCount()).toBe(logged);

		expect((await move(id, "down")).code).toBe(0);
		expect(await gridNumbers()).toEqual(start);
		const last = await tableId(start.at(-1) as string);
		expect((await move(last, "down")).code).toBe(0);
		expect(await gridNumbers()).toEqual(start);

		expect((await tableLog(id)).filter((entry) => entry.action === "move")).toEqual([
			{ member_id: manager.userId, action: "move", before: { position: 2 }, after: { position: 1 } },
			{ member_id: owner.userId, action: "move", before: { position: 1 }, after: { position: 2 } },
		]);
	});

	it("is only for owners and managers of the shop, and refuses bad input changing nothing", async () => {
		const id = await tableId("A2");
		const rows = await tableRows();
		const logged = await changeCount();
		expect((await move(id, "up", staff)).code).toBe(ErrorCode.Forbidden);
		expect((await move(id, "up", customer)).code).toBe(ErrorCode.Forbidden);
		expect((await move(id, "up", elsewhere)).code).toBe(ErrorCode.NotFound);
		expect((await move(999_999, "up", elsewhere)).code).toBe(ErrorCode.NotFound);
		for (const body of [{ tableId: id }, { tableId: id, direction: "left" }, { tableId: id, direction: 1 }]) {
			const answer = await post("/merchant/table/move", body, owner, "km");
			expect(answer.code, JSON.stringify(body)).toBe(400);
			expect(answer.msg).toBe(formatMessage("fieldInvalid", "km", { field: "direction" }));
		}
		expect(await tableRows()).toEqual(rows);
		expect(await changeCount()).toBe(logged);
	});
});

describe("answering every call", () => {
	it("answers every open call of the shop at once, for any staff, once", async () => {
		const first = await tables.sitAt("A1");
		const second = await tables.sitAt("A6");
		expect((await post("/table/call", { tableToken: first, kind: "waiter" }, null)).code).toBe(0);
		expect((await post("/table/call", { tableToken: second, kind: "bill" }, null)).code).toBe(0);

		expect((await post("/merchant/bell/answer-all", { shopId: 1 }, customer)).code).toBe(ErrorCode.Forbidden);
		expect((await post("/merchant/bell/answer-all", { shopId: 1 }, elsewhere)).code).toBe(ErrorCode.Forbidden);
		expect((await post("/merchant/bell/answer-all", { shopId: "1" }, staff)).code).toBe(400);

		const answered = await post<{ answered: number }>("/merchant/bell/answer-all", { shopId: 1 }, staff);
		expect(answered).toMatchObject({ code: 0, data: { answered: 2 } });
		const grid = await server.call<TableGridEntry[]>("GET", "/app-api/merchant/bell/tables?shopId=1", {
			token: staff.accessToken,
		});
		expect(grid.data.flatMap((table) => table.calls)).toEqual([]);
		expect((await post<{ answered: number }>("/merchant/bell/answer-all", { shopId: 1 }, owner)).data).toEqual({
			answered: 0,
		});
	});
});

describe("the live grid", () => {
	let live: LiveSocket;
	beforeAll(async () => {
		live = await connectLive(server, `ticket=${await ticketFor(server, staff.accessToken)}`);
	});
	const tableEvents = (id: number, reason: string) =>
		live.messages.filter((m) => m.type === "table.changed" && m.data.tableId === id && m.data.reason === reason);

	const gridEntry = async (number: string) => {
		const answer = await server.call<TableGridEntry[]>("GET", "/app-api/merchant/bell/tables?shopId=1", {
			token: staff.accessToken,
		});
		return answer.data.find((table) => table.number === number);
	};

	it("keeps a table free when its QR link is only opened: the first round seats it (issue 27)", async () => {
		const b = await tableId("A5");
		const seating = await tables.sitAt("A5");
		await tables.sitAt("A5");
		// Nothing was said to the staff and nothing shows: opening the link is no order.
		await new Promise((resolve) => setTimeout(resolve, 200));
		expect(live.messages.filter((m) => m.type === "table.changed" && m.data.tableId === b)).toEqual([]);
		expect(await gridEntry("A5")).toMatchObject({ state: "free", seatedAt: null });

		server.clock.advance(5 * 60);
		const placed = await fx.place(customer.accessToken, {
			orderType: "desk",
			tableToken: seating,
			diners: 2,
			lines: [fx.line(COCONUT, 1)],
		});
		expect(placed.code).toBe(0);
		await until(() => tableEvents(b, "ordered").length === 1, 3000, "table.changed ordered");
		const taken = await gridEntry("A5");
		expect(taken?.state).toBe("eating");
		// Taken when the round came, not when the link was opened.
		expect(taken?.seatedAt).toBe(server.clock.now().toISOString());
	});

	it("hears a round ordered and the bill paid", async () => {
		const a2 = await tableId("A2");
		const seating = await tables.sitAt("A2");
		const placed = await fx.place(customer.accessToken, {
			orderType: "desk",
			tableToken: seating,
			diners: 2,
			lines: [fx.line(COCONUT, 1)],
		});
		expect(placed.code).toBe(0);
		await until(() => tableEvents(a2, "ordered").length === 1, 3000, "table.changed ordered");

		const bill = await tables.billOf(customer, seating);
		const due = bill.data?.due as number;
		expect((await tables.payBill(customer, seating, due)).code).toBe(0);
		await until(() => tableEvents(a2, "settled").length === 1, 3000, "table.changed settled");
	});
});
