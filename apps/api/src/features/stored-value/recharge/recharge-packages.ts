import {
	ErrorCode,
	type Localized,
	localize,
	localizedFromInput,
	RECHARGE_PACKAGES_MAX,
	type RechargeMenu,
	type RechargePackageAdmin,
	type SaveRechargePackageInput,
	type SaveStoredValueAgreementInput,
	type StoredValueAdmin,
} from "@bayon/contract";
import { type Kysely, sql, type Transaction } from "kysely";
import type { z } from "zod";
import type { DB } from "../../../db/schema.js";
import { BusinessError } from "../../../http/business-error.js";
import type { AppDeps } from "../../../http/deps.js";
import type { RequestContext, SignedInContext } from "../../../http/request-context.js";
import { recordShopChange } from "../../shop-changes/record.js";
import { requireBusinessAdmin, requireShopPermission } from "../../venues/staff/staff-access.js";
import { walletParts } from "../../wallet/bonus.js";
import { DEFAULT_STORED_VALUE_AGREEMENT } from "./recharge-agreement.js";

/**
 * Recharge packages and the stored-value agreement (issue 12, decision 021): tenant-wide like
 * the balance they fill, read by owners and managers (permission `members`) of any shop and
 * changed only by a business administrator (issue 27), versioned so that two editors never
 * overwrite each other unknowingly.
 */

type Db = Kysely<DB> | Transaction<DB>;
const PERMISSION = "members" as const;

/** GET /recharge/getMoneyList: what a member (or a visitor) may recharge with, and on what terms. */
export async function getRechargeMenu(deps: AppDeps, ctx: RequestContext): Promise<RechargeMenu> {
	const [packages, agreement, balance] = await Promise.all([
		deps.db
			.selectFrom("recharge_package")
			.select(["id", "name", "pay_amount", "bonus_amount"])
			.where("tenant_id", "=", ctx.tenant.id)
			.where("on_sale", "=", true)
			.orderBy("sort")
			.orderBy("id")
			.execute(),
		readAgreement(deps.db, ctx.tenant.id),
		ctx.member
			? walletParts(deps.db, { kind: "member_wallet", tenantId: ctx.tenant.id, memberId: ctx.member.id })
			: null,
	]);
	return {
		packages: packages.map((row) => ({
			id: row.id,
			name: localize(row.name, ctx.lang),
			payAmount: row.pay_amount,
			bonusAmount: row.bonus_amount,
		})),
		agreement: localize(agreement, ctx.lang),
		balance: balance?.balance ?? null,
		bonusBalance: balance?.bonus ?? null,
	};
}

/** The tenant's agreement as saved, or the one every tenant starts with. */
async function readAgreement(db: Db, tenantId: number): Promise<Localized> {
	const row = await db
		.selectFrom("stored_value_settings")
		.select("agreement")
		.where("tenant_id", "=", tenantId)
		.executeTakeFirst();
	return row?.agreement ?? DEFAULT_STORED_VALUE_AGREEMENT;
}

/**
 * GET /merchant/stored-value: every package (off sale too) with how often it was paid, the
 * agreement in all languages, and what members hold: the balances in total (money the business
 * owes in goods), the bonus given away so far and how many members hold a balance.
 */
export async function getStoredValueAdmin(
	deps: AppDeps,
	ctx: SignedInContext,
	shopId: number,
): Promise<StoredValueAdmin> {
	await requireShopPermission(deps, ctx, shopId, PERMISSION);
	return presentAdmin(deps.db, ctx.tenant.id);
}

async function presentAdmin(db: Db, tenantId: number): Promise<StoredValueAdmin> {
	const [packages, sold, agreement, wallets, bonus] = await Promise.all([
		db
			.selectFrom("recharge_package")
			.selectAll()
			.where("tenant_id", "=", tenantId)
			.orderBy("sort")
			.orderBy("id")
			.execute(),
		db
			.selectFrom("recharge")
			.select(["package_id", (eb) => eb.fn.countAll<string>().as("count")])
			.where("tenant_id", "=", tenantId)
			.where("status", "=", "paid")
			.groupBy("package_id")
			.execute(),
		readAgreement(db, tenantId),
		db
			.selectFrom("ledger_account")
			.select([
				sql<string>`coalesce(sum(balance), 0)`.as("balances"),
				sql<string>`count(*) FILTER (WHERE balance > 0)`.as("members"),
			])
			.where("tenant_id", "=", tenantId)
			.where("kind", "=", "member_wallet")
			.executeTakeFirstOrThrow(),
		// Every paid recharge's bonus: the bonus account itself stands at the bonus still held in
		// wallets, since bonus spent goes back to it (decision 027).
		db
			.selectFrom("recharge")
			.select(sql<string>`coalesce(sum(bonus_amount), 0)`.as("given"))
			.where("tenant_id", "=", tenantId)
			.where("status", "=", "paid")
			.executeTakeFirstOrThrow(),
	]);
	const soldBy = new Map(sold.map((row) => [row.package_id, Number(row.count)]));
	return {
		packages: packages.map(
			(row): RechargePackageAdmin => ({
				id: row.id,
				version: row.version,
				name: row.name,
				payAmount: row.pay_amount,
				bonusAmount: row.bonus_amount,
				sort: row.sort,
				onSale: row.on_sale,
				soldCount: soldBy.get(row.id) ?? 0,
			}),
		),
		agreement,
		totals: {
			balances: Number(wallets.balances),
			bonusGiven: Number(bonus.given),
			members: Number(wallets.members),
		},
	};
}

