import type { CounterPaymentView } from "@bayon/contract";
import type { Kysely, Selectable, Transaction } from "kysely";
import type { DB } from "../../../db/schema.js";
import { toLocalMoment } from "../../venues/hours.js";

type Db = Kysely<DB> | Transaction<DB>;
type CounterPaymentRow = Selectable<DB["counter_payment"]>;

/** The shop's counter payments of one local day, newest first. */
export function listShopCounterPayments(db: Db, args: { shopId: number; from: Date; to: Date }) {
	return db
		.selectFrom("counter_payment")
		.selectAll()
		.where("shop_id", "=", args.shopId)
		.where("created_at", ">=", args.from)
		.where("created_at", "<", args.to)
		.orderBy("id", "desc")
		.execute();
}

/** Whether two instants fall on the same local day of a shop. */
export function sameLocalDay(a: Date, b: Date, timeZone: string): boolean {
	return toLocalMoment(a, timeZone).date === toLocalMoment(b, timeZone).date;
}

/**
 * Counter payments as staff see them: the payer's nickname and phone tail, and the payer's
 * balance after the payment (after its refund, once refunded) read from the ledger entries of
 * those movements, never the payer's balance now. Three queries for any number of payments.
 */
export async function presentCounterPayments(
	db: Db,
	args: { rows: CounterPaymentRow[]; now: Date; timeZone: string },
): Promise<CounterPaymentView[]> {
	const { rows } = args;
	if (rows.length === 0) return [];
	const memberIds = [...new Set(rows.flatMap((row) => [row.member_id, row.taken_by_member_id]))];
	const paymentIds = rows.map((row) => row.id);
	const [members, walletEntries] = await Promise.all([
		db.selectFrom("member").select(["id", "nickname", "mobile"]).where("id", "in", memberIds).execute(),
		db
			.selectFrom("ledger_txn as t")
			.innerJoin("ledger_entry as e", "e.txn_id", "t.id")
			.innerJoin("ledger_account as a", "a.id", "e.account_id")
			.select(["t.counter_payment_id", "t.kind", "e.balance_after"])
			.where("t.counter_payment_id", "in", paymentIds)
			.where("a.kind", "=", "member_wallet")
			.execute(),
	]);
	const memberOf = new Map(members.map((member) => [member.id, member]));
	const balanceAfter = new Map<string, number>();
	for (const entry of walletEntries)
		balanceAfter.set(`${entry.counter_payment_id}:${entry.kind}`, entry.balance_after ?? 0);
	return rows.map((row) => {
		const payer = memberOf.get(row.member_id);
		const refunded = row.status === "refunded";
		return {
			id: row.id,
			shopId: row.shop_id,
			amount: row.amount,
			note: row.note,
			payer: { nickname: payer?.nickname ?? "", mobileTail: payer?.mobile.slice(-4) ?? "" },
			balanceAfter: balanceAfter.get(`${row.id}:${refunded ? "counter_refund" : "counter_payment"}`) ?? 0,
			status: row.status,
			createdAt: row.created_at.toISOString(),
			refundedAt: row.refunded_at?.toISOString() ?? null,
			refundable: !refunded && sameLocalDay(row.created_at, args.now, args.timeZone),
			takenBy: memberOf.get(row.taken_by_member_id)?.nickname ?? "",
		};
	});
}
