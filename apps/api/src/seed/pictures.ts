import { stat } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { Kysely } from "kysely";
import type { DB } from "../db/schema.js";
import { UPLOADS_URL_PREFIX } from "../features/files/service.js";
import type { FileStorage } from "../features/files/storage/index.js";

/** Side of a demo picture tile, in pixels (square; sharp enough for the item page on a 2× screen). */
export const MENU_PICTURE_SIZE = 480;
/** The warm, plain backdrop the icons sit on. */
export const MENU_PICTURE_BACKDROP = "#f7f1e3";

/** The committed tile of an icon, in seed/pictures/ (written by `npm run menu-pictures`). */
export function pictureFileName(icon: string): string {
	return `${icon}.webp`;
}

const PICTURES_DIR = fileURLToPath(new URL("./pictures/", import.meta.url));

export interface StoredPicture {
	url: string;
	sizeBytes: number;
}

/**
 * Puts the demo pictures where uploaded images live (the server's file store: the data folder or
 * the S3 bucket, served under /uploads/ like every upload), so seeded items show their pictures
 * through the same path as a photo the owner uploads later. Files only: called before the seed's
 * transaction; the rows come from `recordDemoPictures`. Writing a tile again is harmless (same bytes).
 */
export async function copyDemoPictures(
	storage: FileStorage,
	icons: Iterable<string>,
): Promise<Map<string, StoredPicture>> {
	const stored = new Map<string, StoredPicture>();
	for (const icon of new Set(icons)) {
		const source = path.join(PICTURES_DIR, pictureFileName(icon));
		const fileName = `demo-${pictureFileName(icon)}`;
		await storage.putFile(fileName, source, "image/webp");
		stored.set(icon, { url: `${UPLOADS_URL_PREFIX}${fileName}`, sizeBytes: (await stat(source)).size });
	}
	return stored;
}

/** Records the pictures as the shop owner's uploads, like an upload through /infra/file/upload. */
export async function recordDemoPictures(
	db: Kysely<DB>,
	args: { tenantId: number; ownerId: number; pictures: Map<string, StoredPicture> },
): Promise<void> {
	const rows = [...args.pictures.values()].map((picture) => ({
		id: crypto.randomUUID(),
		tenant_id: args.tenantId,
		member_id: args.ownerId,
		path: picture.url,
		mime_type: "image/webp",
		size_bytes: picture.sizeBytes,
		width: MENU_PICTURE_SIZE,
		height: MENU_PICTURE_SIZE,
	}));
	if (rows.length === 0) return;
	await db
		.insertInto("uploaded_file")
		.values(rows)
		.onConflict((oc) => oc.column("path").doNothing())
		.execute();
}
