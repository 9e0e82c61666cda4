import { randomBytes } from "node:crypto";
import { ErrorCode, type OrderView, type PlaceOrderInput, type PricedCart } from "@bayon/contract";
import { type Kysely, type QueryCreator, type RawBuilder, type Selectable, sql, type Transaction } from "kysely";
import type { z } from "zod";
import { claimInsert, findIdempotencyRecord } from "../../../db/idempotency.js";
import { executePrepared } from "../../../db/prepared.js";
import { refusalOf, refusedUnless } from "../../../db/refusal.js";
import type { DB } from "../../../db/schema.js";
import { BusinessError } from "../../../http/business-error.js";
import type { AppDeps } from "../../../http/deps.js";
import { requiredIdempotencyKey } from "../../../http/idempotency-key.js";
import type { SignedInContext } from "../../../http/request-context.js";
import { addSeconds } from "../../../lib/clock.js";
import { sha256Hex } from "../../../lib/crypto.js";
import { lockCouponForOrder, markCouponUsed } from "../../coupons/order-coupons.js";
import type { CardForPricing } from "../../membership/pricing.js";
import { type StockMove, stockMoves, stockStep, stockTakingSteps, takeStock } from "../../menu/stock.js";
import { tellShopGroup } from "../../notifications/outbox/outbox.js";
import { toLocalMoment } from "../../venues/hours.js";
import { lockSeatingForRound } from "../bills/bill-settlement.js";
import { announceBillChange, announceOrderChange } from "../events.js";
import { orderView, presentOrders, type StoredOrderLine } from "../present.js";
import * as queries from "../queries.js";
import { type EvaluatedCart, evaluateCart } from "./pricing.js";

/** A chosen pickup time may be at most this far ahead. */
const MAX_PICKUP_AHEAD_SECONDS = 7 * 24 * 3600;
const CREATE_SCOPE = "order.create";
/** A menu that keeps changing while an order is placed: price it again this many times at most. */
const MENU_CHANGE_RETRIES = 5;

/** The shop's menu changed between pricing the order and taking its stock. */
class MenuMovedOn extends Error {}

/**
 * Places an order. Everything is priced again from the database (never from the client) with
 * the same evaluation as the cart page, and every rule is checked again. All or nothing (one
 * statement for the usual order, a transaction with a coupon or a table's bill) it claims the
 * idempotency key, takes the stock with conditional updates (never below zero), draws the
 * shop's next pickup number of the day and writes the order: a retried request with the same
 * key gets the same order back, and a failure leaves nothing behind.
 */
export async function placeOrder(
	deps: AppDeps,
	ctx: SignedInContext,
	input: z.output<typeof PlaceOrderInput>,
	idempotencyKey: string | undefined,
	options: { placedBy?: number } = {},
): Promise<OrderView> {
	for (let attempt = 1; ; attempt++) {
		try {
			const { view, order } = await placeOrderOnce(deps, ctx, input, idempotencyKey, options);
			// A replay (no `order`) reads the order back, as it may have changed since.
			await announceOrderChange(deps, view.id, "created", order);
			// A round joined a table's seating: the staff's grid shows the table eating. Only
			// dine-in orders can be rounds, so other orders skip the lookup.
			if (input.orderType === "desk") {
				const round =
					order ??
					(await deps.db.selectFrom("customer_order").select("bill_id").where("id", "=", view.id).executeTakeFirst());
				await announceBillChange(deps, round?.bill_id, "ordered");
			}
			return view;
		} catch (error) {
			if (!(error instanceof MenuMovedOn)) throw error;
			// Priced again from the new menu: a sold-out mark or a new price now applies.
			if (attempt >= MENU_CHANGE_RETRIES) throw new BusinessError(ErrorCode.MenuChanged);
		}
	}
}

