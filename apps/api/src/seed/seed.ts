import { DEFAULT_RESERVATION_SETTINGS } from "@bayon/contract";
import { type Kysely, type RawBuilder, sql, type Transaction } from "kysely";
import type { DB } from "../db/schema.js";
import { diskStorage, type FileStorage } from "../features/files/storage/index.js";
import { postLedgerTxn } from "../features/wallet/ledger.js";
import { seedCouponTemplates } from "./coupons.js";
import {
	DEMO_CUSTOMER_BALANCE,
	DEMO_CUSTOMER_MOBILE,
	DEMO_OPERATOR_MOBILE,
	DEMO_OWNER_MOBILE,
	type DemoShop,
	demoLanguages,
	demoMembers,
	demoMenu,
	demoNews,
	demoReservations,
	demoServicePages,
	demoShops,
	demoTenant,
} from "./demo-data.js";
import { seedVipCardTypes } from "./membership.js";
import { copyDemoPictures, recordDemoPictures, type StoredPicture } from "./pictures.js";
import { demoPointsPictures, seedPoints } from "./points.js";
import { seedStoredValue } from "./stored-value.js";

/**
 * Writes the demo tenant (demo-data.ts), both of its branches, in one transaction. Idempotent: every row is
 * inserted or updated by its natural key, so running it again only brings the demo rows
 * back to the seeded values and adds nothing. It never removes rows, and it leaves alone
 * what people change at run time: an existing member (nickname, balance, points…), the
 * enabled flags of languages, pages and news, the tenant's second currency, a shop's logo
 * and accepting_orders, and an item's image once it has one, and its sales count. No one is
 * given a balance: money only moves with its ledger. Items' pictures are put in the file store
 * first (the server's: `<dataDir>/uploads` unless `storage` says otherwise) and recorded as the
 * owner's uploads, so they are served like any uploaded photo.
 */
export async function seedDemo(db: Kysely<DB>, options: { dataDir: string; storage?: FileStorage }): Promise<void> {
	// Where /uploads/ is served from and files/service.ts stores uploads (decision 033).
	const pictures = await copyDemoPictures(options.storage ?? diskStorage(options.dataDir), [
		...demoMenu.flatMap((category) => category.items.map((item) => item.picture)),
		...demoPointsPictures,
	]);
	await db.transaction().execute(async (trx) => {
		await seedTenant(trx);
		await seedLanguages(trx);
		const memberIds = await seedMembers(trx);
		await recordDemoPictures(trx, {
			tenantId: demoTenant.id,
			ownerId: idOf(memberIds, DEMO_OWNER_MOBILE),
			pictures,
		});
		// In order: the first branch is shop 1 of a fresh database, the default everywhere.
		for (const shop of demoShops) {
			const shopId = await seedShop(trx, shop, memberIds);
			await seedMenu(trx, shopId, pictures);
			await seedDeliveryZones(trx, shopId, shop);
			await seedTables(trx, shopId, shop);
			await seedReservations(trx, shopId);
		}
		await seedServicePages(trx);
		await seedNews(trx);
		await grantDemoBalance(trx, memberIds);
		await seedPlatformOperator(trx, memberIds);
		await seedBusinessAdmin(trx, memberIds);
		await seedStoredValue(trx, demoTenant.id);
		await seedVipCardTypes(trx, demoTenant.id);
		await seedPoints(trx, demoTenant.id, pictures);
		await seedCouponTemplates(trx, demoTenant.id);
	});
}

/** True when no tenant exists yet: the server seeds the demo only then. */
export async function isDatabaseEmpty(db: Kysely<DB>): Promise<boolean> {
	const row = await db.selectFrom("tenant").select("id").limit(1).executeTakeFirst();
	return row === undefined;
}

/** `excluded.<column>` in ON CONFLICT … DO UPDATE: the value the insert proposed. */
function excluded<T>(column: string): RawBuilder<T> {
	return sql<T>`excluded.${sql.ref(column)}`;
}

function idOf(ids: Map<string, number>, key: string): number {
	const id = ids.get(key);
	if (id === undefined) throw new Error(`demo seed: no row for ${key}`);
	return id;
}

const json = (value: unknown) => JSON.stringify(value);

