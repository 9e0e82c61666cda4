import type { RedemptionView } from "@bayon/contract";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { applyLanguage } from "../../../lib/i18n";
import { liveClient } from "../../../lib/live-updates";
import { Paths, withQuery } from "../../../lib/paths";
import { fakeWebSockets } from "../../../test/fake-live-server";
import { renderScreen } from "../../../test/render";
import { startAsGuest } from "../../reservations/guest-testing";
import { pointsServer, redemption, shippedDelivery } from "../guest-testing";
import RedemptionsScreen from "./redemptions-screen";

function renderRedemptions(url: string = Paths.scoreProductOrder) {
	return renderScreen(<RedemptionsScreen />, {
		path: Paths.scoreProductOrder,
		url,
		otherPaths: [Paths.login, Paths.scoreProductList, Paths.scoreProductOrderDetail],
	});
}

beforeEach(async () => {
	await startAsGuest();
	fakeWebSockets();
});

afterEach(() => {
	liveClient.stop();
	vi.unstubAllGlobals();
});

/** Twelve redemptions, ten a page: the first page names twelve in all, the second has the last two. */
function pagedServer() {
	const all: RedemptionView[] = Array.from({ length: 12 }, (_, index) =>
		index === 1 ? shippedDelivery({ id: 400 - index }) : redemption({ id: 400 - index, itemName: `好礼 ${index + 1}` }),
	);
	return pointsServer({
		"/score-order/list": (_, url) => {
			const status = url.searchParams.get("status");
			const page = Number(url.searchParams.get("page"));
			const size = Number(url.searchParams.get("pageSize"));
			const rows = status ? all.filter((row) => row.status === status) : all;
			return { list: rows.slice((page - 1) * size, page * size), total: rows.length };
		},
	});
}

describe("scoreproduct/order", () => {
	it("lists the member's redemptions page after page with picture, name, points, state and date", async () => {
		const server = pagedServer();
		renderRedemptions();
		await screen.findByTestId("redemption-389");
		expect(server.to("/score-order/list").map((call) => [call.query.get("status"), call.query.get("page")])).toEqual([
			[null, "1"],
			[null, "2"],
		]);
		expect(server.to("/score-order/list")[0]?.query.get("pageSize")).toBe("10");
		const rows = within(screen.getByTestId("redemptions-list")).getAllByRole("link");
		expect(rows).toHaveLength(12);
		expect(screen.getByTestId("redemptions-end").textContent).toBe("没有更多了");

		const pickup = screen.getByTestId("redemption-400");
		expect(pickup.textContent).toContain("好礼 1");
		expect(pickup.textContent).toContain("1,200 积分");
		expect(within(pickup).getByTestId("redemption-status").textContent).toBe("待领取");
		expect(pickup.textContent).toContain("到店自取");
		expect(pickup.querySelector("time")?.textContent).toMatch(/^2026年11月24日 \d\d:07$/);
		expect(pickup.getAttribute("href")).toBe(withQuery(Paths.scoreProductOrderDetail, { id: 400 }));
		const shipped = screen.getByTestId("redemption-399");
		expect(within(shipped).getByTestId("redemption-status").textContent).toBe("已发货");
		expect(shipped.textContent).toContain("快递配送");
	});

	it("has tabs all, to collect or ship, shipped, received, cancelled, asking the server for that state", async () => {
		const server = pagedServer();
		const { router } = renderRedemptions();
		await screen.findByTestId("redemption-400");
		expect(screen.getAllByRole("tab").map((tab) => tab.textContent)).toEqual([
			"全部",
			"待领取/发货",
			"已发货",
			"已完成",
			"已取消",
		]);
		fireEvent.click(screen.getByTestId("redemptions-tab-shipped"));
		await waitFor(() =>
			expect(
				within(screen.getByTestId("redemptions-list"))
					.getAllByRole("link")
					.map((row) => row.dataset.testid),
			).toEqual(["redemption-399"]),
		);
		expect(router.state.location.search).toBe("?status=shipped");
		expect(screen.getByTestId("redemptions-tab-shipped").getAttribute("aria-selected")).toBe("true");
		expect(server.to("/score-order/list").at(-1)?.query.get("status")).toBe("shipped");

		fireEvent.click(screen.getByTestId("redemptions-tab-cancelled"));
		expect((await screen.findByTestId("state-empty")).textContent).toContain("还没有兑换记录");
		fireEvent.click(screen.getByTestId("redemptions-browse"));
		expect(router.state.location.pathname).toBe(Paths.scoreProductList);
	});

	it("opens on the tab in the address; a failed load offers a retry", async () => {
		let fail = true;
		const server = pointsServer({
			"/score-order/list": () =>
				fail ? new Response("", { status: 502 }) : { list: [redemption({ status: "received" })], total: 1 },
		});
		renderRedemptions(withQuery(Paths.scoreProductOrder, { status: "received" }));
		const error = await screen.findByTestId("state-error");
		expect(server.to("/score-order/list")[0]?.query.get("status")).toBe("received");
		fail = false;
		fireEvent.click(within(error).getByTestId("retry"));
		expect(within(await screen.findByTestId("redemption-305")).getByTestId("redemption-status").textContent).toBe(
			"已领取",
		);
	});

	it("speaks English", async () => {
		await applyLanguage("en");
		pointsServer({ "/score-order/list": () => ({ list: [shippedDelivery({ status: "received" })], total: 1 }) });
		renderRedemptions();
		expect(within(await screen.findByTestId("redemption-305")).getByTestId("redemption-status").textContent).toBe(
			"Received",
		);
		expect(screen.getByTestId("redemptions-tab-pending").textContent).toBe("To collect / ship");
	});
});
