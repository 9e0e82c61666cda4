import { type DiscrepancyPage, type DiscrepancyView, Limits, type StatementRunsAnswer } from "@bayon/contract";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { Paths } from "../../../../lib/paths";
import { currentToast } from "../../../../lib/toast";
import { testMember } from "../../../../test/member-fixtures";
import { renderScreen } from "../../../../test/render";
import { PlatformGuard } from "../../../merchant-wallet/platform/platform-guard";
import { operator, platformServer, startAs } from "../../../merchant-wallet/platform/platform-testing";
import PaymentDiscrepanciesScreen, { railMoney } from "./discrepancies-screen";

const LIST = "/platform/payments/discrepancies";
const RESOLVE = "/platform/payments/discrepancies/resolve";
const RUNS = "/platform/payments/statement-runs";

beforeEach(() => startAs(operator));
afterEach(() => vi.unstubAllGlobals());

function difference(extra: Partial<DiscrepancyView> = {}): DiscrepancyView {
	return {
		id: 7,
		rail: "wechat",
		kind: "amount_differs",
		paymentId: "0f01e66b-91ab-467d-8fc2-3e41bdb94c20",
		purpose: "order",
		purposeId: 31,
		railTradeNo: "4200001234202612070001",
		statementDate: "2026-12-07",
		ourAmount: 2000,
		railAmount: 2100,
		currency: "CNY",
		detail: { ourCurrency: "CNY", railCurrency: "CNY" },
		// 11:05 in Beijing.
		foundAt: "2026-12-08T03:05:00.000Z",
		resolvedAt: null,
		resolvedBy: null,
		resolutionNote: null,
		...extra,
	};
}

const page = (list: DiscrepancyView[]): DiscrepancyPage => ({ list, total: list.length, page: 1, pageSize: 20 });

const runs: StatementRunsAnswer = {
	rails: [
		{
			rail: "wechat",
			enabled: true,
			timeZone: "Asia/Shanghai",
			runs: [
				{
					statementDate: "2026-12-07",
					status: "done",
					ourCount: 6,
					railCount: 7,
					differences: 6,
					lastError: null,
					startedAt: "2026-12-08T03:00:00.000Z",
					finishedAt: "2026-12-08T03:00:02.000Z",
				},
			],
		},
		{
			rail: "alipay",
			enabled: true,
			timeZone: "Asia/Shanghai",
			runs: [
				{
					statementDate: "2026-12-07",
					status: "failed",
					ourCount: 0,
					railCount: 0,
					differences: 0,
					lastError: "bill not ready: try later",
					startedAt: "2026-12-08T03:00:00.000Z",
					finishedAt: "2026-12-08T03:00:01.000Z",
				},
			],
		},
	],
};

function open(url: string = Paths.platformPaymentDiscrepancies) {
	renderScreen(<PlatformGuard>{() => <PaymentDiscrepanciesScreen />}</PlatformGuard>, {
		path: Paths.platformPaymentDiscrepancies,
		url,
	});
	return screen.findByTestId("payment-discrepancies");
}

