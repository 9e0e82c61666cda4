import type { AppConfig, SecondCurrency } from "@bayon/contract";
import type { Selectable } from "kysely";
import type { TenantTable } from "../../db/schema.js";
import type { AppDeps } from "../../http/deps.js";
import type { Tenant } from "../../http/request-context.js";

const CACHE_MS = 30_000;
// Tenants change rarely and are read on every request: keep them briefly per database.
const cache = new WeakMap<object, Map<number, { tenant: Tenant | null; loadedAt: number }>>();

function secondCurrencyOf(row: Selectable<TenantTable>): SecondCurrency | null {
	if (
		row.second_currency_code === null ||
		row.second_currency_symbol === null ||
		row.second_currency_rate === null ||
		row.second_currency_round_to === null ||
		row.second_currency_symbol_position === null
	)
		return null;
	return {
		code: row.second_currency_code,
		symbol: row.second_currency_symbol,
		rate: row.second_currency_rate,
		roundTo: row.second_currency_round_to,
		symbolPosition: row.second_currency_symbol_position,
	};
}

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
					second: secondCurrencyOf(row),
				},
			}
		: null;
	byId.set(tenantId, { tenant, loadedAt: Date.now() });
	return tenant;
}

/**
 * Stores (or, with null, removes) the tenant's second display currency. The caller has
 * checked who may. This server reads it back at once; other servers within CACHE_MS.
 */
export async function setSecondCurrency(
	deps: AppDeps,
	tenantId: number,
	second: SecondCurrency | null,
): Promise<SecondCurrency | null> {
	await deps.db
		.updateTable("tenant")
		.set({
			second_currency_code: second?.code ?? null,
			second_currency_symbol: second?.symbol ?? null,
			second_currency_rate: second?.rate ?? null,
			second_currency_round_to: second?.roundTo ?? null,
			second_currency_symbol_position: second?.symbolPosition ?? null,
		})
		.where("id", "=", tenantId)
		.execute();
	cache.get(deps.database)?.delete(tenantId);
	return second;
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
