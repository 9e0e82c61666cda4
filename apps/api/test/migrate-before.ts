import { readdirSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { sql } from "kysely";
import { type Database, openDatabase } from "../src/db/database.js";
import { openTestDatabase } from "./harness.js";

/**
 * For tests of one migration on rows written the way they were before it: an empty database
 * migrated up to (not including) a given migration, so the test writes old-shape rows and then
 * applies the rest with `migrate()`, as a server upgraded in place would.
 */

const MIGRATIONS = fileURLToPath(new URL("../src/db/migrations/", import.meta.url));

/**
 * A database with nothing in it, not even the migrations: a new database on the PostgreSQL
 * server (TEST_DATABASE=postgres), else an in-memory PGlite cluster of its own (the PGlite
 * project's migrated template is not used). Close it, then drop it.
 */
export async function openEmptyDatabase(): Promise<{ database: Database; dropDatabase: () => Promise<void> }> {
	if (process.env.TEST_DATABASE === "postgres") return openTestDatabase();
	return { database: await openDatabase({}), dropDatabase: async () => {} };
}

/**
 * Applies every migration named before `first` (e.g. "0033_payment_purposes.sql"), each the way
 * `migrate()` does it (the file and its bookkeeping row in one script), so a later `migrate()`
 * applies exactly `first` and what follows it. Returns the names applied.
 */
export async function migrateBefore(database: Database, first: string): Promise<string[]> {
	const all = readdirSync(MIGRATIONS)
		.filter((file) => file.endsWith(".sql"))
		.sort();
	if (!all.includes(first)) throw new Error(`no migration ${first}`);
	await database.execScript(
		"CREATE TABLE IF NOT EXISTS schema_migration (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())",
	);
	const { rows } = await sql<{ name: string }>`SELECT name FROM schema_migration`.execute(database.db);
	const applied = new Set(rows.map((row) => row.name));
	const before = all.filter((file) => file < first && !applied.has(file));
	for (const file of before) {
		const script = readFileSync(`${MIGRATIONS}${file}`, "utf8");
		await database.execScript(
			`${script}\n;INSERT INTO schema_migration (name) VALUES ('${file.replace(/'/g, "''")}');`,
		);
	}
	return before;
}
