import type { Kysely, QueryCreator, RawBuilder, Transaction } from "kysely";
import type { DB } from "./schema.js";

/**
 * Idempotency keys (header contract: `Idempotency-Key`): a write sent twice, or by two taps at
 * once, is done once and the second answer repeats the first. Every feature that takes money
 * or stock claims its key with these, inside its own transaction.
 */

type Db = Kysely<DB> | Transaction<DB>;

export function findIdempotencyRecord(db: Db, args: { memberId: number; scope: string; key: string }) {
	return db
		.selectFrom("idempotency_record")
		.select(["request_hash", "response"])
		.where("member_id", "=", args.memberId)
		.where("scope", "=", args.scope)
		.where("key", "=", args.key)
		.executeTakeFirst();
}

/**
 * Claims a key for this request inside its transaction. A concurrent request with the same
 * key blocks on the primary key until this one commits (then finds the record) or rolls
 * back (then claims it itself): exactly one of them does the work.
 */
export async function claimIdempotencyKey(trx: Transaction<DB>, args: KeyClaim): Promise<boolean> {
	const row = await claimInsert(trx, args).executeTakeFirst();
	return row !== undefined;
}

export interface KeyClaim {
	memberId: number;
	scope: string;
	key: string;
	requestHash: string;
	now: Date;
}

/**
 * The claim's insert: a row answered when this request claimed the key, none when another had.
 * The answer is written later, unless `response` gives it now (an order written in the same
 * statement: its id).
 */
export function claimInsert(db: QueryCreator<DB>, args: KeyClaim & { response?: RawBuilder<string> }) {
	return db
		.insertInto("idempotency_record")
		.values({
			member_id: args.memberId,
			scope: args.scope,
			key: args.key,
			request_hash: args.requestHash,
			response: args.response ?? "{}",
			created_at: args.now,
		})
		.onConflict((oc) => oc.columns(["member_id", "scope", "key"]).doNothing())
		.returning("key");
}

export async function storeIdempotentResponse(
	trx: Transaction<DB>,
	args: { memberId: number; scope: string; key: string; response: object },
) {
	await trx
		.updateTable("idempotency_record")
		.set({ response: JSON.stringify(args.response) })
		.where("member_id", "=", args.memberId)
		.where("scope", "=", args.scope)
		.where("key", "=", args.key)
		.execute();
}
