import { formatMessage } from "@bayon/contract";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ScanPage, TablePage } from "./pages/table-pages";
import { launchBrowser, newPhone, screenshot } from "./support/browser";
import { apiCall, DEMO_OWNER_MOBILE, signInByApi } from "./support/http-api";

interface MerchantTable {
	id: number;
	number: string;
	seats: number;
	area: string | null;
	qrUrl: string;
}

/** Changes the last character of the token's signature: a forged code. */
function tamper(qrUrl: string): string {
	const url = new URL(qrUrl);
	const token = url.searchParams.get("token") ?? "";
	const last = token.at(-1) === "A" ? "B" : "A";
	url.searchParams.set("token", `${token.slice(0, -1)}${last}`);
	return url.toString();
}

async function stored(page: Page, key: string): Promise<unknown> {
	return JSON.parse((await page.evaluate((k) => localStorage.getItem(k), key)) ?? "null");
}

describe.sequential("ordering at a table", () => {
	let browser: Browser;
	let context: BrowserContext;
	let page: Page;
	let table: MerchantTable;

	beforeAll(async () => {
		// The QR codes are printed by the shop: its owner lists them.
		const token = await signInByApi(DEMO_OWNER_MOBILE);
		const tables = await apiCall<MerchantTable[]>("/merchant/tables?shopId=1", { token });
		const a3 = tables.find((t) => t.number === "A3");
		if (!a3) throw new Error("the demo shop has no table A3");
		table = a3;
		browser = await launchBrowser();
		({ context, page } = await newPhone(browser, { locale: "zh-CN" }));
	});

	afterAll(async () => {
		await context?.close();
		await browser?.close();
	});

	it("a table's QR code opens its page, sets the desk and switches to dine-in", async () => {
		expect(new URL(table.qrUrl).pathname).toBe("/pages/components/pages/scan/operate");
		await page.goto(table.qrUrl);
		const tablePage = new TablePage(page);
		await tablePage.name.waitFor();
		expect(await tablePage.name.textContent()).toBe("A3 号桌 · 室内 · 2 人座");
		expect(await page.getByTestId("table-mode").textContent()).toBe("已切换为堂食，在本桌点餐即可");

		expect(await page.evaluate(() => localStorage.getItem("orderType"))).toBe("desk");
		expect(await stored(page, "desk")).toMatchObject({
			shopId: 1,
			tableId: table.id,
			number: "A3",
			seats: 2,
			scanned: true,
			// The app keeps the seating's token, not the printed code (decision 009) …
			token: expect.stringMatching(/^s1-1-/),
		});
		// … and the printed code leaves the address bar and this tab's history.
		expect(new URL(page.url()).search).toBe("");
		await screenshot(page, "zh-CN-table");

		await tablePage.startOrdering();
		await page.waitForURL((url) => url.pathname === "/pages/menu/menu");
		await page.reload();
		expect(await page.evaluate(() => localStorage.getItem("orderType"))).toBe("desk");
	});

	it("a tampered code is refused with the server's message and a way to scan again", async () => {
		await page.goto(tamper(table.qrUrl));
		const tablePage = new TablePage(page);
		await tablePage.invalidMessage.waitFor();
		expect(await tablePage.invalidMessage.textContent()).toBe(formatMessage("tableInvalid", "zh-CN"));
		// The table scanned before stays the desk.
		expect(await stored(page, "desk")).toMatchObject({ tableId: table.id });

		await page.getByTestId("table-rescan").click();
		await page.waitForURL((url) => url.pathname === "/pages/components/pages/scan/scan");
	});

	it("without a usable camera, the scan page says so and takes a pasted code", async () => {
		const scan = await new ScanPage(page).open();
		await scan.cameraProblem.waitFor();

		await scan.enter("https://example.com/pages/components/pages/scan/operate?token=t1-1-1-1.xxxxxxxxxxxxxxxxxxxxxx");
		await scan.notTableCode.waitFor();
		expect(await scan.notTableCode.textContent()).toBe("这不是本店的桌码，请扫描餐桌上的二维码");
		expect(await scan.hasHorizontalScroll()).toBe(false);
		await screenshot(page, "zh-CN-scan");

		await scan.enter(table.qrUrl);
		const tablePage = new TablePage(page);
		await tablePage.name.waitFor();
		expect(await tablePage.name.textContent()).toBe("A3 号桌 · 室内 · 2 人座");
	});

	it("speaks the customer's language: Khmer table name, and the invalid-code message", async () => {
		const { context: kmContext, page: kmPage } = await newPhone(browser, { locale: "km" });
		await kmPage.goto(table.qrUrl);
		const tablePage = new TablePage(kmPage);
		await tablePage.name.waitFor();
		expect(await tablePage.name.textContent()).toBe("តុ A3 · ក្នុងហាង · 2 កៅអី");

		await kmPage.goto(tamper(table.qrUrl));
		await tablePage.invalidMessage.waitFor();
		expect(await tablePage.invalidMessage.textContent()).toBe(formatMessage("tableInvalid", "km"));
		await kmContext.close();
	});
});
