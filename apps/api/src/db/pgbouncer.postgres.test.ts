import { randomBytes } from "node:crypto";
import { sql } from "kysely";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../../test/harness.js";
import { OrderingFixture } from "../../test/ordering.js";
import { type PgBouncer, startPgBouncer } from "../../test/pgbouncer.js";
import type { DomainEvent } from "../realtime/bus.js";
import { openDatabase } from "./database.js";
import { migrate } from "./migrate.js";
import { executePrepared } from "./prepared.js";

/**
 * Bayon behind Debian's PgBouncer, as operators run PostgreSQL (decision 036). In transaction
 * mode PgBouncer lends a server connection for one transaction only: prepared statements are off
 * (DATABASE_PREPARED_STATEMENTS=false), migrations take a transaction-scoped lock, and LISTEN goes
 * straight to PostgreSQL (DATABASE_DIRECT_URL). In session mode everything stays on.
 */
const adminUrl = process.env.TEST_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432/test";
const COCONUT = "Fresh young coconut";

async function createDatabase(): Promise<{ name: string; directUrl: string; drop: () => Promise<void> }> {
	const name = `bayon_bouncer_${randomBytes(5).toString("hex")}`;
	const admin = new pg.Client({ connectionString: adminUrl });
	await admin.connect();
	await admin.query(`CREATE DATABASE ${name}`);
	await admin.end();
	const direct = new URL(adminUrl);
	direct.pathname = `/${name}`;
	return {
		name,
		directUrl: direct.toString(),
		async drop() {
			const cleanup = new pg.Client({ connectionString: adminUrl });
			await cleanup.connect();
			await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
			await cleanup.end();
		},
	};
}

/** PgBouncer's own count of transactions it carried for a database (its admin console). */
async function transactionsThrough(bouncer: PgBouncer, database: string): Promise<number> {
	const console_ = new pg.Client({ connectionString: bouncer.url("pgbouncer") });
	await console_.connect();
	try {
		const { rows } = await console_.query<{ database: string; total_xact_count: string }>("SHOW STATS");
		return Number(rows.find((row) => row.database === database)?.total_xact_count ?? 0);
	} finally {
		await console_.end();
	}
}

