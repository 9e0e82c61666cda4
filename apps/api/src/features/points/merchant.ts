import {
	type CancelRedemptionInput,
	ErrorCode,
	type HandOverRedemptionInput,
	localizedFromInput,
	type MerchantRedemptionListQuery,
	type PageResult,
	type PointsMallAdmin,
	type PointsRule,
	pickupCodeOf,
	type RedemptionView,
	type SavePointsItemInput,
	type SavePointsRuleInput,
	type ShipRedemptionInput,
} from "@bayon/contract";
import type { Transaction } from "kysely";
import type { z } from "zod";
import type { DB } from "../../db/schema.js";
import { BusinessError } from "../../http/business-error.js";
import type { AppDeps } from "../../http/deps.js";
import type { SignedInContext } from "../../http/request-context.js";
import { stockAfterEdit } from "../../lib/stock-edit.js";
import { recordShopChange } from "../shop-changes/record.js";
import { requireBusinessAdmin, requireShopPermission } from "../venues/staff/staff-access.js";
import { announceRedemptionChange, type RedemptionChangeReason } from "./events.js";
import { presentItemAdmin, presentRedemption } from "./present.js";
import * as queries from "./queries.js";
import { cancelLocked } from "./redeem.js";

/**
 * The merchant side of points (decision 022). Items and the earning rule are tenant-wide: read
 * with `promotions` (owner, manager), changed only by a business administrator (issue 27); the
 * shop named in a call is where the permission is checked and where the change log records it.
 * Redemptions are handled with `redemptions` (every role): pickups at the caller's shop,
 * deliveries of the whole tenant.
 */

/** `GET /merchant/points-mall?shopId=`: every item, on the shelf or not, and the earning rule. */
export async function getMallAdmin(deps: AppDeps, ctx: SignedInContext, shopId: number): Promise<PointsMallAdmin> {
	await requireShopPermission(deps, ctx, shopId, "promotions");
	const [items, pointsPerUnit] = await Promise.all([
		queries.listItems(deps.db, { tenantId: ctx.tenant.id, all: true }),
		queries.pointsPerUnit(deps.db, ctx.tenant.id),
	]);
	return { items: items.map(presentItemAdmin), rule: { pointsPerUnit } };
}

/**
 * `POST /merchant/points-mall/items/save`: a new item (no id), or a change made on its current
 * version; a save on an older version is refused (ChangedBySomeoneElse) and changes nothing.
 * A picture must be one the tenant's people uploaded, or the one the item already shows.
 * Answers the mall as it now is.
 */
export async function saveMallItem(
	deps: AppDeps,
	ctx: SignedInContext,
	input: z.output<typeof SavePointsItemInput>,
): Promise<PointsMallAdmin> {
	await requireBusinessAdmin(deps, ctx, input.shopId, "promotions");
	const tenantId = ctx.tenant.id;
	const now = deps.clock.now();
	// Outside the transaction (one connection on PGlite: only `trx` inside it).
	const uploaded = input.image !== null && (await queries.isTenantUpload(deps.db, { tenantId, url: input.image }));
	const fields = {
		name: JSON.stringify(localizedFromInput(input.name)),
		description: JSON.stringify(localizedFromInput(input.description)),
		image: input.image,
		points_price: input.pointsPrice,
		stock: input.stock,
		allow_pickup: input.fulfilments.includes("pickup"),
		allow_delivery: input.fulfilments.includes("delivery"),
		sort: input.sort,
		on_shelf: input.onShelf,
		updated_at: now,
	};
	await deps.db.transaction().execute(async (trx) => {
		const before = input.id === undefined ? undefined : await queries.lockItem(trx, { tenantId, id: input.id });
		if (input.id !== undefined && !before) throw new BusinessError(ErrorCode.NotFound);
		if (input.image !== null && input.image !== before?.image && !uploaded)
			throw BusinessError.invalidField("image", "menuImageNotUploaded");
		// Redemptions do not move the version: the stock is edited relatively, so what members
		// redeemed since the editor read it stays taken (the row is locked meanwhile).
		const stock =
			before && before.version === input.version
				? stockAfterEdit({ now: before.stock, read: input.stockRead ?? null, typed: input.stock })
				: input.stock;
		const row =
			input.id === undefined
				? await trx
						.insertInto("points_item")
						.values({ tenant_id: tenantId, ...fields, created_at: now })
						.returningAll()
						.executeTakeFirstOrThrow()
				: await trx
						.updateTable("points_item")
						.set((eb) => ({ ...fields, stock: stock ?? input.stock, version: eb("version", "+", 1) }))
						.where("id", "=", input.id)
						.where("tenant_id", "=", tenantId)
						.where("version", "=", input.version ?? 0)
						.returningAll()
						.executeTakeFirst();
		if (!row) throw new BusinessError(ErrorCode.ChangedBySomeoneElse, {}, { version: before?.version });
		await recordShopChange(trx, {
			tenantId,
			shopId: input.shopId,
			memberId: ctx.member.id,
			subject: "points_item",
			subjectId: row.id,
			action: before ? "update" : "create",
			before: before ? itemChangeLogView(before) : undefined,
			after: itemChangeLogView(row),
		});
	});
	return getMallAdmin(deps, ctx, input.shopId);
}

