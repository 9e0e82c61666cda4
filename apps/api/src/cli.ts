import path from "node:path";
import { runBackupCommand } from "./backup/command.js";
import { databaseOptions, openDatabase } from "./db/database.js";
import { migrate } from "./db/migrate.js";
import { filesToS3Command } from "./features/files/storage/copy-command.js";
import { closeFileStorage, fileStorage } from "./features/files/storage/index.js";
import { ConfigError, loadConfig } from "./lib/config.js";
import { seedDemo } from "./seed/seed.js";

/**
 * `npm run db:migrate` and `npm run db:seed` against the configured database; `npm run
 * files:to-s3` copies the data folder's uploads to the bucket (features/files/storage).
 */
async function run(command: string | undefined) {
	if (command === "backup" || command === "restore")
		process.exit(await runBackupCommand(command, process.argv.slice(3)));
	if (command === "files-to-s3") process.exit(await filesToS3Command(loadConfig()));
	if (command !== "migrate" && command !== "seed") {
		console.error("usage: cli.ts migrate|seed|backup|restore|files-to-s3");
		process.exit(2);
	}
	const config = loadConfig();
	const database = await openDatabase({ ...databaseOptions(config), pgliteDir: path.join(config.dataDir, "pg") });
	try {
		const applied = await migrate(database);
		console.log(applied.length ? `applied migrations: ${applied.join(", ")}` : "migrations: up to date");
		if (command === "seed") {
			await seedDemo(database.db, { dataDir: config.dataDir, storage: fileStorage(config) });
			console.log("demo data: seeded (idempotent)");
		}
	} finally {
		closeFileStorage(config);
		await database.close();
	}
}

run(process.argv[2]).catch((error: unknown) => {
	console.error(error instanceof ConfigError ? error.message : error);
	process.exit(1);
});
