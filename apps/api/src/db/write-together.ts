import { type OperationNodeSource, sql, type Transaction } from "kysely";
import type { DB } from "./schema.js";

/**
 * Sends several writes (INSERT, UPDATE or DELETE builders or raw SQL without a WITH of their
 * own) as one statement, one round trip: each becomes a data-modifying WITH query, which
 * PostgreSQL runs to completion whether or not anything reads it. They see the same snapshot,
 * so none of them may read what another writes.
 */
export async function writeTogether(trx: Transaction<DB>, writes: OperationNodeSource[]): Promise<void> {
	if (writes.length === 0) return;
	await sql`WITH ${sql.join(writes.map((write, index) => sql`${sql.raw(`write${index}`)} AS (${write})`))} SELECT 1`.execute(
		trx,
	);
}
