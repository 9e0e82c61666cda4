import { ErrorCode, localizedFromInput, type SaveVipCardInput, type VipCardAdmin } from "@bayon/contract";
import type { z } from "zod";
import { BusinessError } from "../../http/business-error.js";
import type { AppDeps } from "../../http/deps.js";
import type { SignedInContext } from "../../http/request-context.js";
import { recordShopChange } from "../shop-changes/record.js";
import { requireBusinessAdmin, requireShopPermission } from "../venues/staff/staff-access.js";
import { presentCardTypeAdmin } from "./present.js";
import * as queries from "./queries.js";

/**
 * VIP card types: read with permission `members` (owner and manager), changed only by a
 * business administrator (issue 27), since card types are tenant-wide; the shop named in a call
 * is where the caller's permission is checked and where the change log records the change.
 */

const PERMISSION = "members";

/** `GET /merchant/vip-cards?shopId=`: every card type, on sale or not, with how many members hold one now. */
export async function listCardTypesForOwner(
	deps: AppDeps,
	ctx: SignedInContext,
	shopId: number,
): Promise<VipCardAdmin[]> {
	await requireShopPermission(deps, ctx, shopId, PERMISSION);
	const [types, holders] = await Promise.all([
		queries.listCardTypes(deps.db, { tenantId: ctx.tenant.id, all: true }),
		queries.activeHolderCounts(deps.db, { tenantId: ctx.tenant.id, now: deps.clock.now() }),
	]);
	return types.map((row) => presentCardTypeAdmin(row, holders.get(row.id) ?? 0));
}

/**
 * `POST /merchant/vip-cards/save`: a new card type (no id), or a change to one made on its
 * current version; a save on an older version (someone saved in between) is refused with
 * ChangedBySomeoneElse and changes nothing. Taking a type off sale leaves the cards bought
 * with it as they are; a change of benefits applies from the next purchase. Answers every
 * card type as it now is (the owner's page shows the list).
 */
export async function saveCardType(
	deps: AppDeps,
	ctx: SignedInContext,
	input: z.output<typeof SaveVipCardInput>,
): Promise<VipCardAdmin[]> {
	await requireBusinessAdmin(deps, ctx, input.shopId, PERMISSION);
	const now = deps.clock.now();
	const fields = {
		name: JSON.stringify(localizedFromInput(input.name)),
		description: JSON.stringify(localizedFromInput(input.description)),
		price: input.price,
		validity_days: input.validityDays,
		discount_percent: input.discountPercent,
		discount_cap: input.discountCap,
		free_delivery: input.freeDelivery,
		points_percent: input.pointsPercent,
		sort: input.sort,
		on_sale: input.onSale,
		updated_at: now,
	};
	await deps.db.transaction().execute(async (trx) => {
		const before =
			input.id === undefined ? undefined : await queries.findCardType(trx, { tenantId: ctx.tenant.id, id: input.id });
		if (input.id !== undefined && !before) throw new BusinessError(ErrorCode.NotFound);
		const row =
			input.id === undefined
				? await trx
						.insertInto("vip_card_type")
						.values({ tenant_id: ctx.tenant.id, ...fields, created_at: now })
						.returningAll()
						.executeTakeFirstOrThrow()
				: await trx
						.updateTable("vip_card_type")
						.set((eb) => ({ ...fields, version: eb("version", "+", 1) }))
						.where("id", "=", input.id)
						.where("tenant_id", "=", ctx.tenant.id)
						.where("version", "=", input.version ?? 0)
						.returningAll()
						.executeTakeFirst();
		if (!row) throw new BusinessError(ErrorCode.ChangedBySomeoneElse, {}, { version: before?.version });
		await recordShopChange(trx, {
			tenantId: ctx.tenant.id,
			shopId: input.shopId,
			memberId: ctx.member.id,
			subject: "vip_card_type",
			subjectId: row.id,
			action: before ? "update" : "create",
			before: before ? changeLogView(before) : undefined,
			after: changeLogView(row),
		});
	});
	return listCardTypesForOwner(deps, ctx, input.shopId);
}

/** What the change log keeps of a card type: what an owner would ask about later. */
function changeLogView(row: queries.CardTypeRow) {
	return {
		name: row.name,
		price: row.price,
		validityDays: row.validity_days,
		discountPercent: row.discount_percent,
		discountCap: row.discount_cap,
		freeDelivery: row.free_delivery,
		pointsPercent: row.points_percent,
		onSale: row.on_sale,
	};
}
