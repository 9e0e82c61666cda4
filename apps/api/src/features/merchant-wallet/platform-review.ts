import {
	type ApproveWithdrawalInput,
	ErrorCode,
	type MarkWithdrawalPaidInput,
	type PlatformWithdrawalQuery,
	type RejectWithdrawalInput,
	type WithdrawalPage,
	WithdrawalStatus,
	type WithdrawalView,
} from "@bayon/contract";
import type { Transaction } from "kysely";
import type { z } from "zod";
import type { DB } from "../../db/schema.js";
import { BusinessError } from "../../http/business-error.js";
import type { AppDeps } from "../../http/deps.js";
import { tellShopOwners } from "../notifications/outbox.js";
import { postLedgerTxn } from "../wallet/ledger.js";
import { publishWalletChanged } from "./events.js";
import { requirePlatformOperator } from "./operator.js";
import { lockShopAvailable, type SignedInContext } from "./step-up.js";
import { withdrawalPage, withdrawalView } from "./withdrawals.js";

/**
 * The platform's review of withdrawals (decision 023), for platform operators of the caller's
 * tenant only (everyone else: NotPlatformOperator). Each decision locks the withdrawal's row and
 * holds only when the withdrawal is still in the state it needs and at the version the operator
 * saw; otherwise WithdrawalStateChanged and nothing changes, so an approval racing a rejection
 * ends with exactly one of them. The money moves with the status, in the same transaction.
 */

/** `GET /platform/withdrawals?status=&shopId=&cursor=`: every shop of the tenant, newest first. */
export async function listPlatformWithdrawals(
	deps: AppDeps,
	ctx: SignedInContext,
	query: z.output<typeof PlatformWithdrawalQuery>,
): Promise<WithdrawalPage> {
	await requirePlatformOperator(deps, ctx);
	return withdrawalPage(deps, { ...query, tenantId: ctx.tenant.id, lang: ctx.lang, audience: "platform" });
}

/** `GET /platform/withdrawals/detail?id=`. */
export async function platformWithdrawalDetail(
	deps: AppDeps,
	ctx: SignedInContext,
	id: number,
): Promise<WithdrawalView> {
	await requirePlatformOperator(deps, ctx);
	return withdrawalView(deps.db, { tenantId: ctx.tenant.id, lang: ctx.lang, audience: "platform", id });
}

interface Decision {
	id: number;
	version: number;
	from: WithdrawalStatus;
	to: WithdrawalStatus;
	/** The reason of a rejection, the bank reference of a payment. */
	note: string | null;
	reason: "withdrawalApproved" | "withdrawalRejected" | "withdrawalPaid";
	/** The money's move that goes with it, if any. */
	move?: (
		trx: Transaction<DB>,
		withdrawal: { id: number; tenantId: number; shopId: number; amount: number },
		now: Date,
	) => Promise<unknown>;
}

async function decide(deps: AppDeps, ctx: SignedInContext, decision: Decision): Promise<WithdrawalView> {
	await requirePlatformOperator(deps, ctx);
	const tenantId = ctx.tenant.id;
	const now = deps.clock.now();
	const shopId = await deps.db.transaction().execute(async (trx) => {
		const row = await trx
			.selectFrom("shop_withdrawal")
			.select(["id", "shop_id", "amount", "status", "version"])
			.where("tenant_id", "=", tenantId)
			.where("id", "=", decision.id)
			.forUpdate()
			.executeTakeFirst();
		if (!row) throw new BusinessError(ErrorCode.NotFound);
		if (row.status !== decision.from || row.version !== decision.version)
			throw new BusinessError(ErrorCode.WithdrawalStateChanged);
		// Creating a withdrawal takes this lock before the shop's in-withdrawal account: so does
		// every decision, so the two never wait for each other in opposite orders.
		await lockShopAvailable(trx, { tenantId, shopId: row.shop_id });
		await trx
			.updateTable("shop_withdrawal")
			.set({
				status: decision.to,
				version: row.version + 1,
				updated_at: now,
				...(decision.to === WithdrawalStatus.Rejected ? { reject_reason: decision.note } : {}),
				...(decision.to === WithdrawalStatus.Received ? { bank_reference: decision.note } : {}),
			})
			.where("id", "=", row.id)
			.execute();
		await trx
			.insertInto("shop_withdrawal_event")
			.values({
				withdrawal_id: row.id,
				from_status: decision.from,
				to_status: decision.to,
				actor: "operator",
				actor_member_id: ctx.member.id,
				note: decision.note,
				at: now,
			})
			.execute();
		await decision.move?.(trx, { id: row.id, tenantId, shopId: row.shop_id, amount: Number(row.amount) }, now);
		// The shop's owners hear the decision in their chats, committed with it (decision 024).
		await tellShopOwners(trx, { tenantId, shopId: row.shop_id, kind: decision.reason, subjectId: row.id, now });
		return row.shop_id;
	});
	await publishWalletChanged(deps, {
		tenantId,
		shopId,
		reason: decision.reason,
		withdrawalId: decision.id,
		withdrawalStatus: decision.to,
	});
	return withdrawalView(deps.db, { tenantId, lang: ctx.lang, audience: "platform", id: decision.id });
}

