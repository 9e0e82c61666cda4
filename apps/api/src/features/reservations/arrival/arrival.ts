import {
	ARRIVAL_CODE_ALPHABET,
	ARRIVAL_CODE_LENGTH,
	type ArrivalResult,
	type ArriveReservationInput,
	ErrorCode,
	RESERVATION_EARLY_ARRIVAL_MINUTES,
} from "@bayon/contract";
import type { Selectable, Transaction } from "kysely";
import type { DB } from "../../../db/schema.js";
import { BusinessError } from "../../../http/business-error.js";
import type { AppDeps } from "../../../http/deps.js";
import type { RequestContext, SignedInContext } from "../../../http/request-context.js";
import { recordShopEarning } from "../../merchant-wallet/earnings/earnings.js";
import { tellShopGroup } from "../../notifications/outbox/outbox.js";
import { type BillRow, joinOrOpenSeating, OPEN_ROUND_EXCLUDED } from "../../ordering/bills/bill-settlement.js";
import { STALE_SEATING_SECONDS } from "../../ordering/bills/table-seatings.js";
import { orderNumber } from "../../ordering/checkout/checkout.js";
import { announceBillChange, announceOrderChange } from "../../ordering/events.js";
import * as orderQueries from "../../ordering/queries.js";
import { toLocalMoment } from "../../venues/hours.js";
import { requireShopPermission } from "../../venues/staff/staff-access.js";
import { postLedgerTxn } from "../../wallet/ledger.js";
import { deliverReleasedRefunds, lockLivePayments, setRowStatus } from "../money/booking-money.js";
import { presentReservations } from "../present.js";
import {
	announceReservationChange,
	changeReservationStatus,
	lockReservation,
	type ReservationActor,
	type ReservationRow,
	type StoredPreorderLine,
} from "../records.js";

/**
 * Arrival (decision 020): the party is seated on its booking. Staff scan the guest's QR code
 * or type its short code; a guest who scans the QR code of the booking's own table is seated
 * the same way. Under the booking's lock, in one transaction: the table's seating (its open
 * bill) opens or is joined with the booking on it, the paid deposit becomes the bill's credit,
 * the pre-order becomes an order on that bill (paid from the hold when it was paid ahead, an
 * unpaid round otherwise), and the booking is seated. A guest cancelling at the same moment
 * waits for the lock and finds the booking seated (or the staff find it cancelled): one outcome.
 */

type PaymentRow = Selectable<DB["reservation_payment"]>;

const ARRIVABLE = ["pending", "confirmed"] as const;

/**
 * The arrival code in what the staff typed or scanned: the bare code (spaces and dashes
 * ignored: codes are read aloud in groups, "K7M-2QX"), or any text (the QR code's URL) with
 * `code=XXXXXX` in it. Null when nothing shaped like a code is there.
 */
