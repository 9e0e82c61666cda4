import { existsSync, readdirSync, readFileSync } from "node:fs";
import { cp, mkdir, mkdtemp, readdir, rename, rm, stat } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import type { Config } from "../lib/config.js";
import {
	BackupError,
	type BackupManifest,
	describeFiles,
	MANIFEST_FORMAT,
	MANIFEST_FORMAT_VERSION,
	packArchive,
	runProgram,
} from "./archive.js";
import { requestEmbeddedSnapshot, SNAPSHOT_SOCKET, SNAPSHOT_STAGING_PREFIX } from "./embedded-snapshot.js";

export interface BackupOptions {
	/** A folder (the archive gets a dated name in it) or a file name ending in .tar.gz. Default: the current folder. */
	out?: string;
	/** Where pg_dump and pg_restore are; default the newest under /usr/lib/postgresql, else PATH. */
	pgBin?: string;
}

export interface BackupResult {
	archive: string;
	manifest: BackupManifest;
	bytes: number;
	seconds: number;
}

/**
 * `npm run backup`: the database and the data folder's files in one archive (decision 038).
 * PostgreSQL: pg_dump's custom format, one consistent snapshot however long it takes, while
 * the servers keep running. Embedded: the running server copies its cluster on request
 * (embedded-snapshot.ts); with no server running, the folder at rest is copied. The data
 * folder's files are copied after the database's snapshot: uploads are written before the row
 * that names them and never changed or removed, so every file the copy names is there.
 */
export async function createBackup(config: Config, options: BackupOptions = {}): Promise<BackupResult> {
	const startedAt = performance.now();
	const archive = archivePath(options.out, config.databaseUrl ? "postgres" : "pglite");
	if (existsSync(archive)) throw new BackupError(`${archive} exists already: name another file`);
	const staging = await mkdtemp(path.join(path.dirname(archive), ".bayon-backup-"));
	try {
		const database = config.databaseUrl
			? await dumpPostgres(config.databaseUrl, path.join(staging, "database"), options.pgBin)
			: await copyEmbedded(config.dataDir, path.join(staging, "database", "pglite"));
		const files = await copyDataFolder(config, path.join(staging, "files"));
		const entries = await describeFiles(staging);
		const manifest: BackupManifest = {
			format: MANIFEST_FORMAT,
			formatVersion: MANIFEST_FORMAT_VERSION,
			createdAt: database.takenAt,
			bayonVersion: bayonVersion(),
			nodeVersion: process.version,
			database: database.manifest,
			files,
			entries,
		};
		await packArchive(staging, manifest, archive);
		return {
			archive,
			manifest,
			bytes: (await stat(archive)).size,
			seconds: (performance.now() - startedAt) / 1000,
		};
	} catch (error) {
		await rm(archive, { force: true });
		throw error;
	} finally {
		await rm(staging, { recursive: true, force: true });
	}
}

function archivePath(out: string | undefined, kind: string): string {
	const stamp = new Date()
		.toISOString()
		.replace(/[-:]/g, "")
		.replace(/\.\d+Z$/, "Z");
	const name = `bayon-backup-${kind}-${stamp}.tar.gz`;
	if (!out) return path.resolve(name);
	const resolved = path.resolve(out);
	if (resolved.endsWith(".tar.gz")) return resolved;
	return path.join(resolved, name);
}

interface DatabaseCopy {
	takenAt: string;
	manifest: BackupManifest["database"];
}

async function dumpPostgres(url: string, into: string, pgBin?: string): Promise<DatabaseCopy> {
	await mkdir(into, { recursive: true });
	const client = new pg.Client({ connectionString: url });
	await client.connect();
	let serverVersion: string;
	let lastMigration: string | null;
	try {
		const { rows } = await client.query<{ version: string; name: string | null }>(
			`SELECT current_setting('server_version') AS version,
				(SELECT max(name) FROM schema_migration) AS name`,
		);
		serverVersion = rows[0]?.version ?? "unknown";
		lastMigration = rows[0]?.name ?? null;
	} catch (error) {
		throw new BackupError(
			`the database at DATABASE_URL is not a Bayon database (no schema_migration): ${(error as Error).message}`,
		);
	} finally {
		await client.end();
	}
	const pgDump = postgresProgram("pg_dump", pgBin);
	const dumpTool = (await runProgram(pgDump, ["--version"])).trim();
	// pg_dump's snapshot is taken as it starts: the moment the backup stands for.
	const takenAt = new Date().toISOString();
	// Custom format: compressed, and pg_restore can restore it in parallel or pick parts of it.
	const connection = libpqConnection(url);
	await runProgram(pgDump, ["--format=custom", "--file", path.join(into, "postgres.dump"), connection.dbname], {
		env: connection.env,
	});
	return { takenAt, manifest: { kind: "postgres", serverVersion, lastMigration, dumpTool } };
}

