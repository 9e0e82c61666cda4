import { AlipayRailSettings, KhqrRailSettings, type RailSettingsByRail, WechatRailSettings } from "@bayon/contract";
import type { Kysely, Transaction } from "kysely";
import type { DB, RailName } from "../../../db/schema.js";
import type { AppDeps } from "../../../http/deps.js";
import { openRailSecrets, sealRailSecrets } from "./sealing.js";

type Db = Kysely<DB> | Transaction<DB>;

const SCHEMAS = { wechat: WechatRailSettings, alipay: AlipayRailSettings, khqr: KhqrRailSettings } as const;

/** A rail's settings as stored (sealed) for a tenant; null when it is not set up or switched off. */
export async function readRailSettings(
	deps: Pick<AppDeps, "db">,
	tenantId: number,
	rail: RailName,
): Promise<{ sealed: string; updatedAt: Date } | null> {
	const row = await deps.db
		.selectFrom("payment_rail_settings")
		.select(["sealed", "enabled", "updated_at"])
		.where("tenant_id", "=", tenantId)
		.where("rail", "=", rail)
		.executeTakeFirst();
	if (!row?.enabled) return null;
	return { sealed: row.sealed, updatedAt: new Date(row.updated_at) };
}

/** Opens what readRailSettings found; throws when the key changed or the document no longer fits. */
export function openRailSettings<R extends RailName>(
	config: AppDeps["config"],
	tenantId: number,
	rail: R,
	sealed: string,
): RailSettingsByRail[R] {
	return SCHEMAS[rail].parse(openRailSecrets(config, tenantId, rail, sealed)) as RailSettingsByRail[R];
}

/**
 * Stores a rail's settings (whole, already checked), sealed, with what may be shown back. The
 * audit row is the caller's (rail-settings/service.ts), in the same transaction.
 */
export async function writeRailSettings<R extends RailName>(
	db: Db,
	config: AppDeps["config"],
	args: {
		tenantId: number;
		rail: R;
		settings: RailSettingsByRail[R];
		summary: Record<string, string | null>;
		expiresAt: Date | null;
		by: number | null;
		now: Date;
	},
): Promise<void> {
	const values = {
		sealed: sealRailSecrets(config, args.tenantId, args.rail, args.settings),
		summary: JSON.stringify(args.summary),
		expires_at: args.expiresAt,
		enabled: true,
		updated_at: args.now,
		updated_by: args.by,
	};
	await db
		.insertInto("payment_rail_settings")
		.values({ tenant_id: args.tenantId, rail: args.rail, ...values })
		.onConflict((oc) => oc.columns(["tenant_id", "rail"]).doUpdateSet(values))
		.execute();
}
