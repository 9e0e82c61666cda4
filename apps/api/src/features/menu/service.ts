import { createHash } from "node:crypto";
import { promisify } from "node:util";
import { brotliCompress, gzip, constants as zlibConstants } from "node:zlib";
import { compactShopMenu, ErrorCode, type Localized, type MenuItem } from "@bayon/contract";
import type { Transaction } from "kysely";
import type { DB } from "../../db/schema.js";
import { BusinessError } from "../../http/business-error.js";
import type { AppDeps } from "../../http/deps.js";
import { ok } from "../../http/envelope.js";
import { presentMenu } from "./present.js";
import * as queries from "./queries.js";

interface CallerContext {
	tenant: { id: number };
	lang: string;
}

/**
 * A serialized menu envelope in one language, ready to send in each encoding: compressed once
 * when built, never per request.
 */
export interface CachedMenu {
	body: Record<MenuEncoding, Buffer>;
	/** One per (shop, language, content): the encodings are the same JSON. */
	etag: string;
	loadedAt: number;
	/** The shop's menu version read before the rows: the rows are at least this new. */
	version: number;
}

/**
 * The menu is the most requested call and changes rarely, so each server keeps the
 * serialized answer per (shop, language). An edit or a sold-out toggle drops it at once on
 * every server (`menuChanged`, through the event bus); stock taken by orders changes no
 * version, so a copy is also rebuilt when older than MENU_CACHE_MS. Pricing and checkout
 * always read the database.
 */
export const MENU_CACHE_MS = 2000;

/** How a menu can be sent, best first: brotli, gzip, or as it is. */
export const MENU_ENCODINGS = ["br", "gzip", "identity"] as const;
export type MenuEncoding = (typeof MENU_ENCODINGS)[number];

/**
 * Brotli quality for the menu, which is compressed again after every change (the first request
 * after it waits): for the benchmark's 300 items (113 KB of JSON), 7 gives 13.2 KB in ~10 ms,
 * 9 only 0.2 KB less in three times that, 11 11.2 KB in 300–400 ms.
 */
export const MENU_BROTLI_QUALITY = 7;

interface MenuCache {
	entries: Map<string, Promise<CachedMenu>>;
	/** The newest menu version each shop is known to have (`tenant:shop` → version). */
	knownVersions: Map<string, number>;
	/** Menus built from the database so far (the benchmark checks one build per change). */
	loads: number;
}

const caches = new WeakMap<object, MenuCache>();

function cacheOf(deps: AppDeps): MenuCache {
	let cache = caches.get(deps.database);
	if (!cache) {
		cache = { entries: new Map(), knownVersions: new Map(), loads: 0 };
		caches.set(deps.database, cache);
	}
	return cache;
}

export async function getShopMenuCached(deps: AppDeps, ctx: CallerContext, shopId: number): Promise<CachedMenu> {
	const cache = cacheOf(deps);
	const shopKey = `${ctx.tenant.id}:${shopId}`;
	const key = `${shopKey}:${ctx.lang}`;
	const hit = cache.entries.get(key);
	let previous: CachedMenu | null = null;
	if (hit) {
		const entry = await hit.catch(() => null);
		if (entry && isFresh(entry, deps.clock.now().getTime()) && entry.version >= (cache.knownVersions.get(shopKey) ?? 0))
			return entry;
		// Another request may already have started the rebuild while this one waited.
		const current = cache.entries.get(key);
		if (current && current !== hit) return current;
		previous = entry;
	}
	// Concurrent misses share one load instead of each querying the database.
	const loading = loadMenu(deps, ctx, shopId, previous, cache.knownVersions.get(shopKey) ?? 0);
	cache.loads++;
	cache.entries.set(key, loading);
	loading.catch(() => {
		if (cache.entries.get(key) === loading) cache.entries.delete(key);
	});
	return loading;
}

/**
 * Forgets this server's copies of a shop's menu older than `version`. Called by the bus
 * listener for every server's changes; a copy being built from older rows is not served
 * to the next request either.
 */
export function forgetShopMenu(deps: AppDeps, args: { tenantId: number; shopId: number; version: number }): void {
	const cache = cacheOf(deps);
	const shopKey = `${args.tenantId}:${args.shopId}`;
	cache.knownVersions.set(shopKey, Math.max(args.version, cache.knownVersions.get(shopKey) ?? 0));
}

