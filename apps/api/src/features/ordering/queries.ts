import type { OrderStatus } from "@bayon/contract";
import { type ExpressionBuilder, type Kysely, type RawBuilder, sql, type Transaction, type Updateable } from "kysely";
import { claimInsert, type KeyClaim } from "../../db/idempotency.js";
import { executePrepared } from "../../db/prepared.js";
import type { DB } from "../../db/schema.js";
import { giveStockBack, stockMoves } from "../menu/stock.js";
import { orderNoticesFor, tellOrderNews } from "../notifications/outbox/order-notices.js";
import { noGatewayPaymentInDoubt } from "../payments/attempts/in-doubt.js";

type Db = Kysely<DB> | Transaction<DB>;

/** Puts an order's quantities back (cancellation, expiry, rejection). */
export async function returnStock(trx: Transaction<DB>, orderId: number): Promise<void> {
	const lines = await trx
		.selectFrom("order_line")
		.select(["item_id", "quantity", "options"])
		.where("order_id", "=", orderId)
		.execute();
	await giveStockBack(
		trx,
		stockMoves(
			lines.map((line) => ({
				itemId: line.item_id,
				quantity: line.quantity,
				optionIds: line.options.map((option) => option.id),
			})),
		),
	);
}

/** The next pickup number of a shop's business day (1, 2, 3 … from each local midnight). */
export async function nextPickupNumber(trx: Transaction<DB>, shopId: number, day: string): Promise<number> {
	const row = (await drawPickupNumber(shopId, day).execute(trx)).rows[0];
	if (!row) throw new Error(`no pickup number drawn for shop ${shopId} on ${day}`);
	return row.last_number;
}

/**
 * The counter's upsert that draws a shop day's next pickup number, unsent. `after` names a
 * WITH query of the same statement it waits for: checkout's stock chain, so the counter is
 * locked after the stock rows, as every other transaction takes them.
 */
export function drawPickupNumber(shopId: number, day: string, after?: string): RawBuilder<{ last_number: number }> {
	return sql<{
		last_number: number;
	}>`INSERT INTO shop_day_counter (shop_id, day, last_number) SELECT ${shopId}::bigint, ${day}::date, 1${
		after ? sql` WHERE (SELECT count(*) FROM ${sql.raw(after)}) >= 0` : sql``
	} ON CONFLICT (shop_id, day) DO UPDATE SET last_number = shop_day_counter.last_number + 1 RETURNING last_number`;
}

export interface OrderEventInput {
	/** Or the id as SQL, for an order inserted by the same statement. */
	orderId: number | RawBuilder<number>;
	at: Date;
	actor: "customer" | "staff" | "system";
	actorMemberId: number | null;
	from: string | null;
	to: string;
	note?: string;
}

/** The `order_event` row of an event, for recordEvent and for statements that write it along with more. */
export function orderEventValues(event: OrderEventInput) {
	return {
		order_id: event.orderId,
		at: event.at,
		actor: event.actor,
		actor_member_id: event.actorMemberId,
		from_status: event.from,
		to_status: event.to,
		note: event.note ?? null,
	};
}

export async function recordEvent(db: Db, event: OrderEventInput) {
	await db.insertInto("order_event").values(orderEventValues(event)).execute();
}

/**
 * Changes a locked order and records who changed it, from which state to which, in one step,
 * so no change goes without its trace in the event log, nor without the bot's news of it
 * (decision 024), queued in the same transaction. The update hands back what the messages need,
 * so the news costs no read: one insert per message, none for a change that tells nothing.
 */
