import {
	customerOrderActions,
	type Localized,
	localize,
	type OrderView,
	type RefundTransfer,
	staffOrderActions,
} from "@bayon/contract";
import type { Kysely, Selectable, Transaction } from "kysely";
import type { DB } from "../../db/schema.js";
import { refundsFor } from "../payments/refunds/refunds.js";
import { factsOf } from "./lifecycle/state-rules.js";
import * as queries from "./queries.js";

type OrderRow = Selectable<DB["customer_order"]>;

/**
 * Who reads the orders, for the actions they are offered: the customer (whose payment
 * window is judged at `now`, the server's clock) or the shop's staff.
 */
export type OrderViewer = { kind: "customer"; now: Date } | { kind: "staff" };

/** Order rows → what the customer and the shop see, with lines, shop name, table and what the reader may do. */
export async function presentOrders(
	db: Kysely<DB> | Transaction<DB>,
	rows: OrderRow[],
	lang: string,
	viewer: OrderViewer = { kind: "customer", now: new Date() },
): Promise<OrderView[]> {
	const orderIds = rows.map((row) => row.id);
	const [lines, shops, tables, refunds] = await Promise.all([
		queries.orderLines(db, orderIds),
		queries.shopNames(db, [...new Set(rows.map((row) => row.shop_id))]),
		queries.tableNumbers(
			db,
			rows.flatMap((row) => (row.table_id ? [row.table_id] : [])),
		),
		refundsFor(db, "order", orderIds),
	]);
	return rows.map((row) => {
		const shop = shops.find((candidate) => candidate.id === row.shop_id);
		const shopName = shop?.name as Localized | undefined;
		return orderView(
			row,
			{
				lines: lines.filter((line) => line.order_id === row.id),
				shop: shop ? { name: shopName ? localize(shopName, lang) : "", timezone: shop.timezone } : null,
				tableNumber: tables.find((table) => table.id === row.table_id)?.number ?? null,
				refunds: refunds.filter((refund) => refund.purpose_id === row.id),
			},
			lang,
			viewer,
		);
	});
}

/** The order's lines as stored (`order_line`), for orderView. */
export type StoredOrderLine = Omit<Awaited<ReturnType<typeof queries.orderLines>>[number], "order_id">;

/**
 * One order as its reader sees it, from its row and what presentOrders reads beside it. Checkout
 * calls it with what it has just written, so a new order's answer costs no read.
 */
export function orderView(
	row: OrderRow,
	parts: {
		lines: StoredOrderLine[];
		/** The shop's name in the reader's language and its time zone. */
		shop: { name: string; timezone: string } | null;
		tableNumber: string | null;
		refunds: Array<{ status: RefundTransfer["status"]; amount: number }>;
	},
	lang: string,
	viewer: OrderViewer,
): OrderView {
	const address = row.delivery_address;
	return {
		id: row.id,
		orderNo: row.order_no,
		shopId: row.shop_id,
		shopName: parts.shop?.name ?? "",
		shopTimeZone: parts.shop?.timezone ?? "UTC",
		orderType: row.order_type,
		status: row.status,
		paymentStatus: row.payment_status,
		payMethod: row.pay_method,
		pickupNumber: String(row.pickup_number).padStart(3, "0"),
		pickupAt: row.pickup_at ? new Date(row.pickup_at).toISOString() : null,
		tableNumber: parts.tableNumber,
		diners: row.diners,
		billId: row.bill_id,
		deliveryAddress: address
			? {
					recipient: address.recipient,
					phone: address.phone,
					address: address.address,
					houseNumber: address.houseNumber,
				}
			: null,
		contactPhone: row.contact_phone,
		remark: row.remark,
		deliveryFeeWaived:
			row.delivery_fee_waived > 0 && row.member_card_name
				? { by: localize(row.member_card_name, lang), amount: row.delivery_fee_waived }
				: null,
		discounts: [
			...(row.member_discount > 0 && row.member_card_name
				? [{ kind: "memberCard" as const, name: localize(row.member_card_name, lang), amount: row.member_discount }]
				: []),
			...(row.coupon_discount > 0 && row.coupon_title
				? [{ kind: "coupon" as const, name: localize(row.coupon_title, lang), amount: row.coupon_discount }]
				: []),
		],
		couponId: row.coupon_id,
		lines: parts.lines.map((line) => ({
			itemId: line.item_id,
			// In the reader's language when the order kept every language.
			name: line.names ? localize(line.names.item, lang) : line.name,
			options: line.options.map((option) => {
				const optionNames = line.names?.options[String(option.id)];
				return optionNames ? { ...option, name: localize(optionNames, lang) } : option;
			}),
			unitPrice: line.unit_price,
			quantity: line.quantity,
			lineTotal: line.line_total,
		})),
		subtotal: row.subtotal,
		deliveryFee: row.delivery_fee,
		total: row.total,
		source: row.placed_by_member_id ? "staff" : "user",
		createdAt: new Date(row.created_at).toISOString(),
		expiresAt: row.status === "unpaid" && row.expires_at ? new Date(row.expires_at).toISOString() : null,
		paidAt: row.paid_at ? new Date(row.paid_at).toISOString() : null,
		refundStatus: row.refund_status,
		refundReason: row.refund_reason,
		refundDecisionNote: row.refund_decision_note,
		refundTransfer: refundTransfer(parts.refunds),
		actions: viewer.kind === "staff" ? staffOrderActions(factsOf(row)) : customerOrderActions(factsOf(row), viewer.now),
	};
}

/**
 * One line for the payer. An order rarely has two gateway refunds (its own and a payment that
 * arrived too late); then the worst status stands for both, so a failure is never hidden.
 */
function refundTransfer(refunds: Array<{ status: RefundTransfer["status"]; amount: number }>): RefundTransfer | null {
	if (refunds.length === 0) return null;
	const status = refunds.some((r) => r.status === "failed")
		? "failed"
		: refunds.some((r) => r.status === "awaiting_transfer")
			? "awaiting_transfer"
			: refunds.some((r) => r.status === "pending")
				? "pending"
				: "succeeded";
	return { status, amount: refunds.reduce((sum, r) => sum + r.amount, 0) };
}
