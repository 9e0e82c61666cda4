import { ErrorCode, type ResolvedTable, type SeatingEndedData, type SeatingEndReason } from "@bayon/contract";
import { BusinessError } from "../../http/business-error.js";
import type { AppDeps } from "../../http/deps.js";
import type { RequestContext } from "../../http/request-context.js";
import { seatOnTableScan } from "../reservations/arrival.js";
import {
	findTableOfPrintedCode,
	isSeatingToken,
	issueSeatingToken,
	readSeatingToken,
	type ScannedTable,
} from "../venues/service.js";
import { type BillRow, joinOrOpenSeating, OPEN_ROUND_EXCLUDED, presentBills } from "./bill-settlement.js";
import { announceBillChange } from "./events.js";

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
	const onBooking = await seatOnTableScan(deps, ctx, table);
	if (onBooking) return presentTable(table, issueSeatingToken(deps, ctx, table, onBooking.billId));
	const now = deps.clock.now();
	const { bill, opened } = await deps.db.transaction().execute((trx) =>
		joinOrOpenSeating(trx, {
			tenantId: ctx.tenant.id,
			shopId: table.shopId,
			tableId: table.tableId,
			now,
			staleAfterSeconds: STALE_SEATING_SECONDS,
		}),
	);
	// The first scan seats the table: the staff's grid shows it at once (joining changes nothing there).
	if (opened) await announceBillChange(deps, bill.id, "seated");
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
	openedAt: Date;
	/** Rounds ordered in it and not cancelled or rejected. */
	rounds: number;
}

/**
 * The shop's seatings going on now, one per table at most: an open bill that is not stale
 * (someone ordered in it, or it opened less than 3 h ago). For the tables feature's grid
 * (decision 016), which reads seatings only through here.
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
		.select(({ fn }) => ["b.id", "b.table_id", "b.opened_at", fn.count<string>("o.id").as("rounds")])
		.where("b.tenant_id", "=", args.tenantId)
		.where("b.shop_id", "=", args.shopId)
		.where("b.status", "=", "open")
		.groupBy(["b.id", "b.table_id", "b.opened_at"])
		.execute();
	const staleBefore = deps.clock.now().getTime() - STALE_SEATING_SECONDS * 1000;
	return rows
		.map((row) => ({
			billId: row.id,
			tableId: row.table_id,
			openedAt: new Date(row.opened_at),
			rounds: Number(row.rounds),
		}))
		.filter((seating) => seating.rounds > 0 || seating.openedAt.getTime() >= staleBefore);
}
