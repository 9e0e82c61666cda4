import { createReadStream } from "node:fs";
import { stat as statFile } from "node:fs/promises";
import type { Readable } from "node:stream";
import {
	DeleteObjectCommand,
	GetObjectCommand,
	HeadObjectCommand,
	PutObjectCommand,
	S3Client,
	S3ServiceException,
} from "@aws-sdk/client-s3";
import type { ObjectStorageSettings } from "../../../lib/config.js";
import { type BucketStorage, type ObjectRead, StoreUnavailable } from "./types.js";

/**
 * Uploads in an S3-compatible bucket, through the AWS SDK. Every call has a deadline: the
 * connection must open within the store timeout, and a socket that stays silent that long is
 * cut (a store that stalls mid-answer too), so a request waiting on the store ends promptly
 * with `StoreUnavailable` instead of hanging.
 */
export function bucketStorage(settings: ObjectStorageSettings): BucketStorage {
	const client = new S3Client({
		region: settings.region,
		...(settings.endpoint ? { endpoint: settings.endpoint } : {}),
		forcePathStyle: settings.forcePathStyle,
		// Unset: the SDK's own chain (an instance or task role on AWS).
		...(settings.credentials ? { credentials: settings.credentials } : {}),
		// One retry: a browser is waiting, and a store that failed twice is down for now.
		maxAttempts: 2,
		requestHandler: {
			connectionTimeout: settings.timeoutMs,
			socketTimeout: settings.timeoutMs,
			// Each picture read holds a connection while it streams: more than the SDK's 50, so a
			// busy menu page does not wait for a free one past the deadline.
			httpAgent: { keepAlive: true, maxSockets: MAX_STORE_CONNECTIONS },
			httpsAgent: { keepAlive: true, maxSockets: MAX_STORE_CONNECTIONS },
		},
		// The SDK's newer default sends streamed uploads as aws-chunked with a trailing CRC32,
		// which many S3-compatible stores (older MinIO, OSS, s3rver) do not take: checksums only
		// where the API requires them. Single-part uploads are still checked by their ETag.
		requestChecksumCalculation: "WHEN_REQUIRED",
		responseChecksumValidation: "WHEN_REQUIRED",
	});
	const keyOf = (name: string) => `${settings.keyPrefix}${name}`;

	/**
	 * Runs a call that must start answering within the store timeout. The deadline ends when the
	 * call resolves (for a read: its headers), so a long file streams on and is cut only when the
	 * socket goes silent (socketTimeout), never by a clock that started before its first byte.
	 */
	async function answeredInTime<T>(work: (abortSignal: AbortSignal) => Promise<T>): Promise<T> {
		const deadline = new AbortController();
		const timer = setTimeout(() => deadline.abort(), settings.timeoutMs);
		try {
			return await work(deadline.signal);
		} catch (error) {
			throw new StoreCallFailed(error, deadline.signal.aborted);
		} finally {
			clearTimeout(timer);
		}
	}

	return {
		kind: "s3",
		publicUrl(name) {
			return settings.publicUrl ? `${settings.publicUrl}/${keyOf(name)}` : undefined;
		},
		async putFile(name, sourcePath, contentType) {
			const { size } = await statFile(sourcePath);
			try {
				// No overall deadline: a large file on a slow link may take long while it moves; a
				// store that goes silent is cut by the socket timeout.
				await client.send(
					new PutObjectCommand({
						Bucket: settings.bucket,
						Key: keyOf(name),
						// Streamed from the file with its length: the SDK never holds the whole file.
						Body: createReadStream(sourcePath),
						ContentLength: size,
						ContentType: contentType,
						// Names never change (decision 008): a CDN or browser may keep a copy for a year.
						CacheControl: IMMUTABLE_CACHE_CONTROL,
					}),
				);
			} catch (error) {
				throw unavailable(error);
			}
		},
		async stat(name) {
			try {
				const head = await answeredInTime((abortSignal) =>
					client.send(new HeadObjectCommand({ Bucket: settings.bucket, Key: keyOf(name) }), { abortSignal }),
				);
				return { size: head.ContentLength ?? 0 };
			} catch (error) {
				if (statusOf(error) === 404) return null;
				throw unavailable(error);
			}
		},
		async remove(name) {
			try {
				await answeredInTime((abortSignal) =>
					client.send(new DeleteObjectCommand({ Bucket: settings.bucket, Key: keyOf(name) }), { abortSignal }),
				);
			} catch (error) {
				throw unavailable(error);
			}
		},
		async read(name, request): Promise<ObjectRead> {
			const input = {
				Bucket: settings.bucket,
				Key: keyOf(name),
				...(request.ifNoneMatch ? { IfNoneMatch: request.ifNoneMatch } : {}),
			};
			try {
				if (request.method === "HEAD") {
					const head = await answeredInTime((abortSignal) =>
						client.send(new HeadObjectCommand(input), { abortSignal }),
					);
					return {
						outcome: "head",
						object: {
							contentType: head.ContentType,
							contentLength: head.ContentLength,
							etag: head.ETag,
							lastModified: head.LastModified,
						},
					};
				}
				const range = request.range ? { Range: request.range } : {};
				const answer = await answeredInTime((abortSignal) =>
					client.send(new GetObjectCommand({ ...input, ...range }), { abortSignal }),
				);
				return {
					outcome: "found",
					object: {
						body: answer.Body as Readable,
						contentType: answer.ContentType,
						contentLength: answer.ContentLength,
						etag: answer.ETag,
						lastModified: answer.LastModified,
						contentRange: answer.ContentRange,
					},
				};
			} catch (error) {
				const status = statusOf(error);
				if (status === 304) return { outcome: "not-modified", etag: request.ifNoneMatch };
				if (status === 404) return { outcome: "missing" };
				if (status === 416) return { outcome: "range-not-satisfiable" };
				throw unavailable(error);
			}
		},
		close() {
			client.destroy();
		},
	};
}

/** A store call that threw, and whether our deadline for its answer had passed by then. */
class StoreCallFailed extends Error {
	constructor(
		readonly storeError: unknown,
		readonly pastDeadline: boolean,
	) {
		super("store call failed");
	}
}

const MAX_STORE_CONNECTIONS = 256;

export const IMMUTABLE_CACHE_CONTROL = "public, max-age=31536000, immutable";

/** The HTTP status the store answered with, when it answered at all. */
function statusOf(failure: unknown): number | undefined {
	const error = failure instanceof StoreCallFailed ? failure.storeError : failure;
	if (error instanceof S3ServiceException) return error.$metadata.httpStatusCode;
	return (error as { $metadata?: { httpStatusCode?: number } } | null)?.$metadata?.httpStatusCode;
}

/**
 * The store's failure as ours: "timed-out" when it did not answer in time (our deadline, or the
 * SDK's connection or socket timeout), else "failed". Not by the error's name: the SDK names a
 * reset connection (ECONNRESET) a TimeoutError too, so that it is retried.
 */
function unavailable(failure: unknown): StoreUnavailable {
	if (failure instanceof StoreUnavailable) return failure;
	const { storeError, pastDeadline } =
		failure instanceof StoreCallFailed ? failure : { storeError: failure, pastDeadline: false };
	const { code, message } = (storeError ?? {}) as { code?: string; message?: string };
	const timedOut = pastDeadline || code === "ETIMEDOUT" || (code === undefined && /timed out/i.test(message ?? ""));
	return new StoreUnavailable(timedOut ? "timed-out" : "failed", storeError);
}
