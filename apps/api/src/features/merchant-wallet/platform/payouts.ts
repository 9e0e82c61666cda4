import {
	ErrorCode,
	type ExportPayoutsInput,
	type MoneyCodeSent,
	PAYOUT_EXPORT_MAX,
	payoutReference,
	type RevealedAccount,
	type RevealWithdrawalInput,
	WithdrawalStatus,
} from "@bayon/contract";
import { stringify } from "csv-stringify/sync";
import type { Transaction } from "kysely";
import type { z } from "zod";
import type { DB } from "../../../db/schema.js";
import { BusinessError } from "../../../http/business-error.js";
import type { AppDeps } from "../../../http/deps.js";
import type { SignedInContext } from "../../../http/request-context.js";
import { maskMobile } from "../../../lib/mask.js";
import { consumeStepUpCode, sendStepUpCode, verifyStepUpCode } from "../../identity/service.js";
import { decryptCardNumber } from "../cards/card-crypto.js";
import { publishWalletChanged } from "../events.js";
import { formatMinorUnits, inertText } from "../wallet/statement-csv.js";
import { requirePlatformOperator } from "./operator.js";

/**
 * Paying withdrawals out (issue 28, decision 023 "Paying out"): the platform operator reads the
 * full account number of a withdrawal to pay, one at a time or as a bank's bulk-transfer file,
 * each time with a fresh SMS code to their own phone (the step-up the owners use for cards and
 * withdrawals). Every reading is a `shop_withdrawal_reveal` row, written in the transaction that
 * spends the code, so a number is never shown without its log line; the owner sees them on the
 * withdrawal's page ("the platform viewed the account number at …").
 */

/** Which request read a number: the server's request id, the caller's address and browser. */
export interface RequestOrigin {
	requestId: string;
	ip: string;
	userAgent: string | null;
}

/** Withdrawals whose account number may be read: approved (to pay it) or paid (to check a transfer). */
const REVEALABLE: readonly WithdrawalStatus[] = [WithdrawalStatus.AwaitingArrival, WithdrawalStatus.Received];

/** `POST /platform/withdrawals/send-code`: a fresh code to the signed-in operator's own phone. */
export async function sendPlatformCode(deps: AppDeps, ctx: SignedInContext): Promise<MoneyCodeSent> {
	await requirePlatformOperator(deps, ctx);
	const sent = await sendStepUpCode(deps, ctx, ctx.member.id);
	return { resendAfterSeconds: sent.resendAfterSeconds, mobileMasked: maskMobile(sent.mobile) };
}

function decrypt(deps: AppDeps, stored: string): string {
	try {
		return decryptCardNumber(deps.config, stored);
	} catch {
		throw new BusinessError(ErrorCode.BankCardUnreadable);
	}
}

async function logReveals(
	trx: Transaction<DB>,
	args: { tenantId: number; memberId: number; via: "reveal" | "export"; origin: RequestOrigin; now: Date },
	withdrawalIds: number[],
) {
	await trx
		.insertInto("shop_withdrawal_reveal")
		.values(
			withdrawalIds.map((withdrawalId) => ({
				tenant_id: args.tenantId,
				withdrawal_id: withdrawalId,
				member_id: args.memberId,
				via: args.via,
				request_id: args.origin.requestId,
				ip: args.origin.ip,
				user_agent: args.origin.userAgent?.slice(0, 400) ?? null,
				at: args.now,
			})),
		)
		.execute();
}

/**
 * `POST /platform/withdrawals/reveal`: platform operators only (NotPlatformOperator for shop
 * owners, managers and staff alike); a withdrawal neither approved nor paid is refused
 * (WithdrawalNotRevealable) before the code is checked. The code is checked, then spent in the
 * transaction that logs the reading; the number is answered only after that commits.
 */
export async function revealWithdrawalAccount(
	deps: AppDeps,
	ctx: SignedInContext,
	input: z.output<typeof RevealWithdrawalInput>,
	origin: RequestOrigin,
): Promise<RevealedAccount> {
	await requirePlatformOperator(deps, ctx);
	const tenantId = ctx.tenant.id;
	const found = await deps.db
		.selectFrom("shop_withdrawal as w")
		.innerJoin("shop_bank_card as c", "c.id", "w.card_id")
		.select(["w.id", "w.shop_id", "w.status", "c.holder", "c.bank", "c.number_encrypted"])
		.where("w.tenant_id", "=", tenantId)
		.where("w.id", "=", input.id)
		.executeTakeFirst();
	if (!found) throw new BusinessError(ErrorCode.NotFound);
	if (!REVEALABLE.includes(found.status)) throw new BusinessError(ErrorCode.WithdrawalNotRevealable);
	const accountNumber = decrypt(deps, found.number_encrypted);
	const verified = await verifyStepUpCode(deps, ctx, { memberId: ctx.member.id, code: input.code });
	const now = deps.clock.now();
	await deps.db.transaction().execute(async (trx) => {
		await consumeStepUpCode(deps, trx, verified);
		await logReveals(trx, { tenantId, memberId: ctx.member.id, via: "reveal", origin, now }, [found.id]);
	});
	deps.log.info(
		{ tenantId, memberId: ctx.member.id, withdrawalId: found.id, requestId: origin.requestId },
		"withdrawal account number revealed",
	);
	// The owner's open withdrawal page shows the reading at once.
	await publishWalletChanged(deps, {
		tenantId,
		shopId: found.shop_id,
		reason: "accountRevealed",
		withdrawalId: found.id,
		withdrawalStatus: found.status,
	});
	return { withdrawalId: found.id, holder: found.holder, bank: found.bank, accountNumber };
}

