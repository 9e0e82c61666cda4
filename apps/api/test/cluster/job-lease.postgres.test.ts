import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../src/db/database.js";
import { migrate } from "../../src/db/migrate.js";
import { databaseLeases } from "../../src/jobs/leases.js";
import { type Job, startJobRunner } from "../../src/jobs/runner.js";
import { openTestDatabase } from "../harness.js";

/**
 * The job lease (decision 037) between runners in one process, each with its own pool, as two
 * servers would be on one PostgreSQL. The cluster drill (cluster.redis.test.ts) shows the same
 * across real processes.
 */
let database: Database;
let dropDatabase: () => Promise<void>;

beforeAll(async () => {
	({ database, dropDatabase } = await openTestDatabase());
	await migrate(database);
});
afterAll(async () => {
	await database.close();
	await dropDatabase();
});

const quiet = { info() {}, warn() {}, error() {} };
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A job that records which runner ran it and refuses to be run twice at once. */
function countingJob(name: string, runs: string[], who: string, busyMs = 5): Job & { overlaps: number } {
	let active = 0;
	const job = {
		name,
		overlaps: 0,
		async run() {
			if (++active > 1) job.overlaps++;
			runs.push(who);
			await sleep(busyMs);
			active--;
		},
	};
	return job;
}

describe("job leases on PostgreSQL", () => {
	it("runs a job on one of three servers each interval, and another takes over when it stops and gives back its lease", async () => {
		const runs: string[] = [];
		const intervalMs = 100;
		const servers = ["a", "b", "c"].map((who) => {
			const leases = databaseLeases(database.db, { ttlMs: 3 * intervalMs, holder: who });
			const stop = startJobRunner([countingJob("drill job", runs, who)], {
				intervalMs,
				leases,
				log: quiet,
				draining: () => false,
			});
			return { who, stop };
		});
		await sleep(1050);
		// Three servers ticking every 100 ms would run it ~30 times; one holder runs it ~10 times.
		expect(runs.length).toBeGreaterThanOrEqual(7);
		expect(runs.length).toBeLessThanOrEqual(12);
		expect(new Set(runs).size).toBe(1);
		const first = runs[0] as string;
		const holder = servers.find((s) => s.who === first);
		await holder?.stop();
		const stoppedAt = runs.length;
		expect(await leaseRows()).toEqual([]);
		// Given back, not lapsed: another runs it within about one interval, far under the 300 ms lease.
		await sleep(180);
		expect(runs.slice(stoppedAt).length).toBeGreaterThanOrEqual(1);
		expect(runs.slice(stoppedAt).every((who) => who !== first)).toBe(true);
		await sleep(500);
		expect(new Set(runs.slice(stoppedAt)).size).toBe(1);
		await Promise.all(servers.map((s) => s.stop()));
		expect(await leaseRows()).toEqual([]);
	});

	it("takes a lease from a holder that died once it has lapsed, and never before", async () => {
		const dead = databaseLeases(database.db, { ttlMs: 300, holder: "killed with -9" });
		const living = databaseLeases(database.db, { ttlMs: 300, holder: "still running" });
		expect(await dead.hold("orphaned job")).toBe(true);
		expect(await living.hold("orphaned job")).toBe(false);
		expect(await dead.hold("orphaned job")).toBe(true);
		await sleep(350);
		expect(await living.hold("orphaned job")).toBe(true);
		expect(await dead.hold("orphaned job")).toBe(false);
		expect(await leaseRows()).toEqual([{ job_name: "orphaned job", holder: "still running" }]);
		await living.releaseAll();
	});

	it("lets exactly one of many servers win a lapsed lease at the same moment", async () => {
		const contenders = Array.from({ length: 8 }, (_, i) =>
			databaseLeases(database.db, { ttlMs: 5000, holder: `server ${i}` }),
		);
		const won = await Promise.all(contenders.map((leases) => leases.hold("contested job")));
		expect(won.filter(Boolean)).toHaveLength(1);
		await Promise.all(contenders.map((leases) => leases.releaseAll()));
	});

	it("renews the lease while a run outlasts it, so no other server starts the job meanwhile", async () => {
		const runs: string[] = [];
		const intervalMs = 100;
		const runner = (who: string, busyMs: number) =>
			startJobRunner([countingJob("slow job", runs, who, busyMs)], {
				intervalMs,
				leases: databaseLeases(database.db, { ttlMs: 3 * intervalMs, holder: who }),
				log: quiet,
				draining: () => false,
			});
		const stopSlow = runner("slow", 900);
		while (runs.length === 0) await sleep(10);
		// The slow run lasts three leases; an eager server ticks every 100 ms all along.
		const stopEager = runner("eager", 5);
		await sleep(1000);
		await Promise.all([stopSlow(), stopEager()]);
		expect(runs.filter((who) => who === "eager")).toEqual([]);
	});

	it("claims nothing while the server drains", async () => {
		const runs: string[] = [];
		let draining = true;
		const stop = startJobRunner([countingJob("draining job", runs, "me")], {
			intervalMs: 50,
			leases: databaseLeases(database.db, { ttlMs: 150, holder: "me" }),
			log: quiet,
			draining: () => draining,
		});
		await sleep(300);
		expect(runs).toEqual([]);
		expect(await leaseRows()).toEqual([]);
		draining = false;
		await sleep(150);
		expect(runs.length).toBeGreaterThan(0);
		await stop();
	});
});

async function leaseRows() {
	const { rows } = await sql<{ job_name: string; holder: string }>`
		SELECT job_name, holder FROM job_lease ORDER BY job_name`.execute(database.db);
	return rows;
}
