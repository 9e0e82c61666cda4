import {
	type DeliveryCheck,
	type DeliveryZone,
	ErrorCode,
	localize,
	type OrderType,
	type ShopDetail,
	type ShopOpenState,
	type ShopSummary,
} from "@bayon/contract";
import { BusinessError } from "../../../http/business-error.js";
import type { AppDeps } from "../../../http/deps.js";
import type { CallerContext } from "../caller.js";
import {
	type DeliveryQuote,
	distanceMeters,
	type Point,
	quoteDelivery,
	type RadiusRule,
	type ZoneRule,
} from "../geo.js";
import { addDays, type Closure, computeOpenState, toLocalMoment, type WeeklyWindow } from "../hours.js";
import * as queries from "../queries.js";

/** A shop with everything needed to tell whether and how it takes orders right now. */
export interface LoadedShop {
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

export function presentSummary(
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

export async function loadShop(deps: AppDeps, tenantId: number, shopId: number, lang: string): Promise<LoadedShop> {
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

export function quoteFor(shop: LoadedShop, point: Point): DeliveryQuote {
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

/** The shop's local date ("YYYY-MM-DD") at an instant. */
export function shopLocalDate(timeZone: string, instant: Date): string {
	return toLocalMoment(instant, timeZone).date;
}
