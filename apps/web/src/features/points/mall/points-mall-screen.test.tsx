import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { applyLanguage } from "../../../lib/i18n";
import { liveClient } from "../../../lib/live-updates";
import { Paths, withQuery } from "../../../lib/paths";
import { appStore, setMember } from "../../../lib/store";
import { fakeWebSockets } from "../../../test/fake-live-server";
import { renderScreen } from "../../../test/render";
import { startAsGuest } from "../../reservations/guest-testing";
import { pointsServer, summary, toteBag, tumbler } from "../guest-testing";
import PointsMallScreen from "./points-mall-screen";

function renderMall(url: string = Paths.scoreProductList) {
	return renderScreen(<PointsMallScreen />, {
		path: Paths.scoreProductList,
		url,
		otherPaths: [Paths.login, Paths.pointsBill, Paths.scoreProductOrder, Paths.scoreProductDetail],
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

const items = () => [
	tumbler(),
	toteBag({ myRedemptionId: 77 }),
	tumbler({ id: 13, name: "限量徽章", pointsPrice: 5000, stock: 0 }),
];

describe("scoreproduct/list", () => {
	it("shows the member's points (to the bill), how to earn, the redemptions, and the items in two columns", async () => {
		const server = pointsServer({
			"/points/summary": () => summary({ balance: 12345, pointsPerUnit: 2, multiplierPercent: 150 }),
			"/score-product/list": () => items(),
		});
		const { router } = renderMall();
		expect((await screen.findByTestId("points-item-11")).textContent).toContain("Bayon 随行杯");
		await waitFor(() => expect(screen.getByTestId("points-header-balance").textContent).toBe("12,345"));
		expect(screen.getByTestId("points-earn-rule").textContent).toBe("每消费 $1.00 得 2 积分");
		expect(screen.getByTestId("points-earn-card").textContent).toBe("您的会员卡：积分 ×1.5");
		// The server's balance also reaches the stored member (the mine tab shows it).
		expect(appStore.getState().member?.points).toBe(12345);

		const tile = screen.getByTestId("points-item-11");
		expect(within(tile).getByTestId("points-item-price").textContent).toBe("1,200 积分");
		expect(within(tile).getByTestId("points-item-stock").textContent).toBe("剩余 8 件");
		expect(within(tile).getByTestId("points-item-placeholder")).toBeTruthy();
		expect(within(tile).queryByTestId("points-item-redeemed")).toBeNull();
		expect(within(screen.getByTestId("points-item-12")).getByTestId("points-item-redeemed").textContent).toBe("已兑换");
		expect(within(screen.getByTestId("points-item-12")).getByTestId("points-item-image").getAttribute("src")).toBe(
			"/uploads/tote.webp",
		);
		expect(within(screen.getByTestId("points-item-13")).getByTestId("points-item-stock").textContent).toBe("已兑完");
		expect(server.to("/score-product/list")[0]?.query.get("keyword")).toBeNull();

		expect(screen.getByTestId("points-header-redemptions").getAttribute("href")).toBe(Paths.scoreProductOrder);
		fireEvent.click(screen.getByTestId("points-header-bill"));
		expect(router.state.location.pathname).toBe(Paths.pointsBill);
	});

	it("searches by keyword once the typing rests, keeps it in the address, and says when nothing matches", async () => {
		const server = pointsServer({
			"/points/summary": () => summary(),
			"/score-product/list": (_, url) => {
				const keyword = url.searchParams.get("keyword");
				if (keyword === null) return items();
				return items().filter((item) => item.name.includes(keyword));
			},
		});
		const { router } = renderMall();
		await screen.findByTestId("points-item-13");
		const field = screen.getByTestId("points-search");
		fireEvent.input(field, { target: { value: "随" } });
		fireEvent.input(field, { target: { value: "随行" } });
		await waitFor(() => expect(screen.queryByTestId("points-item-12")).toBeNull(), { timeout: 2000 });
		expect(screen.getByTestId("points-item-11")).toBeTruthy();
		// Typing two characters asked once, with what was typed last.
		expect(server.to("/score-product/list").map((call) => call.query.get("keyword"))).toEqual([null, "随行"]);
		expect(router.state.location.search).toBe(`?keyword=${encodeURIComponent("随行")}`);

		fireEvent.input(field, { target: { value: "咖啡机" } });
		expect((await screen.findByTestId("state-empty", {}, { timeout: 2000 })).textContent).toContain(
			"没有找到与“咖啡机”相关的商品",
		);
	});

	it("opens on the search kept in the address", async () => {
		const server = pointsServer({ "/points/summary": () => summary(), "/score-product/list": () => [tumbler()] });
		renderMall(withQuery(Paths.scoreProductList, { keyword: "杯" }));
		await screen.findByTestId("points-item-11");
		expect((screen.getByTestId("points-search") as HTMLInputElement).value).toBe("杯");
		expect(server.to("/score-product/list").map((call) => call.query.get("keyword"))).toEqual(["杯"]);
	});

	it("an empty mall says so; a failed load offers a retry that works", async () => {
		let fail = true;
		pointsServer({
			"/points/summary": () => summary({ pointsPerUnit: 0 }),
			"/score-product/list": () => (fail ? new Response("", { status: 502 }) : []),
		});
		renderMall();
		expect((await screen.findByTestId("state-error")).textContent).toContain("加载失败");
		expect(screen.getByTestId("points-earn-rule").textContent).toBe("商家暂未开启消费送积分");
		expect(screen.queryByTestId("points-earn-card")).toBeNull();
		fail = false;
		fireEvent.click(within(screen.getByTestId("state-error")).getByTestId("retry"));
		expect((await screen.findByTestId("state-empty")).textContent).toContain("积分商城暂时没有商品");
	});

	it("a visitor sees the items and a sign-in prompt, and no points are asked for", async () => {
		act(() => setMember(null));
		const server = pointsServer({ "/score-product/list": () => items() });
		const { router } = renderMall();
		await screen.findByTestId("points-item-11");
		expect(screen.queryByTestId("points-header")).toBeNull();
		expect(server.to("/points/summary")).toHaveLength(0);
		fireEvent.click(screen.getByTestId("points-sign-in-button"));
		expect(router.state.location.pathname).toBe(Paths.login);
		expect(router.state.location.search).toBe(`?redirect=${encodeURIComponent(Paths.scoreProductList)}`);
	});

	it("speaks English, with one point in the singular", async () => {
		await applyLanguage("en");
		pointsServer({
			"/points/summary": () => summary({ pointsPerUnit: 1, multiplierPercent: 200 }),
			"/score-product/list": () => [tumbler({ pointsPrice: 1 })],
		});
		renderMall();
		await waitFor(() =>
			expect(screen.getByTestId("points-earn-rule").textContent).toBe("Earn 1 point per $1.00 spent"),
		);
		expect(screen.getByTestId("points-earn-card").textContent).toBe("Your VIP card: points ×2");
		expect(within(screen.getByTestId("points-item-11")).getByTestId("points-item-price").textContent).toBe("1 point");
		expect(within(screen.getByTestId("points-item-11")).getByTestId("points-item-stock").textContent).toBe("8 left");
	});
});