async function placeOrderOnce(
	deps: AppDeps,
	ctx: SignedInContext,
	input: z.output<typeof PlaceOrderInput>,
	idempotencyKey: string | undefined,
	options: { placedBy?: number },
): Promise<{ view: OrderView; order?: Selectable<DB["customer_order"]> }> {
	const key = requiredIdempotencyKey(idempotencyKey);
	const requestHash = sha256Hex(JSON.stringify(input));
	const { record, menuVersion } = await queries.findReplayAndMenuVersion(deps.db, {
		memberId: ctx.member.id,
		scope: CREATE_SCOPE,
		key,
		shopId: input.shopId,
	});
	const replay = await answeredBefore(deps.db, ctx, record, requestHash, deps.clock.now());
	if (replay) return { view: replay };

	const now = deps.clock.now();
	const { priced, terms, address, table, names, memberCard } = await evaluateCart(deps, ctx, {
		shopId: input.shopId,
		orderType: input.orderType,
		lines: input.lines,
		addressId: input.addressId,
		tableToken: input.tableToken,
		couponId: input.couponId,
	});
	const firstProblem = priced.problems[0] ?? priced.lines.flatMap((line) => line.problems)[0];
	if (!priced.orderable && firstProblem) {
		// A double tap whose first request committed meanwhile finds its own coupon used: the
		// key answers the order the first one placed instead.
		const placedMeanwhile = await replayOf(deps, ctx, key, requestHash);
		if (placedMeanwhile) return { view: placedMeanwhile };
		// The whole priced cart travels in `data`, so the app can mark every line at once.
		throw new BusinessError(firstProblem.code as Exclude<ErrorCode, 0>, {}, priced, undefined, firstProblem.message);
	}
	if (input.orderType === "desk" && input.diners === undefined) {
		throw BusinessError.invalidField("diners", "selectDiners");
	}
	const pickupAt = input.pickupTime === "asap" ? null : new Date(input.pickupTime);
	if (pickupAt) {
		const ahead = (pickupAt.getTime() - now.getTime()) / 1000;
		if (ahead < 0 || ahead > MAX_PICKUP_AHEAD_SECONDS) throw new BusinessError(ErrorCode.PickupTimeInvalid);
		if (!terms.isWithinHoursAt(pickupAt)) throw new BusinessError(ErrorCode.PickupTimeOutsideHours);
	}
	const card = cardColumns(priced, memberCard);
	// Dine-in at a shop that lets guests pay after the meal: the round goes to the kitchen
	// now and joins the bill of the diner's seating.
	const payLater = input.orderType === "desk" && table !== null && terms.deskPayAfterMeal;
	const businessDay = toLocalMoment(now, terms.timezone).date;
	const lines = storedLines(priced, names);
	const status = payLater ? "new" : "unpaid";
	const newOrder: NewOrder = {
		input,
		priced,
		lines,
		status,
		businessDay,
		pickupAt,
		address,
		tableId: table?.tableId ?? null,
		card,
		placedBy: options.placedBy ?? null,
		expiresAt: payLater ? null : addSeconds(now, deps.config.orderPaymentSeconds),
		now,
	};
	const answerFromWritten = async (db: Kysely<DB> | Transaction<DB>, order: Selectable<DB["customer_order"]>) =>
		// Answered from what was just written: the lines as inserted, the shop as priced, and no
		// refunds (a new order has none).
		orderView(
			order,
			{
				lines,
				shop: { name: terms.name, timezone: terms.timezone },
				tableNumber: order.table_id === null ? null : await queries.tableNumber(db, order.table_id),
				refunds: [],
			},
			ctx.lang,
			{ kind: "customer", now },
		);

	// The usual order, with no coupon and paid before the meal: one statement, its own
	// transaction. The stock rows and the shop's day counter are every order's hot rows; locked
	// by a statement alone they are free again at its end, where in a transaction they would wait
	// for a COMMIT sent after the server's next turn (decision 025).
	if (priced.couponId === null && !payLater) {
		try {
			const [order] = await executePrepared(
				deps.db,
				orderStatement(deps.db, ctx, newOrder, { claim: { key, requestHash, menuVersion, scope: CREATE_SCOPE } }),
			);
			if (!order) throw new Error("the order's statement answered no row");
			return { view: await answerFromWritten(deps.db, order), order };
		} catch (error) {
			const refusal = refusalOf(error);
			if (refusal === REFUSED_MENU_MOVED) throw new MenuMovedOn();
			if (refusal === REFUSED_STOCK) throw new BusinessError(ErrorCode.InsufficientStock);
			if (refusal !== REFUSED_KEY_TAKEN) throw error;
			// A concurrent request with this key committed first: answer what it answered.
			const view = await replayOf(deps, ctx, key, requestHash);
			if (!view) throw new BusinessError(ErrorCode.IdempotencyKeyReused);
			return { view };
		}
	}

	return deps.db.transaction().execute(async (trx) => {
		// The key, and the menu version held until commit so that a menu change committed after
		// this order waits for it; one committed since pricing: price it again (MenuMovedOn).
		const { claimed, menuVersion: heldVersion } = await queries.claimKeyHoldingMenu(trx, {
			memberId: ctx.member.id,
			scope: CREATE_SCOPE,
			key,
			requestHash,
			now,
			shopId: input.shopId,
		});
		if (!claimed) {
			// A concurrent request with this key committed first: answer what it answered.
			const record = await findIdempotencyRecord(trx, { memberId: ctx.member.id, scope: CREATE_SCOPE, key });
			const view = await answeredBefore(trx, ctx, record ?? null, requestHash, now);
			if (!view) throw new BusinessError(ErrorCode.IdempotencyKeyReused);
			return { view };
		}
		// A round paid after the meal: the bill is locked before any stock (see
		// lockSeatingForRound), so it cannot be settled while this round is being added, and a
		// seating that ended since the cart was priced is refused.
		const billId = payLater ? await lockSeatingForRound(trx, ctx.tenant.id, table.seatingId) : null;
		if (heldVersion !== menuVersion) throw new MenuMovedOn();
		// Without a coupon the stock is taken by the order's own statement below; with one it is
		// taken first: the coupon is locked and checked again at this moment (decision 022), after
		// the stock so that every transaction touching both (a cancellation returns stock, then
		// the coupon) takes them in the same order. Used meanwhile: refused, and nothing of this
		// is written.
		const stockWithOrder = priced.couponId === null ? stockMoves(input.lines) : [];
		if (priced.couponId !== null) await takeStock(trx, input.lines);
		const coupon =
			priced.couponId === null
				? null
				: await lockCouponForOrder(trx, {
						tenantId: ctx.tenant.id,
						memberId: ctx.member.id,
						couponId: priced.couponId,
						cart: {
							shopId: input.shopId,
							orderType: input.orderType,
							goods: priced.subtotal,
							cardDiscount: card.member_discount,
							deliveryFee: priced.deliveryFee,
							now,
						},
						format: { lang: ctx.lang, currency: ctx.tenant.currency, timeZone: terms.timezone },
					});
		const [written] = await executePrepared(
			trx,
			orderStatement(trx, ctx, newOrder, {
				takeStock: stockWithOrder,
				billId,
				couponTitle: coupon?.title ?? null,
				answerKey: { key, scope: CREATE_SCOPE },
			}),
		);
		if (!written) throw new Error("the order's statement answered no row");
		const { stock_taken: stockTaken, ...order } = written;
		// Short of some line's stock: everything this transaction wrote is rolled back.
		if (!stockTaken) throw new BusinessError(ErrorCode.InsufficientStock);
		if (priced.couponId !== null)
			await markCouponUsed(trx, { couponId: priced.couponId, orderId: order.id, now, lang: ctx.lang });
		// A round paid after the meal goes to the kitchen at once: the staff hear of it now, as of
		// any order when it is paid (decision 024).
		if (payLater)
			await tellShopGroup(trx, {
				tenantId: ctx.tenant.id,
				shopId: input.shopId,
				kind: "shopNewOrder",
				subjectId: order.id,
				now,
			});
		return { view: await answerFromWritten(trx, order), order };
	});
}

