import type { Readable } from "node:stream";

/**
 * Where uploaded files live: the data folder (one server) or an S3-compatible bucket (any
 * number of servers). Files are named once and never change (decision 008), so a store only
 * ever adds, reads and removes whole files; names are plain file names (`<uuid>.webp`,
 * `demo-rice.webp`), the same under /uploads/ as in the store. Every writer and reader of
 * uploads goes through this (decision 033).
 */
export interface FileStorage {
	readonly kind: "disk" | "s3";
	/** Saves the file at `sourcePath` under `name`; readers see all of it or none of it. */
	putFile(name: string, sourcePath: string, contentType: string): Promise<void>;
	/** Size of the stored file, or null when there is none by that name. */
	stat(name: string): Promise<{ size: number } | null>;
	/** Removes the file; removing a file that is not there is not an error. */
	remove(name: string): Promise<void>;
	/** Gives back connections and timers (a server that stops). */
	close(): void;
}

/** The data folder: `<dataDir>/uploads`, served by @fastify/static as before (serve.ts). */
export interface DiskStorage extends FileStorage {
	readonly kind: "disk";
	readonly dir: string;
}

/** One read of a stored file: its bytes as a stream, never buffered whole. */
export interface StoredObject {
	body: Readable;
	contentType: string | undefined;
	/** Bytes in `body` (the range's, for a range read). */
	contentLength: number | undefined;
	etag: string | undefined;
	lastModified: Date | undefined;
	/** `bytes a-b/total` when a range was asked and given. */
	contentRange: string | undefined;
}

/** What a read of the bucket may come back with instead of the file. */
export type ObjectRead =
	| { outcome: "found"; object: StoredObject }
	| { outcome: "head"; object: Omit<StoredObject, "body" | "contentRange"> }
	| { outcome: "not-modified"; etag: string | undefined }
	| { outcome: "missing" }
	| { outcome: "range-not-satisfiable" };

/** An S3-compatible bucket (AWS S3, Cloudflare R2, MinIO, Alibaba OSS). */
export interface BucketStorage extends FileStorage {
	readonly kind: "s3";
	/** The file's address on the public base (CDN), when one is set. */
	publicUrl(name: string): string | undefined;
	/**
	 * Reads a file for a browser: passes its conditional and range headers on to the store.
	 * Throws `StoreUnavailable` when the store fails or does not answer in time.
	 */
	read(name: string, request: { method: "GET" | "HEAD"; ifNoneMatch?: string; range?: string }): Promise<ObjectRead>;
}

/** The store failed (an error answer, a refused connection) or stalled past its deadline. */
export class StoreUnavailable extends Error {
	constructor(
		readonly reason: "failed" | "timed-out",
		readonly cause: unknown,
	) {
		super(`file store ${reason}: ${cause instanceof Error ? cause.message : String(cause)}`);
	}
}
