import { formatMessage, type TableGridEntry } from "@bayon/contract";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BellPage, MERCHANT_BELL_PATH, TableBell } from "./pages/bell-pages";
import { launchBrowser, newPhone, screenshot } from "./support/browser";
import { apiCall, DEMO_OWNER_MOBILE, openSignedIn, signInByApi } from "./support/http-api";

const STAFF_MOBILE = "13800000002";

let browser: Browser;
let tables: TableGridEntry[];

beforeAll(async () => {
	browser = await launchBrowser();
	const token = await signInByApi(STAFF_MOBILE);
	tables = await apiCall<TableGridEntry[]>("/merchant/bell/tables?shopId=1", { token });
});

afterAll(async () => {
	await browser?.close();
});

const qrUrlOf = (number: string) => {
	const table = tables.find((t) => t.number === number);
	if (!table) throw new Error(`the demo shop has no table ${number}`);
	return table.qrUrl;
};

describe("the bell", () => {
	it("a diner rings from the table page; the staff grid rings and shows the table calling until answered", async () => {
		const staff = await newPhone(browser, { width: 1024, height: 768 });
		const bell = new BellPage(staff.page);
		await bell.countBeeps();
		await openSignedIn(staff.page, STAFF_MOBILE, MERCHANT_BELL_PATH);
		await bell.grid.waitFor();
		await bell.waitForState("T1", "free");
		// Staff may look and answer, not edit.
		expect(await staff.page.getByTestId("bell-add").count()).toBe(0);

		const diner = await newPhone(browser, { locale: "km" });
		await diner.page.goto(qrUrlOf("T1"));
		const tableBell = new TableBell(diner.page);
		await tableBell.waiter.waitFor();
		await screenshot(diner.page, "km-table-bell");
		await tableBell.waiter.click();
		await tableBell.wait.waitFor();
		expect(await tableBell.secondsLeft()).toBeGreaterThan(55);
		expect(await tableBell.bill.isDisabled()).toBe(true);

		// Live: the grid shows T1 calling and rings, without a reload.
		await bell.waitForState("T1", "calling");
		await bell.alert.waitFor();
		expect(await bell.tile("T1").getByTestId("bell-call").textContent()).toContain("呼叫服务员");
		await staff.page.waitForFunction(() => (window as unknown as { __beeps: number }).__beeps >= 2, undefined, {
			timeout: 8000,
		});
		await screenshot(staff.page, "zh-CN-bell-ringing-1024", { fullPage: false });

		// The diner reloads and rings again: the server's cool-down answers with the seconds left.
		await diner.page.reload();
		await tableBell.bill.click();
		await tableBell.wait.waitFor();
		const left = await tableBell.secondsLeft();
		expect(left).toBeGreaterThan(0);
		expect(left).toBeLessThanOrEqual(60);
		await diner.page
			.getByText(formatMessage("bellCoolingDown", "km", { seconds: left }).slice(0, 12))
			.first()
			.waitFor();

		await bell.tile("T1").getByTestId("bell-answer").click();
		await bell.alert.waitFor({ state: "detached" });
		await bell.waitForState("T1", "ordering");
		const afterAnswer = await bell.beeps();
		await staff.page.waitForTimeout(5500);
		expect(await bell.beeps()).toBe(afterAnswer);

		await diner.context.close();
		await staff.context.close();
	});

	it("the owner adds a table in Khmer, prints every QR code as one PDF, and the grid is shown at 390 and 1024 px", async () => {
		const { context, page } = await newPhone(browser, { locale: "km" });
		const bell = new BellPage(page);
		await openSignedIn(page, DEMO_OWNER_MOBILE, MERCHANT_BELL_PATH);
		await bell.grid.waitFor();
		await page.getByTestId("bell-add").click();
		const form = page.getByTestId("table-form");
		await form.waitFor();
		// Taps on "save" closer together than the spec's 500 ms debounce count once.
		const save = async () => {
			await page.waitForTimeout(600);
			await page.getByTestId("table-save").click();
		};
		await save();
		expect(await page.getByTestId("table-number-error").textContent()).toBe(formatMessage("tableNumberRequired", "km"));
		await page.getByTestId("table-number").fill("A1");
		await page.getByTestId("table-area-km").fill("រានហាល");
		await save();
		// No Chinese name for the area: refused before it is sent.
		expect(await page.getByTestId("table-area-error").textContent()).toBe(formatMessage("tableAreaZhRequired", "km"));
		await page.getByTestId("table-area-zh-CN").fill("露台");
		await save();
		expect(await page.getByTestId("table-number-error").textContent()).toBe(formatMessage("tableNumberTaken", "km"));
		await screenshot(page, "km-table-form-390", { fullPage: false });
		await page.getByTestId("table-number").fill("P1");
		await save();
		await form.waitFor({ state: "detached" });
		await bell.waitForState("P1", "free");
		expect(await bell.tile("P1").textContent()).toContain("រានហាល");
		// A new table comes after the others.
		expect(await page.locator('[data-testid^="bell-table-"][data-state]').last().getAttribute("data-testid")).toBe(
			"bell-table-P1",
		);

		const [download] = await Promise.all([page.waitForEvent("download"), page.getByTestId("bell-print").click()]);
		expect(download.suggestedFilename()).toBe("table-codes-1.pdf");
		const path = await download.path();
		const { readFileSync } = await import("node:fs");
		expect(readFileSync(path).subarray(0, 5).toString("latin1")).toBe("%PDF-");

		await screenshot(page, "km-bell-390");
		await page.setViewportSize({ width: 1024, height: 768 });
		await screenshot(page, "km-bell-1024");
		await context.close();

		const zh = await newPhone(browser, { locale: "zh-CN" });
		await openSignedIn(zh.page, DEMO_OWNER_MOBILE, MERCHANT_BELL_PATH);
		await new BellPage(zh.page).waitForState("P1", "free");
		await screenshot(zh.page, "zh-CN-bell-390");
		await zh.page.getByTestId("bell-table-A1").getByTestId("bell-edit").click();
		await zh.page.getByTestId("table-form").waitFor();
		await zh.page.waitForTimeout(400); // the sheet slides in
		await screenshot(zh.page, "zh-CN-table-form-390", { fullPage: false });
		await zh.page.keyboard.press("Escape");
		await zh.page.setViewportSize({ width: 1024, height: 768 });
		await screenshot(zh.page, "zh-CN-bell-1024");
		await zh.context.close();
	});
});
