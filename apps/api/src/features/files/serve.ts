import { mkdir } from "node:fs/promises";
import { ErrorCode, formatMessage } from "@bayon/contract";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { AppDeps } from "../../http/deps.js";
import { failure } from "../../http/envelope.js";
import { languageOf } from "../../http/language.js";
import { UPLOADS_URL_PREFIX } from "./service.js";
import {
	type BucketStorage,
	closeFileStorage,
	contentTypeOf,
	fileStorage,
	IMMUTABLE_CACHE_CONTROL,
	isStorableName,
	StoreUnavailable,
} from "./storage/index.js";

/** How long a browser keeps a redirect to the public base: a day, so moving the CDN takes a day. */
const REDIRECT_CACHE_CONTROL = "public, max-age=86400";
/** Seconds a client is asked to wait before asking again when the store is down. */
const RETRY_AFTER_SECONDS = 5;

/**
 * Uploaded files under /uploads/<name>, the same URLs wherever they are stored (decision 033).
 * From the data folder: @fastify/static, as before (ETag, ranges, a year's immutable caching;
 * names never change, decision 008). From a bucket: streamed through this server with the
 * same headers, or redirected to the bucket's public base when one is set.
 */
export async function serveUploads(app: FastifyInstance, deps: AppDeps): Promise<void> {
	const storage = fileStorage(deps.config);
	app.addHook("onClose", async () => closeFileStorage(deps.config));
	if (storage.kind === "disk") {
		await mkdir(storage.dir, { recursive: true });
		await app.register(fastifyStatic, {
			root: storage.dir,
			prefix: UPLOADS_URL_PREFIX,
			decorateReply: false,
			index: false,
			immutable: true,
			maxAge: "365d",
		});
		return;
	}
	// HEAD by its own call (HeadObject), not Fastify's HEAD-from-GET, which would fetch the bytes.
	app.route<{ Params: { name: string } }>({
		method: ["GET", "HEAD"],
		url: `${UPLOADS_URL_PREFIX}:name`,
		handler: (request, reply) => sendFromBucket(storage, request, reply),
	});
}

async function sendFromBucket(
	bucket: BucketStorage,
	request: FastifyRequest<{ Params: { name: string } }>,
	reply: FastifyReply,
): Promise<FastifyReply> {
	const { name } = request.params;
	if (!isStorableName(name)) return notFound(request, reply);
	const publicUrl = bucket.publicUrl(name);
	if (publicUrl) return reply.header("cache-control", REDIRECT_CACHE_CONTROL).redirect(publicUrl, 302);
	let read: Awaited<ReturnType<BucketStorage["read"]>>;
	try {
		read = await bucket.read(name, {
			method: request.method === "HEAD" ? "HEAD" : "GET",
			...headerIfOne("ifNoneMatch", request.headers["if-none-match"]),
			...headerIfOne("range", request.headers.range),
		});
	} catch (error) {
		if (!(error instanceof StoreUnavailable)) throw error;
		request.log.warn({ err: error.cause, file: name, reason: error.reason }, "file store unavailable");
		// Did not answer in time: 503, the store may be back in a moment. Answered with an error: 502.
		return reply
			.code(error.reason === "timed-out" ? 503 : 502)
			.header("retry-after", String(RETRY_AFTER_SECONDS))
			.header("cache-control", "no-store")
			.send(failure(ErrorCode.FileStoreUnavailable, formatMessage("fileStoreUnavailable", languageOf(request))));
	}
	switch (read.outcome) {
		case "missing":
			return notFound(request, reply);
		case "range-not-satisfiable":
			return reply.code(416).send();
		case "not-modified":
			if (read.etag) reply.header("etag", read.etag);
			return reply.code(304).header("cache-control", IMMUTABLE_CACHE_CONTROL).send();
		case "head":
		case "found": {
			const { object } = read;
			reply
				.header("content-type", object.contentType ?? contentTypeOf(name))
				.header("cache-control", IMMUTABLE_CACHE_CONTROL)
				.header("x-content-type-options", "nosniff")
				.header("accept-ranges", "bytes");
			if (object.etag) reply.header("etag", object.etag);
			if (object.lastModified) reply.header("last-modified", object.lastModified.toUTCString());
			if (object.contentLength !== undefined) reply.header("content-length", String(object.contentLength));
			if (read.outcome === "head") return reply.send();
			if (read.object.contentRange) reply.code(206).header("content-range", read.object.contentRange);
			// Fastify pipes the stream as it comes (never the whole file in memory), destroys the store's
			// read when the client leaves, and cuts the client's connection when the store stalls or
			// breaks off mid-file (the status has gone out: a short body is all that is left to say).
			return reply.send(read.object.body);
		}
	}
}

function notFound(request: FastifyRequest, reply: FastifyReply): FastifyReply {
	return reply.code(404).send(failure(ErrorCode.NotFound, formatMessage("notFound", languageOf(request))));
}

function headerIfOne<K extends string>(key: K, value: string | string[] | undefined): Partial<Record<K, string>> {
	return typeof value === "string" && value ? ({ [key]: value } as Record<K, string>) : {};
}
