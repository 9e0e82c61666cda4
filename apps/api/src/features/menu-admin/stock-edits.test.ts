import {
	type AdminMenu,
	type AdminMenuItem,
	ErrorCode,
	expandShopMenu,
	formatMessage,
	type SavedMenuItem,
	type SaveMenuItemInput,
	type ShopMenuWire,
	type SoldOutResult,
} from "@bayon/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../../../test/harness.js";
import { OrderingFixture } from "../../../test/ordering.js";

/**
 * Issue 27: an owner's save of an item's stock never loses an order placed between reading the
 * editor and saving it (the save adds the difference typed − read), and "back in stock" of an
 * item counted down to 0 asks how many came back instead of changing nothing customers see.
 * Both databases: on PGlite the parallel requests take turns, on PostgreSQL they really race.
 */

let server: TestServer;
let fx: OrderingFixture;
let owner: string;
let staff: string;
let customer: string;
let categoryId: number;
const SHOP = 1;

beforeAll(async () => {
	server = await startTestServer();
	fx = await new OrderingFixture(server).load();
	fx.moveClockToLocal("12:00");
	owner = (await server.signIn("13800000001")).accessToken;
	staff = (await server.signIn("13800000002")).accessToken;
	customer = (await server.signIn("13955553001")).accessToken;
	const category = await server.call<{ id: number }>("POST", "/app-api/merchant/menu/category/save", {
		token: owner,
		body: { shopId: SHOP, name: { "zh-CN": "限量", en: "Limited" } },
	});
	categoryId = category.data.id;
});
afterAll(async () => {
	await server?.close();
});

const post = <T = unknown>(path: string, token: string, body: unknown, lang = "en") =>
	server.call<T>("POST", `/app-api/merchant/menu/${path}`, { token, body, lang });

function itemBody(overrides: Partial<SaveMenuItemInput> = {}): SaveMenuItemInput {
	return {
		shopId: SHOP,
		categoryId,
		name: { "zh-CN": "限量蛋糕", en: "Limited cake" },
		price: 250,
		stock: null,
		orderTypes: ["takein"],
		...overrides,
	};
}

async function newItem(stock: number | null) {
	const answer = await post<SavedMenuItem>("item/save", owner, itemBody({ stock }));
	expect(answer.code).toBe(0);
	return answer.data;
}

/** What the owner's editor reads: the item as the merchant menu answers it. */
async function editorRead(id: number) {
	const menu = await server.call<AdminMenu>("GET", `/app-api/merchant/menu?shopId=${SHOP}`, { token: owner });
	return menu.data.categories.flatMap((c) => c.items).find((item) => item.id === id) as AdminMenuItem;
}

const order = (itemId: number, quantity = 1) => fx.place(customer, { lines: [{ itemId, quantity }] });

async function customerSees(id: number) {
	const menu = await server.call<ShopMenuWire>("GET", `/app-api/product/products?shopId=${SHOP}`, { lang: "en" });
	return expandShopMenu(menu.data)
		.categories.flatMap((c) => c.items)
		.find((item) => item.id === id);
}

