import {
	ErrorCode,
	type RecordRefundTransferInput,
	type RefundTransferList,
	type RefundTransferView,
} from "@bayon/contract";
import type { z } from "zod";
import { BusinessError } from "../../../http/business-error.js";
import type { AppDeps } from "../../../http/deps.js";
import type { SignedInContext } from "../../../http/request-context.js";
import { maskMobile } from "../../../lib/mask.js";
import { requirePlatformOperator } from "../../merchant-wallet/platform/operator.js";
import { paymentPurpose } from "../purposes.js";
import { openRailSettings, readRailSettings } from "../rail-settings/store.js";
import { BakongClient } from "../rails/khqr/bakong.js";
import { bakongHost } from "../rails/khqr/index.js";

/**
 * KHQR refunds (issue 29 part 3, decision 031). Bakong has no refund call: the refund outbox
 * parks a KHQR refund as `awaiting_transfer` (payments/refunds/refunds.ts), the platform's staff send
 * the money back from the platform's bank to the account the payer paid from, and record the
 * transfer's reference here. Recording is the refund's delivery: it succeeds once, under the
 * refund's row lock, and the purpose hears of it as of any delivered refund.
 */

type Caller = SignedInContext;

/** How many of each the list shows; the awaiting ones are few (each is a person's job). */
const AWAITING_MAX = 200;
const RECORDED_MAX = 50;
/** Bakong is asked for the payer's account of at most this many awaiting refunds per listing. */
const ACCOUNTS_ASKED_MAX = 20;
/** The list does not wait long for Bakong: without an answer it shows the refunds without the accounts. */
const ACCOUNT_ASK_TIMEOUT_MS = 3_000;

const columns = [
	"r.id",
	"r.status",
	"r.purpose",
	"r.purpose_id",
	"r.amount",
	"r.created_at",
	"r.provider_refund_id",
	"r.transfer_recorded_at",
	"p.amount as payment_amount",
	"p.currency",
	"p.rail_currency",
	"p.rail_amount",
	"p.provider_txn_id",
	"p.rail_ref",
	"payer.mobile as payer_mobile",
	"staff.nickname as staff_nickname",
	"staff.mobile as staff_mobile",
] as const;

function refundRows(deps: AppDeps, tenantId: number) {
	return deps.db
		.selectFrom("gateway_refund as r")
		.innerJoin("payment as p", "p.id", "r.gateway_payment_id")
		.leftJoin("member as payer", "payer.id", "p.payer_member_id")
		.leftJoin("member as staff", "staff.id", "r.transfer_recorded_by")
		.select(columns)
		.where("r.tenant_id", "=", tenantId)
		.where("r.provider", "=", "khqr");
}
type Row = Awaited<ReturnType<ReturnType<typeof refundRows>["execute"]>>[number];

/**
 * What goes back in the currency the payer paid in: the ledger's amount, or (paid in riel) its
 * share of what Bakong took, a whole refund exactly what was paid; as the refund outbox tells
 * the rail (payments/refunds/refunds.ts).
 */
export function railShare(row: { amount: number; payment_amount: number; rail_amount: number | null }): number {
	if (row.rail_amount === null || row.rail_amount === row.payment_amount) return row.amount;
	if (row.amount === row.payment_amount) return row.rail_amount;
	return Number((BigInt(row.amount) * BigInt(row.rail_amount)) / BigInt(row.payment_amount));
}

function view(row: Row, payerAccount: string | null): RefundTransferView {
	return {
		refundId: row.id,
		status: row.status === "succeeded" ? "succeeded" : "awaiting_transfer",
		purpose: row.purpose,
		purposeId: row.purpose_id,
		amount: row.amount,
		currency: row.currency ?? "",
		railAmount: railShare(row),
		railCurrency: row.rail_currency ?? row.currency ?? "",
		payerMobile: row.payer_mobile ? maskMobile(row.payer_mobile) : null,
		bakongHash: row.provider_txn_id,
		payerAccount,
		createdAt: new Date(row.created_at).toISOString(),
		reference: row.status === "succeeded" ? row.provider_refund_id : null,
		recordedAt: row.transfer_recorded_at ? new Date(row.transfer_recorded_at).toISOString() : null,
		recordedBy: row.staff_nickname || (row.staff_mobile ? maskMobile(row.staff_mobile) : null),
	};
}

/**
 * The accounts the payers paid from, as Bakong tells them now (the transfer goes back there);
 * none when KHQR is not set up or Bakong does not answer: the list is still shown.
 */
