import { type Compilable, CompiledQuery, type InferResult, type Kysely, type Transaction } from "kysely";
import type pg from "pg";
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

// Statement names by SQL text, the same on every connection. Bounded by the marked queries in
// the code, since marked texts never carry values.
const statementNames = new Map<string, string>();

/**
 * Makes a pooled connection run marked queries as named statements (node-postgres prepares a
 * name once per connection, then only binds and executes). Other queries pass through as they are.
 */
export function prepareMarkedQueries(client: pg.PoolClient) {
	const query = client.query.bind(client) as (config: unknown, values?: unknown, callback?: unknown) => unknown;
	(client as { query: unknown }).query = (config: unknown, values?: unknown, callback?: unknown) => {
		if (typeof config !== "string" || !config.startsWith(PREPARED_MARK) || callback !== undefined)
			return query(config, values, callback);
		let name = statementNames.get(config);
		if (!name) {
			name = `bayon_prepared_${statementNames.size + 1}`;
			statementNames.set(config, name);
		}
		return query({ name, text: config, values });
	};
}
