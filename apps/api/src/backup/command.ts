import { randomBytes } from "node:crypto";
import { parseArgs } from "node:util";
import { loadConfig } from "../lib/config.js";
import { BackupError } from "./archive.js";
import { createBackup } from "./backup.js";
import { restoreBackup } from "./restore.js";

const USAGE = `usage:
  npm run backup [-- --out <folder or file.tar.gz>] [--pg-bin <folder of pg_dump>]
  npm run restore -- <backup.tar.gz> [--force] [--pg-bin <folder of pg_restore>]
Both use the server's settings: DATABASE_URL (PostgreSQL) or DATA_DIR (the embedded database), and DATA_DIR's files.`;

/** `npm run backup` and `npm run restore` (cli.ts): exit code 0 done, 1 refused or failed, 2 bad usage. */
export async function runBackupCommand(command: "backup" | "restore", args: string[]): Promise<number> {
	let parsed: ReturnType<typeof parse>;
	try {
		parsed = parse(args);
	} catch (error) {
		console.error(`${(error as Error).message}\n${USAGE}`);
		return 2;
	}
	// Neither command needs the token secret: without TOKEN_SECRET the configuration would create
	// DATA_DIR/secrets.json, and a restore would then find its empty folder not empty.
	const config = loadConfig({
		...process.env,
		TOKEN_SECRET: process.env.TOKEN_SECRET ?? randomBytes(32).toString("hex"),
	});
	try {
		if (command === "backup") {
			if (parsed.positionals.length > 0 || parsed.values.force)
				throw new UsageError("backup takes no archive name: use --out");
			const result = await createBackup(config, { out: parsed.values.out, pgBin: parsed.values["pg-bin"] });
			const { database, files } = result.manifest;
			console.log(
				[
					`backup written: ${result.archive}`,
					`  ${(result.bytes / 1e6).toFixed(1)} MB in ${result.seconds.toFixed(1)} s; database ${database.kind} ${database.serverVersion}${database.takenFrom ? ` (${database.takenFrom})` : ""}, as of ${result.manifest.createdAt}, last migration ${database.lastMigration}`,
					`  files: ${files.count} (${(files.bytes / 1e6).toFixed(1)} MB)${files.uploads === "object storage" ? `; uploads are in bucket ${files.bucket} and NOT in this backup (keep the bucket versioned)` : ""}`,
					"  it holds every customer's data and the server's secrets: keep it where only operators can read it",
				].join("\n"),
			);
		} else {
			const archive = parsed.positionals[0];
			if (!archive || parsed.positionals.length > 1 || parsed.values.out)
				throw new UsageError("restore takes one backup file");
			const result = await restoreBackup(config, archive, {
				force: parsed.values.force ?? false,
				pgBin: parsed.values["pg-bin"],
			});
			console.log(
				`restored ${archive} (taken ${result.manifest.createdAt}) into ${config.databaseUrl ? "DATABASE_URL" : `${config.dataDir}/pg`} and ${config.dataDir} in ${result.seconds.toFixed(1)} s; last migration ${result.lastMigration}; every checksum verified`,
			);
		}
		return 0;
	} catch (error) {
		if (error instanceof UsageError) {
			console.error(`${error.message}\n${USAGE}`);
			return 2;
		}
		if (error instanceof BackupError) {
			console.error(error.message);
			return 1;
		}
		throw error;
	}
}

class UsageError extends Error {}

function parse(args: string[]) {
	return parseArgs({
		args,
		allowPositionals: true,
		options: { out: { type: "string" }, force: { type: "boolean" }, "pg-bin": { type: "string" } },
	});
}
