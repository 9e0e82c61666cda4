import { execFile } from "node:child_process";
import { existsSync, mkdirSync } from "node:fs";
import path from "node:path";
import { setFlagsFromString } from "node:v8";
import { PGlite, types as pgliteTypes } from "@electric-sql/pglite";
// Reservations keep a table from being booked twice with an exclusion constraint on (table, stay).
import { btree_gist } from "@electric-sql/pglite/contrib/btree_gist";
import { Kysely, PostgresDialect } from "kysely";
import pg from "pg";
import { PGliteDialect } from "./pglite-dialect.js";
import { prepareMarkedQueries } from "./prepared.js";
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
	/**
	 * Statements sent to the database so far by this object's connections, each a round trip
	 * (BEGIN, COMMIT and SAVEPOINT included): `npm run bench` divides it by requests.
	 */
	statementsSent(): number;
	/**
	 * PGlite only: hears the NOTIFYs its own statements send on a channel (the triggers of
	 * migration 0030). A PostgreSQL server's are heard by the event bus's own connection.
	 */
	listen?(channel: string, listener: (payload: string) => void): Promise<void>;
	/**
	 * PostgreSQL only: the pool's connections now (for /metrics, decision 035): open, idle, and
	 * requests waiting for one; `max` is the pool's size. PGlite is one connection, no pool.
	 */
	poolStats?(): { total: number; idle: number; waiting: number; max: number };
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
	/** In memory only: start from these files (a tarball from dumpPglite) instead of an empty cluster. */
	pgliteFrom?: Blob | undefined;
	poolSize?: number;
}

export async function openDatabase(options: OpenDatabaseOptions): Promise<Database> {
	return options.url
		? openPostgres(options.url, options.poolSize ?? 10)
		: openPglite(options.pgliteDir, options.pgliteFrom);
}

function openPostgres(url: string, poolSize: number): Database {
	const pool = new pg.Pool({ connectionString: url, max: poolSize });
	// A connection the server drops (restart, failover, pg_terminate_backend) must not crash
	// the process: idle clients report through the pool, checked-out ones on themselves. The
	// query in flight still fails, so its transaction rolls back and its request answers 500.
	pool.on("error", () => {});
	let statements = 0;
	pool.on("connect", (client) => {
		client.on("error", () => {});
		// Counted at the driver, below Kysely: its BEGIN/COMMIT/SAVEPOINT are statements too.
		const send = client.query;
		client.query = ((...args: Parameters<typeof send>) => {
			statements++;
			const result = send.apply(client, args) as unknown;
			// The server ending the session (pg_terminate_backend, a shutdown) answers the query
			// in flight with a FATAL error a moment before it closes the socket. A statement run
			// outside a transaction is released to the pool at once: ended here, so the pool drops
			// it instead of lending the next request a connection about to close. This handler
			// runs before the caller's own, which releases the client.
			if (result instanceof Promise)
				result.catch((error: unknown) => {
					if (endsTheSession(error)) client.end().catch(() => {});
				});
			return result;
		}) as typeof send;
	});
	pool.on("connect", prepareMarkedQueries);
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
		statementsSent: () => statements,
		poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount, max: poolSize }),
		async close() {
			await pool.end();
		},
	};
}

/**
 * PostgreSQL's default shared_buffers (128 MB) is taken in full at start inside PGlite's
 * WebAssembly memory, which never shrinks: that was over a quarter of the embedded server's
 * resident memory (issue 16). The demo's whole database is a few tens of MB and the pages it
 * does not hold are one read() away in the operating system's cache.
 */
const PGLITE_START_PARAMS = [...PGlite.defaultStartParams, "-c", "shared_buffers=8MB"];

/** The PGlite behind each embedded Database, for dumpPglite. */
const pgliteOf = new WeakMap<Database, PGlite>();

/**
 * The files of an embedded database as a gzipped tarball, checkpointed first so a database
 * started from it (openDatabase pgliteFrom) has no WAL to replay. The tests start each file's
 * database from one migrated this way instead of running initdb and every migration again.
 */
export async function dumpPglite(database: Database): Promise<Blob> {
	const pglite = pgliteOf.get(database);
	if (!pglite) throw new Error("dumpPglite needs an embedded (PGlite) database");
	await pglite.exec("CHECKPOINT");
	return pglite.dumpDataDir("gzip");
}

async function openPglite(dir: string | undefined, from?: Blob): Promise<Database> {
	if (dir) {
		mkdirSync(dir, { recursive: true });
		if (!existsSync(path.join(dir, "PG_VERSION"))) await initPgliteFolder(dir);
		// The embedded server (npm start): V8 compiles PostgreSQL's WebAssembly with its baseline
		// compiler only, instead of compiling hot functions a second time with the optimising one,
		// whose code and compile memory cost ~50 MB resident (issue 16). Queries take up to ~1.4x
		// the CPU; production runs PostgreSQL. Only WebAssembly compiled after this is affected,
		// and the tests (in-memory PGlite) keep the optimising compiler.
		setFlagsFromString("--liftoff-only");
	}
	const pglite = await PGlite.create({
		...(dir ? { dataDir: dir } : {}),
		...(from ? { loadDataDir: from } : {}),
		startParams: PGLITE_START_PARAMS,
		extensions: { btree_gist },
		parsers: { [pgliteTypes.INT8]: (value: string) => Number(value), [pgliteTypes.DATE]: (value: string) => value },
	});
	let statements = 0;
	const database: Database = {
		db: new Kysely<DB>({ dialect: new PGliteDialect(pglite, () => statements++) }),
		kind: "pglite",
		async execScript(script) {
			await pglite.exec(script);
		},
		// PGlite is a single connection owned by this process: nothing else can migrate it.
		async withExclusiveLock(_lockId, fn) {
			return fn();
		},
		statementsSent: () => statements,
		async listen(channel, listener) {
			await pglite.listen(channel, listener);
		},
		async close() {
			await pglite.close();
		},
	};
	pgliteOf.set(database, pglite);
	return database;
}

/**
 * Creates the cluster in a fresh folder from a short-lived child process. PGlite's initdb runs
 * a second PostgreSQL and the initdb program in WebAssembly beside the one we keep, and copies
 * the result through a tarball: ~850 MB at its peak, and ~150 MB of it stays resident for
 * good after it is garbage (memory the allocator keeps). In its own process all of it goes
 * back to the system on exit, and this process then opens the folder as on any restart.
 */
async function initPgliteFolder(dir: string): Promise<void> {
	const script = `const { PGlite } = await import(${JSON.stringify(import.meta.resolve("@electric-sql/pglite"))});
await (await PGlite.create({ dataDir: process.argv[1] })).close();`;
	await new Promise<void>((resolve, reject) => {
		execFile(process.execPath, ["--input-type=module", "--eval", script, dir], (error, _stdout, stderr) => {
			if (error) reject(new Error(`creating the embedded database in ${dir} failed: ${stderr || error.message}`));
			else resolve();
		});
	});
}

/** An error the server sends as it ends the session: the connection is of no more use. */
function endsTheSession(error: unknown): boolean {
	const severity = (error as { severity?: unknown } | null)?.severity;
	return severity === "FATAL" || severity === "PANIC";
}
