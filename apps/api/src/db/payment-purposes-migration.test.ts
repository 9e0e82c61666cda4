import { randomUUID } from "node:crypto";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrateBefore, openEmptyDatabase } from "../../test/migrate-before.js";
import type { Database } from "./database.js";
import { migrate } from "./migrate.js";

/**
 * Migration 0033 (issue 28, decision 028) renamed `gateway_payment` to `payment` and replaced its
 * five nullable links (order_id, bill_id, reservation_id, recharge_id, card_purchase_id) by what
 * the payment is for as data (purpose, purpose_id); `gateway_refund.order_id` likewise. Here a
 * database is migrated up to just before it, rows are written the way the server wrote them then,
 * and the rest of the migrations are applied as an upgraded server would.
 */

const MIGRATION = "0033_payment_purposes.sql";

let database: Database;
let dropDatabase: () => Promise<void> = async () => {};

beforeAll(async () => {
	({ database, dropDatabase } = await openEmptyDatabase());
	const before = await migrateBefore(database, MIGRATION);
	expect(before.at(-1)).toBe("0032_reservation_area_preference_met.sql");
});
afterAll(async () => {
	await database?.close();
	await dropDatabase();
});

/** The old links, one of which every old row had set (the check gateway_payment_pays_one_thing). */
type OldLink = "order_id" | "bill_id" | "reservation_id" | "recharge_id" | "card_purchase_id";

/** One old row of each kind, with a distinct id each, so a link read from the wrong column shows. */
const OLD_PAYMENTS: Array<{ link: OldLink; linkId: number; purpose: string; status: string }> = [
	{ link: "order_id", linkId: 101, purpose: "order", status: "succeeded" },
	{ link: "bill_id", linkId: 202, purpose: "table_bill", status: "succeeded" },
	{ link: "reservation_id", linkId: 303, purpose: "booking", status: "succeeded" },
	{ link: "recharge_id", linkId: 404, purpose: "recharge", status: "pending" },
	{ link: "card_purchase_id", linkId: 505, purpose: "vip_card", status: "succeeded" },
];

const columnsOf = async (table: string) =>
	(
		await sql<{ column_name: string }>`
			SELECT column_name FROM information_schema.columns
			WHERE table_schema = current_schema() AND table_name = ${table}`.execute(database.db)
	).rows
		.map((row) => row.column_name)
		.sort();

/** The SQLSTATE a statement fails with (null when it succeeds). */
async function failureOf(statement: ReturnType<typeof sql>): Promise<string | null> {
	try {
		await statement.execute(database.db);
		return null;
	} catch (error) {
		return (error as { code?: string }).code ?? String(error);
	}
}

