import type { RailName } from "../../db/schema.js";
import type { AppDeps } from "../../http/deps.js";
import type { GatewayName, PaymentGateway } from "./gateway.js";
import { openRailSettings, readRailSettings } from "./rail-settings/store.js";
import { RAIL_NAMES, RAILS } from "./rails/index.js";
import { createSandboxGateway } from "./rails/sandbox.js";

type Sandbox = ReturnType<typeof createSandboxGateway>;
const sandboxes = new WeakMap<AppDeps, Sandbox>();

/** This server's sandbox gateway (never offered in production; decision 005). */
export function gateways(deps: AppDeps): { sandbox: Sandbox } {
	let sandbox = sandboxes.get(deps);
	if (!sandbox) {
		sandbox = createSandboxGateway(deps);
		sandboxes.set(deps, sandbox);
	}
	return { sandbox };
}

/**
 * A tenant's rail gateways, made from its settings and kept a short while: a change on this
 * server is seen at once (forgetRailGateways), on the others within this long.
 */
const KEEP_MS = 30_000;
interface Kept {
	gateway: PaymentGateway | null;
	until: number;
}
const kept = new WeakMap<AppDeps, Map<string, Kept | Promise<Kept>>>();

async function loadRail(deps: AppDeps, tenantId: number, rail: RailName): Promise<Kept> {
	let gateway: PaymentGateway | null = null;
	// A database that cannot be read throws (nothing is kept, the next call reads again).
	const stored = await readRailSettings(deps, tenantId, rail);
	try {
		if (stored)
			gateway = RAILS[rail].gateway(
				deps,
				tenantId,
				openRailSettings(deps.config, tenantId, rail, stored.sealed) as never,
			);
	} catch (error) {
		// Settings that no longer open (the key changed) or no longer fit: the rail is off until fixed.
		deps.log.error({ err: error, tenantId, rail }, "payment rail settings cannot be used; the rail is off");
	}
	return { gateway, until: Date.now() + KEEP_MS };
}

/** One gateway by name for a tenant; undefined for a name that is not one, or a rail not set up. */
export async function gatewayFor(deps: AppDeps, tenantId: number, name: string): Promise<PaymentGateway | undefined> {
	if (name === "sandbox") return gateways(deps).sandbox;
	if (!(RAIL_NAMES as string[]).includes(name)) return undefined;
	const rail = name as RailName;
	let cache = kept.get(deps);
	if (!cache) {
		cache = new Map();
		kept.set(deps, cache);
	}
	const key = `${tenantId}:${rail}`;
	const found = cache.get(key);
	if (found && !(found instanceof Promise) && found.until > Date.now()) return found.gateway ?? undefined;
	if (found instanceof Promise) return (await found).gateway ?? undefined;
	const loading = loadRail(deps, tenantId, rail);
	cache.set(key, loading);
	let loaded: Kept;
	try {
		loaded = await loading;
	} catch (error) {
		cache.delete(key);
		throw error;
	}
	cache.set(key, loaded);
	return loaded.gateway ?? undefined;
}

/** After a tenant's rail settings changed on this server: the next payment uses the new ones. */
export function forgetRailGateways(deps: AppDeps, tenantId: number): void {
	const cache = kept.get(deps);
	if (!cache) return;
	for (const rail of RAIL_NAMES) cache.delete(`${tenantId}:${rail}`);
}

/** The gateways a tenant can take money through now (sandbox outside production, rails set up). */
export async function availableGateways(deps: AppDeps, tenantId: number): Promise<PaymentGateway[]> {
	const all = await Promise.all(
		(["sandbox", ...RAIL_NAMES] as GatewayName[]).map((name) => gatewayFor(deps, tenantId, name)),
	);
	return all.filter((gateway): gateway is PaymentGateway => gateway?.isAvailable() === true);
}
