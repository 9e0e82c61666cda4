import {
	type CancelReservationInput,
	type ChangePreorderInput,
	ErrorCode,
	formatMessage,
	formatMoney,
	HOLDING_RESERVATION_STATUSES,
	type MyReservationListQuery,
	type PageResult,
	RESERVATION_STATUSES,
	RESERVATION_TAB_OF,
	type ReservationStatus,
	ReservationStatusCode,
	type ReservationView,
	type UpcomingReservations,
} from "@bayon/contract";
import type { z } from "zod";
import { BusinessError } from "../../../http/business-error.js";
import type { AppDeps } from "../../../http/deps.js";
import type { SignedInContext } from "../../../http/request-context.js";
import { pricePreorderIn, storePreorder } from "../booking/preorder.js";
import * as queries from "../booking/queries.js";
import {
	deliverReleasedRefunds,
	type ReleasedMoney,
	refundPreorderPayment,
	releaseBookingMoney,
} from "../money/booking-money.js";
import { settleReservationPayments } from "../money/payments.js";
import { cancelUntilOf, presentReservations } from "../present.js";
import {
	announceReservationChange,
	BEFORE_ARRIVAL,
	changeReservationStatus,
	givePreorderStockBack,
	lockReservation,
	type ReservationRow,
	readReservationSettings,
} from "../records.js";
import { calendarFile } from "./ics.js";

const HOLDING: ReservationStatus[] = [...HOLDING_RESERVATION_STATUSES];
/** Bookings shown on the home and mine tabs. */
const UPCOMING_LIMIT = 5;

/** The guest's bookings under one of the spec's tabs, the latest start first. */
export async function listOwnReservations(
	deps: AppDeps,
	ctx: SignedInContext,
	query: MyReservationListQuery,
): Promise<PageResult<ReservationView>> {
	const statuses =
		query.status === ReservationStatusCode.All
			? [...RESERVATION_STATUSES]
			: RESERVATION_STATUSES.filter((status) => RESERVATION_TAB_OF[status] === query.status);
	const base = deps.db
		.selectFrom("reservation")
		.where("tenant_id", "=", ctx.tenant.id)
		.where("member_id", "=", ctx.member.id)
		.where("status", "in", statuses);
	const [rows, total] = await Promise.all([
		base
			.selectAll()
			.orderBy("starts_at", "desc")
			.orderBy("id", "desc")
			.offset((query.page - 1) * query.pageSize)
			.limit(query.pageSize)
			.execute(),
		base.select((eb) => eb.fn.countAll<string>().as("n")).executeTakeFirstOrThrow(),
	]);
	return {
		list: await presentReservations(
			deps.db,
			rows,
			{ kind: "guest", memberId: ctx.member.id },
			ctx.lang,
			deps.clock.now(),
		),
		total: Number(total.n),
	};
}

/** The guest's own booking; another member's id answers exactly like one that does not exist. */
export async function findOwnReservation(deps: AppDeps, ctx: SignedInContext, id: number): Promise<ReservationRow> {
	const row = await deps.db
		.selectFrom("reservation")
		.selectAll()
		.where("tenant_id", "=", ctx.tenant.id)
		.where("member_id", "=", ctx.member.id)
		.where("id", "=", id)
		.executeTakeFirst();
	if (!row) throw new BusinessError(ErrorCode.NotFound);
	return row;
}

/**
 * The guest's booking. One that waits on a gateway payment is first settled with the gateway,
 * so a guest back from paying sees it paid even before the gateway's callback arrives.
 */
export async function getOwnReservation(deps: AppDeps, ctx: SignedInContext, id: number): Promise<ReservationView> {
	const row = await findOwnReservation(deps, ctx, id);
	const paying = await deps.db
		.selectFrom("reservation_payment")
		.select("id")
		.where("reservation_id", "=", row.id)
		.where("status", "=", "paying")
		.executeTakeFirst();
	if (!paying) return presentOwn(deps, ctx, row);
	await settleReservationPayments(deps, row.id);
	return presentOwn(deps, ctx, await findOwnReservation(deps, ctx, id));
}

async function presentOwn(deps: AppDeps, ctx: SignedInContext, row: ReservationRow): Promise<ReservationView> {
	const [view] = await presentReservations(
		deps.db,
		[row],
		{ kind: "guest", memberId: ctx.member.id },
		ctx.lang,
		deps.clock.now(),
	);
	if (!view) throw new BusinessError(ErrorCode.NotFound);
	return view;
}

