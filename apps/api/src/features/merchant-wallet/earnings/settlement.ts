import type { Selectable, Transaction } from "kysely";
import type { DB } from "../../../db/schema.js";
import type { AppDeps } from "../../../http/deps.js";
import { postLedgerTxn } from "../../wallet/ledger.js";
import { publishWalletChanged } from "../events.js";

type EarningRow = Selectable<DB["shop_earning"]>;

/**
 * The background job of decision 023: settles every pending earning whose release has passed,
 * each in its own database transaction under its row lock: `shop_settlement` moves the gross
 * from pending to available, then `shop_commission` moves the commission from available to the
 * platform (its own statement line; available may go below zero by it only as a debt, never by
 * accident). A refund holding the earning's lock is skipped (SKIP LOCKED) and decides the
 * earning's fate; several servers run this at once without meeting on the same row. After each
 * run each shop's open wallet pages are told, once. Answers how many earnings settled.
 */
export async function settleDueEarnings(deps: AppDeps, limit = 500): Promise<number> {
	const now = deps.clock.now();
	// An earning that fails to settle is logged and left for the next run, not retried in a loop.
	const failed: number[] = [];
	let settled = 0;
	/** Shops whose money settled (shop id → tenant id): told once each, after their commits. */
	const shops = new Map<number, number>();
	while (settled + failed.length < limit) {
		let claimed: EarningRow | undefined;
		try {
			claimed = await deps.db.transaction().execute(async (trx) => {
				let query = trx
					.selectFrom("shop_earning")
					.selectAll()
					.where("status", "=", "pending")
					.where("releases_at", "<=", now);
				if (failed.length > 0) query = query.where("id", "not in", failed);
				const earning = await query
					.orderBy("releases_at")
					.orderBy("id")
					.limit(1)
					.forUpdate()
					.skipLocked()
					.executeTakeFirst();
				claimed = earning;
				if (earning) await settleEarning(trx, earning, now);
				return earning;
			});
		} catch (error) {
			if (!claimed) throw error;
			failed.push(claimed.id);
			deps.log.error({ err: error, shopEarningId: claimed.id }, "shop earning not settled");
			continue;
		}
		if (!claimed) break;
		settled += 1;
		shops.set(claimed.shop_id, claimed.tenant_id);
	}
	for (const [shopId, tenantId] of shops)
		await publishWalletChanged(deps, {
			tenantId,
			shopId,
			reason: "settled",
			withdrawalId: null,
			withdrawalStatus: null,
		});
	return settled;
}

async function settleEarning(trx: Transaction<DB>, earning: EarningRow, now: Date): Promise<void> {
	const shop = { tenantId: earning.tenant_id, shopId: earning.shop_id };
	const link = { orderId: earning.order_id ?? null, shopEarningId: earning.id, now };
	await postLedgerTxn(trx, {
		tenantId: earning.tenant_id,
		kind: "shop_settlement",
		idempotencyKey: `earning:${earning.id}:settle`,
		...link,
		moves: [
			{ account: { kind: "shop_revenue", ...shop }, amount: -earning.gross },
			{ account: { kind: "shop_available", ...shop }, amount: earning.gross },
		],
	});
	if (earning.commission > 0)
		await postLedgerTxn(trx, {
			tenantId: earning.tenant_id,
			kind: "shop_commission",
			idempotencyKey: `earning:${earning.id}:commission`,
			...link,
			moves: [
				{ account: { kind: "shop_available", ...shop }, amount: -earning.commission, mayOwe: true },
				{ account: { kind: "platform_commission", tenantId: earning.tenant_id }, amount: earning.commission },
			],
		});
	await trx
		.updateTable("shop_earning")
		.set({ status: "settled", settled_at: now })
		.where("id", "=", earning.id)
		.execute();
}
