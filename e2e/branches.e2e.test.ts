import type { ShopSummary } from "@bayon/contract";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MenuPage } from "./pages/menu-page";
import { launchBrowser, newPhone, screenshot } from "./support/browser";
import { customerMenu, demoShopAndSimpleItem } from "./support/demo-orders";
import { apiCall, DEMO_OWNER_MOBILE, openSignedIn } from "./support/http-api";
import { nativeLookProblems } from "./support/look";

const SHOP_LIST_PATH = "/pages/components/pages/shop/shop";
const MERCHANT_INDEX_PATH = "/pages/components/pages/merchant/index";
/** A customer standing in BKK1, a few hundred metres from the demo's second branch. */
const IN_BKK1 = { latitude: 11.5545, longitude: 104.9255 };

let browser: Browser;
let riverside: ShopSummary;
let bkk1: ShopSummary;

beforeAll(async () => {
	browser = await launchBrowser();
	const shops = await apiCall<ShopSummary[]>("/store/list");
	const find = (part: string) => shops.find((shop) => shop.name.includes(part));
	const [first, second] = [find("河畔"), find("BKK1")];
	if (!first || !second) throw new Error("the demo's two branches are missing");
	[riverside, bkk1] = [first, second];
});

afterAll(async () => {
	await browser?.close();
});

const rows = (page: Page) => page.getByTestId("shop-list").locator('[data-testid^="shop-row-"][type="button"]');
const storedCart = (page: Page): Promise<unknown[]> =>
	page.evaluate(() => JSON.parse(localStorage.getItem("cart") ?? "[]"));