/** What the change log keeps of an item: what an owner would ask about later. */
function itemChangeLogView(row: queries.ItemRow) {
	return {
		name: row.name,
		image: row.image,
		pointsPrice: row.points_price,
		stock: row.stock,
		allowPickup: row.allow_pickup,
		allowDelivery: row.allow_delivery,
		onShelf: row.on_shelf,
	};
}

/** `POST /merchant/points/rule`: points per currency unit of goods paid (0 switches earning off). */
export async function savePointsRule(
	deps: AppDeps,
	ctx: SignedInContext,
	input: z.output<typeof SavePointsRuleInput>,
): Promise<PointsRule> {
	await requireBusinessAdmin(deps, ctx, input.shopId, "promotions");
	const tenantId = ctx.tenant.id;
	const now = deps.clock.now();
	await deps.db.transaction().execute(async (trx) => {
		const before = await queries.findRule(trx, tenantId);
		await trx
			.insertInto("points_rule")
			.values({ tenant_id: tenantId, points_per_unit: input.pointsPerUnit, updated_at: now })
			.onConflict((oc) => oc.column("tenant_id").doUpdateSet({ points_per_unit: input.pointsPerUnit, updated_at: now }))
			.execute();
		await recordShopChange(trx, {
			tenantId,
			shopId: input.shopId,
			memberId: ctx.member.id,
			subject: "points_rule",
			subjectId: tenantId,
			action: before ? "update" : "create",
			before: before ? { pointsPerUnit: before.points_per_unit } : undefined,
			after: { pointsPerUnit: input.pointsPerUnit },
		});
	});
	return { pointsPerUnit: input.pointsPerUnit };
}

/** `GET /merchant/points-mall/redemptions`: pickups at this shop and every delivery of the tenant, newest first. */
export async function listShopRedemptions(
	deps: AppDeps,
	ctx: SignedInContext,
	query: z.output<typeof MerchantRedemptionListQuery>,
): Promise<PageResult<RedemptionView>> {
	await requireShopPermission(deps, ctx, query.shopId, "redemptions");
	const { rows, total } = await queries.listShopRedemptions(deps.db, {
		tenantId: ctx.tenant.id,
		shopId: query.shopId,
		status: query.status,
		offset: (query.page - 1) * query.pageSize,
		limit: query.pageSize,
	});
	return { list: await presentForStaff(deps, ctx, rows), total };
}

async function presentForStaff(
	deps: AppDeps,
	ctx: SignedInContext,
	rows: queries.RedemptionRow[],
): Promise<RedemptionView[]> {
	const tenantId = ctx.tenant.id;
	const [shops, members] = await Promise.all([
		queries.shopsByIds(deps.db, {
			tenantId,
			ids: [...new Set(rows.flatMap((row) => (row.shop_id === null ? [] : [row.shop_id])))],
		}),
		queries.membersByIds(deps.db, { tenantId, ids: [...new Set(rows.map((row) => row.member_id))] }),
	]);
	return rows.map((row) =>
		presentRedemption(row, row.shop_id === null ? undefined : shops.get(row.shop_id), ctx.lang, {
			kind: "staff",
			member: members.get(row.member_id) ?? { nickname: "", mobile: "" },
		}),
	);
}

/**
 * A staff change of one redemption, under its row lock. The redemption must be one this shop
 * handles (a pickup here, or any delivery of the tenant); any other answers not found, like
 * a missing one.
 */
