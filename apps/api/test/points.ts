import type {
	Address,
	OrderView,
	PageResult,
	PointsBillPage,
	PointsItemAdmin,
	PointsItemDetail,
	PointsItemView,
	PointsMallAdmin,
	PointsRule,
	PointsSummary,
	RedemptionView,
	SavePointsItemInput,
} from "@bayon/contract";
import { sql } from "kysely";
import { expect } from "vitest";
import type { TestServer } from "./harness.js";
import { OrderingFixture } from "./ordering.js";

type Caller = { accessToken: string; userId?: number };

/** The demo item points are earned with in these stories: $2.00, stock switched off. */
export const COCONUT = "Fresh young coconut";

/**
 * Helpers for stories about points and the points mall (issue 13) on the demo tenant. Points
 * are only ever earned the real way: an order placed, paid and completed through the API.
 */
export class PointsFixture {
	private counter = 0;
	fx!: OrderingFixture;

	constructor(readonly server: TestServer) {}

	/** Loads the demo menu and takes the coconut's stock limit off. */
	async load() {
		this.fx = await new OrderingFixture(this.server).load();
		await this.fx.setStock(this.fx.item(COCONUT).id, null);
		return this;
	}

	newKey() {
		return `points-test-${Date.now()}-${++this.counter}`;
	}

	setRule(caller: Caller, pointsPerUnit: unknown, lang?: string, shopId = 1) {
		return this.server.call<PointsRule>("POST", "/app-api/merchant/points/rule", {
			token: caller.accessToken,
			lang,
			body: { shopId, pointsPerUnit },
		});
	}

	/** A placed and paid pickup order of `coconuts` coconuts ($2.00 each), paid from a balance granted for it. */
	async paidCoconuts(customer: Caller & { userId: number }, coconuts: number): Promise<OrderView> {
		await this.fx.grant(customer.userId, 200 * coconuts);
		const placed = await this.fx.place(customer.accessToken, { lines: [this.fx.line(COCONUT, coconuts)] });
		if (placed.code !== 0) throw new Error(`order failed: ${placed.code} ${placed.msg}`);
		const paid = await this.fx.pay(customer.accessToken, placed.data.id);
		if (paid.code !== 0) throw new Error(`payment failed: ${paid.code} ${paid.msg}`);
		return placed.data;
	}

	step(staff: Caller, orderId: number, action: string) {
		return this.server.call<OrderView>("POST", "/app-api/merchant/order/action", {
			token: staff.accessToken,
			body: { orderId, action },
		});
	}

	/** Accept, ready, complete: what the shop does with a pickup order. */
	async complete(staff: Caller, orderId: number) {
		for (const action of ["accept", "ready", "complete"]) {
			const answer = await this.step(staff, orderId, action);
			if (answer.code !== 0) throw new Error(`${action} failed: ${answer.code} ${answer.msg}`);
		}
	}

	/** Points the real way: an order of coconuts paid and completed (at 100 points a dollar, 200 a coconut). */
	async earnWithOrder(customer: Caller & { userId: number }, staff: Caller, coconuts: number) {
		const order = await this.paidCoconuts(customer, coconuts);
		await this.complete(staff, order.id);
		return order;
	}

	summary(caller: Caller) {
		return this.server.call<PointsSummary>("GET", "/app-api/points/summary", { token: caller.accessToken });
	}

	bill(caller: Caller, query = "", lang = "en") {
		return this.server.call<PointsBillPage>("GET", `/app-api/points/bill${query ? `?${query}` : ""}`, {
			token: caller.accessToken,
			lang,
		});
	}

	/** The member's points as the member row holds them. */
	async pointsOf(memberId: number): Promise<number> {
		const row = await this.server.deps.db
			.selectFrom("member")
			.select("points")
			.where("id", "=", memberId)
			.executeTakeFirstOrThrow();
		return row.points;
	}

	/** The member's ledger rows, oldest first. */
	entriesOf(memberId: number) {
		return this.server.deps.db
			.selectFrom("points_entry")
			.select(["kind", "amount", "balance_after", "order_id", "redemption_id"])
			.where("member_id", "=", memberId)
			.orderBy("id")
			.execute();
	}

