import { spawn } from "node:child_process";
import { createHash } from "node:crypto";
import { createReadStream } from "node:fs";
import { chmod, readdir, readFile, stat, writeFile } from "node:fs/promises";
import path from "node:path";

/**
 * A Bayon backup is one gzipped tar file (decision 038):
 *
 *   manifest.json                what, when, which versions, and a checksum of every file below
 *   database/postgres.dump       pg_dump's custom format (PostgreSQL), or
 *   database/pglite/…            the embedded cluster's files, taken consistent (PGlite)
 *   files/…                      the data folder's own files (uploads, SMS outbox, secrets.json)
 *
 * The archive is made and read with the system's `tar` (GNU tar on Linux, bsdtar on macOS):
 * it streams files of any size without holding them in memory, and an operator can open a
 * backup by hand with the same tool.
 */
export const MANIFEST_NAME = "manifest.json";
export const MANIFEST_FORMAT = "bayon-backup";
export const MANIFEST_FORMAT_VERSION = 1;

export interface ManifestEntry {
	/** Path inside the archive, always with forward slashes. */
	path: string;
	bytes: number;
	sha256: string;
}

export interface BackupManifest {
	format: typeof MANIFEST_FORMAT;
	formatVersion: number;
	/** When the database's copy was taken (its snapshot), ISO 8601 UTC. */
	createdAt: string;
	/** The Bayon version (apps/api/package.json) and Node.js that made it. */
	bayonVersion: string;
	nodeVersion: string;
	database: {
		kind: "postgres" | "pglite";
		/** PostgreSQL's server_version, the server's or PGlite's own. */
		serverVersion: string;
		/** The newest migration applied in the copy: a restore with older code must not run it. */
		lastMigration: string | null;
		/** PostgreSQL: pg_dump's version line. */
		dumpTool?: string;
		/** PGlite: "running server" (taken on request by the server holding it) or "folder at rest". */
		takenFrom?: "running server" | "folder at rest";
	};
	files: {
		/** Where the uploads live: copied from the data folder, or left in the bucket (not copied). */
		uploads: "data folder" | "object storage";
		bucket?: string;
		count: number;
		bytes: number;
	};
	/** Every file of the archive but this manifest. */
	entries: ManifestEntry[];
}

export async function sha256OfFile(file: string): Promise<string> {
	const hash = createHash("sha256");
	for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
	return hash.digest("hex");
}

/** Every regular file under dir, as paths relative to it (forward slashes), sorted. */
export async function listFiles(dir: string): Promise<string[]> {
	const found: string[] = [];
	const walk = async (relative: string) => {
		for (const entry of await readdir(path.join(dir, relative), { withFileTypes: true })) {
			const child = relative ? `${relative}/${entry.name}` : entry.name;
			if (entry.isDirectory()) await walk(child);
			else if (entry.isFile()) found.push(child);
		}
	};
	await walk("");
	return found.sort();
}

/** Checksums every file under root (the staging folder of an archive). */
export async function describeFiles(root: string): Promise<ManifestEntry[]> {
	const entries: ManifestEntry[] = [];
	for (const file of await listFiles(root)) {
		const full = path.join(root, file);
		entries.push({ path: file, bytes: (await stat(full)).size, sha256: await sha256OfFile(full) });
	}
	return entries;
}

/** Writes the manifest into the staging folder and packs the folder into one .tar.gz. */
export async function packArchive(staging: string, manifest: BackupManifest, archive: string): Promise<void> {
	await writeFile(path.join(staging, MANIFEST_NAME), `${JSON.stringify(manifest, null, 2)}\n`, { mode: 0o600 });
	await runTar(["-czf", archive, "-C", staging, "."]);
	// It holds every customer's data and the data folder's secrets: the operator's eyes only.
	await chmod(archive, 0o600);
}

/** Unpacks an archive into an empty folder and returns its manifest, every checksum verified. */
export async function unpackArchive(archive: string, into: string): Promise<BackupManifest> {
	await runTar(["-xzf", archive, "-C", into]);
	let manifest: BackupManifest;
	try {
		manifest = JSON.parse(await readFile(path.join(into, MANIFEST_NAME), "utf8")) as BackupManifest;
	} catch {
		throw new BackupError(`${archive} is not a Bayon backup: it has no readable ${MANIFEST_NAME}`);
	}
	if (manifest.format !== MANIFEST_FORMAT || manifest.formatVersion !== MANIFEST_FORMAT_VERSION)
		throw new BackupError(
			`${archive} is not a Bayon backup of format ${MANIFEST_FORMAT_VERSION} (found ${String(manifest.format)} ${String(manifest.formatVersion)})`,
		);
	const problems: string[] = [];
	const present = new Set((await listFiles(into)).filter((file) => file !== MANIFEST_NAME));
	for (const entry of manifest.entries) {
		const full = path.join(into, entry.path);
		if (!present.delete(entry.path)) problems.push(`missing: ${entry.path}`);
		else if ((await sha256OfFile(full)) !== entry.sha256) problems.push(`checksum differs: ${entry.path}`);
	}
	for (const extra of present) problems.push(`not in the manifest: ${extra}`);
	if (problems.length > 0)
		throw new BackupError(
			`${archive} failed its checks, nothing was restored:\n  ${problems.slice(0, 20).join("\n  ")}${problems.length > 20 ? `\n  … and ${problems.length - 20} more` : ""}`,
		);
	return manifest;
}

/** A backup or restore that cannot go on, with a message for the operator (no stack trace). */
export class BackupError extends Error {}

/** Runs a program to its end, rejecting with what it wrote to stderr. */
export function runProgram(
	program: string,
	args: string[],
	options: { env?: NodeJS.ProcessEnv } = {},
): Promise<string> {
	return new Promise((resolve, reject) => {
		const child = spawn(program, args, { stdio: ["ignore", "pipe", "pipe"], env: options.env ?? process.env });
		let stdout = "";
		let stderr = "";
		child.stdout.on("data", (chunk: Buffer) => {
			stdout += chunk.toString();
		});
		child.stderr.on("data", (chunk: Buffer) => {
			stderr += chunk.toString();
		});
		child.once("error", (error) => reject(new BackupError(`${program} could not be started: ${error.message}`)));
		child.once("close", (code) => {
			if (code === 0) resolve(stdout);
			else
				reject(new BackupError(`${path.basename(program)} failed (exit ${code}): ${stderr.trim() || stdout.trim()}`));
		});
	});
}

function runTar(args: string[]): Promise<string> {
	return runProgram("tar", args);
}
