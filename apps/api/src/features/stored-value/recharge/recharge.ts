import {
	ErrorCode,
	type Localized,
	localize,
	RECHARGE_EXPIRES_AFTER_MINUTES,
	type RechargeInput,
	type RechargeView,
} from "@bayon/contract";
import type { Kysely, Selectable, Transaction } from "kysely";
import type { z } from "zod";
import { claimIdempotencyKey, findIdempotencyRecord, storeIdempotentResponse } from "../../../db/idempotency.js";
import type { DB } from "../../../db/schema.js";
import { BusinessError } from "../../../http/business-error.js";
import type { AppDeps } from "../../../http/deps.js";
import { requiredIdempotencyKey } from "../../../http/idempotency-key.js";
import type { SignedInContext } from "../../../http/request-context.js";
import { addSeconds } from "../../../lib/clock.js";
import { sha256Hex } from "../../../lib/crypto.js";
import { tellMember } from "../../notifications/outbox/outbox.js";
import { answerInstead, settlePendingPayments, startGatewayCheckout } from "../../payments/attempts/attempts.js";
import {
	type PaymentRow as GatewayPaymentRow,
	type PaymentPurpose,
	type PurposeOutcome,
	registerPaymentPurpose,
} from "../../payments/purposes.js";
import { accountBalance, postLedgerTxn } from "../../wallet/ledger.js";

/**
 * Recharging the stored balance (issue 12, decision 021): the member picks a package, agrees
 * to the stored-value agreement and pays the package's price at a gateway (never from the
 * balance itself). The gateway's confirmation credits the paid amount and, as a separate
 * ledger transaction, the bonus: once, under the gateway payment's row lock, however often and
 * in whatever order callbacks and status answers arrive.
 */

type Db = Kysely<DB> | Transaction<DB>;
type RechargeRow = Selectable<DB["recharge"]>;

const START_SCOPE = "recharge.start";
/** The app's return page after the gateway: it polls GET /recharge/detail for this recharge. */
const RETURN_PAGE = "/pages/components/pages/balance/balance";

export function presentRecharge(row: RechargeRow, lang: string): RechargeView {
	return {
		id: row.id,
		status: row.status,
		payAmount: row.pay_amount,
		bonusAmount: row.bonus_amount,
		packageName: localize(row.package_name as Localized, lang),
		createdAt: new Date(row.created_at).toISOString(),
		paidAt: row.paid_at ? new Date(row.paid_at).toISOString() : null,
	};
}

/**
 * POST /member/user/recharge. The Idempotency-Key header is required: a double tap, or a retry
 * after a lost answer, answers the same recharge and starts no second gateway payment. The
 * package's name and amounts are copied, so an owner's change meanwhile alters nothing about
 * what this payment buys.
 *
 * The answer of the first request (with the gateway's redirect URL) is kept with the key. A
 * repeat that arrives while the first is still talking to the gateway answers the recharge
 * without a redirect URL (its page then polls the recharge's detail); once the first has its
 * URL, repeats answer it too.
 */
