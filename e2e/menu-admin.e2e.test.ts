import { type AdminMenu, formatMessage, type OrderView, type ShopSummary } from "@bayon/contract";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MenuPage } from "./pages/menu-page";
import { launchBrowser, newPhone, screenshot, settleAnimations } from "./support/browser";
import { demoShopAndSimpleItem } from "./support/demo-orders";
import { apiCall, DEMO_OWNER_MOBILE, openSignedIn, signInByApi } from "./support/http-api";
import { nativeLookProblems } from "./support/look";
import { makePng } from "./support/png";
import { uniqueMobile } from "./support/sms-outbox";

const STAFF_MOBILE = "13800000002";
const MENU_ADMIN_PATH = "/pages/merchant/menu";
const ITEM_EDITOR_PATH = "/pages/merchant/menuItem";

let browser: Browser;
let shop: ShopSummary;

beforeAll(async () => {
	browser = await launchBrowser();
	({ shop } = await demoShopAndSimpleItem());
});

afterAll(async () => {
	await browser?.close();
	// The server is shared by every test file: leave the demo menu as the others know it.
	const token = await signInByApi(DEMO_OWNER_MOBILE);
	for (const category of (await adminMenu()).categories.filter((c) => c.name["zh-CN"] === "季节甜品")) {
		await apiCall(`/merchant/menu/category/save`, {
			method: "POST",
			token,
			body: { shopId: shop.id, id: category.id, version: category.version, name: category.name, visible: false },
		});
	}
});

async function adminMenu(): Promise<AdminMenu> {
	const token = await signInByApi(DEMO_OWNER_MOBILE);
	return apiCall<AdminMenu>(`/merchant/menu?shopId=${shop.id}`, { token });
}