/** `POST /platform/withdrawals/approve`: unaudited → awaiting arrival; the money stays in withdrawal. */
export function approveWithdrawal(
	deps: AppDeps,
	ctx: SignedInContext,
	input: z.output<typeof ApproveWithdrawalInput>,
): Promise<WithdrawalView> {
	return decide(deps, ctx, {
		id: input.id,
		version: input.version,
		from: WithdrawalStatus.Unaudited,
		to: WithdrawalStatus.AwaitingArrival,
		note: null,
		reason: "withdrawalApproved",
	});
}

/** `POST /platform/withdrawals/reject`: unaudited → review rejected; the money returns to available. */
export function rejectWithdrawal(
	deps: AppDeps,
	ctx: SignedInContext,
	input: z.output<typeof RejectWithdrawalInput>,
): Promise<WithdrawalView> {
	return decide(deps, ctx, {
		id: input.id,
		version: input.version,
		from: WithdrawalStatus.Unaudited,
		to: WithdrawalStatus.Rejected,
		note: input.reason,
		reason: "withdrawalRejected",
		move: (trx, withdrawal, now) =>
			postLedgerTxn(trx, {
				tenantId: withdrawal.tenantId,
				kind: "withdrawal_returned",
				idempotencyKey: `withdrawal:${withdrawal.id}:returned`,
				orderId: null,
				withdrawalId: withdrawal.id,
				now,
				moves: [
					{ account: shopAccount("shop_withdrawing", withdrawal), amount: -withdrawal.amount },
					{ account: shopAccount("shop_available", withdrawal), amount: withdrawal.amount },
				],
			}),
	});
}

/** `POST /platform/withdrawals/paid`: awaiting arrival → already received with the bank's reference; the money leaves. */
export function markWithdrawalPaid(
	deps: AppDeps,
	ctx: SignedInContext,
	input: z.output<typeof MarkWithdrawalPaidInput>,
): Promise<WithdrawalView> {
	return decide(deps, ctx, {
		id: input.id,
		version: input.version,
		from: WithdrawalStatus.AwaitingArrival,
		to: WithdrawalStatus.Received,
		note: input.reference,
		reason: "withdrawalPaid",
		move: (trx, withdrawal, now) =>
			postLedgerTxn(trx, {
				tenantId: withdrawal.tenantId,
				kind: "withdrawal_paid",
				idempotencyKey: `withdrawal:${withdrawal.id}:paid`,
				orderId: null,
				withdrawalId: withdrawal.id,
				now,
				moves: [
					{ account: shopAccount("shop_withdrawing", withdrawal), amount: -withdrawal.amount },
					{ account: { kind: "shop_payouts", tenantId: withdrawal.tenantId }, amount: withdrawal.amount },
				],
			}),
	});
}

function shopAccount(kind: "shop_available" | "shop_withdrawing", withdrawal: { tenantId: number; shopId: number }) {
	return { kind, tenantId: withdrawal.tenantId, shopId: withdrawal.shopId };
}
