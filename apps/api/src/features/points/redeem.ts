import { randomInt } from "node:crypto";
import {
	ErrorCode,
	PICKUP_CODE_ALPHABET,
	PICKUP_CODE_LENGTH,
	type RedeemPointsItemInput,
	type RedemptionView,
} from "@bayon/contract";
import type { Transaction } from "kysely";
import type { z } from "zod";
import type { DB } from "../../db/schema.js";
import { BusinessError } from "../../http/business-error.js";
import type { AppDeps } from "../../http/deps.js";
import { requiredIdempotencyKey } from "../../http/idempotency-key.js";
import type { SignedInContext } from "../../http/request-context.js";
import { announceRedemptionChange } from "./events.js";
import { postPoints } from "./ledger.js";
import { presentMemberRedemption } from "./mall.js";
import * as queries from "./queries.js";

/**
 * Redeeming a mall item and what follows (decision 022). Locks are always taken in the same
 * order — the redemption, then the member, then the item — so two changes never wait on each
 * other in a circle:
 * - redeeming: the member (one member's taps take turns), then the item (everyone's
 *   redemptions of it take turns); the stock, the redemption, the points and its ledger row
 *   commit together or not at all;
 * - cancelling: the redemption, then the member and the item; points and stock go back once.
 */

type Redeem = z.output<typeof RedeemPointsItemInput>;

const isUniqueViolation = (error: unknown) => (error as { code?: unknown } | null)?.code === "23505";

/** `POST /score-order/submit`: the Idempotency-Key header is required (a double tap redeems once). */
export async function redeemItem(
	deps: AppDeps,
	ctx: SignedInContext,
	input: Redeem,
	idempotencyKey: string | undefined,
): Promise<RedemptionView> {
	const key = requiredIdempotencyKey(idempotencyKey);
	let row: queries.RedemptionRow;
	try {
		const made = await deps.db.transaction().execute((trx) => redeemLocked(trx, ctx, input, key, deps.clock.now()));
		row = made.row;
		if (!made.replayed) await announceRedemptionChange(deps, row, "redeemed");
	} catch (error) {
		if (!isUniqueViolation(error)) throw error;
		// The unique indexes decided a race the locks should already have settled: the same key
		// answers what it made, anything else is the member's redemption of this item already.
		const earlier = await queries.findRedemptionByKey(deps.db, { memberId: ctx.member.id, key });
		if (!earlier) throw new BusinessError(ErrorCode.PointsItemAlreadyRedeemed);
		row = sameRequest(earlier, input);
	}
	return presentMemberRedemption(deps, ctx, row);
}

/** The redemption this key already made, when it was made for the same item and the same way. */
function sameRequest(earlier: queries.RedemptionRow, input: Redeem): queries.RedemptionRow {
	if (earlier.item_id !== input.itemId || earlier.fulfilment !== input.fulfilment)
		throw new BusinessError(ErrorCode.IdempotencyKeyReused);
	return earlier;
}

async function redeemLocked(
	trx: Transaction<DB>,
	ctx: SignedInContext,
	input: Redeem,
	key: string,
	now: Date,
): Promise<{ row: queries.RedemptionRow; replayed: boolean }> {
	const tenantId = ctx.tenant.id;
	const memberId = ctx.member.id;
	if (!(await queries.lockMember(trx, { tenantId, memberId }))) throw new BusinessError(ErrorCode.Unauthorized);
	const earlier = await queries.findRedemptionByKey(trx, { memberId, key });
	if (earlier) return { row: sameRequest(earlier, input), replayed: true };

	const item = await queries.lockItem(trx, { tenantId, id: input.itemId });
	if (!item) throw new BusinessError(ErrorCode.NotFound);
	if (!item.on_shelf) throw new BusinessError(ErrorCode.PointsItemUnavailable);
	const offered = input.fulfilment === "pickup" ? item.allow_pickup : item.allow_delivery;
	if (!offered) throw new BusinessError(ErrorCode.PointsFulfilmentUnavailable);

	let shopId: number | null = null;
	let deliveryAddress: string | null = null;
	if (input.fulfilment === "pickup") {
		const shop = await queries.findShopOfTenant(trx, { tenantId, shopId: input.shopId ?? 0 });
		if (!shop) throw BusinessError.invalidField("shopId", "choosePickupShop");
		shopId = shop.id;
	} else {
		// Only the member's own addresses: anyone else's id answers like a missing one.
		const address = await queries.findOwnAddress(trx, { tenantId, memberId, id: input.addressId ?? 0 });
		if (!address) throw new BusinessError(ErrorCode.NotFound);
		deliveryAddress = JSON.stringify({
			recipient: address.recipient,
			phone: address.phone,
			address: address.address,
			houseNumber: address.house_number,
		});
	}

	const mine = await queries.openRedemptionsByItem(trx, { memberId, itemIds: [item.id] });
	if (mine.has(item.id)) throw new BusinessError(ErrorCode.PointsItemAlreadyRedeemed);
	if (!(await queries.takeOneFromStock(trx, item.id, now))) throw new BusinessError(ErrorCode.PointsItemSoldOut);

	// A drawn code already in the tenant (about one in 10^14 per open code) is drawn again; any
	// other unique index (the key, one open redemption per item) still refuses as before.
	let redemption: queries.RedemptionRow | undefined;
	for (let attempt = 0; !redemption; attempt++) {
		if (attempt >= 5) throw new Error("no free pickup code after 5 attempts");
		redemption = await trx
			.insertInto("points_redemption")
			.values({
				tenant_id: tenantId,
				member_id: memberId,
				item_id: item.id,
				item_name: JSON.stringify(item.name),
				item_image: item.image,
				points_price: item.points_price,
				fulfilment: input.fulfilment,
				shop_id: shopId,
				delivery_address: deliveryAddress,
				idempotency_key: key,
				pickup_code: drawPickupCode(),
				created_at: now,
			})
			.onConflict((oc) => oc.columns(["tenant_id", "pickup_code"]).doNothing())
			.returningAll()
			.executeTakeFirst();
	}
	// Refuses (PointsInsufficient, with what is needed and what the member has) rather than go
	// below zero; the stock and the redemption above roll back with it.
	await postPoints(trx, {
		tenantId,
		memberId,
		kind: "redeemed",
		amount: -item.points_price,
		redemptionId: redemption.id,
		now,
		mustCover: true,
	});
	return { row: redemption, replayed: false };
}

