import {
	type AdminMenu,
	type AdminMenuItem,
	ErrorCode,
	expandShopMenu,
	formatMessage,
	type MenuItem,
	type OrderView,
	type PricedCart,
	type SaveMenuItemInput,
	type SaveOptionGroupInput,
	type ShopMenu,
	type ShopMenuWire,
	SUPPORTED_LANGUAGES,
	type UploadedFile,
} from "@bayon/contract";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../../../test/harness.js";
import { OrderingFixture } from "../../../test/ordering.js";

let server: TestServer;
let fx: OrderingFixture;
let owner: string;
let manager: string;
let staff: string;
let customer: { accessToken: string; userId: number };
/** A member who owns another shop of the same tenant. */
let otherOwner: string;
let otherShopId: number;

const SHOP = 1;

beforeAll(async () => {
	server = await startTestServer();
	fx = await new OrderingFixture(server).load();
	fx.moveClockToLocal("12:00");
	owner = (await server.signIn("13800000001")).accessToken;
	staff = (await server.signIn("13800000002")).accessToken;
	customer = await server.signIn("13955551001");
	const managerSession = await server.signIn("13955551002");
	await server.deps.db
		.insertInto("shop_staff")
		.values({ shop_id: SHOP, member_id: managerSession.userId, role: "manager" })
		.execute();
	manager = managerSession.accessToken;
	const other = await server.deps.db
		.insertInto("shop")
		.values({
			tenant_id: 1,
			code: "other",
			name: JSON.stringify({ "zh-CN": "别家" }),
			address: JSON.stringify({ "zh-CN": "别处" }),
			phone: "+855 23 111 111",
			latitude: 11.5,
			longitude: 104.9,
			timezone: "Asia/Phnom_Penh",
		})
		.returning("id")
		.executeTakeFirstOrThrow();
	otherShopId = other.id;
	const otherSession = await server.signIn("13955551003");
	await server.deps.db
		.insertInto("shop_staff")
		.values({ shop_id: otherShopId, member_id: otherSession.userId, role: "owner" })
		.execute();
	otherOwner = otherSession.accessToken;
});
afterAll(async () => {
	await server?.close();
});

const post = <T = unknown>(path: string, token: string | undefined, body: unknown, lang = "en") =>
	server.call<T>("POST", `/app-api/merchant/menu/${path}`, { token, body, lang });
const adminMenu = (token: string, shopId = SHOP) =>
	server.call<AdminMenu>("GET", `/app-api/merchant/menu?shopId=${shopId}`, { token, lang: "en" });
const customerMenu = async (lang = "en") => {
	const response = await fetch(`${server.url}/app-api/product/products?shopId=${SHOP}`, {
		headers: { "tenant-id": "1", "x-lang": lang },
	});
	return {
		etag: response.headers.get("etag"),
		menu: expandShopMenu(((await response.json()) as { data: ShopMenuWire }).data),
	};
};
const onMenu = (menu: ShopMenu, id: number) =>
	menu.categories.flatMap((category) => category.items).find((item) => item.id === id);
const adminItem = async (id: number) =>
	(await adminMenu(owner)).data.categories.flatMap((c) => c.items).find((item) => item.id === id) as AdminMenuItem;
const changeCount = async () =>
	Number(
		(
			await server.deps.db
				.selectFrom("shop_change")
				.select((eb) => eb.fn.countAll().as("n"))
				.executeTakeFirstOrThrow()
		).n,
	);

async function uploadPhoto(token: string, bytes?: Buffer | string): Promise<{ code: number; data: UploadedFile }> {
	const image =
		bytes ??
		(await sharp({ create: { width: 64, height: 48, channels: 3, background: { r: 200, g: 120, b: 40 } } })
			.png()
			.toBuffer());
	const form = new FormData();
	form.append("file", new Blob([image], { type: "image/png" }), "dish.png");
	const response = await fetch(`${server.url}/app-api/infra/file/upload`, {
		method: "POST",
		body: form,
		headers: { "tenant-id": "1", authorization: `Bearer ${token}`, "x-lang": "en" },
	});
	return (await response.json()) as { code: number; data: UploadedFile };
}

