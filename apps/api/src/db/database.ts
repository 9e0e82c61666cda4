import { mkdirSync } from "node:fs";
import { PGlite, types as pgliteTypes } from "@electric-sql/pglite";
// Reservations keep a table from being booked twice with an exclusion constraint on (table, stay).
import { btree_gist } from "@electric-sql/pglite/contrib/btree_gist";
import { Kysely, PostgresDialect } from "kysely";
import pg from "pg";
import { PGliteDialect } from "./pglite-dialect.js";
import type { DB } from "./schema.js";

export type DatabaseKind = "pglite" | "postgres";

/** The database and the few driver-level operations Kysely does not offer. */
export interface Database {
	db: Kysely<DB>;
	kind: DatabaseKind;
	/** The server's connection string (PostgreSQL only), for listeners that need their own connection. */
	url?: string;
	/** Runs a multi-statement SQL script (migrations) as the driver's simple query. */
	execScript(script: string): Promise<void>;
	/** Runs fn while holding a cluster-wide lock, so several servers never migrate at once. */
	withExclusiveLock<T>(lockId: number, fn: () => Promise<T>): Promise<T>;
	close(): Promise<void>;
}

// Same value shapes on both drivers: bigint ids as numbers (ours stay far below 2^53;
// Telegram ids use at most 52 bits) and dates as 'YYYY-MM-DD' strings, never shifted by
// the server's time zone.
const INT8 = 20;
const DATE = 1082;
pg.types.setTypeParser(INT8, (value) => Number(value));
pg.types.setTypeParser(DATE, (value) => value);

export interface OpenDatabaseOptions {
	/** postgres://… to use a server; otherwise an embedded PGlite. */
	url?: string | undefined;
	/** Folder of the embedded database; omitted means in memory (tests). */
	pgliteDir?: string | undefined;
	poolSize?: number;
}

export async function openDatabase(options: OpenDatabaseOptions): Promise<Database> {
	return options.url ? openPostgres(options.url, options.poolSize ?? 10) : openPglite(options.pgliteDir);
}

function openPostgres(url: string, poolSize: number): Database {
	const pool = new pg.Pool({ connectionString: url, max: poolSize });
	// A connection the server drops (restart, failover, pg_terminate_backend) must not crash
	// the process: idle clients report through the pool, checked-out ones on themselves. The
	// query in flight still fails, so its transaction rolls back and its request answers 500.
	pool.on("error", () => {});
	pool.on("connect", (client) => client.on("error", () => {}));
	return {
		db: new Kysely<DB>({ dialect: new PostgresDialect({ pool }) }),
		kind: "postgres",
		url,
		async execScript(script) {
			await pool.query(script);
		},
		async withExclusiveLock(lockId, fn) {
			const client = await pool.connect();
			try {
				await client.query("SELECT pg_advisory_lock($1)", [lockId]);
				return await fn();
			} finally {
				await client.query("SELECT pg_advisory_unlock($1)", [lockId]).catch(() => {});
				client.release();
			}
		},
		async close() {
			await pool.end();
		},
	};
}

async function openPglite(dir: string | undefined): Promise<Database> {
	if (dir) mkdirSync(dir, { recursive: true });
	const pglite = await PGlite.create({
		...(dir ? { dataDir: dir } : {}),
		extensions: { btree_gist },
		parsers: { [pgliteTypes.INT8]: (value: string) => Number(value), [pgliteTypes.DATE]: (value: string) => value },
	});
	return {
		db: new Kysely<DB>({ dialect: new PGliteDialect(pglite) }),
		kind: "pglite",
		async execScript(script) {
			await pglite.exec(script);
		},
		// PGlite is a single connection owned by this process: nothing else can migrate it.
		async withExclusiveLock(_lockId, fn) {
			return fn();
		},
		async close() {
			await pglite.close();
		},
	};
}
