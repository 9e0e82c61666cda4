import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../../test/harness.js";
import { conflictsRetried } from "./conflicts.js";
import { openDatabase } from "./database.js";
import { executePrepared } from "./prepared.js";

/**
 * The order path's statements run as named prepared statements on PostgreSQL (decision 025):
 * planned once per connection. PGlite runs them as they are. One prepared before a migration
 * changed its table is prepared again without failing the call (decision 036).
 */
describe("a statement run prepared", () => {
	let server: TestServer;

	beforeAll(async () => {
		server = await startTestServer();
		await sql`CREATE TABLE prepared_probe (a int NOT NULL)`.execute(server.deps.db);
		await sql`INSERT INTO prepared_probe VALUES (1), (2)`.execute(server.deps.db);
	});
	afterAll(async () => {
		await server?.close();
	});

	const probe = (above: number) =>
		sql<Record<string, number>>`SELECT * FROM prepared_probe WHERE a > ${above} ORDER BY a`;

	it("is prepared once on its connection and run again with other values", async () => {
		await server.deps.db.connection().execute(async (connection) => {
			expect(await executePrepared(connection, probe(0))).toEqual([{ a: 1 }, { a: 2 }]);
			expect(await executePrepared(connection, probe(1))).toEqual([{ a: 2 }]);
			const prepared = await sql<{
				n: string;
			}>`SELECT count(*) AS n FROM pg_prepared_statements WHERE statement LIKE '%FROM prepared_probe WHERE a >%'`.execute(
				connection,
			);
			expect(Number(prepared.rows[0]?.n)).toBe(1);
		});
	});

	it("is prepared afresh after a migration added a column to what it reads, the call itself answering", async () => {
		await server.deps.db.connection().execute(async (connection) => {
			expect(await executePrepared(connection, probe(0))).toEqual([{ a: 1 }, { a: 2 }]);
			const retriedBefore = conflictsRetried();
			// Another server's migration, meanwhile.
			await sql`ALTER TABLE prepared_probe ADD COLUMN b int NOT NULL DEFAULT 7`.execute(server.deps.db);

			// PostgreSQL refuses the statement prepared before (cached plan must not change result
			// type); outside a transaction the call is simply run again under a fresh name.
			expect(await executePrepared(connection, probe(0))).toEqual([
				{ a: 1, b: 7 },
				{ a: 2, b: 7 },
			]);
			expect(conflictsRetried()).toBe(retriedBefore + 1);
			expect(await executePrepared(connection, probe(1))).toEqual([{ a: 2, b: 7 }]);
			expect(conflictsRetried()).toBe(retriedBefore + 1);

			// More migrations: prepared again each time, never under a name this connection used.
			await sql`ALTER TABLE prepared_probe ADD COLUMN c int NOT NULL DEFAULT 9`.execute(server.deps.db);
			expect(await executePrepared(connection, probe(1))).toEqual([{ a: 2, b: 7, c: 9 }]);
			await sql`ALTER TABLE prepared_probe DROP COLUMN b`.execute(server.deps.db);
			expect(await executePrepared(connection, probe(1))).toEqual([{ a: 2, c: 9 }]);
			expect(conflictsRetried()).toBe(retriedBefore + 3);
		});
	});

	it("inside a transaction, has the whole unit of work run again, which then answers", async () => {
		await sql`CREATE TABLE prepared_probe_in_trx (a int NOT NULL)`.execute(server.deps.db);
		await sql`INSERT INTO prepared_probe_in_trx VALUES (1)`.execute(server.deps.db);
		// One connection, so the transaction runs where the statement was prepared.
		const url = server.deps.database.url;
		if (!url) throw new Error("a PostgreSQL test");
		const single = await openDatabase({ url, poolSize: 1 });
		try {
			const read = (db: Parameters<typeof executePrepared>[0]) =>
				executePrepared(db, sql<Record<string, number>>`SELECT * FROM prepared_probe_in_trx WHERE a > ${0}`);
			expect(await read(single.db)).toEqual([{ a: 1 }]);
			await sql`ALTER TABLE prepared_probe_in_trx ADD COLUMN b int NOT NULL DEFAULT 7`.execute(server.deps.db);

			let runs = 0;
			const rows = await single.db.transaction().execute(async (trx) => {
				runs++;
				await sql`INSERT INTO prepared_probe_in_trx VALUES (2, 8)`.execute(trx);
				return read(trx);
			});
			// The first run's insert was rolled back with it: the row is there once.
			expect(rows).toEqual([
				{ a: 1, b: 7 },
				{ a: 2, b: 8 },
			]);
			expect(runs).toBe(2);
		} finally {
			await single.close();
		}
	});
});