let categoryCount = 0;
async function newCategory(token = owner) {
	categoryCount++;
	const answer = await post<{ id: number; version: number }>("category/save", token, {
		shopId: SHOP,
		name: { "zh-CN": `新品${categoryCount}`, en: `New ${categoryCount}`, km: `ថ្មី ${categoryCount}` },
	});
	expect(answer.code).toBe(0);
	return answer.data;
}

function itemBody(categoryId: number, overrides: Partial<SaveMenuItemInput> = {}): SaveMenuItemInput {
	return {
		shopId: SHOP,
		categoryId,
		name: { "zh-CN": "椰子冰沙", en: "Coconut shake", km: "ក្រឡុកដូង" },
		description: { "zh-CN": "新鲜椰肉", en: "Fresh coconut flesh", km: "" },
		price: 300,
		originalPrice: 350,
		stock: null,
		orderTypes: ["takein", "takeout", "desk"],
		// An update sends the stock its editor read: here, the one it sends (no stock change).
		...(overrides.id !== undefined ? { stockRead: overrides.stock ?? null } : {}),
		...overrides,
	};
}

async function newItem(categoryId: number, overrides: Partial<SaveMenuItemInput> = {}) {
	const answer = await post<{ id: number; version: number }>("item/save", owner, itemBody(categoryId, overrides));
	expect(answer.code).toBe(0);
	return answer.data;
}

function groupBody(itemId: number, overrides: Partial<SaveOptionGroupInput> = {}): SaveOptionGroupInput {
	return {
		shopId: SHOP,
		itemId,
		name: { "zh-CN": "杯型", en: "Size", km: "ទំហំ" },
		minChoices: 1,
		maxChoices: 1,
		options: [
			{ name: { "zh-CN": "中杯", en: "Regular", km: "មធ្យម" }, priceDelta: 0, isDefault: true },
			{ name: { "zh-CN": "大杯", en: "Large", km: "ធំ" }, priceDelta: 80 },
		],
		...overrides,
	};
}

