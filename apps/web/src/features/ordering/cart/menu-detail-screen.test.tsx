import { fireEvent, screen } from "@testing-library/react";
import { beforeEach, describe, expect, it } from "vitest";
import { applyLanguage } from "../../../lib/i18n";
import { Paths, withQuery } from "../../../lib/paths";
import { queryClient } from "../../../lib/query-client";
import { appStore } from "../../../lib/store";
import { currentToast, hideToast } from "../../../lib/toast";
import { fakeServer, milkTea, shop, usdConfig } from "../../../test/ordering-fixtures";
import { renderScreen } from "../../../test/render";
import MenuDetailScreen from "./menu-detail-screen";

function renderDetail(id: string) {
	return renderScreen(<MenuDetailScreen />, {
		path: Paths.menuDetail,
		url: `${Paths.menuDetail}?id=${id}`,
		otherPaths: [Paths.cart],
	});
}

beforeEach(async () => {
	localStorage.clear();
	appStore.reload();
	queryClient.clear();
	hideToast();
	await applyLanguage("zh-CN");
});

describe("menudetail", () => {
	it("shows one item in full and adds it with the chosen options", async () => {
		const server = fakeServer({
			"/system/config": { code: 0, data: usdConfig },
			"/store/nearby": { code: 0, data: shop() },
			[`/product/detail/${milkTea.id}`]: { code: 0, data: milkTea },
		});
		renderDetail(String(milkTea.id));

		expect((await screen.findByTestId("detail-name")).textContent).toBe("珍珠奶茶");
		expect(screen.getByTestId("detail-price").textContent).toBe("$2.75");
		const add = screen.getByTestId("add-to-cart") as HTMLButtonElement;
		expect(add.disabled).toBe(true);
		expect(screen.getByTestId("add-reason").textContent).toBe("请选择甜度");

		const sweetness = screen.getByTestId("option-22").querySelector("input");
		if (!sweetness) throw new Error("no input");
		fireEvent.click(sweetness);
		await screen.findByTestId("order-type"); // the shop has arrived
		fireEvent.click(add);
		expect(currentToast()?.text).toBe("已加入购物车");
		expect(appStore.getState().cart).toEqual([expect.objectContaining({ shopId: 1, key: "5:11,22", quantity: 1 })]);
		expect(screen.getByTestId("detail-cart-link").getAttribute("href")).toBe(Paths.cart);
		expect(server.requested).toContain(`/product/detail/${milkTea.id}`);
	});

	it("says so for a missing or malformed id", async () => {
		fakeServer({});
		renderDetail("abc");
		expect((await screen.findByTestId("state-empty")).textContent).toContain("没有找到该商品");
		expect(withQuery(Paths.menuDetail, { id: 5 })).toBe(`${Paths.menuDetail}?id=5`);
	});
});
