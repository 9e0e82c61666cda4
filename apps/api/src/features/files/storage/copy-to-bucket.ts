import { readdir, stat } from "node:fs/promises";
import path from "node:path";
import pLimit from "p-limit";
import { contentTypeOf, isStorableName } from "./index.js";
import type { FileStorage } from "./types.js";

export interface CopyReport {
	/** Names copied to the store by this run. */
	copied: string[];
	/** Names the store already held with the same size (an earlier run, or the server itself). */
	skipped: string[];
	/** Names that could not be copied this time, with why; a run again retries them. */
	failed: { name: string; error: string }[];
}

/**
 * Copies the files of a disk uploads folder to the store (`npm run files:to-s3`, decision 033).
 * Idempotent and resumable: a file the store already holds with the same size is skipped (a
 * bucket write is whole or nothing, so same name and size is the same file: names never
 * change), so a run that was stopped or failed part-way is finished by running it again.
 * Nothing is removed from the disk: keep it until the store is known good.
 */
export async function copyUploadsToStore(args: {
	uploadsDir: string;
	store: FileStorage;
	/** Files copied at the same time. */
	concurrency?: number;
	/** Called once per file, as it is decided (the command prints it). */
	onFile?: (name: string, outcome: "copied" | "skipped" | "failed", detail?: string) => void;
}): Promise<CopyReport> {
	const report: CopyReport = { copied: [], skipped: [], failed: [] };
	const entries = await readdir(args.uploadsDir, { withFileTypes: true }).catch((error: NodeJS.ErrnoException) => {
		if (error.code === "ENOENT") return [];
		throw error;
	});
	// Dot files are the disk store's half-written copies (disk.ts), never served.
	const names = entries
		.filter((entry) => entry.isFile() && isStorableName(entry.name))
		.map((entry) => entry.name)
		.sort();
	const limit = pLimit(args.concurrency ?? 4);
	await Promise.all(
		names.map((name) =>
			limit(async () => {
				const file = path.join(args.uploadsDir, name);
				try {
					const { size } = await stat(file);
					const there = await args.store.stat(name);
					if (there && there.size === size) {
						report.skipped.push(name);
						args.onFile?.(name, "skipped");
						return;
					}
					await args.store.putFile(name, file, contentTypeOf(name));
					report.copied.push(name);
					args.onFile?.(name, "copied");
				} catch (error) {
					const message = error instanceof Error ? error.message : String(error);
					report.failed.push({ name, error: message });
					args.onFile?.(name, "failed", message);
				}
			}),
		),
	);
	for (const list of [report.copied, report.skipped]) list.sort();
	report.failed.sort((a, b) => a.name.localeCompare(b.name));
	return report;
}