describe("shop/shop: choosing a branch", () => {
	it("lists both branches nearest first with open state and hours, searches, and asks before a switch clears the cart", async () => {
		const { context, page } = await newPhone(browser);

		// A cart filled at the riverside shop: the default while the app does not know where the
		// customer is.
		const { item } = await demoShopAndSimpleItem();
		const menuPage = await new MenuPage(page).open();
		expect(await page.getByTestId("menu-shop-name").textContent()).toBe(riverside.name);
		await menuPage.item(item.id).getByTestId("item-add").click();
		expect(await menuPage.cartCount.textContent()).toBe("1");
		// Then the customer, standing in BKK1, lets the app know where they are.
		await context.grantPermissions(["geolocation"]);
		await context.setGeolocation(IN_BKK1);

		await page.getByTestId("menu-switch-shop").click();
		await page.waitForURL((url) => url.pathname === SHOP_LIST_PATH);
		// Nearest first once the position is known: BKK1, then the riverside.
		await page.getByTestId(`shop-row-${bkk1.id}`).getByTestId("shop-row-distance").waitFor();
		expect(await rows(page).count()).toBe(2);
		expect(await rows(page).first().getAttribute("data-testid")).toBe(`shop-row-${bkk1.id}`);
		for (const shop of [riverside, bkk1]) {
			const row = page.getByTestId(`shop-row-${shop.id}`);
			expect(await row.getByTestId("shop-row-name").textContent()).toBe(shop.name);
			expect(await row.getByTestId("shop-status").textContent()).toMatch(/^(营业中|休息中)$/);
			expect(await row.getByTestId("shop-row-hours").textContent()).toMatch(
				/^(今日营业 \d\d:\d\d–\d\d:\d\d|今日休息)$/,
			);
		}
		expect(await page.getByTestId(`shop-row-${bkk1.id}`).getByTestId("shop-row-distance").textContent()).toMatch(
			/^\d+ m$/,
		);
		// The riverside is the current shop (the cart's).
		expect(await page.getByTestId(`shop-row-${riverside.id}`).getAttribute("aria-current")).toBe("true");
		expect(await nativeLookProblems(page)).toEqual([]);
		await screenshot(page, "branches-shop-list-390-zh-CN");

		await page.getByTestId("shop-search").fill("BKK1");
		await expect.poll(() => rows(page).count()).toBe(1);
		expect(await rows(page).first().getAttribute("data-testid")).toBe(`shop-row-${bkk1.id}`);
		await page.getByTestId("shop-search").fill("比萨");
		await page.getByTestId("state-empty").waitFor();
		await page.getByTestId("shop-search").fill("");
		await expect.poll(() => rows(page).count()).toBe(2);

		// Choosing BKK1 with a riverside cart: asked first; "cancel" keeps everything.
		await page.getByTestId(`shop-row-${bkk1.id}`).click();
		const dialog = page.getByTestId("shop-switch-dialog");
		await dialog.waitFor();
		expect(await dialog.locator(".dialog__message").textContent()).toBe(
			`购物车里是「${riverside.name}」的商品，切换到「${bkk1.name}」将清空购物车。确定切换吗？`,
		);
		await screenshot(page, "branches-switch-question-390-zh-CN", { fullPage: false });
		await dialog.getByTestId("confirm-cancel").click();
		await dialog.waitFor({ state: "detached" });
		expect(page.url()).toContain(SHOP_LIST_PATH);
		expect(await storedCart(page)).toHaveLength(1);

		await page.getByTestId(`shop-row-${bkk1.id}`).click();
		await dialog.getByTestId("confirm-ok").click();
		await page.waitForURL((url) => url.pathname === "/pages/menu/menu");
		await new MenuPage(page).loaded();
		expect(await page.getByTestId("menu-shop-name").textContent()).toBe(bkk1.name);
		expect(await storedCart(page)).toEqual([]);
		expect(await page.getByTestId("cart-bar").count()).toBe(0);
		// The menu is BKK1's own copy: its items carry BKK1's ids.
		const bkk1Menu = await customerMenu(bkk1.id);
		const bkk1Item = bkk1Menu.categories.flatMap((c) => c.items).find((candidate) => candidate.name === item.name);
		if (!bkk1Item) throw new Error("BKK1 has the demo menu");
		await page.getByTestId(`item-${bkk1Item.id}`).waitFor();

		// Chosen stays chosen, after a reload too; choosing with an empty cart asks nothing.
		await page.reload();
		await new MenuPage(page).loaded();
		expect(await page.getByTestId("menu-shop-name").textContent()).toBe(bkk1.name);
		await page.goto(SHOP_LIST_PATH);
		await page.getByTestId(`shop-row-${riverside.id}`).click();
		await page.waitForURL((url) => url.pathname === "/pages/menu/menu");
		expect(await page.getByTestId("menu-shop-name").textContent()).toBe(riverside.name);

		// The home card leads to the same list.
		await page.goto("/");
		expect(await page.getByTestId("home-shop-name").textContent()).toBe(riverside.name);
		await screenshot(page, "branches-home-390-zh-CN", { fullPage: false });
		await page.getByTestId("home-switch-shop").click();
		await page.waitForURL((url) => url.pathname === SHOP_LIST_PATH);
		await context.close();
	});

	it("works without the customer's position, in Khmer: no distances, and says why", async () => {
		const { context, page } = await newPhone(browser, { locale: "km" });
		await context.clearPermissions();
		await page.goto(SHOP_LIST_PATH);
		await page.getByTestId("shop-location-hint").waitFor();
		// The hint does not wait for the list: the rows may come after it.
		await expect.poll(() => rows(page).count()).toBe(2);
		expect(await page.getByTestId("shop-row-distance").count()).toBe(0);
		expect(await page.getByTestId("shop-location-hint").textContent()).toMatch(/[\u1780-\u17ff]/);
		expect(await rows(page).first().getByTestId("shop-status").textContent()).toMatch(/^(កំពុងបើក|បិទ)$/);
		expect(await nativeLookProblems(page)).toEqual([]);
		await screenshot(page, "branches-shop-list-390-km");
		await context.close();
	});
});

