import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { applyLanguage } from "../../../lib/i18n";
import { liveClient } from "../../../lib/live-updates";
import { Paths, withQuery } from "../../../lib/paths";
import { appStore } from "../../../lib/store";
import { type FakeWebSocket, fakeWebSockets } from "../../../test/fake-live-server";
import { renderScreen } from "../../../test/render";
import { startAsGuest } from "../../reservations/guest-testing";
import { pointsEntry, pointsServer, summary } from "../guest-testing";
import PointsBillScreen from "./points-bill-screen";

function renderBill() {
	return renderScreen(<PointsBillScreen />, {
		path: Paths.pointsBill,
		otherPaths: [Paths.login, Paths.orderDetail, Paths.scoreProductOrderDetail, Paths.scoreProductList],
	});
}

let sockets: FakeWebSocket[] = [];

beforeEach(async () => {
	await startAsGuest();
	sockets = fakeWebSockets();
});

afterEach(() => {
	liveClient.stop();
	vi.unstubAllGlobals();
});

/** Two pages: the first names a cursor; the second repeats the first's last entry and ends. */
function pagedServer(balance = 1476) {
	const redeemed = pointsEntry(48, {
		kind: "redeemed",
		amount: -300,
		balanceAfter: 1476,
		orderId: null,
		orderNo: null,
		redemptionId: 305,
		itemName: "帆布袋",
	});
	return pointsServer({
		"/points/summary": () => summary({ balance }),
		"/points/bill": (_, url) =>
			url.searchParams.get("cursor") === null
				? {
						entries: [
							pointsEntry(50, { kind: "orderReversed", amount: -24, balanceAfter: 1476 }),
							pointsEntry(49, { amount: 24, balanceAfter: 1500 }),
						],
						nextCursor: "49",
					}
				: {
						entries: [
							pointsEntry(49, { amount: 24, balanceAfter: 1500 }),
							redeemed,
							pointsEntry(47, {
								kind: "redemptionReturned",
								amount: 300,
								balanceAfter: 1776,
								orderId: null,
								orderNo: null,
								redemptionId: 301,
								itemName: "随行杯",
							}),
						],
						nextCursor: null,
					},
	});
}

describe("points bill", () => {
	it("shows the balance and every change newest first, page after page by cursor, each once, with kind, link, signed amount and balance after", async () => {
		const server = pagedServer();
		const { router } = renderBill();
		await screen.findByTestId("points-entry-47");
		expect(screen.getByTestId("points-bill-balance").textContent).toBe("1,476");
		expect(appStore.getState().member?.points).toBe(1476);
		const calls = server.to("/points/bill");
		expect(calls.map((call) => call.query.get("cursor"))).toEqual([null, "49"]);
		expect(calls[0]?.query.get("pageSize")).toBe("20");
		const rows = within(screen.getByTestId("points-bill-list")).getAllByRole("listitem");
		expect(rows.map((row) => row.dataset.testid)).toEqual([
			"points-entry-50",
			"points-entry-49",
			"points-entry-48",
			"points-entry-47",
		]);
		expect(screen.getByTestId("points-bill-end").textContent).toBe("没有更多了");

		const reversed = screen.getByTestId("points-entry-50");
		expect(reversed.textContent).toContain("退款扣回");
		expect(within(reversed).getByTestId("points-entry-link").textContent).toBe("订单 B1050");
		expect(within(reversed).getByTestId("points-entry-amount").textContent).toBe("-24");
		expect(within(reversed).getByTestId("points-entry-after").textContent).toBe("结余 1,476");
		expect(reversed.querySelector("time")?.textContent).toMatch(/^2026年11月24日 \d\d:07$/);
		const earned = screen.getByTestId("points-entry-49");
		expect(earned.textContent).toContain("消费获得");
		expect(within(earned).getByTestId("points-entry-amount").textContent).toBe("+24");
		expect(within(earned).getByTestId("points-entry-amount").className).toContain("is-in");
		const redeemed = screen.getByTestId("points-entry-48");
		expect(redeemed.textContent).toContain("兑换商品");
		expect(within(redeemed).getByTestId("points-entry-link").textContent).toBe("帆布袋");
		expect(within(redeemed).getByTestId("points-entry-amount").textContent).toBe("-300");
		expect(screen.getByTestId("points-entry-47").textContent).toContain("兑换取消退回");

		fireEvent.click(within(redeemed).getByTestId("points-entry-link"));
		expect(`${router.state.location.pathname}${router.state.location.search}`).toBe(
			withQuery(Paths.scoreProductOrderDetail, { id: 305 }),
		);
	});

	it("an order's entry opens the order", async () => {
		pagedServer();
		const { router } = renderBill();
		fireEvent.click(within(await screen.findByTestId("points-entry-50")).getByTestId("points-entry-link"));
		expect(`${router.state.location.pathname}${router.state.location.search}`).toBe(
			withQuery(Paths.orderDetail, { id: 950 }),
		);
	});

	it("a balance below zero after a refund says why and what then", async () => {
		pagedServer(-120);
		renderBill();
		expect((await screen.findByTestId("points-bill-negative")).textContent).toContain("积分为负");
		expect(screen.getByTestId("points-bill-balance").textContent).toBe("-120");
	});

	it("an empty bill says how points are earned; the labels follow the language", async () => {
		await applyLanguage("en");
		pointsServer({
			"/points/summary": () => summary({ balance: 0 }),
			"/points/bill": () => ({ entries: [], nextCursor: null }),
		});
		const { router } = renderBill();
		expect((await screen.findByTestId("state-empty")).textContent).toContain("No points yet");
		fireEvent.click(screen.getByTestId("points-bill-mall"));
		expect(router.state.location.pathname).toBe(Paths.scoreProductList);
	});

	it("refetches when a redemption changes live", async () => {
		let entries = [pointsEntry(49)];
		let balance = 1500;
		const server = pointsServer({
			"/points/summary": () => summary({ balance }),
			"/points/bill": () => ({ entries, nextCursor: null }),
		});
		renderBill();
		await screen.findByTestId("points-entry-49");
		await waitFor(() => expect(sockets.length).toBeGreaterThan(0));
		entries = [
			pointsEntry(51, { kind: "redemptionReturned", amount: 300, orderId: null, orderNo: null, redemptionId: 305 }),
			...entries,
		];
		balance = 1800;
		sockets.at(-1)?.receive({
			type: "redemption.changed",
			data: { redemptionId: 305, status: "cancelled", reason: "cancelled", points: 1800 },
		});
		await screen.findByTestId("points-entry-51");
		expect(server.to("/points/bill")).toHaveLength(2);
		expect(appStore.getState().member?.points).toBe(1800);
		expect(screen.getByTestId("points-bill-balance").textContent).toBe("1,800");
	});

	it("a failed next page offers a retry without losing what is shown", async () => {
		let failNext = true;
		pointsServer({
			"/points/summary": () => summary(),
			"/points/bill": (_, url) =>
				url.searchParams.get("cursor") === null
					? { entries: [pointsEntry(49)], nextCursor: "49" }
					: failNext
						? new Response("", { status: 502 })
						: { entries: [pointsEntry(40, { kind: "orderEarned" })], nextCursor: null },
		});
		renderBill();
		const end = await screen.findByTestId("state-error");
		expect(screen.getByTestId("points-entry-49")).toBeTruthy();
		failNext = false;
		fireEvent.click(within(end).getByTestId("retry"));
		await screen.findByTestId("points-entry-40");
	});
});
