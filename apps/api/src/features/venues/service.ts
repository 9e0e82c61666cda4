import {
	type DeliveryCheck,
	type DeliveryZone,
	ErrorCode,
	type Localized,
	localize,
	type MerchantShopRef,
	type MerchantTable,
	type OrderType,
	type ResolvedTable,
	roleAllows,
	type SecondCurrency,
	type ShopDetail,
	type ShopOpenState,
	type ShopPermission,
	type ShopRole,
	type ShopSettings,
	type ShopSummary,
} from "@bayon/contract";
import { BusinessError } from "../../http/business-error.js";
import type { AppDeps } from "../../http/deps.js";
import { setSecondCurrency } from "../tenancy/service.js";
import {
	type DeliveryQuote,
	distanceMeters,
	type Point,
	quoteDelivery,
	type RadiusRule,
	type ZoneRule,
} from "./geo.js";
import { addDays, type Closure, computeOpenState, isWithinHours, toLocalMoment, type WeeklyWindow } from "./hours.js";
import * as queries from "./queries.js";
import { signSeatingToken, signTableToken, verifySeatingToken, verifyTableToken } from "./table-token.js";

interface CallerContext {
	tenant: { id: number };
	lang: string;
}

/** A shop with everything needed to tell whether and how it takes orders right now. */
interface LoadedShop {
	row: queries.ShopRow;
	windows: WeeklyWindow[];
	closures: Array<Closure & { reason: string | null }>;
	zones: Awaited<ReturnType<typeof queries.listDeliveryZones>>;
}

async function loadShops(
	deps: AppDeps,
	rows: queries.ShopRow[],
	lang: string,
	db: AppDeps["db"] = deps.db,
): Promise<LoadedShop[]> {
	const ids = rows.map((row) => row.id);
	// A day before today in UTC covers every time zone's "today".
	const fromDate = addDays(deps.clock.now().toISOString().slice(0, 10), -1);
	const [hours, closures, zones] = await Promise.all([
		queries.listOpeningHours(db, ids),
		queries.listClosures(db, ids, fromDate),
		queries.listDeliveryZones(db, ids),
	]);
	return rows.map((row) => ({
		row,
		windows: hours
			.filter((h) => h.shop_id === row.id)
			.map((h) => ({ weekday: h.weekday, opensAt: h.opens_at, closesAt: h.closes_at })),
		closures: closures
			.filter((c) => c.shop_id === row.id)
			.map((c) => ({ startsOn: c.starts_on, endsOn: c.ends_on, reason: c.reason ? localize(c.reason, lang) : null })),
		zones: zones.filter((z) => z.shop_id === row.id),
	}));
}

function openStateOf(shop: LoadedShop, instant: Date): ShopOpenState {
	return computeOpenState(
		{
			windows: shop.windows,
			closures: shop.closures,
			timeZone: shop.row.timezone,
			acceptingOrders: shop.row.accepting_orders,
			pausedUntil: shop.row.paused_until,
		},
		instant,
	);
}

function orderTypesOf(row: queries.ShopRow): OrderType[] {
	const types: OrderType[] = [];
	if (row.offers_takein) types.push("takein");
	if (row.offers_takeout) types.push("takeout");
	if (row.offers_desk) types.push("desk");
	return types;
}

function zoneRules(shop: LoadedShop): ZoneRule[] {
	return shop.zones.map((zone) => ({ id: zone.id, points: zone.points, fee: zone.fee, minOrder: zone.min_order }));
}

function radiusRule(row: queries.ShopRow): RadiusRule | null {
	if (row.delivery_radius_m === null || row.delivery_radius_fee === null || row.delivery_radius_min_order === null)
		return null;
	return { meters: row.delivery_radius_m, fee: row.delivery_radius_fee, minOrder: row.delivery_radius_min_order };
}

function pointOf(row: queries.ShopRow): Point {
	return { latitude: row.latitude, longitude: row.longitude };
}

