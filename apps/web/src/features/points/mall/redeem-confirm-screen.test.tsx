import { ErrorCode, IDEMPOTENCY_HEADER } from "@bayon/contract";
import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { applyLanguage } from "../../../lib/i18n";
import { Paths, withQuery } from "../../../lib/paths";
import { appStore } from "../../../lib/store";
import { currentToast } from "../../../lib/toast";
import { renderScreen } from "../../../test/render";
import { startAsGuest } from "../../reservations/guest-testing";
import { address, bkk1, itemDetail, pointsServer, redemption, riverside, toteBag, tumbler } from "../guest-testing";
import RedeemConfirmScreen from "./redeem-confirm-screen";

function renderConfirm(query: Record<string, string | number> = { id: 11 }) {
	return renderScreen(<RedeemConfirmScreen />, {
		path: Paths.scoreProductConfirm,
		url: withQuery(Paths.scoreProductConfirm, query),
		otherPaths: [
			Paths.login,
			Paths.menu,
			Paths.addressAdd,
			Paths.scoreProductList,
			Paths.scoreProductOrder,
			Paths.scoreProductOrderDetail,
		],
	});
}

/** The submit button's debounce (spec §9) has passed. */
const debounce = () => act(() => new Promise((resolve) => setTimeout(resolve, 550)));

beforeEach(async () => {
	await startAsGuest();
});

afterEach(() => {
	vi.unstubAllGlobals();
});

describe("scoreproduct/confirm: pickup", () => {
	it("starts at the current shop, changes shop in the sheet, and redeems with the chosen shop and an idempotency key", async () => {
		appStore.setState({ store: { id: 2, name: "Bayon BKK1 店" } });
		const server = pointsServer({
			"/score-product/detail": () => itemDetail(),
			"/store/list": () => [riverside, bkk1],
			"/score-order/submit": () => redemption(),
		});
		const { router } = renderConfirm();
		const shop = await screen.findByTestId("points-confirm-shop");
		expect(shop.dataset.shopId).toBe("2");
		expect(shop.textContent).toContain("Bayon BKK1 店");
		expect(shop.textContent).toContain("金边堆谷区 278 街 9 号");
		expect((screen.getByTestId("points-confirm-way-pickup") as HTMLInputElement).checked).toBe(true);
		expect(screen.getByTestId("points-confirm-spend").textContent).toBe("-1,200");
		expect(screen.getByTestId("points-confirm-balance").textContent).toBe("1,500");
		expect(screen.getByTestId("points-confirm-after").textContent).toBe("300");
		expect(screen.getByTestId("points-confirm-summary").textContent).toBe("消耗 1,200 积分，兑换后剩余 300 积分");
		expect(server.to("/address/list")).toHaveLength(0);

		fireEvent.click(shop);
		const sheet = await screen.findByTestId("points-shop-sheet");
		expect(within(sheet).getByTestId("points-shop-sheet-option-2").getAttribute("aria-checked")).toBe("true");
		expect(within(sheet).getByTestId("points-shop-sheet-option-2").textContent).toContain("当前门店");
		fireEvent.click(within(sheet).getByTestId("points-shop-sheet-option-1"));
		expect(screen.queryByTestId("points-shop-sheet")).toBeNull();
		expect(screen.getByTestId("points-confirm-shop").dataset.shopId).toBe("1");
		expect(router.state.location.search).toContain("shopId=1");

		fireEvent.click(screen.getByTestId("points-confirm-submit"));
		await waitFor(() => expect(server.to("/score-order/submit")).toHaveLength(1));
		const call = server.to("/score-order/submit")[0];
		expect(call?.body).toEqual({ itemId: 11, fulfilment: "pickup", shopId: 1 });
		expect(call?.headers[IDEMPOTENCY_HEADER]).toMatch(/\S{16,}/);
		await waitFor(() =>
			expect(`${router.state.location.pathname}${router.state.location.search}`).toBe(
				withQuery(Paths.scoreProductOrderDetail, { id: 305 }),
			),
		);
		expect(currentToast()?.text).toBe("兑换成功");
	});

	it("an item offered only for pickup shows no delivery choice; without a chosen shop the first is taken", async () => {
		const server = pointsServer({
			"/score-product/detail": () => itemDetail({ item: toteBag() }),
			"/store/list": () => [riverside, bkk1],
			"/score-order/submit": () => redemption(),
		});
		renderConfirm({ id: 12 });
		expect((await screen.findByTestId("points-confirm-shop")).dataset.shopId).toBe("1");
		expect(screen.queryByTestId("points-confirm-way-delivery")).toBeNull();
		fireEvent.click(screen.getByTestId("points-confirm-submit"));
		await waitFor(() =>
			expect(server.to("/score-order/submit")[0]?.body).toEqual({ itemId: 12, fulfilment: "pickup", shopId: 1 }),
		);
	});
});

