import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { applyLanguage } from "../../../lib/i18n";
import { liveClient } from "../../../lib/live-updates";
import { Paths, withQuery } from "../../../lib/paths";
import { currentToast } from "../../../lib/toast";
import { type FakeWebSocket, fakeWebSockets } from "../../../test/fake-live-server";
import { usdConfig } from "../../../test/ordering-fixtures";
import { renderScreen } from "../../../test/render";
import WalletScreen from "./wallet-screen";
import {
	dailyDays,
	shopMember,
	startAs,
	statementLine,
	statementPage,
	type WalletAnswer,
	type WalletCall,
	walletServer,
	walletSummary,
} from "./wallet-testing";

const owner = shopMember("owner");

/**
 * Two statement pages in Phnom Penh time (UTC+7). Line 28 was written at 18:30 UTC on the 23rd,
 * which is already 01:30 on the 24th in the shop: it belongs to the 24th. The 23rd spans both
 * pages: its lines are one day, its net the server's figure for the whole day.
 */
function pagedStatement(call: WalletCall) {
	if (call.query.get("cursor") === "27")
		return statementPage(
			[
				statementLine(26, {
					kind: "withdrawal",
					amount: 0,
					availableChange: -5_000,
					pendingChange: 0,
					withdrawingChange: 5_000,
					orderId: null,
					orderNo: null,
					withdrawalId: 41,
					createdAt: "2026-11-23T02:00:00.000Z",
				}),
				statementLine(20, { amount: 500, pendingChange: 500, createdAt: "2026-11-20T04:00:00.000Z" }),
			],
			null,
			[
				{ date: "2026-11-23", net: 1_500 },
				{ date: "2026-11-20", net: 500 },
			],
		);
	return statementPage(
		[
			statementLine(30, { kind: "refund", amount: -800, pendingChange: -800, createdAt: "2026-11-24T10:00:00.000Z" }),
			statementLine(29, {
				kind: "commission",
				amount: -25,
				availableChange: -25,
				pendingChange: 0,
				createdAt: "2026-11-24T03:00:00.000Z",
			}),
			statementLine(28, {
				kind: "settled",
				amount: 0,
				availableChange: 1_000,
				pendingChange: -1_000,
				createdAt: "2026-11-23T18:30:00.000Z",
			}),
			statementLine(27, { createdAt: "2026-11-23T09:00:00.000Z" }),
		],
		"27",
		[
			{ date: "2026-11-24", net: -825 },
			{ date: "2026-11-23", net: 1_500 },
		],
	);
}

function serve(answers: Record<string, WalletAnswer> = {}) {
	return walletServer(owner, {
		"/merchant/wallet": { code: 0, data: walletSummary() },
		"/merchant/wallet/statement": pagedStatement,
		"/merchant/wallet/daily": { code: 0, data: { days: dailyDays({ "2026-11-23": 1_500, "2026-11-24": -825 }) } },
		...answers,
	});
}

function openPage(url: string = Paths.merchantWallet) {
	return renderScreen(<WalletScreen />, {
		path: Paths.merchantWallet,
		url,
		otherPaths: [Paths.merchantOrderDetail, Paths.merchantCash, Paths.merchantCashAccount, Paths.merchantWithdrawal],
	});
}

const location = (router: ReturnType<typeof openPage>["router"]) =>
	`${router.state.location.pathname}${router.state.location.search}`;

beforeEach(async () => {
	// The shop's today is 24 November (15:00 in Phnom Penh): the date filter ends there.
	vi.useFakeTimers({ toFake: ["Date"] });
	vi.setSystemTime(new Date("2026-11-24T08:00:00.000Z"));
	await startAs(owner);
});

afterEach(() => {
	liveClient.stop();
	vi.useRealTimers();
});

