import type { BillDirection } from "@bayon/contract";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { applyLanguage } from "../../../lib/i18n";
import { liveClient } from "../../../lib/live-updates";
import { Paths, withQuery } from "../../../lib/paths";
import { appStore } from "../../../lib/store";
import { type FakeWebSocket, fakeWebSockets } from "../../../test/fake-live-server";
import { renderScreen } from "../../../test/render";
import { startAsGuest } from "../../reservations/guest-testing";
import { billEntry, billPage, storedValueServer } from "../guest-testing";
import BillScreen from "./bill-screen";

let sockets: FakeWebSocket[] = [];

function renderBill(url: string = Paths.balanceBill) {
	return renderScreen(<BillScreen />, {
		path: Paths.balanceBill,
		url,
		otherPaths: [Paths.login, Paths.balance, Paths.orderDetail, Paths.dueDetail, Paths.vip],
	});
}

beforeEach(async () => {
	await startAsGuest();
	sockets = fakeWebSockets();
});

afterEach(() => {
	liveClient.stop();
	vi.unstubAllGlobals();
});

/** Two pages per tab: the first names a cursor, the second (which repeats the first's last entry) ends. */
function pagedServer() {
	return storedValueServer({
		"/member/user/getBill": (_, url) => {
			const direction = (url.searchParams.get("direction") ?? "all") as BillDirection;
			const cursor = url.searchParams.get("cursor");
			if (direction === "in")
				return billPage(
					[billEntry(40, { kind: "recharge", amount: 10000, balanceAfter: 12500, link: { kind: "recharge", id: 55 } })],
					null,
				);
			if (cursor === null)
				return billPage(
					[
						billEntry(50, {
							kind: "counterPayment",
							amount: -1200,
							balanceAfter: 2500,
							link: { kind: "counter", id: 81, shopName: "Bayon BKK1" },
						}),
						billEntry(49, { kind: "orderPayment", amount: -2250, balanceAfter: 3700 }),
					],
					"49",
				);
			return billPage(
				[
					billEntry(49, { kind: "orderPayment", amount: -2250, balanceAfter: 3700 }),
					billEntry(41, { kind: "bonus", amount: 1000, balanceAfter: 5950, link: { kind: "recharge", id: 55 } }),
					billEntry(40, { kind: "recharge", amount: 10000, balanceAfter: 4950, link: { kind: "recharge", id: 55 } }),
				],
				null,
			);
		},
	});
}

describe("balance/bill", () => {
	it("lists the movements newest first, page after page by cursor, each once, with kind, link, signed amount and balance after", async () => {
		const server = pagedServer();
		const { router } = renderBill();
		await screen.findByTestId("bill-entry-40");
		const calls = server.to("/member/user/getBill");
		expect(calls.map((call) => [call.query.get("direction"), call.query.get("cursor")])).toEqual([
			["all", null],
			["all", "49"],
		]);
		expect(calls[0]?.query.get("limit")).toBe("20");
		const rows = within(screen.getByTestId("bill-list")).getAllByRole("listitem");
		expect(rows.map((row) => row.dataset.testid)).toEqual([
			"bill-entry-50",
			"bill-entry-49",
			"bill-entry-41",
			"bill-entry-40",
		]);
		expect(screen.getByTestId("bill-list-end").textContent).toBe("没有更多了");

		const counter = screen.getByTestId("bill-entry-50");
		expect(counter.textContent).toContain("门店付款");
		expect(within(counter).getByTestId("bill-entry-link").textContent).toBe("Bayon BKK1");
		expect(within(counter).getByTestId("bill-entry-amount").textContent).toBe("-$12.00");
		expect(within(counter).getByTestId("bill-entry-after").textContent).toBe("余额 $25.00");
		expect(counter.querySelector("time")?.textContent).toMatch(/^2026年11月24日 \d\d:07$/);
		const bonus = screen.getByTestId("bill-entry-41");
		expect(bonus.textContent).toContain("充值赠送");
		expect(within(bonus).getByTestId("bill-entry-amount").textContent).toBe("+$10.00");
		expect(within(bonus).getByTestId("bill-entry-amount").className).toContain("is-in");
		expect(within(screen.getByTestId("bill-entry-40")).getByTestId("bill-entry-link").textContent).toBe("充值单 55");

		expect(screen.getByTestId("bill-month-name").textContent).toBe("2026年11月");
		expect(screen.getByTestId("bill-month-in").textContent).toBe("+$110.00");
		expect(screen.getByTestId("bill-month-out").textContent).toBe("-$34.50");
		expect(appStore.getState().member?.balance).toBe(2500);

		const order = screen.getByTestId("bill-entry-49");
		expect(order.textContent).toContain("订单支付");
		fireEvent.click(within(order).getByTestId("bill-entry-link"));
		expect(`${router.state.location.pathname}${router.state.location.search}`).toBe(
			withQuery(Paths.orderDetail, { id: 949 }),
		);
	});

	it("switches between all, in and out, asking the server for that direction", async () => {
		const server = pagedServer();
		const { router } = renderBill();
		await screen.findByTestId("bill-entry-40");
		expect(screen.getAllByRole("tab").map((tab) => tab.textContent)).toEqual(["全部", "收入", "支出"]);
		fireEvent.click(screen.getByTestId("bill-tab-in"));
		await waitFor(() =>
			expect(
				within(screen.getByTestId("bill-list"))
					.getAllByRole("listitem")
					.map((row) => row.dataset.testid),
			).toEqual(["bill-entry-40"]),
		);
		expect(router.state.location.search).toBe("?direction=in");
		expect(screen.getByTestId("bill-tab-in").getAttribute("aria-selected")).toBe("true");
		expect(server.to("/member/user/getBill").at(-1)?.query.get("direction")).toBe("in");

		fireEvent.click(screen.getByTestId("bill-tab-out"));
		await waitFor(() =>
			expect(server.to("/member/user/getBill").some((call) => call.query.get("direction") === "out")).toBe(true),
		);
	});

	it("an empty bill says so and offers a recharge; the labels follow the language", async () => {
		await applyLanguage("en");
		storedValueServer({
			"/member/user/getBill": () => billPage([], null, { month: { month: "2026-11", in: 0, out: 0 } }),
		});
		const { router } = renderBill(withQuery(Paths.balanceBill, { direction: "out" }));
		expect((await screen.findByTestId("state-empty")).textContent).toContain("Nothing spent yet");
		expect(screen.getByTestId("bill-month-name").textContent).toBe("November 2026");
		fireEvent.click(screen.getByTestId("bill-recharge"));
		expect(router.state.location.pathname).toBe(Paths.balance);
	});

	it("refetches when the balance moves live", async () => {
		let entries = [billEntry(49)];
		const server = storedValueServer({ "/member/user/getBill": () => billPage(entries, null) });
		renderBill();
		await screen.findByTestId("bill-entry-49");
		await waitFor(() => expect(sockets.length).toBeGreaterThan(0));
		entries = [
			billEntry(50, { kind: "counterPayment", link: { kind: "counter", id: 81, shopName: "Bayon BKK1" } }),
			...entries,
		];
		const before = server.to("/member/user/getBill").length;
		sockets.at(-1)?.receive({
			type: "balance.changed",
			data: {
				reason: "counterPaid",
				balance: 1300,
				counter: {
					paymentId: 81,
					shopName: { "zh-CN": "Bayon 堆谷店", en: "Bayon BKK1" },
					amount: 1200,
					status: "paid",
				},
			},
		});
		await screen.findByTestId("bill-entry-50");
		expect(server.to("/member/user/getBill").length).toBe(before + 1);
	});
});
