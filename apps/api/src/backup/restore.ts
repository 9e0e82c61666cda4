import { existsSync } from "node:fs";
import { cp, mkdir, mkdtemp, readdir, rm } from "node:fs/promises";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import type { Config } from "../lib/config.js";
import { BackupError, type BackupManifest, runProgram, unpackArchive } from "./archive.js";
import { libpqConnection, postgresProgram } from "./backup.js";
import { SNAPSHOT_SOCKET, socketAnswers } from "./embedded-snapshot.js";

export interface RestoreOptions {
	/** Replace a database or data folder that is not empty (its contents are lost). */
	force?: boolean;
	pgBin?: string;
}

export interface RestoreResult {
	manifest: BackupManifest;
	/** The newest migration the restored database holds, read back from it. */
	lastMigration: string | null;
	seconds: number;
}

/**
 * `npm run restore -- <archive>`: into the configured database (DATABASE_URL, or the embedded
 * one in DATA_DIR/pg) and data folder, which must be empty unless `--force`. Every checksum is
 * verified before anything is written; the restored database is then opened and must hold the
 * migration the manifest names. The servers start on it as after any stop (they apply newer
 * migrations of newer code themselves).
 */
export async function restoreBackup(
	config: Config,
	archive: string,
	options: RestoreOptions = {},
): Promise<RestoreResult> {
	const startedAt = performance.now();
	if (!existsSync(archive)) throw new BackupError(`no backup at ${archive}`);
	const parent = path.dirname(config.dataDir);
	await mkdir(parent, { recursive: true });
	const unpacked = await mkdtemp(path.join(parent, ".bayon-restore-"));
	try {
		const manifest = await unpackArchive(path.resolve(archive), unpacked);
		const kind = manifest.database.kind;
		if (kind === "postgres" && !config.databaseUrl)
			throw new BackupError("this is a backup of PostgreSQL: set DATABASE_URL to the (empty) database to restore into");
		if (kind === "pglite" && config.databaseUrl)
			throw new BackupError(
				"this is a backup of the embedded database: unset DATABASE_URL and set DATA_DIR to the (empty) folder to restore into",
			);
		if (kind === "pglite" && (await socketAnswers(path.join(config.dataDir, SNAPSHOT_SOCKET))))
			throw new BackupError(`a server is running on ${config.dataDir}: stop it before restoring into its folder`);

		const leftovers = await dataFolderContents(config.dataDir, kind);
		const databaseHolds = config.databaseUrl ? await postgresRelations(config.databaseUrl) : 0;
		if (!options.force && (leftovers.length > 0 || databaseHolds > 0))
			throw new BackupError(
				[
					"refusing to restore over existing data (add --force to replace it; what is there now is lost):",
					...(databaseHolds > 0
						? [`  the database at DATABASE_URL holds ${databaseHolds} tables and other objects`]
						: []),
					...(leftovers.length > 0 ? [`  ${config.dataDir} holds: ${leftovers.slice(0, 10).join(", ")}`] : []),
				].join("\n"),
			);
		for (const name of leftovers) await rm(path.join(config.dataDir, name), { recursive: true, force: true });
		await mkdir(config.dataDir, { recursive: true, mode: 0o700 });

		if (kind === "postgres" && config.databaseUrl) {
			const connection = libpqConnection(config.databaseUrl);
			await runProgram(
				postgresProgram("pg_restore", options.pgBin),
				[
					"--no-owner",
					"--no-privileges",
					"--exit-on-error",
					"--single-transaction",
					...(databaseHolds > 0 ? ["--clean", "--if-exists"] : []),
					connection.dbname,
					path.join(unpacked, "database", "postgres.dump"),
				],
				{ env: connection.env },
			);
		} else {
			await cp(path.join(unpacked, "database", "pglite"), path.join(config.dataDir, "pg"), { recursive: true });
		}
		const files = path.join(unpacked, "files");
		if (existsSync(files))
			for (const name of await readdir(files))
				await cp(path.join(files, name), path.join(config.dataDir, name), { recursive: true });

		const lastMigration = await restoredLastMigration(config);
		if (lastMigration !== manifest.database.lastMigration)
			throw new BackupError(
				`the restored database's last migration is ${lastMigration}, the backup's manifest says ${manifest.database.lastMigration}`,
			);
		return { manifest, lastMigration, seconds: (performance.now() - startedAt) / 1000 };
	} finally {
		await rm(unpacked, { recursive: true, force: true });
	}
}

/** What of the data folder a restore would replace: the embedded database and every file a backup holds. */
async function dataFolderContents(dataDir: string, kind: BackupManifest["database"]["kind"]): Promise<string[]> {
	if (!existsSync(dataDir)) return [];
	const names = await readdir(dataDir);
	return names.filter((name) => name !== SNAPSHOT_SOCKET && (kind === "pglite" || name !== "pg")).sort();
}

/** Tables, views, sequences… outside PostgreSQL's own schemas: 0 for a fresh database. */
async function postgresRelations(url: string): Promise<number> {
	const client = new pg.Client({ connectionString: url });
	try {
		await client.connect();
	} catch (error) {
		throw new BackupError(`cannot connect to DATABASE_URL: ${(error as Error).message}`);
	}
	try {
		const { rows } = await client.query<{ count: string }>(
			`SELECT count(*) AS count FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
			WHERE n.nspname NOT IN ('pg_catalog', 'information_schema') AND n.nspname NOT LIKE 'pg\\_%'`,
		);
		return Number(rows[0]?.count ?? 0);
	} finally {
		await client.end();
	}
}

async function restoredLastMigration(config: Config): Promise<string | null> {
	const query = "SELECT max(name) AS name FROM schema_migration";
	if (config.databaseUrl) {
		const client = new pg.Client({ connectionString: config.databaseUrl });
		await client.connect();
		try {
			return (await client.query<{ name: string | null }>(query)).rows[0]?.name ?? null;
		} finally {
			await client.end();
		}
	}
	const pglite = await PGlite.create({ dataDir: path.join(config.dataDir, "pg") });
	try {
		return (await pglite.query<{ name: string | null }>(query)).rows[0]?.name ?? null;
	} finally {
		await pglite.close();
	}
}
