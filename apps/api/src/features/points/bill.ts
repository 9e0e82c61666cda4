import {
	localize,
	type PointsBillPage,
	type PointsBillQuery,
	type PointsEntryKind,
	type PointsSummary,
} from "@bayon/contract";
import type { z } from "zod";
import type { DB } from "../../db/schema.js";
import { BusinessError } from "../../http/business-error.js";
import type { AppDeps } from "../../http/deps.js";
import type { SignedInContext } from "../../http/request-context.js";
import * as queries from "./queries.js";

/** What the bill calls each ledger row. Every kind is listed, so a new kind fails to compile here. */
const KIND_OF_ENTRY: Record<DB["points_entry"]["kind"], PointsEntryKind> = {
	order_earned: "orderEarned",
	order_reversed: "orderReversed",
	redeemed: "redeemed",
	redemption_returned: "redemptionReturned",
};

/** `GET /points/summary`: the balance, the owner's rate and the multiplier of the member's card now. */
export async function getSummary(deps: AppDeps, ctx: SignedInContext): Promise<PointsSummary> {
	const member = { tenantId: ctx.tenant.id, memberId: ctx.member.id };
	const [balance, pointsPerUnit, multiplierPercent] = await Promise.all([
		queries.memberPoints(deps.db, member),
		queries.pointsPerUnit(deps.db, ctx.tenant.id),
		queries.activeMultiplierPercent(deps.db, { ...member, now: deps.clock.now() }),
	]);
	return { balance, pointsPerUnit, multiplierPercent };
}

/**
 * `GET /points/bill`: the member's points ledger, newest first. Keyset-paged by entry id like
 * the balance bill (decision 021), so a deep page costs what the first does; each row carries
 * the balance after it, as written by the UPDATE that moved it.
 */
export async function getPointsBill(
	deps: AppDeps,
	ctx: SignedInContext,
	query: z.output<typeof PointsBillQuery>,
): Promise<PointsBillPage> {
	const before = query.cursor === undefined ? null : Number(query.cursor);
	if (before !== null && !Number.isSafeInteger(before)) throw BusinessError.invalidField("cursor", "fieldInvalid");
	const rows = await queries.listEntries(deps.db, {
		tenantId: ctx.tenant.id,
		memberId: ctx.member.id,
		before,
		limit: query.pageSize + 1,
	});
	const page = rows.slice(0, query.pageSize);
	return {
		entries: page.map((row) => ({
			id: row.id,
			kind: KIND_OF_ENTRY[row.kind],
			amount: row.amount,
			balanceAfter: row.balance_after,
			orderId: row.order_id,
			orderNo: row.order_no ?? null,
			redemptionId: row.redemption_id,
			itemName: row.item_name ? localize(row.item_name, ctx.lang) : null,
			createdAt: new Date(row.created_at).toISOString(),
		})),
		nextCursor: rows.length > query.pageSize ? String(page.at(-1)?.id) : null,
	};
}