export async function startRecharge(
	deps: AppDeps,
	ctx: SignedInContext,
	input: z.output<typeof RechargeInput>,
	idempotencyKey: string | undefined,
	origin: string,
): Promise<RechargeView> {
	const key = requiredIdempotencyKey(idempotencyKey);
	// The schema refuses a missing package ("select a recharge amount"); this only narrows the type.
	const packageId = input.packageId;
	if (packageId === undefined) throw BusinessError.invalidField("packageId", "selectRechargeAmount");
	const requestHash = sha256Hex(JSON.stringify(input));
	const earlier = await findIdempotencyRecord(deps.db, {
		memberId: ctx.member.id,
		scope: START_SCOPE,
		key,
	});
	if (earlier) return replay(deps, ctx, earlier, requestHash);
	const started = await startGatewayCheckout(deps, ctx, {
		purpose: "recharge",
		provider: input.payMethod,
		origin,
		railCurrency: input.railCurrency,
		hold: async (trx, { gateway, now }) => {
			if (
				!(await claimIdempotencyKey(trx, {
					memberId: ctx.member.id,
					scope: START_SCOPE,
					key,
					requestHash,
					now,
				}))
			) {
				// A concurrent request with this key committed first: answer what it answered.
				const record = await findIdempotencyRecord(trx, {
					memberId: ctx.member.id,
					scope: START_SCOPE,
					key,
				});
				if (!record) throw new Error("idempotency record vanished");
				return answerInstead(record);
			}
			const pkg = await trx
				.selectFrom("recharge_package")
				.selectAll()
				.where("id", "=", packageId)
				.where("tenant_id", "=", ctx.tenant.id)
				.where("on_sale", "=", true)
				.executeTakeFirst();
			if (!pkg) throw new BusinessError(ErrorCode.RechargePackageUnavailable);
			const recharge = await trx
				.insertInto("recharge")
				.values({
					tenant_id: ctx.tenant.id,
					member_id: ctx.member.id,
					package_id: pkg.id,
					package_name: JSON.stringify(pkg.name),
					pay_amount: pkg.pay_amount,
					bonus_amount: pkg.bonus_amount,
					provider: gateway.name,
					status: "pending",
					idempotency_key: key,
					expires_at: addSeconds(now, RECHARGE_EXPIRES_AFTER_MINUTES * 60),
					created_at: now,
				})
				.returningAll()
				.executeTakeFirstOrThrow();
			const view = presentRecharge(recharge, ctx.lang);
			return {
				pay: {
					recharge,
					view,
					purposeId: recharge.id,
					amount: recharge.pay_amount,
					expiresAt: new Date(recharge.expires_at),
					description: `Bayon · ${view.packageName}`,
					returnPath: `${RETURN_PAGE}?recharge=${recharge.id}`,
				},
			};
		},
		paying: (trx, { view }) => storeAnswer(trx, ctx, key, view),
	});
	if ("instead" in started) return replay(deps, ctx, started.instead, requestHash);
	const { redirectUrl } = started;
	const { view } = started.held;
	const answer = { ...view, redirectUrl };
	await deps.db.transaction().execute((trx) => storeAnswer(trx, ctx, key, answer));
	return answer;
}

function storeAnswer(trx: Transaction<DB>, ctx: SignedInContext, key: string, answer: RechargeView) {
	return storeIdempotentResponse(trx, {
		memberId: ctx.member.id,
		scope: START_SCOPE,
		key,
		response: answer,
	});
}

/** The same recharge again, as it stands now; its checkout link while it can still be paid. */
async function replay(
	deps: AppDeps,
	ctx: SignedInContext,
	record: { request_hash: string; response: unknown },
	requestHash: string,
): Promise<RechargeView> {
	if (record.request_hash !== requestHash) throw new BusinessError(ErrorCode.IdempotencyKeyReused);
	const first = record.response as Partial<RechargeView>;
	const row = first.id === undefined ? undefined : await findOwnRecharge(deps.db, ctx, first.id);
	if (!row) throw new Error("an idempotent recharge answer names no recharge of its member");
	const view = presentRecharge(row, ctx.lang);
	return row.status === "pending" && first.redirectUrl ? { ...view, redirectUrl: first.redirectUrl } : view;
}

function findOwnRecharge(db: Db, ctx: SignedInContext, rechargeId: number) {
	return db
		.selectFrom("recharge")
		.selectAll()
		.where("id", "=", rechargeId)
		.where("tenant_id", "=", ctx.tenant.id)
		.where("member_id", "=", ctx.member.id)
		.executeTakeFirst();
}

/**
 * GET /recharge/detail: one's own recharge (another member's reads as not found). A pending one
 * is first asked about at the gateway, so the page the payer returns to shows the outcome even
 * when the callback has not arrived.
 */
export async function getOwnRecharge(deps: AppDeps, ctx: SignedInContext, rechargeId: number): Promise<RechargeView> {
	const row = await findOwnRecharge(deps.db, ctx, rechargeId);
	if (!row) throw new BusinessError(ErrorCode.NotFound);
	if (row.status !== "pending") return presentRecharge(row, ctx.lang);
	await settlePendingPayments(deps, { purpose: "recharge", purposeId: rechargeId });
	const fresh = await findOwnRecharge(deps.db, ctx, rechargeId);
	return presentRecharge(fresh ?? row, ctx.lang);
}

/** What a payment does for a recharge (decision 028), registered with payments at start-up. */
export function registerRechargePaymentPurpose(): void {
	registerPaymentPurpose(rechargePaymentPurpose);
}