describe("merchant/wallet: the amounts", () => {
	it("shows what may be withdrawn, pending and in withdrawal, today's and this month's net, the terms, and the ways to withdraw", async () => {
		serve();
		const { router } = openPage();
		expect((await screen.findByTestId("wallet-withdrawable")).textContent).toBe("$125.50");
		expect(screen.getByTestId("wallet-pending").textContent).toBe("$42.00");
		expect(screen.getByTestId("wallet-withdrawing").textContent).toBe("$50.00");
		expect(screen.getByTestId("wallet-today").textContent).toBe("+$31.50");
		expect(screen.getByTestId("wallet-month").textContent).toBe("+$480.00");
		expect(screen.queryByTestId("wallet-owed")).toBeNull();
		expect(screen.getByTestId("wallet-terms").textContent).toBe(
			"Order earnings become available 1 day after the order is completed; the platform's commission is 2.5% of each order.",
		);
		expect(screen.getByTestId("wallet-terms-withdraw").textContent).toBe(
			"Withdraw at least $10.00 at a time; it arrives within 10 working days.",
		);
		expect(screen.getByTestId("wallet-withdraw").getAttribute("href")).toBe(Paths.merchantCash);
		expect(screen.getByTestId("wallet-accounts").getAttribute("href")).toBe(Paths.merchantCashAccount);
		fireEvent.click(screen.getByTestId("wallet-withdrawals"));
		expect(location(router)).toBe(Paths.merchantWithdrawal);
	});

	it("says plainly what the shop owes and that the next settled earnings pay it back", async () => {
		serve({
			"/merchant/wallet": {
				code: 0,
				data: walletSummary({ available: -2_300, withdrawable: 0, owed: 2_300, holdHours: 0, commissionBps: 0 }),
			},
		});
		openPage();
		expect((await screen.findByTestId("wallet-owed")).textContent).toBe(
			"You owe $23.00: the next settled earnings pay it back first.",
		);
		expect(screen.getByTestId("wallet-withdrawable").textContent).toBe("$0.00");
		expect(screen.getByTestId("wallet-terms").textContent).toBe(
			"Order earnings become available as soon as the order is completed; the platform takes no commission.",
		);
	});

	it("shows the second display currency under each amount, and reads in Chinese and Khmer", async () => {
		const riel = { code: "KHR", symbol: "៛", rate: 4100, roundTo: 100, symbolPosition: "after" as const };
		serve({
			"/system/config": { code: 0, data: { ...usdConfig, currency: { ...usdConfig.currency, second: riel } } },
			"/merchant/wallet": { code: 0, data: walletSummary({ owed: 2_300, holdHours: 36 }) },
		});
		openPage();
		// $125.50 × 4100 = 514,550 riel, rounded to the 100 riel: 514,600.
		await waitFor(() => expect(screen.getByTestId("wallet-withdrawable-second").textContent).toBe("514,600៛"));
		expect(screen.getByTestId("wallet-pending-second").textContent).toBe("172,200៛");

		await applyLanguage("zh-CN");
		await waitFor(() =>
			expect(screen.getByTestId("wallet-terms").textContent).toBe(
				"订单完成 36 小时后，收入转为可提现；平台佣金为每笔订单的 2.5%。",
			),
		);
		expect(screen.getByTestId("wallet-owed").textContent).toBe("您欠平台 $23.00：之后结算的收入会先用来还清。");
		expect(screen.getByTestId("wallet-withdraw").textContent).toBe("提现");
		expect(within(screen.getByTestId("wallet-day-2026-11-24")).getByRole("heading").textContent).toContain(
			"2026年11月24日",
		);

		await applyLanguage("km");
		await waitFor(() => expect(screen.getByTestId("wallet-withdraw").textContent).toBe("ដកប្រាក់"));
		expect(screen.getByTestId("wallet-owed").textContent).toContain("អ្នកជំពាក់ $23.00");
		expect(within(screen.getByTestId("wallet-day-2026-11-24")).getByRole("heading").textContent).toContain(
			"24 វិច្ឆិកា 2026",
		);
	});

	it("tells a manager the wallet is the owner's, and asks nothing", async () => {
		const manager = shopMember("manager");
		await startAs(manager);
		const server = walletServer(manager, {});
		openPage();
		expect((await screen.findByTestId("wallet-not-allowed")).textContent).toBe(
			"Only the shop owner can see the wallet and withdraw money.",
		);
		expect(server.calls.filter((call) => call.path.startsWith("/merchant/wallet"))).toEqual([]);
	});

	it("shows a load failure with a retry", async () => {
		let fail = true;
		serve({
			"/merchant/wallet": () => (fail ? { code: 500, msg: "Server busy" } : { code: 0, data: walletSummary() }),
		});
		openPage();
		expect((await screen.findByTestId("state-error")).textContent).toContain("Server busy");
		fail = false;
		fireEvent.click(screen.getByTestId("retry"));
		expect((await screen.findByTestId("wallet-withdrawable")).textContent).toBe("$125.50");
	});
});

