import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import {
	BackupError,
	type BackupManifest,
	describeFiles,
	MANIFEST_FORMAT,
	MANIFEST_FORMAT_VERSION,
	packArchive,
	unpackArchive,
} from "./archive.js";

/** A restore checks every file against the manifest before anything is written (decision 038). */
describe("a backup archive's checks", () => {
	const folders: string[] = [];
	const folder = (name: string) => {
		const dir = mkdtempSync(path.join(tmpdir(), `bayon-archive-${name}-`));
		folders.push(dir);
		return dir;
	};
	afterEach(() => {
		for (const dir of folders.splice(0)) rmSync(dir, { recursive: true, force: true });
	});

	async function archiveOf(files: Record<string, string>): Promise<string> {
		const staging = folder("staging");
		for (const [name, content] of Object.entries(files)) {
			mkdirSync(path.dirname(path.join(staging, name)), { recursive: true });
			writeFileSync(path.join(staging, name), content);
		}
		const manifest: BackupManifest = {
			format: MANIFEST_FORMAT,
			formatVersion: MANIFEST_FORMAT_VERSION,
			createdAt: new Date().toISOString(),
			bayonVersion: "test",
			nodeVersion: process.version,
			database: { kind: "postgres", serverVersion: "15", lastMigration: "0001_foundation.sql" },
			files: { uploads: "data folder", count: 1, bytes: 5 },
			entries: await describeFiles(staging),
		};
		const archive = path.join(folder("out"), "backup.tar.gz");
		await packArchive(staging, manifest, archive);
		return archive;
	}

	/** Opens the archive, lets `change` alter its files, and packs it again (a damaged or forged copy). */
	function tamper(archive: string, change: (dir: string) => void): string {
		const dir = folder("tamper");
		execFileSync("tar", ["-xzf", archive, "-C", dir]);
		change(dir);
		const tampered = path.join(folder("tampered"), "backup.tar.gz");
		execFileSync("tar", ["-czf", tampered, "-C", dir, "."]);
		return tampered;
	}

	it("unpacks an intact archive and returns its manifest", async () => {
		const archive = await archiveOf({ "database/postgres.dump": "dump", "files/uploads/a.webp": "image" });
		const manifest = await unpackArchive(archive, folder("into"));
		expect(manifest.entries.map((entry) => entry.path)).toEqual(["database/postgres.dump", "files/uploads/a.webp"]);
		expect(manifest.database.lastMigration).toBe("0001_foundation.sql");
	});

	it("refuses a changed, missing or added file, naming each", async () => {
		const archive = await archiveOf({ "database/postgres.dump": "dump", "files/uploads/a.webp": "image" });
		const tampered = tamper(archive, (dir) => {
			writeFileSync(path.join(dir, "database/postgres.dump"), "dumq");
			rmSync(path.join(dir, "files/uploads/a.webp"));
			writeFileSync(path.join(dir, "files/extra.txt"), "?");
		});
		const refusal = unpackArchive(tampered, folder("into"));
		await expect(refusal).rejects.toThrow(BackupError);
		await expect(unpackArchive(tampered, folder("into"))).rejects.toThrow(
			/checksum differs: database\/postgres\.dump\n {2}missing: files\/uploads\/a\.webp\n {2}not in the manifest: files\/extra\.txt/,
		);
	});

	it("refuses an archive that is not a Bayon backup", async () => {
		const archive = await archiveOf({ "database/postgres.dump": "dump" });
		const withoutManifest = tamper(archive, (dir) => rmSync(path.join(dir, "manifest.json")));
		await expect(unpackArchive(withoutManifest, folder("into"))).rejects.toThrow(/is not a Bayon backup/);
		const otherFormat = tamper(archive, (dir) =>
			writeFileSync(path.join(dir, "manifest.json"), JSON.stringify({ format: "other", formatVersion: 1 })),
		);
		await expect(unpackArchive(otherFormat, folder("into"))).rejects.toThrow(/is not a Bayon backup of format 1/);
	});
});
