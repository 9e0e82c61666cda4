import type { RefundTransferList, RefundTransferView } from "@bayon/contract";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser, newPhone, screenshot, settleAnimations } from "./support/browser";
import { openSignedIn } from "./support/http-api";

/**
 * Issue 29 item 3: the platform operator's "KHQR refunds to transfer" page, reached from "mine".
 * Its empty state against the real server first (no KHQR is set up on the browser tests' server);
 * then how a full page reads at 390 and 1024 px in zh-CN and km, the list answered in the browser
 * with refunds as the API gives them (the API is tested against the real database and a fake
 * Bakong in payments/transfers/transfers.test.ts).
 */

const PATH = "/pages/platform/refund-transfers";
const MINE = "/pages/mine/mine";
/** The demo platform operator (README). */
const OPERATOR_MOBILE = "13800000009";

let browser: Browser;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
	browser = await launchBrowser();
});

afterAll(async () => {
	for (const context of contexts) await context.close();
	await browser?.close();
});

async function phone(locale: string, width = 390, height = 844): Promise<Page> {
	const { context, page } = await newPhone(browser, { locale, width, height });
	contexts.push(context);
	return page;
}

function refund(extra: Partial<RefundTransferView>): RefundTransferView {
	return {
		refundId: "6f1c2b9e-4a1d-4c36-9a51-0f2d7f3b8e11",
		status: "awaiting_transfer",
		purpose: "order",
		purposeId: 1042,
		amount: 1250,
		currency: "USD",
		railAmount: 1250,
		railCurrency: "USD",
		payerMobile: "138****0003",
		bakongHash: "8465d722d7d5065f2886b0a9d7a1fd3e5c7b2a91e0f4d6c8b3a2e1f0d9c8b7a6",
		payerAccount: "dara_sok@aclb",
		createdAt: "2026-12-07T05:00:00.000Z",
		reference: null,
		recordedAt: null,
		recordedBy: null,
		...extra,
	};
}

const list: RefundTransferList = {
	awaiting: [
		refund({}),
		refund({
			refundId: "0a7d3c21-5e6f-4b8a-9c0d-1e2f3a4b5c6d",
			purpose: "booking",
			purposeId: 7,
			amount: 1000,
			railAmount: 41_000,
			railCurrency: "KHR",
			payerMobile: "139****0042",
			payerAccount: null,
			createdAt: "2026-12-07T06:30:00.000Z",
		}),
	],
	recorded: [
		refund({
			refundId: "9b8a7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d",
			status: "succeeded",
			purposeId: 1001,
			amount: 480,
			railAmount: 480,
			payerMobile: "138****0007",
			payerAccount: null,
			reference: "ABA-778899",
			recordedAt: "2026-12-06T09:15:00.000Z",
			recordedBy: "Vanna",
		}),
	],
};

async function answerList(page: Page): Promise<void> {
	await page.route(/\/app-api\/platform\/payments\/refund-transfers(\?|$)/, (route) =>
		route.fulfill({ contentType: "application/json", body: JSON.stringify({ code: 0, msg: "", data: list }) }),
	);
}

describe("KHQR refunds to transfer", () => {
	it("is linked from mine for the operator, and says so when nothing waits", async () => {
		const page = await phone("zh-CN");
		await openSignedIn(page, OPERATOR_MOBILE, MINE);
		await page.getByTestId("link-platform-refund-transfers").click();
		await page.getByTestId("refund-transfers").waitFor();
		expect(page.url()).toContain(PATH);
		expect(await page.getByTestId("refund-transfers").textContent()).toContain("没有待转账的退款");
		await settleAnimations(page);
		await screenshot(page, "refund-transfers-empty-390-zh-CN");
	});

	for (const locale of ["zh-CN", "km"])
		for (const width of [390, 1024])
			it(`reads what to send where at ${width} px in ${locale}`, async () => {
				const page = await phone(locale, width, width === 390 ? 844 : 768);
				await answerList(page);
				await openSignedIn(page, OPERATOR_MOBILE, PATH);
				const riel = page.getByTestId("refund-transfer-0a7d3c21-5e6f-4b8a-9c0d-1e2f3a4b5c6d");
				await riel.waitFor();
				expect(await riel.getByTestId("refund-transfer-amount").textContent()).toBe("41,000៛");
				expect(
					await page
						.getByTestId("refund-transfer-6f1c2b9e-4a1d-4c36-9a51-0f2d7f3b8e11")
						.getByTestId("refund-transfer-amount")
						.textContent(),
				).toBe("$12.50");
				// Nothing runs off the screen's side (the long Bakong hash wraps).
				const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
				expect(overflow).toBeLessThanOrEqual(0);
				await settleAnimations(page);
				await screenshot(page, `refund-transfers-${width}-${locale}`);
				if (width === 390) {
					await riel.getByTestId("refund-transfer-record").click();
					await page.getByTestId("refund-transfer-record-sheet").waitFor();
					await page.getByTestId("refund-transfer-record-save").click();
					await page.getByTestId("refund-transfer-reference-error").waitFor();
					await settleAnimations(page);
					await screenshot(page, `refund-transfers-record-390-${locale}`, { fullPage: false });
				}
			});
});
