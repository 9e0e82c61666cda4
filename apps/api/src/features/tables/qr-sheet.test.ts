import { ErrorCode, type MerchantTable } from "@bayon/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../../../test/harness.js";
import { qrCodesOnSheet } from "../../../test/pdf-qr.js";
import { signInTableCast } from "../../../test/tables.js";
import { ServiceUnavailableError } from "../../http/unavailable.js";
import { QrSheets, SHEET_LIMITS } from "./qr-sheet.js";

/**
 * The QR sheet is expensive to build (pdfkit, its fonts, one image a table): twelve downloads at
 * once took the embedded server to 646 MB (issue 27). Sheets are built one at a time, the same
 * downloads at once share one build, the last sheet of each shop is kept until anything printed
 * on it changes, and a download that would wait too long is told to come back (503).
 */
describe("twelve downloads of the sheet at once", () => {
	let server: TestServer;
	let owner: { accessToken: string };
	const logLines: Array<{ msg?: string; shopId?: number }> = [];
	const builds = () => logLines.filter((line) => line.msg === "QR sheet built").length;

	beforeAll(async () => {
		server = await startTestServer({
			logger: { level: "info", stream: { write: (line: string) => logLines.push(JSON.parse(line)) } },
		});
		({ owner } = await signInTableCast(server, { manager: "13900000051", elsewhere: "13900000052" }));
	});
	afterAll(async () => {
		await server?.close();
	});

	const download = async (lang = "zh-CN") => {
		const response = await fetch(`${server.url}/app-api/merchant/table/qr-sheet?shopId=1`, {
			headers: { "tenant-id": "1", authorization: `Bearer ${owner.accessToken}`, "x-lang": lang },
		});
		expect(response.status).toBe(200);
		expect(response.headers.get("content-type")).toBe("application/pdf");
		return Buffer.from(await response.arrayBuffer());
	};
	const currentCodes = async () => {
		const answer = await server.call<MerchantTable[]>("GET", "/app-api/merchant/tables?shopId=1", {
			token: owner.accessToken,
		});
		return answer.data;
	};

	it("builds the sheet once and gives every download the same, correct sheet", async () => {
		const sheets = await Promise.all(Array.from({ length: 12 }, () => download()));
		expect(builds()).toBe(1);
		for (const sheet of sheets.slice(1)) expect(sheet.equals(sheets[0] as Buffer)).toBe(true);
		const expected = (await currentCodes()).map((table) => table.qrUrl).sort();
		expect(qrCodesOnSheet(sheets[0] as Buffer).sort()).toEqual(expected);
		// Asked again later: still the kept sheet.
		expect((await download()).equals(sheets[0] as Buffer)).toBe(true);
		expect(builds()).toBe(1);
	});

	it("builds it again when a table's code changes, and never serves the old one", async () => {
		const before = await download();
		const [first] = await currentCodes();
		if (!first) throw new Error("the demo shop has no table");
		const reprinted = await server.call("POST", "/app-api/merchant/table/reprint", {
			token: owner.accessToken,
			body: { tableId: first.id },
		});
		expect(reprinted.code).toBe(0);
		const after = await download();
		expect(builds()).toBe(2);
		expect(after.equals(before)).toBe(false);
		const codes = qrCodesOnSheet(after);
		expect(codes).toContain((await currentCodes()).find((table) => table.id === first.id)?.qrUrl);
		expect(codes).not.toContain(first.qrUrl);
	});

	it("builds it again when a table is renamed or the language changes the shop's name", async () => {
		const [first] = await currentCodes();
		if (!first) throw new Error("the demo shop has no table");
		const renamed = await server.call("POST", "/app-api/merchant/table/update", {
			token: owner.accessToken,
			body: { tableId: first.id, number: "QR1", seats: first.seats, area: null },
		});
		expect(renamed.code, renamed.msg).toBe(0);
		await download();
		expect(builds()).toBe(3);
		await download();
		expect(builds()).toBe(3);
		await download("en");
		expect(builds()).toBe(4);
	});
});