/** Everything an order is written from, priced and checked. */
interface NewOrder {
	input: z.output<typeof PlaceOrderInput>;
	priced: PricedCart;
	lines: StoredOrderLine[];
	status: "new" | "unpaid";
	businessDay: string;
	pickupAt: Date | null;
	address: EvaluatedCart["address"];
	tableId: number | null;
	card: ReturnType<typeof cardColumns>;
	placedBy: number | null;
	expiresAt: Date | null;
	now: Date;
}

const REFUSED_MENU_MOVED = "menu moved on";
const REFUSED_STOCK = "insufficient stock";
const REFUSED_KEY_TAKEN = "idempotency key taken";

/**
 * The statement that writes an order: the stock chain, the shop day's next pickup number (its
 * INSERT waits for the chain: the lock order stays stock, then counter), the order, its lines
 * and its first event; answers the order's row and whether the stock was taken (`stock_taken`).
 *
 * In a transaction (`answerKey`): the caller claimed the key and took or locks what else it
 * must first; the key's answer is written here, and the caller reads `stock_taken` and rolls
 * back when `takeStock` fell short.
 *
 * On its own (`claim`, no transaction): first the order's id and the key claimed with it as its
 * answer, then the shop's menu version held FOR SHARE to the end of the statement (decision
 * 014: a menu change waits for it), then the stock: the lock order of the transaction's way.
 * The statement undoes itself (`refusedUnless`) when another request took the key meanwhile,
 * the menu changed since pricing, or some stock was short.
 */
