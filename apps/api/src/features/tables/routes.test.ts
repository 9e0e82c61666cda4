import { inflateSync } from "node:zlib";
import {
	BELL_COOLDOWN_SECONDS,
	type CallStaffResult,
	ErrorCode,
	formatMessage,
	type MerchantTable,
	type TableGridEntry,
} from "@bayon/contract";
import jsqrModule from "jsqr";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../../../test/harness.js";
import { closeLiveSockets, connectLive, ticketFor, until } from "../../../test/live-socket.js";
import { codeOf, signInTableCast, TableFixture } from "../../../test/tables.js";

/**
 * Tables and the bell (decision 016): owners and managers add and edit tables, give one a new
 * QR code and print every code on one PDF sheet; a diner calls the staff from the table with
 * a 60-second cool-down; the staff see the grid ring and answer. Every edit is in the change
 * log; customers, staff without the permission and other shops are refused.
 */

let server: TestServer;
type Caller = { accessToken: string; userId: number };
let owner: Caller;
let manager: Caller;
let staff: Caller;
let customer: Caller;
/** Staff (an owner, even) of another shop of the tenant. */
let elsewhere: Caller;
let tables: TableFixture;

beforeAll(async () => {
	server = await startTestServer();
	({ owner, staff, customer, manager, elsewhere } = await signInTableCast(server, {
		manager: "13900000041",
		elsewhere: "13900000042",
	}));
	tables = await new TableFixture(server).load(staff);
});
afterAll(async () => {
	closeLiveSockets();
	await server?.close();
});

const post = <T>(path: string, body: unknown, who: { accessToken: string } | null, lang?: string) =>
	server.call<T>("POST", `/app-api${path}`, { token: who?.accessToken, body, lang });
const grid = async (who: Caller = staff) => {
	const answer = await server.call<TableGridEntry[]>("GET", "/app-api/merchant/bell/tables?shopId=1", {
		token: who.accessToken,
	});
	expect(answer.code).toBe(0);
	return answer.data;
};
const gridEntry = async (number: string) => (await grid()).find((t) => t.number === number) as TableGridEntry;
const rowsIn = async (table: "dining_table" | "shop_change") =>
	Number(
		(
			await server.deps.db
				.selectFrom(table)
				.select((eb) => eb.fn.countAll<string>().as("n"))
				.executeTakeFirstOrThrow()
		).n,
	);
/** What a refused edit must leave as it was. */
const tablesAndChanges = async () => ({ tables: await rowsIn("dining_table"), changes: await rowsIn("shop_change") });
const changeLog = (subjectId: number) =>
	server.deps.db
		.selectFrom("shop_change")
		.select(["member_id", "subject", "action", "before", "after"])
		.where("subject", "=", "dining_table")
		.where("subject_id", "=", String(subjectId))
		.orderBy("id")
		.execute();

const terrace = { "zh-CN": "露台", en: "Terrace", km: "រានហាល" };

