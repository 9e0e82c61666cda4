import {
	type CreateBranchInput,
	type CreatedBranch,
	ErrorCode,
	expandShopMenu,
	formatMessage,
	type MemberInfo,
	type ShopMenu,
	type ShopMenuWire,
	type ShopSummary,
} from "@bayon/contract";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../../../test/harness.js";
import { insertOtherTenantShop } from "../../../test/other-tenant.js";

let server: TestServer;
let owner: { accessToken: string; userId: number };
let sourceShopId: number;

beforeAll(async () => {
	server = await startTestServer();
	owner = await server.signIn("13800000001");
	sourceShopId = (
		await server.deps.db.selectFrom("shop").select("id").where("code", "=", "riverside").executeTakeFirstOrThrow()
	).id;
});
afterAll(async () => {
	await server?.close();
});

const validBranch = (): CreateBranchInput => ({
	sourceShopId,
	name: { "zh-CN": "Bayon 茶饮 · 万景岗店", en: "Bayon Tea · Boeung Kak", km: "បាយ័ន តែ · បឹងកក់" },
	address: { "zh-CN": "金边市 93 街 12 号", en: "No. 12, Street 93, Phnom Penh", km: "" },
	phone: "+855 23 900 789",
	latitude: 11.5812,
	longitude: 104.9098,
});

let keys = 0;
/** A new Idempotency-Key per call unless one is given (`null`: none sent). */
const createBranch = (
	token: string | undefined,
	body: unknown,
	options: { lang?: string; tenant?: 2; key?: string | null } = {},
) => {
	const key = options.key === undefined ? `branch-test-${++keys}-${Date.now()}` : options.key;
	return server.call<CreatedBranch>("POST", "/app-api/merchant/branch/create", {
		...(token ? { token } : {}),
		body,
		...(options.lang ? { lang: options.lang } : {}),
		headers: {
			...(options.tenant ? { "tenant-id": "2", "shop-key": "other" } : {}),
			...(key === null ? {} : { "idempotency-key": key }),
		},
	});
};

const countShops = async () =>
	Number(
		(
			await server.deps.db
				.selectFrom("shop")
				.select((eb) => eb.fn.countAll().as("n"))
				.executeTakeFirstOrThrow()
		).n,
	);

async function memberWithRole(mobile: string, role: "owner" | "manager" | "staff") {
	const session = await server.signIn(mobile);
	await server.deps.db
		.insertInto("shop_staff")
		.values({ shop_id: sourceShopId, member_id: session.userId, role })
		.execute();
	return session;
}

/** Every row of a table for a shop's menu, without the columns a copy is expected to change. */
async function menuRows(shopId: number) {
	const db = server.deps.db;
	const without = <T extends Record<string, unknown>>(row: T, ...keys: string[]) =>
		Object.fromEntries(Object.entries(row).filter(([key]) => !keys.includes(key)));
	const categories = await db.selectFrom("menu_category").selectAll().where("shop_id", "=", shopId).execute();
	const items = await db
		.selectFrom("menu_item as i")
		.innerJoin("menu_category as c", "c.id", "i.category_id")
		.selectAll("i")
		.select("c.code as category_code")
		.where("i.shop_id", "=", shopId)
		.execute();
	const groups = await db
		.selectFrom("menu_option_group as g")
		.innerJoin("menu_item as i", "i.id", "g.item_id")
		.selectAll("g")
		.select("i.code as item_code")
		.where("i.shop_id", "=", shopId)
		.execute();
	const options = await db
		.selectFrom("menu_option as o")
		.innerJoin("menu_option_group as g", "g.id", "o.group_id")
		.innerJoin("menu_item as i", "i.id", "g.item_id")
		.selectAll("o")
		.select(["g.code as group_code", "i.code as item_code"])
		.where("i.shop_id", "=", shopId)
		.execute();
	const hours = await db.selectFrom("shop_opening_hours").selectAll().where("shop_id", "=", shopId).execute();
	const byKey = (a: Record<string, unknown>, b: Record<string, unknown>) =>
		JSON.stringify(a).localeCompare(JSON.stringify(b));
	return {
		raw: { items, options },
		categories: categories.map((row) => without(row, "id", "shop_id")).sort(byKey),
		items: items
			.map((row) => without(row, "id", "shop_id", "category_id", "stock", "sold_out", "sales_count"))
			.sort(byKey),
		groups: groups.map((row) => without(row, "id", "item_id")).sort(byKey),
		options: options.map((row) => without(row, "id", "group_id", "stock", "sold_out")).sort(byKey),
		hours: hours.map((row) => without(row, "shop_id")).sort(byKey),
	};
}

