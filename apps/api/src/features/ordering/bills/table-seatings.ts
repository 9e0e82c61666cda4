import { ErrorCode, type ResolvedTable, type SeatingEndedData, type SeatingEndReason } from "@bayon/contract";
import { BusinessError } from "../../../http/business-error.js";
import type { AppDeps } from "../../../http/deps.js";
import type { RequestContext } from "../../../http/request-context.js";
import {
	findTableOfPrintedCode,
	isSeatingToken,
	issueSeatingToken,
	readSeatingToken,
	type ScannedTable,
} from "../../venues/tables/tables.js";
import { type BillRow, joinOrOpenSeating, OPEN_ROUND_EXCLUDED, presentBills } from "./bill-settlement.js";
import { seatOnScan } from "./seating-hooks.js";

/**
 * Seatings (decision 009). The printed QR code only identifies the table; scanning it opens
 * the table's seating (its open bill) or joins the one already open, and hands the diner a
 * seating token. Rounds, the bill and paying it take only a token of the current seating, so
 * a code scanned last week cannot add rounds to tonight's bill.
 */

/** A seating nobody ordered in this long after it opened is stale: the next scan starts a new one. */
export const STALE_SEATING_SECONDS = 3 * 3600;

/** A seating a token names: the table, the seating's bill, and whether the table's code was reprinted since. */
export interface Seating {
	table: ScannedTable;
	bill: BillRow;
	codeReprinted: boolean;
}

/**
 * GET /table/resolve. A printed code opens or joins the table's seating and answers its
 * seating token; a seating token is answered again while its seating is current (the app
 * checks the table it keeps), and SeatingEnded once it is not.
 */
export async function scanTable(deps: AppDeps, ctx: RequestContext, token: string): Promise<ResolvedTable> {
	if (isSeatingToken(token)) {
		const seating = await currentSeating(deps, ctx, token);
		return presentTable(seating.table, token);
	}
	const table = await findTableOfPrintedCode(deps, ctx, token);
	// A signed-in guest whose booking of this table is due now is seated on it (issue 11):
	// the booking's deposit and pre-order come to the table's bill as at the staff's arrival.
	// Reservations does that through the seating hooks (decision 030).
	const onBooking = await seatOnScan(deps, ctx, table);
	if (onBooking) return presentTable(table, issueSeatingToken(deps, ctx, table, onBooking.billId));
	const now = deps.clock.now();
	const { bill } = await deps.db.transaction().execute((trx) =>
		joinOrOpenSeating(trx, {
			tenantId: ctx.tenant.id,
			shopId: table.shopId,
			tableId: table.tableId,
			now,
			staleAfterSeconds: STALE_SEATING_SECONDS,
		}),
	);
	// A scan alone seats nobody (issue 27): the staff's grid keeps the table free until a round
	// is ordered in the seating (which announces itself) or the staff seat a booking there.
	return presentTable(table, issueSeatingToken(deps, ctx, table, bill.id));
}

function presentTable(table: ScannedTable, token: string): ResolvedTable {
	const { qrVersion: _printedVersion, ...shown } = table;
	return { ...shown, token };
}

/** The seating a token names, whether or not it is still going; TableInvalid for anything not ours. */
export async function readSeating(deps: AppDeps, ctx: RequestContext, token: string): Promise<Seating> {
	const { table, seatingId, codeReprinted } = await readSeatingToken(deps, ctx, token);
	const bill = await deps.db
		.selectFrom("table_bill")
		.selectAll()
		.where("id", "=", seatingId)
		.where("tenant_id", "=", ctx.tenant.id)
		.where("table_id", "=", table.tableId)
		.executeTakeFirst();
	if (!bill) throw new BusinessError(ErrorCode.TableInvalid);
	return { table, bill, codeReprinted };
}

export const isCurrent = (seating: Seating) => seating.bill.status === "open" && !seating.codeReprinted;