describe("merchant: an owner opens a new branch", () => {
	for (const lang of ["zh-CN", "km"] as const) {
		it(`from the merchant centre, in ${lang}: refuses an empty form, then opens the branch with the menu copied`, async () => {
			const { context, page } = await newPhone(browser, { locale: lang, width: 1024, height: 900 });
			await openSignedIn(page, DEMO_OWNER_MOBILE, MERCHANT_INDEX_PATH);
			// The owner reaches the shop's settings from the merchant centre too.
			expect(await page.getByTestId("merchant-entry-shop-info").getAttribute("href")).toBe(
				"/pages/components/pages/merchant/shopInfo",
			);
			await page.getByTestId("merchant-entry-new-branch").click();
			await page.getByTestId("branch-form").waitFor();
			const [source] = await apiCall<ShopSummary[]>(`/store/list?kw=${encodeURIComponent("河畔")}`, { lang: "zh-CN" });
			const sourceName = (await apiCall<ShopSummary>(`/store/getShop?shop_id=${source?.id}`, { lang })).name;
			expect(await page.getByTestId("branch-source").textContent()).toBe(sourceName);

			await page.getByTestId("branch-submit").click();
			const nameError = page.getByTestId("branch-error-name.zh-CN");
			await nameError.waitFor();
			expect(await nameError.textContent()).toBe(lang === "km" ? "សូមបំពេញឈ្មោះសាខាជាភាសាចិន" : "请填写分店的中文名称");
			expect(await page.getByTestId("branch-error-point").count()).toBe(1);

			const name = `Bayon 茶饮 · 试营业 ${lang} ${Date.now() % 100_000}`;
			await page.getByTestId("branch-name-zh-CN").fill(name);
			await page.getByTestId("branch-name-km").fill("បាយ័ន · សាកល្បង");
			await page.getByTestId("branch-address-zh-CN").fill("金边市 51 街 8 号");
			await page.getByTestId("branch-phone").fill("+855 23 900 777");
			await page.getByTestId("branch-map").click({ position: { x: 120, y: 100 } });
			await page.getByTestId("branch-point").waitFor();
			// Each fixed field's message went away as it was filled.
			expect(await page.locator('[data-testid^="branch-error-"]').count()).toBe(0);
			expect(await nativeLookProblems(page)).toEqual([]);
			await screenshot(page, `branches-new-branch-form-1024-${lang}`);

			// A double tap opens one branch: the form sends one Idempotency-Key.
			const keys: string[] = [];
			page.on("request", (request) => {
				if (request.url().endsWith("/merchant/branch/create")) keys.push(request.headers()["idempotency-key"] ?? "");
			});
			await page.getByTestId("branch-submit").dblclick();
			await page.getByTestId("branch-created").waitFor();
			expect(keys.length).toBeGreaterThan(0);
			expect(new Set(keys).size).toBe(1);
			// It says plainly that the branch takes no order yet, and why some items show sold out.
			const state = page.getByTestId("branch-state");
			expect(await state.textContent()).toBe(
				lang === "km"
					? "សាខាថ្មីមិនទាន់ទទួលការកម្មង់ទេ៖ អតិថិជនអាចឃើញវា ប៉ុន្តែមិនទាន់អាចកម្មង់បាន។"
					: "新分店暂不接单：顾客能看到它，但还不能下单。",
			);
			await page.getByTestId("branch-stock-to-set").waitFor();
			expect(await nativeLookProblems(page)).toEqual([]);
			await screenshot(page, `branches-new-branch-done-1024-${lang}`);
			await page.setViewportSize({ width: 390, height: 844 });
			await screenshot(page, `branches-new-branch-done-390-${lang}`);

			// Customers find the branch at once, with the whole menu of the riverside, closed for orders.
			const found = await apiCall<ShopSummary[]>(`/store/list?kw=${encodeURIComponent(name)}`);
			expect(found).toHaveLength(1);
			const branch = found[0] as ShopSummary;
			expect(branch.openState.acceptingOrders).toBe(false);
			const count = async (shopId: number) => (await customerMenu(shopId)).categories.flatMap((c) => c.items).length;
			expect(await count(branch.id)).toBe(await count(riverside.id));

			// Its shop settings say so too, with the owner's button (staff would be told to ask).
			const settings = await context.newPage();
			await settings.setViewportSize({ width: 1024, height: 900 });
			await settings.goto(`/pages/components/pages/merchant/shopInfo?shopId=${branch.id}`);
			await settings.getByTestId("accepting-state").waitFor();
			expect(await settings.getByTestId("pause-state").count()).toBe(0);
			await screenshot(settings, `branches-settings-closed-1024-${lang}`, { fullPage: false });
			await settings.setViewportSize({ width: 390, height: 844 });
			await screenshot(settings, `branches-settings-closed-390-${lang}`, { fullPage: false });
			if (lang === "km") {
				// Opened from the settings: the closed notice goes, "taking orders" shows.
				await settings.getByTestId("accepting-open").click();
				await settings.getByTestId("accepting-state").waitFor({ state: "detached" });
				await settings.getByTestId("pause-state").waitFor();
			}
			await settings.close();

			// The owner starts taking orders from here (in Khmer, already done from the settings).
			await page.getByTestId("branch-open-orders").click();
			await page
				.getByTestId("branch-state")
				.filter({ hasText: lang === "km" ? "កំពុងទទួល" : "正在接单" })
				.waitFor();
			expect(await page.getByTestId("branch-open-orders").count()).toBe(0);
			await screenshot(page, `branches-new-branch-opened-390-${lang}`);
			const opened = await apiCall<ShopSummary>(`/store/getShop?shop_id=${branch.id}`, { lang });
			expect(opened.openState.acceptingOrders).toBe(true);
			await context.close();
		});
	}
});