describe.each(["transaction", "session"] as const)("Bayon behind PgBouncer in %s mode", (mode) => {
	let bouncer: PgBouncer;
	let database: Awaited<ReturnType<typeof createDatabase>>;
	let server: TestServer;
	let appliedByEach: string[][] = [];

	beforeAll(async () => {
		database = await createDatabase();
		const started = await startPgBouncer({ mode, serverUrl: adminUrl, poolSize: 6 });
		if (!started) throw new Error("pgbouncer is not installed (apt-get install pgbouncer)");
		bouncer = started;
		const preparedStatements = mode === "session";
		// Two servers of a deploy migrate at the same moment, both through the bouncer.
		const deploying = await Promise.all(
			[0, 1].map(() => openDatabase({ url: bouncer.url(database.name), poolSize: 2, preparedStatements })),
		);
		try {
			appliedByEach = await Promise.all(deploying.map((each) => migrate(each)));
		} finally {
			await Promise.all(deploying.map((each) => each.close()));
		}
		server = await startTestServer({
			databaseUrl: bouncer.url(database.name),
			databaseOptions: {
				preparedStatements,
				...(mode === "transaction" ? { directUrl: database.directUrl } : {}),
			},
		});
	}, 60_000);
	afterAll(async () => {
		await server?.close();
		await bouncer?.stop();
		await database?.drop();
	});

	it("migrates once when two servers start together through it", async () => {
		const [first = [], second = []] = appliedByEach;
		// Every file applied by exactly one of them, and the whole list by the two together.
		expect(first.filter((file) => second.includes(file))).toEqual([]);
		expect(first.length + second.length).toBeGreaterThan(30);
		const { rows } = await sql<{ name: string; n: number }>`
			SELECT name, count(*)::int AS n FROM schema_migration GROUP BY name HAVING count(*) > 1`.execute(server.deps.db);
		expect(rows).toEqual([]);
		const applied = await sql<{ n: number }>`SELECT count(*)::int AS n FROM schema_migration`.execute(server.deps.db);
		expect(applied.rows[0]?.n).toBe(first.length + second.length);
	});

	it("signs a customer in, takes and pays orders, two customers' at the same moment too", async () => {
		const before = await transactionsThrough(bouncer, database.name);
		const fx = await new OrderingFixture(server).load();
		const [ana, bo] = [await server.signIn("13800000301"), await server.signIn("13800000302")];
		await fx.grant(ana.userId, 50_000);
		await fx.grant(bo.userId, 50_000);
		const first = await fx.paidOrder(ana.accessToken, COCONUT);
		expect(first.id).toBeGreaterThan(0);

		// The concurrent pair: each places and pays at the same moment as the other.
		const pair = await Promise.all([ana, bo].map((customer) => fx.paidOrder(customer.accessToken, COCONUT)));
		expect(new Set(pair.map((order) => order.id)).size).toBe(2);
		for (const [customer, order] of [
			[ana, pair[0]],
			[bo, pair[1]],
		] as const) {
			const view = await server.call<{ id: number; payStatus: string }>("GET", `/app-api/order/detail/${order?.id}`, {
				token: customer.accessToken,
			});
			expect(view.data.id).toBe(order?.id);
		}
		await fx.expectLedgerConsistent();
		// All of it went through the bouncer.
		expect(await transactionsThrough(bouncer, database.name)).toBeGreaterThan(before + 20);
	});

	it("hears live events between servers (LISTEN on a session of its own)", async () => {
		const heard = new Promise<DomainEvent>((resolve) => {
			const stop = server.deps.events.subscribe((event) => {
				if (event.type === "shop.changed" && event.shopId === 424242) {
					stop();
					resolve(event);
				}
			});
		});
		await server.deps.events.publish({ type: "shop.changed", tenantId: 1, shopId: 424242 });
		await expect(
			Promise.race([heard, new Promise((resolve) => setTimeout(() => resolve("not heard"), 5000))]),
		).resolves.toEqual({
			type: "shop.changed",
			tenantId: 1,
			shopId: 424242,
		});
	});
});

describe("prepared statements in PgBouncer's transaction mode", () => {
	let bouncer: PgBouncer;
	let database: Awaited<ReturnType<typeof createDatabase>>;

	beforeAll(async () => {
		database = await createDatabase();
		// One server connection: every client's statements meet on it.
		const started = await startPgBouncer({ mode: "transaction", serverUrl: adminUrl, poolSize: 1 });
		if (!started) throw new Error("pgbouncer is not installed (apt-get install pgbouncer)");
		bouncer = started;
	});
	afterAll(async () => {
		await bouncer?.stop();
		await database?.drop();
	});

	const probe = (n: number) => sql<{ n: number }>`SELECT ${n}::int + 1 AS n`;
	const twoAtOnce = async (preparedStatements: boolean) => {
		const opened = await openDatabase({ url: bouncer.url(database.name), poolSize: 2, preparedStatements });
		try {
			return await Promise.allSettled([1, 2].map((n) => executePrepared(opened.db, probe(n))));
		} finally {
			await opened.close();
		}
	};

	it("break when left on: a name one client prepared is already taken for the next", async () => {
		const results = await twoAtOnce(true);
		expect(results.map((result) => result.status).sort()).toEqual(["fulfilled", "rejected"]);
		const refused = results.find((result) => result.status === "rejected");
		expect(String(refused?.reason)).toMatch(/prepared statement .* (already exists|does not exist)/);
	});

	it("work when turned off (DATABASE_PREPARED_STATEMENTS=false)", async () => {
		const results = await twoAtOnce(false);
		expect(results).toEqual([
			{ status: "fulfilled", value: [{ n: 2 }] },
			{ status: "fulfilled", value: [{ n: 3 }] },
		]);
	});
});
