import { randomBytes } from "node:crypto";
import { chmod, cp, mkdir, readdir, rm, unlink } from "node:fs/promises";
import http from "node:http";
import path from "node:path";
import { sql } from "kysely";
import type { Database } from "../db/database.js";

/**
 * The embedded database (PGlite in DATA_DIR/pg) can be opened by one process only, the server
 * holding it. So a backup of a running embedded server is taken by that server, on request,
 * through a unix socket in the data folder (decision 038): whoever may open the socket may
 * read the data folder anyway (the socket is the folder owner's only, mode 0600), and nothing
 * is exposed on the network.
 */
export const SNAPSHOT_SOCKET = "backup.sock";
/** Folders the server copies snapshots into, inside the data folder; never part of a backup. */
export const SNAPSHOT_STAGING_PREFIX = ".backup-staging-";

export interface EmbeddedSnapshot {
	/** A folder holding a consistent copy of the cluster's files; the caller removes it. */
	dir: string;
	lastMigration: string | null;
	serverVersion: string;
	/** When the copy was taken, ISO 8601. */
	takenAt: string;
	/** How long the database was held (no query ran meanwhile), in milliseconds. */
	heldMs: number;
}

/**
 * Copies the embedded cluster's files while the database is held: the one connection is taken
 * from Kysely's queue (queries and transactions wait behind it, as they wait for one another),
 * a CHECKPOINT writes every changed page to the files, and the folder is copied file by file
 * on disk (never through memory, unlike PGlite's dumpDataDir, decision 025). A database started
 * from the copy has nothing to replay. Held for the copy's length: ~0.1 s for the demo's ~40 MB.
 */
export async function takeEmbeddedSnapshot(database: Database, pgDir: string, into: string): Promise<EmbeddedSnapshot> {
	if (database.kind !== "pglite") throw new Error("an embedded snapshot needs the embedded (PGlite) database");
	return database.db.connection().execute(async (connection) => {
		const startedAt = performance.now();
		await sql`CHECKPOINT`.execute(connection);
		const { rows } = await sql<{ name: string | null; version: string }>`
			SELECT (SELECT max(name) FROM schema_migration) AS name, current_setting('server_version') AS version`.execute(
			connection,
		);
		const takenAt = new Date().toISOString();
		await cp(pgDir, into, { recursive: true, errorOnExist: true, force: false });
		// A copy of a live cluster carries the running server's lock file: a database started
		// from it would take it for a server still running in that folder.
		await rm(path.join(into, "postmaster.pid"), { force: true });
		return {
			dir: into,
			lastMigration: rows[0]?.name ?? null,
			serverVersion: rows[0]?.version ?? "unknown",
			takenAt,
			heldMs: Math.round(performance.now() - startedAt),
		};
	});
}

export interface SnapshotSocket {
	close(): Promise<void>;
}

/**
 * Listens on DATA_DIR/backup.sock for `POST /snapshot` (from `npm run backup`): the server
 * copies its cluster into a new staging folder in the data folder and answers where it is.
 * A socket file left by a server that died is replaced; one another server still answers on
 * is left alone (that server holds the folder, this one should not have started).
 */
export async function serveEmbeddedSnapshots(
	database: Database,
	dataDir: string,
	log: { warn(details: object, message: string): void; info(details: object, message: string): void },
): Promise<SnapshotSocket | undefined> {
	const socketPath = path.join(dataDir, SNAPSHOT_SOCKET);
	const pgDir = path.join(dataDir, "pg");
	// One snapshot at a time: a second request waits for the first rather than copying twice at once.
	let queue: Promise<unknown> = Promise.resolve();
	const server = http.createServer((request, response) => {
		const answer = (status: number, body: object) => {
			response.writeHead(status, { "content-type": "application/json" });
			response.end(JSON.stringify(body));
		};
		if (request.method !== "POST" || request.url !== "/snapshot") return answer(404, { error: "POST /snapshot only" });
		const into = path.join(dataDir, `${SNAPSHOT_STAGING_PREFIX}${Date.now()}-${randomBytes(4).toString("hex")}`);
		const run = queue.then(async () => {
			await mkdir(into, { mode: 0o700 });
			return takeEmbeddedSnapshot(database, pgDir, path.join(into, "pg"));
		});
		queue = run.catch(() => {});
		run.then(
			(snapshot) => {
				log.info({ heldMs: snapshot.heldMs, lastMigration: snapshot.lastMigration }, "backup: embedded snapshot taken");
				answer(200, snapshot);
			},
			async (error: unknown) => {
				await rm(into, { recursive: true, force: true });
				log.warn({ err: error }, "backup: embedded snapshot failed");
				answer(500, { error: error instanceof Error ? error.message : String(error) });
			},
		);
	});
	if (await socketAnswers(socketPath)) {
		log.warn({ socketPath }, "backup: another server answers on this data folder's socket; snapshots stay with it");
		return undefined;
	}
	// Copies a backup that died half-way left behind (the CLI removes its own when it ends).
	for (const name of await readdir(dataDir).catch(() => [] as string[]))
		if (name.startsWith(SNAPSHOT_STAGING_PREFIX)) await rm(path.join(dataDir, name), { recursive: true, force: true });
	await unlink(socketPath).catch(() => {});
	try {
		await new Promise<void>((resolve, reject) => {
			server.once("error", reject);
			server.listen(socketPath, () => resolve());
		});
		await chmod(socketPath, 0o600);
	} catch (error) {
		// A path too long for a unix socket (~107 bytes) or a folder that does not allow one:
		// the server runs, and this warning says to back it up stopped: `npm run backup` finds no
		// socket and copies the folder as if at rest, which is only safe with the server stopped.
		log.warn(
			{ err: error, socketPath },
			"backup: cannot listen for snapshot requests; back up with the server stopped",
		);
		return undefined;
	}
	return {
		async close() {
			await new Promise<void>((resolve) => server.close(() => resolve()));
			await unlink(socketPath).catch(() => {});
		},
	};
}

/** Asks the server holding dataDir for a snapshot; undefined when no server answers there. */
export async function requestEmbeddedSnapshot(dataDir: string): Promise<EmbeddedSnapshot | undefined> {
	const socketPath = path.join(dataDir, SNAPSHOT_SOCKET);
	return new Promise((resolve, reject) => {
		const request = http.request({ socketPath, method: "POST", path: "/snapshot" }, (response) => {
			let body = "";
			response.on("data", (chunk: Buffer) => {
				body += chunk.toString();
			});
			response.on("end", () => {
				const parsed = JSON.parse(body) as EmbeddedSnapshot & { error?: string };
				if (response.statusCode === 200) resolve(parsed);
				else reject(new Error(`the running server could not take a snapshot: ${parsed.error ?? body}`));
			});
		});
		request.once("error", (error: NodeJS.ErrnoException) => {
			if (error.code === "ENOENT" || error.code === "ECONNREFUSED") resolve(undefined);
			else reject(error);
		});
		request.end();
	});
}

/** Whether a server listens on the socket (any answer counts). */
export function socketAnswers(socketPath: string): Promise<boolean> {
	return new Promise((resolve) => {
		const request = http.request({ socketPath, method: "GET", path: "/" }, (response) => {
			response.resume();
			resolve(true);
		});
		request.once("error", () => resolve(false));
		request.setTimeout(1000, () => {
			request.destroy();
			resolve(false);
		});
		request.end();
	});
}
