import { fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, onTestFinished, vi } from "vitest";
import { forgetFirstScreenShop } from "../../features/venues/first-shop";
import { applyLanguage } from "../../lib/i18n";
import { Paths, TabPaths } from "../../lib/paths";
import { queryClient } from "../../lib/query-client";
import { appStore } from "../../lib/store";
import { currentToast, hideToast } from "../../lib/toast";
import { closedShop, fakeServer, shop, usdConfig } from "../../test/ordering-fixtures";
import { renderScreen } from "../../test/render";
import HomeScreen from "./home-screen";

function renderHome() {
	return renderScreen(<HomeScreen />, { path: TabPaths.home, otherPaths: [TabPaths.menu, Paths.scan, Paths.dueIndex] });
}

beforeEach(async () => {
	localStorage.clear();
	appStore.reload();
	queryClient.clear();
	hideToast();
	await applyLanguage("zh-CN");
});

afterEach(() => {
	vi.useRealTimers();
});

/** Holds store/nearby back (behind the fake server) until the returned function is called. */
function holdNearby(): () => void {
	const answer = globalThis.fetch;
	let release = () => {};
	const released = new Promise<void>((resolve) => {
		release = resolve;
	});
	vi.stubGlobal("fetch", async (input: RequestInfo | URL, init?: RequestInit) => {
		if (String(input).includes("/store/nearby")) await released;
		return answer(input, init);
	});
	return release;
}