function orderStatement(
	db: Kysely<DB> | Transaction<DB>,
	ctx: SignedInContext,
	order: NewOrder,
	how:
		| {
				takeStock: StockMove[];
				billId: number | null;
				couponTitle: unknown;
				answerKey: { key: string; scope: string };
		  }
		| { claim: { key: string; requestHash: string; menuVersion: number; scope: string } },
) {
	const { input, priced, now } = order;
	const alone = "claim" in how;
	const takes = alone ? stockMoves(input.lines) : how.takeStock;
	let statement: QueryCreator<DB> = db;
	// Kysely types each CTE's name into the builder; these are only read by raw SQL below.
	const withQuery = (name: string, query: RawBuilder<unknown>) => {
		statement = statement.with(name, () => sql`(${query})`) as unknown as QueryCreator<DB>;
	};
	if (alone) {
		const { claim } = how;
		// The order's id, drawn first: the key's answer names it, and the key is claimed before
		// any other row is locked, the lock order of every other way of placing an order (a
		// concurrent request with the same key, in a transaction, holds the key and waits for the
		// stock: taking the stock first here would deadlock with it).
		withQuery("new_order", sql`SELECT nextval(pg_get_serial_sequence('customer_order', 'id')) AS id`);
		statement = statement.with("claim", (db) =>
			claimInsert(db, {
				memberId: ctx.member.id,
				scope: claim.scope,
				key: claim.key,
				requestHash: claim.requestHash,
				now,
				response: sql<string>`jsonb_build_object('orderId', (SELECT id FROM new_order))`,
			}),
		) as unknown as QueryCreator<DB>;
		// Then the shop's menu version, held FOR SHARE to the statement's end (decision 014).
		withQuery(
			"menu",
			sql`SELECT version FROM shop_menu_version WHERE shop_id = ${input.shopId}::bigint AND EXISTS (SELECT 1 FROM claim) FOR SHARE`,
		);
	}
	// On its own, the stock waits for the key and the menu version, and is not touched when the
	// key was taken meanwhile (the statement is refused then: see below).
	const afterClaim = alone
		? sql<boolean>`EXISTS (SELECT 1 FROM claim) AND (SELECT count(*) FROM menu) >= 0`
		: undefined;
	for (const step of stockTakingSteps(takes, afterClaim)) withQuery(step.name, step.update);
	const lastStep = takes.length === 0 ? undefined : stockStep(takes.length - 1);
	// Every quantity taken: the chain's last step took its row.
	const stockTaken =
		lastStep === undefined ? sql<boolean>`true` : sql<boolean>`EXISTS (SELECT 1 FROM ${sql.raw(lastStep)})`;
	const inserted = statement
		.with(
			"counter",
			() =>
				sql<{
					last_number: number;
				}>`(${queries.drawPickupNumber(input.shopId, order.businessDay, lastStep ?? (alone ? "menu" : undefined))})`,
		)
		.with("ord", (db) =>
			db
				.insertInto("customer_order")
				.values({
					...(alone ? { id: sql<number>`(SELECT id FROM new_order)` } : {}),
					tenant_id: ctx.tenant.id,
					shop_id: input.shopId,
					member_id: ctx.member.id,
					order_no: sql<string>`(SELECT ${orderNumberSql(order.businessDay, sql.ref("last_number"))} FROM counter)`,
					order_type: input.orderType,
					status: order.status,
					payment_status: "unpaid",
					pay_method: null,
					pickup_number: sql<number>`(SELECT last_number FROM counter)`,
					business_day: order.businessDay,
					pickup_at: order.pickupAt,
					table_id: order.tableId,
					diners: input.orderType === "desk" ? (input.diners ?? null) : null,
					delivery_address: order.address
						? JSON.stringify({
								recipient: order.address.recipient,
								phone: order.address.phone,
								address: order.address.address,
								houseNumber: order.address.houseNumber,
								latitude: order.address.latitude,
								longitude: order.address.longitude,
							})
						: null,
					// The member's own number unless another was given: read by this statement, not before it.
					contact_phone:
						input.contactPhone ??
						order.address?.phone ??
						sql<string>`(SELECT mobile FROM member WHERE id = ${ctx.member.id} AND tenant_id = ${ctx.tenant.id})`,
					remark: input.remark,
					subtotal: priced.subtotal,
					delivery_fee: priced.deliveryFee,
					...order.card,
					coupon_id: priced.couponId,
					// As priced (the total adds it up); the check above found the same coupon fitting.
					coupon_discount: priced.discounts
						.filter((discount) => discount.kind === "coupon")
						.reduce((sum, discount) => sum + discount.amount, 0),
					coupon_title: !alone && how.couponTitle ? JSON.stringify(how.couponTitle) : null,
					total: priced.total,
					placed_by_member_id: order.placedBy,
					created_at: now,
					expires_at: order.expiresAt,
					bill_id: alone ? null : how.billId,
				})
				.returningAll(),
		)
		// The lines and the order's first event, with the order.
		.with("line", (db) =>
			db.insertInto("order_line").values(
				order.lines.map((line) => ({
					order_id: sql<number>`(SELECT id FROM ord)`,
					...line,
					options: JSON.stringify(line.options),
					names: JSON.stringify(line.names),
				})),
			),
		)
		.with("event", (db) =>
			db.insertInto("order_event").values(
				queries.orderEventValues({
					orderId: sql<number>`(SELECT id FROM ord)`,
					at: now,
					actor: order.placedBy ? "staff" : "customer",
					actorMemberId: order.placedBy ?? ctx.member.id,
					from: null,
					to: order.status,
					...(!alone && how.billId !== null ? { note: `pay_after_meal bill:${how.billId}` } : {}),
				}),
			),
		);
	if (!alone)
		// The answer a retry gets: the order's id, on the key the caller claimed.
		return inserted
			.with("answer", (db) =>
				db
					.updateTable("idempotency_record")
					.set({ response: sql<string>`jsonb_build_object('orderId', (SELECT id FROM ord))` })
					.where("member_id", "=", ctx.member.id)
					.where("scope", "=", how.answerKey.scope)
					.where("key", "=", how.answerKey.key),
			)
			.selectFrom("ord")
			.selectAll()
			.select(stockTaken.as("stock_taken"));
	const { claim } = how;
	const menuHeld = sql<boolean>`coalesce((SELECT version FROM menu), 0) = ${claim.menuVersion}::bigint`;
	return inserted
		.selectFrom("ord")
		.selectAll()
		.select(stockTaken.as("stock_taken"))
		.select(
			refusedUnless(
				sql<boolean>`EXISTS (SELECT 1 FROM claim) AND ${menuHeld} AND ${stockTaken}`,
				sql<string>`CASE WHEN NOT EXISTS (SELECT 1 FROM claim) THEN ${REFUSED_KEY_TAKEN}::text WHEN NOT ${menuHeld} THEN ${REFUSED_MENU_MOVED}::text ELSE ${REFUSED_STOCK}::text END`,
			).as("checked"),
		);
}