async function copyEmbedded(dataDir: string, into: string): Promise<DatabaseCopy> {
	await mkdir(path.dirname(into), { recursive: true });
	const snapshot = await requestEmbeddedSnapshot(dataDir).catch((error: unknown) => {
		throw new BackupError((error as Error).message);
	});
	if (snapshot) {
		try {
			// The snapshot is in the data folder; moved when the archive is made on the same disk.
			await rename(snapshot.dir, into).catch(() => cp(snapshot.dir, into, { recursive: true }));
		} finally {
			await rm(path.dirname(snapshot.dir), { recursive: true, force: true });
		}
		return {
			takenAt: snapshot.takenAt,
			manifest: {
				kind: "pglite",
				serverVersion: snapshot.serverVersion,
				lastMigration: snapshot.lastMigration,
				takenFrom: "running server",
			},
		};
	}
	// No server answers on the folder's socket: the folder is at rest (a stopped server, or one
	// from before backups existed, which the guide says to stop first). The copy is opened once
	// here, which both reads what it holds and proves it opens.
	const pgDir = path.join(dataDir, "pg");
	if (!existsSync(path.join(pgDir, "PG_VERSION")))
		throw new BackupError(`no embedded database in ${pgDir} (and DATABASE_URL is not set): nothing to back up`);
	const takenAt = new Date().toISOString();
	await cp(pgDir, into, { recursive: true });
	const pglite = await PGlite.create({ dataDir: into });
	try {
		const { rows } = await pglite.query<{ version: string; name: string | null }>(
			`SELECT current_setting('server_version') AS version, (SELECT max(name) FROM schema_migration) AS name`,
		);
		return {
			takenAt,
			manifest: {
				kind: "pglite",
				serverVersion: rows[0]?.version ?? "unknown",
				lastMigration: rows[0]?.name ?? null,
				takenFrom: "folder at rest",
			},
		};
	} finally {
		await pglite.close();
	}
}

/** What of the data folder is never backed up: the database (taken apart), unfinished uploads, the socket. */
function isBackedUp(name: string): boolean {
	return !(
		name === "pg" ||
		name === "upload-tmp" ||
		name === SNAPSHOT_SOCKET ||
		name.startsWith(SNAPSHOT_STAGING_PREFIX) ||
		name.startsWith(".bayon-backup-")
	);
}

async function copyDataFolder(config: Config, into: string): Promise<BackupManifest["files"]> {
	await mkdir(into, { recursive: true });
	const bucket = objectStorageBucket(config);
	if (existsSync(config.dataDir)) {
		for (const entry of await readdir(config.dataDir, { withFileTypes: true })) {
			if (!isBackedUp(entry.name) || !(entry.isFile() || entry.isDirectory())) continue;
			await cp(path.join(config.dataDir, entry.name), path.join(into, entry.name), { recursive: true });
		}
	}
	const entries = await describeFiles(into);
	return {
		uploads: bucket ? "object storage" : "data folder",
		...(bucket ? { bucket } : {}),
		count: entries.length,
		bytes: entries.reduce((sum, entry) => sum + entry.bytes, 0),
	};
}

/**
 * The bucket uploads go to when S3_* is set (decision 038: a backup does not copy the bucket;
 * the bucket's own versioning keeps them, see the operations guide). Read loosely so this module
 * does not depend on the storage settings' exact shape.
 */
function objectStorageBucket(config: Config): string | undefined {
	const storage = (config as { objectStorage?: { bucket?: unknown } }).objectStorage;
	return typeof storage?.bucket === "string" ? storage.bucket : undefined;
}

/** pg_dump or pg_restore: from pgBin, else the newest of the machine's PostgreSQL versions, else PATH. */
export function postgresProgram(name: "pg_dump" | "pg_restore", pgBin?: string): string {
	if (pgBin) return path.join(pgBin, name);
	const base = "/usr/lib/postgresql";
	if (existsSync(base)) {
		const newest = readdirSync(base)
			.filter((version) => existsSync(path.join(base, version, "bin", name)))
			.sort((a, b) => Number(b) - Number(a))[0];
		if (newest) return path.join(base, newest, "bin", name);
	}
	return name;
}

/**
 * The connection for pg_dump and pg_restore: the URL without its password, which goes in
 * PGPASSWORD instead, so it never shows in the process list.
 */
export function libpqConnection(url: string): { dbname: string; env: NodeJS.ProcessEnv } {
	const parsed = new URL(url);
	const password = decodeURIComponent(parsed.password);
	parsed.password = "";
	return {
		dbname: `--dbname=${parsed.toString()}`,
		env: password ? { ...process.env, PGPASSWORD: password } : process.env,
	};
}

function bayonVersion(): string {
	const file = path.join(path.dirname(fileURLToPath(import.meta.url)), "../../package.json");
	return (JSON.parse(readFileSync(file, "utf8")) as { version: string }).version;
}
