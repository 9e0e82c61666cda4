import type { ShopSettings, ShopSettingsView } from "@bayon/contract";
import { fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { applyLanguage } from "../../lib/i18n";
import { Paths } from "../../lib/paths";
import { queryClient } from "../../lib/query-client";
import { appStore } from "../../lib/store";
import { hideToast } from "../../lib/toast";
import { testMember } from "../../test/member-fixtures";
import { renderScreen } from "../../test/render";
import ShopSettingsScreen from "./shop-settings-screen";

vi.mock("../maps/map-view", async () => ({
	MapView: (await import("../addresses/screens/fake-map")).FakeMapView,
}));

const owner = testMember({
	isMerchant: true,
	userType: "merchant_owner",
	merchantShops: [{ shopId: 1, shopName: "Bayon", role: "owner" }],
});

const settings: ShopSettings = {
	name: { "zh-CN": "河畔店", en: "Riverside", km: "" },
	logo: null,
	photos: [],
	notice: { "zh-CN": "", en: "", km: "" },
	phone: "+855 23 900 123",
	address: { "zh-CN": "河滨路 1 号", en: "", km: "" },
	latitude: 11.57,
	longitude: 104.92,
	orderTypes: ["takein"],
	preparationMinutes: 15,
	weeklyHours: [],
	closures: [
		{ startsOn: "2099-01-28", endsOn: "2099-02-01", label: { "zh-CN": "春节", en: "Spring Festival", km: "" } },
	],
	deliveryZones: [],
};
const view: ShopSettingsView = {
	shopId: 1,
	version: 3,
	timezone: "Asia/Phnom_Penh",
	settings,
	pausedUntil: null,
	openState: {
		isOpen: true,
		acceptingOrders: true,
		todayHours: [],
		closedToday: false,
		nextOpenAt: null,
		pausedUntil: null,
	},
};

let saves: Array<{ settings: ShopSettings }> = [];

beforeEach(async () => {
	saves = [];
	localStorage.clear();
	localStorage.setItem("accessToken", "access-1");
	localStorage.setItem("expiresTime", String(Date.now() + 15 * 60_000));
	localStorage.setItem("userinfo", JSON.stringify(owner));
	appStore.reload();
	queryClient.clear();
	hideToast();
	await applyLanguage("zh-CN");
	vi.stubGlobal(
		"fetch",
		vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
			const path = (String(input).split("?")[0] ?? "").replace("/app-api", "");
			let data: unknown = null;
			if (path === "/member/user/get-info") data = owner;
			else if (path === "/merchant/shop/settings" && init?.method === "POST") {
				const body = JSON.parse(String(init.body)) as { settings: ShopSettings };
				saves.push(body);
				data = { ...view, version: 4, settings: body.settings };
			} else if (path === "/merchant/shop/settings") data = view;
			return new Response(JSON.stringify({ code: 0, msg: "", data }), {
				headers: { "Content-Type": "application/json" },
			});
		}),
	);
});

afterEach(() => vi.unstubAllGlobals());

const box = (lang: string) => screen.getByTestId(`closure-0-label-${lang}`) as HTMLInputElement;

describe("the closures editor", () => {
	it("edits a closure's label in Chinese, English and Khmer and saves all three", async () => {
		renderScreen(<ShopSettingsScreen />, { path: Paths.merchantShopInfo });
		await screen.findByTestId("closure-0-labels");
		expect([box("zh-CN").value, box("en").value, box("km").value]).toEqual(["春节", "Spring Festival", ""]);
		expect(screen.getByTestId("closure-0-labels").textContent).toContain("高棉文");

		fireEvent.input(box("km"), { target: { value: "បុណ្យចូលឆ្នាំចិន" } });
		fireEvent.click(screen.getByTestId("settings-save"));

		await waitFor(() => expect(saves).toHaveLength(1));
		expect(saves[0]?.settings.closures).toEqual([
			{
				startsOn: "2099-01-28",
				endsOn: "2099-02-01",
				label: { "zh-CN": "春节", en: "Spring Festival", km: "បុណ្យចូលឆ្នាំចិន" },
			},
		]);
	});

	it("asks for the Chinese when only another language is given, under the Chinese box, and sends nothing", async () => {
		renderScreen(<ShopSettingsScreen />, { path: Paths.merchantShopInfo });
		await screen.findByTestId("closure-0-labels");

		fireEvent.input(box("zh-CN"), { target: { value: "" } });
		fireEvent.click(screen.getByTestId("settings-save"));

		expect((await screen.findByTestId("closure-0-label-zh-CN-error")).textContent).toBe("请填写说明的中文，或清空说明");
		expect(box("zh-CN").getAttribute("aria-invalid")).toBe("true");
		expect(saves).toHaveLength(0);
	});

	it("adds a closure with a blank label in each language", async () => {
		renderScreen(<ShopSettingsScreen />, { path: Paths.merchantShopInfo });
		await screen.findByTestId("closure-0-labels");
		fireEvent.click(screen.getByTestId("closure-add"));
		const added = ["zh-CN", "en", "km"].map(
			(lang) => (screen.getByTestId(`closure-1-label-${lang}`) as HTMLInputElement).value,
		);
		expect(added).toEqual(["", "", ""]);
	});
});