/**
 * POST /merchant/stored-value/package: a new package (no id), or a change to one made on the
 * version the editor saw; a save on an older version (someone saved in between) is refused with
 * ChangedBySomeoneElse and changes nothing. Recharges already started keep what they copied.
 */
export async function saveRechargePackage(
	deps: AppDeps,
	ctx: SignedInContext,
	input: z.output<typeof SaveRechargePackageInput>,
): Promise<StoredValueAdmin> {
	await requireBusinessAdmin(deps, ctx, input.shopId, PERMISSION);
	const now = deps.clock.now();
	const fields = {
		name: JSON.stringify(localizedFromInput(input.name)),
		pay_amount: input.payAmount,
		bonus_amount: input.bonusAmount,
		sort: input.sort,
		on_sale: input.onSale,
		updated_at: now,
	};
	const readable = (row: {
		name: unknown;
		pay_amount: number;
		bonus_amount: number;
		sort: number;
		on_sale: boolean;
	}) => ({
		name: row.name,
		payAmount: row.pay_amount,
		bonusAmount: row.bonus_amount,
		sort: row.sort,
		onSale: row.on_sale,
	});
	return deps.db.transaction().execute(async (trx) => {
		if (input.id === undefined) {
			// The tenant's row serialises creations, so two at once cannot both pass the limit.
			await trx.selectFrom("tenant").select("id").where("id", "=", ctx.tenant.id).forUpdate().execute();
			const { count } = await trx
				.selectFrom("recharge_package")
				.select((eb) => eb.fn.countAll<string>().as("count"))
				.where("tenant_id", "=", ctx.tenant.id)
				.executeTakeFirstOrThrow();
			if (Number(count) >= RECHARGE_PACKAGES_MAX)
				throw new BusinessError(ErrorCode.BadRequest, { max: RECHARGE_PACKAGES_MAX }, null, "rechargePackagesLimit");
			const created = await trx
				.insertInto("recharge_package")
				.values({ tenant_id: ctx.tenant.id, ...fields, created_at: now })
				.returningAll()
				.executeTakeFirstOrThrow();
			await recordShopChange(trx, {
				tenantId: ctx.tenant.id,
				shopId: input.shopId,
				memberId: ctx.member.id,
				subject: "recharge_package",
				subjectId: created.id,
				action: "create",
				after: readable(created),
			});
		} else {
			const before = await trx
				.selectFrom("recharge_package")
				.selectAll()
				.where("id", "=", input.id)
				.where("tenant_id", "=", ctx.tenant.id)
				.forUpdate()
				.executeTakeFirst();
			if (!before) throw new BusinessError(ErrorCode.NotFound);
			if (before.version !== input.version)
				throw new BusinessError(ErrorCode.ChangedBySomeoneElse, {}, { version: before.version });
			const after = await trx
				.updateTable("recharge_package")
				.set({ ...fields, version: before.version + 1 })
				.where("id", "=", before.id)
				.returningAll()
				.executeTakeFirstOrThrow();
			await recordShopChange(trx, {
				tenantId: ctx.tenant.id,
				shopId: input.shopId,
				memberId: ctx.member.id,
				subject: "recharge_package",
				subjectId: before.id,
				action: "update",
				before: readable(before),
				after: readable(after),
			});
		}
		return presentAdmin(trx, ctx.tenant.id);
	});
}

/** POST /merchant/stored-value/agreement: the agreement members tick before they recharge. */
export async function saveStoredValueAgreement(
	deps: AppDeps,
	ctx: SignedInContext,
	input: z.output<typeof SaveStoredValueAgreementInput>,
): Promise<StoredValueAdmin> {
	await requireBusinessAdmin(deps, ctx, input.shopId, PERMISSION);
	const now = deps.clock.now();
	const agreement = localizedFromInput(input.agreement);
	return deps.db.transaction().execute(async (trx) => {
		const before = await readAgreement(trx, ctx.tenant.id);
		await trx
			.insertInto("stored_value_settings")
			.values({ tenant_id: ctx.tenant.id, agreement: JSON.stringify(agreement), updated_at: now })
			.onConflict((oc) => oc.column("tenant_id").doUpdateSet({ agreement: JSON.stringify(agreement), updated_at: now }))
			.execute();
		await recordShopChange(trx, {
			tenantId: ctx.tenant.id,
			shopId: input.shopId,
			memberId: ctx.member.id,
			subject: "stored_value_agreement",
			action: "update",
			before,
			after: agreement,
		});
		return presentAdmin(trx, ctx.tenant.id);
	});
}
