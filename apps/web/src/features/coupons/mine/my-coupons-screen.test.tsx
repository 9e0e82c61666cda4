import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { applyLanguage } from "../../../lib/i18n";
import { Paths, withQuery } from "../../../lib/paths";
import { appStore } from "../../../lib/store";
import { renderScreen } from "../../../test/render";
import { myGoldCard } from "../../membership/guest-testing";
import { startAsGuest } from "../../reservations/guest-testing";
import { couponServer, freeDeliveryTerms, myCoupon, page, percentTerms } from "../guest-testing";
import MyCouponsScreen from "./my-coupons-screen";

function renderMine(url: string = Paths.coupons) {
	return renderScreen(<MyCouponsScreen />, {
		path: Paths.coupons,
		url,
		otherPaths: [Paths.login, Paths.packages, Paths.orderDetail, Paths.menu, Paths.vip],
	});
}

beforeEach(startAsGuest);

afterEach(async () => {
	cleanup();
	await applyLanguage("zh-CN");
	vi.unstubAllGlobals();
});

const unused = [
	myCoupon(11),
	myCoupon(12, { title: "自取八折", terms: percentTerms(), enabled: false }),
	myCoupon(13, {
		title: "免配送费",
		terms: freeDeliveryTerms(),
		validFrom: "2099-01-01T12:00:00.000Z",
		instructions: "",
	}),
];
const used = [
	myCoupon(21, {
		status: 1,
		usedOrderId: 901,
		usedAt: "2026-11-24T12:00:00.000Z",
		validUntil: "2026-12-20T12:00:00.000Z",
	}),
];
const expired = [myCoupon(31, { status: 2, validUntil: "2026-11-01T12:00:00.000Z" })];

function tabsServer() {
	return couponServer({
		"/vip/getList": () => ({ cards: [], mine: myGoldCard(), balance: 0 }),
		"/coupon/my": (_, url) => {
			const status = url.searchParams.get("status");
			return page(status === "1" ? used : status === "2" ? expired : unused);
		},
	});
}

const rows = () =>
	within(screen.getByTestId("coupons-list"))
		.getAllByRole("article")
		.map((ticket) => ticket.dataset.testid);