async function seedTenant(db: Kysely<DB>) {
	const { currency } = demoTenant;
	const row = {
		name: demoTenant.name,
		shop_key: demoTenant.shopKey,
		currency_code: currency.code,
		currency_symbol: currency.symbol,
		currency_decimals: currency.decimals,
		currency_rate: currency.rate,
		currency_symbol_position: currency.symbolPosition,
	};
	const second = demoTenant.secondCurrency;
	// The second currency is the owner's to change at run time: written once, never reset.
	const secondOnInsert = {
		second_currency_code: second.code,
		second_currency_symbol: second.symbol,
		second_currency_rate: second.rate,
		second_currency_round_to: second.roundTo,
		second_currency_symbol_position: second.symbolPosition,
	};
	await db
		.insertInto("tenant")
		.values({ id: demoTenant.id, ...row, ...secondOnInsert })
		.onConflict((oc) => oc.column("id").doUpdateSet(row))
		.execute();
}

async function seedLanguages(db: Kysely<DB>) {
	await db
		.insertInto("language")
		.values(demoLanguages.map((language) => ({ code: language.code, name: language.name, sort: language.sort })))
		.onConflict((oc) =>
			oc.column("code").doUpdateSet({ name: excluded<string>("name"), sort: excluded<number>("sort") }),
		)
		.execute();
}

/** Inserts the members that do not exist yet; returns every demo member's id by mobile. */
async function seedMembers(db: Kysely<DB>): Promise<Map<string, number>> {
	const now = new Date();
	await db
		.insertInto("member")
		.values(
			demoMembers.map((member) => ({
				tenant_id: demoTenant.id,
				mobile: member.mobile,
				nickname: member.nickname,
				avatar: null,
				birthday: null,
				updated_at: now,
			})),
		)
		.onConflict((oc) => oc.columns(["tenant_id", "mobile"]).doNothing())
		.execute();
	const mobiles = demoMembers.map((member) => member.mobile);
	const rows = await db
		.selectFrom("member")
		.select(["id", "mobile"])
		.where("tenant_id", "=", demoTenant.id)
		.where("mobile", "in", mobiles)
		.execute();
	return new Map(rows.map((row) => [row.mobile, row.id]));
}

/** A shop, its staff and its opening hours; returns the shop id. */
async function seedShop(db: Kysely<DB>, demoShop: DemoShop, memberIds: Map<string, number>): Promise<number> {
	const row = {
		name: json(demoShop.name),
		address: json(demoShop.address),
		phone: demoShop.phone,
		latitude: demoShop.latitude,
		longitude: demoShop.longitude,
		timezone: demoShop.timezone,
		notice: json(demoShop.notice),
		preparation_minutes: demoShop.preparationMinutes,
		desk_pay_after_meal: demoShop.deskPayAfterMeal,
	};
	const { id: shopId } = await db
		.insertInto("shop")
		.values({ tenant_id: demoTenant.id, code: demoShop.code, ...row })
		.onConflict((oc) => oc.columns(["tenant_id", "code"]).doUpdateSet(row))
		.returning("id")
		.executeTakeFirstOrThrow();

	await db
		.insertInto("shop_staff")
		.values(
			demoShop.staff.map((staff) => ({ shop_id: shopId, member_id: idOf(memberIds, staff.mobile), role: staff.role })),
		)
		.onConflict((oc) => oc.columns(["shop_id", "member_id"]).doUpdateSet({ role: excluded<"owner" | "staff">("role") }))
		.execute();

	await db.deleteFrom("shop_opening_hours").where("shop_id", "=", shopId).execute();
	await db
		.insertInto("shop_opening_hours")
		.values(
			demoShop.openingHours.map((hours) => ({
				shop_id: shopId,
				weekday: hours.weekday,
				opens_at: hours.opensAt,
				closes_at: hours.closesAt,
			})),
		)
		.execute();
	return shopId;
}

/**
 * The demo customer starts with stored value so paying from the balance can be tried. It is
 * a ledger transaction like any other (from the tenant's external funds), granted once:
 * its idempotency key makes a second seed run a no-op.
 */
async function grantDemoBalance(db: Transaction<DB>, memberIds: Map<string, number>) {
	const memberId = idOf(memberIds, DEMO_CUSTOMER_MOBILE);
	await postLedgerTxn(db, {
		tenantId: demoTenant.id,
		kind: "wallet_grant",
		idempotencyKey: `demo-grant:${memberId}`,
		orderId: null,
		now: new Date(),
		moves: [
			{ account: { kind: "external_funds", tenantId: demoTenant.id }, amount: -DEMO_CUSTOMER_BALANCE },
			{ account: { kind: "member_wallet", tenantId: demoTenant.id, memberId }, amount: DEMO_CUSTOMER_BALANCE },
		],
	});
}

/** A shop's delivery zones, by (shop, code). */
/** The demo platform operator reviews withdrawals (issue 14); listed once however often the seed runs. */
async function seedPlatformOperator(db: Transaction<DB>, memberIds: Map<string, number>) {
	await db
		.insertInto("platform_operator")
		.values({ tenant_id: demoTenant.id, member_id: idOf(memberIds, DEMO_OPERATOR_MOBILE) })
		.onConflict((oc) => oc.columns(["tenant_id", "member_id"]).doNothing())
		.execute();
}

