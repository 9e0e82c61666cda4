import { act, fireEvent, screen, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { applyLanguage } from "../../../lib/i18n";
import { liveClient } from "../../../lib/live-updates";
import { Paths, withQuery } from "../../../lib/paths";
import { setMember } from "../../../lib/store";
import { fakeWebSockets } from "../../../test/fake-live-server";
import { renderScreen } from "../../../test/render";
import { startAsGuest } from "../../reservations/guest-testing";
import { itemDetail, pointsServer, tumbler } from "../guest-testing";
import PointsItemScreen from "./points-item-screen";

function renderItem(id: number | string = 11) {
	return renderScreen(<PointsItemScreen />, {
		path: Paths.scoreProductDetail,
		url: withQuery(Paths.scoreProductDetail, { id }),
		otherPaths: [Paths.login, Paths.scoreProductConfirm, Paths.scoreProductOrderDetail],
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

describe("scoreproduct/detail", () => {
	it("shows the item (name, description on its lines, price, stock, ways, balance) and redeems when allowed", async () => {
		const server = pointsServer({ "/score-product/detail": () => itemDetail() });
		const { router } = renderItem();
		expect((await screen.findByTestId("points-item-name")).textContent).toBe("Bayon 随行杯");
		expect(server.to("/score-product/detail")[0]?.query.get("id")).toBe("11");
		expect(screen.getByTestId("points-item-price").textContent).toBe("1,200 积分");
		expect(screen.getByTestId("points-item-stock").textContent).toBe("剩余 8 件");
		expect(screen.getByTestId("points-item-redeemed-count").textContent).toBe("已兑 2 件");
		expect(screen.getByTestId("points-item-description").textContent).toBe("不锈钢保温杯。\n容量 500 ml。");
		expect(screen.getByTestId("points-item-fulfilments").textContent).toBe("到店自取快递配送");
		expect(screen.getByTestId("points-item-balance").textContent).toBe("我的积分1,500 积分");
		expect(screen.queryByTestId("points-item-refusal")).toBeNull();

		const redeem = screen.getByTestId("points-item-redeem");
		fireEvent.click(redeem);
		expect(`${router.state.location.pathname}${router.state.location.search}`).toBe(
			withQuery(Paths.scoreProductConfirm, { id: 11 }),
		);
	});

	it("without enough points the button is off and the server's reason shows", async () => {
		pointsServer({
			"/score-product/detail": () =>
				itemDetail({ balance: 800, redeem: { allowed: false, reason: "积分不足：需要1200积分，您有800积分" } }),
		});
		const { router } = renderItem();
		expect((await screen.findByTestId("points-item-reason")).textContent).toBe("积分不足：需要1200积分，您有800积分");
		const redeem = screen.getByTestId("points-item-redeem") as HTMLButtonElement;
		expect(redeem.disabled).toBe(true);
		fireEvent.click(redeem);
		expect(router.state.location.pathname).toBe(Paths.scoreProductDetail);
		expect(screen.queryByTestId("points-item-my-redemption")).toBeNull();
	});

	it("already redeemed: the reason and a link to that redemption", async () => {
		pointsServer({
			"/score-product/detail": () =>
				itemDetail({
					item: tumbler({ myRedemptionId: 305 }),
					redeem: { allowed: false, reason: "每位会员每件商品限兑换一次，您已兑换过" },
				}),
		});
		const { router } = renderItem();
		expect((await screen.findByTestId("points-item-reason")).textContent).toContain("您已兑换过");
		expect((screen.getByTestId("points-item-redeem") as HTMLButtonElement).disabled).toBe(true);
		fireEvent.click(screen.getByTestId("points-item-my-redemption"));
		expect(`${router.state.location.pathname}${router.state.location.search}`).toBe(
			withQuery(Paths.scoreProductOrderDetail, { id: 305 }),
		);
	});

	it("sold out says so in the stock line and in the server's reason", async () => {
		pointsServer({
			"/score-product/detail": () =>
				itemDetail({ item: tumbler({ stock: 0 }), redeem: { allowed: false, reason: "该商品已兑完" } }),
		});
		renderItem();
		expect((await screen.findByTestId("points-item-stock")).textContent).toBe("已兑完");
		expect(screen.getByTestId("points-item-reason").textContent).toBe("该商品已兑完");
	});

	it("a visitor reads the item and is asked to sign in to redeem, back to this page", async () => {
		act(() => setMember(null));
		pointsServer({
			"/score-product/detail": () => itemDetail({ balance: null, redeem: { allowed: false, reason: "请先登录" } }),
		});
		const { router } = renderItem();
		await screen.findByTestId("points-item-name");
		expect(screen.queryByTestId("points-item-balance")).toBeNull();
		expect(screen.queryByTestId("points-item-refusal")).toBeNull();
		fireEvent.click(screen.getByTestId("points-item-sign-in"));
		expect(router.state.location.pathname).toBe(Paths.login);
		expect(router.state.location.search).toBe(
			`?redirect=${encodeURIComponent(withQuery(Paths.scoreProductDetail, { id: 11 }))}`,
		);
	});

	it("a bad id says the item was not found without asking; an unknown one shows the server's answer", async () => {
		const server = pointsServer({ "/score-product/detail": { code: 404, msg: "Not found" } });
		const { unmount } = renderItem("abc");
		expect((await screen.findByTestId("state-empty")).textContent).toContain("没有找到该商品");
		expect(server.to("/score-product/detail")).toHaveLength(0);
		unmount();
		renderItem(999);
		expect(within(await screen.findByTestId("state-error")).getByTestId("retry")).toBeTruthy();
	});

	it("speaks Khmer", async () => {
		await applyLanguage("km");
		pointsServer({ "/score-product/detail": () => itemDetail() });
		renderItem();
		expect((await screen.findByTestId("points-item-price")).textContent).toBe("1,200 ពិន្ទុ");
		expect(screen.getByTestId("points-item-redeem").textContent).toBe("ប្តូរឥឡូវ");
		expect(screen.getByTestId("points-item-fulfilments").textContent).toBe("មកយកនៅហាងដឹកជញ្ជូន");
	});
});