describe("an owner's stock edit keeps what orders took meanwhile", () => {
	it("adds the difference typed − read to the stock as it is now, and answers the stock now", async () => {
		const created = await newItem(10);
		const read = await editorRead(created.id);
		expect(read.stock).toBe(10);
		// Two are ordered while the owner types 15 (five more came in).
		expect((await order(created.id, 2)).code).toBe(0);
		const saved = await post<SavedMenuItem>(
			"item/save",
			owner,
			itemBody({ id: read.id, version: read.version, stockRead: read.stock, stock: 15 }),
		);
		expect(saved).toMatchObject({ code: 0, data: { id: read.id, version: read.version + 1, stock: 13 } });
		expect(await fx.stockOf(read.id)).toBe(13);
		expect((await editorRead(read.id)).stock).toBe(13);
		// The change log keeps the stock the save left.
		const logged = await server.deps.db
			.selectFrom("shop_change")
			.select(["before", "after"])
			.where("subject", "=", "menu_item")
			.where("subject_id", "=", String(read.id))
			.where("action", "=", "update")
			.executeTakeFirstOrThrow();
		expect([(logged.before as { stock: number }).stock, (logged.after as { stock: number }).stock]).toEqual([8, 13]);
	});

	it.each(["zh-CN", "en", "km"])(
		"refuses, in %s, to take off more than is left now, saying how many are left",
		async (lang) => {
			const created = await newItem(5);
			const read = await editorRead(created.id);
			// Three are ordered meanwhile; the owner, seeing 5, types 1 (take off 4): only 2 are left.
			expect((await order(created.id, 3)).code).toBe(0);
			const refused = await post(
				"item/save",
				owner,
				itemBody({ id: read.id, version: read.version, stockRead: 5, stock: 1, price: 999 }),
				lang,
			);
			expect(refused).toEqual({
				code: ErrorCode.StockBelowWhatIsLeft,
				msg: formatMessage("stockBelowWhatIsLeft", lang, { left: 2 }),
				data: { stock: 2 },
			});
			// Nothing changed: not the stock, not the price, not the version.
			expect(await editorRead(read.id)).toMatchObject({ stock: 2, price: 250, version: read.version });
			// Taking off exactly what is left is fine: 0.
			const emptied = await post<SavedMenuItem>(
				"item/save",
				owner,
				itemBody({ id: read.id, version: read.version, stockRead: 5, stock: 3 }),
			);
			expect(emptied.data.stock).toBe(0);
		},
	);

	it("starts and stops counting outright, and wants the stock read with every update", async () => {
		const created = await newItem(null);
		const counted = await post<SavedMenuItem>(
			"item/save",
			owner,
			itemBody({ id: created.id, version: 1, stockRead: null, stock: 7 }),
		);
		expect(counted.data.stock).toBe(7);
		expect((await order(created.id)).code).toBe(0);
		const unlimited = await post<SavedMenuItem>(
			"item/save",
			owner,
			itemBody({ id: created.id, version: 2, stockRead: 7, stock: null }),
		);
		expect(unlimited.data.stock).toBeNull();
		// An update without the stock it read cannot be applied relatively: refused, nothing changed.
		const blind = await post("item/save", owner, itemBody({ id: created.id, version: 3, stock: 4 }));
		expect(blind.code).toBe(ErrorCode.BadRequest);
		expect((blind.data as { issues: Array<{ field: string }> }).issues.map((i) => i.field)).toEqual(["stockRead"]);
		expect(await fx.stockOf(created.id)).toBeNull();
	});

	it("loses no order placed in parallel with the save", async () => {
		for (let round = 0; round < 3; round++) {
			const created = await newItem(30);
			const read = await editorRead(created.id);
			// Ten customers order one each while the owner saves 40 (ten more came in). The save
			// leaves once the first order went through (so at least one falls between reading
			// and saving) while the others are still arriving.
			let firstPlaced: () => void = () => {};
			const onePlaced = new Promise<void>((resolve) => {
				firstPlaced = resolve;
			});
			const orders = Array.from({ length: 10 }, async (_, index) => {
				await new Promise((resolve) => setTimeout(resolve, index * 5));
				const answer = await order(read.id);
				firstPlaced();
				return answer;
			});
			const save = onePlaced.then(() =>
				post<SavedMenuItem>(
					"item/save",
					owner,
					itemBody({ id: read.id, version: read.version, stockRead: 30, stock: 40 }),
				),
			);
			const [saved, ...answers] = await Promise.all([save, ...orders]);
			expect(saved.code, `round ${round}`).toBe(0);
			expect(answers.map((answer) => answer.code)).toEqual(Array(10).fill(0));
			// 30 + 10 added − 10 ordered, whatever came first.
			expect(await fx.stockOf(read.id), `round ${round}`).toBe(30);
			const sales = await server.deps.db
				.selectFrom("menu_item")
				.select("sales_count")
				.where("id", "=", read.id)
				.executeTakeFirstOrThrow();
			expect(sales.sales_count).toBe(10);
		}
	});
});

