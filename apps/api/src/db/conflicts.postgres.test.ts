import { sql } from "kysely";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTestDatabase } from "../../test/harness.js";
import { CONFLICT_ATTEMPTS, conflictsRetried } from "./conflicts.js";
import type { Database } from "./database.js";
import { isDatabaseUnavailable } from "./unavailable.js";

/**
 * A deadlock or a serialization failure is run again, not answered 500 (decision 036): two real
 * transactions made to deadlock, a statement outside a transaction caught in one, and work that
 * keeps failing given up on after a bounded number of runs.
 */
describe("a statement or transaction that collided with another", () => {
	let database: Database;
	let drop: () => Promise<void>;

	beforeAll(async () => {
		const opened = await openTestDatabase();
		database = opened.database;
		drop = opened.dropDatabase;
		await sql`CREATE TABLE conflict_probe (id int PRIMARY KEY, n int NOT NULL)`.execute(database.db);
		await sql`INSERT INTO conflict_probe VALUES (1, 0), (2, 0)`.execute(database.db);
	});
	afterAll(async () => {
		await database?.close();
		await drop?.();
	});

	const readAll = async () =>
		(await sql<{ id: number; n: number }>`SELECT id, n FROM conflict_probe ORDER BY id`.execute(database.db)).rows;

	it("runs the transaction PostgreSQL ended for a deadlock again, and both land once", async () => {
		const before = await readAll();
		const retriedBefore = conflictsRetried();
		// Each has locked its first row before either asks for its second: a deadlock.
		let firstRowsLocked = 0;
		let bothLocked: () => void = () => {};
		const barrier = new Promise<void>((resolve) => {
			bothLocked = resolve;
		});
		const runs = [0, 0];
		const transfer = (index: number, first: number, second: number) =>
			database.db.transaction().execute(async (trx) => {
				runs[index] = (runs[index] ?? 0) + 1;
				// Found in 50 ms instead of deadlock_timeout's 1 s.
				await sql`SET LOCAL deadlock_timeout = '50ms'`.execute(trx);
				await sql`UPDATE conflict_probe SET n = n + 1 WHERE id = ${first}`.execute(trx);
				if (runs[index] === 1) {
					if (++firstRowsLocked === 2) bothLocked();
					await barrier;
				}
				await sql`UPDATE conflict_probe SET n = n + 1 WHERE id = ${second}`.execute(trx);
				return runs[index];
			});

		await Promise.all([transfer(0, 1, 2), transfer(1, 2, 1)]);

		// One of them was ended by PostgreSQL and ran again; each added 1 to both rows, once.
		expect(runs.sort()).toEqual([1, 2]);
		expect(conflictsRetried()).toBe(retriedBefore + 1);
		expect(await readAll()).toEqual(before.map((row) => ({ ...row, n: row.n + 2 })));
	});

	it("runs a statement outside a transaction that PostgreSQL ended for a deadlock again", async () => {
		const url = database.url;
		if (!url) throw new Error("a PostgreSQL test");
		const before = await readAll();
		const retriedBefore = conflictsRetried();
		// Another program's transaction holds row 1 and will ask for row 2; it waits 10 s before
		// looking for deadlocks, so PostgreSQL ends our statement (1 s), not it.
		const other = new pg.Client({ connectionString: url });
		await other.connect();
		try {
			await other.query("BEGIN");
			await other.query("SET LOCAL deadlock_timeout = '10s'");
			await other.query("UPDATE conflict_probe SET n = n + 10 WHERE id = 1");
			// Ours locks row 2 first (the order of the CTE's updates), then waits for row 1.
			const ours = sql`WITH second AS (UPDATE conflict_probe SET n = n + 1 WHERE id = 2 RETURNING id)
				UPDATE conflict_probe SET n = n + 1 WHERE id = 1 AND EXISTS (SELECT 1 FROM second)`.execute(database.db);
			await waitUntilWaitingForLock(url);
			const theirs = other.query("UPDATE conflict_probe SET n = n + 10 WHERE id = 2");
			// Ours was ended and rolled back, so theirs gets row 2; ours runs again once they commit.
			await theirs;
			await other.query("COMMIT");
			await ours;
		} finally {
			await other.end();
		}
		expect(conflictsRetried()).toBe(retriedBefore + 1);
		expect(await readAll()).toEqual(before.map((row) => ({ ...row, n: row.n + 11 })));
	});

	it("gives up after a bounded number of runs, and the error then tells the client to try again", async () => {
		let runs = 0;
		const started = Date.now();
		const failed = await database.db
			.transaction()
			.execute(async (trx) => {
				runs++;
				await sql`DO $$ BEGIN RAISE EXCEPTION 'always' USING ERRCODE = 'serialization_failure'; END $$`.execute(trx);
			})
			.catch((error: unknown) => error);
		expect(runs).toBe(CONFLICT_ATTEMPTS);
		expect((failed as { code?: string }).code).toBe("40001");
		// The waits between runs are short: a request is not held long.
		expect(Date.now() - started).toBeLessThan(2000);
		// Answered 503 with Retry-After by the HTTP layer (http/unavailable.ts), not 500.
		expect(isDatabaseUnavailable(failed)).toBe(true);
	});

	it("does not run again work that failed for another reason", async () => {
		let runs = 0;
		await expect(
			database.db.transaction().execute(async (trx) => {
				runs++;
				await sql`INSERT INTO conflict_probe VALUES (1, 0)`.execute(trx);
			}),
		).rejects.toThrow(/duplicate key/);
		expect(runs).toBe(1);
	});
});

/** Until some session of this database waits for a row lock (ours, behind the other program's). */
async function waitUntilWaitingForLock(url: string) {
	const watcher = new pg.Client({ connectionString: url });
	await watcher.connect();
	try {
		for (let tries = 0; tries < 100; tries++) {
			const { rows } = await watcher.query(
				"SELECT 1 FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'",
			);
			if (rows.length > 0) return;
			await new Promise((resolve) => setTimeout(resolve, 20));
		}
		throw new Error("our statement never waited for the other program's lock");
	} finally {
		await watcher.end();
	}
}
