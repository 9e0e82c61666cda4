import { ErrorCode, type KhqrCurrency, type PayReservationInput, type ReservationPaymentResult } from "@bayon/contract";
import type { Selectable, Transaction, Updateable } from "kysely";
import { claimIdempotencyKey, findIdempotencyRecord, storeIdempotentResponse } from "../../../db/idempotency.js";
import type { DB } from "../../../db/schema.js";
import { BusinessError } from "../../../http/business-error.js";
import type { AppDeps } from "../../../http/deps.js";
import { optionalIdempotencyKey } from "../../../http/idempotency-key.js";
import type { SignedInContext } from "../../../http/request-context.js";
import { sha256Hex } from "../../../lib/crypto.js";
import { settlePendingPayments, startGatewayCheckout } from "../../payments/attempts/attempts.js";
import { noGatewayPaymentInDoubt } from "../../payments/attempts/in-doubt.js";
import { bookGatewayCapture, refundGatewayCapture } from "../../payments/attempts/ledger.js";
import type { GatewayName } from "../../payments/gateway.js";
import {
	type PaymentRow as GatewayPaymentRow,
	type PaymentPurpose,
	type PurposeOutcome,
	registerPaymentPurpose,
} from "../../payments/purposes.js";
import { settlePaymentsOfExpired } from "../../payments/reconciliation/reconciliation.js";
import { isGatewayProvider } from "../../payments/refunds/refunds.js";
import { lockWalletParts } from "../../wallet/bonus.js";
import { accountBalance, postLedgerTxn } from "../../wallet/ledger.js";
import { presentReservations } from "../present.js";
import {
	announceReservationChange,
	changeReservationStatus,
	lockReservation,
	type ReservationRow,
} from "../records.js";
import { deliverReleasedRefunds, lockLivePayments, releaseBookingMoney, setRowStatus } from "./booking-money.js";

/**
 * Paying what a booking owes (decision 020): the deposit and a pre-order paid ahead, from the
 * stored balance or through a hosted gateway, into the tenant's reservation_hold account.
 * Everything happens under the booking's row lock, so parallel clicks, callbacks and the
 * expiry job take turns: the money is taken once, and a booking whose hold ended is never
 * charged (money that reaches a gateway too late is booked and refunded at once).
 */

type PaymentRow = Selectable<DB["reservation_payment"]>;

const PAY_SCOPE = "reservation.pay";
/** Statuses in which a booking can still take money: the hold, or a booked table with a pre-order due. */
const PAYABLE = ["awaiting_payment", "pending", "confirmed"] as const;

/**
 * POST /reservation/pay. From the balance, an Idempotency-Key header (when sent; a malformed one
 * is refused) makes a retry answer what the first request answered, charging nothing again;
 * without it a second click finds nothing due (ReservationNotPayable). Through a gateway, every
 * click starts a fresh checkout for what is owed: the rows follow the newest payment, and money
 * that still arrives for an older one is refunded on arrival, so nothing is charged twice either
 * way.
 */
export async function payReservation(
	deps: AppDeps,
	ctx: SignedInContext,
	input: PayReservationInput,
	idempotencyKey: string | undefined,
	origin: string,
): Promise<ReservationPaymentResult> {
	// A malformed key is refused (IdempotencyKeyRequired), as on every money route: ignoring it
	// would let a retry the client believes is protected charge again.
	const key = optionalIdempotencyKey(idempotencyKey);
	const requestHash = sha256Hex(JSON.stringify(input));
	if (key) {
		const record = await findIdempotencyRecord(deps.db, {
			memberId: ctx.member.id,
			scope: PAY_SCOPE,
			key,
		});
		if (record) return replayed(record, requestHash);
	}
	const result =
		input.payMethod === "balance"
			? await payFromBalance(deps, ctx, input.reservationId, key, requestHash)
			: await startGatewayPayment(deps, ctx, input.reservationId, input.payMethod, origin, input.railCurrency);
	if (!("replayed" in result)) await announceReservationChange(deps, input.reservationId, result.reason);
	return result.answer;
}

type PayOutcome =
	| { answer: ReservationPaymentResult; reason: string }
	| { answer: ReservationPaymentResult; replayed: true };

function replayed(record: { request_hash: string; response: unknown }, requestHash: string): ReservationPaymentResult {
	if (record.request_hash !== requestHash) throw new BusinessError(ErrorCode.IdempotencyKeyReused);
	return record.response as ReservationPaymentResult;
}

/**
 * The guest's own booking, locked, with what it owes now: its payment rows that are due (or
 * were left `paying` at a gateway the guest gave up on: money that still arrives there is
 * refunded then). ReservationNotPayable when nothing is due or the hold has passed.
 */