describe("building the menu", () => {
	it("adds a category, an item with a photo and an option group, and customers see them at once", async () => {
		const before = await customerMenu("km");
		const category = await newCategory();
		const photo = await uploadPhoto(owner);
		expect(photo.code).toBe(0);
		const item = await newItem(category.id, { image: photo.data.url });
		const group = await post<{ id: number; version: number }>("group/save", owner, groupBody(item.id));
		expect(group.code).toBe(0);

		const after = await customerMenu("km");
		expect(after.etag).not.toBe(before.etag);
		const shown = onMenu(after.menu, item.id) as MenuItem;
		expect(shown).toMatchObject({
			name: "ក្រឡុកដូង",
			price: 300,
			originalPrice: 350,
			image: photo.data.url,
			soldOut: false,
			orderTypes: ["takein", "takeout", "desk"],
		});
		expect(after.menu.categories.at(-1)?.name).toBe(`ថ្មី ${categoryCount}`);
		expect(shown.optionGroups).toEqual([
			{
				id: group.data.id,
				name: "ទំហំ",
				minChoices: 1,
				maxChoices: 1,
				options: [
					{ id: expect.any(Number), name: "មធ្យម", priceDelta: 0, isDefault: true, soldOut: false, stock: null },
					{ id: expect.any(Number), name: "ធំ", priceDelta: 80, isDefault: false, soldOut: false, stock: null },
				],
			},
		]);
	});

	it("shows the editor every language, hidden categories and versions", async () => {
		const category = await newCategory();
		const item = await newItem(category.id);
		await post("category/save", owner, {
			shopId: SHOP,
			id: category.id,
			version: category.version,
			name: { "zh-CN": "隐藏", en: "Hidden", km: "" },
			visible: false,
		});
		const menu = (await adminMenu(manager)).data;
		const shown = menu.categories.find((c) => c.id === category.id);
		expect(shown).toMatchObject({ visible: false, version: 2, name: { "zh-CN": "隐藏", en: "Hidden", km: "" } });
		expect(shown?.items[0]).toMatchObject({
			id: item.id,
			version: 1,
			name: { "zh-CN": "椰子冰沙", en: "Coconut shake", km: "ក្រឡុកដូង" },
		});
		// Hidden from customers, and not orderable either.
		expect(onMenu((await customerMenu()).menu, item.id)).toBeUndefined();
		const priced = await server.call<PricedCart>("POST", "/app-api/cart/price", {
			body: { shopId: SHOP, orderType: "takein", lines: [{ itemId: item.id, quantity: 1 }] },
			lang: "en",
		});
		expect(priced.data.lines[0]?.problems.map((p) => p.code)).toEqual([ErrorCode.ItemUnavailable]);
	});

	it("moves categories and items up and down", async () => {
		const category = await newCategory();
		await newItem(category.id, { name: { "zh-CN": "甲", en: "A", km: "" } });
		const second = await newItem(category.id, { name: { "zh-CN": "乙", en: "B", km: "" } });
		expect((await post("item/move", owner, { shopId: SHOP, id: second.id, direction: "up" })).code).toBe(0);
		const names = async () =>
			(await customerMenu()).menu.categories.find((c) => c.id === category.id)?.items.map((i) => i.name);
		expect(await names()).toEqual(["B", "A"]);
		// Already first: stays first.
		await post("item/move", owner, { shopId: SHOP, id: second.id, direction: "up" });
		expect(await names()).toEqual(["B", "A"]);

		const visibleIds = async () => (await customerMenu()).menu.categories.map((c) => c.id);
		const neighbour = await newCategory();
		await newItem(neighbour.id);
		expect((await visibleIds()).slice(-2)).toEqual([category.id, neighbour.id]);
		await post("category/move", owner, { shopId: SHOP, id: neighbour.id, direction: "up" });
		expect((await visibleIds()).slice(-2)).toEqual([neighbour.id, category.id]);
		const editorOrder = (await adminMenu(owner)).data.categories.map((c) => c.id);
		expect(editorOrder.indexOf(neighbour.id)).toBe(editorOrder.indexOf(category.id) - 1);
	});

	it("edits and removes an option group, keeping options named by id", async () => {
		const category = await newCategory();
		const item = await newItem(category.id);
		const group = (await post<{ id: number; version: number }>("group/save", owner, groupBody(item.id))).data;
		const [regular] = (await adminItem(item.id)).optionGroups[0]?.options ?? [];
		const saved = await post<{ id: number; version: number }>(
			"group/save",
			owner,
			groupBody(item.id, {
				id: group.id,
				version: group.version,
				minChoices: 0,
				maxChoices: 2,
				options: [
					{ id: regular?.id, name: { "zh-CN": "少冰", en: "Less ice", km: "" }, priceDelta: 0 },
					{ name: { "zh-CN": "加椰果", en: "Coconut jelly", km: "" }, priceDelta: 50 },
				],
			}),
		);
		expect(saved).toMatchObject({ code: 0, data: { id: group.id, version: 2 } });
		const options = (await adminItem(item.id)).optionGroups[0]?.options;
		expect(options?.map((o) => [o.name.en, o.priceDelta])).toEqual([
			["Less ice", 0],
			["Coconut jelly", 50],
		]);
		expect(options?.[0]?.id).toBe(regular?.id);

		expect((await post("group/remove", owner, { shopId: SHOP, id: group.id, version: 1 })).code).toBe(
			ErrorCode.MenuChanged,
		);
		expect((await post("group/remove", owner, { shopId: SHOP, id: group.id, version: 2 })).code).toBe(0);
		expect((await adminItem(item.id)).optionGroups).toEqual([]);
		expect((onMenu((await customerMenu()).menu, item.id) as MenuItem).optionGroups).toEqual([]);
	});

	it("records every change: who, what, before and after", async () => {
		const count = await changeCount();
		const category = await newCategory(manager);
		const item = await newItem(category.id);
		await post("item/save", owner, itemBody(category.id, { id: item.id, version: item.version, price: 320 }));
		const rows = await server.deps.db
			.selectFrom("shop_change as c")
			.innerJoin("member as m", "m.id", "c.member_id")
			.select(["m.mobile", "c.subject", "c.subject_id", "c.action", "c.before", "c.after"])
			.orderBy("c.id")
			.execute();
		expect(rows.slice(count)).toEqual([
			expect.objectContaining({ mobile: "13955551002", subject: "menu_category", action: "create" }),
			expect.objectContaining({ mobile: "13800000001", subject: "menu_item", action: "create" }),
			expect.objectContaining({
				mobile: "13800000001",
				subject: "menu_item",
				subject_id: String(item.id),
				action: "update",
				before: expect.objectContaining({ price: 300 }),
				after: expect.objectContaining({ price: 320 }),
			}),
		]);
	});
});

