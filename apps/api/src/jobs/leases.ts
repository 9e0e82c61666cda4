import { randomBytes } from "node:crypto";
import { hostname } from "node:os";
import { type Kysely, sql } from "kysely";
import type { DB } from "../db/schema.js";

/**
 * Who runs a job when several servers share one database (decision 037): a lease per job in
 * `job_lease`, taken or renewed in one statement before each run. Time is the database's
 * (`now()`), so servers whose clocks disagree still agree on who holds a lease.
 */
export interface JobLeases {
	/** This process, as written in `job_lease.holder`. */
	readonly holder: string;
	/** Takes the job's lease, or renews it when this process holds it; true when it is ours now. */
	hold(job: string): Promise<boolean>;
	/** Gives back every lease this process holds, so another server takes the jobs at its next tick. */
	releaseAll(): Promise<void>;
}

/** host:pid:random, unique per start: a restarted process never mistakes an old lease for its own. */
export function holderName(): string {
	return `${hostname()}:${process.pid}:${randomBytes(4).toString("hex")}`;
}

/** Leases in PostgreSQL, shared by every server on the database. */
export function databaseLeases(db: Kysely<DB>, options: { ttlMs: number; holder?: string }): JobLeases {
	const holder = options.holder ?? holderName();
	const ttl = `${Math.ceil(options.ttlMs)} milliseconds`;
	return {
		holder,
		async hold(job) {
			// One statement, so two servers racing for a lapsed lease cannot both win: the row lock of
			// ON CONFLICT lets one update it; the other then sees it held and unexpired, and gets no row.
			const { rows } = await sql<{ holder: string }>`
				INSERT INTO job_lease (job_name, holder, expires_at)
				VALUES (${job}, ${holder}, now() + ${ttl}::interval)
				ON CONFLICT (job_name) DO UPDATE SET holder = excluded.holder, expires_at = excluded.expires_at
				WHERE job_lease.holder = excluded.holder OR job_lease.expires_at < now()
				RETURNING holder`.execute(db);
			return rows.length === 1;
		},
		async releaseAll() {
			await sql`DELETE FROM job_lease WHERE holder = ${holder}`.execute(db);
		},
	};
}

/** The embedded database lives inside one process: it is always the holder, and no row is written. */
export function soleProcessLeases(): JobLeases {
	return { holder: "this process", hold: async () => true, releaseAll: async () => {} };
}