/** What the member's VIP card gave the order (decision 021), stored as priced so the order shows it later. */
function cardColumns(priced: PricedCart, card: CardForPricing | null) {
	const memberDiscount = priced.discounts
		.filter((discount) => discount.kind === "memberCard")
		.reduce((sum, discount) => sum + discount.amount, 0);
	const waived = priced.deliveryFeeWaived?.amount ?? 0;
	return {
		member_discount: memberDiscount,
		delivery_fee_waived: waived,
		member_card_name: card && (memberDiscount > 0 || waived > 0) ? JSON.stringify(card.name) : null,
	};
}

/** The order's lines as stored: each name in every language the menu has, as the order keeps them. */
function storedLines(priced: EvaluatedCart["priced"], names: EvaluatedCart["names"]): StoredOrderLine[] {
	return priced.lines.map((line) => ({
		item_id: line.itemId,
		name: line.name,
		options: line.options,
		names: {
			item: names.items.get(line.itemId) ?? { "zh-CN": line.name },
			options: Object.fromEntries(
				line.options.map((option) => [String(option.id), names.options.get(option.id) ?? { "zh-CN": option.name }]),
			),
		},
		unit_price: line.unitPrice,
		quantity: line.quantity,
		line_total: line.lineTotal,
	}));
}

async function replayOf(
	deps: AppDeps,
	ctx: SignedInContext,
	key: string,
	requestHash: string,
): Promise<OrderView | null> {
	const record = await findIdempotencyRecord(deps.db, { memberId: ctx.member.id, scope: CREATE_SCOPE, key });
	return answeredBefore(deps.db, ctx, record ?? null, requestHash, deps.clock.now());
}

