import type { MemberInfo } from "@bayon/contract";
import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { applyLanguage } from "../../../lib/i18n";
import { Paths, TabPaths } from "../../../lib/paths";
import { queryClient } from "../../../lib/query-client";
import { appStore } from "../../../lib/store";
import { hideToast } from "../../../lib/toast";
import { renderScreen } from "../../../test/render";
import MineScreen from "./mine-screen";

const member: MemberInfo = {
	id: 1,
	nickname: "老板",
	avatar: null,
	mobile: "13800000001",
	gender: 1,
	birthday: null,
	balance: 123456,
	points: 2500,
	couponCount: 3,
	userType: "merchant_owner",
	isMerchant: true,
	merchantShops: [{ shopId: 1, shopName: "Bayon", role: "owner" }],
	telegramLinked: false,
	isPlatformOperator: false,
	isBusinessAdmin: true,
};

type Answer = { code: number; msg?: string; data?: unknown };
let answers: Record<string, Answer[]> = {};
let requested: string[] = [];

/** Answers per path, in order; the last answer repeats. */
function fakeServer(byPath: Record<string, Answer | Answer[]>) {
	answers = Object.fromEntries(Object.entries(byPath).map(([k, v]) => [k, Array.isArray(v) ? [...v] : [v]]));
	requested = [];
	vi.stubGlobal(
		"fetch",
		vi.fn(async (input: RequestInfo | URL) => {
			const path = (String(input).split("?")[0] ?? "").replace("/app-api", "");
			requested.push(path);
			const queue = answers[path] ?? [{ code: 0, data: null }];
			const answer = queue.length > 1 ? queue.shift() : queue[0];
			return new Response(JSON.stringify({ msg: "", ...answer }));
		}),
	);
}

const config = {
	code: 0,
	data: {
		tenantId: 1,
		tenantName: "Bayon",
		currency: { code: "KHR", symbol: "៛", decimals: 2, rate: 41, symbolPosition: "after" },
		telegramLoginEnabled: false,
	},
};

function signIn() {
	localStorage.setItem("accessToken", "t");
	localStorage.setItem("userinfo", JSON.stringify(member));
	appStore.reload();
}

function renderMine() {
	return renderScreen(<MineScreen />, { path: TabPaths.mine, otherPaths: [Paths.mineContent, Paths.login] });
}

beforeEach(async () => {
	localStorage.clear();
	appStore.reload();
	queryClient.clear();
	hideToast();
	await applyLanguage("zh-CN");
});