describe("editing tables", () => {
	it("adds a table and renames it, recording who changed what", async () => {
		const created = await post<MerchantTable>(
			"/merchant/table/create",
			{ shopId: 1, number: " Z1 ", seats: 4, area: terrace },
			owner,
			"en",
		);
		expect(created.code).toBe(0);
		expect(created.data).toMatchObject({ number: "Z1", seats: 4, area: "Terrace" });
		expect((await tables.scan(codeOf(created.data))).code).toBe(0);
		// Opening the table's link seats nobody (issue 27): the new table is on the grid, still free.
		expect(await gridEntry("Z1")).toMatchObject({ seats: 4, areaNames: terrace, state: "free", seatedAt: null });

		const renamed = await post<MerchantTable>(
			"/merchant/table/update",
			{ tableId: created.data.id, number: "Z2", seats: 6, area: null },
			manager,
		);
		expect(renamed.code).toBe(0);
		expect(renamed.data).toMatchObject({ id: created.data.id, number: "Z2", seats: 6, area: null });
		// Renaming keeps the printed code working.
		expect(codeOf(renamed.data)).toBe(codeOf(created.data));

		expect(await changeLog(created.data.id)).toEqual([
			{
				member_id: owner.userId,
				subject: "dining_table",
				action: "create",
				before: null,
				after: { number: "Z1", seats: 4, area: terrace },
			},
			{
				member_id: manager.userId,
				subject: "dining_table",
				action: "update",
				before: { number: "Z1", seats: 4, area: terrace },
				after: { number: "Z2", seats: 6, area: null },
			},
		]);
	});

	it("refuses bad input with a message per field and changes nothing", async () => {
		const before = await tablesAndChanges();
		const cases: Array<[unknown, string]> = [
			[{ shopId: 1, number: "  ", seats: 4, area: null }, "tableNumberRequired"],
			[{ shopId: 1, number: "X".repeat(13), seats: 4, area: null }, "tableNumberTooLong"],
			[{ shopId: 1, number: "Z9", seats: 0, area: null }, "tableSeatsInvalid"],
			[{ shopId: 1, number: "Z9", seats: 2.5, area: null }, "tableSeatsInvalid"],
			[{ shopId: 1, number: "Z9", seats: "4", area: null }, "tableSeatsInvalid"],
			[{ shopId: 1, number: "Z9", seats: 4, area: { en: "Terrace" } }, "tableAreaZhRequired"],
			[{ shopId: 1, number: "Z9", seats: 4, area: { "zh-CN": "x".repeat(31) } }, "tableAreaTooLong"],
			[{ shopId: 1, number: "Z\u0000", seats: 4, area: null }, "textHasControlChars"],
			// "1\u202E01" would show as "110" on the grid and the printed sheet (decision 007).
			[{ shopId: 1, number: "1\u202E01", seats: 4, area: null }, "textHasDirectionMarks"],
			[{ shopId: 1, number: "\uFEFFZ9", seats: 4, area: null }, "textHasDirectionMarks"],
			[{ shopId: 1, number: "Z9", seats: 4, area: { "zh-CN": "露台\u2067", en: "Terrace" } }, "textHasDirectionMarks"],
			[{ shopId: 1, number: "Z9", seats: 4, area: { "zh-CN": "露台", km: "\u200Fរាបស្មើ" } }, "textHasDirectionMarks"],
		];
		for (const [body, rule] of cases) {
			const answer = await post("/merchant/table/create", body, owner, "en");
			expect(answer, JSON.stringify(body)).toMatchObject({
				code: ErrorCode.BadRequest,
				msg: formatMessage(rule as never, "en"),
			});
		}
		const taken = await post("/merchant/table/create", { shopId: 1, number: "A1", seats: 2, area: null }, owner, "km");
		expect(taken).toMatchObject({ code: ErrorCode.TableNumberTaken, msg: formatMessage("tableNumberTaken", "km") });
		const z2 = await gridEntry("Z2");
		const renameToTaken = await post(
			"/merchant/table/update",
			{ tableId: z2.id, number: "A1", seats: 2, area: null },
			owner,
		);
		expect(renameToTaken.code).toBe(ErrorCode.TableNumberTaken);
		expect(await tablesAndChanges()).toEqual(before);
		expect(await gridEntry("Z2")).toMatchObject({ seats: 6, area: null });
	});

	it("lets only owners and managers edit, and tells other shops nothing", async () => {
		const before = await tablesAndChanges();
		const z2 = await gridEntry("Z2");
		const edit = { number: "Z3", seats: 2, area: null };
		const missing = 999_999;
		// Customers: the same answer for a real table and a made-up one.
		for (const tableId of [z2.id, missing]) {
			expect(await post("/merchant/table/update", { tableId, ...edit }, customer)).toMatchObject({
				code: ErrorCode.Forbidden,
				data: null,
			});
			expect(await post("/merchant/table/reprint", { tableId }, customer)).toMatchObject({ code: ErrorCode.Forbidden });
		}
		expect((await post("/merchant/table/create", { shopId: 1, ...edit }, customer)).code).toBe(ErrorCode.Forbidden);
		expect((await post("/merchant/table/create", { shopId: 424_242, ...edit }, customer)).code).toBe(
			ErrorCode.Forbidden,
		);
		// The shop's own staff may look, not edit.
		expect((await post("/merchant/table/create", { shopId: 1, ...edit }, staff)).code).toBe(ErrorCode.Forbidden);
		expect((await post("/merchant/table/update", { tableId: z2.id, ...edit }, staff)).code).toBe(ErrorCode.Forbidden);
		expect((await post("/merchant/table/reprint", { tableId: z2.id }, staff)).code).toBe(ErrorCode.Forbidden);
		// Another shop's owner: "not found", for real ids and made-up ones alike.
		for (const tableId of [z2.id, missing]) {
			expect(await post("/merchant/table/update", { tableId, ...edit }, elsewhere)).toMatchObject({
				code: ErrorCode.NotFound,
				data: null,
			});
			expect((await post("/merchant/table/reprint", { tableId }, elsewhere)).code).toBe(ErrorCode.NotFound);
			expect((await post("/merchant/bell/answer", { tableId }, elsewhere)).code).toBe(ErrorCode.NotFound);
			expect((await post("/merchant/bell/answer", { tableId }, customer)).code).toBe(ErrorCode.Forbidden);
		}
		expect((await post("/merchant/table/create", { shopId: 1, ...edit }, elsewhere)).code).toBe(ErrorCode.Forbidden);
		const otherGrid = await server.call("GET", "/app-api/merchant/bell/tables?shopId=1", {
			token: elsewhere.accessToken,
		});
		expect(otherGrid.code).toBe(ErrorCode.Forbidden);
		expect(
			(await server.call("GET", "/app-api/merchant/bell/tables?shopId=1", { token: customer.accessToken })).code,
		).toBe(ErrorCode.Forbidden);
		expect(await tablesAndChanges()).toEqual(before);
	});

	it("gives a table a new QR code: the old one is refused, the new one works", async () => {
		const a2 = (await grid()).find((t) => t.number === "A2") as TableGridEntry;
		const oldCode = codeOf(a2);
		const rotated = await post<MerchantTable>("/merchant/table/reprint", { tableId: a2.id }, manager);
		expect(rotated.code).toBe(0);
		const newCode = codeOf(rotated.data);
		expect(newCode).not.toBe(oldCode);
		expect((await tables.scan(oldCode, "en")).code).toBe(ErrorCode.TableInvalid);
		expect((await tables.scan(newCode)).code).toBe(0);
		tables.printed.set("A2", newCode);
		const log = await changeLog(a2.id);
		expect(log.at(-1)).toMatchObject({ member_id: manager.userId, action: "rotate_qr" });
		const { before, after } = log.at(-1) as { before: { qrVersion: number }; after: { qrVersion: number } };
		expect(after.qrVersion).toBe(before.qrVersion + 1);
	});
});

