import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTestDatabase } from "../../test/harness.js";
import type { Database } from "./database.js";
import { migrate } from "./migrate.js";

/**
 * Small tables every tenant shares, which Citus would copy whole to every node (reference
 * tables, decision 039) instead of splitting them by tenant_id. Any key is allowed on them; a
 * foreign key from them to a tenant's table is not (a reference table cannot point at a
 * distributed one).
 */
const REFERENCE_TABLES: Record<string, string> = {
	tenant: "the tenants themselves: one row each, read on every request, referenced by every tenant_id",
	language: "the few languages the product speaks",
	schema_migration: "one row per migration file: the database's own bookkeeping",
	job_lease: "one row per background job: which server runs it (decision 037)",
	bot_chat: "one bot serves every tenant, so a Telegram chat is the bot's, not a tenant's (decision 024)",
	bot_send_budget: "one row: Telegram's limit on all of the bot's messages",
	sandbox_gateway_txn: "the sandbox gateway stands in for an outside payment provider; empty in production",
	sandbox_gateway_refund: "the sandbox gateway's refunds; empty in production",
};

/**
 * What still keeps the schema from being distributed by tenant_id, after migration 0038
 * (decision 039). The aim is none: remove lines as later migrations fix them; a new table or
 * key must not add one. Each is one of:
 * - "no tenant_id column": the table belongs to a tenant (through its shop, order, …) but does
 *   not say which; it needs tenant_id, filled from its parent, before it can be distributed.
 * - a primary key, unique constraint or unique index without tenant_id: Citus can only enforce
 *   uniqueness that includes the distribution column.
 * - a foreign key to a table that cannot be distributed (no tenant_id, not a reference table).
 */