function presentSummary(
	deps: AppDeps,
	shop: LoadedShop,
	lang: string,
	from: Point | null,
	instant = deps.clock.now(),
): ShopSummary {
	const { row } = shop;
	const terms = [...zoneRules(shop), ...(radiusRule(row) ? [radiusRule(row) as RadiusRule] : [])];
	const offersDelivery = row.offers_takeout && terms.length > 0;
	return {
		id: row.id,
		name: localize(row.name, lang),
		logo: row.logo,
		address: localize(row.address, lang),
		phone: row.phone,
		latitude: row.latitude,
		longitude: row.longitude,
		distanceMeters: from ? Math.round(distanceMeters(from, pointOf(row))) : null,
		notice: row.notice ? localize(row.notice, lang) : null,
		timezone: row.timezone,
		preparationMinutes: row.preparation_minutes,
		deskPayAfterMeal: row.desk_pay_after_meal,
		orderTypes: orderTypesOf(row).filter((type) => type !== "takeout" || offersDelivery),
		openState: openStateOf(shop, instant),
		delivery: {
			offered: offersDelivery,
			minFee: offersDelivery ? Math.min(...terms.map((t) => t.fee)) : null,
			minOrder: offersDelivery ? Math.min(...terms.map((t) => t.minOrder)) : null,
		},
	};
}

/** The tenant's shops, nearest first when a point is given; `kw` filters by name or address. */
export async function listShops(
	deps: AppDeps,
	ctx: CallerContext,
	query: { lat?: number | undefined; lng?: number | undefined; kw?: string | undefined },
): Promise<ShopSummary[]> {
	const from =
		query.lat !== undefined && query.lng !== undefined ? { latitude: query.lat, longitude: query.lng } : null;
	// The shop list may lag a moment behind a shop's edit: from the replica when there is one (decision 036).
	const reads = deps.database.reads;
	const shops = await loadShops(deps, await queries.listShops(reads, ctx.tenant.id), ctx.lang, reads);
	let summaries = shops.map((shop) => presentSummary(deps, shop, ctx.lang, from));
	const keyword = query.kw?.toLowerCase();
	if (keyword) summaries = summaries.filter((s) => `${s.name} ${s.address}`.toLowerCase().includes(keyword));
	if (from) summaries.sort((a, b) => (a.distanceMeters ?? 0) - (b.distanceMeters ?? 0));
	return summaries;
}

async function loadShop(deps: AppDeps, tenantId: number, shopId: number, lang: string): Promise<LoadedShop> {
	const row = await queries.findShop(deps.db, tenantId, shopId);
	if (!row) throw new BusinessError(ErrorCode.NotFound);
	const [shop] = await loadShops(deps, [row], lang);
	return shop as LoadedShop;
}

/** One shop in full: hours of the week, upcoming closures, delivery zones for the map. */
export async function getShopDetail(deps: AppDeps, ctx: CallerContext, shopId: number): Promise<ShopDetail> {
	const shop = await loadShop(deps, ctx.tenant.id, shopId, ctx.lang);
	const radius = radiusRule(shop.row);
	const zones: DeliveryZone[] = shop.zones.map((zone) => ({
		id: zone.id,
		name: localize(zone.name, ctx.lang),
		fee: zone.fee,
		minOrder: zone.min_order,
		polygon: {
			points: zone.points.map(([latitude, longitude]) => ({ latitude, longitude })),
			strokeWidth: zone.stroke_width,
			strokeColor: zone.stroke_color,
			fillColor: zone.fill_color,
			dashArray: zone.dash_array,
			zIndex: zone.z_index,
		},
	}));
	const today = toLocalMoment(deps.clock.now(), shop.row.timezone).date;
	return {
		...presentSummary(deps, shop, ctx.lang, null),
		photos: shop.row.photos,
		weeklyHours: [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({
			weekday,
			windows: shop.windows
				.filter((w) => w.weekday === weekday)
				.map((w) => ({ opensAt: w.opensAt.slice(0, 5), closesAt: w.closesAt.slice(0, 5) })),
		})),
		closures: shop.closures.filter((c) => c.endsOn >= today),
		zones,
		deliveryRadius: radius,
	};
}

