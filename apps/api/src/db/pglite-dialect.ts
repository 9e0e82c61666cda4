import type { PGlite, Transaction as PGliteTransaction } from "@electric-sql/pglite";
import {
	type CompiledQuery,
	type DatabaseConnection,
	type DatabaseIntrospector,
	type Dialect,
	type DialectAdapter,
	type Driver,
	type Kysely,
	PostgresAdapter,
	PostgresIntrospector,
	PostgresQueryCompiler,
	type QueryCompiler,
	type QueryResult,
} from "kysely";

/**
 * Kysely over embedded PGlite. Kysely ships a PGlite dialect only from 0.29, which requires
 * Node 22; we promise Node 20.19, so we stay on 0.28 with this port of 0.29's dialect.
 *
 * PGlite is one connection. Kysely 0.29 queues callers on it in its runtime driver; 0.28
 * does not, so the driver here does (like 0.28's SQLite driver): a query issued while a
 * transaction holds the connection waits until the transaction ends. Transactions use
 * PGlite's own `transaction()`, which locks the instance against its other users (the
 * migration scripts run through `pglite.exec`).
 */
export class PGliteDialect implements Dialect {
	/** `onStatement` is told of every statement sent (BEGIN and COMMIT included), for the bench's count. */
	constructor(
		private readonly pglite: PGlite,
		private readonly onStatement: () => void = () => {},
	) {}
	createAdapter(): DialectAdapter {
		return new PGliteAdapter();
	}
	createDriver(): Driver {
		return new PGliteDriver(this.pglite, this.onStatement);
	}
	createIntrospector(db: Kysely<unknown>): DatabaseIntrospector {
		return new PostgresIntrospector(db);
	}
	createQueryCompiler(): QueryCompiler {
		return new PostgresQueryCompiler();
	}
}

class PGliteAdapter extends PostgresAdapter {
	// Kysely's migrator holds the only connection between these two calls: nothing to lock.
	override async acquireMigrationLock(): Promise<void> {}
	override async releaseMigrationLock(): Promise<void> {}
}

class PGliteDriver implements Driver {
	private readonly connection: PGliteConnection;
	private readonly mutex = new ConnectionMutex();

	constructor(
		private readonly pglite: PGlite,
		onStatement: () => void,
	) {
		this.connection = new PGliteConnection(pglite, onStatement);
	}
	async init(): Promise<void> {
		if (this.pglite.closed) throw new Error("PGlite instance is already closed.");
		await this.pglite.waitReady;
	}
	async acquireConnection(): Promise<DatabaseConnection> {
		await this.mutex.lock();
		return this.connection;
	}
	async releaseConnection(): Promise<void> {
		this.mutex.unlock();
	}
	async beginTransaction(connection: DatabaseConnection): Promise<void> {
		await (connection as PGliteConnection).begin();
	}
	async commitTransaction(connection: DatabaseConnection): Promise<void> {
		await (connection as PGliteConnection).commit();
	}
	async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
		await (connection as PGliteConnection).rollback();
	}
	async destroy(): Promise<void> {
		if (!this.pglite.closed) await this.pglite.close();
	}
}

class PGliteConnection implements DatabaseConnection {
	private transaction: PGliteTransaction | undefined;
	private finish: { commit: () => void; rollback: (reason: unknown) => void } | undefined;
	private closed: Promise<void> | undefined;

	constructor(
		private readonly pglite: PGlite,
		private readonly onStatement: () => void,
	) {}

	async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
		this.onStatement();
		const { affectedRows, rows } = await (this.transaction ?? this.pglite).query<R>(query.sql, [...query.parameters], {
			rowMode: "object",
		});
		return { numAffectedRows: affectedRows != null ? BigInt(affectedRows) : undefined, rows: rows ?? [] };
	}

	// biome-ignore lint/correctness/useYield: the interface asks for a generator; PGlite cannot stream.
	async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
		throw new Error("Streaming is not supported by PGlite.");
	}

	/** Opens PGlite's transaction and keeps it open until commit() or rollback(). */
	async begin(): Promise<void> {
		this.onStatement();
		let begun!: () => void;
		const started = new Promise<void>((resolve) => {
			begun = resolve;
		});
		const ended = new Promise<void>((commit, rollback) => {
			this.finish = { commit, rollback };
		});
		this.closed = this.pglite.transaction(async (tx) => {
			this.transaction = tx;
			begun();
			await ended;
		});
		// A transaction that fails to open rejects `closed` before `started` resolves.
		await Promise.race([started, this.closed]);
	}

	async commit(): Promise<void> {
		this.onStatement();
		this.finish?.commit();
		try {
			await this.closed;
		} finally {
			this.reset();
		}
	}

	async rollback(): Promise<void> {
		this.onStatement();
		this.finish?.rollback(new Error("rollback"));
		await this.closed?.catch(() => {});
		this.reset();
	}

	private reset() {
		this.transaction = undefined;
		this.finish = undefined;
		this.closed = undefined;
	}
}

/** One holder at a time; the others wait for it to let go. */
class ConnectionMutex {
	private held: Promise<void> | undefined;
	private release: (() => void) | undefined;

	async lock(): Promise<void> {
		while (this.held) await this.held;
		this.held = new Promise((resolve) => {
			this.release = resolve;
		});
	}

	unlock() {
		const release = this.release;
		this.held = undefined;
		this.release = undefined;
		release?.();
	}
}