/** jsqr is CommonJS: its function arrives as the default export or inside it, depending on the loader. */
const jsQR = ((jsqrModule as unknown as { default?: unknown }).default ?? jsqrModule) as typeof import("jsqr").default;

/** The image XObjects of a PDF, their pixels inflated (pdfkit stores QR PNGs as RGB + a soft mask). */
function rgbImagesOf(pdf: Buffer): Array<{ width: number; height: number; rgb: Buffer }> {
	const text = pdf.toString("latin1");
	const images: Array<{ width: number; height: number; rgb: Buffer }> = [];
	const objectHead = /\d+ 0 obj\s*<<([\s\S]*?)>>\s*stream\r?\n/g;
	for (const match of text.matchAll(objectHead)) {
		const dict = match[1] as string;
		if (!dict.includes("/Subtype /Image") || !dict.includes("/ColorSpace /DeviceRGB")) continue;
		const length = Number(/\/Length (\d+)/.exec(dict)?.[1]);
		const start = (match.index as number) + match[0].length;
		const rgb = inflateSync(pdf.subarray(start, start + length));
		images.push({
			width: Number(/\/Width (\d+)/.exec(dict)?.[1]),
			height: Number(/\/Height (\d+)/.exec(dict)?.[1]),
			rgb,
		});
	}
	return images;
}

function decodeQr(image: { width: number; height: number; rgb: Buffer }): string | null {
	const rgba = new Uint8ClampedArray(image.width * image.height * 4);
	for (let i = 0; i < image.width * image.height; i++) {
		rgba.set([image.rgb[i * 3] as number, image.rgb[i * 3 + 1] as number, image.rgb[i * 3 + 2] as number, 255], i * 4);
	}
	return jsQR(rgba, image.width, image.height)?.data ?? null;
}

describe("the QR code sheet", () => {
	const sheet = (who: Caller, lang = "zh-CN") =>
		fetch(`${server.url}/app-api/merchant/table/qr-sheet?shopId=1`, {
			headers: {
				"tenant-id": "1",
				"shop-key": "bayon-demo",
				authorization: `Bearer ${who.accessToken}`,
				"x-lang": lang,
			},
		});

	it("is a PDF with one readable QR code per table, each opening the table's current code", async () => {
		const response = await sheet(owner, "km");
		expect(response.status).toBe(200);
		expect(response.headers.get("content-type")).toBe("application/pdf");
		expect(response.headers.get("content-disposition")).toMatch(/^attachment; filename="table-codes-1\.pdf"$/);
		const pdf = Buffer.from(await response.arrayBuffer());
		expect(pdf.subarray(0, 5).toString("latin1")).toBe("%PDF-");
		expect(pdf.subarray(-6).toString("latin1")).toContain("%%EOF");

		const current = (await grid()).map((table) => table.qrUrl).sort();
		const decoded = rgbImagesOf(pdf).map(decodeQr);
		expect(decoded.sort()).toEqual(current);
		// The rotated table's old code is not on the sheet.
		expect(decoded).toContain((await gridEntry("A2")).qrUrl);
		// 12 codes a page.
		const pages = pdf.toString("latin1").match(/\/Type \/Page\b/g)?.length;
		expect(pages).toBe(Math.ceil(current.length / 12));
	});

	it("is refused to staff, customers and other shops with the usual envelope", async () => {
		for (const [who, code] of [
			[staff, ErrorCode.Forbidden],
			[customer, ErrorCode.Forbidden],
			[elsewhere, ErrorCode.Forbidden],
		] as const) {
			const response = await sheet(who);
			expect(response.headers.get("content-type")).toMatch(/application\/json/);
			expect(await response.json()).toMatchObject({ code, data: null });
		}
	});
});