export function arrivalCodeOf(text: string): string | null {
	const upper = text.trim().toUpperCase();
	const candidate = /(?:^|[?&#\s])CODE=([A-Z0-9]+)/.exec(upper)?.[1] ?? upper.replace(/[\s-]+/g, "");
	if (candidate.length !== ARRIVAL_CODE_LENGTH) return null;
	return [...candidate].every((char) => ARRIVAL_CODE_ALPHABET.includes(char)) ? candidate : null;
}

export interface Seated {
	reservationId: number;
	billId: number;
	tableNumbers: string[];
	preorderOrderId: number | null;
	gatewayPaymentIds: string[];
}

/** POST /merchant/reservation/arrive: staff of the shop who may work the board. */
export async function arriveReservation(
	deps: AppDeps,
	ctx: SignedInContext,
	input: ArriveReservationInput,
): Promise<ArrivalResult> {
	await requireShopPermission(deps, ctx, input.shopId, "board");
	const code = arrivalCodeOf(input.code);
	if (!code) throw new BusinessError(ErrorCode.ArrivalCodeUnknown);
	const found = await deps.db
		.selectFrom("reservation")
		.select("id")
		.where("tenant_id", "=", ctx.tenant.id)
		.where("shop_id", "=", input.shopId)
		.where("code", "=", code)
		.executeTakeFirst();
	if (!found) throw new BusinessError(ErrorCode.ArrivalCodeUnknown);
	const now = deps.clock.now();
	const seated = await deps.db.transaction().execute((trx) =>
		seatReservation(trx, {
			tenantId: ctx.tenant.id,
			reservationId: found.id,
			tableId: null,
			actor: "staff",
			actorMemberId: ctx.member.id,
			now,
		}),
	);
	await announceSeating(deps, seated);
	const row = await deps.db.selectFrom("reservation").selectAll().where("id", "=", found.id).executeTakeFirstOrThrow();
	const [view] = await presentReservations(deps.db, [row], { kind: "staff" }, ctx.lang, deps.clock.now());
	if (!view) throw new Error(`booking ${found.id} could not be presented`);
	return {
		reservation: view,
		billId: seated.billId,
		tableNumbers: seated.tableNumbers,
		preorderOrderId: seated.preorderOrderId,
	};
}

/**
 * A signed-in guest scanned a table's printed QR code: when they hold a booking of this shop
 * that is due now (from RESERVATION_EARLY_ARRIVAL_MINUTES before its start until its tables
 * are released) and this table is one of the booking's tables, they are seated on the booking
 * through the same path as the staff's arrival, and the scan answers that seating. A scan at
 * another table does not move the booking (moving a party is the staff's call, with the
 * grid in front of them): it opens that table's seating as for anyone, and the booking waits
 * for the staff. Null when no booking applies or it could not be seated (changed meanwhile,
 * table still busy): the scan then goes on as an ordinary one.
 */
export async function seatOnTableScan(
	deps: AppDeps,
	ctx: RequestContext,
	table: { shopId: number; tableId: number },
): Promise<{ billId: number } | null> {
	if (!ctx.member) return null;
	const now = deps.clock.now();
	const booking = await deps.db
		.selectFrom("reservation as r")
		.innerJoin("reservation_table as rt", "rt.reservation_id", "r.id")
		.select("r.id")
		.where("r.tenant_id", "=", ctx.tenant.id)
		.where("r.shop_id", "=", table.shopId)
		.where("r.member_id", "=", ctx.member.id)
		.where("r.status", "in", ARRIVABLE)
		.where("rt.table_id", "=", table.tableId)
		.where("r.starts_at", "<=", new Date(now.getTime() + RESERVATION_EARLY_ARRIVAL_MINUTES * 60_000))
		.where("r.held_until", ">", now)
		.orderBy("r.starts_at")
		.executeTakeFirst();
	if (!booking) return null;
	const memberId = ctx.member.id;
	let seated: Seated;
	try {
		seated = await deps.db.transaction().execute((trx) =>
			seatReservation(trx, {
				tenantId: ctx.tenant.id,
				reservationId: booking.id,
				tableId: table.tableId,
				actor: "guest",
				actorMemberId: memberId,
				now,
			}),
		);
	} catch (error) {
		if (error instanceof BusinessError) return null;
		throw error;
	}
	await announceSeating(deps, seated);
	return { billId: seated.billId };
}

/** After commit: the board rings for the pre-order, the grid shows the table seated, the booking's pages update. */
async function announceSeating(deps: AppDeps, seated: Seated): Promise<void> {
	deliverReleasedRefunds(deps, [seated]);
	if (seated.preorderOrderId !== null) await announceOrderChange(deps, seated.preorderOrderId, "created");
	await announceBillChange(deps, seated.billId, "seated");
	await announceReservationChange(deps, seated.reservationId, "seated");
}

/**
 * Seats a booking, inside the caller's transaction (locks: booking, then the table's bill,
 * then the booking's payment rows, the same order as every other path). `tableId`: the
 * booking's table to seat at (a guest's scan); null: its first table.
 */
export async function seatReservation(
	trx: Transaction<DB>,
	args: {
		tenantId: number;
		reservationId: number;
		tableId: number | null;
		actor: ReservationActor;
		actorMemberId: number | null;
		now: Date;
	},
): Promise<Seated> {
	const { now } = args;
	const reservation = await lockReservation(trx, args.tenantId, args.reservationId);
	if (!reservation) throw new BusinessError(ErrorCode.ArrivalCodeUnknown);
	if (!(ARRIVABLE as readonly string[]).includes(reservation.status))
		throw new BusinessError(ErrorCode.ReservationStateChanged);
	const earliest = new Date(reservation.starts_at).getTime() - RESERVATION_EARLY_ARRIVAL_MINUTES * 60_000;
	if (now.getTime() < earliest)
		throw new BusinessError(ErrorCode.ArrivalTooEarly, { minutes: RESERVATION_EARLY_ARRIVAL_MINUTES });
	if (now.getTime() >= new Date(reservation.held_until).getTime())
		throw new BusinessError(ErrorCode.ReservationStateChanged);

	const tables = await trx
		.selectFrom("reservation_table as rt")
		.innerJoin("dining_table as t", "t.id", "rt.table_id")
		.select(["t.id", "t.number"])
		.where("rt.reservation_id", "=", reservation.id)
		.orderBy("t.sort")
		.orderBy("t.id")
		.execute();
	const table = args.tableId === null ? tables[0] : tables.find((candidate) => candidate.id === args.tableId);
	if (!table) throw new BusinessError(ErrorCode.ReservationStateChanged);
	const { bill } = await joinOrOpenSeating(trx, {
		tenantId: reservation.tenant_id,
		shopId: reservation.shop_id,
		tableId: table.id,
		now,
		staleAfterSeconds: STALE_SEATING_SECONDS,
	});
	await refuseOtherParty(trx, bill, reservation);

	// The booking's money: the paid deposit becomes the bill's credit, a paid pre-order pays its
	// order below, and anything still unpaid (due, or at a gateway) is voided: the pre-order then
	// joins the bill unpaid, and money still arriving at a gateway is refunded on arrival.
	const rows = await lockLivePayments(trx, reservation.id);
	let credit = 0;
	let preorderPayment: PaymentRow | null = null;
	for (const row of rows) {
		if (row.status !== "paid") await setRowStatus(trx, row, "void", now);
		else if (row.kind === "deposit") {
			credit += row.amount;
			await setRowStatus(trx, row, "applied", now);
		} else preorderPayment = row;
	}
	await trx
		.updateTable("table_bill")
		.set((eb) => ({ reservation_id: reservation.id, credit: eb("credit", "+", credit) }))
		.where("id", "=", bill.id)
		.execute();

	const preorderOrderId = await placePreorder(trx, reservation, {
		billId: bill.id,
		tableId: table.id,
		payment: preorderPayment,
		actor: args.actor,
		actorMemberId: args.actorMemberId,
		now,
	});
	await changeReservationStatus(trx, reservation, "seated", {
		actor: args.actor,
		actorMemberId: args.actorMemberId,
		now,
		note: `table:${table.number}`,
		set: { bill_id: bill.id, preorder_order_id: preorderOrderId },
	});
	return {
		reservationId: reservation.id,
		billId: bill.id,
		tableNumbers: tables.map((candidate) => candidate.number),
		preorderOrderId,
		gatewayPaymentIds: [],
	};
}

/**
 * The table's seating belongs to someone else: another booking, or diners who are not this
 * guest ordering at it (the previous party has not paid yet). The staff clear the table or
 * move the booking to another table first; the party is never put on a stranger's bill.
 */
async function refuseOtherParty(trx: Transaction<DB>, bill: BillRow, reservation: ReservationRow): Promise<void> {
	if (bill.reservation_id != null && bill.reservation_id !== reservation.id)
		throw new BusinessError(ErrorCode.ReservationTableBusy);
	const stranger = await trx
		.selectFrom("customer_order")
		.select("id")
		.where("bill_id", "=", bill.id)
		.where("status", "not in", OPEN_ROUND_EXCLUDED)
		.where((eb) => (reservation.member_id === null ? eb.lit(true) : eb("member_id", "<>", reservation.member_id)))
		.limit(1)
		.executeTakeFirst();
	if (stranger) throw new BusinessError(ErrorCode.ReservationTableBusy);
}

/**
 * The pre-order becomes a dine-in order on the table's bill, straight to the kitchen (status
 * `new`, so the board shows and rings it as a new order), with the lines as priced when the
 * guest chose them. Paid ahead: it is created paid, the money moving from the hold to the
 * shop's revenue (ledger key per payment row: once), with the payment's method and gateway
 * payment (so a refund of the order goes back the way it came). Not paid ahead: an unpaid
 * round of the bill. The dishes' stock is not taken here: the pre-order took it when it was
 * stored and has held it since, so every dish promised is there. The order's lines carry each
 * line's item, quantity and chosen options — exactly what was taken (priced options are the
 * line's option ids, each once) — so a later cancel or reject of the order gives back, through
 * ordering's returnStock, what the pre-order took, once.
 */
async function placePreorder(
	trx: Transaction<DB>,
	reservation: ReservationRow,
	args: {
		billId: number;
		tableId: number;
		payment: PaymentRow | null;
		actor: ReservationActor;
		actorMemberId: number | null;
		now: Date;
	},
): Promise<number | null> {
	const preorder = await trx
		.selectFrom("reservation_preorder")
		.selectAll()
		.where("reservation_id", "=", reservation.id)
		.executeTakeFirst();
	if (!preorder) return null;
	const { now, payment } = args;
	const lines = preorder.lines as StoredPreorderLine[];
	const total = Number(preorder.total);
	const shop = await trx
		.selectFrom("shop")
		.select("timezone")
		.where("id", "=", reservation.shop_id)
		.executeTakeFirstOrThrow();
	const businessDay = toLocalMoment(now, shop.timezone).date;
	const pickupNumber = await orderQueries.nextPickupNumber(trx, reservation.shop_id, businessDay);
	const memberId = reservation.member_id ?? reservation.created_by_member_id ?? args.actorMemberId;
	if (memberId === null) throw new Error(`booking ${reservation.id} has nobody to place its pre-order for`);
	const paid = payment !== null;
	const order = await trx
		.insertInto("customer_order")
		.values({
			tenant_id: reservation.tenant_id,
			shop_id: reservation.shop_id,
			member_id: memberId,
			order_no: orderNumber(businessDay, pickupNumber),
			order_type: "desk",
			status: "new",
			payment_status: paid ? "paid" : "unpaid",
			pay_method: payment?.pay_method ?? null,
			pickup_number: pickupNumber,
			business_day: businessDay,
			pickup_at: null,
			table_id: args.tableId,
			diners: reservation.party,
			delivery_address: null,
			contact_phone: reservation.guest_phone,
			remark: reservation.note,
			subtotal: total,
			delivery_fee: 0,
			total,
			// A booking the staff took for a caller is labelled a staff order, like their other orders.
			placed_by_member_id: reservation.source === "staff" ? reservation.created_by_member_id : null,
			created_at: now,
			expires_at: null,
			bill_id: args.billId,
			...(paid
				? {
						paid_at: now,
						paid_by_member_id: reservation.member_id,
						gateway_payment_id: payment.gateway_payment_id,
					}
				: {}),
		})
		.returningAll()
		.executeTakeFirstOrThrow();
	await trx
		.insertInto("order_line")
		.values(
			lines.map((line) => ({
				order_id: order.id,
				item_id: line.itemId,
				name: line.name,
				options: JSON.stringify(line.options),
				names: JSON.stringify(line.names),
				unit_price: line.unitPrice,
				quantity: line.quantity,
				line_total: line.lineTotal,
			})),
		)
		.execute();
	if (paid && total > 0) {
		const posted = await postLedgerTxn(trx, {
			tenantId: reservation.tenant_id,
			kind: "reservation_applied",
			idempotencyKey: `reservation-payment:${payment.id}:applied`,
			orderId: order.id,
			reservationId: reservation.id,
			now,
			moves: [
				{ account: { kind: "reservation_hold", tenantId: reservation.tenant_id }, amount: -payment.amount },
				{
					account: { kind: "shop_revenue", tenantId: reservation.tenant_id, shopId: reservation.shop_id },
					amount: payment.amount,
				},
			],
		});
		// The shop's earning from the pre-order, released when the order completes (decision 023).
		await recordShopEarning(trx, {
			source: "order",
			orderId: order.id,
			reservationId: reservation.id,
			tenantId: reservation.tenant_id,
			shopId: reservation.shop_id,
			ledgerTxnId: posted,
			gross: payment.amount,
			now,
		});
	}
	if (payment) await setRowStatus(trx, payment, "applied", now);
	await orderQueries.recordEvent(trx, {
		orderId: order.id,
		at: now,
		actor: args.actor === "guest" ? "customer" : args.actor,
		actorMemberId: args.actorMemberId,
		from: null,
		to: "new",
		note: [`preorder reservation:${reservation.id}`, paid ? `paid:${payment.pay_method}` : null]
			.filter(Boolean)
			.join(" "),
	});
	// The kitchen has a new order: the staff group hears it like any other (decision 024). The
	// guest paid for it with the booking and hears nothing new here.
	await tellShopGroup(trx, {
		tenantId: reservation.tenant_id,
		shopId: reservation.shop_id,
		kind: "shopNewOrder",
		subjectId: order.id,
		now,
	});
	return order.id;
}
