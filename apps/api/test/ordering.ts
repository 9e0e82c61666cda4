import { expandShopMenu, type MenuItem, type OrderView, type PaymentResult, type ShopMenuWire } from "@bayon/contract";
import { sql } from "kysely";
import { expect } from "vitest";
import { fromLocalMoment, toLocalMoment } from "../src/features/venues/hours.js";
import { postLedgerTxn } from "../src/features/wallet/ledger.js";
import type { TestServer } from "./harness.js";

/** Helpers for stories about orders on the demo shop (open 08:00–22:00 in Phnom Penh). */
export class OrderingFixture {
	readonly items = new Map<string, MenuItem>();
	private keyCounter = 0;

	constructor(readonly server: TestServer) {}

	/** Loads the demo menu, by English item name. */
	async load() {
		const menu = await this.server.call<ShopMenuWire>("GET", "/app-api/product/products?shopId=1", { lang: "en" });
		for (const item of expandShopMenu(menu.data).categories.flatMap((c) => c.items)) this.items.set(item.name, item);
		return this;
	}

	item(name: string): MenuItem {
		const item = this.items.get(name);
		if (!item) throw new Error(`no item ${name} on the demo menu`);
		return item;
	}

	/** Moves the server clock forward to the next given wall-clock time in Phnom Penh. */
	moveClockToLocal(hhmm: string) {
		const [h, m] = hhmm.split(":").map(Number) as [number, number];
		const now = this.server.clock.now();
		let target = fromLocalMoment(toLocalMoment(now, "Asia/Phnom_Penh").date, h * 60 + m, "Asia/Phnom_Penh");
		while (target <= now) target = new Date(target.getTime() + 24 * 3600 * 1000);
		this.server.clock.set(target);
	}

	newKey() {
		return `test-key-${Date.now()}-${++this.keyCounter}`;
	}

	/** A cart line with the default choice of every required group. */
	line(name: string, quantity = 1) {
		const item = this.item(name);
		const optionIds = item.optionGroups
			.filter((group) => group.minChoices > 0)
			.map(
				(group) =>
					(group.options.find((o) => o.isDefault && !o.soldOut) ?? group.options.find((o) => !o.soldOut))?.id as number,
			);
		return { itemId: item.id, quantity, optionIds };
	}

	place(token: string, body: Record<string, unknown>, key: string | null = this.newKey(), lang?: string) {
		return this.server.call<OrderView>("POST", "/app-api/order/create", {
			token,
			lang,
			body: { shopId: 1, orderType: "takein", ...body },
			headers: key ? { "idempotency-key": key } : {},
		});
	}

	pay(token: string, orderId: number, lang?: string) {
		return this.server.call<PaymentResult>("POST", "/app-api/order/pay", {
			token,
			lang,
			body: { orderId, payMethod: "balance" },
		});
	}

	/** A placed and paid pickup order of one item. */
	async paidOrder(token: string, name: string): Promise<OrderView> {
		const order = await this.place(token, { lines: [this.line(name)] });
		if (order.code !== 0) throw new Error(`order failed: ${order.code} ${order.msg}`);
		const paid = await this.pay(token, order.data.id);
		if (paid.code !== 0) throw new Error(`payment failed: ${paid.code} ${paid.msg}`);
		return order.data;
	}

	async setStock(itemId: number, stock: number | null) {
		await this.server.deps.db.updateTable("menu_item").set({ stock }).where("id", "=", itemId).execute();
	}

	async stockOf(itemId: number) {
		return (
			await this.server.deps.db
				.selectFrom("menu_item")
				.select("stock")
				.where("id", "=", itemId)
				.executeTakeFirstOrThrow()
		).stock;
	}

	/** Stored value for a test member, through the ledger like every other balance change. */
	async grant(memberId: number, amount: number) {
		await this.server.deps.db.transaction().execute((trx) =>
			postLedgerTxn(trx, {
				tenantId: 1,
				kind: "wallet_grant",
				idempotencyKey: `test-grant:${memberId}:${this.newKey()}`,
				orderId: null,
				now: new Date(),
				moves: [
					{ account: { kind: "external_funds", tenantId: 1 }, amount: -amount },
					{ account: { kind: "member_wallet", tenantId: 1, memberId }, amount },
				],
			}),
		);
	}

	/** security-and-money B3: every ledger transaction sums to 0 and every balance equals its entries. */
	async expectLedgerConsistent() {
		const db = this.server.deps.db;
		const unbalanced = await sql<{
			txn_id: number;
		}>`SELECT txn_id FROM ledger_entry GROUP BY txn_id HAVING sum(amount) <> 0`.execute(db);
		const drifted = await sql<{ id: number }>`
			SELECT a.id FROM ledger_account a LEFT JOIN ledger_entry e ON e.account_id = a.id
			GROUP BY a.id, a.balance HAVING a.balance <> coalesce(sum(e.amount), 0)`.execute(db);
		const twice = await sql<{ order_id: number }>`
			SELECT order_id FROM ledger_txn WHERE kind IN ('order_payment', 'order_refund') AND order_id IS NOT NULL GROUP BY order_id, kind HAVING count(*) > 1`.execute(
			db,
		);
		expect(unbalanced.rows).toEqual([]);
		expect(drifted.rows).toEqual([]);
		expect(twice.rows).toEqual([]);
	}
}
