import {
	type ApproveWithdrawalInput,
	ErrorCode,
	type MarkWithdrawalPaidInput,
	type PlatformWithdrawalQuery,
	type RejectWithdrawalInput,
	type ReturnWithdrawalInput,
	type WithdrawalPage,
	WithdrawalStatus,
	type WithdrawalView,
} from "@bayon/contract";
import type { Transaction } from "kysely";
import type { z } from "zod";
import type { DB } from "../../../db/schema.js";
import { BusinessError } from "../../../http/business-error.js";
import type { AppDeps } from "../../../http/deps.js";
import type { SignedInContext } from "../../../http/request-context.js";
import { tellShopOwners } from "../../notifications/outbox/outbox.js";
import { toLocalMoment } from "../../venues/hours.js";
import { postLedgerTxn } from "../../wallet/ledger.js";
import { publishWalletChanged } from "../events.js";
import { lockShopAvailable } from "../withdrawals/step-up.js";
import { withdrawalPage, withdrawalView } from "../withdrawals/withdrawals.js";
import { requirePlatformOperator } from "./operator.js";

/**
 * The platform's review of withdrawals (decision 023), for platform operators of the caller's
 * tenant only (everyone else: NotPlatformOperator). Each decision locks the withdrawal's row and
 * holds only when the withdrawal is still in the state it needs and at the version the operator
 * saw; otherwise nothing changes and the refusal says why (WithdrawalAlreadyPaid,
 * WithdrawalAlreadyReturned, or WithdrawalStateChanged), so an approval racing a rejection, or two
 * operators marking one withdrawal paid, ends with exactly one of them. The same operator's same
 * decision sent again (a retry after a lost answer) is answered with the withdrawal as it is and
 * changes nothing. The money moves with the status, in the same transaction.
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
	/** The reason of a rejection or return, the bank reference of a payment. */
	note: string | null;
	/** The day of the bank transfer, for a payment. */
	transferDate?: string;
	reason: "withdrawalApproved" | "withdrawalRejected" | "withdrawalReturned" | "withdrawalPaid";
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
			.selectFrom("shop_withdrawal as w")
			.innerJoin("shop as s", "s.id", "w.shop_id")
			.select([
				"w.id",
				"w.shop_id",
				"w.amount",
				"w.status",
				"w.version",
				"w.bank_reference",
				"w.transfer_date",
				"w.created_at",
				"s.timezone",
			])
			.where("w.tenant_id", "=", tenantId)
			.where("w.id", "=", decision.id)
			.forUpdate("w")
			.executeTakeFirst();
		if (!row) throw new BusinessError(ErrorCode.NotFound);
		if (row.status !== decision.from || row.version !== decision.version) {
			if (await isRepeat(trx, ctx.member.id, decision, row)) return null;
			if (row.status === WithdrawalStatus.Received)
				throw new BusinessError(ErrorCode.WithdrawalAlreadyPaid, {
					date: row.transfer_date ?? "",
					reference: row.bank_reference ?? "",
				});
			if (row.status === WithdrawalStatus.Rejected && decision.from === WithdrawalStatus.AwaitingArrival)
				throw new BusinessError(ErrorCode.WithdrawalAlreadyReturned);
			throw new BusinessError(ErrorCode.WithdrawalStateChanged);
		}
		if (decision.transferDate !== undefined) {
			// The shop's local days: the transfer was made between the request and today.
			if (decision.transferDate > toLocalMoment(now, row.timezone).date)
				throw new BusinessError(ErrorCode.TransferDateInFuture);
			const requestedOn = toLocalMoment(new Date(row.created_at), row.timezone).date;
			if (decision.transferDate < requestedOn)
				throw new BusinessError(ErrorCode.TransferDateBeforeRequest, { date: requestedOn });
		}
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
				...(decision.to === WithdrawalStatus.Received
					? { bank_reference: decision.note, transfer_date: decision.transferDate ?? null }
					: {}),
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
		// The shop's owners hear the decision in their chats, committed with it (decision 024); a
		// return reads to them as a rejection does: the amount is back in the wallet.
		const kind = decision.reason === "withdrawalReturned" ? "withdrawalRejected" : decision.reason;
		await tellShopOwners(trx, { tenantId, shopId: row.shop_id, kind, subjectId: row.id, now });
		return row.shop_id;
	});
	// A repeat changed nothing: nothing to announce.
	if (shopId !== null)
		await publishWalletChanged(deps, {
			tenantId,
			shopId,
			reason: decision.reason,
			withdrawalId: decision.id,
			withdrawalStatus: decision.to,
		});
	return withdrawalView(deps.db, { tenantId, lang: ctx.lang, audience: "platform", id: decision.id });
}

/**
 * The decision is already what this operator made one step ago: the withdrawal moved exactly
 * once since the version sent, to the status asked for, by this operator, with the same note
 * (and transfer day). A retry, not a second decision.
 */
async function isRepeat(
	trx: Transaction<DB>,
	memberId: number,
	decision: Decision,
	row: { id: number; status: WithdrawalStatus; version: number; transfer_date: string | null },
): Promise<boolean> {
	if (row.status !== decision.to || row.version !== decision.version + 1) return false;
	if (decision.transferDate !== undefined && row.transfer_date !== decision.transferDate) return false;
	const last = await trx
		.selectFrom("shop_withdrawal_event")
		.select(["actor", "actor_member_id", "from_status", "to_status", "note"])
		.where("withdrawal_id", "=", row.id)
		.orderBy("id", "desc")
		.limit(1)
		.executeTakeFirst();
	return (
		last !== undefined &&
		last.actor === "operator" &&
		last.actor_member_id === memberId &&
		last.from_status === decision.from &&
		last.to_status === decision.to &&
		last.note === decision.note
	);
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
		move: moneyBack,
	});
}

/**
 * `POST /platform/withdrawals/return`: awaiting arrival → review rejected, with the reason (the
 * bank refused the transfer, say); the money returns to available as a rejection's does.
 */
export function returnWithdrawal(
	deps: AppDeps,
	ctx: SignedInContext,
	input: z.output<typeof ReturnWithdrawalInput>,
): Promise<WithdrawalView> {
	return decide(deps, ctx, {
		id: input.id,
		version: input.version,
		from: WithdrawalStatus.AwaitingArrival,
		to: WithdrawalStatus.Rejected,
		note: input.reason,
		reason: "withdrawalReturned",
		move: moneyBack,
	});
}

/** A rejected or returned withdrawal's money: in withdrawal → available. */
function moneyBack(
	trx: Transaction<DB>,
	withdrawal: { id: number; tenantId: number; shopId: number; amount: number },
	now: Date,
) {
	return postLedgerTxn(trx, {
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
	});
}

/**
 * `POST /platform/withdrawals/paid`: awaiting arrival → already received with the bank's
 * reference and the transfer's day; the money leaves.
 */
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
		transferDate: input.transferDate,
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
