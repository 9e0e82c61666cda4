import { ErrorCode } from "@bayon/contract";
import type { Kysely, Transaction } from "kysely";
import type { DB } from "../../../db/schema.js";
import { BusinessError } from "../../../http/business-error.js";
import type { AppDeps } from "../../../http/deps.js";
import type { CallerContext } from "../../identity/service.js";

type Db = Kysely<DB> | Transaction<DB>;

/**
 * Platform operators (issue 14, decision 023): members of the tenant listed in
 * platform_operator, who review every shop's withdrawals and see every shop's wallet. The
 * platform is the tenant here, so an operator sees the shops of their own tenant only.
 */
export async function isPlatformOperator(db: Db, args: { tenantId: number; memberId: number }): Promise<boolean> {
	const row = await db
		.selectFrom("platform_operator")
		.select("member_id")
		.where("tenant_id", "=", args.tenantId)
		.where("member_id", "=", args.memberId)
		.executeTakeFirst();
	return row !== undefined;
}

/** Refuses (NotPlatformOperator) anyone who is not a platform operator of the caller's tenant. */
export async function requirePlatformOperator(
	deps: AppDeps,
	ctx: CallerContext & { member: { id: number } },
): Promise<void> {
	if (!(await isPlatformOperator(deps.db, { tenantId: ctx.tenant.id, memberId: ctx.member.id })))
		throw new BusinessError(ErrorCode.NotPlatformOperator);
}