describe("scoreproduct/confirm: delivery", () => {
	it("takes the default address, changes it in the sheet, and sends the chosen one", async () => {
		const server = pointsServer({
			"/score-product/detail": () => itemDetail(),
			"/store/list": () => [riverside],
			"/address/list": () => [address(3), address(4, { isDefault: true, houseNumber: "12B" })],
			"/score-order/submit": () => redemption({ id: 306, fulfilment: "delivery" }),
		});
		const { router } = renderConfirm();
		fireEvent.click(await screen.findByTestId("points-confirm-way-delivery"));
		const chosen = await screen.findByTestId("points-confirm-address");
		expect(chosen.dataset.addressId).toBe("4");
		expect(chosen.textContent).toContain("Dara 138****0002");
		expect(chosen.textContent).toContain("金边堆谷区 4 街 12B");
		expect(router.state.location.search).toContain("way=delivery");

		fireEvent.click(chosen);
		const sheet = await screen.findByTestId("points-address-sheet");
		expect(within(sheet).getByTestId("points-address-sheet-option-4").textContent).toContain("默认");
		expect(within(sheet).getByTestId("points-confirm-add-address").getAttribute("href")).toBe(Paths.addressAdd);
		fireEvent.click(within(sheet).getByTestId("points-address-sheet-option-3"));
		expect(screen.getByTestId("points-confirm-address").dataset.addressId).toBe("3");

		fireEvent.click(screen.getByTestId("points-confirm-submit"));
		await waitFor(() => expect(server.to("/score-order/submit")).toHaveLength(1));
		expect(server.to("/score-order/submit")[0]?.body).toEqual({ itemId: 11, fulfilment: "delivery", addressId: 3 });
		expect(server.to("/score-order/submit")[0]?.headers[IDEMPOTENCY_HEADER]).toMatch(/\S{16,}/);
		await waitFor(() => expect(router.state.location.search).toBe("?id=306"));
	});

	it("without an address asks to add one and cannot be submitted", async () => {
		const server = pointsServer({
			"/score-product/detail": () => itemDetail(),
			"/address/list": () => [],
		});
		const { router } = renderConfirm({ id: 11, way: "delivery" });
		const none = await screen.findByTestId("points-confirm-no-address");
		expect(none.textContent).toContain("还没有收货地址");
		expect((screen.getByTestId("points-confirm-submit") as HTMLButtonElement).disabled).toBe(true);
		fireEvent.click(screen.getByTestId("points-confirm-submit"));
		fireEvent.click(within(none).getByTestId("points-confirm-add-address"));
		expect(router.state.location.pathname).toBe(Paths.addressAdd);
		expect(server.to("/score-order/submit")).toHaveLength(0);
	});
});

