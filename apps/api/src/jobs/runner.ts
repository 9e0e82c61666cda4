import type { AppDeps } from "../http/deps.js";
import type { JobLeases } from "./leases.js";

/** A piece of background work that must run on one server at a time, every interval. */
export interface Job {
	/** Names the job in its lease, the log and the metrics; never change a name lightly (a renamed job takes a new lease). */
	name: string;
	run(): Promise<void>;
}

export type JobOutcome = "success" | "failure";

export interface JobRunnerOptions {
	intervalMs: number;
	leases: JobLeases;
	log: AppDeps["log"] & { debug?: (details: object, message: string) => void };
	/** True once the server has begun to stop (deps.lifecycle.draining): nothing new is claimed. */
	draining(): boolean;
	/** Told of every run, for the metrics. */
	recordRun?(job: string, outcome: JobOutcome, seconds: number): void;
}

/**
 * Runs each job every interval on the one server that holds its lease (decision 037). Before a
 * run the lease is taken or renewed; while a run lasts longer than a third of the lease it is
 * renewed again, so a slow run is not taken over by another server. A job never runs twice at
 * once in this process either: a tick that finds the last run still going is skipped.
 *
 * Returns stop: no tick claims anything after it is called; it waits for the runs in progress,
 * then gives back this server's leases so the others take over at their next tick.
 */
export function startJobRunner(jobs: readonly Job[], options: JobRunnerOptions): () => Promise<void> {
	const { leases, log } = options;
	const running = new Map<string, Promise<void>>();
	let stopped = false;
	const timers = jobs.map((job) => {
		const timer = setInterval(() => {
			if (stopped || options.draining() || running.has(job.name)) return;
			const run = runOnce(job).finally(() => running.delete(job.name));
			running.set(job.name, run);
		}, options.intervalMs);
		timer.unref();
		return timer;
	});

	async function runOnce(job: Job): Promise<void> {
		try {
			if (!(await leases.hold(job.name))) return;
		} catch (error) {
			// The database is away: nobody can run the job now; the next tick asks again.
			log.warn({ err: error, job: job.name }, "could not take the job's lease");
			return;
		}
		// Renewed while the run lasts (a lease is three intervals long, see startJobs).
		const keepAlive = setInterval(
			() =>
				void leases
					.hold(job.name)
					.then((held) => {
						if (!held) log.warn({ job: job.name }, "job's lease was taken by another server while it ran");
					})
					.catch(() => {}),
			options.intervalMs,
		);
		keepAlive.unref();
		const startedAt = performance.now();
		let outcome: JobOutcome = "success";
		try {
			await job.run();
		} catch (error) {
			outcome = "failure";
			log.error({ err: error }, `${job.name} failed`);
		} finally {
			clearInterval(keepAlive);
		}
		const seconds = (performance.now() - startedAt) / 1000;
		options.recordRun?.(job.name, outcome, seconds);
		// The cluster drill reads these lines to see that each job ran on one server at a time.
		log.debug?.({ job: job.name, holder: leases.holder, ms: Math.round(seconds * 1000), outcome }, "job ran");
	}

	return async () => {
		stopped = true;
		for (const timer of timers) clearInterval(timer);
		await Promise.all(running.values());
		try {
			await leases.releaseAll();
		} catch (error) {
			// Not fatal: the leases lapse on their own, the other servers just wait a little longer.
			log.warn({ err: error }, "could not give back the jobs' leases");
		}
	};
}