	async saveItem(caller: Caller, fields: Partial<SavePointsItemInput> & Record<string, unknown> = {}, lang?: string) {
		const n = ++this.counter;
		// An update sends the stock its editor read; unless told, the one the item has now.
		const stockRead =
			typeof fields.id === "number" && !("stockRead" in fields)
				? { stockRead: (await this.itemRow(fields.id).catch(() => undefined))?.stock ?? 0 }
				: {};
		return this.server.call<PointsMallAdmin>("POST", "/app-api/merchant/points-mall/items/save", {
			token: caller.accessToken,
			lang,
			body: {
				shopId: 1,
				name: { "zh-CN": `测试礼品${n}`, en: `Test gift ${n}`, km: `អំណោយសាកល្បង ${n}` },
				pointsPrice: 400,
				stock: 10,
				fulfilments: ["pickup", "delivery"],
				...stockRead,
				...fields,
			},
		});
	}

	/** An item that must save: the one saved (the newest, for a new one). */
	async item(caller: Caller, fields: Partial<SavePointsItemInput> & Record<string, unknown> = {}) {
		const saved = await this.saveItem(caller, fields);
		if (saved.code !== 0) throw new Error(`saving an item failed: ${saved.code} ${saved.msg}`);
		return savedItem(saved.data.items, fields.id);
	}

	list(caller?: Caller, query = "", lang = "en") {
		return this.server.call<PointsItemView[]>("GET", `/app-api/score-product/list${query ? `?${query}` : ""}`, {
			token: caller?.accessToken,
			lang,
		});
	}

	detail(id: number | string, caller?: Caller, lang = "en") {
		return this.server.call<PointsItemDetail>("GET", `/app-api/score-product/detail?id=${id}`, {
			token: caller?.accessToken,
			lang,
		});
	}

	redeem(caller: Caller, body: Record<string, unknown>, options: { key?: string | null; lang?: string } = {}) {
		const key = options.key === undefined ? this.newKey() : options.key;
		return this.server.call<RedemptionView>("POST", "/app-api/score-order/submit", {
			token: caller.accessToken,
			lang: options.lang,
			headers: key === null ? {} : { "idempotency-key": key },
			body,
		});
	}

	redeemPickup(caller: Caller, itemId: number, options: { key?: string | null; lang?: string } = {}) {
		return this.redeem(caller, { itemId, fulfilment: "pickup", shopId: 1 }, options);
	}

	myRedemptions(caller: Caller, query = "") {
		return this.server.call<PageResult<RedemptionView>>("GET", `/app-api/score-order/list${query ? `?${query}` : ""}`, {
			token: caller.accessToken,
			lang: "en",
		});
	}

	myRedemption(caller: Caller, id: number | string, lang = "en") {
		return this.server.call<RedemptionView>("GET", `/app-api/score-order/detail?id=${id}`, {
			token: caller.accessToken,
			lang,
		});
	}

	memberCall(caller: Caller, path: "take" | "cancel", id: unknown, lang?: string) {
		return this.server.call<RedemptionView>("POST", `/app-api/score-order/${path}`, {
			token: caller.accessToken,
			lang,
			body: { id },
		});
	}

	staffCall(caller: Caller, path: "hand-over" | "ship" | "cancel", body: Record<string, unknown>, lang?: string) {
		return this.server.call<RedemptionView>("POST", `/app-api/merchant/points-mall/redemptions/${path}`, {
			token: caller.accessToken,
			lang,
			body: { shopId: 1, ...body },
		});
	}

	shopRedemptions(caller: Caller, query = "shopId=1") {
		return this.server.call<PageResult<RedemptionView>>("GET", `/app-api/merchant/points-mall/redemptions?${query}`, {
			token: caller.accessToken,
			lang: "en",
		});
	}

	async address(caller: Caller, recipient = "Sokha"): Promise<Address> {
		const saved = await this.server.call<Address>("POST", "/app-api/address/addAndEdit", {
			token: caller.accessToken,
			body: {
				recipient,
				phone: "13800000099",
				address: "Street 240, Phnom Penh",
				houseNumber: "12A",
				latitude: 11.5564,
				longitude: 104.9282,
			},
		});
		if (saved.code !== 0) throw new Error(`saving an address failed: ${saved.code} ${saved.msg}`);
		return saved.data;
	}

