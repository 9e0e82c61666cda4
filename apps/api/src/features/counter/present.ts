import type { CounterTakeView, ShiftView, TillMethodLine } from "@bayon/contract";
import { type Kysely, type Selectable, sql, type Transaction } from "kysely";
import type { DB } from "../../db/schema.js";

type Db = Kysely<DB> | Transaction<DB>;
export type TakeRow = Selectable<DB["counter_take"]>;
export type ShiftRow = Selectable<DB["counter_shift"]>;

/** What a shift's takings add up to per method: taken, less what was handed back during it. */
export interface ShiftFigures {
	cash: number;
	cashSecond: number;
	card: number;
	balance: number;
}

/**
 * The till's expected money for a shift: the float, plus each cash taking's tender less its
 * change (in both currencies), less cash handed back during the shift (whoever took it);
 * card and balance likewise. Read from the takings themselves, so it is always their sum.
 */
export async function expectedOf(db: Db, shift: ShiftRow): Promise<ShiftFigures> {
	const row = await sql<{
		cash: string | null;
		cash_second: string | null;
		card: string | null;
		balance: string | null;
		cash_back: string | null;
		card_back: string | null;
	}>`SELECT
		(SELECT sum(tendered - change_given) FROM counter_take WHERE shift_id = ${shift.id} AND method = 'cash') AS cash,
		(SELECT sum(tendered_second - change_given_second) FROM counter_take WHERE shift_id = ${shift.id} AND method = 'cash') AS cash_second,
		(SELECT sum(amount) FROM counter_take WHERE shift_id = ${shift.id} AND method = 'card_terminal') AS card,
		(SELECT sum(amount) FROM counter_take WHERE shift_id = ${shift.id} AND method = 'balance' AND status = 'paid') AS balance,
		(SELECT sum(amount) FROM counter_take WHERE refund_shift_id = ${shift.id} AND method = 'cash') AS cash_back,
		(SELECT sum(amount) FROM counter_take WHERE refund_shift_id = ${shift.id} AND method = 'card_terminal') AS card_back`.execute(
		db,
	);
	const figures = row.rows[0];
	const n = (value: string | null | undefined) => Number(value ?? 0);
	return {
		cash: shift.float_cash + n(figures?.cash) - n(figures?.cash_back),
		cashSecond: shift.float_cash_second + n(figures?.cash_second),
		card: n(figures?.card) - n(figures?.card_back),
		balance: n(figures?.balance),
	};
}

/** Takings → what the staff read: the receipt, what was paid, how, and the order or table it was for. */
export async function presentTakes(db: Db, rows: TakeRow[]): Promise<CounterTakeView[]> {
	if (rows.length === 0) return [];
	const orderIds = rows.filter((row) => row.purpose === "order").map((row) => row.purpose_id);
	const billIds = rows.filter((row) => row.purpose === "table_bill").map((row) => row.purpose_id);
	const staffIds = [...new Set(rows.map((row) => row.staff_member_id))];
	const [orders, bills, staff] = await Promise.all([
		orderIds.length
			? db.selectFrom("customer_order").select(["id", "pickup_number"]).where("id", "in", orderIds).execute()
			: [],
		billIds.length
			? db
					.selectFrom("table_bill as b")
					.innerJoin("dining_table as t", "t.id", "b.table_id")
					.select(["b.id", "t.number"])
					.where("b.id", "in", billIds)
					.execute()
			: [],
		db.selectFrom("member").select(["id", "nickname"]).where("id", "in", staffIds).execute(),
	]);
	return rows.map((row) => ({
		id: row.id,
		shopId: row.shop_id,
		shiftId: row.shift_id,
		receiptNo: row.receipt_no,
		purpose: row.purpose,
		purposeId: row.purpose_id,
		label:
			row.purpose === "order"
				? `#${String(orders.find((order) => order.id === row.purpose_id)?.pickup_number ?? "").padStart(3, "0")}`
				: (bills.find((bill) => bill.id === row.purpose_id)?.number ?? ""),
		method: row.method,
		amount: row.amount,
		tendered: row.tendered ?? null,
		tenderedSecond: row.tendered_second ?? null,
		change: row.change_given ?? null,
		changeSecond: row.change_given_second ?? null,
		reference: row.terminal_reference ?? null,
		status: row.status,
		staffName: staff.find((member) => member.id === row.staff_member_id)?.nickname ?? "",
		createdAt: new Date(row.created_at).toISOString(),
		refundedAt: row.refunded_at ? new Date(row.refunded_at).toISOString() : null,
	}));
}

/** A shift with its method lines (expected; at the close also counted and the difference) and its takings. */
export async function presentShift(db: Db, shift: ShiftRow): Promise<ShiftView> {
	const [takes, staff, shop] = await Promise.all([
		db.selectFrom("counter_take").selectAll().where("shift_id", "=", shift.id).orderBy("id", "desc").execute(),
		db.selectFrom("member").select("nickname").where("id", "=", shift.staff_member_id).executeTakeFirst(),
		db.selectFrom("shop").select("timezone").where("id", "=", shift.shop_id).executeTakeFirstOrThrow(),
	]);
	const closed = shift.status === "closed";
	const expected = closed
		? {
				cash: shift.expected_cash ?? 0,
				cashSecond: shift.expected_cash_second ?? 0,
				card: shift.expected_card ?? 0,
				balance: shift.expected_balance ?? 0,
			}
		: await expectedOf(db, shift);
	const lines: TillMethodLine[] = [
		{
			method: "cash",
			expected: expected.cash,
			counted: closed ? (shift.counted_cash ?? 0) : null,
			difference: closed ? (shift.difference_cash ?? 0) : null,
		},
		{
			method: "cash_second",
			expected: expected.cashSecond,
			counted: closed ? (shift.counted_cash_second ?? 0) : null,
			difference: closed ? (shift.difference_cash_second ?? 0) : null,
		},
		{
			method: "card_terminal",
			expected: expected.card,
			counted: closed ? (shift.counted_card ?? 0) : null,
			difference: closed ? (shift.difference_card ?? 0) : null,
		},
		{ method: "balance", expected: expected.balance, counted: null, difference: null },
	];
	return {
		id: shift.id,
		shopId: shift.shop_id,
		staffName: staff?.nickname ?? "",
		timeZone: shop.timezone,
		status: shift.status,
		openedAt: new Date(shift.opened_at).toISOString(),
		closedAt: shift.closed_at ? new Date(shift.closed_at).toISOString() : null,
		floatCash: shift.float_cash,
		floatCashSecond: shift.float_cash_second,
		lines,
		takes: await presentTakes(db, takes),
		note: shift.close_note,
	};
}
