import { createHash } from "node:crypto";
import { gzipSync } from "node:zlib";
import { ErrorCode, type Localized, type MenuItem, type ShopMenu } from "@bayon/contract";
import { BusinessError } from "../../http/business-error.js";
import type { AppDeps } from "../../http/deps.js";
import { ok } from "../../http/envelope.js";
import { presentMenu } from "./present.js";
import * as queries from "./queries.js";

interface CallerContext {
	tenant: { id: number };
	lang: string;
}

/** A serialized menu envelope, ready to send as it is or gzipped. */
export interface CachedMenu {
	json: string;
	gzip: Buffer;
	etag: string;
	loadedAt: number;
}

/**
 * The menu is the most requested call and changes rarely, so each server keeps the
 * serialized answer per (shop, language) for MENU_CACHE_MS. Stock and sold-out marks may
 * so lag by that much; pricing and checkout always read the database.
 */
export const MENU_CACHE_MS = 2000;
const caches = new WeakMap<object, Map<string, Promise<CachedMenu>>>();

export async function getShopMenuCached(deps: AppDeps, ctx: CallerContext, shopId: number): Promise<CachedMenu> {
	let cache = caches.get(deps.database);
	if (!cache) {
		cache = new Map();
		caches.set(deps.database, cache);
	}
	const key = `${ctx.tenant.id}:${shopId}:${ctx.lang}`;
	const hit = cache.get(key);
	if (hit) {
		const entry = await hit.catch(() => null);
		if (entry && isFresh(entry, deps.clock.now().getTime())) return entry;
	}
	// Concurrent misses share one load instead of each querying the database.
	const loading = loadMenu(deps, ctx, shopId);
	cache.set(key, loading);
	loading.catch(() => cache.delete(key));
	return loading;
}

/** Younger than MENU_CACHE_MS by the server's clock (a clock set back also ends the copy). */
function isFresh(entry: CachedMenu, now: number): boolean {
	const age = now - entry.loadedAt;
	return age >= 0 && age < MENU_CACHE_MS;
}

async function loadMenu(deps: AppDeps, ctx: CallerContext, shopId: number): Promise<CachedMenu> {
	const shop = await deps.db
		.selectFrom("shop")
		.select("id")
		.where("id", "=", shopId)
		.where("tenant_id", "=", ctx.tenant.id)
		.executeTakeFirst();
	if (!shop) throw new BusinessError(ErrorCode.NotFound);
	const rows = await queries.loadMenuRows(deps.db, { tenantId: ctx.tenant.id, shopId });
	const menu: ShopMenu = { shopId, categories: presentMenu(rows, ctx.lang).categories };
	const json = JSON.stringify(ok(menu));
	return {
		json,
		gzip: gzipSync(json, { level: 6 }),
		etag: `"${createHash("sha1").update(json).digest("base64url")}"`,
		loadedAt: deps.clock.now().getTime(),
	};
}

/** One item in full, straight from the database. */
export async function getMenuItem(deps: AppDeps, ctx: CallerContext, itemId: number): Promise<MenuItem> {
	const owner = await queries.findItemShop(deps.db, { tenantId: ctx.tenant.id, itemId });
	if (!owner) throw new BusinessError(ErrorCode.NotFound);
	const rows = await queries.loadMenuRows(deps.db, {
		tenantId: ctx.tenant.id,
		shopId: owner.shop_id,
		itemIds: [itemId],
	});
	const item = presentMenu(rows, ctx.lang).items.get(itemId);
	if (!item) throw new BusinessError(ErrorCode.NotFound);
	return item;
}

/** The names of items and options in every language, as an order keeps them. */
export interface MenuNames {
	items: Map<number, Localized>;
	options: Map<number, Localized>;
}

/**
 * Current items of a shop by id (missing ids are simply absent), for pricing and checkout,
 * with their names in every language: an order is read later by people who speak others.
 */
export async function loadItemsForPricing(
	deps: AppDeps,
	ctx: CallerContext,
	args: { shopId: number; itemIds: number[] },
): Promise<{ items: Map<number, MenuItem>; names: MenuNames }> {
	const rows = await queries.loadMenuRows(deps.db, {
		tenantId: ctx.tenant.id,
		shopId: args.shopId,
		itemIds: [...new Set(args.itemIds)],
	});
	return {
		items: presentMenu(rows, ctx.lang).items,
		names: {
			items: new Map(rows.items.map((row) => [row.id, row.name])),
			options: new Map(rows.options.map((row) => [row.id, row.name])),
		},
	};
}
