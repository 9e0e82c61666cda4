import type { MoneyCodeSent } from "@bayon/contract";
import type { Transaction } from "kysely";
import type { DB } from "../../../db/schema.js";
import type { AppDeps } from "../../../http/deps.js";
import type { SignedInContext } from "../../../http/request-context.js";
import { maskMobile } from "../../../lib/mask.js";
import { sendStepUpCode } from "../../identity/service.js";
import { requireShopPermission } from "../../venues/staff/staff-access.js";
import { accountId } from "../../wallet/ledger.js";

/**
 * What every owner's money call shares (decision 023): the step-up code sent to the owner's own
 * phone, and the lock on the shop's available money under which cards and withdrawals change.
 */

/** Owner only: managers and staff are refused (Forbidden), like every money setting. */
export const MONEY_PERMISSION = "money";

/** `POST /merchant/money/send-code`: a fresh code to the signed-in owner's own phone (the login code's limits). */
export async function sendMoneyCode(deps: AppDeps, ctx: SignedInContext, shopId: number): Promise<MoneyCodeSent> {
	await requireShopPermission(deps, ctx, shopId, MONEY_PERMISSION);
	const sent = await sendStepUpCode(deps, ctx, ctx.member.id);
	return { resendAfterSeconds: sent.resendAfterSeconds, mobileMasked: maskMobile(sent.mobile) };
}

/**
 * Locks the shop's available-money account row for the rest of the transaction and returns its
 * balance. Adding or removing a card and asking for a withdrawal all take it first, so a card is
 * never removed while a withdrawal to it is being written, and two withdrawals never both see
 * the same money as withdrawable.
 */
export async function lockShopAvailable(
	trx: Transaction<DB>,
	args: { tenantId: number; shopId: number },
): Promise<number> {
	const id = await accountId(trx, { kind: "shop_available", tenantId: args.tenantId, shopId: args.shopId });
	const row = await trx
		.selectFrom("ledger_account")
		.select("balance")
		.where("id", "=", id)
		.forUpdate()
		.executeTakeFirstOrThrow();
	return Number(row.balance);
}
