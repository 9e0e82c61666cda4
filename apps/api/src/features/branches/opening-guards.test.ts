import {
	BRANCHES_PER_TENANT_MAX,
	type CreateBranchInput,
	type CreatedBranch,
	ErrorCode,
	expandShopMenu,
	formatMessage,
	type ShopDetail,
	type ShopMenuWire,
	type ShopPauseState,
} from "@bayon/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../../../test/harness.js";
import { memberWithRole } from "../../../test/shops.js";

/**
 * Issue 27: `merchant/branch/create` once made 85 shops in one run, each taking orders at once
 * with unlimited stock. A double tap now opens one branch (Idempotency-Key), a business has at
 * most BRANCHES_PER_TENANT_MAX shops, and a new branch takes no order until its owner opens it,
 * with the stock its source counts at 0. Both databases: on PostgreSQL the parallel requests
 * really race, on PGlite they take turns.
 */

let server: TestServer;
let owner: { accessToken: string; userId: number };
let sourceShopId: number;
let branches = 0;

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

const branchBody = (): CreateBranchInput => {
	branches++;
	return {
		sourceShopId,
		name: { "zh-CN": `新分店 ${branches}`, en: `New branch ${branches}` },
		address: { "zh-CN": `金边 ${branches} 号` },
		phone: "+855 23 900 789",
		latitude: 11.58,
		longitude: 104.91,
	};
};

const create = (body: unknown, key: string | null, lang = "en") =>
	server.call<CreatedBranch>("POST", "/app-api/merchant/branch/create", {
		token: owner.accessToken,
		body,
		lang,
		headers: key === null ? {} : { "idempotency-key": key },
	});

const countShops = async () =>
	Number(
		(
			await server.deps.db
				.selectFrom("shop")
				.select((eb) => eb.fn.countAll().as("n"))
				.where("tenant_id", "=", 1)
				.executeTakeFirstOrThrow()
		).n,
	);

describe("a double tap opens one branch", () => {
	it("answers three requests with one key, sent at once, with the same one branch", async () => {
		const before = await countShops();
		const body = branchBody();
		const answers = await Promise.all([1, 2, 3].map(() => create(body, "open-branch-tap-0001")));
		expect(answers.map((answer) => answer.code)).toEqual([0, 0, 0]);
		const ids = new Set(answers.map((answer) => answer.data.shopId));
		expect(ids.size).toBe(1);
		expect(await countShops()).toBe(before + 1);
		// Later too, e.g. a retry after a lost answer.
		const again = await create(body, "open-branch-tap-0001");
		expect(again.data).toEqual(answers[0]?.data);
		expect(await countShops()).toBe(before + 1);
	});

	it("refuses a missing or malformed key, and a key reused for another branch, creating nothing", async () => {
		const before = await countShops();
		for (const lang of ["zh-CN", "en", "km"]) {
			for (const key of [null, "short", "bad key with spaces"]) {
				const refused = await create(branchBody(), key, lang);
				expect([refused.code, refused.msg], String(key)).toEqual([
					ErrorCode.IdempotencyKeyRequired,
					formatMessage("idempotencyKeyRequired", lang),
				]);
			}
		}
		expect((await create(branchBody(), "open-branch-reuse-01")).code).toBe(0);
		const reused = await create(branchBody(), "open-branch-reuse-01");
		expect(reused.code).toBe(ErrorCode.IdempotencyKeyReused);
		expect(await countShops()).toBe(before + 1);
	});
});