const KNOWN_BLOCKERS: string[] = [
	"auth_session: primary key auth_session_pkey without tenant_id",
	"auth_session: unique auth_session_access_hash_key without tenant_id",
	"auth_session: unique auth_session_refresh_hash_key without tenant_id",
	"bot_message: primary key bot_message_pkey without tenant_id",
	"bot_message: unique bot_message_dedupe_key_key without tenant_id",
	"card_purchase: primary key card_purchase_pkey without tenant_id",
	"card_purchase: unique card_purchase_member_id_idempotency_key_key without tenant_id",
	"counter_payment: primary key counter_payment_pkey without tenant_id",
	"counter_payment: unique counter_payment_pay_code_id_key without tenant_id",
	"counter_payment: unique counter_payment_taken_by_member_id_idempotency_key_key without tenant_id",
	"counter_receipt_day: no tenant_id column",
	"counter_shift: unique index counter_shift_one_open without tenant_id",
	"counter_shift: primary key counter_shift_pkey without tenant_id",
	"counter_take: unique index counter_take_key without tenant_id",
	"counter_take: unique index counter_take_receipt without tenant_id",
	"counter_take: primary key counter_take_pkey without tenant_id",
	"counter_take: unique counter_take_payment_id_key without tenant_id",
	"coupon_template: primary key coupon_template_pkey without tenant_id",
	"coupon_template_shop: no tenant_id column",
	"customer_order: foreign key customer_order_table_id_fkey to dining_table, which has no tenant_id",
	"customer_order: unique index customer_order_pickup_idx without tenant_id",
	"customer_order: primary key customer_order_pkey without tenant_id",
	"customer_order: unique customer_order_order_no_key without tenant_id",
	"delivery_zone: no tenant_id column",
	"dining_table: no tenant_id column",
	"gateway_refund: unique index gateway_refund_provider_refund_idx without tenant_id",
	"gateway_refund: primary key gateway_refund_pkey without tenant_id",
	"gateway_refund: unique gateway_refund_refund_key_key without tenant_id",
	"idempotency_record: no tenant_id column",
	"ledger_account: unique index ledger_account_shop_available_idx without tenant_id",
	"ledger_account: unique index ledger_account_shop_idx without tenant_id",
	"ledger_account: unique index ledger_account_shop_withdrawing_idx without tenant_id",
	"ledger_account: unique index ledger_account_wallet_idx without tenant_id",
	"ledger_account: primary key ledger_account_pkey without tenant_id",
	"ledger_entry: no tenant_id column",
	"ledger_txn: primary key ledger_txn_pkey without tenant_id",
	"ledger_txn: unique ledger_txn_idempotency_key_key without tenant_id",
	"member: primary key member_pkey without tenant_id",
	"member_address: unique index member_address_one_default without tenant_id",
	"member_address: primary key member_address_pkey without tenant_id",
	"member_card: primary key member_card_pkey without tenant_id",
	"member_coupon: unique index member_coupon_order_idx without tenant_id",
	"member_coupon: primary key member_coupon_pkey without tenant_id",
	"member_coupon: unique member_coupon_member_id_idempotency_key_key without tenant_id",
	"member_notice_settings: primary key member_notice_settings_pkey without tenant_id",
	"menu_category: no tenant_id column",
	"menu_item: no tenant_id column",
	"menu_option: no tenant_id column",
	"menu_option_group: no tenant_id column",
	"news: primary key news_pkey without tenant_id",
	"order_event: no tenant_id column",
	"order_line: no tenant_id column",
	"pay_code: primary key pay_code_pkey without tenant_id",
	"pay_code: unique pay_code_code_key without tenant_id",
	"payment: unique index gateway_payment_provider_txn_idx without tenant_id",
	"payment: primary key gateway_payment_pkey without tenant_id",
	"payment_discrepancy: primary key payment_discrepancy_pkey without tenant_id",
	"payment_rail_audit: primary key payment_rail_audit_pkey without tenant_id",
	"points_entry: foreign key points_entry_redemption_id_fkey without tenant_id (FOREIGN KEY (redemption_id) REFERENCES points_redemption(id))",
	"points_entry: primary key points_entry_pkey without tenant_id",
	"points_entry: unique points_entry_order_id_kind_key without tenant_id",
	"points_entry: unique points_entry_redemption_id_kind_key without tenant_id",
	"points_item: primary key points_item_pkey without tenant_id",
	"points_redemption: foreign key points_redemption_handled_by_member_id_fkey without tenant_id (FOREIGN KEY (handled_by_member_id) REFERENCES member(id))",
	"points_redemption: foreign key points_redemption_item_id_fkey without tenant_id (FOREIGN KEY (item_id) REFERENCES points_item(id))",
	"points_redemption: foreign key points_redemption_member_id_fkey without tenant_id (FOREIGN KEY (member_id) REFERENCES member(id))",
	"points_redemption: foreign key points_redemption_shop_id_fkey without tenant_id (FOREIGN KEY (shop_id) REFERENCES shop(id))",
	"points_redemption: unique index points_redemption_once_idx without tenant_id",
	"points_redemption: primary key points_redemption_pkey without tenant_id",
	"points_redemption: unique points_redemption_member_id_idempotency_key_key without tenant_id",
	"recharge: primary key recharge_pkey without tenant_id",
	"recharge: unique recharge_member_id_idempotency_key_key without tenant_id",
	"recharge_package: primary key recharge_package_pkey without tenant_id",
	"reservation: primary key reservation_pkey without tenant_id",
	"reservation_history: no tenant_id column",
	"reservation_notice: no tenant_id column",
	"reservation_payment: no tenant_id column",
	"reservation_preorder: no tenant_id column",
	"reservation_settings: no tenant_id column",
	"reservation_table: no tenant_id column",
	"service_page: primary key service_page_pkey without tenant_id",
	"shop: primary key shop_pkey without tenant_id",
	"shop_bank_card: unique index shop_bank_card_number_idx without tenant_id",
	"shop_bank_card: primary key shop_bank_card_pkey without tenant_id",
	"shop_bot_group: primary key shop_bot_group_pkey without tenant_id",
	"shop_bot_group_link: primary key shop_bot_group_link_pkey without tenant_id",
	"shop_change: primary key shop_change_pkey without tenant_id",
	"shop_closure: no tenant_id column",
	"shop_day_counter: no tenant_id column",
	"shop_day_net: no tenant_id column",
	"shop_earning: primary key shop_earning_pkey without tenant_id",
	"shop_earning: unique shop_earning_ledger_txn_id_key without tenant_id",
	"shop_menu_version: no tenant_id column",
	"shop_opening_hours: no tenant_id column",
	"shop_staff: no tenant_id column",
	"shop_withdrawal: unique index shop_withdrawal_idempotency_idx without tenant_id",
	"shop_withdrawal: primary key shop_withdrawal_pkey without tenant_id",
	"shop_withdrawal_event: no tenant_id column",
	"shop_withdrawal_reveal: primary key shop_withdrawal_reveal_pkey without tenant_id",
	"sms_code: primary key sms_code_pkey without tenant_id",
	"table_bill: foreign key table_bill_table_id_fkey to dining_table, which has no tenant_id",
	"table_bill: unique index table_bill_one_open_idx without tenant_id",
	"table_bill: primary key table_bill_pkey without tenant_id",
	"table_call: foreign key table_call_table_id_fkey to dining_table, which has no tenant_id",
	"table_call: primary key table_call_pkey without tenant_id",
	"uploaded_file: primary key uploaded_file_pkey without tenant_id",
	"uploaded_file: unique uploaded_file_path_key without tenant_id",
	"vip_card_type: primary key vip_card_type_pkey without tenant_id",
];