/** The guest's next bookings that still hold their tables (home and mine tabs), soonest first. */
export async function listUpcoming(deps: AppDeps, ctx: SignedInContext): Promise<UpcomingReservations> {
	const now = deps.clock.now();
	const rows = await deps.db
		.selectFrom("reservation")
		.selectAll()
		.where("tenant_id", "=", ctx.tenant.id)
		.where("member_id", "=", ctx.member.id)
		.where("status", "in", HOLDING)
		.where("ends_at", ">", now)
		.orderBy("starts_at")
		.orderBy("id")
		.limit(UPCOMING_LIMIT)
		.execute();
	return { list: await presentReservations(deps.db, rows, { kind: "guest", memberId: ctx.member.id }, ctx.lang, now) };
}

/**
 * The guest cancels (decision 020): only when the shop lets guests cancel (a cancel window
 * above 0) and before the booking starts. Before `cancelUntil` it is free (cancelled, money
 * refunded); after it, a booking whose deposit was paid is late-cancelled and the shop keeps
 * the deposit; one without a paid deposit is simply cancelled. A booking already cancelled
 * answers as it is (a double click). The app's screen warns before a cancel that keeps the
 * deposit and says how much it told the guest (`depositKeptAtMost`): a cancel that would keep
 * more (the screen's clock was behind) is refused, nothing changed, with the amount it would keep.
 */
export async function cancelOwnReservation(
	deps: AppDeps,
	ctx: SignedInContext,
	input: CancelReservationInput,
): Promise<ReservationView> {
	const cancelled = await tryCancelOwnReservation(deps, ctx, input, {
		keepAtMost: input.depositKeptAtMost ?? null,
	});
	if ("wouldKeep" in cancelled)
		throw new BusinessError(ErrorCode.ReservationCancelKeepsDeposit, {
			amount: formatMoney(cancelled.wouldKeep, ctx.tenant.currency),
		});
	return cancelled.view;
}

/** What a guest's cancel did: the booking as it is now and the money it moved. */
export interface OwnCancellation {
	view: ReservationView;
	/** False when the booking was cancelled already (a double tap): nothing moved now. */
	changed: boolean;
	/** Paid money given back the way it was paid (minor units). */
	refunded: number;
	/** The paid deposit the shop kept (a late cancel). */
	kept: number;
}

/**
 * The guest's cancel, keeping at most `keepAtMost` of a paid deposit (null: whatever the rules
 * say). When cancelling now would keep more, nothing changes and the answer says how much it
 * would keep, so the caller warns first and asks again with that amount: a cancel pressed
 * without seeing the warning (the bot's Cancel on a reminder, decision 024) never keeps a
 * deposit. Decided under the booking's lock, so the rules as they stand then are the ones that
 * apply: a cancel that turns late while the guest hesitates is caught too.
 */
export async function tryCancelOwnReservation(
	deps: AppDeps,
	ctx: SignedInContext,
	input: CancelReservationInput,
	limit: { keepAtMost: number | null },
): Promise<OwnCancellation | { wouldKeep: number }> {
	type Decided = { wouldKeep: number } | { released: ReleasedMoney; kept: number; refunded: number } | null;
	const changed = await deps.db.transaction().execute(async (trx): Promise<Decided> => {
		const now = deps.clock.now();
		const row = await lockReservation(trx, ctx.tenant.id, input.reservationId);
		if (!row || row.member_id !== ctx.member.id) throw new BusinessError(ErrorCode.NotFound);
		if (row.status === "cancelled" || row.status === "late_cancelled") return null;
		if (!BEFORE_ARRIVAL.includes(row.status)) throw new BusinessError(ErrorCode.ReservationStateChanged);
		const [settings, shop] = await Promise.all([
			readReservationSettings(trx, row.shop_id),
			queries.findShop(trx, ctx.tenant.id, row.shop_id),
		]);
		const startsAt = new Date(row.starts_at);
		const cancelUntil = cancelUntilOf(startsAt, settings);
		if (!cancelUntil || now.getTime() >= startsAt.getTime())
			throw new BusinessError(ErrorCode.ReservationNotCancellable, { phone: shop?.phone ?? "" });
		// Rows still `paying` are voided, not refunded or kept: their money has not arrived (and
		// is refunded if it does). A deposit being paid still makes the cancel late.
		const payments = await trx
			.selectFrom("reservation_payment")
			.select(["kind", "status", "amount"])
			.where("reservation_id", "=", row.id)
			.where("status", "in", ["paying", "paid"])
			.execute();
		const late = now.getTime() >= cancelUntil.getTime() && payments.some((payment) => payment.kind === "deposit");
		const paid = payments.filter((payment) => payment.status === "paid");
		const kept = late
			? paid.filter((payment) => payment.kind === "deposit").reduce((sum, payment) => sum + payment.amount, 0)
			: 0;
		if (limit.keepAtMost !== null && kept > limit.keepAtMost) return { wouldKeep: kept };
		const released = await releaseBookingMoney(trx, {
			tenantId: ctx.tenant.id,
			reservationId: row.id,
			outcome: late ? "keepDeposit" : "refund",
			now,
		});
		await changeReservationStatus(trx, row, late ? "late_cancelled" : "cancelled", {
			actor: "guest",
			actorMemberId: ctx.member.id,
			note: input.reason ?? null,
			now,
			set: { cancel_reason: input.reason ?? null },
		});
		return { released, kept, refunded: paid.reduce((sum, payment) => sum + payment.amount, 0) - kept };
	});
	if (changed && "wouldKeep" in changed) return changed;
	if (changed) {
		deliverReleasedRefunds(deps, [changed.released]);
		await announceReservationChange(deps, input.reservationId, "cancelled");
	}
	return {
		view: await getOwnReservation(deps, ctx, input.reservationId),
		changed: changed !== null,
		refunded: changed?.refunded ?? 0,
		kept: changed?.kept ?? 0,
	};
}