describe("coupons/coupons, my cards and coupons", () => {
	it("lists the unused coupons, each saying where and when it works; a switched-off one says so", async () => {
		const server = tabsServer();
		renderMine();
		await screen.findByTestId("coupon-11");
		expect(rows()).toEqual(["coupon-11", "coupon-12", "coupon-13"]);
		expect(server.to("/coupon/my")[0]?.query.get("status")).toBe("0");
		expect(server.to("/coupon/my")[0]?.query.get("page")).toBe("1");
		expect(screen.getAllByRole("tab").map((tab) => tab.textContent)).toEqual(["未使用", "已使用", "已过期"]);
		expect(screen.getByTestId("coupons-tab-0").getAttribute("aria-selected")).toBe("true");

		const first = screen.getByTestId("coupon-11");
		expect(within(first).getByTestId("coupon-face").textContent).toBe("$5.00满 $15.00 可用");
		expect(within(first).getByTestId("coupon-shops").textContent).toBe("全部门店可用");
		expect(within(first).getByTestId("coupon-when").textContent).toMatch(/^有效期至 2099年11月20日 \d\d:00$/);
		expect(within(first).getByTestId("coupon-use").getAttribute("href")).toBe(Paths.menu);
		fireEvent.click(within(first).getByTestId("coupon-instructions-toggle"));
		expect(within(first).getByTestId("coupon-instructions").textContent).toBe("每单限用一张。");

		const off = screen.getByTestId("coupon-12");
		expect(within(off).getByTestId("coupon-switched-off").textContent).toBe("商家已停用此券，暂时不能使用");
		expect(within(off).queryByTestId("coupon-use")).toBeNull();
		expect(off.className).toContain("is-muted");
		expect(within(off).getByTestId("coupon-use-type").textContent).toBe("仅限自取订单");

		const later = screen.getByTestId("coupon-13");
		expect(within(later).getByTestId("coupon-when").textContent).toMatch(/^2099年1月1日 \d\d:00 起可用 · 有效期至/);
		expect(within(later).getByTestId("coupon-use-type").textContent).toBe("仅限外卖订单");

		// The page is "my cards and coupons": the member's VIP card on top, to its page.
		expect((await screen.findByTestId("mine-vip-card")).getAttribute("href")).toBe(Paths.vip);
		expect(screen.getByTestId("coupons-center-link").getAttribute("href")).toBe(Paths.packages);
	});

	it("switches to used and expired, asking the server for that status; a used one links to its order", async () => {
		const server = tabsServer();
		const { router } = renderMine();
		await screen.findByTestId("coupon-11");
		fireEvent.click(screen.getByTestId("coupons-tab-1"));
		await waitFor(() => expect(rows()).toEqual(["coupon-21"]));
		expect(router.state.location.search).toBe("?status=1");
		expect(server.to("/coupon/my").at(-1)?.query.get("status")).toBe("1");
		const usedOne = screen.getByTestId("coupon-21");
		expect(within(usedOne).getByTestId("coupon-when").textContent).toMatch(/^已于 2026年11月24日 \d\d:00 使用$/);
		expect(usedOne.textContent).toContain("已使用");
		expect(within(usedOne).queryByTestId("coupon-use")).toBeNull();
		fireEvent.click(within(usedOne).getByTestId("coupon-order"));
		expect(`${router.state.location.pathname}${router.state.location.search}`).toBe(
			withQuery(Paths.orderDetail, { id: 901 }),
		);
	});

	it("opens on the tab in the address; an expired coupon says when it ended", async () => {
		const server = tabsServer();
		renderMine(withQuery(Paths.coupons, { status: 2 }));
		const ended = await screen.findByTestId("coupon-31");
		expect(server.to("/coupon/my")[0]?.query.get("status")).toBe("2");
		expect(screen.getByTestId("coupons-tab-2").getAttribute("aria-selected")).toBe("true");
		expect(within(ended).getByTestId("coupon-when").textContent).toMatch(/^已于 2026年11月1日 \d\d:00 过期$/);
		expect(ended.className).toContain("is-muted");
	});

	it("loads the next page on reaching the end, each coupon once", async () => {
		// The second page repeats the first's last coupon (a claim in between shifted the pages).
		const firstPage = Array.from({ length: 20 }, (_, index) => myCoupon(100 - index));
		const server = couponServer({
			"/coupon/my": (_, url) =>
				url.searchParams.get("page") === "1" ? page(firstPage, 22) : page([myCoupon(81), myCoupon(80)], 22),
		});
		renderMine();
		await screen.findByTestId("coupon-80");
		expect(server.to("/coupon/my").map((call) => [call.query.get("page"), call.query.get("pageSize")])).toEqual([
			["1", "20"],
			["2", "20"],
		]);
		expect(rows()).toHaveLength(21);
		expect(rows().filter((id) => id === "coupon-81")).toHaveLength(1);
		expect(screen.getByTestId("coupons-list-end").textContent).toBe("没有更多了");
	});

	it("each tab has its own empty state, leading to the coupon centre; in English and Khmer too", async () => {
		couponServer({ "/coupon/my": () => page([]) });
		const { router } = renderMine(withQuery(Paths.coupons, { status: 1 }));
		expect((await screen.findByTestId("state-empty")).textContent).toContain("还没有用过优惠券");
		fireEvent.click(screen.getByTestId("coupons-to-center"));
		expect(router.state.location.pathname).toBe(Paths.packages);
		cleanup();

		await applyLanguage("en");
		const english = renderMine();
		expect((await screen.findByTestId("state-empty")).textContent).toContain("No coupons to use");
		english.unmount();
		await applyLanguage("km");
		renderMine(withQuery(Paths.coupons, { status: 2 }));
		expect((await screen.findByTestId("state-empty")).textContent).toContain("មិនមានគូប៉ុងផុតកំណត់ទេ");
		expect(screen.getAllByRole("tab").map((tab) => tab.textContent)).toEqual(["មិនទាន់ប្រើ", "បានប្រើ", "ផុតកំណត់"]);
	});

	it("sends a visitor to sign in, coming back here", async () => {
		localStorage.clear();
		appStore.reload();
		const server = couponServer({});
		const { router } = renderMine(withQuery(Paths.coupons, { status: 1 }));
		await waitFor(() => expect(router.state.location.pathname).toBe(Paths.login));
		expect(router.state.location.search).toBe(`?${new URLSearchParams({ redirect: `${Paths.coupons}?status=1` })}`);
		expect(server.to("/coupon/my")).toHaveLength(0);
	});
});