describe("merchant/wallet: the 30-day chart", () => {
	it("draws a bar per day with money, a losing day below the axis, and gives the figures in words and a table", async () => {
		serve();
		openPage();
		const chart = await screen.findByTestId("wallet-chart");
		expect(screen.getByTestId("wallet-chart-summary").textContent).toBe(
			"30-day total +$6.75 · best day Nov 23, 2026: +$15.00",
		);
		const svg = within(chart).getByTestId("wallet-chart-svg");
		expect(svg.getAttribute("role")).toBe("img");
		expect(svg.querySelector("title")?.textContent).toBe("Daily net, last 30 days");
		expect(svg.querySelector("desc")?.textContent).toBe(screen.getByTestId("wallet-chart-summary").textContent);
		expect(svg.querySelectorAll("rect")).toHaveLength(2);

		const axis = Number(within(chart).getByTestId("wallet-chart-axis").getAttribute("y1"));
		const gain = within(chart).getByTestId("wallet-chart-bar-2026-11-23");
		const loss = within(chart).getByTestId("wallet-chart-bar-2026-11-24");
		expect(Number(gain.getAttribute("y")) + Number(gain.getAttribute("height"))).toBeCloseTo(axis);
		expect(Number(loss.getAttribute("y"))).toBeCloseTo(axis);
		expect(loss.getAttribute("class")).toContain("is-out");
		expect(loss.querySelector("title")?.textContent).toBe("Nov 24, 2026: -$8.25");

		const figures = screen.getByTestId("wallet-chart-figures");
		expect(figures.className).toBe("visually-hidden");
		expect(within(figures).getAllByRole("row")).toHaveLength(31);
		expect(screen.getByTestId("wallet-figure-2026-11-23").textContent).toBe("Nov 23, 2026+$15.00");
		fireEvent.click(screen.getByTestId("wallet-chart-toggle"));
		expect(figures.className).toBe("wallet-figures");
		expect(screen.getByTestId("wallet-chart-toggle").getAttribute("aria-expanded")).toBe("true");
	});

	it("says when the last 30 days earned nothing", async () => {
		serve({ "/merchant/wallet/daily": { code: 0, data: { days: dailyDays() } } });
		openPage();
		expect((await screen.findByTestId("wallet-chart-summary")).textContent).toBe("No earnings in the last 30 days");
		expect(screen.getByTestId("wallet-chart-svg").querySelectorAll("rect")).toHaveLength(0);
	});
});

