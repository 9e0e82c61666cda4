import { ConfigError, loadConfig } from "./lib/config.js";
import { startServer } from "./server.js";

/** `npm start` / `npm run serve`: the API and the built web app from one process. */
async function main() {
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
}

main().catch((error: unknown) => {
	console.error("Bayon failed to start:", error);
	process.exit(1);
});
