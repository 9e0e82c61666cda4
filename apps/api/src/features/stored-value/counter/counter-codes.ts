import { randomInt } from "node:crypto";
import { ErrorCode, PAY_CODE_LENGTH, PAY_CODE_TTL_SECONDS, type PayCodeView } from "@bayon/contract";
import { sql } from "kysely";
import { BusinessError } from "../../../http/business-error.js";
import type { AppDeps } from "../../../http/deps.js";
import type { SignedInContext } from "../../../http/request-context.js";
import { findWallet } from "../../wallet/queries.js";

/**
 * The balance page asks for a code once a minute and after each use; more than this many a
 * minute is a script, not a person (and each code is a row), so it is refused for a while.
 */
export const PAY_CODES_PER_MINUTE = 20;
const CODE_ATTEMPTS = 5;

/** PAY_CODE_LENGTH random decimal digits (randomInt draws at most 2^48, so six digits at a time). */
export function randomPayCode(): string {
	let code = "";
	while (code.length < PAY_CODE_LENGTH) code += String(randomInt(1_000_000)).padStart(6, "0");
	return code.slice(0, PAY_CODE_LENGTH);
}

/**
 * `GET /member/user/pay-code`: a new one-use code, good for PAY_CODE_TTL_SECONDS. The member's
 * older unused codes are retired in the same transaction, so only the code on screen works
 * (a screenshot of an earlier one is useless).
 */
export async function issuePayCode(deps: AppDeps, ctx: SignedInContext): Promise<PayCodeView> {
	const now = deps.clock.now();
	const expiresAt = new Date(now.getTime() + PAY_CODE_TTL_SECONDS * 1000);
	const code = await deps.db.transaction().execute(async (trx) => {
		// Counted like the SMS limits are (identity/rules.ts): from the rows themselves. The
		// retiring UPDATE below runs first, so two requests of one member meet on its row locks.
		await trx
			.updateTable("pay_code")
			.set({ retired_at: now })
			.where("member_id", "=", ctx.member.id)
			.where("tenant_id", "=", ctx.tenant.id)
			.where("used_at", "is", null)
			.where("retired_at", "is", null)
			.execute();
		const recent = await trx
			.selectFrom("pay_code")
			.select(sql<string>`count(*)`.as("n"))
			.where("member_id", "=", ctx.member.id)
			.where("created_at", ">", new Date(now.getTime() - 60_000))
			.executeTakeFirstOrThrow();
		if (Number(recent.n) >= PAY_CODES_PER_MINUTE) throw new BusinessError(ErrorCode.TooManyRequests);
		for (let attempt = 0; attempt < CODE_ATTEMPTS; attempt++) {
			const candidate = randomPayCode();
			// The code column is unique: a collision (one in 10^18 per pair) simply draws again.
			const inserted = await trx
				.insertInto("pay_code")
				.values({
					tenant_id: ctx.tenant.id,
					member_id: ctx.member.id,
					code: candidate,
					expires_at: expiresAt,
					created_at: now,
				})
				.onConflict((oc) => oc.column("code").doNothing())
				.returning("id")
				.executeTakeFirst();
			if (inserted) return candidate;
		}
		throw new Error(`no free payment code after ${CODE_ATTEMPTS} draws`);
	});
	const wallet = await findWallet(deps.db, { tenantId: ctx.tenant.id, memberId: ctx.member.id });
	return { code, expiresAt: expiresAt.toISOString(), balance: wallet?.balance ?? 0 };
}

/** Unused codes are kept this long after they expire (for support questions), then deleted. */
export const UNUSED_CODE_KEEP_HOURS = 24;

/**
 * Deletes payment codes that expired unused more than a day ago, a batch at a time: an open
 * balance page asks for one a minute, so they would otherwise pile up (and slow the members
 * list's "last counter visit", which walks a member's codes). Used codes stay: their counter
 * payment names them.
 */
export async function deleteStalePayCodes(deps: AppDeps, limit = 5000): Promise<number> {
	const before = new Date(deps.clock.now().getTime() - UNUSED_CODE_KEEP_HOURS * 3600_000);
	const deleted = await deps.db
		.deleteFrom("pay_code")
		.where("id", "in", (eb) =>
			eb.selectFrom("pay_code").select("id").where("used_at", "is", null).where("expires_at", "<", before).limit(limit),
		)
		.executeTakeFirst();
	return Number(deleted.numDeletedRows);
}