describe("mine tab", () => {
	it("offers a visitor the sign-in entry and fetches no member info", async () => {
		fakeServer({
			"/system/config": config,
			"/service/list": { code: 0, data: [] },
			"/news/list": { code: 0, data: { list: [], total: 0 } },
		});
		renderMine();

		expect(await screen.findByTestId("mine-sign-in")).toBeTruthy();
		expect(screen.getByTestId("mine-balance").textContent).toContain("--");
		await waitFor(() => expect(screen.getAllByTestId("state-empty")).toHaveLength(2));
		expect(requested).not.toContain("/member/user/get-info");
		expect(screen.queryByTestId("sign-out")).toBeNull();
		expect(screen.queryByTestId("link-notices")).toBeNull();
	});

	it("shows the member's summary, balance in the server's currency, points and the merchant entry", async () => {
		signIn();
		fakeServer({
			"/member/user/get-info": { code: 0, data: member },
			"/system/config": config,
			"/service/list": { code: 0, data: [{ id: 4, slug: "help", name: "帮助中心", icon: "help" }] },
			"/news/list": {
				code: 0,
				data: {
					list: [{ id: 9, title: "新店开业", summary: "欢迎光临", publishedAt: new Date().toISOString() }],
					total: 1,
				},
			},
		});
		renderMine();

		expect((await screen.findByTestId("mine-nickname")).textContent).toBe("老板");
		expect(screen.getByTestId("mine-phone").textContent).toBe("138****0001");
		// 1234.56 USD × 41 = 50616.96, symbol after
		await waitFor(() => expect(screen.getByTestId("mine-balance").textContent).toContain("50,616.96៛"));
		expect(screen.getByTestId("mine-points").textContent).toContain("2,500");
		expect(screen.getByTestId("mine-points").getAttribute("href")).toBe(Paths.pointsBill);
		expect(screen.getByTestId("link-merchant")).toBeTruthy();
		// The Telegram message switches, for signed-in members.
		expect(screen.getByTestId("link-notices").getAttribute("href")).toBe(Paths.mineNotices);
		// Not a platform operator: no platform entry.
		expect(screen.queryByTestId("mine-platform")).toBeNull();
		expect((await screen.findByTestId("service-help")).getAttribute("href")).toBe(`${Paths.mineContent}?id=4`);
		expect(within(await screen.findByTestId("news-list")).getByText("新店开业")).toBeTruthy();
		// Signing out asks first; cancelling keeps the member signed in.
		expect(screen.queryByTestId("sign-out-confirm")).toBeNull();
		fireEvent.click(screen.getByTestId("sign-out"));
		expect(screen.getByTestId("sign-out-confirm").textContent).toContain("确定退出登录吗");
		fireEvent.click(within(screen.getByTestId("sign-out-confirm")).getByText("取消"));
		expect(screen.queryByTestId("sign-out-confirm")).toBeNull();
	});

	it("shows a platform operator the platform's pages: withdrawal review, shop wallets, terms", async () => {
		const operator = { ...member, isMerchant: false, merchantShops: [], isPlatformOperator: true };
		localStorage.setItem("accessToken", "t");
		localStorage.setItem("userinfo", JSON.stringify(operator));
		appStore.reload();
		fakeServer({ "/member/user/get-info": { code: 0, data: operator }, "/system/config": config });
		renderMine();

		const entry = await screen.findByTestId("mine-platform");
		expect(within(entry).getByTestId("link-platform-withdrawals").getAttribute("href")).toBe(Paths.platformWithdrawals);
		expect(within(entry).getByTestId("link-platform-withdrawals").textContent).toBe("平台提现审核");
		expect(within(entry).getByTestId("link-platform-shops").getAttribute("href")).toBe(Paths.platformShops);
		expect(within(entry).getByTestId("link-platform-settings").getAttribute("href")).toBe(Paths.platformSettings);
		expect(screen.queryByTestId("link-merchant")).toBeNull();
	});

	it("shows the member's active card with its expiry, else an entry to become a member; both open vip/vip", async () => {
		signIn();
		const card = {
			cardTypeId: 3,
			name: "金卡",
			startsAt: "2026-11-20T12:00:00.000Z",
			expiresAt: "2027-11-20T12:00:00.000Z",
			active: true,
			benefits: { discountPercent: 10, discountCap: null, freeDelivery: true, pointsPercent: 100 },
		};
		const base = { "/member/user/get-info": { code: 0, data: member }, "/system/config": config };
		fakeServer({ ...base, "/vip/getList": { code: 0, data: { cards: [], mine: card, balance: 0 } } });
		const first = renderMine();
		const entry = await screen.findByTestId("mine-vip-card");
		expect(entry.textContent).toContain("金卡");
		expect(within(entry).getByTestId("mine-vip-expiry").textContent).toBe("有效期至 2027年11月20日");
		expect(entry.getAttribute("href")).toBe(Paths.vip);
		first.unmount();
		queryClient.clear();

		// An expired card is no card here.
		fakeServer({
			...base,
			"/vip/getList": { code: 0, data: { cards: [], mine: { ...card, active: false }, balance: 0 } },
		});
		renderMine();
		await waitFor(() => expect(requested).toContain("/vip/getList"));
		await waitFor(() => expect(queryClient.isFetching({ queryKey: ["vipCards"] })).toBe(0));
		const join = await screen.findByTestId("mine-vip-join");
		expect(join.textContent).toContain("开通会员");
		expect(join.getAttribute("href")).toBe(Paths.vip);
		expect(screen.queryByTestId("mine-vip-card")).toBeNull();
	});

	it("shows an error with a retry button when the service list fails, and recovers", async () => {
		fakeServer({
			"/system/config": config,
			"/service/list": [
				{ code: 500, msg: "系统繁忙" },
				{ code: 0, data: [{ id: 5, slug: "about", name: "关于我们", icon: "about" }] },
			],
			"/news/list": { code: 0, data: { list: [], total: 0 } },
		});
		renderMine();

		const error = await screen.findByTestId("state-error");
		expect(within(error).getByText("系统繁忙")).toBeTruthy();
		await act(async () => {
			fireEvent.click(within(error).getByTestId("retry"));
		});

		expect((await screen.findByTestId("service-about")).textContent).toContain("关于我们");
	});

	it("lists the server's languages and switches to the one picked", async () => {
		appStore.setState({
			languages: [
				{ code: "zh-CN", name: "简体中文" },
				{ code: "en", name: "English" },
				{ code: "km", name: "ខ្មែរ" },
			],
		});
		fakeServer({ "/system/config": config, "/news/list": { code: 0, data: { list: [], total: 0 } } });
		renderMine();
		await screen.findByTestId("language-switcher");

		expect(screen.getByRole("radio", { name: "简体中文" })).toHaveProperty("checked", true);
		await act(async () => {
			fireEvent.click(screen.getByRole("radio", { name: "ខ្មែរ" }));
		});

		await waitFor(() => expect(screen.getByTestId("language-km")).toHaveProperty("checked", true));
		// The radio is checked at once; the Khmer strings arrive when their chunk has loaded.
		await waitFor(() => expect(screen.getByRole("group", { name: "ភាសា" })).toBeTruthy());
		expect(localStorage.getItem("language")).toBe("km");
		await applyLanguage("zh-CN");
	});
});
