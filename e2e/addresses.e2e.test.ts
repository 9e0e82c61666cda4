import { formatMessage } from "@bayon/contract";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
	ADDRESS_FORM_PATH,
	ADDRESS_LIST_PATH,
	AddressFormPage,
	AddressListPage,
	ShopInfoPage,
} from "./pages/address-pages";
import { LoginPage } from "./pages/login-page";
import { launchBrowser, newPhone, screenshot } from "./support/browser";
import { uniqueMobile } from "./support/sms-outbox";

/** The demo shop (seed): inside its near delivery zone. */
const SHOP = { latitude: 11.5686, longitude: 104.931 };
/** Siem Reap: far outside every zone. */
const FAR_AWAY = { latitude: 13.3671, longitude: 103.8448 };

async function useKhmer(page: Page): Promise<void> {
	await page.evaluate(() => {
		localStorage.setItem("language", "km");
		localStorage.setItem("languageName", "ខ្មែរ");
		localStorage.setItem("languageManual", "1");
	});
}

describe.sequential("addresses and the delivery range", () => {
	let browser: Browser;
	let context: BrowserContext;
	let page: Page;
	const mobile = uniqueMobile();

	beforeAll(async () => {
		browser = await launchBrowser();
		({ context, page } = await newPhone(browser, { locale: "zh-CN" }));
	});

	afterAll(async () => {
		await context?.close();
		await browser?.close();
	});

	it("sends a visitor from the address page to sign in, then back to it", async () => {
		await new AddressListPage(page).open();
		const login = new LoginPage(page);
		await login.form.waitFor();
		expect(new URL(page.url()).searchParams.get("redirect")).toBe(ADDRESS_LIST_PATH);

		await login.signIn(mobile);
		await page.waitForURL((url) => url.pathname === ADDRESS_LIST_PATH);
		expect(await page.getByTestId("state-empty").textContent()).toContain("还没有收货地址");
	});

	it("explains what is missing with the spec's messages", async () => {
		const form = await new AddressListPage(page).add();
		await form.mapReady();
		await form.input("phone").fill("12345678901");
		await form.save();
		expect(await form.error("recipient").textContent()).toBe(formatMessage("enterRecipientAndAddress", "zh-CN"));
		expect(await form.error("address").textContent()).toBe("请填写收货人和地址");
		expect(await form.error("phone").textContent()).toBe("手机号格式错误");
		expect(await form.error("point").textContent()).toBe("请在地图上标出送货位置");
	});

	it("adds an address inside the zone by tapping the map, which starts at the shop when location is refused", async () => {
		const form = new AddressFormPage(page);
		// Location was never granted here: the map starts at the shop, with both zones drawn.
		expect(await form.zones.count()).toBe(2);
		expect(await form.map.locator(".map-pin--shop").count()).toBe(1);
		expect(await form.coords.count()).toBe(0);

		await form.map.click(); // the centre of the map: the shop
		const point = await form.point();
		expect(Math.abs(point.latitude - SHOP.latitude)).toBeLessThan(0.001);
		expect(Math.abs(point.longitude - SHOP.longitude)).toBeLessThan(0.001);
		await page.getByTestId("point-in-range").waitFor();
		expect(await form.map.locator(".map-pin--point").count()).toBe(1);

		// The first address is the default: the switch says so and cannot be turned off.
		expect(await page.getByTestId("default-switch").isChecked()).toBe(true);
		expect(await page.getByTestId("default-switch").isDisabled()).toBe(true);
		await form.fill({ recipient: "索卡", phone: mobile, address: "西索瓦码头路 123 号", houseNumber: "2 楼" });
		expect(await form.hasHorizontalScroll()).toBe(false);
		await page.evaluate(() => window.scrollTo(0, 0));
		await form.toast.waitFor({ state: "detached" }); // "signed in"
		await screenshot(page, "zh-CN-address-add");

		await page.waitForTimeout(600); // the save button ignores taps within 500 ms of the last one
		await form.save();
		const list = new AddressListPage(page);
		await list.card("西索瓦码头路 123 号").waitFor();
		expect(await list.card("西索瓦码头路 123 号").getByTestId("address-default").textContent()).toBe("默认");
	});

	it("adds an address far away, starting from the user's granted position", async () => {
		await context.grantPermissions(["geolocation"]);
		await context.setGeolocation(FAR_AWAY);
		const form = await new AddressListPage(page).add();
		await form.coords.waitFor();
		expect(await form.point()).toEqual(FAR_AWAY);
		expect(await page.getByTestId("point-out-of-range").textContent()).toBe("地址不在配送范围内");

		await form.fill({ recipient: "达拉", address: "暹粒老市场" });
		await form.save();
		await new AddressListPage(page).card("暹粒老市场").waitFor();
		await context.clearPermissions();
	});

	it("refuses the far address for delivery with 'address not in delivery range'", async () => {
		const list = new AddressListPage(page);
		await list.choose("暹粒老市场");
		const message = list.card("暹粒老市场").getByTestId("address-out-of-range");
		await message.waitFor();
		expect(await message.textContent()).toBe(formatMessage("addressOutOfRange", "zh-CN"));
		expect(await page.evaluate(() => localStorage.getItem("deliveryAddress"))).toBeNull();
		expect(new URL(page.url()).pathname).toBe(ADDRESS_LIST_PATH);
	});

	it("accepts the address inside the zone and keeps it as the delivery target", async () => {
		const list = new AddressListPage(page);
		await list.choose("西索瓦码头路 123 号");
		await page.waitForURL((url) => url.pathname !== ADDRESS_LIST_PATH);
		const target = JSON.parse((await page.evaluate(() => localStorage.getItem("deliveryAddress"))) ?? "null");
		expect(target).toMatchObject({
			shopId: 1,
			address: { address: "西索瓦码头路 123 号" },
			check: { inRange: true, fee: 100, minOrder: 500 },
		});

		await list.open();
		await list.root.waitFor();
		expect(await list.card("西索瓦码头路 123 号").getByTestId("address-selected").count()).toBe(1);
	});

	it("edits an address and deletes one after the spec's confirmation", async () => {
		const list = new AddressListPage(page);
		await list.card("西索瓦码头路 123 号").getByTestId("address-edit").click();
		const form = new AddressFormPage(page);
		await form.mapReady();
		expect(await form.input("recipient").inputValue()).toBe("索卡");
		await form.input("houseNumber").fill("3 楼");
		await form.save();
		await list.card("3 楼").waitFor();

		await list.card("暹粒老市场").getByTestId("address-delete").click();
		const dialog = page.getByTestId("confirm-dialog");
		await dialog.waitFor();
		expect(await dialog.textContent()).toContain(formatMessage("confirmDelete", "zh-CN"));
		await dialog.getByTestId("confirm-ok").click();
		await list.card("暹粒老市场").waitFor({ state: "detached" });
		expect(await list.cards.count()).toBe(1);
	});

	it("speaks Khmer on the form, and fits a 320 px screen", async () => {
		await useKhmer(page);
		await page.setViewportSize({ width: 320, height: 720 });
		await page.goto(ADDRESS_FORM_PATH);
		const form = new AddressFormPage(page);
		await form.mapReady();
		expect(await form.htmlLang()).toBe("km");
		await form.save();
		expect(await form.error("recipient").textContent()).toBe(formatMessage("enterRecipientAndAddress", "km"));
		await form.input("phone").fill("1234");
		await page.waitForTimeout(600);
		await form.save();
		expect(await form.error("phone").textContent()).toBe(formatMessage("phoneFormat", "km"));

		await form.map.click();
		await page.getByTestId("point-in-range").waitFor();
		await form.fill({ recipient: "សុខា", phone: mobile, address: "ផ្លូវ 178 ខណ្ឌដូនពេញ", houseNumber: "ផ្ទះលេខ 12" });
		expect(await form.hasHorizontalScroll()).toBe(false);
		await page.evaluate(() => window.scrollTo(0, 0));
		await screenshot(page, "km-address-add");
	});
});