describe("migration 0033: payments say what they pay for", () => {
	const paymentIds = new Map<OldLink, string>();
	const refundIds = { ofBillOrder: randomUUID(), lateForBooking: randomUUID(), lateForCard: randomUUID() };

	it("moves each old payment's link and each refund's order to purpose and purpose_id, and drops the old columns", async () => {
		const at = new Date("2026-11-30T04:00:00Z");
		// The rows as the server wrote them before 0033. The rows they link to (orders, bills,
		// bookings, recharges, card purchases) are not what this migration is about: the foreign
		// keys are not enforced while they are written (replica role, this transaction only).
		await database.db.transaction().execute(async (trx) => {
			await sql`SET LOCAL session_replication_role = replica`.execute(trx);
			await sql`INSERT INTO tenant (id, name, shop_key, currency_code, currency_symbol, currency_decimals, currency_symbol_position)
				VALUES (1, 'Bayon', 'bayon-demo', 'USD', '$', 2, 'before')`.execute(trx);
			// The payer is real, though: migration 0038 checks each payment's payer within its tenant.
			await sql`INSERT INTO member (id, tenant_id, mobile, nickname) OVERRIDING SYSTEM VALUE VALUES (7, 1, '13800000007', 'Payer')`.execute(
				trx,
			);
			for (const [index, old] of OLD_PAYMENTS.entries()) {
				const id = randomUUID();
				paymentIds.set(old.link, id);
				await sql`INSERT INTO gateway_payment
					(id, tenant_id, ${sql.ref(old.link)}, payer_member_id, provider, amount, status, provider_txn_id, created_at, updated_at, next_check_at)
					VALUES (${id}, 1, ${old.linkId}, 7, 'sandbox', ${1000 + index}, ${old.status},
						${old.status === "pending" ? null : `sbx_old_${index}`}, ${at}, ${at}, ${old.status === "pending" ? at : null})`.execute(
					trx,
				);
			}
			const refund = (id: string, orderId: number | null, paymentOf: OldLink, key: string, reason: string) =>
				sql`INSERT INTO gateway_refund
					(id, tenant_id, order_id, gateway_payment_id, refund_key, provider, amount, reason, status, next_attempt_at, created_at, updated_at)
					VALUES (${id}, 1, ${orderId}, ${paymentIds.get(paymentOf)}, ${key}, 'sandbox', 500, ${reason}, 'pending', ${at}, ${at}, ${at})`.execute(
					trx,
				);
			// One order of a table bill paid at once, refunded on its own: the refund names the order, not the bill.
			await refund(refundIds.ofBillOrder, 2021, "bill_id", "order:2021:refund", "order_refund");
			// Money that came too late for a booking and for a card: no order, so the payment's own purpose.
			await refund(refundIds.lateForBooking, null, "reservation_id", "gateway:late-booking:refund", "late_payment");
			await refund(refundIds.lateForCard, null, "card_purchase_id", "gateway:late-card:refund", "card_refund");
		});

		const applied = await migrate(database);
		expect(applied[0]).toBe(MIGRATION);

		const payments = await database.db
			.selectFrom("payment")
			.select(["id", "purpose", "purpose_id", "amount", "status", "provider_txn_id"])
			.execute();
		expect(payments).toHaveLength(OLD_PAYMENTS.length);
		for (const [index, old] of OLD_PAYMENTS.entries())
			expect(
				payments.find((row) => row.id === paymentIds.get(old.link)),
				old.link,
			).toEqual({
				id: paymentIds.get(old.link),
				purpose: old.purpose,
				purpose_id: old.linkId,
				amount: 1000 + index,
				status: old.status,
				provider_txn_id: old.status === "pending" ? null : `sbx_old_${index}`,
			});

		const refunds = await database.db
			.selectFrom("gateway_refund")
			.select(["id", "purpose", "purpose_id", "gateway_payment_id"])
			.orderBy("refund_key")
			.execute();
		expect(refunds).toEqual(
			expect.arrayContaining([
				{
					id: refundIds.ofBillOrder,
					purpose: "order",
					purpose_id: 2021,
					gateway_payment_id: paymentIds.get("bill_id"),
				},
				{
					id: refundIds.lateForBooking,
					purpose: "booking",
					purpose_id: 303,
					gateway_payment_id: paymentIds.get("reservation_id"),
				},
				{
					id: refundIds.lateForCard,
					purpose: "vip_card",
					purpose_id: 505,
					gateway_payment_id: paymentIds.get("card_purchase_id"),
				},
			]),
		);
		expect(refunds).toHaveLength(3);

		// The old table and its links are gone; the refunds name no order column any more.
		expect(await columnsOf("gateway_payment")).toEqual([]);
		const paymentColumns = await columnsOf("payment");
		expect(paymentColumns).toEqual(expect.arrayContaining(["purpose", "purpose_id", "payer_member_id"]));
		for (const old of OLD_PAYMENTS) expect(paymentColumns).not.toContain(old.link);
		const refundColumns = await columnsOf("gateway_refund");
		expect(refundColumns).toEqual(expect.arrayContaining(["purpose", "purpose_id", "gateway_payment_id"]));
		expect(refundColumns).not.toContain("order_id");
	});

	it("refuses a payment or a refund for an unknown purpose, or for no purpose at all", async () => {
		const at = new Date("2026-12-01T04:00:00Z");
		const payment = (purpose: string | null, purposeId: number | null) =>
			sql`INSERT INTO payment (id, tenant_id, purpose, purpose_id, provider, amount, status, created_at, updated_at)
				VALUES (${randomUUID()}, 1, ${purpose}, ${purposeId}, 'sandbox', 100, 'pending', ${at}, ${at})`;
		const refund = (purpose: string | null, purposeId: number | null) =>
			sql`INSERT INTO gateway_refund
				(id, tenant_id, purpose, purpose_id, gateway_payment_id, refund_key, provider, amount, reason, status, next_attempt_at, created_at, updated_at)
				VALUES (${randomUUID()}, 1, ${purpose}, ${purposeId}, ${paymentIds.get("order_id")}, ${`test:${randomUUID()}`},
					'sandbox', 100, 'order_refund', 'pending', ${at}, ${at}, ${at})`;

		// 23514: a check constraint refused it; 23502: a NOT NULL column was left empty.
		expect(await failureOf(payment("gift_card", 1))).toBe("23514");
		expect(await failureOf(payment(null, 1))).toBe("23502");
		expect(await failureOf(payment("order", null))).toBe("23502");
		expect(await failureOf(refund("gift_card", 1))).toBe("23514");
		expect(await failureOf(refund(null, 1))).toBe("23502");
		expect(await failureOf(refund("order", null))).toBe("23502");
		// What is allowed still is: each of the five purposes.
		for (const purpose of ["order", "table_bill", "booking", "recharge", "vip_card"])
			expect(await failureOf(payment(purpose, 1)), purpose).toBeNull();
	});
});