describe("home", () => {
	it("shows the nearest shop: name, open now, today's hours, address and notice", async () => {
		const server = fakeServer({
			"/system/config": { code: 0, data: usdConfig },
			"/store/nearby": { code: 0, data: shop() },
		});
		renderHome();
		expect((await screen.findByTestId("home-shop-name")).textContent).toBe("Bayon 河畔店");
		expect(screen.getByTestId("shop-status").textContent).toBe("营业中");
		expect(screen.getByTestId("home-shop-hours").textContent).toBe("今日营业 08:00–22:00");
		expect(screen.getByTestId("home-shop-address").textContent).toContain("西索瓦码头路");
		expect(screen.getByTestId("home-shop-notice").textContent).toBe("欢迎光临");
		expect(screen.getByTestId("home-shop-phone").getAttribute("href")).toBe("tel:+85523900123");
		expect(screen.queryByTestId("home-shop-opens")).toBeNull();
		expect(screen.getByTestId("entry-delivery-terms").textContent).toBe("配送费 $1.00 起");
		// No position was granted: the shop is asked for without a point.
		expect(server.requested).toContain("/store/nearby");
	});

	it("keeps the shop card's place while the shop loads, and shows what follows the card only with it", async () => {
		fakeServer({
			"/system/config": { code: 0, data: usdConfig },
			"/store/nearby": { code: 0, data: shop() },
		});
		const answerShop = holdNearby();
		renderHome();

		const loading = await screen.findByTestId("state-loading");
		expect(loading.classList).toContain("home-shop");
		// Nothing below the card yet, so nothing is pushed down when the card grows (layout shift).
		expect(screen.queryByTestId("entry-self-pickup")).toBeNull();
		expect(screen.queryByTestId("entry-scan")).toBeNull();

		answerShop();
		await screen.findByTestId("home-shop-name");
		expect(screen.queryByTestId("state-loading")).toBeNull();
		expect(screen.getByTestId("entry-self-pickup")).toBeTruthy();
		expect(screen.getByTestId("entry-scan")).toBeTruthy();
	});

	describe("with the shop the page came with (decision 025)", () => {
		/** What the server writes into index.html for a first visit: the nearest shop per language. */
		function pageWithShop(shops: Record<string, unknown>) {
			const data = document.createElement("script");
			data.type = "application/json";
			data.id = "first-shop-data";
			data.textContent = JSON.stringify(shops);
			document.body.append(data);
			forgetFirstScreenShop();
			onTestFinished(() => {
				data.remove();
				document.documentElement.removeAttribute("data-boot-shop");
				forgetFirstScreenShop();
			});
		}

		it("draws that shop's card in the first render, in the reader's language, then the answer's", async () => {
			pageWithShop({ "zh-CN": shop({ name: "页面里的店" }), en: shop({ name: "The page's shop" }) });
			fakeServer({
				"/system/config": { code: 0, data: usdConfig },
				"/store/nearby": { code: 0, data: shop({ name: "Bayon 河畔店", notice: "新公告" }) },
			});
			const release = holdNearby();
			renderHome();

			expect(screen.getByTestId("home-shop-name").textContent).toBe("页面里的店");
			expect(screen.queryByTestId("state-loading")).toBeNull();
			// Shown, not remembered: a remembered shop would stop the nearest being asked for.
			expect(appStore.getState().store).toBeNull();

			release();
			await waitFor(() => expect(screen.getByTestId("home-shop-name").textContent).toBe("Bayon 河畔店"));
			expect(screen.getByTestId("home-shop-notice").textContent).toBe("新公告");
			await waitFor(() => expect(appStore.getState().store).toMatchObject({ id: shop().id, name: "Bayon 河畔店" }));
		});

		it("waits for the answer when the frame turned the page's shop off (a position allowed, a branch chosen)", async () => {
			pageWithShop({ "zh-CN": shop({ name: "页面里的店" }) });
			document.documentElement.setAttribute("data-boot-shop", "off");
			fakeServer({
				"/system/config": { code: 0, data: usdConfig },
				"/store/nearby": { code: 0, data: shop({ name: "Bayon 河畔店" }) },
			});
			const release = holdNearby();
			renderHome();

			expect(await screen.findByTestId("state-loading")).toBeTruthy();
			expect(screen.queryByText("页面里的店")).toBeNull();
			release();
			expect((await screen.findByTestId("home-shop-name")).textContent).toBe("Bayon 河畔店");
		});
	});

	it("falls back to the shop list when nearby has none", async () => {
		fakeServer({
			"/store/nearby": { code: 0, data: null },
			"/store/list": { code: 0, data: [shop({ name: "List shop" })] },
		});
		renderHome();
		expect((await screen.findByTestId("home-shop-name")).textContent).toBe("List shop");
	});

	it("says when a closed shop opens again, on the shop's clock", async () => {
		vi.useFakeTimers({ toFake: ["Date"] });
		vi.setSystemTime(new Date("2026-11-20T23:00:00Z")); // 06:00 in Phnom Penh
		fakeServer({
			"/store/nearby": { code: 0, data: closedShop("2026-11-21T01:00:00Z") },
			"/store/getShop": { code: 0, data: { ...closedShop(), timezone: "Asia/Phnom_Penh" } },
		});
		renderHome();
		expect((await screen.findByTestId("shop-status")).textContent).toBe("休息中");
		await waitFor(() => expect(screen.getByTestId("home-shop-opens").textContent).toBe("今天 08:00 开始营业"));
	});

	it("self-pickup and delivery set the order type and open the menu", async () => {
		fakeServer({ "/store/nearby": { code: 0, data: shop() } });
		renderHome();
		await screen.findByTestId("home-shop-name");
		fireEvent.click(screen.getByTestId("entry-delivery"));
		expect(appStore.getState().orderType).toBe("takeout");
		expect(await screen.findByTestId(`at:${TabPaths.menu}`)).toBeTruthy();
	});

	it("a shop without delivery says so instead of switching", async () => {
		fakeServer({ "/store/nearby": { code: 0, data: shop({ orderTypes: ["takein"] }) } });
		renderHome();
		await screen.findByTestId("home-shop-name");
		fireEvent.click(screen.getByTestId("entry-delivery"));
		expect(currentToast()?.text).toBe("该门店暂不支持外卖配送");
		expect(appStore.getState().orderType).toBe("takein");
	});

	it("shows an error with a retry when no shop can be loaded", async () => {
		fakeServer({ "/store/nearby": { code: 500, msg: "x" }, "/store/list": { code: 500, msg: "系统繁忙" } });
		renderHome();
		expect((await screen.findByTestId("state-error")).textContent).toContain("系统繁忙");
		fakeServer({ "/store/nearby": { code: 0, data: shop() } });
		fireEvent.click(screen.getByTestId("retry"));
		expect((await screen.findByTestId("home-shop-name")).textContent).toBe("Bayon 河畔店");
	});
});
