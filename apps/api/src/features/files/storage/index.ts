import type { Config } from "../../../lib/config.js";
import { diskStorage } from "./disk.js";
import { bucketStorage } from "./s3.js";
import type { BucketStorage, DiskStorage } from "./types.js";

export { diskStorage, uploadsDirOf } from "./disk.js";
export { bucketStorage, IMMUTABLE_CACHE_CONTROL } from "./s3.js";
export type { BucketStorage, DiskStorage, FileStorage, ObjectRead, StoredObject } from "./types.js";
export { StoreUnavailable } from "./types.js";

const storages = new WeakMap<Config, DiskStorage | BucketStorage>();

/**
 * The one store of a server's uploads: the S3-compatible bucket when S3_* is set, else the
 * data folder. One per configuration, so test servers side by side each have their own (and
 * the bucket client's connections are shared by all the server's requests).
 */
export function fileStorage(config: Config): DiskStorage | BucketStorage {
	let storage = storages.get(config);
	if (!storage) {
		storage = config.objectStorage ? bucketStorage(config.objectStorage) : diskStorage(config.dataDir);
		storages.set(config, storage);
	}
	return storage;
}

/** Gives back the store's connections (the server's close). */
export function closeFileStorage(config: Config): void {
	storages.get(config)?.close();
	storages.delete(config);
}

const NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,200}$/;

/** Whether `name` can be a stored file's name (no folders, no dot files, no `..`). */
export function isStorableName(name: string): boolean {
	return NAME.test(name) && !name.includes("..");
}

/** The content type a stored file is served with, from its name (all uploads are WebP today). */
export function contentTypeOf(name: string): string {
	const extension = name.slice(name.lastIndexOf(".") + 1).toLowerCase();
	return CONTENT_TYPES[extension] ?? "application/octet-stream";
}

const CONTENT_TYPES: Record<string, string> = {
	webp: "image/webp",
	png: "image/png",
	jpg: "image/jpeg",
	jpeg: "image/jpeg",
	gif: "image/gif",
	avif: "image/avif",
};