describe("a new branch starts closed, its counted stock at 0", () => {
	it("takes no order until its owner opens it, and shows counted items sold out until their stock is set", async () => {
		const db = server.deps.db;
		const counted = await db
			.selectFrom("menu_item")
			.select(["id", "code"])
			.where("shop_id", "=", sourceShopId)
			.where("enabled", "=", true)
			.orderBy("id")
			.executeTakeFirstOrThrow();
		await db.updateTable("menu_item").set({ stock: 40 }).where("id", "=", counted.id).execute();
		const countedInSource = await db
			.selectFrom("menu_item")
			.select((eb) => eb.fn.countAll().as("n"))
			.where("shop_id", "=", sourceShopId)
			.where("stock", "is not", null)
			.executeTakeFirstOrThrow();
		const countedOptions = await db
			.selectFrom("menu_option as o")
			.innerJoin("menu_option_group as g", "g.id", "o.group_id")
			.innerJoin("menu_item as i", "i.id", "g.item_id")
			.select((eb) => eb.fn.countAll().as("n"))
			.where("i.shop_id", "=", sourceShopId)
			.where("o.stock", "is not", null)
			.executeTakeFirstOrThrow();
		const created = await create(branchBody(), "open-branch-closed-01");
		expect(created.code).toBe(0);
		expect(created.data.acceptingOrders).toBe(false);
		expect(created.data.copied.stockToSet).toBe(Number(countedInSource.n) + Number(countedOptions.n));
		expect(created.data.copied.stockToSet).toBeGreaterThan(0);
		const branchId = created.data.shopId;

		const shop = await server.call<ShopDetail>("GET", `/app-api/store/getShop?shop_id=${branchId}`, { lang: "en" });
		expect(shop.data.openState).toMatchObject({ acceptingOrders: false, isOpen: false });
		const customer = await server.signIn("13955554001");
		const copy = await db
			.selectFrom("menu_item")
			.select(["id", "stock"])
			.where("shop_id", "=", branchId)
			.where("code", "=", counted.code)
			.executeTakeFirstOrThrow();
		expect(copy.stock).toBe(0);
		const uncounted = await db
			.selectFrom("menu_item")
			.select("id")
			.where("shop_id", "=", branchId)
			.where("stock", "is", null)
			.orderBy("id")
			.executeTakeFirstOrThrow();
		const order = await server.call("POST", "/app-api/order/create", {
			token: customer.accessToken,
			lang: "km",
			headers: { "idempotency-key": "open-branch-order-01" },
			body: { shopId: branchId, orderType: "takeout", lines: [{ itemId: uncounted.id, quantity: 1, optionIds: [] }] },
		});
		expect([order.code, order.msg]).toEqual([ErrorCode.StoreNotAccepting, formatMessage("storeNotAccepting", "km")]);
		const menu = await server.call<ShopMenuWire>("GET", `/app-api/product/products?shopId=${branchId}`);
		const shown = expandShopMenu(menu.data).categories.flatMap((c) => c.items);
		expect(shown.find((item) => item.id === copy.id)?.soldOut).toBe(true);
		expect(shown.find((item) => item.id === uncounted.id)?.soldOut).toBe(false);

		// Staff of the new branch may not open it; its owner may.
		const staff = await memberWithRole(server, "13955554002", "staff", branchId);
		const byStaff = await server.call("POST", "/app-api/merchant/shop/accepting-orders", {
			token: staff.accessToken,
			body: { shopId: branchId, accepting: true },
		});
		expect(byStaff.code).toBe(ErrorCode.Forbidden);
		const opened = await server.call<ShopPauseState>("POST", "/app-api/merchant/shop/accepting-orders", {
			token: owner.accessToken,
			body: { shopId: branchId, accepting: true },
		});
		expect(opened).toMatchObject({ code: 0, data: { shopId: branchId, openState: { acceptingOrders: true } } });
		const after = await server.call<ShopDetail>("GET", `/app-api/store/getShop?shop_id=${branchId}`, { lang: "en" });
		expect(after.data.openState.acceptingOrders).toBe(true);
		// A repeated answer of the key tells the branch as it is now: open.
		expect((await create(branchBody(), "open-branch-closed-01")).code).toBe(ErrorCode.IdempotencyKeyReused);
		const log = await db
			.selectFrom("shop_change")
			.select(["action", "before", "after"])
			.where("shop_id", "=", branchId)
			.where("action", "in", ["open_orders", "close_orders"])
			.execute();
		expect(log).toEqual([
			{ action: "open_orders", before: { acceptingOrders: false }, after: { acceptingOrders: true } },
		]);
		await db.updateTable("menu_item").set({ stock: null }).where("id", "=", counted.id).execute();
	});
});

describe(`at most ${BRANCHES_PER_TENANT_MAX} shops a business`, () => {
	it("opens the last one allowed once when two openings race for it, then refuses with the limit", async () => {
		const db = server.deps.db;
		// Fill the business up to one below the limit with bare shops.
		const missing = BRANCHES_PER_TENANT_MAX - 1 - (await countShops());
		expect(missing).toBeGreaterThan(0);
		await db
			.insertInto("shop")
			.values(
				Array.from({ length: missing }, (_, index) => ({
					tenant_id: 1,
					code: `filler-${index}`,
					name: JSON.stringify({ "zh-CN": `填充 ${index}` }),
					address: JSON.stringify({ "zh-CN": "金边" }),
					phone: "+855 23 000 000",
					latitude: 11.5,
					longitude: 104.9,
					timezone: "Asia/Phnom_Penh",
				})),
			)
			.execute();
		expect(await countShops()).toBe(BRANCHES_PER_TENANT_MAX - 1);

		const [first, second] = await Promise.all([
			create(branchBody(), "open-branch-race-a1"),
			create(branchBody(), "open-branch-race-b1"),
		]);
		expect([first.code, second.code].sort()).toEqual([0, ErrorCode.BranchLimitReached].sort());
		expect(await countShops()).toBe(BRANCHES_PER_TENANT_MAX);

		for (const lang of ["zh-CN", "en", "km"]) {
			const refused = await create(branchBody(), `open-branch-full-${lang}`, lang);
			expect(refused).toEqual({
				code: ErrorCode.BranchLimitReached,
				msg: formatMessage("branchLimitReached", lang, { max: BRANCHES_PER_TENANT_MAX }),
				data: null,
			});
		}
		expect(await countShops()).toBe(BRANCHES_PER_TENANT_MAX);
		// The refused key was not used up: the same request answers the same refusal, nothing else.
		const loser = first.code === 0 ? "open-branch-race-b1" : "open-branch-race-a1";
		expect((await create(branchBody(), loser)).code).toBe(ErrorCode.BranchLimitReached);
	});
});
