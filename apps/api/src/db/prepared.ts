import {
	type Compilable,
	CompiledQuery,
	type InferResult,
	type Kysely,
	type RawBuilder,
	type Transaction,
} from "kysely";
import type pg from "pg";
import { isPlanChanged, repeatOnConflict } from "./conflicts.js";
import type { DB } from "./schema.js";

/**
 * Marks a query to run as a named prepared statement on PostgreSQL (decision 025). PostgreSQL
 * then plans it once per connection instead of on every call: for get-info's one query of seven
 * tables, planning took 0.6-1 ms and running it 0.1 ms. Only for hot queries whose SQL text is
 * the same on every call (the values vary, not the shape): each text becomes one statement on
 * each pooled connection. PGlite ignores the mark (a comment).
 */
const PREPARED_MARK = "/* prepared */ ";

type Db = Kysely<DB> | Transaction<DB>;
type Value = number | string | Date;

/**
 * A hot query built and compiled once, then run as a prepared statement (see PREPARED_MARK) with
 * each call's values. Building and compiling a Kysely query of several subqueries costs more CPU
 * than answering it from a prepared plan, so neither is repeated. At the first call `build` gets
 * stand-in values (unique numbers, strings and dates) and each one is found again among the
 * compiled query's parameters; every argument must therefore be a bound value of the query, never
 * something that changes its shape (a list's length, a column's name, a limit written into it):
 * the first call fails otherwise. Both our dialects compile with PostgresQueryCompiler, so one
 * compiled text serves PGlite and PostgreSQL alike.
 */
export function preparedQuery<A extends Record<string, Value>, Q extends Compilable<unknown>>(
	build: (db: Db, args: A) => Q,
): (db: Db, args: A) => Promise<InferResult<Q>> {
	let compiled: { sql: string; slots: Array<{ arg: keyof A } | { value: unknown }> } | undefined;
	return async (db, args) => {
		compiled ??= compileWithStandIns(db, build, args);
		const parameters = compiled.slots.map((slot) => ("arg" in slot ? args[slot.arg] : slot.value));
		const result = await db.executeQuery(CompiledQuery.raw(compiled.sql, parameters));
		return result.rows as InferResult<Q>;
	};
}

function compileWithStandIns<A extends Record<string, Value>>(
	db: Db,
	build: (db: Db, args: A) => Compilable<unknown>,
	example: A,
) {
	const keys = Object.keys(example) as Array<keyof A & string>;
	const standIns = keys.map((key, index): Value => {
		const value = example[key];
		if (value instanceof Date) return new Date(Date.UTC(1001, 0, 1) + index);
		if (typeof value === "number") return -(2 ** 40) - index;
		return `\u0000stand-in ${index}\u0000`;
	});
	const query = build(db, Object.fromEntries(keys.map((key, index) => [key, standIns[index]])) as A).compile();
	const standInOf = (parameter: unknown) =>
		standIns.findIndex((standIn) =>
			standIn instanceof Date
				? parameter instanceof Date && parameter.getTime() === standIn.getTime()
				: parameter === standIn,
		);
	const slots = query.parameters.map((parameter) => {
		const index = standInOf(parameter);
		return index === -1 ? { value: parameter } : { arg: keys[index] as keyof A };
	});
	for (const key of keys)
		if (!slots.some((slot) => "arg" in slot && slot.arg === key))
			throw new Error(`preparedQuery: argument ${key} is not a bound value of the query`);
	return { sql: PREPARED_MARK + query.sql, slots };
}

/**
 * Runs a query built for this call as a named prepared statement on PostgreSQL (PGlite: as it
 * is). For the order path's statements whose shape follows the call (a cart's lines, a posting's
 * moves) but never its values: PostgreSQL plans each shape once per connection and then, its
 * generic plan being as good, not again. Planning them was ~3 ms of PostgreSQL's CPU an order
 * (pay's ledger statement 1.9 ms, create's 0.4 ms, pricing's items 0.4 ms; decision 025), more
 * than running them. Every value must be a bound parameter: a value written into the text makes
 * a new statement per call, which MAX_PREPARED_TEXTS then stops preparing.
 */
export async function executePrepared<R>(db: Db, query: { compile(): CompiledQuery<R> } | RawBuilder<R>): Promise<R[]> {
	const compiled = "isRawBuilder" in query ? query.compile(db) : query.compile();
	const result = await db.executeQuery<R>(CompiledQuery.raw(PREPARED_MARK + compiled.sql, [...compiled.parameters]));
	return result.rows;
}

/**
 * Statement texts prepared at most, per process (each pooled connection prepares those it runs,
 * and PostgreSQL keeps a plan of each): the order path has a few dozen shapes; past this, a new
 * text runs unnamed, planned every time, as any other query.
 */
export const MAX_PREPARED_TEXTS = 200;

// Statement names by SQL text, the same on every connection.
const statementNames = new Map<string, string>();

/** How many statement texts this process prepares (`npm run bench` prints it: it must stay small). */
export function preparedTexts(): number {
	return statementNames.size;
}

/**
 * Makes a pooled connection run marked queries as named statements (node-postgres prepares a
 * name once per connection, then only binds and executes). Other queries pass through as they are.
 * Off behind PgBouncer in transaction mode (DATABASE_PREPARED_STATEMENTS=false): there each
 * statement may reach another server connection than the one that prepared it.
 */
export function prepareMarkedQueries(client: pg.PoolClient) {
	const query = client.query.bind(client) as (config: unknown, values?: unknown, callback?: unknown) => unknown;
	// Texts this connection prepares again under another name (see below).
	const preparedAgain = new Map<string, string>();
	// Never reused on this connection: node-postgres skips preparing a name it prepared before.
	let renamed = 0;
	(client as { query: unknown }).query = (config: unknown, values?: unknown, callback?: unknown) => {
		if (typeof config !== "string" || !config.startsWith(PREPARED_MARK) || callback !== undefined)
			return query(config, values, callback);
		let name = statementNames.get(config);
		if (!name) {
			if (statementNames.size >= MAX_PREPARED_TEXTS) return query(config, values, callback);
			name = `bayon_prepared_${statementNames.size + 1}`;
			statementNames.set(config, name);
		}
		const named = name;
		const run = () => query({ name: preparedAgain.get(config) ?? named, text: config, values }) as Promise<unknown>;
		// A migration run meanwhile (another server's, in a rolling deploy) that changes a table the
		// statement reads (a column added where it reads `*`) makes PostgreSQL refuse the prepared
		// statement from then on, on this connection. It is prepared afresh under a new name: at
		// once when the call ran outside a transaction (it changed nothing, so it simply runs again);
		// inside one the transaction is aborted, and the database's transaction() runs the whole
		// unit of work again (database.ts), which then finds the new name.
		const prepareAgain = () => preparedAgain.set(config, `${named}_again_${++renamed}`);
		if (client.getTransactionStatus() === "I")
			return repeatOnConflict(run, { when: isPlanChanged, again: prepareAgain });
		return run().catch((error: unknown) => {
			if (isPlanChanged(error)) prepareAgain();
			throw error;
		});
	};
}