/**
 * The demo owner administers the business (migration 0026): they define the recharge packages,
 * VIP cards, coupons, points mall and the riel rate for both branches; listed once however often
 * the seed runs.
 */
async function seedBusinessAdmin(db: Transaction<DB>, memberIds: Map<string, number>) {
	await db
		.insertInto("tenant_admin")
		.values({ tenant_id: demoTenant.id, member_id: idOf(memberIds, DEMO_OWNER_MOBILE) })
		.onConflict((oc) => oc.columns(["tenant_id", "member_id"]).doNothing())
		.execute();
}

async function seedDeliveryZones(db: Kysely<DB>, shopId: number, demoShop: DemoShop) {
	const rows = demoShop.zones.map((zone, index) => ({
		name: json(zone.name),
		points: JSON.stringify(zone.points),
		fee: zone.fee,
		min_order: zone.minOrder,
		stroke_color: zone.strokeColor,
		fill_color: zone.fillColor,
		dash_array: zone.dashArray,
		z_index: zone.zIndex,
		sort: index + 1,
	}));
	for (const [index, zone] of demoShop.zones.entries()) {
		const row = rows[index];
		if (!row) continue;
		await db
			.insertInto("delivery_zone")
			.values({ shop_id: shopId, code: zone.code, ...row })
			.onConflict((oc) => oc.columns(["shop_id", "code"]).doUpdateSet(row))
			.execute();
	}
}

/** Dining tables by (shop, number); their QR versions are left as they are. */
async function seedTables(db: Kysely<DB>, shopId: number, demoShop: DemoShop) {
	await db
		.insertInto("dining_table")
		.values(
			demoShop.tables.map((table, index) => ({
				shop_id: shopId,
				number: table.number,
				seats: table.seats,
				area: json(table.area),
				sort: index + 1,
				reservable: true,
				min_seats: table.minSeats ?? 1,
			})),
		)
		.onConflict((oc) =>
			oc.columns(["shop_id", "number"]).doUpdateSet({
				seats: excluded<number>("seats"),
				area: excluded<string>("area"),
				sort: excluded<number>("sort"),
			}),
		)
		.execute();
}

/** Bookings on with the contract's defaults; an owner's saved rules are left as they are. */
async function seedReservations(db: Kysely<DB>, shopId: number) {
	const defaults = DEFAULT_RESERVATION_SETTINGS;
	await db
		.insertInto("reservation_settings")
		.values({
			shop_id: shopId,
			enabled: demoReservations.enabled,
			slot_minutes: defaults.slotMinutes,
			turn_times: JSON.stringify(defaults.turnTimes),
			buffer_minutes: defaults.bufferMinutes,
			min_notice_minutes: defaults.minNoticeMinutes,
			max_days_ahead: defaults.maxDaysAhead,
			online_party_max: defaults.onlinePartyMax,
			pacing_covers_per_slot: defaults.pacingCoversPerSlot,
			auto_confirm_percent: defaults.autoConfirmPercent,
			cancel_window_minutes: defaults.cancelWindowMinutes,
			grace_minutes: defaults.graceMinutes,
			deposit_min_party: defaults.depositMinParty,
			deposit_per_person: defaults.depositPerPerson,
			deposit_strikes: defaults.depositStrikes,
			strike_window_days: defaults.strikeWindowDays,
			updated_at: new Date(),
		})
		.onConflict((oc) => oc.column("shop_id").doNothing())
		.execute();
}