	/** A redemption's stored pickup code (the member's views show it only for a pending pickup). */
	async pickupCodeOf(id: number): Promise<string> {
		const row = await this.server.deps.db
			.selectFrom("points_redemption")
			.select("pickup_code")
			.where("id", "=", id)
			.executeTakeFirstOrThrow();
		return row.pickup_code;
	}

	async itemRow(id: number) {
		return this.server.deps.db.selectFrom("points_item").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
	}
}

/** The item a save answered about, in the list it answers: by id, or the newest for a new one. */
export function savedItem(list: PointsItemAdmin[], id?: number): PointsItemAdmin {
	const found = id === undefined ? list.reduce((a, b) => (b.id > a.id ? b : a)) : list.find((item) => item.id === id);
	if (!found) throw new Error(`item ${id} is not in the list`);
	return found;
}

/**
 * What must hold of the points ledger after any story, races included (decision 022):
 * - each member's balance is the sum of their ledger rows (members without rows hold 0);
 * - each row's balance_after is the running sum of the member's rows in the order written;
 * - an order earns and is taken back at most once, a redemption spends and returns at most once;
 * - every live redemption was paid for, and every cancelled one that was paid for was given back;
 * - no item's stock is below zero, and stock + live redemptions is the same for every item as
 *   what was put on the shelf (checked by the caller, who knows that).
 */
export async function expectPointsLedgerInvariants(server: TestServer): Promise<void> {
	const db = server.deps.db;
	const drifted = await sql<{ id: number; points: string; entries: string }>`
		SELECT m.id, m.points, coalesce(sum(e.amount), 0) AS entries
		FROM member m LEFT JOIN points_entry e ON e.member_id = m.id
		GROUP BY m.id, m.points HAVING m.points <> coalesce(sum(e.amount), 0)`.execute(db);
	const wrongBalanceAfter = await sql<{ id: number }>`
		SELECT id, balance_after, running FROM (
			SELECT id, balance_after, sum(amount) OVER (PARTITION BY member_id ORDER BY id) AS running FROM points_entry
		) entries WHERE balance_after <> running`.execute(db);
	const unpaid = await sql<{ id: number }>`
		SELECT r.id FROM points_redemption r
		WHERE NOT EXISTS (SELECT 1 FROM points_entry e WHERE e.redemption_id = r.id AND e.kind = 'redeemed'
			AND e.amount = -r.points_price)`.execute(db);
	const notReturned = await sql<{ id: number }>`
		SELECT r.id FROM points_redemption r WHERE r.status = 'cancelled'
		AND NOT EXISTS (SELECT 1 FROM points_entry e WHERE e.redemption_id = r.id AND e.kind = 'redemption_returned'
			AND e.amount = r.points_price)`.execute(db);
	const returnedLive = await sql<{ id: number }>`
		SELECT r.id FROM points_redemption r JOIN points_entry e ON e.redemption_id = r.id
		WHERE e.kind = 'redemption_returned' AND r.status <> 'cancelled'`.execute(db);
	const negativeStock = await sql<{ id: number }>`SELECT id FROM points_item WHERE stock < 0`.execute(db);
	const countDrift = await sql<{ id: number }>`
		SELECT i.id FROM points_item i
		WHERE i.redeemed_count <> (SELECT count(*) FROM points_redemption r WHERE r.item_id = i.id AND r.status <> 'cancelled')`.execute(
		db,
	);
	expect(drifted.rows, "members whose points differ from the sum of their ledger rows").toEqual([]);
	expect(wrongBalanceAfter.rows, "ledger rows whose balance_after is not the running sum").toEqual([]);
	expect(unpaid.rows, "redemptions without their points spent").toEqual([]);
	expect(notReturned.rows, "cancelled redemptions whose points were not given back").toEqual([]);
	expect(returnedLive.rows, "live redemptions whose points were given back").toEqual([]);
	expect(negativeStock.rows, "items below zero stock").toEqual([]);
	expect(countDrift.rows, "items whose redeemed count differs from their live redemptions").toEqual([]);
}