/**
 * Replaces (or with null removes) the pre-order until the party is seated. The old
 * pre-order's payment is given back (a due one voided, a paid one refunded by the money side)
 * and so is its stock; then the dishes are priced by the server with the cart rules of dine-in
 * orders — in the same transaction, so the stock the old pre-order held counts as left — and
 * their stock is taken (storePreorder). A pre-order paid now asks a new due payment. A booking
 * that waited only for a pre-order's payment that is gone goes on to its decided status.
 */
export async function changeOwnPreorder(
	deps: AppDeps,
	ctx: SignedInContext,
	input: z.output<typeof ChangePreorderInput>,
): Promise<ReservationView> {
	const current = await findOwnReservation(deps, ctx, input.reservationId);
	if (!BEFORE_ARRIVAL.includes(current.status)) throw new BusinessError(ErrorCode.PreorderLocked);
	const released = await deps.db.transaction().execute(async (trx) => {
		const now = deps.clock.now();
		const row = await lockReservation(trx, ctx.tenant.id, input.reservationId);
		if (!row || row.member_id !== ctx.member.id) throw new BusinessError(ErrorCode.NotFound);
		if (!BEFORE_ARRIVAL.includes(row.status)) throw new BusinessError(ErrorCode.PreorderLocked);
		const refunded = await refundPreorderPayment(trx, { tenantId: ctx.tenant.id, reservationId: row.id, now });
		await givePreorderStockBack(trx, row.id);
		if (input.preorder) {
			const preorder = await pricePreorderIn(trx, deps, ctx, row.shop_id, input.preorder);
			await storePreorder(trx, deps, ctx, { shopId: row.shop_id, reservationId: row.id, preorder, now });
		} else await trx.deleteFrom("reservation_preorder").where("reservation_id", "=", row.id).execute();
		if (row.status === "awaiting_payment") {
			const stillOwed = await trx
				.selectFrom("reservation_payment")
				.select("id")
				.where("reservation_id", "=", row.id)
				.where("status", "in", ["due", "paying"])
				.executeTakeFirst();
			if (!stillOwed)
				await changeReservationStatus(trx, row, row.auto_confirm ? "confirmed" : "pending", {
					actor: "guest",
					actorMemberId: ctx.member.id,
					now,
				});
		}
		return refunded;
	});
	deliverReleasedRefunds(deps, [released]);
	await announceReservationChange(deps, input.reservationId, "preorderChanged");
	return getOwnReservation(deps, ctx, input.reservationId);
}

/** The guest's booking as an iCalendar file ("add to calendar"), in the guest's language. */
export async function getOwnReservationCalendar(
	deps: AppDeps,
	ctx: SignedInContext,
	id: number,
): Promise<{ fileName: string; body: string }> {
	const view = await getOwnReservation(deps, ctx, id);
	const cancelled = !HOLDING.includes(view.status) && view.status !== "completed";
	const body = calendarFile({
		uid: `reservation-${view.id}-${ctx.tenant.id}@bayon`,
		start: new Date(view.startsAt),
		end: new Date(view.endsAt),
		stamp: deps.clock.now(),
		summary: formatMessage("reservationCalendarTitle", ctx.lang, { shop: view.shopName, party: view.party }),
		description: formatMessage("reservationCalendarNote", ctx.lang, { code: view.code, phone: view.shopPhone }),
		location: view.shopAddress,
		cancelled,
	});
	return { fileName: `reservation-${view.code}.ics`, body };
}