/** Whether a point can be delivered to by a shop, and at which fee and minimum. */
export async function checkDelivery(
	deps: AppDeps,
	ctx: CallerContext,
	args: { shopId: number; point: Point },
): Promise<DeliveryCheck> {
	const shop = await loadShop(deps, ctx.tenant.id, args.shopId, ctx.lang);
	return quoteFor(shop, args.point);
}

function quoteFor(shop: LoadedShop, point: Point): DeliveryQuote {
	if (!shop.row.offers_takeout)
		return {
			inRange: false,
			zoneId: null,
			fee: null,
			minOrder: null,
			distanceMeters: Math.round(distanceMeters(pointOf(shop.row), point)),
		};
	return quoteDelivery(pointOf(shop.row), point, zoneRules(shop), radiusRule(shop.row));
}

/** What ordering needs to know about a shop at this moment: open state, order types, delivery terms. */
export interface ShopOrderingTerms {
	shopId: number;
	name: string;
	timezone: string;
	openState: ShopOpenState;
	orderTypes: OrderType[];
	quoteDelivery(point: Point): DeliveryQuote;
	/** Dine-in guests pay the table's bill after the meal instead of paying each order. */
	deskPayAfterMeal: boolean;
	/** Whether the shop's hours (and closures) cover an instant: for a chosen pickup time. */
	isWithinHoursAt(instant: Date): boolean;
}

/**
 * The shop's terms now. Every cart priced and every order placed asks, so each server keeps the
 * shop's rules (row, hours, closures, zones) for SHOP_TERMS_CACHE_MS; the open state is still
 * judged at this moment from them. A change through the API drops the copy at once on this
 * server and, through the bus, on every other (`announceShopChange`).
 */
export async function getOrderingTerms(deps: AppDeps, ctx: CallerContext, shopId: number): Promise<ShopOrderingTerms> {
	const shop = await loadShopCached(deps, ctx.tenant.id, shopId, ctx.lang);
	return orderingTermsOf(deps, shop, ctx.lang, deps.clock.now());
}

/**
 * How long a server uses its copy of a shop's ordering rules: the safety net for a change whose
 * bus event did not arrive (a bus outage also ends in `bus.resync`, which drops every copy).
 */
export const SHOP_TERMS_CACHE_MS = 5000;

interface CachedShop {
	loading: Promise<LoadedShop>;
	loadedAt: number;
}

/** Per server (keyed by its database object, so each test server has its own): `tenant:shop:lang` → copy. */
const shopCaches = new WeakMap<object, Map<string, CachedShop>>();

function shopCacheOf(deps: AppDeps): Map<string, CachedShop> {
	let cache = shopCaches.get(deps.database);
	if (!cache) {
		cache = new Map();
		shopCaches.set(deps.database, cache);
	}
	return cache;
}

function loadShopCached(deps: AppDeps, tenantId: number, shopId: number, lang: string): Promise<LoadedShop> {
	const cache = shopCacheOf(deps);
	const key = `${tenantId}:${shopId}:${lang}`;
	const now = deps.clock.now().getTime();
	const hit = cache.get(key);
	// A clock set back also ends the copy (tests move the server's clock).
	if (hit && now - hit.loadedAt >= 0 && now - hit.loadedAt < SHOP_TERMS_CACHE_MS) return hit.loading;
	// Concurrent misses share one load; a failed one (no such shop) is not kept.
	const entry: CachedShop = { loading: loadShop(deps, tenantId, shopId, lang), loadedAt: now };
	cache.set(key, entry);
	entry.loading.catch(() => {
		if (cache.get(key) === entry) cache.delete(key);
	});
	return entry.loading;
}

/** Forgets this server's copies of a shop's rules (every language). */
export function forgetShopTerms(deps: AppDeps, args: { tenantId: number; shopId: number }): void {
	const cache = shopCacheOf(deps);
	for (const key of cache.keys()) if (key.startsWith(`${args.tenantId}:${args.shopId}:`)) cache.delete(key);
}

