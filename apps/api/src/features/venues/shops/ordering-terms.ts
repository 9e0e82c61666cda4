import { localize, localizedFromInput, type OrderType, type ShopOpenState, type ShopSettings } from "@bayon/contract";
import type { AppDeps } from "../../../http/deps.js";
import type { CallerContext } from "../caller.js";
import type { DeliveryQuote, Point } from "../geo.js";
import { isWithinHours } from "../hours.js";
import { type LoadedShop, loadShop, presentSummary, quoteFor } from "./shop-pages.js";

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
