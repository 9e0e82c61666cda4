import { compactShopMenu, type ShopMenu } from "@bayon/contract";
import { act, fireEvent, screen, within } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { applyLanguage } from "../../../lib/i18n";
import { chooseLanguage } from "../../../lib/i18n/language";
import { Paths, TabPaths } from "../../../lib/paths";
import { queryClient } from "../../../lib/query-client";
import { appStore } from "../../../lib/store";
import { fakeServer, group, menuItem, option, shop, usdConfig } from "../../../test/ordering-fixtures";
import { renderScreen } from "../../../test/render";
import MenuScreen from "./menu-screen";

/** The demo menu's tea in two languages: the server answers in the one the request asks for. */
function teaMenu(lang: string): ShopMenu {
	const en = lang === "en";
	const size = (id: number, first: number) =>
		group(id, en ? "Size" : "杯型", 1, 1, [
			option(first, en ? "Regular" : "中杯", { isDefault: true }),
			option(first + 1, en ? "Large" : "大杯", { priceDelta: 50 }),
		]);
	return {
		shopId: 1,
		categories: [
			{
				id: 1,
				name: en ? "Milk tea" : "奶茶",
				items: [
					menuItem(5, en ? "Pearl milk tea" : "珍珠奶茶", { optionGroups: [size(1, 11)] }),
					menuItem(6, en ? "Taro milk tea" : "芋泥奶茶", { optionGroups: [size(2, 13)] }),
				],
			},
		],
	};
}

/** Serves the menu as the server does (compact, in the X-Lang language), the rest from fixtures. */
function serveMenuByLanguage(): { menuLanguages: string[] } {
	fakeServer({
		"/system/config": { code: 0, data: usdConfig },
		"/store/nearby": { code: 0, data: shop() },
		"/store/getShop": { code: 0, data: { ...shop(), timezone: "Asia/Phnom_Penh" } },
	});
	const others = globalThis.fetch;
	const menuLanguages: string[] = [];
	vi.stubGlobal("fetch", async (input: RequestInfo | URL, init?: RequestInit) => {
		if (!new URL(String(input), "http://localhost").pathname.endsWith("/product/products")) return others(input, init);
		const lang = new Headers(init?.headers).get("x-lang") ?? "zh-CN";
		menuLanguages.push(lang);
		return new Response(JSON.stringify({ code: 0, msg: "", data: compactShopMenu(teaMenu(lang)) }));
	});
	return { menuLanguages };
}

beforeEach(async () => {
	localStorage.clear();
	appStore.reload();
	queryClient.clear();
	await applyLanguage("zh-CN");
});

describe("the menu's language", () => {
	it("reads the compact menu whole, and fetches it again in the language the reader switches to", async () => {
		const server = serveMenuByLanguage();
		renderScreen(<MenuScreen />, { path: TabPaths.menu, otherPaths: [Paths.cart, Paths.menuDetail] });

		const tea = await screen.findByTestId("item-5");
		expect(tea.textContent).toContain("珍珠奶茶");
		expect(screen.getByTestId("item-6").textContent).toContain("芋泥奶茶");

		await act(() => chooseLanguage({ code: "en", name: "English" }));

		expect((await screen.findByText("Pearl milk tea")).closest("[data-testid='item-5']")).toBeTruthy();
		expect(within(screen.getByTestId("item-6")).getByText("Taro milk tea")).toBeTruthy();
		expect(screen.queryByText("珍珠奶茶")).toBeNull();
		expect(server.menuLanguages).toEqual(["zh-CN", "en"]);
		// The second tea's sizes are the shared group with its own option ids.
		fireEvent.click(within(screen.getByTestId("item-6")).getByTestId("item-choose"));
		const sheet = await screen.findByTestId("options-sheet");
		expect(within(sheet).getByTestId("option-14").textContent).toContain("Large");
		expect(within(sheet).getByTestId("option-13").textContent).toContain("Regular");
	});
});
