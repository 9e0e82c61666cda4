import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { SUPPORTED_LANGUAGES } from "@bayon/contract";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTestDatabase } from "../../test/harness.js";
import type { Database } from "../db/database.js";
import { migrate } from "../db/migrate.js";
import type { DB } from "../db/schema.js";
import {
	DEMO_CUSTOMER_MOBILE,
	DEMO_OPERATOR_MOBILE,
	DEMO_OWNER_MOBILE,
	DEMO_STAFF_MOBILE,
	demoBranch,
	demoMenu,
	demoServicePages,
} from "./demo-data.js";
import { MENU_PICTURE_SIZE } from "./pictures.js";
import { demoPointsPictures } from "./points.js";
import { isDatabaseEmpty, seedDemo } from "./seed.js";
import { demoRechargePackages } from "./stored-value.js";

/** Where the seed puts its pictures (the uploads folder lives in it). */
const dataDir = mkdtempSync(path.join(tmpdir(), "bayon-seed-"));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
/** A photo the owner put up for an item between two seeds: the second seed keeps it. */
const OWNER_PHOTO = "/uploads/owner-photo.webp";

const TABLES = [
	"tenant",
	"language",
	"member",
	"shop",
	"shop_staff",
	"shop_opening_hours",
	"menu_category",
	"menu_item",
	"menu_option_group",
	"menu_option",
	"service_page",
	"news",
	"uploaded_file",
	"recharge_package",
	"stored_value_settings",
	"vip_card_type",
	"platform_operator",
	"tenant_admin",
] as const satisfies readonly (keyof DB)[];

// A fresh database of the project's kind: PGlite, and a new PostgreSQL database on api-postgres.
let database: Database;
let dropDatabase: () => Promise<void> = async () => {};
let emptyBefore: boolean;
let countsAfterFirst: Record<string, number>;
let countsAfterSecond: Record<string, number>;
let pagesAfterFirst: { slug: string; updated_at: Date }[];

async function countRows(): Promise<Record<string, number>> {
	const counts: Record<string, number> = {};
	for (const table of TABLES) {
		const row = await database.db
			.selectFrom(table)
			.select((eb) => eb.fn.countAll<string>().as("count"))
			.executeTakeFirstOrThrow();
		counts[table] = Number(row.count);
	}
	return counts;
}

const KEBAB = /^[a-z0-9]+(-[a-z0-9]+)*$/;

function expectAllLanguages(text: Record<string, unknown>, what: string) {
	for (const lang of SUPPORTED_LANGUAGES) {
		const value = text[lang];
		expect(typeof value === "string" && value.trim().length > 0, `${what} has ${lang}`).toBe(true);
	}
	expect(String(text["zh-CN"]), `${what} zh-CN is Chinese`).toMatch(/[\u4e00-\u9fff]/);
	expect(String(text.km), `${what} km is Khmer`).toMatch(/[\u1780-\u17ff]/);
}

beforeAll(async () => {
	({ database, dropDatabase } = await openTestDatabase());
	await migrate(database);
	emptyBefore = await isDatabaseEmpty(database.db);
	await seedDemo(database.db, { dataDir });
	countsAfterFirst = await countRows();
	pagesAfterFirst = await database.db
		.selectFrom("service_page")
		.select(["slug", "updated_at"])
		.orderBy("slug")
		.execute();
	// Someone renames themselves between two seeds: the second must not undo it.
	await database.db
		.updateTable("member")
		.set({ nickname: "Sophea renamed" })
		.where("mobile", "=", DEMO_OWNER_MOBILE)
		.execute();
	// The owner changes the riel rate between two seeds: the second must keep it.
	await database.db.updateTable("tenant").set({ second_currency_rate: 4000 }).where("id", "=", 1).execute();
	// A demo price edited by hand is brought back by the next seed.
	await database.db.updateTable("menu_item").set({ price: 1 }).where("code", "=", "fish-amok").execute();
	await database.db.updateTable("menu_item").set({ image: OWNER_PHOTO }).where("code", "=", "kuy-teav").execute();
	// An item whose picture was lost (a database seeded before items had pictures) gets it back.
	await database.db.updateTable("menu_item").set({ image: null }).where("code", "=", "nom-krok").execute();
	await seedDemo(database.db, { dataDir });
	countsAfterSecond = await countRows();
});

