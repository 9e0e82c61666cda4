import { type RawBuilder, sql } from "kysely";

/**
 * For the expiry jobs of orders, bookings, recharges and VIP card purchases (decision 005):
 * true when the row has no gateway payment still pending that might have been paid. A pending
 * payment stops counting only once the gateway said, after the row's deadline, that the payer
 * had not decided; until then the row must not expire (it may be paid after all).
 *
 * `link` is the gateway_payment column naming the row; `row` and `deadline` are the row's id
 * and deadline columns as the outer query names them (e.g. "recharge.id", "recharge.expires_at").
 */
export function noGatewayPaymentInDoubt(
	link: "order_id" | "reservation_id" | "recharge_id" | "card_purchase_id",
	row: string,
	deadline: string,
): RawBuilder<boolean> {
	return sql<boolean>`NOT EXISTS (
		SELECT 1 FROM gateway_payment p
		WHERE ${sql.ref(`p.${link}`)} = ${sql.ref(row)}
			AND p.status = 'pending'
			AND (p.checked_at IS NULL OR p.checked_at < ${sql.ref(deadline)}))`;
}