describe("bad input is refused field by field and changes nothing", () => {
	it.each(SUPPORTED_LANGUAGES)("names each broken field in %s", async (lang) => {
		const category = await newCategory();
		const versionBefore = (await adminMenu(owner)).data.menuVersion;
		const changesBefore = await changeCount();
		const answer = await post(
			"item/save",
			owner,
			itemBody(category.id, { name: { "zh-CN": "  ", en: "Shake", km: "" }, price: -5, orderTypes: [] }),
			lang,
		);
		expect(answer.code).toBe(ErrorCode.BadRequest);
		const issues = (answer.data as { issues: Array<{ field: string; message: string }> }).issues;
		expect(issues).toEqual(
			expect.arrayContaining([
				{ field: "name.zh-CN", rule: "menuItemNameRequired", message: formatMessage("menuItemNameRequired", lang) },
				{ field: "price", rule: "menuPriceNegative", message: formatMessage("menuPriceNegative", lang) },
				{ field: "orderTypes", rule: "menuOrderTypesRequired", message: formatMessage("menuOrderTypesRequired", lang) },
			]),
		);
		expect(answer.msg).toBe(issues[0]?.message);
		expect((await adminMenu(owner)).data.menuVersion).toBe(versionBefore);
		expect(await changeCount()).toBe(changesBefore);
	});

	it.each([
		[
			"an empty category name",
			"category/save",
			{ shopId: SHOP, name: { "zh-CN": "" } },
			"name.zh-CN",
			"menuCategoryNameRequired",
		],
		["at least more than at most", "group/save", { minChoices: 2, maxChoices: 1 }, "minChoices", "menuMinAboveMax"],
		[
			"at most more than the options",
			"group/save",
			{ minChoices: 0, maxChoices: 3 },
			"maxChoices",
			"menuMaxAboveOptions",
		],
		["no options", "group/save", { options: [] }, "options", "menuOptionsRequired"],
		[
			"an original price not above the price",
			"item/save",
			{ originalPrice: 300 },
			"originalPrice",
			"menuOriginalPriceNotHigher",
		],
		["negative stock", "item/save", { stock: -1 }, "stock", "menuStockInvalid"],
		[
			"a description only in English",
			"item/save",
			{ description: { "zh-CN": "", en: "Nice", km: "" } },
			"description.zh-CN",
			"menuDescriptionZhRequired",
		],
		["a price in fractions", "item/save", { price: 2.5 }, "price", "menuPriceWhole"],
	] as const)("refuses %s", async (_, path, change, field, rule) => {
		const category = await newCategory();
		const item = await newItem(category.id);
		const base = path === "group/save" ? groupBody(item.id) : path === "item/save" ? itemBody(category.id) : {};
		const versionBefore = (await adminMenu(owner)).data.menuVersion;
		const answer = await post(path, owner, { ...base, ...change }, "km");
		expect(answer).toMatchObject({ code: ErrorCode.BadRequest, msg: formatMessage(rule, "km") });
		expect((answer.data as { issues: Array<{ field: string }> }).issues[0]?.field).toBe(field);
		expect((await adminMenu(owner)).data.menuVersion).toBe(versionBefore);
	});

	it("refuses a file that is not an image, and a photo that was never uploaded", async () => {
		const category = await newCategory();
		const notImage = await uploadPhoto(owner, "<svg onload=alert(1)></svg>");
		expect(notImage.code).toBe(ErrorCode.FileNotImage);
		const changesBefore = await changeCount();
		const answer = await post("item/save", owner, itemBody(category.id, { image: "/uploads/made-up.webp" }), "zh-CN");
		expect(answer).toMatchObject({ code: ErrorCode.BadRequest, msg: formatMessage("menuImageNotUploaded", "zh-CN") });
		// Somebody else's upload is not this member's to use either.
		const theirs = await uploadPhoto(customer.accessToken);
		const stolen = await post("item/save", owner, itemBody(category.id, { image: theirs.data.url }));
		expect(stolen.code).toBe(ErrorCode.BadRequest);
		expect(await changeCount()).toBe(changesBefore);
	});

	it("refuses an item for a category of another shop", async () => {
		const theirs = (
			await server.call<{ id: number }>("POST", "/app-api/merchant/menu/category/save", {
				token: otherOwner,
				body: { shopId: otherShopId, name: { "zh-CN": "别家分类" } },
			})
		).data;
		const answer = await post("item/save", owner, itemBody(theirs.id));
		expect(answer.code).toBe(ErrorCode.BadRequest);
	});
});