export async function changeOrder(
	trx: Transaction<DB>,
	order: { id: number; status: OrderStatus },
	change: Updateable<DB["customer_order"]>,
	by: { at: Date; actor: "customer" | "staff" | "system"; actorMemberId: number | null; note?: string | undefined },
): Promise<void> {
	const changed = await trx
		.updateTable("customer_order")
		.set(change)
		.where("id", "=", order.id)
		.returning(["id", "tenant_id", "shop_id", "member_id", "order_type", "refund_requested_at"])
		.executeTakeFirstOrThrow();
	const notices = orderNoticesFor(
		{ status: order.status, orderType: changed.order_type },
		{
			...(typeof change.status === "string" ? { status: change.status } : {}),
			...(typeof change.payment_status === "string" ? { paymentStatus: change.payment_status } : {}),
			...(typeof change.refund_status === "string" ? { refundStatus: change.refund_status } : {}),
		},
		by.actor,
	);
	await tellOrderNews(trx, changed, notices, by.at);
	await recordEvent(trx, {
		orderId: order.id,
		at: by.at,
		actor: by.actor,
		actorMemberId: by.actorMemberId,
		from: order.status,
		to: change.status ?? order.status,
		...(by.note !== undefined ? { note: by.note } : {}),
	});
}

export function findOwnOrder(db: Db, args: { tenantId: number; memberId: number; orderId: number }) {
	return db
		.selectFrom("customer_order")
		.selectAll()
		.where("tenant_id", "=", args.tenantId)
		.where("member_id", "=", args.memberId)
		.where("id", "=", args.orderId)
		.executeTakeFirst();
}

/** Locks the customer's own order for a state change; someone else's id finds nothing. */
export function lockOwnOrder(trx: Transaction<DB>, args: { tenantId: number; memberId: number; orderId: number }) {
	return trx
		.selectFrom("customer_order")
		.selectAll()
		.where("tenant_id", "=", args.tenantId)
		.where("member_id", "=", args.memberId)
		.where("id", "=", args.orderId)
		.forUpdate()
		.executeTakeFirst();
}

export function orderLines(db: Db, orderIds: number[]) {
	if (orderIds.length === 0) return Promise.resolve([]);
	return db
		.selectFrom("order_line")
		.select(["order_id", "item_id", "name", "names", "options", "unit_price", "quantity", "line_total"])
		.where("order_id", "in", orderIds)
		.orderBy("id")
		.execute();
}

export function shopNames(db: Db, shopIds: number[]) {
	if (shopIds.length === 0) return Promise.resolve([]);
	return db.selectFrom("shop").select(["id", "name", "timezone"]).where("id", "in", shopIds).execute();
}

export async function tableNumber(db: Db, tableId: number): Promise<string | null> {
	const row = await db.selectFrom("dining_table").select("number").where("id", "=", tableId).executeTakeFirst();
	return row?.number ?? null;
}

export function tableNumbers(db: Db, tableIds: number[]) {
	if (tableIds.length === 0) return Promise.resolve([]);
	return db.selectFrom("dining_table").select(["id", "number"]).where("id", "in", tableIds).execute();
}

const IN_PROGRESS = ["new", "in_production", "ready", "delivering"] as const;

/** The customer's orders for one of the spec's list filters, newest first. */
export async function listMemberOrders(
	db: Db,
	args: { tenantId: number; memberId: number; filter: number; offset: number; limit: number },
) {
	let query = db
		.selectFrom("customer_order")
		.where("tenant_id", "=", args.tenantId)
		.where("member_id", "=", args.memberId);
	// Pending payment: unpaid orders, and dine-in rounds that went to the kitchen to be paid
	// with the table's bill after the meal.
	if (args.filter === 0)
		query = query.where((eb) =>
			eb.or([
				eb("status", "=", "unpaid"),
				eb.and([
					eb("bill_id", "is not", null),
					eb("payment_status", "in", ["unpaid", "paying"]),
					eb("status", "not in", ["cancelled", "rejected"]),
				]),
			]),
		);
	// In progress: with the shop, or waiting for the shop's refund decision.
	if (args.filter === 1)
		query = query.where((eb) => eb.or([eb("status", "in", IN_PROGRESS), eb("refund_status", "=", "requested")]));
	if (args.filter === 4) query = query.where("status", "=", "completed");
	if (args.filter === -3) query = query.where("payment_status", "=", "refunded");
	const [rows, total] = await Promise.all([
		query
			.selectAll()
			.orderBy("created_at", "desc")
			.orderBy("id", "desc")
			.offset(args.offset)
			.limit(args.limit)
			.execute(),
		query.select((eb) => eb.fn.countAll<string>().as("n")).executeTakeFirstOrThrow(),
	]);
	return { rows, total: Number(total.n) };
}