async function lockWhatIsOwed(trx: Transaction<DB>, ctx: SignedInContext, reservationId: number, now: Date) {
	const reservation = await lockReservation(trx, ctx.tenant.id, reservationId);
	if (!reservation || reservation.member_id !== ctx.member.id) throw new BusinessError(ErrorCode.NotFound);
	const holdPassed =
		reservation.status === "awaiting_payment" &&
		reservation.pay_deadline !== null &&
		new Date(reservation.pay_deadline).getTime() <= now.getTime();
	if (!(PAYABLE as readonly string[]).includes(reservation.status) || holdPassed)
		throw new BusinessError(ErrorCode.ReservationNotPayable);
	const owed = (await lockLivePayments(trx, reservation.id)).filter(
		(row) => row.status === "due" || row.status === "paying",
	);
	if (owed.length === 0) throw new BusinessError(ErrorCode.ReservationNotPayable);
	return { reservation, owed, amount: owed.reduce((sum, row) => sum + row.amount, 0) };
}

async function claimKey(
	trx: Transaction<DB>,
	ctx: SignedInContext,
	key: string | null,
	requestHash: string,
	now: Date,
): Promise<ReservationPaymentResult | null> {
	if (!key) return null;
	if (await claimIdempotencyKey(trx, { memberId: ctx.member.id, scope: PAY_SCOPE, key, requestHash, now })) return null;
	// A concurrent request with this key committed first: answer what it answered.
	const record = await findIdempotencyRecord(trx, { memberId: ctx.member.id, scope: PAY_SCOPE, key });
	if (!record) throw new Error("idempotency record vanished");
	return replayed(record, requestHash);
}

async function storeAnswer(
	trx: Transaction<DB>,
	ctx: SignedInContext,
	key: string | null,
	answer: ReservationPaymentResult,
) {
	if (key)
		await storeIdempotentResponse(trx, {
			memberId: ctx.member.id,
			scope: PAY_SCOPE,
			key,
			response: answer,
		});
}

async function presentOne(trx: Transaction<DB> | AppDeps["db"], row: ReservationRow, ctx: SignedInContext, now: Date) {
	const [view] = await presentReservations(trx, [row], { kind: "guest", memberId: ctx.member.id }, ctx.lang, now);
	if (!view) throw new Error(`booking ${row.id} could not be presented`);
	return view;
}

/**
 * From the stored balance, in one transaction: one ledger transaction moves everything owed
 * from the guest's wallet to the hold (a conditional update: never below zero, otherwise
 * InsufficientBalance and nothing changes), the rows become paid, and a booking that was
 * waiting for the money moves on (confirmed by itself, or pending for the staff).
 */
async function payFromBalance(
	deps: AppDeps,
	ctx: SignedInContext,
	reservationId: number,
	key: string | null,
	requestHash: string,
): Promise<PayOutcome> {
	const now = deps.clock.now();
	const wallet = { kind: "member_wallet" as const, tenantId: ctx.tenant.id, memberId: ctx.member.id };
	return deps.db.transaction().execute(async (trx): Promise<PayOutcome> => {
		const replay = await claimKey(trx, ctx, key, requestHash, now);
		if (replay) return { answer: replay, replayed: true };
		const { reservation, owed, amount } = await lockWhatIsOwed(trx, ctx, reservationId, now);
		// Money a booking holds may become the shop's (a kept deposit), so it is money the guest
		// paid in, never recharge bonus (decision 027): the ledger's move takes paid money only, and
		// a balance that covers it only with its bonus is told so rather than "insufficient".
		const parts = await lockWalletParts(trx, wallet);
		if (parts.balance >= amount && parts.balance - parts.bonus < amount)
			throw new BusinessError(ErrorCode.BonusNotForBooking);
		await postLedgerTxn(trx, {
			tenantId: ctx.tenant.id,
			kind: "reservation_payment",
			// The rows paid, by id: paying the same rows twice is impossible even past the status check.
			idempotencyKey: `reservation-payment:${owed.map((row) => row.id).join(",")}:payment`,
			orderId: null,
			reservationId: reservation.id,
			now,
			moves: [
				{ account: wallet, amount: -amount },
				{ account: { kind: "reservation_hold", tenantId: ctx.tenant.id }, amount },
			],
		});
		await markRowsPaid(trx, owed, { method: "balance", gatewayPaymentId: null, now });
		const updated = await moveOnWhenPaid(trx, reservation, { actor: "guest", actorMemberId: ctx.member.id, now });
		const answer: ReservationPaymentResult = {
			reservation: await presentOne(trx, updated, ctx, now),
			balance: await accountBalance(trx, wallet),
		};
		await storeAnswer(trx, ctx, key, answer);
		return { answer, reason: "paid" };
	});
}