async function payerAccounts(deps: AppDeps, tenantId: number, rows: Row[]): Promise<Map<string, string>> {
	const found = new Map<string, string>();
	const asked = rows.filter((row) => row.rail_ref).slice(0, ACCOUNTS_ASKED_MAX);
	if (asked.length === 0) return found;
	let bakong: BakongClient;
	try {
		const stored = await readRailSettings(deps, tenantId, "khqr");
		if (!stored) return found;
		const settings = openRailSettings(deps.config, tenantId, "khqr", stored.sealed);
		bakong = new BakongClient(bakongHost(deps, settings), settings.token);
	} catch (error) {
		deps.log.warn(
			{ err: error, tenantId },
			"KHQR settings cannot be read: refunds listed without the payers' accounts",
		);
		return found;
	}
	await Promise.all(
		asked.map(async (row) => {
			const txn = await bakong.transactionByMd5(row.rail_ref as string, ACCOUNT_ASK_TIMEOUT_MS).catch(() => null);
			if (txn && typeof txn.fromAccountId === "string") found.set(row.id, txn.fromAccountId);
		}),
	);
	return found;
}

/** `GET /platform/payments/refund-transfers`: awaiting first (oldest first), then the latest recorded. */
export async function listRefundTransfers(deps: AppDeps, ctx: Caller): Promise<RefundTransferList> {
	await requirePlatformOperator(deps, ctx);
	const tenantId = ctx.tenant.id;
	const [awaiting, recorded] = await Promise.all([
		refundRows(deps, tenantId)
			.where("r.status", "=", "awaiting_transfer")
			.orderBy("r.created_at")
			.orderBy("r.id")
			.limit(AWAITING_MAX)
			.execute(),
		refundRows(deps, tenantId)
			.where("r.status", "=", "succeeded")
			.orderBy("r.transfer_recorded_at", "desc")
			.orderBy("r.id")
			.limit(RECORDED_MAX)
			.execute(),
	]);
	const accounts = await payerAccounts(deps, tenantId, awaiting);
	return {
		awaiting: awaiting.map((row) => view(row, accounts.get(row.id) ?? null)),
		recorded: recorded.map((row) => view(row, null)),
	};
}

/**
 * `POST /platform/payments/refund-transfers/record`: the transfer back was made. Under the
 * refund's row lock: recorded once (two operators, or one pressing twice, record it once); the
 * same reference again is answered as it stands, another one refused. Then the purpose hears
 * the refund was delivered, as after any rail's refund.
 */
export async function recordRefundTransfer(
	deps: AppDeps,
	ctx: Caller,
	input: z.output<typeof RecordRefundTransferInput>,
): Promise<RefundTransferView> {
	await requirePlatformOperator(deps, ctx);
	const tenantId = ctx.tenant.id;
	const now = deps.clock.now();
	const recorded = await deps.db.transaction().execute(async (trx) => {
		const refund = await trx
			.selectFrom("gateway_refund")
			.select(["id", "status", "provider_refund_id", "purpose", "purpose_id", "amount"])
			.where("id", "=", input.refundId)
			.where("tenant_id", "=", tenantId)
			.where("provider", "=", "khqr")
			.forUpdate()
			.executeTakeFirst();
		if (!refund) throw new BusinessError(ErrorCode.RefundTransferNotFound);
		if (refund.status === "succeeded") {
			if (refund.provider_refund_id === input.reference) return { refund, changed: false };
			throw new BusinessError(ErrorCode.RefundTransferAlreadyRecorded);
		}
		if (refund.status !== "awaiting_transfer") throw new BusinessError(ErrorCode.RefundNotAwaitingTransfer);
		await trx
			.updateTable("gateway_refund")
			.set({
				status: "succeeded",
				provider_refund_id: input.reference,
				transfer_recorded_by: ctx.member.id,
				transfer_recorded_at: now,
				last_error: null,
				updated_at: now,
			})
			.where("id", "=", refund.id)
			.where("status", "=", "awaiting_transfer")
			.execute();
		return { refund, changed: true };
	});
	if (recorded.changed) {
		const { refund } = recorded;
		deps.log.info(
			{
				refundId: refund.id,
				purpose: refund.purpose,
				purposeId: refund.purpose_id,
				amount: refund.amount,
				by: ctx.member.id,
			},
			"KHQR refund transferred back, recorded by staff",
		);
		// After commit, as for a refund a rail carried out; a failure to tell changes nothing recorded.
		await paymentPurpose(refund.purpose)
			.refundDelivered?.(deps, { purposeId: refund.purpose_id, outcome: "succeeded" })
			.catch((error: unknown) =>
				deps.log.error({ err: error, refundId: refund.id }, "the refund's purpose could not be told of the transfer"),
			);
	}
	const row = await refundRows(deps, tenantId).where("r.id", "=", input.refundId).executeTakeFirstOrThrow();
	return view(row, null);
}