/**
 * After a transaction that changed a shop's ordering rules has committed: this server forgets
 * its copy at once (so the answer to the change already shows it), every other server when the
 * bus delivers the event. A failed publish is logged, not thrown: the change is committed and
 * the other servers' copies end within SHOP_TERMS_CACHE_MS.
 */
export async function announceShopChange(deps: AppDeps, args: { tenantId: number; shopId: number }): Promise<void> {
	forgetShopTerms(deps, args);
	try {
		await deps.events.publish({ type: "shop.changed", ...args });
	} catch (error) {
		deps.log.warn({ err: error, shopId: args.shopId }, "shop change not announced to the other servers");
	}
}

/** Keeps this server's copies of shops' rules in step with every server's changes. */
export function followShopChanges(deps: AppDeps): () => void {
	return deps.events.subscribe((event) => {
		if (event.type === "shop.changed") forgetShopTerms(deps, event);
		else if (event.type === "bus.resync") shopCacheOf(deps).clear();
	});
}

function orderingTermsOf(deps: AppDeps, shop: LoadedShop, lang: string, instant: Date): ShopOrderingTerms {
	const summary = presentSummary(deps, shop, lang, null, instant);
	return {
		shopId: shop.row.id,
		name: summary.name,
		timezone: shop.row.timezone,
		openState: summary.openState,
		orderTypes: summary.orderTypes,
		deskPayAfterMeal: shop.row.desk_pay_after_meal,
		quoteDelivery: (point) => quoteFor(shop, point),
		isWithinHoursAt: (instant) => isWithinHours(shop.windows, shop.closures, shop.row.timezone, instant),
	};
}

/**
 * The ordering terms a shop WOULD have with these (unsaved) settings, judged at `instant`:
 * the rules preview feeds them to the very evaluation checkout runs, so what the owner is
 * shown is what a customer would be told. What the settings do not cover (time zone, the
 * live pause, dine-in payment) is the saved shop's.
 */
export async function draftOrderingTerms(
	deps: AppDeps,
	ctx: CallerContext,
	args: { shopId: number; settings: ShopSettings; instant: Date },
): Promise<ShopOrderingTerms> {
	const saved = await loadShop(deps, ctx.tenant.id, args.shopId, ctx.lang);
	const { settings } = args;
	const draft: LoadedShop = {
		row: {
			...saved.row,
			name: localizedFromInput(settings.name),
			address: localizedFromInput(settings.address),
			phone: settings.phone,
			latitude: settings.latitude,
			longitude: settings.longitude,
			preparation_minutes: settings.preparationMinutes,
			offers_takein: settings.orderTypes.includes("takein"),
			offers_takeout: settings.orderTypes.includes("takeout"),
			offers_desk: settings.orderTypes.includes("desk"),
		},
		windows: settings.weeklyHours,
		closures: settings.closures.map(({ startsOn, endsOn, label }) => ({
			startsOn,
			endsOn,
			reason: label["zh-CN"] ? localize(localizedFromInput(label), ctx.lang) : null,
		})),
		zones: settings.deliveryZones.map((zone, index) => ({
			id: -(index + 1),
			shop_id: args.shopId,
			name: { "zh-CN": "" },
			points: zone.points.map((point): [number, number] => [point.latitude, point.longitude]),
			fee: zone.fee,
			min_order: zone.minOrder,
			stroke_width: 2,
			stroke_color: "",
			fill_color: "",
			dash_array: "",
			z_index: 1,
		})),
	};
	return orderingTermsOf(deps, draft, ctx.lang, args.instant);
}

/** The shop's local date ("YYYY-MM-DD") at an instant. */
export function shopLocalDate(timeZone: string, instant: Date): string {
	return toLocalMoment(instant, timeZone).date;
}

/** Settings text in three languages as stored: blanks left out, zh-CN always there. */
export function localizedFromInput(text: { "zh-CN": string; en?: string; km?: string }): Localized {
	const stored: Localized = { "zh-CN": text["zh-CN"] };
	if (text.en) stored.en = text.en;
	if (text.km) stored.km = text.km;
	return stored;
}

