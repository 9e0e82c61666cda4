import { randomUUID } from "node:crypto";
import { copyFile, mkdir, rename, rm, stat } from "node:fs/promises";
import path from "node:path";
import type { DiskStorage } from "./types.js";

/** The folder under the data folder that /uploads/ is served from when no bucket is set. */
export function uploadsDirOf(dataDir: string): string {
	return path.join(dataDir, "uploads");
}

/** Uploads in `<dataDir>/uploads`: right for one server, whose disk is the only copy. */
export function diskStorage(dataDir: string): DiskStorage {
	const dir = uploadsDirOf(dataDir);
	const ready = mkdir(dir, { recursive: true });
	const fileOf = (name: string) => path.join(dir, name);
	return {
		kind: "disk",
		dir,
		async putFile(name, sourcePath) {
			await ready;
			// Copied beside the target first and renamed into place: a reader never sees half a file.
			const partial = path.join(dir, `.${randomUUID()}.partial`);
			try {
				await copyFile(sourcePath, partial);
				await rename(partial, fileOf(name));
			} finally {
				await rm(partial, { force: true });
			}
		},
		async stat(name) {
			const info = await stat(fileOf(name)).catch(() => null);
			return info?.isFile() ? { size: info.size } : null;
		},
		async remove(name) {
			await rm(fileOf(name), { force: true });
		},
		close() {},
	};
}