/** The bulk-transfer file's columns: fixed English names, as banks' upload templates take them. */
export const PAYOUT_CSV_HEADER = ["Beneficiary name", "Account number", "Bank", "Amount", "Reference"] as const;

export interface PayoutExport {
	fileName: string;
	body: string;
	rows: number;
	/** More withdrawals await payment than one file holds (PAYOUT_EXPORT_MAX): the oldest are in it. */
	truncated: boolean;
}

/**
 * `POST /platform/withdrawals/export`: every withdrawal awaiting arrival of the tenant (or of one
 * shop), oldest first, at most PAYOUT_EXPORT_MAX, as CSV: holder, account number, bank, amount in
 * major units without grouping (the tenant's currency), and the reference the transfer should carry
 * (BAYON-W<id>, so the bank's statement names the withdrawal). Nothing awaiting payment:
 * NoPayoutsToExport, the code not spent. Under a share lock on the withdrawals, so none is
 * returned or paid while its row is being logged; every row is a reveal (`via = export`).
 *
 * Text the owner typed (holder, bank) that a spreadsheet would run as a formula is defused with
 * an apostrophe, as the statement export does; account numbers are digits only. UTF-8 without a
 * byte order mark and CRLF rows: an upload parser reads the first column's name as written.
 */
export async function exportPayouts(
	deps: AppDeps,
	ctx: SignedInContext,
	input: z.output<typeof ExportPayoutsInput>,
	origin: RequestOrigin,
): Promise<PayoutExport> {
	await requirePlatformOperator(deps, ctx);
	const tenantId = ctx.tenant.id;
	const verified = await verifyStepUpCode(deps, ctx, { memberId: ctx.member.id, code: input.code });
	const now = deps.clock.now();
	const { rows, truncated, shops } = await deps.db.transaction().execute(async (trx) => {
		let query = trx
			.selectFrom("shop_withdrawal as w")
			.innerJoin("shop_bank_card as c", "c.id", "w.card_id")
			.select(["w.id", "w.shop_id", "w.amount", "c.holder", "c.bank", "c.number_encrypted"])
			.where("w.tenant_id", "=", tenantId)
			.where("w.status", "=", WithdrawalStatus.AwaitingArrival);
		if (input.shopId !== undefined) query = query.where("w.shop_id", "=", input.shopId);
		const found = await query
			.orderBy("w.id")
			.limit(PAYOUT_EXPORT_MAX + 1)
			.forShare("w")
			.execute();
		if (found.length === 0) throw new BusinessError(ErrorCode.NoPayoutsToExport);
		const listed = found.slice(0, PAYOUT_EXPORT_MAX);
		const money = (amount: number) => formatMinorUnits(amount, ctx.tenant.currency.decimals);
		const lines = listed.map((row) => [
			inertText(row.holder),
			decrypt(deps, row.number_encrypted),
			inertText(row.bank),
			money(Number(row.amount)),
			payoutReference(row.id),
		]);
		await consumeStepUpCode(deps, trx, verified);
		await logReveals(
			trx,
			{ tenantId, memberId: ctx.member.id, via: "export", origin, now },
			listed.map((row) => row.id),
		);
		return {
			rows: lines,
			truncated: found.length > PAYOUT_EXPORT_MAX,
			shops: new Map(listed.map((row) => [row.id, row.shop_id])),
		};
	});
	deps.log.info(
		{ tenantId, memberId: ctx.member.id, rows: rows.length, requestId: origin.requestId },
		"payout file exported",
	);
	for (const [withdrawalId, shopId] of shops)
		await publishWalletChanged(deps, {
			tenantId,
			shopId,
			reason: "accountRevealed",
			withdrawalId,
			withdrawalStatus: WithdrawalStatus.AwaitingArrival,
		});
	const body = stringify([[...PAYOUT_CSV_HEADER], ...rows], { record_delimiter: "windows" });
	const stamp = now.toISOString().slice(0, 16).replace(/[-:]/g, "").replace("T", "-");
	return { fileName: `payouts-${stamp}.csv`, body, rows: rows.length, truncated };
}
