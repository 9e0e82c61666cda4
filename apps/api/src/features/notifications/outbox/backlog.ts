import { sql } from "kysely";
import type { AppDeps } from "../../../http/deps.js";

/**
 * Seconds since the oldest bot message not yet delivered to Telegram was queued; 0 when none waits.
 * For /metrics (decision 035): read through the partial index on open messages.
 */
export async function oldestUndeliveredBotMessageSeconds(deps: Pick<AppDeps, "db" | "clock">): Promise<number> {
	const row = await deps.db
		.selectFrom("bot_message")
		.select(sql<Date | null>`min(created_at)`.as("oldest"))
		.where("status", "in", ["pending", "sending"])
		.executeTakeFirstOrThrow();
	return row.oldest ? Math.max(0, (deps.clock.now().getTime() - new Date(row.oldest).getTime()) / 1000) : 0;
}