/** A fresh pickup code from a cryptographic source: ten characters without look-alikes. */
export function drawPickupCode(): string {
	let code = "";
	for (let i = 0; i < PICKUP_CODE_LENGTH; i++) code += PICKUP_CODE_ALPHABET[randomInt(PICKUP_CODE_ALPHABET.length)];
	return code;
}

/** `POST /score-order/take`: the member confirms receipt of a shipped delivery. A repeat answers it as it is. */
export async function confirmReceipt(deps: AppDeps, ctx: SignedInContext, id: number): Promise<RedemptionView> {
	const now = deps.clock.now();
	const { row, changed } = await deps.db.transaction().execute(async (trx) => {
		const current = await queries.lockRedemption(trx, { tenantId: ctx.tenant.id, id });
		if (!current || current.member_id !== ctx.member.id) throw new BusinessError(ErrorCode.NotFound);
		if (current.status === "received") return { row: current, changed: false };
		if (current.status !== "shipped") throw new BusinessError(ErrorCode.RedemptionStateChanged);
		const received = await trx
			.updateTable("points_redemption")
			.set({ status: "received", received_at: now })
			.where("id", "=", current.id)
			.returningAll()
			.executeTakeFirstOrThrow();
		return { row: received, changed: true };
	});
	if (changed) await announceRedemptionChange(deps, row, "received");
	return presentMemberRedemption(deps, ctx, row);
}

/** `POST /score-order/cancel`: the member cancels a pending redemption; points and stock go back. */
export async function cancelOwnRedemption(deps: AppDeps, ctx: SignedInContext, id: number): Promise<RedemptionView> {
	const now = deps.clock.now();
	const { row, changed } = await deps.db.transaction().execute(async (trx) => {
		const current = await queries.lockRedemption(trx, { tenantId: ctx.tenant.id, id });
		if (!current || current.member_id !== ctx.member.id) throw new BusinessError(ErrorCode.NotFound);
		const cancelled = await cancelLocked(trx, current, { now, reason: null, handledBy: null });
		return { row: cancelled, changed: cancelled.status !== current.status };
	});
	if (changed) await announceRedemptionChange(deps, row, "cancelled");
	return presentMemberRedemption(deps, ctx, row);
}

/**
 * Cancels a pending redemption whose row the caller has locked: it becomes cancelled, its
 * points go back (the ledger's unique key makes that happen once), and its unit goes back to
 * the item's stock. A redemption already cancelled answers as it is; one handed over or
 * shipped can no longer be cancelled (RedemptionStateChanged).
 */
export async function cancelLocked(
	trx: Transaction<DB>,
	current: queries.RedemptionRow,
	how: { now: Date; reason: string | null; handledBy: number | null },
): Promise<queries.RedemptionRow> {
	if (current.status === "cancelled") return current;
	if (current.status !== "pending") throw new BusinessError(ErrorCode.RedemptionStateChanged);
	await queries.lockMember(trx, { tenantId: current.tenant_id, memberId: current.member_id });
	await queries.lockItem(trx, { tenantId: current.tenant_id, id: current.item_id });
	const cancelled = await trx
		.updateTable("points_redemption")
		.set({
			status: "cancelled",
			cancelled_at: how.now,
			cancel_reason: how.reason,
			...(how.handledBy === null ? {} : { handled_by_member_id: how.handledBy }),
		})
		.where("id", "=", current.id)
		.returningAll()
		.executeTakeFirstOrThrow();
	await postPoints(trx, {
		tenantId: current.tenant_id,
		memberId: current.member_id,
		kind: "redemption_returned",
		amount: current.points_price,
		redemptionId: current.id,
		now: how.now,
	});
	await queries.returnOneToStock(trx, current.item_id, how.now);
	return cancelled;
}