describe("who may change the menu", () => {
	let item: { id: number; version: number };
	let category: { id: number; version: number };
	let optionId: number;
	beforeAll(async () => {
		category = await newCategory();
		item = await newItem(category.id);
		await post("group/save", owner, groupBody(item.id));
		optionId = (await adminItem(item.id)).optionGroups[0]?.options[0]?.id as number;
	});

	const menuCalls = () =>
		[
			["category/save", { shopId: SHOP, id: category.id, version: category.version, name: { "zh-CN": "改" } }],
			["category/move", { shopId: SHOP, id: category.id, direction: "up" }],
			["item/save", itemBody(category.id, { id: item.id, version: item.version })],
			["item/move", { shopId: SHOP, id: item.id, direction: "down" }],
			["item/remove", { shopId: SHOP, id: item.id, version: item.version }],
			["group/save", groupBody(item.id)],
			["group/remove", { shopId: SHOP, id: 1, version: 1 }],
		] as const;

	it("refuses customers every call, for existing and missing rows alike", async () => {
		for (const [path, body] of [
			...menuCalls(),
			["sold-out", { shopId: SHOP, kind: "item", id: item.id, soldOut: true }],
			["sold-out", { shopId: SHOP, kind: "item", id: 999_999, soldOut: true }],
			["sold-out", { shopId: 999_999, kind: "item", id: item.id, soldOut: true }],
		] as const) {
			expect((await post(path, customer.accessToken, body)).code, path).toBe(ErrorCode.Forbidden);
		}
		expect((await adminMenu(customer.accessToken)).code).toBe(ErrorCode.Forbidden);
		expect((await post("sold-out", undefined, { shopId: SHOP, kind: "item", id: item.id, soldOut: true })).code).toBe(
			ErrorCode.Unauthorized,
		);
	});

	it("lets staff read the menu and mark sold out, but not change it", async () => {
		expect((await adminMenu(staff)).code).toBe(0);
		for (const [path, body] of menuCalls()) {
			expect((await post(path, staff, body)).code, path).toBe(ErrorCode.Forbidden);
		}
		expect((await adminItem(item.id)).version).toBe(item.version);
		expect((await post("sold-out", staff, { shopId: SHOP, kind: "option", id: optionId, soldOut: true })).code).toBe(0);
		expect((await post("sold-out", staff, { shopId: SHOP, kind: "option", id: optionId, soldOut: false })).code).toBe(
			0,
		);
	});

	it("keeps another shop's owner out, and answers the same for their rows and missing ones", async () => {
		expect((await adminMenu(otherOwner)).code).toBe(ErrorCode.Forbidden);
		for (const [path, body] of menuCalls()) {
			expect((await post(path, otherOwner, body)).code, path).toBe(ErrorCode.Forbidden);
		}
		// Naming their own shop and our rows: our rows look like missing ones.
		const ours = await post("sold-out", otherOwner, { shopId: otherShopId, kind: "item", id: item.id, soldOut: true });
		const missing = await post("sold-out", otherOwner, {
			shopId: otherShopId,
			kind: "item",
			id: 999_999,
			soldOut: true,
		});
		expect(ours).toEqual(missing);
		expect(ours.code).toBe(ErrorCode.NotFound);
		const save = await server.call("POST", "/app-api/merchant/menu/item/save", {
			token: otherOwner,
			body: { ...itemBody(category.id, { id: item.id, version: item.version }), shopId: otherShopId },
		});
		expect(save.code).toBe(ErrorCode.BadRequest);
		expect((await adminItem(item.id)).soldOut).toBe(false);
	});
});