describe("merchant/wallet: the statement", () => {
	it("groups the lines by the shop's local day with the server's day totals, page after page by cursor", async () => {
		const server = serve();
		const { router } = openPage();
		await screen.findByTestId("wallet-line-20");
		expect(server.to("/merchant/wallet/statement").map((call) => Object.fromEntries(call.query))).toEqual([
			{ shopId: "1", pageSize: "20" },
			{ shopId: "1", pageSize: "20", cursor: "27" },
		]);
		expect(screen.getByTestId("wallet-statement-end").textContent).toBe("No more movements");

		const days = within(screen.getByTestId("wallet-days")).getAllByRole("heading", { level: 3 });
		expect(days.map((day) => day.textContent)).toEqual([
			"Nov 24, 2026Net -$8.25",
			"Nov 23, 2026Net +$15.00",
			"Nov 20, 2026Net +$5.00",
		]);
		const lineIds = (date: string) =>
			within(screen.getByTestId(`wallet-day-${date}`))
				.getAllByRole("listitem")
				.map((item) => item.dataset.testid);
		expect(lineIds("2026-11-24")).toEqual(["wallet-line-30", "wallet-line-29", "wallet-line-28"]);
		expect(lineIds("2026-11-23")).toEqual(["wallet-line-27", "wallet-line-26"]);
		expect(screen.getByTestId("wallet-day-2026-11-24-net").className).toContain("is-out");

		const refund = screen.getByTestId("wallet-line-30");
		expect(refund.textContent).toContain("Refund");
		expect(refund.querySelector("time")?.textContent).toBe("17:00");
		expect(within(refund).getByTestId("wallet-line-amount").textContent).toBe("-$8.00");
		expect(within(refund).getByTestId("wallet-line-amount").className).toContain("is-out");
		expect(within(refund).getByTestId("wallet-line-buckets").textContent).toBe("Pending -$8.00");

		const settled = screen.getByTestId("wallet-line-28");
		expect(settled.textContent).toContain("Settled to available");
		expect(settled.querySelector("time")?.textContent).toBe("01:30");
		expect(within(settled).getByTestId("wallet-line-amount").textContent).toBe("$10.00");
		expect(within(settled).getByTestId("wallet-line-amount").className).toContain("is-move");
		expect(
			[...within(settled).getByTestId("wallet-line-buckets").children].map((bucket) => bucket.textContent),
		).toEqual(["Available +$10.00", "Pending -$10.00"]);

		const earned = screen.getByTestId("wallet-line-27");
		expect(within(earned).getByTestId("wallet-line-amount").textContent).toBe("+$10.00");
		expect(within(earned).getByTestId("wallet-line-amount").className).toContain("is-in");

		const withdrawal = screen.getByTestId("wallet-line-26");
		expect(withdrawal.textContent).toContain("Withdrawal requested");
		expect(within(withdrawal).getByTestId("wallet-line-withdrawal").textContent).toBe("Withdrawal #41");
		expect(within(withdrawal).getByTestId("wallet-line-buckets").textContent).toBe(
			"Available -$50.00In withdrawal +$50.00",
		);

		fireEvent.click(within(refund).getByTestId("wallet-line-order"));
		expect(location(router)).toBe(withQuery(Paths.merchantOrderDetail, { id: 730 }));
	});

	it("offers more by a button while the server names a cursor, when the list's end is not in view", async () => {
		// A long page: the end of the list is far below the window, so nothing loads by itself.
		const root = document.scrollingElement ?? document.documentElement;
		vi.spyOn(root, "scrollHeight", "get").mockReturnValue(5_000);
		vi.spyOn(window, "innerHeight", "get").mockReturnValue(600);
		const server = serve();
		openPage();
		await screen.findByTestId("wallet-line-27");
		expect(server.to("/merchant/wallet/statement")).toHaveLength(1);
		expect(screen.queryByTestId("wallet-line-20")).toBeNull();
		fireEvent.click(within(screen.getByTestId("wallet-statement-end")).getByTestId("wallet-more"));
		await screen.findByTestId("wallet-line-20");
		expect(server.to("/merchant/wallet/statement").map((call) => call.query.get("cursor"))).toEqual([null, "27"]);
		expect(screen.queryByTestId("wallet-more")).toBeNull();
	});

	it("asks for the chosen dates, keeps them in the address, and goes back to all dates", async () => {
		const server = serve();
		const { router } = openPage();
		await screen.findByTestId("wallet-line-20");
		const pick = async (picker: string, value: number) => {
			fireEvent.click(screen.getByTestId(picker));
			fireEvent.click(await screen.findByTestId(`${picker}-option-${value}`));
		};
		await pick("wallet-from-year", 2026);
		await pick("wallet-from-month", 11);
		await pick("wallet-from-day", 20);
		await waitFor(() => expect(server.to("/merchant/wallet/statement").at(-1)?.query.get("from")).toBe("2026-11-20"));
		expect(server.to("/merchant/wallet/statement").at(-1)?.query.has("to")).toBe(false);

		await pick("wallet-to-year", 2026);
		await pick("wallet-to-month", 11);
		await pick("wallet-to-day", 23);
		await waitFor(() => expect(server.to("/merchant/wallet/statement").at(-1)?.query.get("to")).toBe("2026-11-23"));
		expect(Object.fromEntries(server.to("/merchant/wallet/statement").at(-1)?.query ?? [])).toEqual({
			shopId: "1",
			from: "2026-11-20",
			to: "2026-11-23",
			pageSize: "20",
		});
		expect(location(router)).toBe(`${Paths.merchantWallet}?from=2026-11-20&to=2026-11-23`);

		fireEvent.click(screen.getByTestId("wallet-range-all"));
		await waitFor(() => expect(location(router)).toBe(Paths.merchantWallet));
		expect(screen.getByTestId("wallet-from").dataset.value).toBe("");
		expect(screen.queryByTestId("wallet-range-all")).toBeNull();
	});

	it("opens with the dates of the address", async () => {
		const server = serve({
			"/merchant/wallet/statement": statementPage([], null, []),
		});
		openPage(`${Paths.merchantWallet}?from=2026-11-01&to=2026-11-10`);
		expect((await screen.findByTestId("state-empty")).textContent).toContain("No money movements on these dates");
		expect(server.to("/merchant/wallet/statement")[0]?.query.get("from")).toBe("2026-11-01");
		expect(server.to("/merchant/wallet/statement")[0]?.query.get("to")).toBe("2026-11-10");
		expect(screen.getByTestId("wallet-from").dataset.value).toBe("2026-11-01");
	});

	it("says there is no money movement yet", async () => {
		serve({ "/merchant/wallet/statement": statementPage([], null, []) });
		openPage();
		expect((await screen.findByTestId("state-empty")).textContent).toContain("No money movements yet");
	});

	it("shows a statement failure with a retry, the amounts still there", async () => {
		let fail = true;
		serve({
			"/merchant/wallet/statement": (call) => (fail ? { code: 500, msg: "Server busy" } : pagedStatement(call)),
		});
		openPage();
		const statement = await screen.findByTestId("wallet-statement");
		expect((await within(statement).findByTestId("state-error")).textContent).toContain("Server busy");
		expect(screen.getByTestId("wallet-withdrawable").textContent).toBe("$125.50");
		fail = false;
		fireEvent.click(within(statement).getByTestId("retry"));
		expect(await screen.findByTestId("wallet-line-30")).toBeTruthy();
	});
});

