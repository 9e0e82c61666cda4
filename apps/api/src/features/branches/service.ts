import { randomBytes } from "node:crypto";
import {
	BRANCHES_PER_TENANT_MAX,
	type CreateBranchInput,
	type CreatedBranch,
	ErrorCode,
	type Localized,
	localize,
} from "@bayon/contract";
import type { z } from "zod";
import { claimIdempotencyKey, findIdempotencyRecord, storeIdempotentResponse } from "../../db/idempotency.js";
import { BusinessError } from "../../http/business-error.js";
import type { AppDeps } from "../../http/deps.js";
import { requiredIdempotencyKey } from "../../http/idempotency-key.js";
import { sha256Hex } from "../../lib/crypto.js";
import { recordShopChange } from "../shop-changes/record.js";
import { requireShopPermission } from "../venues/staff/staff-access.js";
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

/** The idempotency record's scope for branch openings. */
const CREATE_SCOPE = "branch-create";

/**
 * Opens a new branch of the business: the caller must own the source branch (the same check as
 * managing its staff, so managers and staff are refused and a customer is answered alike for
 * every shop id). In one transaction the new shop is created with its own name, address,
 * phone and place, the source's settings as a starting point (time zone, logo, notice,
 * order types, preparation time, delivery radius, how dine-in pays), the caller as its owner,
 * and a copy of the source's menu and opening hours (decision 018). Tables, staff other than
 * the owner, delivery zones, photos and closures belong to a place and are not copied. Both
 * branches' change logs record it.
 *
 * Issue 27: the Idempotency-Key header is required, so a double tap or a retry after a lost
 * answer opens one branch and answers it again; a business has at most BRANCHES_PER_TENANT_MAX
 * shops; and the new branch takes no order until its owner opens it, its counted stock at 0.
 */
export async function createBranch(
	deps: AppDeps,
	ctx: OwnerContext,
	input: BranchInput,
	idempotencyKey: string | undefined,
): Promise<CreatedBranch> {
	await requireShopPermission(deps, ctx, input.sourceShopId, "staff");
	const key = requiredIdempotencyKey(idempotencyKey);
	const claim = { memberId: ctx.member.id, scope: CREATE_SCOPE, key };
	const requestHash = sha256Hex(JSON.stringify(input));
	const earlier = await findIdempotencyRecord(deps.db, claim);
	if (earlier) return replay(deps, ctx, earlier, requestHash);
	const now = deps.clock.now();
	const result = await deps.db.transaction().execute(async (trx) => {
		// The key first: a second request with it waits here until the first commits, then
		// answers what the first answered (or claims it, if the first was refused).
		if (!(await claimIdempotencyKey(trx, { ...claim, requestHash, now }))) {
			const record = await findIdempotencyRecord(trx, claim);
			if (!record) throw new Error("idempotency record vanished");
			return { replayOf: record };
		}
		// Openings of one business take turns on its row, so two at once cannot both pass the cap.
		// NO KEY UPDATE: orders and every other row naming the tenant still insert meanwhile.
		await trx
			.selectFrom("tenant")
			.select("id")
			.where("id", "=", ctx.tenant.id)
			.forNoKeyUpdate()
			.executeTakeFirstOrThrow();
		const shops = await trx
			.selectFrom("shop")
			.select((eb) => eb.fn.countAll<string>().as("n"))
			.where("tenant_id", "=", ctx.tenant.id)
			.executeTakeFirstOrThrow();
		if (Number(shops.n) >= BRANCHES_PER_TENANT_MAX)
			throw new BusinessError(ErrorCode.BranchLimitReached, { max: BRANCHES_PER_TENANT_MAX });
		// The source's menu holds still while it is copied: every menu change takes this row
		// first (decision 014), so none commits in the middle of the copy, and one in flight
		// commits before it starts; the copy is the menu as it was at one moment.
		await trx
			.selectFrom("shop_menu_version")
			.select("version")
			.where("shop_id", "=", input.sourceShopId)
			.forShare()
			.execute();
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
				// Closed until its owner opens it: no order before its stock, tables and zone are set.
				accepting_orders: false,
			})
			.returning("id")
			.executeTakeFirstOrThrow();
		await trx.insertInto("shop_staff").values({ shop_id: shopId, member_id: ctx.member.id, role: "owner" }).execute();
		const copied = await copyMenuAndHours(trx, source.id, shopId);

		const who = { tenantId: ctx.tenant.id, memberId: ctx.member.id, subject: "shop", subjectId: shopId };
		const opened = { ...input, shopId, copiedFromShopId: source.id, copied };
		await recordShopChange(trx, { ...who, shopId, action: "create", after: opened });
		await recordShopChange(trx, { ...who, shopId: source.id, action: "open_branch", after: opened });
		const answer: CreatedBranch = {
			shopId,
			name: localize(input.name, ctx.lang),
			sourceShopId: input.sourceShopId,
			acceptingOrders: false,
			copied,
		};
		await storeIdempotentResponse(trx, { ...claim, response: answer });
		return { answer };
	});
	if (result.replayOf) return replay(deps, ctx, result.replayOf, requestHash);
	return result.answer;
}

/** The branch a key opened, answered again: whether it takes orders is as it is now. */
async function replay(
	deps: AppDeps,
	ctx: OwnerContext,
	record: { request_hash: string; response: unknown },
	requestHash: string,
): Promise<CreatedBranch> {
	if (record.request_hash !== requestHash) throw new BusinessError(ErrorCode.IdempotencyKeyReused);
	const first = record.response as CreatedBranch;
	const shop = await deps.db
		.selectFrom("shop")
		.select("accepting_orders")
		.where("tenant_id", "=", ctx.tenant.id)
		.where("id", "=", first.shopId)
		.executeTakeFirst();
	if (!shop) throw new Error("an idempotent branch answer names no shop of its tenant");
	return { ...first, acceptingOrders: shop.accepting_orders };
}
