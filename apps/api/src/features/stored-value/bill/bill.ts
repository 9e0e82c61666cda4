import {
	type BillEntry,
	type BillEntryKind,
	type BillLink,
	type BillPage,
	type BillQuery,
	localize,
} from "@bayon/contract";
import type { z } from "zod";
import type { DB } from "../../../db/schema.js";
import { BusinessError } from "../../../http/business-error.js";
import type { AppDeps } from "../../../http/deps.js";
import type { SignedInContext } from "../../../http/request-context.js";
import { addDays, fromLocalMoment, toLocalMoment } from "../../venues/hours.js";
import { tenantTimeZone } from "../../venues/queries.js";
import { findWallet } from "../../wallet/queries.js";
import * as queries from "./bill-queries.js";

/** What the bill calls each ledger movement. Every kind is listed, so a new kind fails to compile here. */
const KIND_OF_TXN: Record<DB["ledger_txn"]["kind"], BillEntryKind> = {
	recharge: "recharge",
	recharge_bonus: "bonus",
	order_payment: "orderPayment",
	order_refund: "refund",
	reservation_refund: "refund",
	card_refund: "refund",
	counter_refund: "refund",
	card_purchase: "cardPurchase",
	counter_payment: "counterPayment",
	reservation_payment: "reservationPayment",
	wallet_grant: "grant",
	// Between the booking hold and the shop: they never touch a wallet, but the map stays total.
	reservation_kept: "reservationPayment",
	reservation_applied: "reservationPayment",
	// A shop's own money (issue 14): never a member's wallet either.
	shop_settlement: "refund",
	shop_commission: "refund",
	commission_refund: "refund",
	withdrawal_request: "refund",
	withdrawal_returned: "refund",
	withdrawal_paid: "refund",
	// Cash or card a shop kept at its counter (decision 029): never a wallet.
	counter_takings: "refund",
};

type LinkTarget =
	| { kind: "order"; id: number }
	| { kind: "recharge"; id: number }
	| { kind: "reservation"; id: number }
	| { kind: "card"; id: number }
	| { kind: "counter"; id: number };

/**
 * What a line links to. A booking's own movements link the booking (a pre-order paid with it
 * also names its order); everything else links the most specific thing its transaction names.
 */
function linkTargetOf(row: queries.EntryRow): LinkTarget | null {
	if (row.kind.startsWith("reservation_") && row.reservation_id !== null)
		return { kind: "reservation", id: row.reservation_id };
	if (row.counter_payment_id !== null) return { kind: "counter", id: row.counter_payment_id };
	if (row.card_purchase_id !== null) return { kind: "card", id: row.card_purchase_id };
	if (row.recharge_id !== null) return { kind: "recharge", id: row.recharge_id };
	if (row.order_id !== null) return { kind: "order", id: row.order_id };
	if (row.reservation_id !== null) return { kind: "reservation", id: row.reservation_id };
	return null;
}

const idsOf = (targets: Array<LinkTarget | null>, kind: LinkTarget["kind"]) => [
	...new Set(targets.filter((target) => target?.kind === kind).map((target) => (target as LinkTarget).id)),
];

/** The first instant of the calendar month around `instant` in a time zone, and of the next month. */
export function monthAround(instant: Date, timeZone: string): { month: string; from: Date; to: Date } {
	const month = toLocalMoment(instant, timeZone).date.slice(0, 7);
	const first = `${month}-01`;
	// 32 days after the 1st is always in the next month; its 1st is where this month ends.
	const next = `${addDays(first, 32).slice(0, 7)}-01`;
	return { month, from: fromLocalMoment(first, 0, timeZone), to: fromLocalMoment(next, 0, timeZone) };
}

/**
 * `GET /member/user/getBill`: the signed-in member's balance movements, newest first, read
 * from their wallet's ledger entries (decision 021: never a second copy). Keyset-paged by
 * entry id, so a deep page costs what the first does. Links are looked up in one query per
 * kind of link, not per line.
 */
export async function getBill(
	deps: AppDeps,
	ctx: SignedInContext,
	query: z.output<typeof BillQuery>,
): Promise<BillPage> {
	const before = query.cursor === undefined ? null : Number(query.cursor);
	if (before !== null && !Number.isSafeInteger(before)) throw BusinessError.invalidField("cursor", "fieldInvalid");
	const [timeZone, wallet] = await Promise.all([
		tenantTimeZone(deps.db, ctx.tenant.id),
		findWallet(deps.db, { tenantId: ctx.tenant.id, memberId: ctx.member.id }),
	]);
	const { month, from, to } = monthAround(deps.clock.now(), timeZone);
	if (!wallet) return { list: [], nextCursor: null, balance: 0, month: { month, in: 0, out: 0 } };

	const [rows, totals] = await Promise.all([
		queries.listEntries(deps.db, {
			accountId: wallet.id,
			before,
			direction: query.direction,
			limit: query.limit + 1,
		}),
		queries.monthTotals(deps.db, { accountId: wallet.id, from, to }),
	]);
	const page = rows.slice(0, query.limit);
	const targets = page.map(linkTargetOf);
	const [orderNos, cardNames, counterShops] = await Promise.all([
		queries.orderNumbers(deps.db, ctx.tenant.id, idsOf(targets, "order")),
		queries.cardPurchaseNames(deps.db, ctx.tenant.id, idsOf(targets, "card")),
		queries.counterPaymentShops(deps.db, ctx.tenant.id, idsOf(targets, "counter")),
	]);

	const linkOf = (target: LinkTarget | null): BillLink | null => {
		if (!target) return null;
		switch (target.kind) {
			case "order": {
				const orderNo = orderNos.get(target.id);
				return orderNo === undefined ? null : { kind: "order", id: target.id, orderNo };
			}
			case "card": {
				const name = cardNames.get(target.id);
				return name ? { kind: "card", id: target.id, name: localize(name, ctx.lang) } : null;
			}
			case "counter": {
				const shopName = counterShops.get(target.id);
				return shopName ? { kind: "counter", id: target.id, shopName: localize(shopName, ctx.lang) } : null;
			}
			default:
				return { kind: target.kind, id: target.id };
		}
	};

	const list: BillEntry[] = page.map((row, index) => {
		// Written by the UPDATE that moved the account (and backfilled by migration 0018).
		if (row.balance_after === null) throw new Error(`ledger entry ${row.id} has no balance_after`);
		return {
			id: row.id,
			kind: KIND_OF_TXN[row.kind],
			amount: row.amount,
			balanceAfter: row.balance_after,
			at: row.created_at.toISOString(),
			link: linkOf(targets[index] ?? null),
		};
	});
	return {
		list,
		nextCursor: rows.length > query.limit ? String(page.at(-1)?.id) : null,
		balance: wallet.balance,
		month: { month, ...totals },
	};
}