describe("merchant/wallet: the CSV export", () => {
	function captureDownloads() {
		const saved: { name: string; blob: Blob }[] = [];
		const blobs = new Map<string, Blob>();
		vi.spyOn(URL, "createObjectURL").mockImplementation((blob) => {
			const url = `blob:wallet-${blobs.size}`;
			blobs.set(url, blob as Blob);
			return url;
		});
		vi.spyOn(URL, "revokeObjectURL").mockImplementation(() => undefined);
		vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (this: HTMLAnchorElement) {
			const blob = blobs.get(this.getAttribute("href") ?? "");
			if (blob) saved.push({ name: this.download, blob });
		});
		return saved;
	}

	it("downloads the chosen dates as a CSV file, asked with the owner's token", async () => {
		const saved = captureDownloads();
		const csv = "date,kind,amount\n2026-11-20,orderEarned,5.00\n";
		const server = serve({
			"/merchant/wallet/export": () => new Response(csv, { headers: { "Content-Type": "text/csv; charset=utf-8" } }),
		});
		openPage(`${Paths.merchantWallet}?from=2026-11-20&to=2026-11-23`);
		await screen.findByTestId("wallet-line-30");
		fireEvent.click(screen.getByTestId("wallet-export"));
		await waitFor(() => expect(saved).toHaveLength(1));
		const asked = server.to("/merchant/wallet/export");
		expect(asked).toHaveLength(1);
		expect(Object.fromEntries(asked[0]?.query ?? [])).toEqual({ shopId: "1", from: "2026-11-20", to: "2026-11-23" });
		expect(asked[0]?.headers.Authorization).toBe("Bearer access-1");
		expect(saved[0]?.name).toBe("wallet-1-2026-11-20-2026-11-23.csv");
		expect(await saved[0]?.blob.text()).toBe(csv);
		await waitFor(() => expect(currentToast()?.text).toBe("Statement downloaded"));
	});

	it("says why an export was refused, and saves nothing", async () => {
		const saved = captureDownloads();
		serve({ "/merchant/wallet/export": { code: 1_008_026_001, msg: "Only the shop owner can do this" } });
		openPage();
		await screen.findByTestId("wallet-line-30");
		fireEvent.click(screen.getByTestId("wallet-export"));
		await waitFor(() => expect(currentToast()?.text).toBe("Could not export: Only the shop owner can do this"));
		expect(saved).toEqual([]);
		expect((screen.getByTestId("wallet-export") as HTMLButtonElement).disabled).toBe(false);
	});
});

