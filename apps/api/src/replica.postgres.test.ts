import { randomBytes } from "node:crypto";
import { expandShopMenu, type ShopMenuWire, type ShopSummary } from "@bayon/contract";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../test/harness.js";
import { OrderingFixture } from "../test/ordering.js";
import { announceMenuChange } from "./features/menu/service.js";

/**
 * DATABASE_REPLICA_URL (decision 036): the menu and the shop list are read from the replica;
 * every write, and a read that must see its own write, from the primary. A real streaming replica
 * is too heavy for the suite: the "replica" here is a copy of the primary's database made once
 * (CREATE DATABASE … TEMPLATE) and then never updated, so a difference planted in it shows which
 * of the two answered each read. What this does not prove: how a real replica's lag looks, or
 * that hot_standby's cancelled queries are retried (they fail with 40001, which db/conflicts.ts
 * reruns outside a transaction).
 */
const adminUrl = process.env.TEST_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432/test";
const COCONUT = "Fresh young coconut";
const REPLICA_PRICE_EXTRA = 100;

function urlOf(name: string): string {
	const url = new URL(adminUrl);
	url.pathname = `/${name}`;
	return url.toString();
}

async function asAdmin<T>(work: (admin: pg.Client) => Promise<T>, url = adminUrl): Promise<T> {
	const admin = new pg.Client({ connectionString: url });
	await admin.connect();
	try {
		return await work(admin);
	} finally {
		await admin.end();
	}
}

describe("a read-only replica (DATABASE_REPLICA_URL)", () => {
	const primary = `bayon_primary_${randomBytes(5).toString("hex")}`;
	const replica = `bayon_replica_${randomBytes(5).toString("hex")}`;
	let server: TestServer;
	let fx: OrderingFixture;
	let coconutId = 0;
	let primaryPrice = 0;

	beforeAll(async () => {
		await asAdmin((admin) => admin.query(`CREATE DATABASE ${primary}`));
		// Migrated and seeded by a first server, then copied as it stands.
		const first = await startTestServer({ databaseUrl: urlOf(primary) });
		await first.close();
		await asAdmin(async (admin) => {
			await admin.query("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1", [primary]);
			await admin.query(`CREATE DATABASE ${replica} TEMPLATE ${primary}`);
		});
		// Planted on the replica only: its shop name and its coconut's price.
		await asAdmin(async (copy) => {
			await copy.query(`UPDATE shop SET name = name || '{"en": "Seen on the replica"}'::jsonb WHERE id = 1`);
			await copy.query("UPDATE menu_item SET price = price + $1 WHERE name->>'en' = $2", [
				REPLICA_PRICE_EXTRA,
				COCONUT,
			]);
		}, urlOf(replica));
		server = await startTestServer({ databaseUrl: urlOf(primary), databaseOptions: { replicaUrl: urlOf(replica) } });
		fx = new OrderingFixture(server);
		const row = await server.deps.db
			.selectFrom("menu_item")
			.select(["id", "price"])
			.where(({ ref }) => ref("name", "->>").key("en"), "=", COCONUT)
			.executeTakeFirstOrThrow();
		coconutId = row.id;
		primaryPrice = row.price;
	}, 60_000);
	afterAll(async () => {
		await server?.close();
		await asAdmin(async (admin) => {
			await admin.query(`DROP DATABASE IF EXISTS ${primary} WITH (FORCE)`);
			await admin.query(`DROP DATABASE IF EXISTS ${replica} WITH (FORCE)`);
		});
	});

	const menuPrice = async () => {
		const menu = await server.call<ShopMenuWire>("GET", "/app-api/product/products?shopId=1", { lang: "en" });
		return expandShopMenu(menu.data)
			.categories.flatMap((category) => category.items)
			.find((item) => item.id === coconutId)?.price;
	};

	it("serves the shop list and the menu", async () => {
		const before = server.deps.database.replicaStatementsSent();
		const shops = await server.call<ShopSummary[]>("GET", "/app-api/store/list", { lang: "en" });
		expect(shops.data.find((shop) => shop.id === 1)?.name).toBe("Seen on the replica");
		expect(await menuPrice()).toBe(primaryPrice + REPLICA_PRICE_EXTRA);
		expect(server.deps.database.replicaStatementsSent()).toBeGreaterThan(before);
	});

	it("is never written to: an order is priced, placed and paid on the primary, and read back from it", async () => {
		await fx.load();
		const customer = await server.signIn("13800000401");
		await fx.grant(customer.userId, 50_000);
		const order = await fx.paidOrder(customer.accessToken, COCONUT);
		// The price the customer pays is the primary's, whatever a lagging replica's menu said.
		expect(order.subtotal).toBe(primaryPrice);
		const detail = await server.call<{ id: number }>("GET", `/app-api/order/detail/${order.id}`, {
			token: customer.accessToken,
		});
		expect(detail.data.id).toBe(order.id);
		const onReplica = await asAdmin(
			(copy) => copy.query("SELECT count(*)::int AS n FROM customer_order WHERE id = $1", [order.id]),
			urlOf(replica),
		);
		expect(onReplica.rows[0]?.n).toBe(0);
	});

	it("does not show a menu older than an edit the server has heard of: the primary answers until the replica has it", async () => {
		await menuPrice();
		const { rows } = await asAdmin(async (main) => {
			await main.query("UPDATE menu_item SET price = price + 7 WHERE id = $1", [coconutId]);
			return main.query<{ version: number }>(
				`INSERT INTO shop_menu_version (shop_id, version) VALUES (1, 1)
				 ON CONFLICT (shop_id) DO UPDATE SET version = shop_menu_version.version + 1 RETURNING version`,
			);
		}, urlOf(primary));
		// As menu-admin does after its edit commits (and every server on hearing the event).
		await announceMenuChange(server.deps, { tenantId: 1, shopId: 1, version: Number(rows[0]?.version) });
		expect(await menuPrice()).toBe(primaryPrice + 7);
	});
});