/** A table as scanning its code finds it, with the QR version its printed code must carry. */
export interface ScannedTable extends Omit<ResolvedTable, "token"> {
	qrVersion: number;
}

async function loadScannedTable(
	deps: AppDeps,
	ctx: CallerContext,
	claims: { tenantId: number; shopId: number; tableId: number },
): Promise<ScannedTable> {
	if (claims.tenantId !== ctx.tenant.id) throw new BusinessError(ErrorCode.TableInvalid);
	const table = await queries.findTable(deps.db, { tenantId: ctx.tenant.id, tableId: claims.tableId });
	if (!table?.enabled || table.shop_id !== claims.shopId) throw new BusinessError(ErrorCode.TableInvalid);
	return {
		shopId: table.shop_id,
		shopName: localize(table.shop_name, ctx.lang),
		tableId: table.id,
		number: table.number,
		seats: table.seats,
		area: table.area ? localize(table.area, ctx.lang) : null,
		qrVersion: table.qr_version,
	};
}

/** Turns a table's printed QR code into its shop and table, refusing forged, edited or reprinted codes. */
export async function findTableOfPrintedCode(deps: AppDeps, ctx: CallerContext, token: string): Promise<ScannedTable> {
	const claims = verifyTableToken(token, deps.config.tokenSecret);
	if (!claims) throw new BusinessError(ErrorCode.TableInvalid);
	const table = await loadScannedTable(deps, ctx, claims);
	if (table.qrVersion !== claims.version) throw new BusinessError(ErrorCode.TableInvalid);
	return table;
}

/** Whether a text is shaped like a seating token rather than a printed code (neither is checked here). */
export const isSeatingToken = (token: string) => token.startsWith("s");

/**
 * Reads a seating token: its table, its seating and whether the table's code is still the one
 * it was issued under (a reprint voids it). A forged or edited token is TableInvalid; whether
 * the seating is still going is for the caller, who owns seatings, to check.
 */
export async function readSeatingToken(
	deps: AppDeps,
	ctx: CallerContext,
	token: string,
): Promise<{ table: ScannedTable; seatingId: number; codeReprinted: boolean }> {
	const claims = verifySeatingToken(token, deps.config.tokenSecret);
	if (!claims) throw new BusinessError(ErrorCode.TableInvalid);
	const table = await loadScannedTable(deps, ctx, claims);
	return { table, seatingId: claims.seatingId, codeReprinted: table.qrVersion !== claims.version };
}

/** The token a diner keeps for one seating at a table. */
export function issueSeatingToken(deps: AppDeps, ctx: CallerContext, table: ScannedTable, seatingId: number): string {
	return signSeatingToken(
		{ tenantId: ctx.tenant.id, shopId: table.shopId, tableId: table.tableId, version: table.qrVersion, seatingId },
		deps.config.tokenSecret,
	);
}

/** The page a table's QR code opens. */
export const SCAN_PAGE_PATH = "/pages/components/pages/scan/operate";

/** A table as its shop's staff see it, with the URL its printed QR code encodes (current QR version). */
export function presentMerchantTable(
	deps: AppDeps,
	ctx: CallerContext,
	args: { shopId: number; origin: string },
	row: { id: number; number: string; seats: number; area: Localized | null; qr_version: number },
): MerchantTable {
	const token = signTableToken(
		{ tenantId: ctx.tenant.id, shopId: args.shopId, tableId: row.id, version: row.qr_version },
		deps.config.tokenSecret,
	);
	return {
		id: row.id,
		number: row.number,
		seats: row.seats,
		area: row.area ? localize(row.area, ctx.lang) : null,
		qrUrl: `${args.origin}${SCAN_PAGE_PATH}?token=${encodeURIComponent(token)}`,
	};
}