describe("merchant/wallet, live", () => {
	let sockets: FakeWebSocket[] = [];

	beforeEach(() => {
		sockets = fakeWebSockets();
	});

	it("refetches the amounts, chart and statement when the shop's money moves, on every reconnection, and not for another shop", async () => {
		let withdrawable = 12_550;
		const server = serve({
			"/merchant/wallet": () => ({ code: 0, data: walletSummary({ withdrawable, available: withdrawable }) }),
		});
		openPage();
		await screen.findByTestId("wallet-line-20");
		await waitFor(() => expect(sockets.length).toBeGreaterThan(0));
		const socket = sockets.at(-1);
		socket?.receive({ type: "ready", data: {} });
		// The first connection counts as a resync: everything is asked again.
		await waitFor(() => expect(server.to("/merchant/wallet")).toHaveLength(2));
		await waitFor(() => expect(server.to("/merchant/wallet/daily")).toHaveLength(2));
		const asked = () => server.to("/merchant/wallet").length;
		const before = asked();
		const statementBefore = server.to("/merchant/wallet/statement").length;

		socket?.receive({
			type: "wallet.changed",
			data: { tenantId: 1, shopId: 2, reason: "settled", withdrawalId: null, withdrawalStatus: null },
		});
		await new Promise((resolve) => setTimeout(resolve, 50));
		expect(asked()).toBe(before);

		withdrawable = 2_550;
		socket?.receive({
			type: "wallet.changed",
			data: { tenantId: 1, shopId: 1, reason: "withdrawalRequested", withdrawalId: 41, withdrawalStatus: 0 },
		});
		await waitFor(() => expect(screen.getByTestId("wallet-withdrawable").textContent).toBe("$25.50"));
		expect(asked()).toBe(before + 1);
		await waitFor(() => expect(server.to("/merchant/wallet/statement").length).toBeGreaterThan(statementBefore));

		socket?.receive({ type: "resync", data: {} });
		await waitFor(() => expect(asked()).toBe(before + 2));
	});
});