describe("changes reach customers and carts at once", () => {
	it("shows a new price on the next menu request, with a new ETag, and re-prices a cart", async () => {
		const category = await newCategory();
		const item = await newItem(category.id, { price: 300, originalPrice: null });
		const cartLine = { itemId: item.id, quantity: 2, seenUnitPrice: 300 };
		const placed = await fx.place(customer.accessToken, { lines: [{ itemId: item.id, quantity: 1 }] });
		expect(placed.code).toBe(0);
		const before = await customerMenu();

		const saved = await post(
			"item/save",
			manager,
			itemBody(category.id, { id: item.id, version: 1, price: 360, originalPrice: null }),
		);
		expect(saved).toMatchObject({ code: 0, data: { version: 2 } });

		const after = await customerMenu();
		expect(after.etag).not.toBe(before.etag);
		expect(onMenu(before.menu, item.id)?.price).toBe(300);
		expect(onMenu(after.menu, item.id)?.price).toBe(360);

		const priced = await server.call<PricedCart>("POST", "/app-api/cart/price", {
			body: { shopId: SHOP, orderType: "takein", lines: [cartLine] },
			lang: "en",
		});
		// Both currencies, as the menu showed them (the demo prices in riel beside dollars).
		expect(priced.data.lines[0]).toMatchObject({
			unitPrice: 360,
			lineTotal: 720,
			problems: [
				{ code: ErrorCode.PriceChanged, message: "The price changed from $3.00 · 12,300៛ to $3.60 · 14,800៛" },
			],
		});
		expect(priced.data.orderable).toBe(false);
		// Ordered at the price shown before: refused, saying what changed; at the new one: fine.
		const stale = await fx.place(customer.accessToken, { lines: [cartLine] }, fx.newKey(), "en");
		expect(stale).toMatchObject({
			code: ErrorCode.PriceChanged,
			msg: "The price changed from $3.00 · 12,300៛ to $3.60 · 14,800៛",
		});
		const fresh = await fx.place(customer.accessToken, { lines: [{ ...cartLine, seenUnitPrice: 360 }] });
		expect(fresh.data.total).toBe(720);

		// The order placed before the change keeps what it was sold at.
		const old = await server.call<OrderView>("GET", `/app-api/order/detail/${placed.data.id}`, {
			token: customer.accessToken,
		});
		expect(old.data.total).toBe(300);
	});

	it("tells a cart holding a removed item that it is gone", async () => {
		const category = await newCategory();
		const item = await newItem(category.id);
		expect((await post("item/remove", owner, { shopId: SHOP, id: item.id, version: 1 })).code).toBe(0);
		expect(onMenu((await customerMenu()).menu, item.id)).toBeUndefined();
		const priced = await server.call<PricedCart>("POST", "/app-api/cart/price", {
			body: { shopId: SHOP, orderType: "takein", lines: [{ itemId: item.id, quantity: 1, seenUnitPrice: 300 }] },
			lang: "en",
		});
		expect(priced.data.lines[0]?.problems).toEqual([
			{ code: ErrorCode.ItemUnavailable, message: formatMessage("itemUnavailable", "en") },
		]);
		expect((await adminMenu(owner)).data.categories.flatMap((c) => c.items).map((i) => i.id)).not.toContain(item.id);
	});

	it("shows an item and an option sold out the moment staff tap it, and back again", async () => {
		const category = await newCategory();
		const item = await newItem(category.id);
		await post("group/save", owner, groupBody(item.id));
		const large = (await adminItem(item.id)).optionGroups[0]?.options[1]?.id as number;
		await customerMenu();

		expect((await post("sold-out", staff, { shopId: SHOP, kind: "item", id: item.id, soldOut: true })).code).toBe(0);
		expect((await post("sold-out", staff, { shopId: SHOP, kind: "option", id: large, soldOut: true })).code).toBe(0);
		const shown = onMenu((await customerMenu()).menu, item.id) as MenuItem;
		expect(shown.soldOut).toBe(true);
		expect(shown.optionGroups[0]?.options[1]?.soldOut).toBe(true);
		const refused = await fx.place(customer.accessToken, { lines: [{ itemId: item.id, quantity: 1, optionIds: [] }] });
		expect(refused.code).toBe(ErrorCode.ItemSoldOut);

		await post("sold-out", staff, { shopId: SHOP, kind: "item", id: item.id, soldOut: false });
		expect((onMenu((await customerMenu()).menu, item.id) as MenuItem).soldOut).toBe(false);
		const actions = await server.deps.db
			.selectFrom("shop_change")
			.select(["subject", "action"])
			.where("subject_id", "in", [String(item.id), String(large)])
			.where("action", "in", ["sold_out", "back_in_stock"])
			.orderBy("id")
			.execute();
		expect(actions).toEqual([
			{ subject: "menu_item", action: "sold_out" },
			{ subject: "menu_option", action: "sold_out" },
			{ subject: "menu_item", action: "back_in_stock" },
		]);
	});
});

