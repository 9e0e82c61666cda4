import { execFile } from "node:child_process";
import { existsSync, mkdirSync } from "node:fs";
import path from "node:path";
import { setFlagsFromString } from "node:v8";
import { PGlite, types as pgliteTypes } from "@electric-sql/pglite";
// Reservations keep a table from being booked twice with an exclusion constraint on (table, stay).
import { btree_gist } from "@electric-sql/pglite/contrib/btree_gist";
import { Kysely, PostgresDialect } from "kysely";
import pg from "pg";
import { isLockConflict, RepeatingKysely, repeatOnConflict } from "./conflicts.js";
import { PGliteDialect } from "./pglite-dialect.js";
import { prepareMarkedQueries } from "./prepared.js";
import type { DB } from "./schema.js";

export type DatabaseKind = "pglite" | "postgres";

/** The database and the few driver-level operations Kysely does not offer. */
export interface Database {
	db: Kysely<DB>;
	/**
	 * Where reads that may lag a moment behind the last write go: the read-only replica when
	 * DATABASE_REPLICA_URL is set, else the same database as `db`. Only for pages whose reader
	 * did not just write what they show (the menu, shop lists; decision 036): a write, and a read
	 * of one's own write, stay on `db`.
	 */
	reads: Kysely<DB>;
	kind: DatabaseKind;
	/** The server's connection string (PostgreSQL only), for a second server on the same database. */
	url?: string;
	/**
	 * The connection string for a session of its own (the event bus's LISTEN): DATABASE_DIRECT_URL
	 * when set (past a PgBouncer in transaction mode, which cannot keep a LISTEN), else `url`.
	 */
	listenUrl?: string;
	/** Runs a multi-statement SQL script (migrations) as the driver's simple query. */
	execScript(script: string): Promise<void>;
	/** Runs fn while holding a cluster-wide lock, so several servers never migrate at once. */
	withExclusiveLock<T>(lockId: number, fn: () => Promise<T>): Promise<T>;
	/**
	 * Statements sent to the database so far by this object's connections, each a round trip
	 * (BEGIN, COMMIT and SAVEPOINT included): `npm run bench` divides it by requests.
	 */
	statementsSent(): number;
	/** Of statementsSent, those sent to the read-only replica (0 without one). */
	replicaStatementsSent(): number;
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
	/**
	 * Run the marked hot queries as named prepared statements (db/prepared.ts; default on). Off
	 * behind PgBouncer in transaction mode, which hands each transaction whichever server
	 * connection is free, where a statement prepared on another does not exist.
	 */
	preparedStatements?: boolean | undefined;
	/** postgres://… of a read-only replica for `reads` (PostgreSQL only). */
	replicaUrl?: string | undefined;
	/** postgres://… straight to the server, past a pooler, for LISTEN (PostgreSQL only). */
	directUrl?: string | undefined;
}

/** The database settings of the configuration, as openDatabase takes them. */
export function databaseOptions(config: {
	databaseUrl: string | undefined;
	databasePreparedStatements: boolean;
	databaseReplicaUrl: string | undefined;
	databaseDirectUrl: string | undefined;
}): Pick<OpenDatabaseOptions, "url" | "preparedStatements" | "replicaUrl" | "directUrl"> {
	return {
		url: config.databaseUrl,
		preparedStatements: config.databasePreparedStatements,
		replicaUrl: config.databaseReplicaUrl,
		directUrl: config.databaseDirectUrl,
	};
}

export async function openDatabase(options: OpenDatabaseOptions): Promise<Database> {
	return options.url
		? openPostgres(options.url, options.poolSize ?? 10, options)
		: openPglite(options.pgliteDir, options.pgliteFrom);
}

function openPostgres(url: string, poolSize: number, options: OpenDatabaseOptions): Database {
	const preparedStatements = options.preparedStatements ?? true;
	const primary = openPool(url, poolSize, preparedStatements);
	const { pool } = primary;
	const replica = options.replicaUrl ? openPool(options.replicaUrl, poolSize, preparedStatements) : undefined;
	// A transaction that deadlocked or failed to serialize is run again in full (decision 036).
	const db = new RepeatingKysely<DB>({ dialect: new PostgresDialect({ pool }) });
	return {
		db,
		reads: replica ? new Kysely<DB>({ dialect: new PostgresDialect({ pool: replica.pool }) }) : db,
		kind: "postgres",
		url,
		listenUrl: options.directUrl ?? url,
		async execScript(script) {
			await pool.query(script);
		},
		// A lock taken by a transaction and held until it ends: PgBouncer in transaction mode keeps
		// one server connection for a transaction, but may hand a session lock's unlock to another.
		// fn's statements run on other connections of the pool (it needs two).
		async withExclusiveLock(lockId, fn) {
			const client = await pool.connect();
			try {
				await client.query("BEGIN");
				await client.query("SELECT pg_advisory_xact_lock($1)", [lockId]);
				return await fn();
			} finally {
				await client.query("COMMIT").catch(() => {});
				client.release();
			}
		},
		statementsSent: () => primary.statementsSent() + (replica?.statementsSent() ?? 0),
		replicaStatementsSent: () => replica?.statementsSent() ?? 0,
		// The primary's pool, for /metrics (decision 035).
		poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount, max: poolSize }),
		async close() {
			await Promise.all([pool.end(), replica?.pool.end()]);
		},
	};
}

/** A pool of connections to one server, counting its statements. */
function openPool(url: string, poolSize: number, preparedStatements: boolean) {
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
		const sendOnce = (args: Parameters<typeof send>) => {
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
		};
		client.query = ((...args: Parameters<typeof send>) => {
			// A statement outside a transaction that deadlocked was rolled back in full: it runs
			// again (a transaction's statement cannot: its transaction is aborted, and
			// RepeatingKysely runs the whole transaction again instead). Callback and cursor
			// calls (the pool's own query, streams) pass through as they are.
			const promised =
				typeof args.at(-1) !== "function" && typeof (args[0] as { submit?: unknown }).submit !== "function";
			if (!promised || client.getTransactionStatus() !== "I") return sendOnce(args);
			return repeatOnConflict(() => sendOnce(args) as Promise<unknown>, { when: isLockConflict });
		}) as typeof send;
	});
	if (preparedStatements) pool.on("connect", prepareMarkedQueries);
	return { pool, statementsSent: () => statements };
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
	const db = new Kysely<DB>({ dialect: new PGliteDialect(pglite, () => statements++) });
	const database: Database = {
		db,
		reads: db,
		kind: "pglite",
		async execScript(script) {
			await pglite.exec(script);
		},
		// PGlite is a single connection owned by this process: nothing else can migrate it.
		async withExclusiveLock(_lockId, fn) {
			return fn();
		},
		statementsSent: () => statements,
		replicaStatementsSent: () => 0,
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
