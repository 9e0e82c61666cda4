import type { AppConfig, CurrencyConfig } from "@bayon/contract";
import type { AppDeps } from "../../http/deps.js";

export interface Tenant {
	id: number;
	name: string;
	shopKey: string;
	currency: CurrencyConfig;
}

const CACHE_MS = 30_000;
// Tenants change rarely and are read on every request: keep them briefly per database.
const cache = new WeakMap<object, Map<number, { tenant: Tenant | null; loadedAt: number }>>();

/** The tenant with this id, or null when there is none. */
export async function findTenant(deps: AppDeps, tenantId: number): Promise<Tenant | null> {
	let byId = cache.get(deps.database);
	if (!byId) {
		byId = new Map();
		cache.set(deps.database, byId);
	}
	const hit = byId.get(tenantId);
	if (hit && Date.now() - hit.loadedAt < CACHE_MS) return hit.tenant;
	const row = await deps.db.selectFrom("tenant").selectAll().where("id", "=", tenantId).executeTakeFirst();
	const tenant: Tenant | null = row
		? {
				id: row.id,
				name: row.name,
				shopKey: row.shop_key,
				currency: {
					code: row.currency_code,
					symbol: row.currency_symbol,
					decimals: row.currency_decimals,
					rate: Number(row.currency_rate),
					symbolPosition: row.currency_symbol_position,
				},
			}
		: null;
	byId.set(tenantId, { tenant, loadedAt: Date.now() });
	return tenant;
}

/** What the app needs at start: tenant name, how to show money, which sign-ins exist. */
export function presentAppConfig(deps: AppDeps, tenant: Tenant): AppConfig {
	return {
		tenantId: tenant.id,
		tenantName: tenant.name,
		currency: tenant.currency,
		telegramLoginEnabled: Boolean(deps.config.telegramBotToken),
	};
}