describe("no lost update", () => {
	it.each(SUPPORTED_LANGUAGES)("refuses a save made from an old version, in %s", async (lang) => {
		const category = await newCategory();
		const item = await newItem(category.id);
		const first = await post(
			"item/save",
			owner,
			itemBody(category.id, { id: item.id, version: 1, price: 400, originalPrice: null }),
		);
		expect(first).toMatchObject({ code: 0, data: { version: 2 } });
		const second = await post(
			"item/save",
			manager,
			itemBody(category.id, { id: item.id, version: 1, price: 450, originalPrice: null }),
			lang,
		);
		expect(second).toEqual({ code: ErrorCode.MenuChanged, msg: formatMessage("menuChanged", lang), data: null });
		expect((await adminItem(item.id)).price).toBe(400);

		const staleCategory = await post("category/save", owner, {
			shopId: SHOP,
			id: category.id,
			version: category.version + 1,
			name: { "zh-CN": "改名" },
		});
		expect(staleCategory.code).toBe(ErrorCode.MenuChanged);
	});

	it("does not disturb an open editor with a sold-out tap or a move", async () => {
		const category = await newCategory();
		const item = await newItem(category.id);
		await post("sold-out", staff, { shopId: SHOP, kind: "item", id: item.id, soldOut: true });
		await post("item/move", owner, { shopId: SHOP, id: item.id, direction: "up" });
		const saved = await post("item/save", owner, itemBody(category.id, { id: item.id, version: 1, price: 310 }));
		expect(saved.code).toBe(0);
		expect(await adminItem(item.id)).toMatchObject({ price: 310, soldOut: true });
	});
});