/**
 * The answer to a request with this key, or null when there was none; another request under
 * the same key is refused. The key keeps the order's id (written with the order, no answer
 * built first): a retry is shown the order as it is now, in its own language. Keys answered
 * before that kept the whole answer, given as it was.
 */
async function answeredBefore(
	db: Kysely<DB> | Transaction<DB>,
	ctx: SignedInContext,
	record: { request_hash: string; response: unknown } | null,
	requestHash: string,
	now: Date,
): Promise<OrderView | null> {
	if (!record) return null;
	if (record.request_hash !== requestHash) throw new BusinessError(ErrorCode.IdempotencyKeyReused);
	const answer = record.response as OrderView | { orderId: number };
	if (!("orderId" in answer)) return answer;
	const row = await db
		.selectFrom("customer_order")
		.selectAll()
		.where("id", "=", answer.orderId)
		.executeTakeFirstOrThrow();
	const [view] = await presentOrders(db, [row], ctx.lang, { kind: "customer", now });
	if (!view) throw new Error(`order ${answer.orderId} could not be shown`);
	return view;
}

/** A public order number: the business day, the pickup number and a random tail. */
export function orderNumber(businessDay: string, pickupNumber: number): string {
	return `${businessDay.replaceAll("-", "")}${String(pickupNumber).padStart(4, "0")}${randomTail()}`;
}

/** orderNumber() in SQL, for a pickup number drawn by the same statement; padded like padStart (never cut). */
function orderNumberSql(businessDay: string, pickupNumber: RawBuilder<unknown> | ReturnType<typeof sql.ref>) {
	return sql<string>`${businessDay.replaceAll("-", "")}::text || lpad(${pickupNumber}::text, greatest(4, length(${pickupNumber}::text)), '0') || ${randomTail()}::text`;
}

function randomTail(): string {
	return randomBytes(3).toString("hex").toUpperCase();
}
