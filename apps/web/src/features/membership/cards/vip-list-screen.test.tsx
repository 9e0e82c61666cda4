import { act, cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { applyLanguage } from "../../../lib/i18n";
import { Paths, withQuery } from "../../../lib/paths";
import { appStore } from "../../../lib/store";
import { usdConfig } from "../../../test/ordering-fixtures";
import { renderScreen } from "../../../test/render";
import { guestServer, startAsGuest } from "../../reservations/guest-testing";
import { goldCard, myGoldCard, silverCard } from "../guest-testing";
import VipListScreen from "./vip-list-screen";

function renderList() {
	return renderScreen(<VipListScreen />, {
		path: Paths.vip,
		otherPaths: [Paths.login, Paths.vipDetail],
	});
}

const config = { "/system/config": { code: 0, data: usdConfig } };

function signOut() {
	localStorage.removeItem("accessToken");
	localStorage.removeItem("refreshToken");
	localStorage.removeItem("userinfo");
	appStore.reload();
}

beforeEach(startAsGuest);

afterEach(async () => {
	// Unmounted first: a language change would have the page ask again, past the fake server.
	cleanup();
	await applyLanguage("zh-CN");
	vi.unstubAllGlobals();
});

describe("vip/vip", () => {
	it("shows the member's active card and the cards on sale with their price, validity and benefits", async () => {
		guestServer({
			...config,
			"/vip/getList": () => ({ cards: [goldCard(), silverCard()], mine: myGoldCard(), balance: 10_000 }),
		});
		renderList();

		const mine = await screen.findByTestId("my-card");
		expect(within(mine).getByText("金卡")).toBeTruthy();
		expect(within(mine).getByTestId("my-card-status").textContent).toBe("生效中");
		expect(within(mine).getByTestId("my-card-expiry").textContent).toBe("有效期至 2027年11月20日");
		expect(within(mine).getByRole("link").getAttribute("href")).toBe(withQuery(Paths.vipDetail, { id: 3 }));

		const gold = screen.getByTestId("vip-card-3");
		expect(gold.getAttribute("href")).toBe(withQuery(Paths.vipDetail, { id: 3 }));
		expect(within(gold).getByTestId("vip-card-price").textContent).toBe("$29.00");
		expect(gold.textContent).toContain("365 天有效");
		expect([...gold.querySelectorAll("[data-benefit]")].map((line) => line.textContent)).toEqual([
			"下单立减 10%（每单最多减 $5.00）",
			"免配送费",
			"积分 ×2",
		]);
		// No cap, no delivery, ×1 points: only the discount is a benefit.
		const silver = screen.getByTestId("vip-card-4");
		expect([...silver.querySelectorAll("[data-benefit]")].map((line) => line.textContent)).toEqual(["下单立减 5%"]);
		expect(screen.queryByTestId("vip-sign-in")).toBeNull();
	});

	it("marks a card that ran out as expired, with the day it ended", async () => {
		guestServer({
			...config,
			"/vip/getList": () => ({ cards: [goldCard()], mine: myGoldCard({ active: false }), balance: 0 }),
		});
		renderList();
		const mine = await screen.findByTestId("my-card");
		expect(within(mine).getByTestId("my-card-status").textContent).toBe("已过期");
		expect(within(mine).getByTestId("my-card-expiry").textContent).toBe("已于 2027年11月20日 到期");
	});

	it("shows a visitor the cards and asks them to sign in to buy, coming back here", async () => {
		signOut();
		guestServer({ ...config, "/vip/getList": () => ({ cards: [goldCard()], mine: null, balance: null }) });
		renderList();

		const prompt = await screen.findByTestId("vip-sign-in");
		expect(prompt.textContent).toContain("登录后即可购买会员卡");
		expect(within(prompt).getByTestId("vip-sign-in-button").getAttribute("href")).toBe(
			withQuery(Paths.login, { redirect: Paths.vip }),
		);
		expect(screen.getByTestId("vip-card-3")).toBeTruthy();
		expect(screen.queryByTestId("my-card")).toBeNull();
	});

	it("says when no card is on sale", async () => {
		guestServer({ ...config, "/vip/getList": () => ({ cards: [], mine: null, balance: 0 }) });
		renderList();
		expect((await screen.findByTestId("state-empty")).textContent).toContain("暂时没有在售的会员卡");
	});

	it("shows an error with a retry, and the cards once it works", async () => {
		const failing = guestServer({ ...config, "/vip/getList": { code: 500, msg: "系统繁忙" } });
		renderList();
		const error = await screen.findByTestId("state-error");
		expect(error.textContent).toContain("系统繁忙");
		expect(failing.to("/vip/getList")).toHaveLength(1);

		guestServer({ ...config, "/vip/getList": () => ({ cards: [goldCard()], mine: null, balance: 0 }) });
		await act(async () => {
			fireEvent.click(within(error).getByTestId("retry"));
		});
		expect(await screen.findByTestId("vip-card-3")).toBeTruthy();
	});

	it("reads the benefits in English and Khmer", async () => {
		guestServer({ ...config, "/vip/getList": () => ({ cards: [goldCard()], mine: null, balance: 0 }) });
		await applyLanguage("en");
		const first = renderList();
		const gold = await screen.findByTestId("vip-card-3");
		expect([...gold.querySelectorAll("[data-benefit]")].map((line) => line.textContent)).toEqual([
			"10% off every order (up to $5.00 per order)",
			"Free delivery",
			"Points ×2",
		]);
		expect(gold.textContent).toContain("Valid for 365 days");
		first.unmount();

		await applyLanguage("km");
		renderList();
		await waitFor(() => expect(screen.getByTestId("vip-card-3").textContent).toContain("ដឹកជញ្ជូនឥតគិតថ្លៃ"));
		expect(screen.getByTestId("vip-card-3").textContent).toContain("បញ្ចុះ 10% រាល់ការកម្មង់");
	});
});