/** The current seating a token names; SeatingEnded (scan the table again) once it has ended. */
export async function currentSeating(deps: AppDeps, ctx: RequestContext, token: string): Promise<Seating> {
	const seating = await readSeating(deps, ctx, token);
	if (!isCurrent(seating)) throw await seatingEnded(deps, ctx, seating);
	return seating;
}

export function endReasonOf(bill: BillRow): SeatingEndReason {
	if (bill.status === "open") return "codeChanged";
	return bill.settle_method === "nothing_due" ? "closed" : "paid";
}

/**
 * SeatingEnded, with why, and the seating's bill for a caller who took part in it (ordered a
 * round or paid): a payer back from the gateway sees what they settled, nobody else does.
 */
export async function seatingEnded(
	deps: AppDeps,
	ctx: RequestContext,
	seating: { bill: BillRow },
): Promise<BusinessError> {
	const { bill } = seating;
	let shown = null;
	if (ctx.member && bill.status === "settled") {
		const memberId = ctx.member.id;
		const tookPart =
			bill.settled_by_member_id === memberId ||
			(await deps.db
				.selectFrom("customer_order")
				.select("id")
				.where("bill_id", "=", bill.id)
				.where("member_id", "=", memberId)
				.limit(1)
				.executeTakeFirst()) !== undefined;
		if (tookPart) [shown = null] = await presentBills(deps.db, [bill], { lang: ctx.lang, viewerMemberId: memberId });
	}
	const data: SeatingEndedData = { reason: endReasonOf(bill), bill: shown };
	return new BusinessError(ErrorCode.SeatingEnded, {}, data);
}

/** A seating going on at one of a shop's tables, as the staff's table grid reads it. */
export interface CurrentSeating {
	billId: number;
	tableId: number;
	/** When the table was taken: the first round, or the staff seating a booking there. */
	seatedAt: Date;
	/** Rounds ordered in it and not cancelled or rejected. */
	rounds: number;
}

/**
 * The shop's tables taken now, one seating per table at most: an open bill in which a round
 * was ordered, or where the staff seated a booking (less than 3 h ago when nothing was ordered
 * since). Opening the table's QR link opens a seating too (its token is needed to order), but
 * that alone takes no table (issue 27): someone who scanned and left, or a photo of the code,
 * must not show the table occupied. For the tables feature's grid (decision 016), which reads
 * seatings only through here.
 */
export async function listCurrentSeatings(
	deps: AppDeps,
	args: { tenantId: number; shopId: number },
): Promise<CurrentSeating[]> {
	const rows = await deps.db
		.selectFrom("table_bill as b")
		.leftJoin("customer_order as o", (join) =>
			join.onRef("o.bill_id", "=", "b.id").on("o.status", "not in", OPEN_ROUND_EXCLUDED),
		)
		.select(({ fn }) => [
			"b.id",
			"b.table_id",
			"b.opened_at",
			"b.reservation_id",
			fn.count<string>("o.id").as("rounds"),
			fn.min("o.created_at").as("first_round_at"),
		])
		.where("b.tenant_id", "=", args.tenantId)
		.where("b.shop_id", "=", args.shopId)
		.where("b.status", "=", "open")
		.groupBy(["b.id", "b.table_id", "b.opened_at", "b.reservation_id"])
		.execute();
	const staleBefore = deps.clock.now().getTime() - STALE_SEATING_SECONDS * 1000;
	const taken: CurrentSeating[] = [];
	for (const row of rows) {
		const rounds = Number(row.rounds);
		const staffSeated = row.reservation_id !== null && row.reservation_id !== undefined;
		if (rounds === 0 && !(staffSeated && new Date(row.opened_at).getTime() >= staleBefore)) continue;
		const seatedAt = staffSeated || !row.first_round_at ? row.opened_at : row.first_round_at;
		taken.push({ billId: row.id, tableId: row.table_id, seatedAt: new Date(seatedAt), rounds });
	}
	return taken;
}