const rechargePaymentPurpose: PaymentPurpose = {
	kind: "recharge",
	settle: applyRechargeGatewayReport,
	async announce(deps, payment, outcome) {
		if (outcome === "applied") await announceRecharge(deps, payment.purpose_id);
	},
};

/**
 * A gateway's report on a recharge's payment, applied inside applyGatewayReport's transaction
 * (which holds the payment's row lock, has checked the amount against the one asked for, and
 * has recorded the report). Paid: the paid amount (external_funds → wallet) and the bonus
 * (stored_value_bonus → wallet) are two ledger transactions with keys of the recharge, so even
 * a second payment for it could not credit it twice. A recharge that expired meanwhile is still
 * credited: the member paid for exactly this package, and nothing else is at stake. Declined:
 * the recharge can no longer be paid (a new tap starts a new one) and is given up.
 */
async function applyRechargeGatewayReport(
	trx: Transaction<DB>,
	payment: GatewayPaymentRow,
	report: { status: "succeeded" | "declined" },
	now: Date,
): Promise<PurposeOutcome> {
	const recharge = await trx
		.selectFrom("recharge")
		.selectAll()
		.where("id", "=", payment.purpose_id)
		.forUpdate()
		.executeTakeFirst();
	if (!recharge) throw new Error(`gateway payment ${payment.id} names a missing recharge`);
	if (report.status === "declined") {
		if (recharge.status === "pending")
			await trx.updateTable("recharge").set({ status: "expired" }).where("id", "=", recharge.id).execute();
		return "declined";
	}
	if (recharge.status === "paid") return "already_applied";
	// The payment was recorded for the recharge's price; a differing one would be a bug of ours.
	if (payment.amount !== recharge.pay_amount)
		throw new Error(`gateway payment ${payment.id} does not pay recharge ${recharge.id}'s price`);
	await creditRecharge(trx, recharge, now);
	return "applied";
}

async function creditRecharge(trx: Transaction<DB>, recharge: RechargeRow, now: Date) {
	const wallet = { kind: "member_wallet" as const, tenantId: recharge.tenant_id, memberId: recharge.member_id };
	await postLedgerTxn(trx, {
		tenantId: recharge.tenant_id,
		kind: "recharge",
		idempotencyKey: `recharge:${recharge.id}:paid`,
		orderId: null,
		rechargeId: recharge.id,
		now,
		moves: [
			{ account: { kind: "external_funds", tenantId: recharge.tenant_id }, amount: -recharge.pay_amount },
			{ account: wallet, amount: recharge.pay_amount },
		],
	});
	if (recharge.bonus_amount > 0)
		await postLedgerTxn(trx, {
			tenantId: recharge.tenant_id,
			kind: "recharge_bonus",
			idempotencyKey: `recharge:${recharge.id}:bonus`,
			orderId: null,
			rechargeId: recharge.id,
			now,
			moves: [
				{ account: { kind: "stored_value_bonus", tenantId: recharge.tenant_id }, amount: -recharge.bonus_amount },
				// Kept apart in the wallet: spent, it goes back to the business, never to a shop (decision 027).
				{ account: wallet, amount: recharge.bonus_amount, bonus: recharge.bonus_amount },
			],
		});
	await trx.updateTable("recharge").set({ status: "paid", paid_at: now }).where("id", "=", recharge.id).execute();
	// The member hears of it in their chat, committed with the credit (decision 024).
	await tellMember(trx, {
		tenantId: recharge.tenant_id,
		memberId: recharge.member_id,
		kind: "rechargeCredited",
		subjectId: recharge.id,
		now,
	});
}

/** Tells the member's open pages (balance, bill) that a recharge was credited: after the commit. */
export async function announceRecharge(deps: Pick<AppDeps, "db" | "events">, rechargeId: number): Promise<void> {
	const row = await deps.db
		.selectFrom("recharge")
		.select(["tenant_id", "member_id"])
		.where("id", "=", rechargeId)
		.executeTakeFirst();
	if (!row) return;
	const balance = await accountBalance(deps.db, {
		kind: "member_wallet",
		tenantId: row.tenant_id,
		memberId: row.member_id,
	});
	await deps.events
		.publish({
			type: "balance.changed",
			tenantId: row.tenant_id,
			memberId: row.member_id,
			reason: "recharged",
			balance,
		})
		.catch(() => {});
}
