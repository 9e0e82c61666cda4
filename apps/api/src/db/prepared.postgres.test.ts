import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../../test/harness.js";
import { executePrepared } from "./prepared.js";

/**
 * The order path's statements run as named prepared statements on PostgreSQL (decision 025):
 * planned once per connection. PGlite runs them as they are.
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

	it("is prepared afresh after a migration added a column to what it reads, failing that one call only", async () => {
		await server.deps.db.connection().execute(async (connection) => {
			expect(await executePrepared(connection, probe(0))).toEqual([{ a: 1 }, { a: 2 }]);
			// Another server's migration, meanwhile.
			await sql`ALTER TABLE prepared_probe ADD COLUMN b int NOT NULL DEFAULT 7`.execute(server.deps.db);

			await expect(executePrepared(connection, probe(0))).rejects.toThrow(/cached plan must not change result type/);
			expect(await executePrepared(connection, probe(0))).toEqual([
				{ a: 1, b: 7 },
				{ a: 2, b: 7 },
			]);
			expect(await executePrepared(connection, probe(1))).toEqual([{ a: 2, b: 7 }]);
		});
	});
});
