import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { sql } from "kysely";
import type { Database } from "./database.js";

const migrationsDir = path.join(path.dirname(fileURLToPath(import.meta.url)), "migrations");
const MIGRATION_LOCK_ID = 4_218_001;

/**
 * Applies the versioned SQL files in db/migrations that have not run yet, in name order,
 * each in its own transaction together with its bookkeeping row. Files are never edited
 * once merged: a change is a new file. Returns the names applied now.
 */
export async function migrate(database: Database): Promise<string[]> {
	return database.withExclusiveLock(MIGRATION_LOCK_ID, async () => {
		await database.execScript(
			"CREATE TABLE IF NOT EXISTS schema_migration (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())",
		);
		const { rows } = await sql<{ name: string }>`SELECT name FROM schema_migration`.execute(database.db);
		const applied = new Set(rows.map((row) => row.name));
		const pending = readdirSync(migrationsDir)
			.filter((file) => file.endsWith(".sql") && !applied.has(file))
			.sort();
		for (const file of pending) {
			const script = readFileSync(path.join(migrationsDir, file), "utf8");
			// One simple-protocol message with several statements runs as a single implicit
			// transaction on PostgreSQL and PGlite alike: the file and its row land together or not at all.
			await database.execScript(
				`${script}\n;INSERT INTO schema_migration (name) VALUES ('${file.replace(/'/g, "''")}');`,
			);
		}
		return pending;
	});
}