afterAll(async () => {
	await database?.close();
	await dropDatabase();
});

describe("demo seed", () => {
	it("runs on the database kind of this test project", () => {
		expect(database.kind).toBe(process.env.TEST_DATABASE === "postgres" ? "postgres" : "pglite");
	});

	it("seeds an empty database and leaves identical row counts when run again", async () => {
		expect(emptyBefore).toBe(true);
		expect(await isDatabaseEmpty(database.db)).toBe(false);
		expect(countsAfterSecond).toEqual(countsAfterFirst);
		expect(
			await database.db.selectFrom("service_page").select(["slug", "updated_at"]).orderBy("slug").execute(),
		).toEqual(pagesAfterFirst);
		expect(countsAfterFirst).toMatchObject({
			tenant: 1,
			language: 3,
			member: 4,
			shop: 2,
			shop_staff: 3,
			shop_opening_hours: 14,
			service_page: 5,
			news: 2,
			vip_card_type: 2,
			platform_operator: 1,
			tenant_admin: 1,
		});
	});

	it("offers recharge packages and the stored-value agreement in every language, once", async () => {
		const packages = await database.db
			.selectFrom("recharge_package")
			.select(["tenant_id", "name", "pay_amount", "bonus_amount", "on_sale"])
			.orderBy("sort")
			.execute();
		const settings = await database.db.selectFrom("stored_value_settings").selectAll().execute();

		expect(countsAfterFirst).toMatchObject({ recharge_package: 3, stored_value_settings: 1 });
		expect(packages.map((row) => [row.pay_amount, row.bonus_amount, row.on_sale])).toEqual([
			[5000, 500, true],
			[10_000, 1500, true],
			[20_000, 4000, true],
		]);
		for (const [index, row] of packages.entries()) {
			expect(row.tenant_id).toBe(1);
			expect(row.name).toEqual(demoRechargePackages[index]?.name);
			expectAllLanguages(row.name, `recharge package ${index + 1}`);
		}
		expect(settings).toHaveLength(1);
		const agreement = settings[0]?.agreement as Record<string, string>;
		expectAllLanguages(agreement, "stored-value agreement");
		// Spec §9: no refund, withdrawal, transfer or gift; no points; online and in the shops.
		expect(agreement.en).toMatch(/refunded/);
		expect(agreement.en).toMatch(/withdrawn/);
		expect(agreement.en).toMatch(/transferred or given/);
		expect(agreement.en).toMatch(/no points/);
		expect(agreement.en).toMatch(/online.*shops/s);
	});

	it("creates tenant 1 with its shop key, currency and riel beside it, keeping the owner's rate", async () => {
		const tenant = await database.db.selectFrom("tenant").selectAll().where("id", "=", 1).executeTakeFirstOrThrow();

		expect(tenant).toMatchObject({
			shop_key: "bayon-demo",
			currency_code: "USD",
			currency_symbol: "$",
			currency_decimals: 2,
			currency_symbol_position: "before",
			second_currency_code: "KHR",
			second_currency_symbol: "៛",
			second_currency_rate: 4000,
			second_currency_round_to: 100,
			second_currency_symbol_position: "after",
		});
		expect(Number(tenant.currency_rate)).toBe(1);
	});

	it("lists the languages Chinese first", async () => {
		const languages = await database.db.selectFrom("language").select(["code", "name"]).orderBy("sort").execute();

		expect(languages).toEqual([
			{ code: "zh-CN", name: "简体中文" },
			{ code: "en", name: "English" },
			{ code: "km", name: "ខ្មែរ" },
		]);
	});

	it("makes 13800000001 the owner of both branches and 13800000002 staff of the first, without balances, and keeps an existing member's nickname", async () => {
		const staff = await database.db
			.selectFrom("shop_staff as st")
			.innerJoin("member as m", "m.id", "st.member_id")
			.innerJoin("shop as s", "s.id", "st.shop_id")
			.select(["m.mobile", "st.role", "s.code", "s.tenant_id"])
			.orderBy("m.mobile")
			.orderBy("s.id")
			.execute();
		const members = await database.db
			.selectFrom("member")
			.select(["mobile", "nickname", "points"])
			.orderBy("mobile")
			.execute();

		expect(staff).toEqual([
			{ mobile: DEMO_OWNER_MOBILE, role: "owner", code: "riverside", tenant_id: 1 },
			{ mobile: DEMO_OWNER_MOBILE, role: "owner", code: "bkk1", tenant_id: 1 },
			{ mobile: DEMO_STAFF_MOBILE, role: "staff", code: "riverside", tenant_id: 1 },
		]);
		expect(members.map((m) => m.mobile)).toEqual([
			DEMO_OWNER_MOBILE,
			DEMO_STAFF_MOBILE,
			DEMO_CUSTOMER_MOBILE,
			DEMO_OPERATOR_MOBILE,
		]);
		// 13800000009 reviews withdrawals: the platform's only operator, on no shop's staff.
		const operators = await database.db
			.selectFrom("platform_operator as p")
			.innerJoin("member as m", "m.id", "p.member_id")
			.select(["m.mobile", "p.tenant_id"])
			.execute();
		expect(operators).toEqual([{ mobile: DEMO_OPERATOR_MOBILE, tenant_id: 1 }]);
		// The demo owner administers the business: the tenant-wide products and the riel rate are theirs.
		const admins = await database.db
			.selectFrom("tenant_admin as a")
			.innerJoin("member as m", "m.id", "a.member_id")
			.select(["m.mobile", "a.tenant_id"])
			.execute();
		expect(admins).toEqual([{ mobile: DEMO_OWNER_MOBILE, tenant_id: 1 }]);
		expect(members.every((m) => m.points === 0)).toBe(true);
		// The demo customer's starting balance is granted once, through the ledger, even when seeded twice.
		const wallets = await database.db
			.selectFrom("ledger_account as a")
			.innerJoin("member as m", "m.id", "a.member_id")
			.select(["m.mobile", "a.balance"])
			.where("a.kind", "=", "member_wallet")
			.execute();
		expect(wallets).toEqual([{ mobile: DEMO_CUSTOMER_MOBILE, balance: 5000 }]);
		const grants = await database.db.selectFrom("ledger_txn").select("kind").execute();
		expect(grants).toEqual([{ kind: "wallet_grant" }]);
		expect(members[0]?.nickname).toBe("Sophea renamed");
	});

	it("gives the shop its details and opening hours every day", async () => {
		const shop = await database.db
			.selectFrom("shop")
			.selectAll()
			.where("code", "=", "riverside")
			.executeTakeFirstOrThrow();
		const hours = await database.db
			.selectFrom("shop_opening_hours")
			.selectAll()
			.where("shop_id", "=", shop.id)
			.orderBy("weekday")
			.execute();

		expectAllLanguages(shop.name, "shop name");
		expectAllLanguages(shop.address, "shop address");
		expect(shop.notice).not.toBeNull();
		if (shop.notice) expectAllLanguages(shop.notice, "shop notice");
		expect(shop).toMatchObject({
			tenant_id: 1,
			timezone: "Asia/Phnom_Penh",
			preparation_minutes: 15,
			accepting_orders: true,
			desk_pay_after_meal: true,
		});
		expect(shop.latitude).toBeCloseTo(11.5686, 3);
		expect(shop.longitude).toBeCloseTo(104.931, 3);
		expect(hours.map((h) => h.weekday)).toEqual([0, 1, 2, 3, 4, 5, 6]);
		expect(hours.every((h) => h.opens_at.startsWith("08:00") && h.closes_at.startsWith("22:00"))).toBe(true);
	});

	it("opens the second branch at its own place with its own hours and zone, the demo menu and its own tables", async () => {
		const [riverside, branch] = await database.db
			.selectFrom("shop")
			.selectAll()
			.where("code", "in", ["riverside", "bkk1"])
			.orderBy("id")
			.execute();
		if (!riverside || !branch) throw new Error("both branches are seeded");
		// The first branch keeps id 1: the default shop everywhere.
		expect([riverside.id, riverside.code]).toEqual([1, "riverside"]);
		expectAllLanguages(branch.name, "branch name");
		expectAllLanguages(branch.address, "branch address");
		expect(branch.latitude).toBeCloseTo(demoBranch.latitude, 4);
		expect(branch.latitude).not.toBeCloseTo(riverside.latitude, 2);
		const hours = await database.db
			.selectFrom("shop_opening_hours")
			.select(["weekday", "opens_at", "closes_at"])
			.where("shop_id", "=", branch.id)
			.orderBy("weekday")
			.execute();
		expect(hours.map((h) => [h.weekday, h.opens_at.slice(0, 5), h.closes_at.slice(0, 5)])).toEqual(
			demoBranch.openingHours.map((h) => [h.weekday, h.opensAt, h.closesAt]),
		);
		const menuOf = async (shopId: number) =>
			(
				await database.db
					.selectFrom("menu_item")
					.select(["code", "price", "name"])
					.where("shop_id", "=", shopId)
					.orderBy("code")
					.execute()
			).map((row) => [row.code, row.price, row.name["zh-CN"]]);
		expect(await menuOf(branch.id)).toEqual(await menuOf(riverside.id));
		const tables = await database.db
			.selectFrom("dining_table")
			.select("number")
			.where("shop_id", "=", branch.id)
			.orderBy("number")
			.execute();
		expect(tables.map((t) => t.number)).toEqual(["B1", "B2", "B3", "B4"]);
		const zones = await database.db
			.selectFrom("delivery_zone")
			.select("code")
			.where("shop_id", "=", branch.id)
			.execute();
		expect(zones.map((z) => z.code)).toEqual(["bkk-near"]);
	});

	it("fills a menu with names and descriptions in every language and integer prices", async () => {
		const categories = await database.db.selectFrom("menu_category").selectAll().execute();
		const items = await database.db.selectFrom("menu_item").selectAll().execute();

		expect(categories).toHaveLength(2 * demoMenu.length);
		expect(items.length).toBeGreaterThanOrEqual(18);
		for (const category of categories) {
			expect(category.code).toMatch(KEBAB);
			expectAllLanguages(category.name, `category ${category.code}`);
			expect(
				items.some((item) => item.category_id === category.id),
				`category ${category.code} has items`,
			).toBe(true);
		}
		for (const item of items) {
			expect(item.code).toMatch(KEBAB);
			expectAllLanguages(item.name, `item ${item.code}`);
			expectAllLanguages(item.description, `description of ${item.code}`);
			expect(Number.isInteger(item.price) && item.price >= 0, `price of ${item.code}`).toBe(true);
			if (item.original_price !== null) {
				expect(Number.isInteger(item.original_price), `original price of ${item.code}`).toBe(true);
				expect(item.original_price, `original price of ${item.code}`).toBeGreaterThan(item.price);
			}
		}
	});

	it("pictures every item with a tile stored as the owner's upload, and keeps a picture the owner put up", async () => {
		const items = await database.db.selectFrom("menu_item").select(["code", "image"]).orderBy("code").execute();
		const uploads = await database.db
			.selectFrom("uploaded_file as f")
			.innerJoin("member as m", "m.id", "f.member_id")
			.select(["f.path", "f.mime_type", "f.width", "f.height", "f.size_bytes", "m.mobile"])
			.execute();
		const demoItems = demoMenu.flatMap((category) => category.items);

		expect(items.find((item) => item.code === "kuy-teav")?.image).toBe(OWNER_PHOTO);
		for (const item of items.filter((row) => row.code !== "kuy-teav")) {
			const picture = demoItems.find((demo) => demo.code === item.code)?.picture;
			expect(item.image, `image of ${item.code}`).toBe(`/uploads/demo-${picture}.webp`);
			const upload = uploads.find((row) => row.path === item.image);
			expect(upload, `upload row of ${item.code}`).toMatchObject({
				mime_type: "image/webp",
				width: MENU_PICTURE_SIZE,
				height: MENU_PICTURE_SIZE,
				mobile: DEMO_OWNER_MOBILE,
			});
			// The file is where /uploads/ is served from, a real WebP of the recorded size.
			const bytes = readFileSync(path.join(dataDir, "uploads", path.basename(item.image ?? "")));
			expect(bytes.length).toBe(upload?.size_bytes);
			expect(await sharp(bytes).metadata()).toMatchObject({
				format: "webp",
				width: MENU_PICTURE_SIZE,
				height: MENU_PICTURE_SIZE,
			});
		}
		expect(uploads).toHaveLength(new Set([...demoItems.map((item) => item.picture), ...demoPointsPictures]).size);
	});

	it("shows every stock state: untracked, tracked, none left and sold out", async () => {
		const items = await database.db
			.selectFrom("menu_item")
			.select(["code", "price", "stock", "sold_out", "original_price"])
			.execute();

		expect(items.filter((i) => i.stock === null).length).toBeGreaterThan(items.length / 2);
		expect(items.filter((i) => i.stock !== null && i.stock > 0).length).toBeGreaterThanOrEqual(2);
		expect(items.some((i) => i.stock === 0)).toBe(true);
		expect(items.some((i) => i.sold_out)).toBe(true);
		expect(items.some((i) => i.original_price !== null)).toBe(true);
		expect(items.find((i) => i.code === "fish-amok")).toMatchObject({ price: 550, original_price: 650 });
	});

	it("gives option groups sane limits, names in every language and one default per required single choice", async () => {
		const groups = await database.db.selectFrom("menu_option_group").selectAll().execute();
		const options = await database.db.selectFrom("menu_option").selectAll().execute();

		expect(groups.length).toBeGreaterThan(0);
		for (const group of groups) {
			const mine = options.filter((o) => o.group_id === group.id);
			expect(group.code).toMatch(KEBAB);
			expectAllLanguages(group.name, `group ${group.code}`);
			// A required choice needs something to choose between; a group never allows more picks than it has options.
			expect(mine.length, `options of ${group.code}`).toBeGreaterThanOrEqual(
				Math.max(group.min_choices > 0 ? 2 : 1, group.max_choices),
			);
			if (group.min_choices === 1 && group.max_choices === 1) {
				expect(
					mine.filter((o) => o.is_default),
					`defaults of ${group.code}`,
				).toHaveLength(1);
			}
			if (group.min_choices === 0)
				expect(
					mine.some((o) => o.is_default),
					`optional ${group.code} has no default`,
				).toBe(false);
		}
		for (const option of options) {
			expect(option.code).toMatch(KEBAB);
			expectAllLanguages(option.name, `option ${option.code}`);
			expect(Number.isInteger(option.price_delta) && option.price_delta >= 0, `price delta of ${option.code}`).toBe(
				true,
			);
		}
	});

	it("writes the service pages and news in every language", async () => {
		const pages = await database.db.selectFrom("service_page").selectAll().orderBy("sort").execute();
		const news = await database.db.selectFrom("news").selectAll().orderBy("published_at").execute();

		expect(pages.map((p) => [p.slug, p.icon])).toEqual(demoServicePages.map((p) => [p.slug, p.icon]));
		expect(pages.map((p) => p.slug)).toEqual(
			expect.arrayContaining(["about-us", "user-agreement", "privacy-policy", "stored-value-agreement", "contact-us"]),
		);
		for (const page of pages) {
			expectAllLanguages(page.name, `page ${page.slug}`);
			expectAllLanguages(page.content, `content of ${page.slug}`);
			expect(page.content.en?.split("\n\n").length, `paragraphs of ${page.slug}`).toBeGreaterThanOrEqual(3);
		}
		const storedValue = pages.find((p) => p.slug === "stored-value-agreement")?.content.en ?? "";
		for (const rule of [/refund/i, /withdraw/i, /transfer/i, /gift/i, /no points/i, /online/i, /offline/i])
			expect(storedValue).toMatch(rule);
		expect(pages.find((p) => p.slug === "contact-us")?.content.en).toContain("+855 23 900 123");

		expect(news).toHaveLength(2);
		for (const item of news) {
			for (const field of [item.title, item.summary, item.content]) expectAllLanguages(field, `news ${item.slug}`);
		}
		expect(news.map((n) => n.published_at.toISOString())).toEqual([
			"2026-10-01T02:00:00.000Z",
			"2026-11-01T02:00:00.000Z",
		]);
	});
});
