import { LRUCache } from "lru-cache";
import type { AppDeps } from "../../http/deps.js";
import type { EventBus } from "../../realtime/bus.js";

/**
 * Per-server memory of live access tokens (decision 025): every signed-in request used to cost
 * one session query. A token found live is remembered for at most SAFETY_SECONDS (never past
 * its own expiry), and forgotten at once, on every server, when its session family ends: the
 * server that ends it forgets before it answers, the others when the bus delivers
 * `session.ended`. Nothing about the member is kept beyond id and family (no roles), so staff
 * changes need no invalidation. A token rotated by a refresh stays valid until it expires
 * (decision 002), so rotation needs none either.
 */
export const SESSION_CACHE_SAFETY_SECONDS = 5;
/** Signed-in callers active within a few seconds on one server; beyond this the oldest go. */
const MAX_ENTRIES = 20_000;

export interface CachedSession {
	memberId: number;
	familyId: string;
	/** Clock time (deps.clock) after which the entry must be looked up again. */
	validUntilMs: number;
}

interface SessionCache {
	entries: LRUCache<string, CachedSession>;
	/**
	 * Counts every forgetting (an ended family, a resync). A lookup that started before one
	 * must not store what it read: the family may have ended between its read and its answer.
	 */
	generation: number;
}

// One cache per server: the bus is per server, and it is what keeps the cache honest. Keyed
// weakly so test servers started and closed in one process leave nothing behind.
const caches = new WeakMap<EventBus, SessionCache>();

function cacheOf(events: EventBus): SessionCache {
	const cache = caches.get(events);
	if (cache) return cache;
	const created: SessionCache = {
		entries: new LRUCache({ max: MAX_ENTRIES, ttl: SESSION_CACHE_SAFETY_SECONDS * 1000, ttlAutopurge: false }),
		generation: 0,
	};
	events.subscribe((event) => {
		if (event.type === "session.ended") forgetFamily(created, event.sessionFamilyId);
		// The bus was down: some session.ended may have been missed, so nothing cached is trusted.
		else if (event.type === "bus.resync") {
			created.generation++;
			created.entries.clear();
		}
	});
	caches.set(events, created);
	return created;
}

function forgetFamily(cache: SessionCache, familyId: string) {
	cache.generation++;
	for (const [key, session] of cache.entries.entries()) if (session.familyId === familyId) cache.entries.delete(key);
}

/** Forgets a family on this server now, before the ending request answers (the bus follows). */
export function forgetSessionFamily(deps: Pick<AppDeps, "events">, familyId: string) {
	forgetFamily(cacheOf(deps.events), familyId);
}

/**
 * The session behind an access token hash: from the cache while fresh, else from `load`, whose
 * live answer is remembered until min(its expiry, now + SAFETY_SECONDS). While the bus is not
 * connected the cache is not used at all (and emptied): an ending elsewhere could not reach
 * this server.
 */
export async function cachedSession(
	deps: Pick<AppDeps, "events" | "clock">,
	key: string,
	load: () => Promise<{ memberId: number; familyId: string; accessExpiresAt: Date } | undefined>,
): Promise<{ memberId: number; familyId: string } | null> {
	const busUp = deps.events.health().state === "connected";
	const cache = cacheOf(deps.events);
	const nowMs = deps.clock.now().getTime();
	if (busUp) {
		const hit = cache.entries.get(key);
		if (hit && hit.validUntilMs > nowMs) return hit;
		if (hit) cache.entries.delete(key);
	} else if (cache.entries.size > 0) {
		// Endings sent meanwhile are lost: what was remembered before the outage is not trusted after it.
		cache.generation++;
		cache.entries.clear();
	}
	const generation = cache.generation;
	const row = await load();
	if (!row) return null;
	// Not stored when a family ended, or the bus dropped, while this lookup was under way.
	if (cache.generation === generation && deps.events.health().state === "connected")
		cache.entries.set(key, {
			memberId: row.memberId,
			familyId: row.familyId,
			validUntilMs: Math.min(new Date(row.accessExpiresAt).getTime(), nowMs + SESSION_CACHE_SAFETY_SECONDS * 1000),
		});
	return { memberId: row.memberId, familyId: row.familyId };
}
