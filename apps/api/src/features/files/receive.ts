import { randomUUID } from "node:crypto";
import { createWriteStream } from "node:fs";
import { mkdir, readdir, rm, stat } from "node:fs/promises";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import { ErrorCode, Limits } from "@bayon/contract";
import type { FastifyRequest } from "fastify";
import { BusinessError } from "../../http/business-error.js";

/** Where uploads are written while they arrive; each is removed as soon as it was handled. */
export function incomingUploadsDir(dataDir: string): string {
	return path.join(dataDir, "upload-tmp");
}

/** No upload takes this long (requests time out long before): older files were left by a crash. */
const STALE_UPLOAD_MS = 60 * 60 * 1000;

/** Creates the folder for arriving uploads and removes what a crashed server left in it. */
export async function prepareIncomingUploadsDir(dir: string): Promise<void> {
	await mkdir(dir, { recursive: true });
	const now = Date.now();
	for (const name of await readdir(dir)) {
		const file = path.join(dir, name);
		const info = await stat(file).catch(() => null);
		if (info && now - info.mtimeMs > STALE_UPLOAD_MS) await rm(file, { force: true, recursive: true });
	}
}

/**
 * Streams the request's file to a new file in `dir` (memory per upload stays at a stream
 * buffer, however large or slow the body) and returns its path; the caller removes it. A
 * body that breaks off or is not well-formed multipart is the client's problem: it is
 * answered with a clear error and logged at info level, as is a client that left.
 */
export async function receiveUpload(request: FastifyRequest, dir: string): Promise<string> {
	let part: Awaited<ReturnType<FastifyRequest["file"]>>;
	try {
		part = await request.file();
	} catch (error) {
		throw refusedUpload(request, error);
	}
	if (!part) throw new BusinessError(ErrorCode.FileMissing);

	const file = path.join(dir, `${randomUUID()}.upload`);
	const sink = createWriteStream(file, { flags: "wx", mode: 0o600 });
	// The disk failing (full, not writable) is our fault; the sink also errors when the body
	// breaks off, but then with the body's error, which names no system call.
	let diskError: NodeJS.ErrnoException | undefined;
	sink.once("error", (error: NodeJS.ErrnoException) => {
		if (typeof error.syscall === "string") diskError = error;
	});
	try {
		await pipeline(part.file, sink);
		if (part.file.truncated) throw fileTooLarge();
		if (sink.bytesWritten === 0) throw new BusinessError(ErrorCode.FileMissing);
		return file;
	} catch (error) {
		await rm(file, { force: true });
		if (diskError) throw diskError;
		throw refusedUpload(request, error);
	}
}

/** What to answer for a body that could not be read, logged as the client's doing. */
function refusedUpload(request: FastifyRequest, error: unknown): BusinessError {
	if (error instanceof BusinessError) return error;
	const code = (error as { code?: unknown }).code;
	if (code === "FST_REQ_FILE_TOO_LARGE") return fileTooLarge();
	// (A request that was read to its end is destroyed too: only one cut short counts as left.)
	const clientLeft = request.raw.readableAborted || request.socket.destroyed;
	request.log.info(
		{ reason: error instanceof Error ? error.message : String(error), code },
		clientLeft ? "upload abandoned: the client left or was too slow" : "upload refused: malformed multipart body",
	);
	return new BusinessError(ErrorCode.BadRequest, {}, null, "uploadIncomplete");
}

function fileTooLarge(): BusinessError {
	return new BusinessError(ErrorCode.FileTooLarge, { mb: Limits.uploadMaxBytes / (1024 * 1024) });
}