async function changeRedemption(
	deps: AppDeps,
	ctx: SignedInContext,
	input: { shopId: number; id: number },
	reason: RedemptionChangeReason,
	change: (trx: Transaction<DB>, current: queries.RedemptionRow, now: Date) => Promise<queries.RedemptionRow>,
): Promise<RedemptionView> {
	await requireShopPermission(deps, ctx, input.shopId, "redemptions");
	const now = deps.clock.now();
	const { row, changed } = await deps.db.transaction().execute(async (trx) => {
		const current = await queries.lockRedemption(trx, { tenantId: ctx.tenant.id, id: input.id });
		const handledHere = current && (current.fulfilment === "delivery" || current.shop_id === input.shopId);
		if (!current || !handledHere) throw new BusinessError(ErrorCode.NotFound);
		const after = await change(trx, current, now);
		return { row: after, changed: after.status !== current.status };
	});
	// The member's pages hear it at once (a repeated tap changed nothing and says nothing).
	if (changed) await announceRedemptionChange(deps, row, reason);
	const [view] = await presentForStaff(deps, ctx, [row]);
	return view as RedemptionView;
}

/**
 * `POST …/redemptions/hand-over`: the member shows their pickup code, the staff scan or type
 * it, and the pending pickup at this shop is handed over (received). A code that opens nothing
 * here — malformed, unknown, another tenant's or shop's, a delivery's, a cancelled one — gets
 * one answer, so the counter learns nothing about codes it was not shown; a code already used
 * says so, and is never used twice.
 */
export async function handOverRedemption(
	deps: AppDeps,
	ctx: SignedInContext,
	input: z.output<typeof HandOverRedemptionInput>,
): Promise<RedemptionView> {
	await requireShopPermission(deps, ctx, input.shopId, "redemptions");
	const code = pickupCodeOf(input.code);
	const found = code
		? await deps.db
				.selectFrom("points_redemption")
				.select("id")
				.where("tenant_id", "=", ctx.tenant.id)
				.where("pickup_code", "=", code)
				.where("fulfilment", "=", "pickup")
				.where("shop_id", "=", input.shopId)
				.executeTakeFirst()
		: undefined;
	if (!found) throw new BusinessError(ErrorCode.RedemptionCodeUnknown);
	return changeRedemption(
		deps,
		ctx,
		{ shopId: input.shopId, id: found.id },
		"handedOver",
		async (trx, current, now) => {
			if (current.status === "received") throw new BusinessError(ErrorCode.RedemptionAlreadyHandedOver);
			if (current.status !== "pending") throw new BusinessError(ErrorCode.RedemptionCodeUnknown);
			return trx
				.updateTable("points_redemption")
				.set({ status: "received", received_at: now, handled_by_member_id: ctx.member.id })
				.where("id", "=", current.id)
				.returningAll()
				.executeTakeFirstOrThrow();
		},
	);
}

/** `POST …/redemptions/ship`: a pending delivery leaves with its tracking note (shipped). */
export function shipRedemption(
	deps: AppDeps,
	ctx: SignedInContext,
	input: z.output<typeof ShipRedemptionInput>,
): Promise<RedemptionView> {
	return changeRedemption(deps, ctx, input, "shipped", async (trx, current, now) => {
		if (current.fulfilment !== "delivery") throw new BusinessError(ErrorCode.RedemptionStateChanged);
		// A second tap with the same note answers it as it is.
		if (current.status === "shipped" && current.tracking_note === input.trackingNote) return current;
		if (current.status !== "pending") throw new BusinessError(ErrorCode.RedemptionStateChanged);
		return trx
			.updateTable("points_redemption")
			.set({
				status: "shipped",
				shipped_at: now,
				tracking_note: input.trackingNote,
				handled_by_member_id: ctx.member.id,
			})
			.where("id", "=", current.id)
			.returningAll()
			.executeTakeFirstOrThrow();
	});
}

/** `POST …/redemptions/cancel`: a pending redemption is cancelled with the reason; points and stock go back, once. */
export function cancelShopRedemption(
	deps: AppDeps,
	ctx: SignedInContext,
	input: z.output<typeof CancelRedemptionInput>,
): Promise<RedemptionView> {
	return changeRedemption(deps, ctx, input, "cancelled", (trx, current, now) =>
		cancelLocked(trx, current, { now, reason: input.reason, handledBy: ctx.member.id }),
	);
}
