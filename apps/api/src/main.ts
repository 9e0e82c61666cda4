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
	let stopping = false;
	const stop = async (signal: string) => {
		if (stopping) return;
		stopping = true;
		log.info(`${signal} received, shutting down`);
		await server.close();
		process.exit(0);
	};
	process.on("SIGINT", () => void stop("SIGINT"));
	process.on("SIGTERM", () => void stop("SIGTERM"));
	onLauncherGone = () => void stop("serve.mjs exited");
}

main().catch((error: unknown) => {
	console.error("Bayon failed to start:", error);
	process.exit(1);
});