interface CatalogKey {
	table: string;
	has_tenant: boolean;
	kind: "p" | "u" | "f" | "x" | "i";
	name: string;
	definition: string;
	includes_tenant: boolean;
	/** Foreign keys: the referenced table, and whether the key maps tenant_id to tenant_id. */
	referenced: string | null;
	referenced_has_tenant: boolean | null;
	tenant_to_tenant: boolean | null;
}

const KIND_NAMES = { p: "primary key", u: "unique", x: "exclusion constraint", i: "unique index", f: "foreign key" };

/** Every table's keys from the catalog, and what each would mean for distribution by tenant_id. */
async function distributionBlockers(database: Database): Promise<string[]> {
	const { rows: tables } = await sql<{ table: string; has_tenant: boolean }>`
		SELECT c.relname AS table,
			EXISTS (SELECT 1 FROM pg_attribute a WHERE a.attrelid = c.oid AND a.attname = 'tenant_id' AND NOT a.attisdropped) AS has_tenant
		FROM pg_class c WHERE c.relnamespace = 'public'::regnamespace AND c.relkind IN ('r', 'p')
		ORDER BY 1`.execute(database.db);
	const { rows: keys } = await sql<CatalogKey>`
		WITH t AS (
			SELECT c.oid, c.relname,
				(SELECT a.attnum FROM pg_attribute a WHERE a.attrelid = c.oid AND a.attname = 'tenant_id' AND NOT a.attisdropped) AS tenant_col
			FROM pg_class c WHERE c.relnamespace = 'public'::regnamespace AND c.relkind IN ('r', 'p')
		)
		SELECT t.relname AS table, t.tenant_col IS NOT NULL AS has_tenant, con.contype AS kind, con.conname AS name,
			pg_get_constraintdef(con.oid) AS definition,
			coalesce(t.tenant_col = ANY (con.conkey), false) AS includes_tenant,
			r.relname AS referenced,
			CASE WHEN con.contype = 'f' THEN EXISTS (SELECT 1 FROM pg_attribute a WHERE a.attrelid = con.confrelid AND a.attname = 'tenant_id') END AS referenced_has_tenant,
			CASE WHEN con.contype = 'f' THEN EXISTS (
				SELECT 1 FROM unnest(con.conkey, con.confkey) AS pair(child, parent)
				JOIN pg_attribute ca ON ca.attrelid = con.conrelid AND ca.attnum = pair.child
				JOIN pg_attribute pa ON pa.attrelid = con.confrelid AND pa.attnum = pair.parent
				WHERE ca.attname = 'tenant_id' AND pa.attname = 'tenant_id') END AS tenant_to_tenant
		FROM t JOIN pg_constraint con ON con.conrelid = t.oid AND con.contype IN ('p', 'u', 'f', 'x')
		LEFT JOIN pg_class r ON r.oid = con.confrelid
		UNION ALL
		SELECT t.relname, t.tenant_col IS NOT NULL, 'i', i.relname, pg_get_indexdef(i.oid),
			coalesce(t.tenant_col = ANY (ix.indkey::int2[]), false), NULL, NULL, NULL
		FROM t JOIN pg_index ix ON ix.indrelid = t.oid AND ix.indisunique
		JOIN pg_class i ON i.oid = ix.indexrelid
		WHERE NOT EXISTS (SELECT 1 FROM pg_constraint con WHERE con.conindid = ix.indexrelid AND con.conrelid = t.oid)
		ORDER BY 1, 3, 4`.execute(database.db);

	const isReference = (table: string) => table in REFERENCE_TABLES;
	const distributable = (table: string) =>
		isReference(table) || tables.some((other) => other.table === table && other.has_tenant);
	const blockers: string[] = [];
	for (const { table, has_tenant } of tables) {
		if (isReference(table)) {
			for (const key of keys.filter((k) => k.table === table && k.kind === "f" && !isReference(k.referenced ?? "")))
				blockers.push(`${table}: reference table with foreign key ${key.name} to ${key.referenced}, which is not one`);
			continue;
		}
		if (!has_tenant) {
			blockers.push(`${table}: no tenant_id column`);
			continue;
		}
		for (const key of keys.filter((k) => k.table === table)) {
			if (key.kind === "f") {
				const referenced = key.referenced ?? "";
				if (isReference(referenced)) continue;
				if (!distributable(referenced))
					blockers.push(`${table}: foreign key ${key.name} to ${referenced}, which has no tenant_id`);
				else if (!key.tenant_to_tenant)
					blockers.push(`${table}: foreign key ${key.name} without tenant_id (${key.definition})`);
			} else if (!key.includes_tenant) {
				blockers.push(`${table}: ${KIND_NAMES[key.kind]} ${key.name} without tenant_id`);
			}
		}
	}
	return blockers;
}

