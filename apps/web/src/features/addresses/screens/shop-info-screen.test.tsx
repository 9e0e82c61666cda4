import { Limits } from "@bayon/contract";
import { act, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { applyLanguage } from "../../../lib/i18n";
import { Paths } from "../../../lib/paths";
import { queryClient } from "../../../lib/query-client";
import { appStore } from "../../../lib/store";
import { hideToast } from "../../../lib/toast";
import { renderScreen } from "../../../test/render";
import { fakeServer, shop } from "../testing";
import ShopInfoScreen from "./shop-info-screen";

vi.mock("../../maps/map-view", async () => ({ MapView: (await import("./fake-map")).FakeMapView }));

function geolocation(answer: () => { latitude: number; longitude: number } | { code: number }) {
	const getCurrentPosition = vi.fn(
		(
			success: (p: { coords: { latitude: number; longitude: number } }) => void,
			failure: (e: { code: number }) => void,
		) => {
			const result = answer();
			queueMicrotask(() => ("code" in result ? failure(result) : success({ coords: result })));
		},
	);
	vi.stubGlobal("navigator", { ...navigator, geolocation: { getCurrentPosition } });
	return getCurrentPosition;
}

const renderShopInfo = (url: string = Paths.addressShopInfo) =>
	renderScreen(<ShopInfoScreen />, { path: Paths.addressShopInfo, url });

beforeEach(async () => {
	localStorage.clear();
	appStore.reload();
	appStore.setState({ store: { id: 1, name: shop.name } });
	queryClient.clear();
	hideToast();
	await applyLanguage("zh-CN");
});

afterEach(() => {
	vi.useRealTimers();
});

describe("address/shop_info", () => {
	it("shows the shop on the map with its zones, address, phone link and the week's hours", async () => {
		// A Wednesday in Phnom Penh: the list marks today, so the days checked below are not today.
		vi.useFakeTimers({ toFake: ["Date"], now: new Date("2026-12-09T03:00:00Z") });
		fakeServer();
		geolocation(() => ({ latitude: 11.57, longitude: 104.92 }));
		renderShopInfo();

		const map = await screen.findByTestId("shop-map");
		expect(map.dataset.center).toBe("11.5686,104.931");
		expect(map.dataset.zones).toBe("1");
		expect(screen.getByTestId("shop-name").textContent).toBe(shop.name);
		expect(screen.getByTestId("shop-address").textContent).toBe(shop.address);
		expect(screen.getByTestId("shop-phone").getAttribute("href")).toBe("tel:+85523123456");

		const hours = screen.getByTestId("shop-hours");
		const days = within(hours).getAllByRole("listitem");
		expect(days).toHaveLength(7);
		expect(days[0]?.textContent).toBe("周一休息");
		expect(days[4]?.textContent).toBe("周五18:00–02:00 （次日）");
		expect(days[6]?.textContent).toContain("周日08:00–22:00");
		expect(screen.getByTestId("shop-zones").textContent).toContain("配送费 $1.00 · $5.00 起送");

		await waitFor(() => expect(screen.getByTestId("shop-map").dataset.user).toBe("11.57,104.92"));
		expect(screen.queryByTestId("location-failed")).toBeNull();
	});

	it("when location permission is denied, says so (spec §8) and keeps the map", async () => {
		fakeServer();
		geolocation(() => ({ code: 1 }));
		renderShopInfo();
		expect((await screen.findByTestId("location-failed")).textContent).toBe("获取位置失败，请检查定位权限");
		expect(screen.getByTestId("shop-map").dataset.user).toBe("");
		expect(screen.getByTestId("shop-name")).toBeTruthy();
	});

	it("says it in the user's language", async () => {
		await applyLanguage("km");
		fakeServer();
		geolocation(() => ({ code: 1 }));
		renderShopInfo();
		expect((await screen.findByTestId("location-failed")).textContent).toBe("មិនអាចទាញយកទីតាំងបានទេ សូមពិនិត្យការអនុញ្ញាតទីតាំង");
	});

	it("moves the user's dot every 30 s (spec §9)", async () => {
		vi.useFakeTimers({ shouldAdvanceTime: true });
		fakeServer();
		let call = 0;
		const getPosition = geolocation(() => ({ latitude: (11_570 + ++call) / 1000, longitude: 104.92 }));
		renderShopInfo();
		const map = await screen.findByTestId("shop-map");
		await act(async () => {});
		expect(getPosition).toHaveBeenCalledTimes(1);
		expect(map.dataset.user).toBe("11.571,104.92");

		await act(async () => {
			await vi.advanceTimersByTimeAsync(Limits.locationRefreshMs);
		});
		expect(getPosition).toHaveBeenCalledTimes(2);
		expect(screen.getByTestId("shop-map").dataset.user).toBe("11.572,104.92");
	});

	it("writes the closure days in the selected language, not as raw dates", async () => {
		const closures = [
			{ startsOn: "2026-12-24", endsOn: "2026-12-24", reason: "圣诞节" },
			{ startsOn: "2027-02-05", endsOn: "2027-02-08", reason: null },
		];
		const closuresIn = async (lang: "zh-CN" | "en" | "km") => {
			await applyLanguage(lang);
			queryClient.clear();
			fakeServer({ "/store/getShop": { code: 0, msg: "", data: { ...shop, closures } } });
			geolocation(() => ({ code: 1 }));
			const view = renderShopInfo();
			const items = within(await screen.findByTestId("shop-closures")).getAllByRole("listitem");
			const texts = items.map((item) => item.textContent);
			view.unmount();
			return texts;
		};

		expect(await closuresIn("zh-CN")).toEqual(["12月24日 暂停营业 · 圣诞节", "2月5日 – 2月8日 暂停营业"]);
		expect(await closuresIn("en")).toEqual(["Closed Dec 24 · 圣诞节", "Closed Feb 5 – Feb 8"]);
		expect(await closuresIn("km")).toEqual(["បិទ 24 ធ្នូ · 圣诞节", "បិទ 5 កុម្ភៈ – 8 កុម្ភៈ"]);
	});

	it("shows the shop asked for in the address", async () => {
		const calls = fakeServer();
		geolocation(() => ({ code: 1 }));
		renderShopInfo(`${Paths.addressShopInfo}?shop_id=7`);
		await screen.findByTestId("shop-map");
		expect(calls.some((c) => c.path === "/store/getShop" && c.query.get("shop_id") === "7")).toBe(true);
	});

	it("offers a retry when the shop cannot be loaded", async () => {
		fakeServer({ "/store/getShop": { code: 500, msg: "系统繁忙，请稍后再试", data: null } });
		geolocation(() => ({ code: 1 }));
		renderShopInfo();
		expect(await screen.findByTestId("retry")).toBeTruthy();
	});
});
