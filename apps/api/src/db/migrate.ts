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
 *
 * Several servers starting together (a deploy) each try: every file's transaction first takes
 * a transaction-scoped advisory lock, so they wait for each other, and then writes the file's
 * bookkeeping row, which fails (unique) for all but the first to get there, rolling back its
 * attempt. Nothing depends on a session, so it works through PgBouncer in transaction mode as
 * straight to the server (decision 036): a session lock there could be taken on one server
 * connection and released on another.
 */
export async function migrate(database: Database): Promise<string[]> {
	// One simple-protocol message with several statements runs as a single implicit transaction
	// on PostgreSQL and PGlite alike, on one server connection even behind PgBouncer: the lock,
	// the file and its row land together or not at all.
	const lock = `SELECT pg_advisory_xact_lock(${MIGRATION_LOCK_ID});\n`;
	await database.execScript(
		`${lock}CREATE TABLE IF NOT EXISTS schema_migration (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())`,
	);
	const { rows } = await sql<{ name: string }>`SELECT name FROM schema_migration`.execute(database.db);
	const applied = new Set(rows.map((row) => row.name));
	const pending = readdirSync(migrationsDir)
		.filter((file) => file.endsWith(".sql") && !applied.has(file))
		.sort();
	const appliedNow: string[] = [];
	for (const file of pending) {
		const script = readFileSync(path.join(migrationsDir, file), "utf8");
		try {
			await database.execScript(
				`${lock}INSERT INTO schema_migration (name) VALUES ('${file.replace(/'/g, "''")}');\n${script}`,
			);
			appliedNow.push(file);
		} catch (error) {
			// Another server applied it while this one waited for the lock.
			if (!isRowOf(error, "schema_migration_pkey")) throw error;
		}
	}
	return appliedNow;
}

function isRowOf(error: unknown, constraint: string): boolean {
	const details = (error ?? {}) as { code?: unknown; constraint?: unknown; message?: unknown };
	return (
		details.code === "23505" &&
		(details.constraint === constraint || (typeof details.message === "string" && details.message.includes(constraint)))
	);
}