/** The shop's tables with their QR URLs, for its owner and staff only. */
export async function listMerchantTables(
	deps: AppDeps,
	ctx: CallerContext & { member: { id: number } },
	args: { shopId: number; origin: string },
): Promise<MerchantTable[]> {
	await requireStaff(deps, ctx, args.shopId);
	const rows = await queries.listTables(deps.db, args.shopId);
	return rows.map((row) => presentMerchantTable(deps, ctx, args, row));
}

/**
 * Staff calls on one record (a bill, a round, a table) of some shop: a caller who works at
 * no shop is refused Forbidden and a staff member of another shop is told NotFound, in both
 * cases whether or not the record exists, so its id cannot be probed. `shopId` is the
 * record's shop, or undefined when there is no such record.
 */
export async function requireStaffWithoutOracle(
	deps: AppDeps,
	ctx: CallerContext & { member: { id: number } },
	shopId: number | undefined,
): Promise<void> {
	await requireStaffSomewhere(deps, ctx);
	if (shopId === undefined || !(await staffRoleAt(deps, ctx, shopId))) throw new BusinessError(ErrorCode.NotFound);
}

/**
 * Refuses anyone who does not work at the shop. A caller who works at no shop at all (a
 * customer) is refused alike whether the shop exists or not, and a shop of another tenant
 * answers exactly like a shop that does not exist, so ids cannot be probed.
 */
export async function requireStaff(
	deps: AppDeps,
	ctx: CallerContext & { member: { id: number } },
	shopId: number,
): Promise<ShopRole> {
	const role = await staffRoleAt(deps, ctx, shopId);
	if (role) return role;
	await requireStaffSomewhere(deps, ctx);
	if (!(await queries.findShop(deps.db, ctx.tenant.id, shopId))) throw new BusinessError(ErrorCode.NotFound);
	throw new BusinessError(ErrorCode.Forbidden);
}

/** The caller's role at a shop of the caller's tenant, or null when they do not work there. */
export async function staffRoleAt(
	deps: AppDeps,
	ctx: CallerContext & { member: { id: number } },
	shopId: number,
): Promise<ShopRole | null> {
	const staff = await queries.findStaffRole(deps.db, { shopId, memberId: ctx.member.id });
	if (!staff || !(await queries.findShop(deps.db, ctx.tenant.id, shopId))) return null;
	return staff.role;
}

/**
 * Refuses a caller whose role at the shop does not allow `permission` (shop-roles.ts in the
 * contract): like requireStaff, a caller who works at no shop is answered alike whether the
 * shop exists or not. Returns the caller's role.
 */
export async function requireShopPermission(
	deps: AppDeps,
	ctx: CallerContext & { member: { id: number } },
	shopId: number,
	permission: ShopPermission,
): Promise<ShopRole> {
	const role = await requireStaff(deps, ctx, shopId);
	if (!roleAllows(role, permission)) throw new BusinessError(ErrorCode.Forbidden);
	return role;
}

/**
 * The shop a counter call works at (the stored-value charge, the till), once the caller holds
 * the "counter" permission there; else Forbidden.
 */
export async function counterShop(deps: AppDeps, ctx: CallerContext & { member: { id: number } }, shopId: number) {
	await requireShopPermission(deps, ctx, shopId, "counter");
	return deps.db
		.selectFrom("shop")
		.select(["id", "name", "timezone"])
		.where("tenant_id", "=", ctx.tenant.id)
		.where("id", "=", shopId)
		.executeTakeFirstOrThrow();
}

/**
 * Whether the member administers the business (migration 0026): defines what every shop of the
 * tenant shares and that touches money (recharge packages, the stored-value agreement, VIP card
 * types, coupon templates, the points rule and mall, the second currency's rate).
 */
export async function isBusinessAdmin(deps: AppDeps, args: { tenantId: number; memberId: number }): Promise<boolean> {
	return (await queries.findTenantAdmin(deps.db, args)) !== undefined;
}

/**
 * Refuses a change to something tenant-wide unless the caller, who must hold `permission` at the
 * shop named (answered exactly as requireShopPermission answers), is also a business
 * administrator: a shop's owner or manager who is not is told NotBusinessAdmin, whose message
 * says who can. Reading stays with the shop's permission alone.
 */