describe("distribution by tenant (decision 039)", () => {
	let database: Database;
	let dropDatabase: () => Promise<void>;

	beforeAll(async () => {
		({ database, dropDatabase } = await openTestDatabase());
		await migrate(database);
	});
	afterAll(async () => {
		await database?.close();
		await dropDatabase?.();
	});

	it("every table is a reference table or could be distributed by tenant_id, but for the known list", async () => {
		const found = await distributionBlockers(database);
		const added = found.filter((blocker) => !KNOWN_BLOCKERS.includes(blocker));
		const fixed = KNOWN_BLOCKERS.filter((blocker) => !found.includes(blocker));
		expect(
			added,
			"new keys or tables that would keep Bayon from being distributed by tenant_id (decision 039): give a tenant's table a tenant_id column and put it in its primary key, unique keys and foreign keys ((tenant_id, x) REFERENCES parent (tenant_id, id)), or name a small shared table in REFERENCE_TABLES with the reason",
		).toEqual([]);
		expect(fixed, "fixed, well done: remove these from KNOWN_BLOCKERS").toEqual([]);
		console.log(
			`distribution by tenant: ${found.length} blockers left, ${Object.keys(REFERENCE_TABLES).length} reference tables`,
		);
	});

	it("names only reference tables that exist", async () => {
		const { rows } = await sql<{ relname: string }>`
			SELECT relname FROM pg_class WHERE relnamespace = 'public'::regnamespace AND relkind IN ('r', 'p')`.execute(
			database.db,
		);
		const names = rows.map((row) => row.relname);
		expect(Object.keys(REFERENCE_TABLES).filter((table) => !names.includes(table))).toEqual([]);
	});
});