describe("the bell", () => {
	const call = (seating: string, kind: string, lang?: string) =>
		post<CallStaffResult>("/table/call", { tableToken: seating, kind }, null, lang);

	it("rings the staff, cools down for 60 s per table, and stops when answered", async () => {
		const live = await connectLive(server, `ticket=${await ticketFor(server, staff.accessToken)}`);
		const diner = await tables.sitAt("A3");
		const a3 = await gridEntry("A3");
		expect(a3).toMatchObject({ state: "free", calls: [] });

		const first = await call(diner, "waiter");
		expect(first.code).toBe(0);
		expect(first.data).toMatchObject({ call: { kind: "waiter" }, nextCallInSeconds: BELL_COOLDOWN_SECONDS });
		await until(() => live.messages.some((m) => m.type === "table.called" && m.data.tableId === a3.id));
		expect(await gridEntry("A3")).toMatchObject({ state: "calling", calls: [{ kind: "waiter" }] });

		// A second diner at the same table, 20 s later: the table is cooling down.
		server.clock.advance(20);
		const neighbour = await tables.sitAt("A3");
		const tooSoon = await call(neighbour, "bill", "en");
		expect(tooSoon).toMatchObject({
			code: ErrorCode.BellCoolingDown,
			msg: formatMessage("bellCoolingDown", "en", { seconds: 40 }),
			data: { retryAfterSeconds: 40 },
		});
		server.clock.advance(39.5);
		expect((await call(diner, "bill")).data).toMatchObject({ retryAfterSeconds: 1 });
		server.clock.advance(0.5);
		const second = await call(neighbour, "bill");
		expect(second.code).toBe(0);
		expect(await gridEntry("A3")).toMatchObject({
			state: "calling",
			calls: [{ kind: "waiter" }, { kind: "bill" }],
		});

		const answered = await post<{ answered: number }>("/merchant/bell/answer", { tableId: a3.id }, staff);
		expect(answered).toMatchObject({ code: 0, data: { answered: 2 } });
		await until(() => live.messages.some((m) => m.type === "table.changed" && m.data.reason === "answered"));
		// Answered, and nothing was ordered in this seating: the table is free again (issue 27: only
		// an order or the staff seat a table; "waiting to pay" is for seatings with rounds).
		expect(await gridEntry("A3")).toMatchObject({ state: "free", calls: [] });
		expect((await post("/merchant/bell/answer", { tableId: a3.id }, staff)).data).toEqual({ answered: 0 });
		const rows = await server.deps.db
			.selectFrom("table_call")
			.select(["answered_by_member_id", "answered_at"])
			.where("table_id", "=", a3.id)
			.execute();
		expect(rows.map((row) => row.answered_by_member_id)).toEqual([staff.userId, staff.userId]);
	});

	it("makes one call when several diners ring at once", async () => {
		const diner = await tables.sitAt("A4");
		const answers = await Promise.all(Array.from({ length: 5 }, () => call(diner, "waiter")));
		expect(answers.filter((a) => a.code === 0)).toHaveLength(1);
		expect(answers.filter((a) => a.code === ErrorCode.BellCoolingDown)).toHaveLength(4);
		expect((await gridEntry("A4")).calls).toHaveLength(1);
	});

	it("refuses printed codes, forged tokens, ended seatings and bad kinds", async () => {
		const diner = await tables.sitAt("A5");
		expect((await call(tables.printed.get("A5") as string, "waiter")).code).toBe(ErrorCode.TableInvalid);
		expect((await call(`${diner}x`, "waiter")).code).toBe(ErrorCode.TableInvalid);
		expect((await call(diner, "dessert")).code).toBe(ErrorCode.BadRequest);
		const a5 = await gridEntry("A5");
		expect((await post("/merchant/table/reprint", { tableId: a5.id }, owner)).code).toBe(0);
		expect(await call(diner, "waiter")).toMatchObject({
			code: ErrorCode.SeatingEnded,
			data: { reason: "codeChanged" },
		});
		expect((await gridEntry("A5")).calls).toEqual([]);
	});
});
