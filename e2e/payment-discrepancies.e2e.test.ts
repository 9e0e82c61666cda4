import type { DiscrepancyPage, DiscrepancyView, StatementRunsAnswer } from "@bayon/contract";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser, newPhone, screenshot, settleAnimations } from "./support/browser";
import { openSignedIn } from "./support/http-api";

/**
 * Issue 29 item 8: the platform operator's "Payment differences" page, reached from "mine". Its
 * own states against the real server first (nothing flagged, no rail set up on the browser tests'
 * server); then how a full page reads at 390 and 1024 px in zh-CN and km. The server of the browser
 * tests talks to no rail, so no statement can be reconciled there: for the full page the two
 * lists are answered in the browser with differences as the reconciliation writes them (the API
 * and the job are tested against the real database in statements.test.ts).
 */

const PATH = "/pages/platform/payment-discrepancies";
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

function difference(extra: Partial<DiscrepancyView>): DiscrepancyView {
	return {
		id: 1,
		rail: "wechat",
		kind: "amount_differs",
		paymentId: "0f01e66b-91ab-467d-8fc2-3e41bdb94c20",
		purpose: "order",
		purposeId: 1042,
		railTradeNo: "4200001234202612070001",
		statementDate: "2026-12-07",
		ourAmount: 2000,
		railAmount: 2100,
		currency: "CNY",
		detail: {},
		foundAt: "2026-12-08T03:05:00.000Z",
		resolvedAt: null,
		resolvedBy: null,
		resolutionNote: null,
		...extra,
	};
}

const differences: DiscrepancyView[] = [
	difference({ id: 14 }),
	difference({
		id: 13,
		kind: "missing_at_rail",
		paymentId: "9551279d-5df6-464a-b063-d6640c3cb4f9",
		purpose: "recharge",
		purposeId: 88,
		ourAmount: 30_000,
		railAmount: null,
	}),
	difference({
		id: 12,
		rail: "khqr",
		kind: "status_differs",
		paymentId: "5b0c1f7e-1d38-4c55-9a55-0bd1c2b4a1de",
		purpose: "booking",
		purposeId: 7,
		railTradeNo: "c3f1e0a9b2d44f6e8a7b5c4d3e2f1a0b",
		ourAmount: 41_000,
		railAmount: 41_000,
		currency: "KHR",
		detail: { ourStatus: "pending", railStatus: "succeeded" },
	}),
	difference({
		id: 11,
		kind: "missing_here",
		paymentId: null,
		purpose: null,
		purposeId: null,
		railTradeNo: "4200009999202612070077",
		ourAmount: null,
		railAmount: 777,
	}),
];

const runs: StatementRunsAnswer = {
	rails: [
		{
			rail: "wechat",
			enabled: true,
			timeZone: "Asia/Shanghai",
			runs: ["2026-12-07", "2026-12-06", "2026-12-05"].map((statementDate, n) => ({
				statementDate,
				status: "done" as const,
				ourCount: 120 - n * 7,
				railCount: 121 - n * 7,
				differences: n === 0 ? 3 : 0,
				lastError: null,
				startedAt: "2026-12-08T03:00:00.000Z",
				finishedAt: "2026-12-08T03:00:04.000Z",
			})),
		},
		{
			rail: "khqr",
			enabled: true,
			timeZone: "Asia/Phnom_Penh",
			runs: [
				{
					statementDate: "2026-12-07",
					status: "failed",
					ourCount: 0,
					railCount: 0,
					differences: 0,
					lastError: "Bakong answered 503 Service Unavailable",
					startedAt: "2026-12-08T03:00:00.000Z",
					finishedAt: "2026-12-08T03:00:31.000Z",
				},
			],
		},
	],
};

/** The two lists answered with the differences above; everything else (sign-in, the guard) is the real server. */
async function answerLists(page: Page): Promise<void> {
	await page.route(/\/app-api\/platform\/payments\/discrepancies(\?|$)/, (route) =>
		route.fulfill({
			contentType: "application/json",
			body: JSON.stringify({
				code: 0,
				msg: "",
				data: { list: differences, total: differences.length, page: 1, pageSize: 20 } satisfies DiscrepancyPage,
			}),
		}),
	);
	await page.route(/\/app-api\/platform\/payments\/statement-runs(\?|$)/, (route) =>
		route.fulfill({ contentType: "application/json", body: JSON.stringify({ code: 0, msg: "", data: runs }) }),
	);
}

describe("payment differences", () => {
	it("is linked from mine for the operator, and says so when nothing differs and no rail is set up", async () => {
		const page = await phone("zh-CN");
		await openSignedIn(page, OPERATOR_MOBILE, MINE);
		await page.getByTestId("link-platform-payment-discrepancies").click();
		await page.getByTestId("payment-discrepancies").waitFor();
		expect(page.url()).toContain(PATH);
		await page.getByTestId("state-empty").waitFor();
		expect(await page.getByTestId("state-empty").textContent()).toContain("没有待处理的差异");
		// The runs come by their own call: wait for them.
		await page.getByTestId("statement-runs").filter({ hasText: "还没有设置支付渠道" }).waitFor();
		await settleAnimations(page);
		await screenshot(page, "payment-discrepancies-empty-390-zh-CN");
	});

	for (const locale of ["zh-CN", "km"])
		for (const width of [390, 1024])
			it(`reads each difference and the statement runs at ${width} px in ${locale}`, async () => {
				const page = await phone(locale, width, width === 390 ? 844 : 768);
				await answerLists(page);
				await openSignedIn(page, OPERATOR_MOBILE, PATH);
				await page.getByTestId("discrepancy-14").waitFor();
				await page.getByTestId("statement-run-khqr-2026-12-07").waitFor();
				expect(await page.getByTestId("discrepancy-14-ours").textContent()).toBe("CNY 20.00");
				expect(await page.getByTestId("discrepancy-14-rails").textContent()).toBe("CNY 21.00");
				expect(await page.getByTestId("discrepancy-12-ours").textContent()).toBe("KHR 410.00");
				// Nothing runs off the screen's side.
				const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
				expect(overflow).toBeLessThanOrEqual(0);
				if (width === 1024) {
					// At a desk the runs stand beside the list.
					const list = await page.getByTestId("discrepancies-list").boundingBox();
					const side = await page.getByTestId("statement-runs").boundingBox();
					expect(side && list && side.x > list.x + list.width - 1).toBe(true);
				}
				await settleAnimations(page);
				await screenshot(page, `payment-discrepancies-${width}-${locale}`);
				if (width === 390) {
					await page.getByTestId("discrepancy-14-resolve").click();
					await page.getByTestId("discrepancy-resolve-sheet").waitFor();
					await page.getByTestId("discrepancy-resolve-submit").click();
					await page.getByTestId("discrepancy-resolve-error").waitFor();
					await settleAnimations(page);
					await screenshot(page, `payment-discrepancies-resolve-390-${locale}`, { fullPage: false });
				}
			});
});