describe("merchant: the menu", () => {
	let itemId: number;
	const names = { zh: "芒果糯米饭", en: "Mango sticky rice", km: "បាយដំណើបស្វាយ" };

	it("the owner adds a category and an item with a photo and an option group, in Khmer", async () => {
		const { context, page } = await newPhone(browser, { locale: "km" });
		await openSignedIn(page, DEMO_OWNER_MOBILE, MENU_ADMIN_PATH);
		await page.getByTestId("menu-admin").waitFor();

		// A category without its Chinese name is refused under that very box, in Khmer.
		await page.getByTestId("add-category").click();
		const categorySheet = page.getByTestId("category-sheet");
		await categorySheet.waitFor();
		await page.getByTestId("category-name-km").fill("បង្អែមរដូវ");
		await page.getByTestId("category-save").click();
		await categorySheet.getByText(formatMessage("menuCategoryNameRequired", "km")).waitFor();
		await page.getByTestId("category-name-zh-CN").fill("季节甜品");
		await page.getByTestId("category-name-en").fill("Seasonal desserts");
		await page.getByTestId("category-save").click();
		await categorySheet.waitFor({ state: "detached" });
		const category = page.locator(".menu-admin__category", { hasText: "បង្អែមរដូវ" });
		await category.waitFor();

		await category.getByTestId(/^add-item-/).click();
		await page.getByTestId("item-form").waitFor();
		// Nothing filled in: each missing field says so.
		await page.getByTestId("item-save").click();
		await page.getByText(formatMessage("menuItemNameRequired", "km")).waitFor();
		await page.getByTestId("problem-price").waitFor();
		await page.getByTestId("item-name-zh-CN").fill(names.zh);
		await page.getByTestId("item-name-en").fill(names.en);
		await page.getByTestId("item-name-km").fill(names.km);
		await page.getByTestId("item-description-zh-CN").fill("泰国香芒配椰浆糯米");
		await page.getByTestId("item-description-km").fill("ស្វាយទុំជាមួយបាយដំណើបខ្ទិះ");
		await page.getByTestId("item-price").fill("-1");
		await page.getByTestId("item-photo-input").setInputFiles({
			name: "mango.png",
			mimeType: "image/png",
			buffer: makePng(96, [250, 190, 60]),
		});
		await page.locator(".menu-item-form__photo img[src^='/uploads/']").waitFor();
		await page.getByTestId("item-save").click();
		await page.getByText(formatMessage("menuPriceNegative", "km")).waitFor();
		await page.getByTestId("item-price").fill("3.75");
		await page.getByTestId("item-save").click();
		await page.waitForURL(/menuItem\?id=\d+/);
		itemId = Number(new URL(page.url()).searchParams.get("id"));

		await page.getByTestId("add-group").click();
		const groupSheet = page.getByTestId("group-sheet");
		await groupSheet.waitFor();
		await page.getByTestId("group-name-zh-CN").fill("加料");
		await page.getByTestId("group-name-en").fill("Extras");
		await page.getByTestId("group-name-km").fill("បន្ថែម");
		await page.getByTestId("option-0-name-zh-CN").fill("椰浆");
		await page.getByTestId("option-0-name-km").fill("ខ្ទិះ");
		await page.getByTestId("option-0-default").click();
		await page.getByTestId("add-option").click();
		await page.getByTestId("option-1-name-zh-CN").fill("芒果加量");
		await page.getByTestId("option-1-name-en").fill("Extra mango");
		await page.getByTestId("option-1-name-km").fill("ស្វាយបន្ថែម");
		await page.getByTestId("option-1-delta").fill("0.50");
		// At least 0 of them: a dessert without extras is fine.
		await page.getByTestId("group-min").locator("button").first().click();
		await settleAnimations(page);
		await screenshot(page, "menu-admin-group-km-390", { fullPage: false });
		await page.getByTestId("group-save").click();
		await groupSheet.waitFor({ state: "detached" });
		await page.getByTestId(/^edit-group-/).waitFor();
		await screenshot(page, "menu-admin-item-km-390");

		const saved = (await adminMenu()).categories.flatMap((c) => c.items).find((item) => item.id === itemId);
		expect(saved).toMatchObject({
			name: { "zh-CN": names.zh, en: names.en, km: names.km },
			price: 375,
			image: expect.stringMatching(/^\/uploads\/.+\.webp$/),
		});
		expect(saved?.optionGroups[0]).toMatchObject({ minChoices: 0, maxChoices: 1 });
		expect(saved?.optionGroups[0]?.options.map((o) => [o.name["zh-CN"], o.priceDelta, o.isDefault])).toEqual([
			["椰浆", 0, false],
			["芒果加量", 50, false],
		]);
		await context.close();
	});

	it("a customer sees the new item at once and orders it; staff mark it sold out and the customer's menu says so", async () => {
		const customer = await newPhone(browser, { locale: "en" });
		const menu = await new MenuPage(customer.page).open();
		const card = menu.item(itemId);
		await card.waitFor();
		expect(await card.getByTestId("item-name").textContent()).toBe(names.en);
		expect(await card.locator("img").getAttribute("src")).toMatch(/^\/uploads\//);
		const sheet = await menu.openOptions(itemId);
		await sheet.choose("Extras", "Extra mango");
		expect(await sheet.livePrice.textContent()).toContain("4.25");
		await sheet.add();

		const token = await signInByApi(uniqueMobile());
		const extraMango = (await adminMenu()).categories.flatMap((c) => c.items).find((item) => item.id === itemId)
			?.optionGroups[0]?.options[1]?.id as number;
		const order = await apiCall<OrderView>("/order/create", {
			method: "POST",
			token,
			headers: { "idempotency-key": `e2e-menu-admin-${Date.now()}` },
			body: {
				shopId: shop.id,
				orderType: "takein",
				lines: [{ itemId, quantity: 1, optionIds: [extraMango], seenUnitPrice: 425 }],
			},
		});
		expect(order.total).toBe(425);

		const staff = await newPhone(browser, { locale: "zh-CN" });
		await openSignedIn(staff.page, STAFF_MOBILE, MENU_ADMIN_PATH);
		await staff.page.getByTestId("menu-admin").waitFor();
		// Staff only switch things sold out: no editing controls.
		expect(await staff.page.getByTestId("add-category").count()).toBe(0);
		expect(await staff.page.getByTestId(`edit-item-${itemId}`).count()).toBe(0);
		const toggle = staff.page.getByTestId(`sold-out-item-${itemId}`);
		expect(await toggle.isChecked()).toBe(true);
		await toggle.click();
		await staff.page.waitForFunction(
			(id) => !(document.querySelector(`[data-testid="sold-out-item-${id}"]`) as HTMLInputElement | null)?.checked,
			itemId,
		);
		await screenshot(staff.page, "menu-admin-staff-zh-CN-390");

		await customer.page.reload();
		await menu.loaded();
		await menu.item(itemId).getByTestId("item-sold-out").waitFor();
		await customer.context.close();
		await staff.context.close();
	});

	it("keeps an order placed while the owner edits the stock, and asks how many came back when none are left", async () => {
		const ownerToken = await signInByApi(DEMO_OWNER_MOBILE);
		const category = (await adminMenu()).categories.find((c) => c.name["zh-CN"] === "季节甜品");
		if (!category) throw new Error("the seasonal category is missing");
		const created = await apiCall<{ id: number; version: number }>("/merchant/menu/item/save", {
			method: "POST",
			token: ownerToken,
			body: {
				shopId: shop.id,
				categoryId: category.id,
				name: { "zh-CN": "限量椰子糕", en: "Limited coconut cake", km: "នំដូងមានកំណត់" },
				price: 150,
				stock: 10,
				orderTypes: ["takein", "takeout", "desk"],
			},
		});
		const { context, page } = await newPhone(browser, { locale: "zh-CN" });
		await openSignedIn(page, DEMO_OWNER_MOBILE, `${ITEM_EDITOR_PATH}?id=${created.id}`);
		await page.getByTestId("item-form").waitFor();
		expect(await page.getByTestId("item-stock-now").textContent()).toContain("现剩 10 件");

		// A customer orders 2 while the owner types 15 (five more came in).
		const customer = await signInByApi(uniqueMobile());
		await apiCall<OrderView>("/order/create", {
			method: "POST",
			token: customer,
			headers: { "idempotency-key": `e2e-stock-edit-${Date.now()}` },
			body: { shopId: shop.id, orderType: "takein", lines: [{ itemId: created.id, quantity: 2, optionIds: [] }] },
		});
		await page.getByTestId("item-stock").fill("15");
		await page.getByTestId("item-save").click();
		await page.getByTestId("toast").filter({ hasText: "商品已保存。编辑期间有顾客下单，库存现为 13" }).waitFor();
		const saved = (await adminMenu()).categories.flatMap((c) => c.items).find((item) => item.id === created.id);
		expect(saved?.stock).toBe(13);
		await page.getByTestId("item-stock-now").filter({ hasText: "现剩 13 件" }).waitFor();
		await screenshot(page, "menu-admin-item-stock-zh-CN-390");

		// All 13 go; staff tap "back in stock": the app asks how many came back.
		await apiCall<OrderView>("/order/create", {
			method: "POST",
			token: customer,
			headers: { "idempotency-key": `e2e-stock-all-${Date.now()}` },
			body: { shopId: shop.id, orderType: "takein", lines: [{ itemId: created.id, quantity: 13, optionIds: [] }] },
		});
		const staff = await newPhone(browser, { locale: "zh-CN" });
		await openSignedIn(staff.page, STAFF_MOBILE, MENU_ADMIN_PATH);
		const toggle = staff.page.getByTestId(`sold-out-item-${created.id}`);
		await toggle.waitFor();
		expect(await toggle.isChecked()).toBe(false);
		await toggle.click();
		const sheet = staff.page.getByTestId("restock-sheet");
		await sheet.waitFor();
		await staff.page.getByTestId("restock-save").click();
		expect(await staff.page.getByTestId("restock-problem").textContent()).toBe("请填写 1 至 1000000 之间的整数");
		await staff.page.getByTestId("restock-count").fill("6");
		await settleAnimations(staff.page);
		expect(await nativeLookProblems(staff.page)).toEqual([]);
		await screenshot(staff.page, "menu-admin-restock-zh-CN-390", { fullPage: false });
		await staff.page.getByTestId("restock-save").click();
		await sheet.waitFor({ state: "detached" });
		await staff.page.getByTestId("toast").filter({ hasText: "限量椰子糕 已恢复供应，库存 6" }).waitFor();
		await staff.page.waitForFunction(
			(id) => (document.querySelector(`[data-testid="sold-out-item-${id}"]`) as HTMLInputElement | null)?.checked,
			created.id,
		);
		const restocked = (await adminMenu()).categories.flatMap((c) => c.items).find((item) => item.id === created.id);
		expect(restocked).toMatchObject({ stock: 6, soldOut: false });

		// The sheet in Khmer at both widths, and in Chinese on a wide screen.
		await apiCall<OrderView>("/order/create", {
			method: "POST",
			token: customer,
			headers: { "idempotency-key": `e2e-stock-again-${Date.now()}` },
			body: { shopId: shop.id, orderType: "takein", lines: [{ itemId: created.id, quantity: 6, optionIds: [] }] },
		});
		for (const [locale, width] of [
			["km", 390],
			["km", 1024],
			["zh-CN", 1024],
		] as const) {
			const khmer = await newPhone(browser, { locale, width, height: width > 800 ? 900 : 844 });
			await openSignedIn(khmer.page, DEMO_OWNER_MOBILE, MENU_ADMIN_PATH);
			await khmer.page.getByTestId(`sold-out-item-${created.id}`).click();
			await khmer.page.getByTestId("restock-sheet").waitFor();
			await settleAnimations(khmer.page);
			await screenshot(khmer.page, `menu-admin-restock-${locale}-${width}`, { fullPage: false });
			await khmer.page.goto(`${ITEM_EDITOR_PATH}?id=${created.id}`);
			await khmer.page.getByTestId("item-stock-now").waitFor();
			await screenshot(khmer.page, `menu-admin-item-stock-${locale}-${width}`);
			await khmer.context.close();
		}
		await staff.context.close();
		await context.close();
	});

	it.each([
		["zh-CN", 390],
		["zh-CN", 1024],
		["km", 390],
		["km", 1024],
	] as const)("shows the menu pages in %s at %i px", async (locale, width) => {
		const { context, page } = await newPhone(browser, { locale, width, height: width > 800 ? 900 : 844 });
		await openSignedIn(page, DEMO_OWNER_MOBILE, MENU_ADMIN_PATH);
		await page.getByTestId("menu-admin").waitFor();
		await screenshot(page, `menu-admin-list-${locale}-${width}`, { fullPage: false });
		await page.goto(`${ITEM_EDITOR_PATH}?id=${itemId}`);
		await page.getByTestId("item-form").waitFor();
		await page.locator(".menu-item-form__photo img").waitFor();
		await screenshot(page, `menu-admin-item-${locale}-${width}`);
		// The merchant centre links to the menu.
		await page.goto("/pages/components/pages/merchant/index");
		await page.getByTestId("merchant-entry-menu").click();
		await page.getByTestId("menu-admin").waitFor();
		await context.close();
	});
});
