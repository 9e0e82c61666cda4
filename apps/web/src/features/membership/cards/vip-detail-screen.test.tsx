import { ErrorCode } from "@bayon/contract";
import { act, cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { applyLanguage } from "../../../lib/i18n";
import { Paths, withQuery } from "../../../lib/paths";
import { appStore } from "../../../lib/store";
import { usdConfig } from "../../../test/ordering-fixtures";
import { renderScreen } from "../../../test/render";
import { guestServer, startAsGuest } from "../../reservations/guest-testing";
import { PURCHASE_POLL_MS } from "../guest-api";
import { cardDetail, goldCard, myGoldCard, purchaseView } from "../guest-testing";
import VipDetailScreen from "./vip-detail-screen";

function renderDetail(query: Record<string, number> = { id: 3 }) {
	return renderScreen(<VipDetailScreen />, {
		path: Paths.vipDetail,
		url: withQuery(Paths.vipDetail, query),
		otherPaths: [Paths.login, Paths.vip, Paths.balance, Paths.menu],
	});
}

const common = {
	"/system/config": { code: 0, data: usdConfig },
	"/member/user/get-info": () => JSON.parse(localStorage.getItem("userinfo") ?? "null"),
	// The shop's rails (issue 29): with none set up, the sandbox.
	"/pay/methods": () => ({
		scene: "mobile_browser",
		methods: [{ method: "sandbox", state: "ready", currencies: ["USD"] }],
	}),
};

beforeEach(startAsGuest);

afterEach(async () => {
	cleanup();
	await applyLanguage("zh-CN");
	vi.unstubAllGlobals();
	sessionStorage.clear();
});

async function openSheet() {
	fireEvent.click(await screen.findByTestId("vip-buy"));
	return screen.findByTestId("vip-buy-sheet");
}

describe("vip/detail", () => {
	it("shows the card, its benefits and description, price and validity", async () => {
		guestServer({ ...common, "/vip/getDetail": () => cardDetail() });
		renderDetail();

		const benefits = await screen.findByTestId("vip-detail-benefits");
		expect([...benefits.querySelectorAll("[data-benefit]")].map((line) => line.textContent)).toEqual([
			"下单立减 10%（每单最多减 $5.00）",
			"免配送费",
			"积分 ×2",
		]);
		// Points arrive later: the page says so rather than promising them now.
		expect(screen.getByTestId("vip-detail").textContent).toContain("积分功能上线后");
		expect(screen.getByTestId("vip-detail-price").textContent).toBe("$29.00");
		expect(screen.getByTestId("vip-detail-validity").textContent).toBe("365 天");
		expect(screen.getByTestId("vip-detail-description").textContent).toBe(
			"全部门店通用。\n折扣按商品小计计算，不含配送费。",
		);
		expect(screen.getByTestId("vip-buy").textContent).toBe("立即开通");
	});

	it("asks a visitor to sign in to buy, coming back to this card", async () => {
		localStorage.clear();
		appStore.reload();
		const server = guestServer({ ...common, "/vip/getDetail": () => cardDetail({ balance: null }) });
		renderDetail();
		const signIn = await screen.findByTestId("vip-sign-in-button");
		expect(signIn.textContent).toBe("登录后购买");
		expect(signIn.getAttribute("href")).toBe(
			withQuery(Paths.login, { redirect: withQuery(Paths.vipDetail, { id: 3 }) }),
		);
		expect(screen.queryByTestId("vip-buy")).toBeNull();
		expect(server.to("/member/user/buyCard")).toHaveLength(0);
	});

	it("buys with the balance after the confirm step; a double tap buys once, with one idempotency key", async () => {
		const server = guestServer({
			...common,
			"/vip/getDetail": () => cardDetail(),
			"/member/user/buyCard": () => purchaseView(),
		});
		renderDetail();
		const sheet = await openSheet();
		expect(within(sheet).getByTestId("vip-buy-price").textContent).toBe("$29.00");
		expect(within(sheet).getByTestId("pay-method-balance").textContent).toContain("可用余额 $100.00");
		expect(within(sheet).getByTestId("vip-buy-when").textContent).toBe("购买后立即生效");
		expect(server.to("/member/user/buyCard")).toHaveLength(0);

		const pay = within(sheet).getByTestId("vip-pay");
		expect(pay.textContent).toBe("确认支付 $29.00");
		await act(async () => {
			fireEvent.click(pay);
			fireEvent.click(pay);
		});
		const done = await screen.findByTestId("vip-done");
		const buys = server.to("/member/user/buyCard");
		expect(buys).toHaveLength(1);
		expect(buys[0]?.body).toEqual({ cardTypeId: 3, payMethod: "balance" });
		expect(buys[0]?.headers["idempotency-key"]).toMatch(/^[\w-]{16,}$/);
		expect(done.textContent).toContain("开通成功");
		expect(within(done).getByTestId("vip-done-expiry").textContent).toBe("有效期至 2027年11月20日");
	});

	it("renewing the card one holds says from when it adds its days, and afterwards the new end", async () => {
		const server = guestServer({
			...common,
			"/vip/getDetail": () =>
				cardDetail({
					mine: myGoldCard({ expiresAt: "2027-01-10T12:00:00.000Z" }),
					purchase: { allowed: true, extends: true },
				}),
			"/member/user/buyCard": () => purchaseView({ card: myGoldCard({ expiresAt: "2028-01-10T12:00:00.000Z" }) }),
		});
		renderDetail();
		expect((await screen.findByTestId("vip-yours")).textContent).toBe("这是您当前的会员卡，有效期至 2027年1月10日。");
		expect(screen.getByTestId("vip-buy").textContent).toBe("立即续费");
		const sheet = await openSheet();
		expect(within(sheet).getByTestId("vip-buy-when").textContent).toBe(
			"续费后，有效期在 2027年1月10日 的基础上再延长 365 天。",
		);
		await act(async () => {
			fireEvent.click(within(sheet).getByTestId("vip-pay"));
		});
		const done = await screen.findByTestId("vip-done");
		expect(done.textContent).toContain("续费成功");
		expect(within(done).getByTestId("vip-done-expiry").textContent).toBe("有效期已延长至 2028年1月10日");
		expect(server.to("/member/user/buyCard")).toHaveLength(1);
	});

	it("a balance short of the price says so, offers a recharge and pays through the gateway instead", async () => {
		const server = guestServer({
			...common,
			"/vip/getDetail": () => cardDetail({ balance: 1000 }),
			"/member/user/buyCard": () =>
				purchaseView({ status: "pending", payMethod: "sandbox", card: null, redirectUrl: "/sandbox/pay?p=51" }),
		});
		renderDetail();
		const sheet = await openSheet();
		const balance = within(sheet).getByTestId("pay-method-balance");
		expect(balance.dataset.unavailable).toBe("balanceShort");
		expect(balance.textContent).toContain("余额不足（可用 $10.00）");
		expect(within(sheet).getByTestId("vip-recharge").getAttribute("href")).toBe(Paths.balance);
		await waitFor(() =>
			expect(within(sheet).getByTestId("pay-method-sandbox").querySelector("input")?.checked).toBe(true),
		);
		await act(async () => {
			fireEvent.click(within(sheet).getByTestId("vip-pay"));
		});
		await waitFor(() => expect(server.to("/member/user/buyCard")).toHaveLength(1));
		expect(server.to("/member/user/buyCard")[0]?.body).toEqual({ cardTypeId: 3, payMethod: "sandbox" });
		// The page the gateway returns to will say "extended" only for a renewal.
		expect(sessionStorage.getItem("vipPurchaseExtends:51")).toBe("0");
	});

	it("when the server finds the balance short, says so with a recharge link; the next try is a new intent", async () => {
		const server = guestServer({
			...common,
			"/vip/getDetail": () => cardDetail(),
			"/member/user/buyCard": { code: ErrorCode.InsufficientBalance, msg: "余额不足" },
		});
		renderDetail();
		const sheet = await openSheet();
		await act(async () => {
			fireEvent.click(within(sheet).getByTestId("vip-pay"));
		});
		const refused = await within(sheet).findByTestId("vip-buy-refused");
		expect(refused.textContent).toContain("余额不足");
		expect(within(refused).getByTestId("vip-recharge").getAttribute("href")).toBe(Paths.balance);
		expect(screen.queryByTestId("vip-done")).toBeNull();

		await new Promise((resolve) => setTimeout(resolve, 600));
		await act(async () => {
			fireEvent.click(within(sheet).getByTestId("vip-pay"));
		});
		await waitFor(() => expect(server.to("/member/user/buyCard")).toHaveLength(2));
		const [first, second] = server.to("/member/user/buyCard");
		expect(second?.headers["idempotency-key"]).not.toBe(first?.headers["idempotency-key"]);
	});

	it("shows the server's reason instead of the buy button when the reader cannot buy it", async () => {
		const reason = "您已持有“银卡”，有效期至2027年3月1日。可续费同一张卡，或到期后再购买其他卡";
		guestServer({
			...common,
			"/vip/getDetail": () => cardDetail({ purchase: { allowed: false, reason } }),
		});
		renderDetail();
		const refusal = await screen.findByTestId("vip-refusal");
		expect(refusal.textContent).toContain("暂不能购买");
		expect(refusal.textContent).toContain(reason);
		expect(screen.queryByTestId("vip-buy")).toBeNull();
	});

	it("back from the gateway, follows the purchase until it is paid and shows the card", async () => {
		sessionStorage.setItem("vipPurchaseExtends:51", "1");
		let polls = 0;
		const server = guestServer({
			...common,
			"/vip/getDetail": () => cardDetail({ mine: myGoldCard(), purchase: { allowed: true, extends: true } }),
			"/vip/purchase": () => {
				polls += 1;
				return polls < 2
					? purchaseView({ status: "pending", payMethod: "sandbox", card: null })
					: purchaseView({ payMethod: "sandbox" });
			},
		});
		renderDetail({ id: 3, purchase: 51 });
		expect(await screen.findByTestId("vip-return-checking")).toBeTruthy();
		// Nothing to buy while the purchase is being confirmed.
		expect(screen.queryByTestId("vip-buy")).toBeNull();
		const done = await screen.findByTestId("vip-done", {}, { timeout: PURCHASE_POLL_MS + 2000 });
		expect(within(done).getByTestId("vip-done-expiry").textContent).toBe("有效期已延长至 2027年11月20日");
		expect(server.to("/vip/purchase")[0]?.query.get("id")).toBe("51");
		expect(screen.queryByTestId("vip-buy")).toBeNull();
	});

	it("back from a gateway payment that never completed, says so and offers the card again", async () => {
		guestServer({
			...common,
			"/vip/getDetail": () => cardDetail(),
			"/vip/purchase": () => purchaseView({ status: "expired", payMethod: "sandbox", card: null }),
		});
		renderDetail({ id: 3, purchase: 51 });
		const failed = await screen.findByTestId("vip-return-failed");
		expect(failed.textContent).toContain("支付未完成");
		expect(await screen.findByTestId("vip-buy")).toBeTruthy();
	});

	it("reads in Khmer", async () => {
		guestServer({ ...common, "/vip/getDetail": () => cardDetail({ card: goldCard({ validityDays: 1 }) }) });
		await applyLanguage("km");
		renderDetail();
		expect((await screen.findByTestId("vip-detail-validity")).textContent).toBe("1 ថ្ងៃ");
		expect(screen.getByTestId("vip-buy").textContent).toBe("ទិញឥឡូវ");
	});
});