describe("scoreproduct/confirm: one redemption per intent", () => {
	it("a double tap sends once; a lost answer retried keeps the key; a refusal says what to do and takes a new key; another shop is another key", async () => {
		let answer: "lost" | "insufficient" | "ok" = "lost";
		const server = pointsServer({
			"/score-product/detail": () => itemDetail(),
			"/store/list": () => [riverside, bkk1],
			"/score-order/submit": () =>
				answer === "lost"
					? new Response("", { status: 502 })
					: answer === "insufficient"
						? Response.json({
								code: ErrorCode.PointsInsufficient,
								msg: "积分不足：需要1200积分，您有800积分",
								data: null,
							})
						: redemption(),
		});
		const { router } = renderConfirm();
		await screen.findByTestId("points-confirm-shop");
		const tap = () => fireEvent.click(screen.getByTestId("points-confirm-submit"));
		const keys = () => server.to("/score-order/submit").map((call) => call.headers[IDEMPOTENCY_HEADER]);

		tap();
		tap();
		await waitFor(() => expect(keys()).toHaveLength(1));
		expect((await screen.findByTestId("points-confirm-problem")).textContent).toContain("不会重复兑换");
		await debounce();
		expect(keys()).toHaveLength(1);

		// The answer was lost: the same intent again, with the same key.
		tap();
		await waitFor(() => expect(keys()).toHaveLength(2));
		expect(keys()[1]).toBe(keys()[0]);

		// Refused: the server's message, what to do, and the way there; the next try is a new intent.
		answer = "insufficient";
		await debounce();
		tap();
		await waitFor(() => expect(keys()).toHaveLength(3));
		expect(keys()[2]).toBe(keys()[0]);
		const problem = await screen.findByTestId("points-problem-message");
		expect(problem.textContent).toBe("积分不足：需要1200积分，您有800积分");
		expect(screen.getByTestId("points-confirm-problem").textContent).toContain("下单消费即可获得积分");
		expect(screen.getByTestId("points-problem-action").getAttribute("href")).toBe(Paths.menu);
		// The item's page was asked again (the balance or stock may have moved).
		await waitFor(() => expect(server.to("/score-product/detail").length).toBeGreaterThan(1));

		answer = "ok";
		await debounce();
		tap();
		await waitFor(() => expect(keys()).toHaveLength(4));
		expect(keys()[3]).not.toBe(keys()[0]);
		expect(server.to("/score-order/submit")[3]?.body).toEqual({ itemId: 11, fulfilment: "pickup", shopId: 1 });
		await waitFor(() => expect(router.state.location.pathname).toBe(Paths.scoreProductOrderDetail));
	});

	it("choosing another shop after a lost answer is another intent with another key", async () => {
		let lost = true;
		const server = pointsServer({
			"/score-product/detail": () => itemDetail(),
			"/store/list": () => [riverside, bkk1],
			"/score-order/submit": () => (lost ? new Response("", { status: 502 }) : redemption()),
		});
		renderConfirm();
		await screen.findByTestId("points-confirm-shop");
		fireEvent.click(screen.getByTestId("points-confirm-submit"));
		await screen.findByTestId("points-confirm-problem");
		fireEvent.click(screen.getByTestId("points-confirm-shop"));
		fireEvent.click(within(await screen.findByTestId("points-shop-sheet")).getByTestId("points-shop-sheet-option-2"));
		expect(screen.queryByTestId("points-confirm-problem")).toBeNull();
		lost = false;
		await debounce();
		fireEvent.click(screen.getByTestId("points-confirm-submit"));
		await waitFor(() => expect(server.to("/score-order/submit")).toHaveLength(2));
		const [first, second] = server.to("/score-order/submit");
		expect(second?.body).toEqual({ itemId: 11, fulfilment: "pickup", shopId: 2 });
		expect(second?.headers[IDEMPOTENCY_HEADER]).not.toBe(first?.headers[IDEMPOTENCY_HEADER]);
	});

	it("sold out or already redeemed: what to do and where to go", async () => {
		let refusal: number = ErrorCode.PointsItemSoldOut;
		let detail = itemDetail();
		pointsServer({
			"/score-product/detail": () => detail,
			"/store/list": () => [riverside],
			"/score-order/submit": () =>
				Response.json({
					code: refusal,
					msg: refusal === ErrorCode.PointsItemSoldOut ? "该商品已兑完" : "每位会员每件商品限兑换一次，您已兑换过",
					data: null,
				}),
		});
		renderConfirm();
		await screen.findByTestId("points-confirm-shop");
		fireEvent.click(screen.getByTestId("points-confirm-submit"));
		expect((await screen.findByTestId("points-problem-message")).textContent).toBe("该商品已兑完");
		expect(screen.getByTestId("points-confirm-problem").textContent).toContain("看看其他好礼");
		expect(screen.getByTestId("points-problem-action").getAttribute("href")).toBe(Paths.scoreProductList);

		// Another tab redeemed it meanwhile: the refreshed item names the redemption to go to.
		refusal = ErrorCode.PointsItemAlreadyRedeemed;
		detail = itemDetail({
			item: tumbler({ myRedemptionId: 305 }),
			redeem: { allowed: true },
		});
		await debounce();
		fireEvent.click(screen.getByTestId("points-confirm-submit"));
		await waitFor(() => expect(screen.getByTestId("points-problem-message").textContent).toContain("您已兑换过"));
		await waitFor(() =>
			expect(screen.getByTestId("points-problem-action").getAttribute("href")).toBe(
				withQuery(Paths.scoreProductOrderDetail, { id: 305 }),
			),
		);
	});

	it("when the server says the member cannot redeem, its reason shows and the button is off", async () => {
		const server = pointsServer({
			"/score-product/detail": () =>
				itemDetail({ balance: 800, redeem: { allowed: false, reason: "积分不足：需要1200积分，您有800积分" } }),
			"/store/list": () => [riverside],
		});
		renderConfirm();
		expect((await screen.findByTestId("points-confirm-refusal")).textContent).toContain("积分不足");
		expect(screen.getByTestId("points-confirm-after").className).toContain("is-short");
		expect(screen.getByTestId("points-confirm-after").textContent).toBe("-400");
		expect((screen.getByTestId("points-confirm-submit") as HTMLButtonElement).disabled).toBe(true);
		expect(server.to("/score-order/submit")).toHaveLength(0);
	});

	it("speaks English", async () => {
		await applyLanguage("en");
		pointsServer({ "/score-product/detail": () => itemDetail(), "/store/list": () => [riverside] });
		renderConfirm();
		await screen.findByTestId("points-confirm-shop");
		expect(screen.getByTestId("points-confirm-summary").textContent).toBe("Spend 1,200 points, leaving 300 points");
		expect(screen.getByTestId("points-confirm-submit").textContent).toBe("Confirm redemption");
	});
});
