import { randomUUID } from "node:crypto";
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { ErrorCode, Limits, type UploadedFile } from "@bayon/contract";
import sharp, { type Metadata, type OutputInfo } from "sharp";
import { BusinessError } from "../../http/business-error.js";
import type { AppDeps } from "../../http/deps.js";

const ACCEPTED_FORMATS = new Set(["jpeg", "png", "webp", "gif"]);
export const UPLOADS_URL_PREFIX = "/uploads/";

/**
 * Stores an uploaded image. The bytes decide what it is, not its name or declared type:
 * anything that does not decode as JPEG, PNG, WebP or GIF is refused. Accepted images are
 * re-encoded to WebP, which drops metadata (EXIF location) and anything hidden after the
 * image data, and are saved under a random name.
 */
export async function storeImage(
	deps: AppDeps,
	args: { tenantId: number; memberId: number; bytes: Buffer },
): Promise<UploadedFile> {
	const maxSide = Limits.uploadMaxPixelsPerSide;
	let metadata: Metadata;
	try {
		metadata = await sharp(args.bytes, { limitInputPixels: maxSide * maxSide * 4 }).metadata();
	} catch {
		throw new BusinessError(ErrorCode.FileNotImage);
	}
	if (!metadata.format || !ACCEPTED_FORMATS.has(metadata.format)) throw new BusinessError(ErrorCode.FileNotImage);
	const width = metadata.width ?? 0;
	const height = metadata.pageHeight ?? metadata.height ?? 0;
	if (width > maxSide || height > maxSide) throw new BusinessError(ErrorCode.ImageDimensionsTooLarge, { px: maxSide });

	let encoded: { data: Buffer; info: OutputInfo };
	try {
		encoded = await sharp(args.bytes, { animated: metadata.format === "gif" || metadata.format === "webp" })
			.rotate()
			.webp({ quality: 82 })
			.toBuffer({ resolveWithObject: true });
	} catch {
		throw new BusinessError(ErrorCode.FileNotImage);
	}
	const id = randomUUID();
	const fileName = `${id}.webp`;
	const dir = path.join(deps.config.dataDir, "uploads");
	await mkdir(dir, { recursive: true });
	await writeFile(path.join(dir, fileName), encoded.data);
	const url = `${UPLOADS_URL_PREFIX}${fileName}`;
	const stored = {
		width: encoded.info.width,
		height: encoded.info.pageHeight ?? encoded.info.height,
		size: encoded.data.length,
	};
	await deps.db
		.insertInto("uploaded_file")
		.values({
			id,
			tenant_id: args.tenantId,
			member_id: args.memberId,
			path: url,
			mime_type: "image/webp",
			size_bytes: stored.size,
			width: stored.width,
			height: stored.height,
		})
		.execute();
	return { url, ...stored };
}

/** Whether the URL is a file this member uploaded (members may only show their own uploads). */
export async function isOwnUpload(
	deps: AppDeps,
	args: { tenantId: number; memberId: number; url: string },
): Promise<boolean> {
	const row = await deps.db
		.selectFrom("uploaded_file")
		.select("id")
		.where("tenant_id", "=", args.tenantId)
		.where("member_id", "=", args.memberId)
		.where("path", "=", args.url)
		.executeTakeFirst();
	return row !== undefined;
}