describe("the operator's payment differences", () => {
	it("reads each difference: what kind, which payment for what, our amount against the rail's, the day and when found", async () => {
		platformServer(operator, { [LIST]: { code: 0, data: page([difference()]) }, [RUNS]: { code: 0, data: runs } });
		await open();
		const row = await screen.findByTestId("discrepancy-7");
		expect(within(row).getByText("#7 · Amount differs")).toBeTruthy();
		expect(screen.getByTestId("discrepancy-7-ours").textContent).toBe("CNY 20.00");
		expect(screen.getByTestId("discrepancy-7-rails").textContent).toBe("CNY 21.00");
		expect(row.textContent).toContain("0f01e66b-91ab-467d-8fc2-3e41bdb94c20");
		expect(row.textContent).toContain("Order #31");
		expect(row.textContent).toContain("4200001234202612070001");
		expect(row.textContent).toContain("Statement of 2026-12-07");
		expect(row.textContent).toContain("Found 2026-12-08 11:05");
		// The statement runs: done with their counts, a failure with its reason.
		expect((await screen.findByTestId("statement-run-wechat-2026-12-07")).textContent).toContain(
			"6 ours · 7 on the statement · 6 differences",
		);
		expect(screen.getByTestId("statement-run-alipay-2026-12-07").textContent).toContain(
			"Why: bill not ready: try later",
		);
	});

	it("explains a status that differs in the reader's words", async () => {
		platformServer(operator, {
			[LIST]: {
				code: 0,
				data: page([difference({ kind: "status_differs", detail: { ourStatus: "pending", railStatus: "succeeded" } })]),
			},
			[RUNS]: { code: 0, data: runs },
		});
		await open();
		expect((await screen.findByTestId("discrepancy-7")).textContent).toContain("the rail says paid, we say pending");
	});

	it("shows the empty list of each tab, and asks for the tab and rail chosen", async () => {
		const server = platformServer(operator, {
			[LIST]: { code: 0, data: page([]) },
			[RUNS]: { code: 0, data: { rails: [] } },
		});
		await open();
		expect((await screen.findByTestId("state-empty")).textContent).toContain("No open differences");
		expect(screen.getByTestId("statement-runs").textContent).toContain("No payment rail is set up");
		fireEvent.click(screen.getByTestId("discrepancies-rail-khqr"));
		fireEvent.click(screen.getByTestId("discrepancies-tab-resolved"));
		expect((await screen.findByText("Nothing resolved yet")).textContent).toBe("Nothing resolved yet");
		const last = server.to(LIST).at(-1);
		expect(last?.query.get("status")).toBe("resolved");
		expect(last?.query.get("rail")).toBe("khqr");
	});

	it("shows a list that cannot be read with a retry", async () => {
		platformServer(operator, { [LIST]: { code: 0, data: null, status: 502 }, [RUNS]: { code: 0, data: runs } });
		await open();
		expect(await screen.findByTestId("state-error")).toBeTruthy();
		expect(screen.getByTestId("retry")).toBeTruthy();
	});

	it("resolves one with a note (none is refused before sending), and the list shows it resolved", async () => {
		let resolved: DiscrepancyView | null = null;
		const server = platformServer(operator, {
			[LIST]: () => ({ code: 0, data: page([resolved ?? difference()]) }),
			[RUNS]: { code: 0, data: runs },
			[`POST ${RESOLVE}`]: (call) => {
				const body = call.body as { id: number; note: string };
				resolved = difference({
					resolvedAt: "2026-12-08T03:30:00.000Z",
					resolvedBy: { id: 9, name: "Vanna" },
					resolutionNote: body.note,
				});
				return { code: 0, data: resolved };
			},
		});
		await open();
		fireEvent.click(await screen.findByTestId("discrepancy-7-resolve"));
		fireEvent.click(await screen.findByTestId("discrepancy-resolve-submit"));
		expect((await screen.findByTestId("discrepancy-resolve-error")).textContent).toBe("Write what was found and done");
		expect(server.to(RESOLVE, "POST")).toEqual([]);
		// A second tap within the debounce is ignored by design.
		await new Promise((resolve) => setTimeout(resolve, Limits.debounceMs + 50));
		fireEvent.input(screen.getByTestId("discrepancy-resolve-note"), {
			target: { value: "WeChat support: their bill was corrected" },
		});
		fireEvent.click(screen.getByTestId("discrepancy-resolve-submit"));
		await waitFor(() => expect(currentToast()?.text).toBe("Difference #7 marked resolved"));
		expect(server.to(RESOLVE, "POST").map((call) => call.body)).toEqual([
			{ id: 7, note: "WeChat support: their bill was corrected" },
		]);
		expect((await screen.findByTestId("discrepancy-7-resolved")).textContent).toBe(
			"Resolved by Vanna at 2026-12-08 11:30Note: WeChat support: their bill was corrected",
		);
	});

	it("says who resolved it when another operator was first, in the server's words", async () => {
		platformServer(operator, {
			[LIST]: { code: 0, data: page([difference()]) },
			[RUNS]: { code: 0, data: runs },
			[`POST ${RESOLVE}`]: {
				code: 1_008_029_150,
				msg: "Sokha has already resolved this difference: nothing more to do",
				data: difference({ resolvedAt: "2026-12-08T03:10:00.000Z", resolvedBy: { id: 3, name: "Sokha" } }),
			},
		});
		await open();
		fireEvent.click(await screen.findByTestId("discrepancy-7-resolve"));
		fireEvent.input(await screen.findByTestId("discrepancy-resolve-note"), { target: { value: "checked" } });
		fireEvent.click(screen.getByTestId("discrepancy-resolve-submit"));
		expect((await screen.findByTestId("discrepancy-resolve-error")).textContent).toBe(
			"Sokha has already resolved this difference: nothing more to do",
		);
	});

	it("is refused to a member who is not an operator, behind the platform guard, and asks nothing", async () => {
		const member = testMember();
		await startAs(member);
		const server = platformServer(member, { [LIST]: { code: 0, data: page([]) } });
		renderScreen(<PlatformGuard>{() => <PaymentDiscrepanciesScreen />}</PlatformGuard>, {
			path: Paths.platformPaymentDiscrepancies,
		});
		await screen.findByTestId("platform-only");
		expect(server.to(LIST)).toEqual([]);
	});
});

describe("railMoney", () => {
	it("writes minor units exactly with the currency's decimals", () => {
		expect(railMoney(123_450, "CNY")).toBe("CNY 1,234.50");
		expect(railMoney(-5, "USD")).toBe("USD -0.05");
		expect(railMoney(9_007_199_254_740_991, "KHR")).toBe("KHR 90,071,992,547,409.91");
	});
});