export async function requireBusinessAdmin(
	deps: AppDeps,
	ctx: CallerContext & { member: { id: number } },
	shopId: number,
	permission: ShopPermission,
): Promise<ShopRole> {
	const role = await requireShopPermission(deps, ctx, shopId, permission);
	if (!(await isBusinessAdmin(deps, { tenantId: ctx.tenant.id, memberId: ctx.member.id })))
		throw new BusinessError(ErrorCode.NotBusinessAdmin);
	return role;
}

/**
 * Merchant calls that name an order or a bill refuse a caller who works at no shop before
 * looking the row up, so a customer gets the same answer for ids that exist and ids that do not.
 */
export async function requireStaffSomewhere(
	deps: AppDeps,
	ctx: CallerContext & { member: { id: number } },
): Promise<void> {
	if (!(await isStaffMember(deps, { tenantId: ctx.tenant.id, memberId: ctx.member.id })))
		throw new BusinessError(ErrorCode.Forbidden);
}

/**
 * The owner decides how dine-in guests pay: each round up front, or the table's bill after
 * the meal. Bills already open stay open and payable either way; the setting applies to the
 * next round ordered.
 */
export async function setDineInPayment(
	deps: AppDeps,
	ctx: CallerContext & { member: { id: number } },
	input: { shopId: number; payAfterMeal: boolean },
): Promise<{ shopId: number; deskPayAfterMeal: boolean }> {
	await requireShopPermission(deps, ctx, input.shopId, "money");
	await deps.db
		.updateTable("shop")
		.set({ desk_pay_after_meal: input.payAfterMeal })
		.where("tenant_id", "=", ctx.tenant.id)
		.where("id", "=", input.shopId)
		.execute();
	await announceShopChange(deps, { tenantId: ctx.tenant.id, shopId: input.shopId });
	return { shopId: input.shopId, deskPayAfterMeal: input.payAfterMeal };
}

/**
 * The business shows prices also in a second currency at its own rate (decision 011), or
 * (null) in the shop's currency alone. It applies to the whole tenant, whose ledger
 * currency it sits beside, so only a business administrator changes it (issue 27): a shop's
 * owner who is not one is told NotBusinessAdmin. Anyone but the shop's owner gets Forbidden,
 * whether or not the shop exists, so the call tells nothing about other shops.
 */
export async function setDisplayCurrency(
	deps: AppDeps,
	ctx: CallerContext & { member: { id: number } },
	input: { shopId: number; second: SecondCurrency | null },
): Promise<{ shopId: number; second: SecondCurrency | null }> {
	// A customer is refused before any shop is looked up; an owner's role is checked at a shop
	// of the caller's tenant only, and every other answer is the same Forbidden.
	await requireStaffSomewhere(deps, ctx);
	const role = await staffRoleAt(deps, ctx, input.shopId);
	if (!role || !roleAllows(role, "money")) throw new BusinessError(ErrorCode.Forbidden);
	if (!(await isBusinessAdmin(deps, { tenantId: ctx.tenant.id, memberId: ctx.member.id })))
		throw new BusinessError(ErrorCode.NotBusinessAdmin);
	return { shopId: input.shopId, second: await setSecondCurrency(deps, ctx.tenant.id, input.second) };
}

/** The shops a member works at, with their role there; empty for customers. */
export async function listStaffShops(
	deps: AppDeps,
	args: { tenantId: number; memberId: number; lang: string },
): Promise<MerchantShopRef[]> {
	const rows = await queries.listStaffShops(deps.db, args);
	return rows.map((row) => ({ shopId: row.id, shopName: localize(row.name, args.lang), role: row.role }));
}

/** Whether the member works at any shop of the tenant (staff sessions are shorter). */
export async function isStaffMember(deps: AppDeps, args: { tenantId: number; memberId: number }): Promise<boolean> {
	return (await queries.listStaffShops(deps.db, args)).length > 0;
}