/** Unpaid orders past their payment deadline, claimed by this server (others skip them). */
/**
 * Unpaid orders whose payment window has passed, locked, skipping those another server
 * holds. An order with a gateway payment still open is left unless the gateway said, after
 * the window closed, that the payer had not decided: it may have been paid (decision 005).
 */
export function claimExpiredOrders(trx: Transaction<DB>, now: Date, limit: number) {
	return trx
		.selectFrom("customer_order")
		.select(["id", "status", "payment_status"])
		.where("status", "=", "unpaid")
		.where("expires_at", "<=", now)
		.where(noGatewayPaymentInDoubt("order", "customer_order.id", "customer_order.expires_at"))
		.orderBy("expires_at")
		.limit(limit)
		.forUpdate()
		.skipLocked()
		.execute();
}

/**
 * Before placing an order, in one read (decision 025): what a request with this key already
 * answered (if any) and the shop's menu version, read before pricing so that the prices are at
 * least this new (checkout holds the version again before it takes stock).
 */
export async function findReplayAndMenuVersion(
	db: Db,
	args: { memberId: number; scope: string; key: string; shopId: number },
): Promise<{ record: { request_hash: string; response: unknown } | null; menuVersion: number }> {
	const record = (eb: ExpressionBuilder<DB, never>) =>
		eb
			.selectFrom("idempotency_record")
			.where("member_id", "=", args.memberId)
			.where("scope", "=", args.scope)
			.where("key", "=", args.key);
	// Prepared: the first statement of every order.
	const [row] = await executePrepared(
		db,
		db.selectNoFrom((eb) => [
			eb.selectFrom("shop_menu_version").select("version").where("shop_id", "=", args.shopId).as("menu_version"),
			record(eb).select("request_hash").as("request_hash"),
			record(eb).select("response").as("response"),
		]),
	);
	if (!row) throw new Error("the replay check answered no row");
	return {
		record: row.request_hash === null ? null : { request_hash: row.request_hash, response: row.response },
		menuVersion: Number(row.menu_version ?? 0),
	};
}

/**
 * Checkout, first inside its transaction and before it takes stock, in one statement: the
 * idempotency key claimed for this request (false: another request with it committed first),
 * and the shop's menu version held FOR SHARE until commit (decision 014). A menu change bumps
 * the version first thing in its own transaction, so it waits for orders holding it, and orders
 * arriving after it see the new version.
 */
export async function claimKeyHoldingMenu(
	trx: Transaction<DB>,
	args: KeyClaim & { shopId: number },
): Promise<{ claimed: boolean; menuVersion: number }> {
	const row = await trx
		.with("claim", () => claimInsert(trx, args))
		.selectNoFrom((eb) => [
			eb
				.selectFrom("claim")
				.select((inner) => inner.fn.countAll<string>().as("n"))
				.as("claimed"),
			eb
				.selectFrom("shop_menu_version")
				.select("version")
				.where("shop_id", "=", args.shopId)
				.forShare()
				.as("menu_version"),
		])
		.executeTakeFirstOrThrow();
	return { claimed: Number(row.claimed) > 0, menuVersion: Number(row.menu_version ?? 0) };
}

/**
 * For each given order, how many orders of the same shop and business day wait for or are
 * in the kitchen with a smaller pickup number: one query for a whole page of orders.
 */
export async function countOrdersAhead(db: Db, orderIds: number[]): Promise<Map<number, number>> {
	if (orderIds.length === 0) return new Map();
	const rows = await db
		.selectFrom("customer_order as mine")
		.leftJoin("customer_order as o", (join) =>
			join
				.onRef("o.shop_id", "=", "mine.shop_id")
				.onRef("o.business_day", "=", "mine.business_day")
				.onRef("o.pickup_number", "<", "mine.pickup_number")
				.on("o.status", "in", ["new", "in_production"]),
		)
		.select(["mine.id", (eb) => eb.fn.count<string>("o.id").as("n")])
		.where("mine.id", "in", orderIds)
		.groupBy("mine.id")
		.execute();
	return new Map(rows.map((row) => [row.id, Number(row.n)]));
}