describe("the sheet builder's limits", () => {
	const tables = (qrUrl: string): MerchantTable[] => [{ id: 1, number: "A1", seats: 2, area: null, qrUrl }];
	const quiet = { info() {}, warn() {} };

	/** A render that finishes when the test says so, counting its calls. */
	function heldRender() {
		const releases: Array<() => void> = [];
		let calls = 0;
		let running = 0;
		let mostAtOnce = 0;
		const render = async (args: { tables: MerchantTable[] }) => {
			calls++;
			running++;
			mostAtOnce = Math.max(mostAtOnce, running);
			await new Promise<void>((resolve) => releases.push(resolve));
			running--;
			return Buffer.from(`sheet of ${args.tables[0]?.qrUrl}`);
		};
		return {
			render,
			releaseNext: () => releases.shift()?.(),
			calls: () => calls,
			mostAtOnce: () => mostAtOnce,
		};
	}
	const settle = () => new Promise((resolve) => setTimeout(resolve, 10));

	it("builds one sheet at a time, shares a build among equal downloads, and refuses when too many wait", async () => {
		const held = heldRender();
		const sheets = new QrSheets({ ...SHEET_LIMITS, building: 1, waiting: 1, waitMs: 5_000 }, held.render);
		const a = [1, 2, 3].map(() => sheets.sheetFor(1, { shopName: "A", tables: tables("a") }, quiet));
		const b = sheets.sheetFor(2, { shopName: "B", tables: tables("b") }, quiet);
		const c = sheets.sheetFor(3, { shopName: "C", tables: tables("c") }, quiet).catch((error: unknown) => error);
		await settle();
		expect(held.calls()).toBe(1);
		// A third different sheet finds the queue full: refused at once, with a Retry-After.
		const refused = await c;
		expect(refused).toBeInstanceOf(ServiceUnavailableError);
		expect((refused as ServiceUnavailableError).retryAfterSeconds).toBe(SHEET_LIMITS.retryAfterSeconds);
		held.releaseNext();
		expect((await Promise.all(a)).map(String)).toEqual(Array(3).fill("sheet of a"));
		await settle();
		expect(held.calls()).toBe(2);
		held.releaseNext();
		expect(String(await b)).toBe("sheet of b");
		expect(held.mostAtOnce()).toBe(1);
	});

	it("refuses a download that waited too long, and builds it on the next try", async () => {
		const held = heldRender();
		const sheets = new QrSheets({ ...SHEET_LIMITS, building: 1, waiting: 4, waitMs: 50 }, held.render);
		const a = sheets.sheetFor(1, { shopName: "A", tables: tables("a") }, quiet);
		const waited = await sheets
			.sheetFor(2, { shopName: "B", tables: tables("b") }, quiet)
			.catch((error: unknown) => error);
		expect(waited).toBeInstanceOf(ServiceUnavailableError);
		held.releaseNext();
		await a;
		const again = sheets.sheetFor(2, { shopName: "B", tables: tables("b") }, quiet);
		await settle();
		held.releaseNext();
		expect(String(await again)).toBe("sheet of b");
	});

	it("keeps the last sheet of a bounded number of shops", async () => {
		let calls = 0;
		const render = async () => {
			calls++;
			return Buffer.alloc(10);
		};
		const sheets = new QrSheets({ ...SHEET_LIMITS, cachedShops: 2 }, render);
		for (const shopId of [1, 2, 3, 1]) await sheets.sheetFor(shopId, { shopName: "S", tables: tables("x") }, quiet);
		// Shop 1's sheet was dropped when shop 3's came: built again.
		expect(calls).toBe(4);
		await sheets.sheetFor(3, { shopName: "S", tables: tables("x") }, quiet);
		expect(calls).toBe(4);
	});
});

describe("a download refused as busy", () => {
	it("is answered 503 with Retry-After and the envelope", async () => {
		// One sheet at a time and none waiting: of three different sheets asked at once, one is built.
		const server = await startTestServer({
			configure: (config) => {
				config.qrSheetLimits = { building: 1, waiting: 0 };
			},
		});
		try {
			const { owner } = await signInTableCast(server, { manager: "13900000053", elsewhere: "13900000054" });
			const answers = await Promise.all(
				// Each language its own shop name: different sheets, which do not share a build.
				["zh-CN", "en", "km"].map((lang) =>
					fetch(`${server.url}/app-api/merchant/table/qr-sheet?shopId=1`, {
						headers: { "tenant-id": "1", authorization: `Bearer ${owner.accessToken}`, "x-lang": lang },
					}),
				),
			);
			const statuses = answers.map((answer) => answer.status).sort();
			expect(statuses[0]).toBe(200);
			expect(statuses.at(-1)).toBe(503);
			for (const answer of answers.filter((candidate) => candidate.status === 503)) {
				expect(answer.headers.get("retry-after")).toBe(String(SHEET_LIMITS.retryAfterSeconds));
				expect(await answer.json()).toMatchObject({
					code: ErrorCode.ServiceUnavailable,
					data: { retryAfterSeconds: SHEET_LIMITS.retryAfterSeconds },
				});
			}
		} finally {
			await server.close();
		}
	});
});
