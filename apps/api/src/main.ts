import { ConfigError, loadConfig } from "./lib/config.js";
import { startServer } from "./server.js";

/** The API and the built web app from one process; `npm run serve` starts it through serve.mjs. */
async function main() {
	// Started by serve.mjs (the embedded database) with an IPC channel: when serve.mjs is gone,
	// even killed with SIGKILL, nothing else would stop this process and it would keep holding
	// the data folder. Before the server is up that means exiting at once (as a SIGTERM would).
	let onLauncherGone: () => void = () => process.exit(1);
	if (process.send) {
		if (!process.connected) onLauncherGone();
		process.once("disconnect", () => onLauncherGone());
	}
	let config: ReturnType<typeof loadConfig>;
	try {
		config = loadConfig();
	} catch (error) {
		if (error instanceof ConfigError) {
			console.error(error.message);
			process.exit(1);
		}
		throw error;
	}
	const server = await startServer(config);
	const log = server.app.log;
	log.info(
		`Bayon is running at ${server.url} (database: ${server.deps.database.kind}${config.databaseUrl ? "" : ` in ${config.dataDir}/pg`}; SMS ${config.smsProvider}${config.smsProvider === "outbox" ? ` → ${config.dataDir}/sms-outbox.jsonl` : ""})`,
	);
	if (process.env.BAYON_STARTED_WITH)
		log.info(
			`Started with ${process.env.BAYON_STARTED_WITH} to keep the embedded database's memory small (decision 025)`,
		);
	// One stop, however many signals come (decision 034): a Ctrl-C reaches this process from the
	// terminal and again through serve.mjs and npm; systemd may signal every process of the unit.
	// So a repeated signal neither starts over nor cuts the drain short.
	let stoppingSince: number | undefined;
	const stop = (why: string) => {
		const seconds = config.shutdownSeconds;
		if (stoppingSince !== undefined) {
			const left = Math.max(0, seconds - (performance.now() - stoppingSince) / 1000).toFixed(1);
			log.info(`${why}: already stopping, at most ${left} s left`);
			return;
		}
		stoppingSince = performance.now();
		log.info(`${why}: stopping within ${seconds} s (SHUTDOWN_SECONDS)`);
		// A last guard: server.stop() returns by the deadline whatever it waits for; should
		// anything keep it past that, the process ends all the same.
		setTimeout(() => {
			log.error(`still stopping ${seconds} s after ${why}: exiting now`);
			process.exit(1);
		}, seconds * 1000).unref();
		server.stop(why).then(
			(report) => process.exit(report.unfinished.length > 0 ? 1 : 0),
			(error: unknown) => {
				log.error({ err: error }, "stopping failed");
				process.exit(1);
			},
		);
	};
	process.on("SIGINT", () => stop("SIGINT received"));
	process.on("SIGTERM", () => stop("SIGTERM received"));
	onLauncherGone = () => stop("serve.mjs exited");
}

main().catch((error: unknown) => {
	console.error("Bayon failed to start:", error);
	process.exit(1);
});