describe("POST /merchant/branch/create", () => {
	it("opens a branch with its own name and place, the owner as owner, and a complete copy of the menu and hours", async () => {
		const db = server.deps.db;
		// Service-time state of the source that is not a menu: a count on the shelf, a sold-out
		// mark, sales. The copy starts without them.
		await db.updateTable("menu_item").set({ stock: 3, sold_out: true }).where("shop_id", "=", sourceShopId).execute();

		const created = await createBranch(owner.accessToken, validBranch(), { lang: "en" });
		expect(created.code).toBe(0);
		const branch = created.data;
		expect(branch.name).toBe("Bayon Tea · Boeung Kak");
		expect(branch.shopId).not.toBe(sourceShopId);

		const source = await menuRows(sourceShopId);
		const copy = await menuRows(branch.shopId);
		expect(source.items.length).toBeGreaterThan(5);
		expect(source.options.length).toBeGreaterThan(5);
		expect(copy.categories).toEqual(source.categories);
		expect(copy.items).toEqual(source.items);
		expect(copy.groups).toEqual(source.groups);
		expect(copy.options).toEqual(source.options);
		expect(copy.hours).toEqual(source.hours);
		expect(branch.copied).toEqual({
			categories: source.categories.length,
			items: source.items.length,
			optionGroups: source.groups.length,
			options: source.options.length,
			openingHours: source.hours.length,
			// Every source item counts stock here (3 each): each starts at 0 in the branch.
			stockToSet: source.items.length,
		});
		expect(branch.acceptingOrders).toBe(false);
		// Counted stock starts at 0 (the new place's count is the owner's to set), uncounted stays so.
		expect(copy.raw.items.every((item) => item.stock === 0 && !item.sold_out && item.sales_count === 0)).toBe(true);
		expect(copy.raw.options.every((option) => option.stock === null && !option.sold_out)).toBe(true);

		// Customers find it with its own name and place; its own staff list has the owner alone.
		const list = await server.call<ShopSummary[]>("GET", "/app-api/store/list?kw=Boeung%20Kak", { lang: "en" });
		expect(list.data.map((shop) => [shop.id, shop.name, shop.address, shop.latitude])).toEqual([
			[branch.shopId, "Bayon Tea · Boeung Kak", "No. 12, Street 93, Phnom Penh", 11.5812],
		]);
		// km was left blank: it falls back to the Chinese address.
		const inKhmer = await server.call<ShopSummary[]>("GET", `/app-api/store/list?kw=${encodeURIComponent("93 街")}`, {
			lang: "km",
		});
		expect(inKhmer.data[0]?.address).toBe("金边市 93 街 12 号");
		const staff = await db.selectFrom("shop_staff").selectAll().where("shop_id", "=", branch.shopId).execute();
		expect(staff.map((row) => [row.member_id, row.role])).toEqual([[owner.userId, "owner"]]);
		const info = await server.call<MemberInfo>("GET", "/app-api/member/user/get-info", { token: owner.accessToken });
		expect(info.data.merchantShops).toContainEqual(expect.objectContaining({ shopId: branch.shopId, role: "owner" }));
		// The menu customers see there is the copy, priced like the source.
		const menu = await server.call<ShopMenuWire>("GET", `/app-api/product/products?shopId=${branch.shopId}`);
		expect(menu.data.categories.flatMap((c) => c.items).length).toBe(source.items.length);

		// Both branches' change logs say who opened it.
		const changes = await db
			.selectFrom("shop_change")
			.select(["shop_id", "member_id", "subject", "subject_id", "action"])
			.where("subject", "=", "shop")
			.where("subject_id", "=", String(branch.shopId))
			.orderBy("shop_id")
			.execute();
		expect(changes).toEqual([
			{
				shop_id: sourceShopId,
				member_id: owner.userId,
				subject: "shop",
				subject_id: String(branch.shopId),
				action: "open_branch",
			},
			{
				shop_id: branch.shopId,
				member_id: owner.userId,
				subject: "shop",
				subject_id: String(branch.shopId),
				action: "create",
			},
		]);
		await db
			.updateTable("menu_item")
			.set({ stock: null, sold_out: false })
			.where("shop_id", "=", sourceShopId)
			.execute();
	});

	it("makes a copy independent of its source: a price changed in the copy stays in the copy", async () => {
		const db = server.deps.db;
		const created = await createBranch(owner.accessToken, { ...validBranch(), name: { "zh-CN": "独立店" } });
		expect(created.code).toBe(0);
		const copyItem = await db
			.selectFrom("menu_item")
			.select(["id", "code", "price"])
			.where("shop_id", "=", created.data.shopId)
			.orderBy("id")
			.executeTakeFirstOrThrow();
		await db
			.updateTable("menu_item")
			.set({ price: copyItem.price + 150 })
			.where("id", "=", copyItem.id)
			.execute();
		const copyOption = await db
			.selectFrom("menu_option as o")
			.innerJoin("menu_option_group as g", "g.id", "o.group_id")
			.innerJoin("menu_item as i", "i.id", "g.item_id")
			.select(["o.id", "o.code", "o.price_delta"])
			.where("i.shop_id", "=", created.data.shopId)
			.executeTakeFirstOrThrow();
		await db.updateTable("menu_option").set({ price_delta: 999 }).where("id", "=", copyOption.id).execute();

		const sourceItem = await db
			.selectFrom("menu_item")
			.select(["id", "price"])
			.where("shop_id", "=", sourceShopId)
			.where("code", "=", copyItem.code)
			.executeTakeFirstOrThrow();
		expect(sourceItem.id).not.toBe(copyItem.id);
		expect(sourceItem.price).toBe(copyItem.price);
		const sourceOptions = await db
			.selectFrom("menu_option as o")
			.innerJoin("menu_option_group as g", "g.id", "o.group_id")
			.innerJoin("menu_item as i", "i.id", "g.item_id")
			.select("o.price_delta")
			.where("i.shop_id", "=", sourceShopId)
			.where("o.code", "=", copyOption.code)
			.execute();
		expect(sourceOptions.length).toBeGreaterThan(0);
		expect(sourceOptions.every((option) => option.price_delta !== 999)).toBe(true);

		const sourceMenu = await server.call<ShopMenuWire>("GET", `/app-api/product/products?shopId=${sourceShopId}`);
		const copyMenu = await server.call<ShopMenuWire>("GET", `/app-api/product/products?shopId=${created.data.shopId}`);
		const priceIn = (menu: ShopMenu, id: number) =>
			menu.categories.flatMap((c) => c.items).find((item) => item.id === id)?.price;
		expect(priceIn(expandShopMenu(sourceMenu.data), sourceItem.id)).toBe(copyItem.price);
		expect(priceIn(expandShopMenu(copyMenu.data), copyItem.id)).toBe(copyItem.price + 150);
	});

	it("refuses bad input with the field's message in the caller's language and creates nothing", async () => {
		const before = await countShops();
		const cases: Array<[unknown, string, string]> = [
			[{ ...validBranch(), name: { "zh-CN": "  ", en: "BKK1" } }, "name.zh-CN", "fillBranchName"],
			[{ ...validBranch(), address: { en: "Street 93" } }, "address.zh-CN", "fillBranchAddress"],
			[{ ...validBranch(), name: { "zh-CN": "店".repeat(61) } }, "name.zh-CN", "branchTextTooLong"],
			[{ ...validBranch(), phone: "" }, "phone", "fillBranchPhone"],
			[{ ...validBranch(), phone: "call us" }, "phone", "branchPhoneFormat"],
			[{ ...validBranch(), latitude: 91 }, "latitude", "fieldInvalid"],
			[{ ...validBranch(), longitude: "104.9" }, "longitude", "fieldInvalid"],
			[{ ...validBranch(), sourceShopId: "1" }, "sourceShopId", "fieldInvalid"],
			[{ ...validBranch(), name: { "zh-CN": "分店\u0000" } }, "name.zh-CN", "textHasControlChars"],
		];
		for (const [body, field, message] of cases) {
			const answer = await createBranch(owner.accessToken, body, { lang: "km" });
			expect(answer.code, field).toBe(ErrorCode.BadRequest);
			expect(answer.msg, field).toBe(formatMessage(message as never, "km", { field }));
			const issues = (answer.data as unknown as { issues: Array<{ field: string }> }).issues;
			expect(issues.map((issue) => issue.field)).toContain(field);
		}
		const extra = await createBranch(owner.accessToken, { ...validBranch(), code: "mine" });
		expect(extra.code).toBe(ErrorCode.BadRequest);
		expect(await countShops()).toBe(before);
	});

	it("refuses managers, staff and customers of the source, answering a customer alike for any shop id", async () => {
		const before = await countShops();
		const manager = await memberWithRole("13900000701", "manager");
		const staff = await memberWithRole("13900000702", "staff");
		const customer = await server.signIn("13900000703");

		expect((await createBranch(manager.accessToken, validBranch())).code).toBe(ErrorCode.Forbidden);
		expect((await createBranch(staff.accessToken, validBranch())).code).toBe(ErrorCode.Forbidden);
		const customerAnswers = await Promise.all(
			[sourceShopId, 999_999].map((id) => createBranch(customer.accessToken, { ...validBranch(), sourceShopId: id })),
		);
		expect(customerAnswers.map((answer) => [answer.code, answer.msg])).toEqual([
			[ErrorCode.Forbidden, formatMessage("forbidden", "zh-CN")],
			[ErrorCode.Forbidden, formatMessage("forbidden", "zh-CN")],
		]);
		expect((await createBranch(undefined, validBranch())).code).toBe(ErrorCode.Unauthorized);
		expect(await countShops()).toBe(before);
	});

	it("keeps tenants apart: another tenant's shop answers like one that does not exist, both ways", async () => {
		const otherShopId = await insertOtherTenantShop(server, {
			code: "siem-reap",
			name: { "zh-CN": "暹粒店" },
			at: { lat: 13.36, lng: 103.86 },
		});
		const before = await countShops();
		// The demo owner names the other tenant's shop, and a shop that does not exist.
		const missing = await createBranch(owner.accessToken, { ...validBranch(), sourceShopId: 999_999 });
		const foreign = await createBranch(owner.accessToken, { ...validBranch(), sourceShopId: otherShopId });
		expect(missing.code).toBe(ErrorCode.NotFound);
		expect([foreign.code, foreign.msg]).toEqual([missing.code, missing.msg]);

		// The other tenant's owner names the demo shop from their own tenant.
		const otherOwner = await server.call<{ accessToken: string; userId: number }>(
			"POST",
			"/app-api/member/auth/send-sms-code",
			{ body: { mobile: "13900000704", scene: 1 }, headers: { "tenant-id": "2", "shop-key": "other" } },
		);
		expect(otherOwner.code).toBe(0);
		const login = await server.call<{ accessToken: string; userId: number }>("POST", "/app-api/member/auth/sms-login", {
			body: { mobile: "13900000704", code: server.lastSmsCode("13900000704") },
			headers: { "tenant-id": "2", "shop-key": "other" },
		});
		expect(login.code).toBe(0);
		await server.deps.db
			.insertInto("shop_staff")
			.values({ shop_id: otherShopId, member_id: login.data.userId, role: "owner" })
			.execute();
		const fromOtherTenant = await createBranch(
			login.data.accessToken,
			{ ...validBranch(), sourceShopId },
			{ tenant: 2 },
		);
		const theirMissing = await createBranch(
			login.data.accessToken,
			{ ...validBranch(), sourceShopId: 999_999 },
			{ tenant: 2 },
		);
		expect(theirMissing.code).toBe(ErrorCode.NotFound);
		expect([fromOtherTenant.code, fromOtherTenant.msg]).toEqual([theirMissing.code, theirMissing.msg]);
		expect(await countShops()).toBe(before);
	});

	it("leaves nothing behind when a step fails part-way: the branch is opened in one transaction", async () => {
		const db = server.deps.db;
		const before = await countShops();
		const rowCounts = async () =>
			Promise.all(
				(["menu_category", "menu_item", "menu_option_group", "menu_option", "shop_staff", "shop_change"] as const).map(
					async (table) =>
						Number(
							(
								await db
									.selectFrom(table)
									.select((eb) => eb.fn.countAll().as("n"))
									.executeTakeFirstOrThrow()
							).n,
						),
				),
			);
		const rowsBefore = await rowCounts();
		// The last copy step (opening hours) fails.
		await sql`CREATE FUNCTION refuse_hours() RETURNS trigger LANGUAGE plpgsql AS $$
			BEGIN RAISE EXCEPTION 'hours refused by the test'; END; $$`.execute(db);
		await sql`CREATE TRIGGER refuse_hours BEFORE INSERT ON shop_opening_hours
			FOR EACH ROW EXECUTE FUNCTION refuse_hours()`.execute(db);
		try {
			await expect(createBranch(owner.accessToken, validBranch())).rejects.toThrow(/HTTP 500/);
		} finally {
			await sql`DROP TRIGGER refuse_hours ON shop_opening_hours`.execute(db);
			await sql`DROP FUNCTION refuse_hours()`.execute(db);
		}
		expect(await countShops()).toBe(before);
		expect(await rowCounts()).toEqual(rowsBefore);
	});
});