describe("back in stock of an item counted down to 0", () => {
	it("shows it sold out to staff, asks how many came back, and puts that many on sale", async () => {
		const created = await newItem(1);
		expect((await order(created.id)).code).toBe(0);
		// None left: staff see it sold out, as customers do, though no one marked it.
		expect(await editorRead(created.id)).toMatchObject({ stock: 0, soldOut: true });
		expect((await customerSees(created.id))?.soldOut).toBe(true);

		const tap = { shopId: SHOP, kind: "item", id: created.id, soldOut: false };
		for (const lang of ["zh-CN", "en", "km"]) {
			const refused = await post("sold-out", staff, tap, lang);
			expect(refused).toEqual({
				code: ErrorCode.RestockNeeded,
				msg: formatMessage("restockNeeded", lang),
				data: { stock: 0 },
			});
		}
		expect(await fx.stockOf(created.id)).toBe(0);

		const restocked = await post<SoldOutResult>("sold-out", staff, { ...tap, addStock: 6 });
		expect(restocked).toMatchObject({ code: 0, data: { id: created.id, soldOut: false, stock: 6 } });
		expect(await editorRead(created.id)).toMatchObject({ stock: 6, soldOut: false });
		expect((await customerSees(created.id))?.soldOut).toBe(false);
		expect((await order(created.id, 6)).code).toBe(0);
		expect(await fx.stockOf(created.id)).toBe(0);
	});

	it("does the same for an option counted down to 0, and refuses a count with 'sold out'", async () => {
		const created = await newItem(null);
		const group = await post<{ id: number }>("group/save", owner, {
			shopId: SHOP,
			itemId: created.id,
			name: { "zh-CN": "配料" },
			minChoices: 0,
			maxChoices: 1,
			options: [{ name: { "zh-CN": "芒果" }, priceDelta: 50 }],
		});
		expect(group.code).toBe(0);
		const option = (await editorRead(created.id)).optionGroups[0]?.options[0];
		if (!option) throw new Error("no option");
		await server.deps.db.updateTable("menu_option").set({ stock: 0 }).where("id", "=", option.id).execute();
		expect((await editorRead(created.id)).optionGroups[0]?.options[0]?.soldOut).toBe(true);

		const tap = { shopId: SHOP, kind: "option", id: option.id, soldOut: false };
		expect((await post("sold-out", staff, tap)).code).toBe(ErrorCode.RestockNeeded);
		expect((await post("sold-out", staff, { ...tap, soldOut: true, addStock: 2 })).code).toBe(ErrorCode.BadRequest);
		expect((await post("sold-out", staff, { ...tap, addStock: 0 })).code).toBe(ErrorCode.BadRequest);
		const restocked = await post<SoldOutResult>("sold-out", staff, { ...tap, addStock: 2 });
		expect(restocked.data).toEqual({ id: option.id, soldOut: false, stock: 2 });
		expect((await editorRead(created.id)).optionGroups[0]?.options[0]).toMatchObject({ soldOut: false, stock: 2 });
	});

	it("still toggles an item that is not counted, or has some left, with one tap", async () => {
		const unlimited = await newItem(null);
		const some = await newItem(4);
		for (const item of [unlimited, some]) {
			const tap = { shopId: SHOP, kind: "item", id: item.id };
			expect((await post("sold-out", staff, { ...tap, soldOut: true })).code).toBe(0);
			expect((await post("sold-out", staff, { ...tap, soldOut: false })).code).toBe(0);
			expect((await customerSees(item.id))?.soldOut).toBe(false);
		}
		expect(await fx.stockOf(some.id)).toBe(4);
	});
});
