import { ErrorCode } from "@bayon/contract";
import { type RawBuilder, sql, type Transaction } from "kysely";
import type { DB } from "../../db/schema.js";
import { BusinessError } from "../../http/business-error.js";

/**
 * The menu's tracked stock (an item's or an option's `stock`; NULL: not tracked), taken and
 * given back by whatever promises dishes: an order at checkout and when it is cancelled,
 * rejected or expires (ordering), a booking's pre-order while it holds them (reservations).
 * Every taker and giver moves rows in one order (items, then options, each in id order), so
 * none of them deadlocks another, and never below zero.
 */

/** A quantity of an item's or an option's stock. */
export interface StockMove {
	table: "menu_item" | "menu_option";
	id: number;
	quantity: number;
}

/**
 * The lines' quantities per tracked thing as stock moves: each item, and each option chosen
 * (once per line); items first, then options, each in id order: everything that takes or gives
 * back stock locks the rows in this order, so none of it deadlocks.
 */
export function stockMoves(lines: Array<{ itemId: number; quantity: number; optionIds: number[] }>): StockMove[] {
	const items = new Map<number, number>();
	const options = new Map<number, number>();
	for (const line of lines) {
		items.set(line.itemId, (items.get(line.itemId) ?? 0) + line.quantity);
		for (const optionId of new Set(line.optionIds)) options.set(optionId, (options.get(optionId) ?? 0) + line.quantity);
	}
	const inIdOrder = (table: StockMove["table"], quantities: Map<number, number>) =>
		[...quantities].sort(([a], [b]) => a - b).map(([id, quantity]) => ({ table, id, quantity }));
	return [...inIdOrder("menu_item", items), ...inIdOrder("menu_option", options)];
}

/** The name of a stock chain's step: `take0`, `take1` … */
export const stockStep = (index: number) => `take${index}`;

/**
 * A stock chain's steps, for a statement's WITH: each takes one quantity (never below zero;
 * untracked stock, NULL, is not counted) and waits for the step before it to have taken its
 * row, so the rows are locked in the order given and the chain stops at the first one short.
 * Every quantity was taken when the last step returned its row (`EXISTS (SELECT 1 FROM
 * takeN)`); when not, some before it were, and the caller rolls its transaction back.
 */
export function stockTakingSteps(
	takes: StockMove[],
	/**
	 * What the first step waits for, and takes nothing unless it holds: a condition on WITH
	 * queries of the same statement (checkout's key claim and menu version).
	 */
	after?: RawBuilder<boolean>,
): Array<{ name: string; update: RawBuilder<{ id: number }> }> {
	return takes.map(({ table, id, quantity }, index) => ({
		name: stockStep(index),
		update: sql<{ id: number }>`UPDATE ${sql.table(table)} SET stock = stock - ${quantity}::int${
			table === "menu_item" ? sql`, sales_count = sales_count + ${quantity}::int` : sql``
		} WHERE id = ${id}::bigint AND (stock IS NULL OR stock >= ${quantity}::int)${
			index > 0 ? sql` AND EXISTS (SELECT 1 FROM ${sql.raw(stockStep(index - 1))})` : after ? sql` AND ${after}` : sql``
		} RETURNING id`,
	}));
}

/** Takes the quantities in one statement (stockTakingSteps); true when every one was taken. */
async function takeStockInOrder(trx: Transaction<DB>, takes: StockMove[]): Promise<boolean> {
	if (takes.length === 0) return true;
	const steps = stockTakingSteps(takes);
	const result = await sql<{ taken: boolean }>`WITH ${sql.join(
		steps.map((step) => sql`${sql.raw(step.name)} AS (${step.update})`),
	)} SELECT EXISTS (SELECT 1 FROM ${sql.raw(stockStep(takes.length - 1))}) AS taken`.execute(trx);
	return result.rows[0]?.taken === true;
}

/**
 * Gives the quantities back to tracked stock (an item's sales go down with it) in one statement,
 * in the order given: each step waits for the one before it, whether or not that one found its
 * row (an untracked option is left alone).
 */
export async function giveStockBack(trx: Transaction<DB>, moves: StockMove[]): Promise<void> {
	if (moves.length === 0) return;
	const steps = moves.map(({ table, id, quantity }, index) => {
		const after = index > 0 ? sql` AND (SELECT count(*) FROM ${sql.raw(stockStep(index - 1))}) >= 0` : sql``;
		const update =
			table === "menu_item"
				? sql`UPDATE menu_item SET stock = stock + ${quantity}::int, sales_count = GREATEST(0, sales_count - ${quantity}::int) WHERE id = ${id}::bigint${after} RETURNING id`
				: sql`UPDATE menu_option SET stock = stock + ${quantity}::int WHERE id = ${id}::bigint AND stock IS NOT NULL${after} RETURNING id`;
		return sql`${sql.raw(stockStep(index))} AS (${update})`;
	});
	await sql`WITH ${sql.join(steps)} SELECT (SELECT count(*) FROM ${sql.raw(stockStep(moves.length - 1))}) AS last`.execute(
		trx,
	);
}

/**
 * Takes the ordered quantities from tracked stock in one statement, items first then options,
 * each in id order so that concurrent orders lock rows in the same order and never deadlock.
 * A booking's pre-order takes its stock through here too.
 */
export async function takeStock(
	trx: Transaction<DB>,
	lines: Array<{ itemId: number; quantity: number; optionIds: number[] }>,
) {
	if (!(await takeStockInOrder(trx, stockMoves(lines)))) throw new BusinessError(ErrorCode.InsufficientStock);
}
