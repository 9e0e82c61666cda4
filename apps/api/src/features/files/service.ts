import { randomUUID } from "node:crypto";
import { rm } from "node:fs/promises";
import { ErrorCode, Limits, type UploadedFile } from "@bayon/contract";
import sharp, { type Metadata, type OutputInfo } from "sharp";
import { BusinessError } from "../../http/business-error.js";
import type { AppDeps } from "../../http/deps.js";
import { imageWorkQueue } from "./image-work.js";
import { fileStorage, StoreUnavailable } from "./storage/index.js";

const ACCEPTED_FORMATS = new Set(["jpeg", "png", "webp", "gif"]);
export const UPLOADS_URL_PREFIX = "/uploads/";

/**
 * Stores an uploaded image (a file the route received). The bytes decide what it is, not its
 * name or declared type: anything that does not decode as JPEG, PNG, WebP or GIF is refused.
 * Its size is read from the header first and anything too large to decode safely is refused
 * before a pixel is decoded (a small file can declare a huge image). Accepted images are
 * re-encoded to WebP, which drops metadata (EXIF location) and anything hidden after the
 * image data, and are saved under a random name in the server's file store (the data folder or
 * the S3 bucket, decision 033). Decoding waits its turn in the server's image queue, which says
 * "busy" when too many wait.
 */
export async function storeImage(
	deps: AppDeps,
	args: { tenantId: number; memberId: number; file: string; signal?: AbortSignal },
): Promise<UploadedFile> {
	const metadata = await readImageHeader(args.file);
	const frames = metadata.pages ?? 1;
	const id = randomUUID();
	const fileName = `${id}.webp`;
	// Encoded beside the received file, then handed to the store whole.
	const encoded = `${args.file}.webp`;
	const queue = imageWorkQueue(deps.config.uploads);
	const storage = fileStorage(deps.config);
	let info: OutputInfo;
	try {
		info = await queue.run(
			() => reencode(args.file, encoded, { frames, timeoutSeconds: queue.limits.processingTimeoutSeconds }),
			args.signal,
		);
		await storage.putFile(fileName, encoded, "image/webp");
	} catch (error) {
		if (!(error instanceof StoreUnavailable)) throw error;
		deps.log.warn({ err: error.cause, reason: error.reason }, "upload not saved: the file store is unavailable");
		throw new BusinessError(ErrorCode.FileStoreUnavailable);
	} finally {
		await rm(encoded, { force: true });
	}
	const url = `${UPLOADS_URL_PREFIX}${fileName}`;
	const stored = { width: info.width, height: info.pageHeight ?? info.height, size: info.size };
	try {
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
	} catch (error) {
		// The row is what makes the file findable: without it the file would only take space.
		await storage.remove(fileName).catch(() => {});
		throw error;
	}
	return { url, ...stored };
}

/**
 * What the file says it is, from its header alone (no pixel is decoded), refused unless it is
 * an accepted format small enough to decode: each side at most 4096 pixels and, for an
 * animation, a bounded number of frames and pixels in all frames together.
 */
async function readImageHeader(file: string): Promise<Metadata> {
	let metadata: Metadata;
	try {
		// Only the header is read, so no pixel limit here: the checks below say what is too large.
		metadata = await sharp(file, { limitInputPixels: false }).metadata();
	} catch {
		throw new BusinessError(ErrorCode.FileNotImage);
	}
	if (!metadata.format || !ACCEPTED_FORMATS.has(metadata.format)) throw new BusinessError(ErrorCode.FileNotImage);
	// Without `animated`, height is one frame's and `pages` counts the frames.
	const width = metadata.width ?? 0;
	const frameHeight = metadata.pageHeight ?? metadata.height ?? 0;
	const frames = metadata.pages ?? 1;
	const maxSide = Limits.uploadMaxPixelsPerSide;
	if (width > maxSide || frameHeight > maxSide) throw tooLarge({ animated: false });
	if (frames > 1 && (frames > Limits.uploadMaxFrames || width * frameHeight * frames > Limits.uploadMaxAnimationPixels))
		throw tooLarge({ animated: true });
	return metadata;
}

function tooLarge(image: { animated: boolean }): BusinessError {
	return image.animated
		? new BusinessError(
				ErrorCode.ImageDimensionsTooLarge,
				{ frames: Limits.uploadMaxFrames, mp: Limits.uploadMaxAnimationPixels / 1_000_000 },
				null,
				"animationTooLarge",
			)
		: new BusinessError(ErrorCode.ImageDimensionsTooLarge, { px: Limits.uploadMaxPixelsPerSide });
}

/** Decodes and re-encodes to WebP at `target`, within the limits the header was checked against. */
async function reencode(
	source: string,
	target: string,
	options: { frames: number; timeoutSeconds: number },
): Promise<OutputInfo> {
	const maxSide = Limits.uploadMaxPixelsPerSide;
	const animated = options.frames > 1;
	try {
		// The limits again, as the decoder's own: a file that lied in its header decodes no more
		// frames than the header counted, and no more pixels than the limits allow.
		return await sharp(source, {
			pages: options.frames,
			limitInputPixels: animated ? Limits.uploadMaxAnimationPixels : maxSide * maxSide,
		})
			.rotate()
			.timeout({ seconds: options.timeoutSeconds })
			.webp({ quality: 82 })
			.toFile(target);
	} catch (error) {
		await rm(target, { force: true });
		const message = error instanceof Error ? error.message : "";
		if (/timeout/i.test(message))
			throw new BusinessError(ErrorCode.ImageDimensionsTooLarge, {}, null, "imageTooSlowToProcess");
		if (/pixel limit/i.test(message)) throw tooLarge({ animated });
		throw new BusinessError(ErrorCode.FileNotImage);
	}
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
