import { setTimeout as sleep } from "node:timers/promises";
import { Kysely, type Transaction, type TransactionBuilder } from "kysely";

/**
 * Failures PostgreSQL answers a statement or transaction with when it collided with another
 * one, not because anything about it is wrong: run again a moment later, it succeeds. The
 * server has already rolled back what they touched, so running the same work again cannot do
 * it twice (decision 036).
 *
 * - 40P01 deadlock detected: two transactions waited on each other's row locks; PostgreSQL
 *   ended one of them after deadlock_timeout (1 s by default).
 * - 40001 serialization failure: a REPEATABLE READ or SERIALIZABLE transaction read what
 *   another changed since its snapshot (and hot standbys cancel queries with it too).
 * - 0A000 "cached plan must not change result type": a named prepared statement whose table
 *   a migration changed meanwhile (db/prepared.ts prepares it again under a new name).
 */
export function isConflict(error: unknown): boolean {
	for (let cause = error, depth = 0; cause && typeof cause === "object" && depth < 5; depth++) {
		if (isLockConflict(cause) || isPlanChanged(cause)) return true;
		cause = (cause as { cause?: unknown }).cause;
	}
	return false;
}

/** A deadlock or a serialization failure (not a changed plan, which a rerun alone does not cure). */
export function isLockConflict(error: unknown): boolean {
	const { code } = (error ?? {}) as { code?: unknown };
	return code === "40P01" || code === "40001";
}

/** A named prepared statement PostgreSQL refuses because its tables changed since it was prepared. */
export function isPlanChanged(error: unknown): boolean {
	const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
	return code === "0A000" && typeof message === "string" && message.includes("cached plan must not change result type");
}

/**
 * Attempts in all (the first and three more). A deadlock is usually between two requests: the
 * one PostgreSQL ended runs again while the other finishes. More than a few in a row means the
 * work itself keeps colliding, and the caller should hear of it.
 */
export const CONFLICT_ATTEMPTS = 4;

/**
 * Wait before attempt n (1-based after the first): "full jitter" over 5, 10, 20 ms, so two
 * requests that collided do not collide again by starting over at the same instant.
 */
function backoffMs(retry: number): number {
	return Math.random() * 5 * 2 ** (retry - 1);
}

let retried = 0;

/** Statements and transactions run again after a conflict in this process (tests and metrics). */
export function conflictsRetried(): number {
	return retried;
}

/**
 * Runs work, and again (at most CONFLICT_ATTEMPTS times in all, after a short random wait) while
 * it fails with a conflict. Only for work PostgreSQL rolled back in full when it failed: a
 * statement outside a transaction, or a whole transaction. `when` picks the failures to rerun
 * (isConflict by default); `again` is told before each rerun (prepared.ts picks a fresh
 * statement name there).
 */
export async function repeatOnConflict<T>(
	work: () => Promise<T>,
	options: { when?: (error: unknown) => boolean; again?: (error: unknown) => void } = {},
): Promise<T> {
	const when = options.when ?? isConflict;
	for (let attempt = 1; ; attempt++) {
		try {
			return await work();
		} catch (error) {
			if (attempt >= CONFLICT_ATTEMPTS || !when(error)) throw error;
			options.again?.(error);
			retried++;
			// A changed plan needs no wait: the fresh statement name does not collide with anyone.
			if (!isPlanChanged(error)) await sleep(backoffMs(attempt));
		}
	}
}

/**
 * A Kysely whose transaction().execute(work) runs work again, in a new transaction, when the
 * one it ran in failed with a conflict (a deadlock, a serialization failure, a plan changed by a
 * migration): PostgreSQL rolled all of it back, so running it again cannot do anything twice.
 *
 * The contract this puts on every unit of work passed to transaction().execute: it may run more
 * than once, so it does database work only (through trx). What reaches outside (a payment
 * rail's API, an SMS, a Telegram message, an event on the bus) happens after it returns, from
 * what it returned or from an outbox row it wrote: as it does today, for a transaction that
 * commits and whose request then fails would otherwise have told the outside world of a change
 * that did not happen.
 */
export class RepeatingKysely<DB> extends Kysely<DB> {
	override transaction(): TransactionBuilder<DB> {
		return repeating(super.transaction());
	}
}

function repeating<DB>(builder: TransactionBuilder<DB>): TransactionBuilder<DB> {
	return new Proxy(builder, {
		get(target, property) {
			if (property === "execute")
				return <T>(work: (trx: Transaction<DB>) => Promise<T>) => repeatOnConflict(() => target.execute(work));
			if (property === "setIsolationLevel" || property === "setAccessMode")
				return (value: never) => repeating(target[property](value));
			return Reflect.get(target, property, target);
		},
	});
}
