import { ErrorCode } from "@bayon/contract";
import { sql, type Transaction } from "kysely";
import type { DB } from "../../db/schema.js";
import { BusinessError } from "../../http/business-error.js";

type PointsKind = DB["points_entry"]["kind"];

/**
 * Moves a member's points and writes the ledger row, in the caller's transaction (decision
 * 022). The balance is `member.points`, changed by one UPDATE whose RETURNING value is the
 * row's `balance_after`, so the two cannot disagree. Spending (`mustCover`) refuses when the
 * balance would fall below zero; only a refund taking back points may leave it negative.
 *
 * The ledger's unique keys make each fact happen once: an order earns once and is taken back
 * once, a redemption spends once and is given back once. A repeat answers null and changes
 * nothing. Callers hold the order's or the redemption's row lock, so repeats are serialised.
 */
export async function postPoints(
	trx: Transaction<DB>,
	entry: {
		tenantId: number;
		memberId: number;
		kind: PointsKind;
		amount: number;
		orderId?: number;
		redemptionId?: number;
		now: Date;
		/** Spending: refuse (PointsInsufficient) rather than go below zero. */
		mustCover?: boolean;
	},
): Promise<{ balanceAfter: number } | null> {
	if (!Number.isSafeInteger(entry.amount) || entry.amount === 0) throw new Error(`bad points amount ${entry.amount}`);
	const already = await trx
		.selectFrom("points_entry")
		.select("id")
		.where("kind", "=", entry.kind)
		.where((eb) =>
			entry.orderId !== undefined
				? eb("order_id", "=", entry.orderId)
				: eb("redemption_id", "=", entry.redemptionId ?? -1),
		)
		.executeTakeFirst();
	if (already) return null;
	let update = trx
		.updateTable("member")
		.set({ points: sql`points + ${entry.amount}` })
		.where("id", "=", entry.memberId)
		.where("tenant_id", "=", entry.tenantId);
	if (entry.mustCover) update = update.where("points", ">=", -entry.amount);
	const moved = await update.returning("points").executeTakeFirst();
	if (!moved) {
		if (!entry.mustCover) throw new Error(`member ${entry.memberId} not found for points`);
		const member = await trx.selectFrom("member").select("points").where("id", "=", entry.memberId).executeTakeFirst();
		throw new BusinessError(ErrorCode.PointsInsufficient, { need: -entry.amount, have: member?.points ?? 0 });
	}
	await trx
		.insertInto("points_entry")
		.values({
			tenant_id: entry.tenantId,
			member_id: entry.memberId,
			kind: entry.kind,
			amount: entry.amount,
			balance_after: moved.points,
			order_id: entry.orderId ?? null,
			redemption_id: entry.redemptionId ?? null,
			created_at: entry.now,
		})
		.execute();
	return { balanceAfter: moved.points };
}
