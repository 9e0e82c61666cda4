import type { Kysely, Transaction } from "kysely";
import type { DB, GatewayRail, PaymentDiscrepancyKind } from "../../../db/schema.js";

type Db = Kysely<DB> | Transaction<DB>;

export interface DiscrepancyFlag {
	tenantId: number;
	rail: GatewayRail;
	kind: PaymentDiscrepancyKind;
	/**
	 * Our payment it concerns. An id that names none of ours (a callback may name anything) is
	 * kept in the detail as `namedPaymentId` instead of being linked.
	 */
	paymentId?: string | null;
	/** The rail's own number for it: its trade number, or for a refund its refund number. */
	railTradeNo?: string | null;
	/** The statement day it was found on (daily reconciliation only), in the rail's time zone. */
	statementDate?: string | null;
	/** Minor units of the rail's currency (the payment's rail_currency, else its currency). */
	ourAmount?: number | null;
	railAmount?: number | null;
	/** What was seen, for the operator: statuses, the other currency or merchant, ids. Never a secret. */
	detail: Record<string, unknown>;
	/** When it was found (the caller's clock). */
	at: Date;
}

/**
 * Flags something about a rail's money for the platform operator (issue 29 items 7 and 8): a
 * callback refused for another amount, currency or merchant, a payer who paid one thing twice,
 * a difference the daily reconciliation found. Idempotent: the same thing (tenant, rail, kind,
 * payment, rail number, statement day) is flagged once, however often a replayed callback or a
 * second run finds it again, and stays once after it is resolved. Runs in the caller's
 * transaction when given one, so a flag is written with what it is about, or not at all.
 *
 * Answers true when this call wrote the flag, false when it was there already.
 */
export async function flagDiscrepancy(db: Db, flag: DiscrepancyFlag): Promise<boolean> {
	const paymentId = flag.paymentId ? await knownPayment(db, flag.tenantId, flag.paymentId) : null;
	const detail = flag.paymentId && !paymentId ? { ...flag.detail, namedPaymentId: flag.paymentId } : flag.detail;
	const written = await db
		.insertInto("payment_discrepancy")
		.values({
			tenant_id: flag.tenantId,
			rail: flag.rail,
			kind: flag.kind,
			payment_id: paymentId,
			rail_trade_no: flag.railTradeNo ?? null,
			statement_date: flag.statementDate ?? null,
			our_amount: flag.ourAmount ?? null,
			rail_amount: flag.railAmount ?? null,
			detail: JSON.stringify(detail),
			found_at: flag.at,
		})
		// The one conflict this table can have is payment_discrepancy_once_idx: already flagged.
		.onConflict((conflict) => conflict.doNothing())
		.returning("id")
		.executeTakeFirst();
	return written !== undefined;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether a rail's out_trade_no or out_refund_no can be one of our ids (a uuid) at all. */
export const isOurIdShape = (id: string) => UUID.test(id);

/** The id when it is one of the tenant's payments (only then may it be linked: a foreign key). */
async function knownPayment(db: Db, tenantId: number, id: string): Promise<string | null> {
	if (!UUID.test(id)) return null;
	const row = await db
		.selectFrom("payment")
		.select("id")
		.where("id", "=", id)
		.where("tenant_id", "=", tenantId)
		.executeTakeFirst();
	return row?.id ?? null;
}