/** Writes the same change to each of these payment rows, in one statement (none for no rows). */
async function updatePaymentRows(
	trx: Transaction<DB>,
	rows: Array<Pick<PaymentRow, "id">>,
	change: Updateable<DB["reservation_payment"]>,
) {
	if (rows.length === 0) return;
	await trx
		.updateTable("reservation_payment")
		.set(change)
		.where(
			"id",
			"in",
			rows.map((row) => row.id),
		)
		.execute();
}

function markRowsPaid(
	trx: Transaction<DB>,
	rows: Array<Pick<PaymentRow, "id">>,
	how: { method: PaymentRow["pay_method"]; gatewayPaymentId: string | null; now: Date },
) {
	return updatePaymentRows(trx, rows, {
		status: "paid",
		pay_method: how.method,
		gateway_payment_id: how.gatewayPaymentId,
		paid_at: how.now,
	});
}

/** Rows a gateway payment was paying and will not pay are owed again, for the guest to pay anew. */
function makeDueAgain(trx: Transaction<DB>, rows: Array<Pick<PaymentRow, "id">>) {
	return updatePaymentRows(trx, rows, { status: "due", gateway_payment_id: null });
}

/** A booking held for its money moves on once paid: confirmed when it may confirm itself, else pending for the staff. */
async function moveOnWhenPaid(
	trx: Transaction<DB>,
	reservation: ReservationRow,
	by: { actor: "guest" | "system"; actorMemberId: number | null; now: Date },
): Promise<ReservationRow> {
	if (reservation.status !== "awaiting_payment") return reservation;
	return changeReservationStatus(trx, reservation, reservation.auto_confirm ? "confirmed" : "pending", {
		...by,
		note: "paid",
	});
}

/**
 * Through a hosted gateway: a pending payment for everything owed is recorded for the booking,
 * the rows wait as `paying`, and the guest is sent to the gateway; its report (callback, or
 * our question) pays them. The guest comes back to the booking's page.
 */
async function startGatewayPayment(
	deps: AppDeps,
	ctx: SignedInContext,
	reservationId: number,
	provider: GatewayName,
	origin: string,
	railCurrency: KhqrCurrency | undefined,
): Promise<PayOutcome> {
	const started = await startGatewayCheckout(deps, ctx, {
		purpose: "booking",
		provider,
		origin,
		railCurrency,
		hold: async (trx, { now }) => {
			const { reservation, owed, amount } = await lockWhatIsOwed(trx, ctx, reservationId, now);
			return {
				pay: {
					reservation,
					owed,
					purposeId: reservation.id,
					amount,
					description: `Bayon · ${reservation.code}`,
					returnPath: `/pages/components/pages/due/detail?id=${reservation.id}`,
				},
			};
		},
		paying: (trx, { owed }, paymentId) =>
			updatePaymentRows(trx, owed, { status: "paying", gateway_payment_id: paymentId }),
	});
	const { held, now, redirectUrl } = started;
	const fresh = await deps.db
		.selectFrom("reservation")
		.selectAll()
		.where("id", "=", held.reservation.id)
		.executeTakeFirstOrThrow();
	return { answer: { reservation: await presentOne(deps.db, fresh, ctx, now), redirectUrl }, reason: "paying" };
}

/**
 * What a payment does for a booking (decision 028), registered with payments at start-up; it
 * tells the booking's watchers after commit.
 */
export function registerBookingPaymentPurpose(): void {
	registerPaymentPurpose(bookingPaymentPurpose);
}

const bookingPaymentPurpose: PaymentPurpose = {
	kind: "booking",
	settle: applyReservationGatewayReport,
	async announce(deps, payment, outcome) {
		await announceReservationChange(
			deps,
			payment.purpose_id,
			outcome === "applied" ? "paid" : outcome === "declined" ? "paymentDeclined" : "paymentRefunded",
		);
	},
};

/**
 * A gateway's report on a booking's payment, applied inside applyGatewayReport's transaction
 * (which holds the payment's row lock and has recorded the report). Under the booking's lock:
 * declined, the rows it was paying are due again; paid, and the booking still waits for
 * exactly these rows, they are paid into the hold and the booking moves on; otherwise (the
 * hold expired, the booking was cancelled, the guest paid another way meanwhile) the money is
 * booked in and straight back out and refunded through the outbox, never lost and never kept.
 */
