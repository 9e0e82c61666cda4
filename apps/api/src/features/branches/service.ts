import { randomBytes } from "node:crypto";
import { type CreateBranchInput, type CreatedBranch, type Localized, localize } from "@bayon/contract";
import { sql } from "kysely";
import type { z } from "zod";
import type { AppDeps } from "../../http/deps.js";
import { recordShopChange } from "../shop-changes/record.js";
import { requireShopPermission } from "../venues/service.js";
import { copyMenuAndHours } from "./queries.js";

interface OwnerContext {
	tenant: { id: number };
	lang: string;
	member: { id: number };
}

type BranchInput = z.output<typeof CreateBranchInput>;

/** A translated text as stored: the languages given, without blanks (readers fall back to zh-CN). */
function stored(text: Localized): string {
	return JSON.stringify(Object.fromEntries(Object.entries(text).filter(([, value]) => value !== "")));
}

/**
 * Opens a new branch of the business: the caller must own the source branch (the same check as
 * managing its staff, so managers and staff are refused and a customer is answered alike for
 * every shop id). In one transaction the new shop is created with its own name, address,
 * phone and place, the source's settings as a starting point (time zone, logo, notice,
 * order types, preparation time, delivery radius, how dine-in pays), the caller as its owner,
 * and a copy of the source's menu and opening hours (decision 018). Tables, staff other than
 * the owner, delivery zones, photos and closures belong to a place and are not copied. Both
 * branches' change logs record it.
 */
export async function createBranch(deps: AppDeps, ctx: OwnerContext, input: BranchInput): Promise<CreatedBranch> {
	await requireShopPermission(deps, ctx, input.sourceShopId, "staff");
	const result = await deps.db.transaction().execute(async (trx) => {
		// One snapshot for every read of the source, so a menu edited meanwhile is copied as it
		// was at one moment, never half before and half after the edit.
		await sql`SET TRANSACTION ISOLATION LEVEL REPEATABLE READ`.execute(trx);
		const source = await trx
			.selectFrom("shop")
			.selectAll()
			.where("tenant_id", "=", ctx.tenant.id)
			.where("id", "=", input.sourceShopId)
			.executeTakeFirstOrThrow();
		const branch = {
			name: stored(input.name),
			address: stored(input.address),
			phone: input.phone,
			latitude: input.latitude,
			longitude: input.longitude,
		};
		const { id: shopId } = await trx
			.insertInto("shop")
			.values({
				tenant_id: ctx.tenant.id,
				// A stable key for imports and seeds; owners never see it.
				code: `branch-${randomBytes(6).toString("hex")}`,
				...branch,
				timezone: source.timezone,
				logo: source.logo,
				notice: source.notice === null ? null : JSON.stringify(source.notice),
				preparation_minutes: source.preparation_minutes,
				offers_takein: source.offers_takein,
				offers_takeout: source.offers_takeout,
				offers_desk: source.offers_desk,
				delivery_radius_m: source.delivery_radius_m,
				delivery_radius_fee: source.delivery_radius_fee,
				delivery_radius_min_order: source.delivery_radius_min_order,
				desk_pay_after_meal: source.desk_pay_after_meal,
			})
			.returning("id")
			.executeTakeFirstOrThrow();
		await trx.insertInto("shop_staff").values({ shop_id: shopId, member_id: ctx.member.id, role: "owner" }).execute();
		const copied = await copyMenuAndHours(trx, source.id, shopId);

		const who = { tenantId: ctx.tenant.id, memberId: ctx.member.id, subject: "shop", subjectId: shopId };
		const opened = { ...input, shopId, copiedFromShopId: source.id, copied };
		await recordShopChange(trx, { ...who, shopId, action: "create", after: opened });
		await recordShopChange(trx, { ...who, shopId: source.id, action: "open_branch", after: opened });
		return { shopId, copied };
	});
	return {
		shopId: result.shopId,
		name: localize(input.name, ctx.lang),
		sourceShopId: input.sourceShopId,
		copied: result.copied,
	};
}