/** Categories, items, option groups and options, one statement per level. */
async function seedMenu(db: Kysely<DB>, shopId: number, pictures: Map<string, StoredPicture>) {
	const categoryRows = await db
		.insertInto("menu_category")
		.values(
			demoMenu.map((category, index) => ({
				shop_id: shopId,
				code: category.code,
				name: json(category.name),
				sort: index + 1,
			})),
		)
		.onConflict((oc) =>
			oc.columns(["shop_id", "code"]).doUpdateSet({ name: excluded<string>("name"), sort: excluded<number>("sort") }),
		)
		.returning(["id", "code"])
		.execute();
	const categoryIds = new Map(categoryRows.map((row) => [row.code, row.id]));

	const items = demoMenu.flatMap((category) =>
		category.items.map((item, index) => ({ categoryCode: category.code, item, sort: index + 1 })),
	);
	const itemRows = await db
		.insertInto("menu_item")
		.values(
			items.map(({ categoryCode, item, sort }) => ({
				shop_id: shopId,
				category_id: idOf(categoryIds, categoryCode),
				code: item.code,
				name: json(item.name),
				description: json(item.description),
				price: item.price,
				original_price: item.originalPrice,
				stock: item.stock,
				sold_out: item.soldOut,
				order_types: item.orderTypes ?? ["takein", "takeout", "desk"],
				image: pictures.get(item.picture)?.url ?? null,
				sort,
			})),
		)
		.onConflict((oc) =>
			oc.columns(["shop_id", "code"]).doUpdateSet({
				category_id: excluded<number>("category_id"),
				name: excluded<string>("name"),
				description: excluded<string>("description"),
				price: excluded<number>("price"),
				original_price: excluded<number | null>("original_price"),
				stock: excluded<number | null>("stock"),
				sold_out: excluded<boolean>("sold_out"),
				order_types: excluded<string[]>("order_types"),
				// A picture the owner has put up stays; an item without one gets the demo's.
				image: sql<string | null>`coalesce(menu_item.image, excluded.image)`,
				sort: excluded<number>("sort"),
			}),
		)
		.returning(["id", "code"])
		.execute();
	const itemIds = new Map(itemRows.map((row) => [row.code, row.id]));

	const groups = items.flatMap(({ item }) =>
		item.optionGroups.map((group, index) => ({ itemId: idOf(itemIds, item.code), group, sort: index + 1 })),
	);
	if (groups.length === 0) return;
	const groupRows = await db
		.insertInto("menu_option_group")
		.values(
			groups.map(({ itemId, group, sort }) => ({
				item_id: itemId,
				code: group.code,
				name: json(group.name),
				min_choices: group.minChoices,
				max_choices: group.maxChoices,
				sort,
			})),
		)
		.onConflict((oc) =>
			oc.columns(["item_id", "code"]).doUpdateSet({
				name: excluded<string>("name"),
				min_choices: excluded<number>("min_choices"),
				max_choices: excluded<number>("max_choices"),
				sort: excluded<number>("sort"),
			}),
		)
		.returning(["id", "item_id", "code"])
		.execute();
	const groupIds = new Map(groupRows.map((row) => [`${row.item_id}/${row.code}`, row.id]));

	const options = groups.flatMap(({ itemId, group }) =>
		group.options.map((option, index) => ({
			groupId: idOf(groupIds, `${itemId}/${group.code}`),
			option,
			sort: index + 1,
		})),
	);
	if (options.length === 0) return;
	await db
		.insertInto("menu_option")
		.values(
			options.map(({ groupId, option, sort }) => ({
				group_id: groupId,
				code: option.code,
				name: json(option.name),
				price_delta: option.priceDelta,
				is_default: option.isDefault,
				sort,
			})),
		)
		.onConflict((oc) =>
			oc.columns(["group_id", "code"]).doUpdateSet({
				name: excluded<string>("name"),
				price_delta: excluded<number>("price_delta"),
				is_default: excluded<boolean>("is_default"),
				sort: excluded<number>("sort"),
			}),
		)
		.execute();
}

/** Pages are only touched (and their updated_at moved) when their text actually changed. */
async function seedServicePages(db: Kysely<DB>) {
	const now = new Date();
	await db
		.insertInto("service_page")
		.values(
			demoServicePages.map((page) => ({
				tenant_id: demoTenant.id,
				slug: page.slug,
				icon: page.icon,
				name: json(page.name),
				content: json(page.content),
				sort: page.sort,
				updated_at: now,
			})),
		)
		.onConflict((oc) =>
			oc
				.columns(["tenant_id", "slug"])
				.doUpdateSet({
					icon: excluded<string>("icon"),
					name: excluded<string>("name"),
					content: excluded<string>("content"),
					sort: excluded<number>("sort"),
					updated_at: excluded<Date>("updated_at"),
				})
				.where(
					sql<boolean>`(service_page.icon, service_page.name, service_page.content, service_page.sort)
						IS DISTINCT FROM (excluded.icon, excluded.name, excluded.content, excluded.sort)`,
				),
		)
		.execute();
}

async function seedNews(db: Kysely<DB>) {
	await db
		.insertInto("news")
		.values(
			demoNews.map((news) => ({
				tenant_id: demoTenant.id,
				slug: news.slug,
				title: json(news.title),
				summary: json(news.summary),
				content: json(news.content),
				published_at: news.publishedAt,
			})),
		)
		.onConflict((oc) =>
			oc.columns(["tenant_id", "slug"]).doUpdateSet({
				title: excluded<string>("title"),
				summary: excluded<string>("summary"),
				content: excluded<string>("content"),
				published_at: excluded<Date>("published_at"),
			}),
		)
		.execute();
}