async function applyReservationGatewayReport(
	trx: Transaction<DB>,
	payment: GatewayPaymentRow,
	report: { status: "succeeded" | "declined" },
	now: Date,
): Promise<PurposeOutcome> {
	const method = payment.provider;
	if (!isGatewayProvider(method)) throw new Error(`payment ${payment.id}: a booking is paid at a gateway only`);
	const reservation = await lockReservation(trx, payment.tenant_id, payment.purpose_id);
	if (!reservation) throw new Error(`gateway payment ${payment.id} names a missing booking`);
	const rows = await trx
		.selectFrom("reservation_payment")
		.selectAll()
		.where("gateway_payment_id", "=", payment.id)
		.orderBy("id")
		.forUpdate()
		.execute();
	const paying = rows.filter((row) => row.status === "paying");
	if (report.status === "declined") {
		await makeDueAgain(trx, paying);
		return "declined";
	}
	const stillWaiting =
		(PAYABLE as readonly string[]).includes(reservation.status) &&
		paying.length > 0 &&
		paying.reduce((sum, row) => sum + row.amount, 0) === payment.amount;
	const hold = { kind: "reservation_hold" as const, tenantId: payment.tenant_id };
	const money = {
		tenantId: payment.tenant_id,
		paymentId: payment.id,
		amount: payment.amount,
		link: { orderId: null, reservationId: reservation.id },
		now,
	};
	await bookGatewayCapture(trx, { ...money, kind: "reservation_payment", into: hold });
	if (stillWaiting) {
		await markRowsPaid(trx, paying, { method, gatewayPaymentId: payment.id, now });
		await moveOnWhenPaid(trx, reservation, { actor: "guest", actorMemberId: payment.payer_member_id ?? null, now });
		return "applied";
	}
	await refundGatewayCapture(trx, { ...money, kind: "reservation_refund", from: hold, reason: "late_payment" });
	// Rows voided since (the booking ended, the pre-order was replaced) read what became of the
	// money: it came and went back. Rows still waiting for it (the payment no longer covered
	// exactly what is owed) are due again, for the guest to pay what is owed now.
	const bookingOpen = (PAYABLE as readonly string[]).includes(reservation.status);
	const voided = rows.filter((row) => row.status === "void" || (row.status === "paying" && !bookingOpen));
	for (const row of voided) await setRowStatus(trx, row, "refunded", now);
	await updatePaymentRows(trx, voided, { pay_method: method, paid_at: now });
	if (bookingOpen) await makeDueAgain(trx, paying);
	return "refunded_late";
}

/**
 * Releases unpaid holds whose pay deadline passed (a job, safe on several servers: bookings
 * are claimed with SKIP LOCKED). A booking with a payment still open at a gateway is not
 * simply released: the gateway is asked first (as for orders, decision 005); paid, the
 * booking keeps its table; not decided after the deadline, it expires (money that still
 * arrives is refunded on arrival); no answer, it waits for a later run. A booking that is
 * paid is never expired: paying moves it out of awaiting_payment under the same lock.
 */
export async function expireUnpaidReservations(deps: AppDeps, limit = 100): Promise<number> {
	const now = deps.clock.now();
	await settlePaymentsOfExpired(deps, {
		purpose: "booking",
		limit,
		expired: (eb) =>
			eb.exists(
				eb
					.selectFrom("reservation as r")
					.select("r.id")
					.whereRef("r.id", "=", "p.purpose_id")
					.where("r.status", "=", "awaiting_payment")
					.where("r.pay_deadline", "<=", now)
					.where((inner) =>
						inner.or([inner("p.checked_at", "is", null), inner("p.checked_at", "<", inner.ref("r.pay_deadline"))]),
					),
			),
	});
	const expired = await deps.db.transaction().execute(async (trx) => {
		const claimed = await trx
			.selectFrom("reservation")
			.selectAll()
			.where("status", "=", "awaiting_payment")
			.where("pay_deadline", "<=", now)
			.where(noGatewayPaymentInDoubt("booking", "reservation.id", "reservation.pay_deadline"))
			.orderBy("pay_deadline")
			.limit(limit)
			.forUpdate()
			.skipLocked()
			.execute();
		const released = [];
		for (const reservation of claimed) {
			// Nothing was paid (paying would have moved it on); due and paying rows are voided.
			released.push(
				await releaseBookingMoney(trx, {
					tenantId: reservation.tenant_id,
					reservationId: reservation.id,
					outcome: "refund",
					now,
				}),
			);
			await changeReservationStatus(trx, reservation, "expired", {
				actor: "system",
				actorMemberId: null,
				note: "payment_timeout",
				now,
			});
		}
		return { ids: claimed.map((row) => row.id), released };
	});
	deliverReleasedRefunds(deps, expired.released);
	for (const id of expired.ids) await announceReservationChange(deps, id, "expired");
	return expired.ids.length;
}

/** Asks the gateway about the booking's payments still pending (a payer back from the gateway before its callback). */
export async function settleReservationPayments(deps: AppDeps, reservationId: number): Promise<void> {
	await settlePendingPayments(deps, { purpose: "booking", purposeId: reservationId });
}