describe.sequential("the shop's location", () => {
	let browser: Browser;

	beforeAll(async () => {
		browser = await launchBrowser();
	});

	afterAll(async () => {
		await browser?.close();
	});

	it("with location refused, says 'failed to get location' and keeps the map usable", async () => {
		const { context, page } = await newPhone(browser, { locale: "zh-CN" });
		const shopInfo = await new ShopInfoPage(page).open();
		await shopInfo.mapReady();
		await shopInfo.locationFailed.waitFor();
		expect(await shopInfo.locationFailed.textContent()).toBe(formatMessage("locationFailed", "zh-CN"));

		expect(await shopInfo.map.locator("path.map-zone").count()).toBe(2);
		expect(await shopInfo.map.locator(".map-pin--shop").count()).toBe(1);
		expect(await shopInfo.map.locator("path.map-user").count()).toBe(0);
		expect(await page.getByTestId("shop-phone").getAttribute("href")).toMatch(/^tel:\+?\d+$/);
		expect(await page.getByTestId("shop-hours").locator("li").count()).toBe(7);

		// Zoom starts at 16 and stops at 18 (spec §9).
		const zoomIn = shopInfo.map.locator(".leaflet-control-zoom-in");
		expect(await zoomIn.getAttribute("class")).not.toContain("leaflet-disabled");
		await zoomIn.click();
		await page.waitForTimeout(400);
		await zoomIn.click();
		await shopInfo.map.locator(".leaflet-control-zoom-in.leaflet-disabled").waitFor();

		await page.getByTestId("show-zones").click();
		await page.waitForTimeout(400);
		expect(await shopInfo.hasHorizontalScroll()).toBe(false);
		await screenshot(page, "zh-CN-shop-info");
		await context.close();
	});

	it("shows where the user is when they allow it", async () => {
		const { context, page } = await newPhone(browser, { locale: "en" });
		await context.grantPermissions(["geolocation"]);
		await context.setGeolocation({ latitude: 11.5705, longitude: 104.9285 });
		const shopInfo = await new ShopInfoPage(page).open();
		await shopInfo.map.locator("path.map-user").waitFor();
		expect(await shopInfo.locationFailed.count()).toBe(0);
		await context.close();
	});

	it("speaks Khmer on a 320 px screen", async () => {
		const { context, page } = await newPhone(browser, { locale: "km", width: 320, height: 720 });
		const shopInfo = await new ShopInfoPage(page).open();
		await shopInfo.mapReady();
		await shopInfo.locationFailed.waitFor();
		expect(await shopInfo.locationFailed.textContent()).toBe(formatMessage("locationFailed", "km"));
		expect(await shopInfo.htmlLang()).toBe("km");
		expect(await shopInfo.hasHorizontalScroll()).toBe(false);
		await screenshot(page, "km-shop-info");
		await context.close();
	});
});
