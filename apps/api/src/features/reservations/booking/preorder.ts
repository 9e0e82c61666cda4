import { ErrorCode, type PreorderInput, type PricedCart } from "@bayon/contract";
import { sql, type Transaction } from "kysely";
import type { z } from "zod";
import type { DB } from "../../../db/schema.js";
import { BusinessError } from "../../../http/business-error.js";
import type { AppDeps } from "../../../http/deps.js";
import type { RequestContext } from "../../../http/request-context.js";
import type { MenuNames } from "../../menu/service.js";
import { takeStock } from "../../menu/stock.js";
import { evaluateCart } from "../../ordering/checkout/pricing.js";
import { getOrderingTerms } from "../../venues/shops/ordering-terms.js";
import type { StoredPreorderLine } from "../records.js";

/** A pre-order priced by the server with the cart rules of dine-in orders, ready to store. */
export interface PricedPreorder {
	pay: "now" | "atTable";
	lines: StoredPreorderLine[];
	total: number;
}

/**
 * Prices a pre-order exactly like a dine-in cart (items on the menu and for dine-in, options,
 * stock, the shop offering dine-in), judged as if the party were seated: the shop being
 * closed or paused right now says nothing about the booking's time. Any problem refuses it
 * with the whole priced cart in `data`, as checkout does.
 */
export async function pricePreorder(
	deps: AppDeps,
	ctx: RequestContext,
	shopId: number,
	preorder: z.output<typeof PreorderInput>,
): Promise<PricedPreorder> {
	const terms = await getOrderingTerms(deps, ctx, shopId);
	const openTerms = {
		...terms,
		openState: { ...terms.openState, isOpen: true, acceptingOrders: true, closedToday: false, pausedUntil: null },
	};
	const { priced, names } = await evaluateCart(
		deps,
		ctx,
		{ shopId, orderType: "desk", lines: preorder.lines },
		{ terms: openTerms },
	);
	refuseUnorderable(priced);
	return { pay: preorder.pay, lines: storedLines(priced, preorder.lines, names), total: priced.total };
}

/**
 * Prices a pre-order inside a transaction, seeing what it changed: the stock a replaced
 * pre-order gave back counts as left for its replacement (a guest keeping the last two of a
 * dish while adding another is not told it sold out).
 */
export function pricePreorderIn(
	trx: Transaction<DB>,
	deps: AppDeps,
	ctx: RequestContext,
	shopId: number,
	preorder: z.output<typeof PreorderInput>,
): Promise<PricedPreorder> {
	return pricePreorder({ ...deps, db: trx }, ctx, shopId, preorder);
}

function refuseUnorderable(priced: PricedCart) {
	const firstProblem = priced.problems[0] ?? priced.lines.flatMap((line) => line.problems)[0];
	if (!priced.orderable && firstProblem)
		throw new BusinessError(firstProblem.code as Exclude<ErrorCode, 0>, {}, priced, undefined, firstProblem.message);
}

function storedLines(
	priced: PricedCart,
	input: Array<{ optionIds: number[] }>,
	names: MenuNames,
): StoredPreorderLine[] {
	return priced.lines.map((line, index) => ({
		itemId: line.itemId,
		optionIds: input[index]?.optionIds ?? line.options.map((option) => option.id),
		quantity: line.quantity,
		unitPrice: line.unitPrice,
		lineTotal: line.lineTotal,
		name: line.name,
		names: {
			item: names.items.get(line.itemId) ?? { "zh-CN": line.name },
			options: Object.fromEntries(
				line.options.map((option) => [option.id, names.options.get(option.id) ?? { "zh-CN": option.name }]),
			),
		},
		options: line.options,
	}));
}

/**
 * Writes a booking's pre-order (replacing any) and, when paid now, its due payment. Its
 * dishes' tracked stock is taken here, in the transaction that stores it, as an order takes
 * its stock (the menu's takeStock: the same conditional updates and lock order), so a guest
 * cannot pre-order days ahead a dish that will not be there; the booking's exits give it
 * back (changeReservationStatus) and arrival hands it on to the pre-order's order. A
 * pre-order being replaced must have given its stock back first (givePreorderStockBack).
 * When another order or booking took the last ones since the pre-order was priced, it is
 * refused like checkout refuses: InsufficientStock with the cart priced again from the stock
 * left (each short line saying how many are left), in the caller's language; the caller's
 * transaction then stores nothing.
 */
export async function storePreorder(
	trx: Transaction<DB>,
	deps: AppDeps,
	ctx: RequestContext,
	args: { shopId: number; reservationId: number; preorder: PricedPreorder; now: Date },
): Promise<void> {
	const { reservationId, preorder, now } = args;
	await sql`SAVEPOINT preorder_stock`.execute(trx);
	try {
		await takeStock(trx, preorder.lines);
	} catch (error) {
		if (!(error instanceof BusinessError && error.code === ErrorCode.InsufficientStock)) throw error;
		// Priced again without the dishes this pre-order took before one ran short, so each
		// line is told what the others left.
		await sql`ROLLBACK TO SAVEPOINT preorder_stock`.execute(trx);
		await pricePreorderIn(trx, deps, ctx, args.shopId, {
			pay: preorder.pay,
			lines: preorder.lines.map(({ itemId, optionIds, quantity }) => ({ itemId, optionIds, quantity })),
		});
		throw error;
	}
	await trx
		.insertInto("reservation_preorder")
		.values({
			reservation_id: reservationId,
			pay_mode: preorder.pay,
			lines: JSON.stringify(preorder.lines),
			total: preorder.total,
			updated_at: now,
		})
		.onConflict((oc) =>
			oc.column("reservation_id").doUpdateSet({
				pay_mode: preorder.pay,
				lines: JSON.stringify(preorder.lines),
				total: preorder.total,
				updated_at: now,
			}),
		)
		.execute();
	if (preorder.pay === "now" && preorder.total > 0)
		await trx
			.insertInto("reservation_payment")
			.values({
				reservation_id: reservationId,
				kind: "preorder",
				amount: preorder.total,
				status: "due",
				pay_method: null,
				gateway_payment_id: null,
				created_at: now,
			})
			.execute();
}
