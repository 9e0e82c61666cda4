import { sql } from "kysely";
import type { AppDeps } from "../../../http/deps.js";

/**
 * What payments has waiting, for /metrics (decision 035). Both read only pending rows through the
 * partial indexes on `status = 'pending'` (payment's next_check_at, gateway_refund's
 * next_attempt_at), so they stay cheap however many settled rows the tables hold.
 */

/** Gateway payments sent to the payer and not yet decided: reconciliation keeps asking about them. */
export async function countPaymentsInDoubt(deps: Pick<AppDeps, "db">): Promise<number> {
	const row = await deps.db
		.selectFrom("payment")
		.select((eb) => eb.fn.countAll<number>().as("count"))
		.where("status", "=", "pending")
		.executeTakeFirstOrThrow();
	return Number(row.count);
}

/** Seconds since the oldest refund still owed to its gateway was created; 0 when none waits. */
export async function oldestUndeliveredRefundSeconds(deps: Pick<AppDeps, "db" | "clock">): Promise<number> {
	const row = await deps.db
		.selectFrom("gateway_refund")
		.select(sql<Date | null>`min(created_at)`.as("oldest"))
		.where("status", "=", "pending")
		.executeTakeFirstOrThrow();
	return row.oldest ? Math.max(0, (deps.clock.now().getTime() - new Date(row.oldest).getTime()) / 1000) : 0;
}
