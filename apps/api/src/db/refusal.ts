import { type RawBuilder, sql } from "kysely";

/**
 * A statement that must write all or nothing without a transaction around it (decision 025:
 * the order path's hot rows are then locked for the statement alone, not until a COMMIT that
 * waits for the server's next turn) aborts itself with `refuse_unless` (migration 0023) when
 * something it found on the way does not hold. Every write of the statement is undone.
 *
 * `refusedUnless(ok, reason)` is the call, for the statement's last SELECT; `refusalOf(error)`
 * finds the reason again in the error the statement failed with (null for any other error).
 */
export function refusedUnless(ok: RawBuilder<boolean>, reason: RawBuilder<string> | string): RawBuilder<boolean> {
	return sql<boolean>`refuse_unless(${ok}, ${typeof reason === "string" ? sql`${reason}::text` : reason})`;
}

const REFUSED_SQLSTATE = "BY001";
const PREFIX = "refused: ";

export function refusalOf(error: unknown): string | null {
	const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
	if (code !== REFUSED_SQLSTATE || typeof message !== "string" || !message.startsWith(PREFIX)) return null;
	return message.slice(PREFIX.length);
}