/** How many menus this server has built from the database. */
export function menuCacheLoads(deps: AppDeps): number {
	return cacheOf(deps).loads;
}

/** Events may have been missed: every copy is rebuilt on its next request. */
export function forgetAllMenus(deps: AppDeps): void {
	cacheOf(deps).entries.clear();
}

/**
 * After a transaction that changed a shop's menu has committed: this server forgets its
 * copy at once, and every other server when the bus delivers the event. A failed publish is
 * logged and not thrown: the change is committed, the other servers' copies expire within
 * MENU_CACHE_MS, and the bus's recovery tells them to resync.
 */
export async function announceMenuChange(
	deps: AppDeps,
	args: { tenantId: number; shopId: number; version: number },
): Promise<void> {
	forgetShopMenu(deps, args);
	try {
		await deps.events.publish({ type: "menu.changed", ...args });
	} catch (error) {
		deps.log.warn({ err: error, shopId: args.shopId }, "menu change not announced to the other servers");
	}
}

/** Keeps this server's menu cache in step with every server's changes. */
export function followMenuChanges(deps: AppDeps): () => void {
	return deps.events.subscribe((event) => {
		if (event.type === "menu.changed") forgetShopMenu(deps, event);
		else if (event.type === "bus.resync") forgetAllMenus(deps);
	});
}

type Db = AppDeps["db"] | Transaction<DB>;

/** The shop's menu version (0 for a shop without one yet). */
export async function readMenuVersion(db: Db, shopId: number): Promise<number> {
	const row = await db
		.selectFrom("shop_menu_version")
		.select("version")
		.where("shop_id", "=", shopId)
		.executeTakeFirst();
	return Number(row?.version ?? 0);
}

/** Younger than MENU_CACHE_MS by the server's clock (a clock set back also ends the copy). */
function isFresh(entry: CachedMenu, now: number): boolean {
	const age = now - entry.loadedAt;
	return age >= 0 && age < MENU_CACHE_MS;
}

async function loadMenu(
	deps: AppDeps,
	ctx: CallerContext,
	shopId: number,
	previous: CachedMenu | null,
	knownVersion: number,
): Promise<CachedMenu> {
	// The menu is read from the read-only replica when there is one (decision 036), unless the
	// replica has not yet replayed the latest change this server heard of (a menu.changed event,
	// its own edit): then from the primary, so an edit is never followed by an older menu.
	let source = deps.database.reads;
	// The version first: rows read after it are at least as new, never older.
	let version = await readMenuVersion(source, shopId);
	if (version < knownVersion && source !== deps.db) {
		source = deps.db;
		version = await readMenuVersion(source, shopId);
	}
	const shop = await source
		.selectFrom("shop")
		.select("id")
		.where("id", "=", shopId)
		.where("tenant_id", "=", ctx.tenant.id)
		.executeTakeFirst();
	if (!shop) throw new BusinessError(ErrorCode.NotFound);
	const rows = await queries.loadMenuRows(source, { tenantId: ctx.tenant.id, shopId });
	const json = Buffer.from(
		JSON.stringify(ok(compactShopMenu({ shopId, categories: presentMenu(rows, ctx.lang).categories }))),
	);
	const etag = `"${createHash("sha1").update(json).digest("base64url")}"`;
	const loadedAt = deps.clock.now().getTime();
	// Most rebuilds are the safety expiry and find the menu unchanged: keep its compressed copies.
	if (previous?.etag === etag) return { body: previous.body, etag, loadedAt, version };
	const [br, gzipped] = await Promise.all([compressBrotli(json), compressGzip(json)]);
	return { body: { br, gzip: gzipped, identity: json }, etag, loadedAt, version };
}

// The asynchronous forms run on libuv's thread pool, so a rebuild does not stall other requests.
const compressGzip = (json: Buffer) => promisify(gzip)(json, { level: 9 });
const compressBrotli = (json: Buffer) =>
	promisify(brotliCompress)(json, {
		params: {
			[zlibConstants.BROTLI_PARAM_MODE]: zlibConstants.BROTLI_MODE_TEXT,
			[zlibConstants.BROTLI_PARAM_QUALITY]: MENU_BROTLI_QUALITY,
			[zlibConstants.BROTLI_PARAM_SIZE_HINT]: json.length,
		},
	});

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
