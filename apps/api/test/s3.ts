import { mkdtempSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import net from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { GetObjectCommand, ListObjectsV2Command, PutObjectCommand, S3Client } from "@aws-sdk/client-s3";
import type { Config, ObjectStorageSettings } from "../src/lib/config.js";

/** The part of s3rver (CommonJS, no types) the tests use. */
interface S3rverInstance {
	run(): Promise<{ port: number }>;
	close(): Promise<void>;
}
type S3rverClass = new (options: {
	address: string;
	port: number;
	silent: boolean;
	directory: string;
	configureBuckets: { name: string }[];
}) => S3rverInstance;
const S3rver = createRequire(import.meta.url)("s3rver") as S3rverClass;

/** s3rver checks AWS Signature V4 against this fixed key pair, and refuses any other. */
const ACCESS_KEY_ID = "S3RVER";
const SECRET_ACCESS_KEY = "S3RVER";

export interface TestBucket {
	/** What a server is given to store its uploads here: S3_* exactly as an operator sets them. */
	env: Record<string, string>;
	/** The same as the server's parsed settings. */
	settings: ObjectStorageSettings;
	/** For `startTestServer({ configure })`: points the server's uploads at this bucket. */
	configure(config: Config): void;
	/** The bucket's keys (with the prefix), read past the proxy. */
	keys(): Promise<string[]>;
	/** An object's bytes, read past the proxy. */
	read(key: string): Promise<Buffer>;
	/** Puts an object straight in, past the proxy (a file another server stored). */
	write(key: string, body: Buffer, contentType: string): Promise<void>;
	/** From now on the store takes connections and bytes and never answers (until `resume`). */
	stall(): void;
	/** Stops the S3 server itself: connections are refused until `restart`. */
	stop(): Promise<void>;
	/** Starts the S3 server again on the same files (a store back after an outage). */
	restart(): Promise<void>;
	/** Answers again after `stall`; connections opened while stalled are cut. */
	resume(): void;
	close(): Promise<void>;
}

/**
 * A real S3 API server (s3rver, signature-checking, on a free port, files in a temp folder)
 * with one bucket, behind a small TCP proxy the test can make stall. The server under test
 * talks to the proxy; `keys`/`read`/`write` talk to s3rver directly.
 */
export async function startTestBucket(
	options: { bucket?: string; keyPrefix?: string; timeoutSeconds?: number; publicUrl?: string } = {},
): Promise<TestBucket> {
	const bucket = options.bucket ?? "bayon-test";
	const directory = mkdtempSync(path.join(tmpdir(), "bayon-s3-"));
	let s3rver: S3rverInstance | null = null;
	let upstreamPort = 0;
	const startS3rver = async () => {
		s3rver = new S3rver({
			address: "127.0.0.1",
			port: upstreamPort,
			silent: true,
			directory,
			configureBuckets: [{ name: bucket }],
		});
		upstreamPort = (await s3rver.run()).port;
	};
	await startS3rver();

	let stalled = false;
	const open = new Set<net.Socket>();
	const proxy = net.createServer((client) => {
		open.add(client);
		client.on("close", () => open.delete(client));
		client.on("error", () => {});
		if (stalled) return; // take the bytes, say nothing
		const upstream = net.connect(upstreamPort, "127.0.0.1");
		open.add(upstream);
		upstream.on("close", () => {
			open.delete(upstream);
			client.destroy();
		});
		upstream.on("error", () => client.destroy());
		client.on("close", () => upstream.destroy());
		// Byte by byte through, unless stalled: then nothing goes either way. Each side waits for the
		// other to drain (as pipe does), so no more than a socket buffer is on its way when a stall
		// begins: a stall mid-file holds back the rest of the file.
		const forward = (from: net.Socket, to: net.Socket) => {
			from.on("data", (chunk) => {
				if (!stalled && !to.write(chunk)) from.pause();
			});
			to.on("drain", () => from.resume());
		};
		forward(client, upstream);
		forward(upstream, client);
	});
	await new Promise<void>((resolve) => proxy.listen(0, "127.0.0.1", resolve));
	const proxyPort = (proxy.address() as net.AddressInfo).port;

	const endpoint = `http://127.0.0.1:${proxyPort}`;
	const env: Record<string, string> = {
		S3_BUCKET: bucket,
		S3_REGION: "us-east-1",
		S3_ENDPOINT: endpoint,
		S3_ACCESS_KEY_ID: ACCESS_KEY_ID,
		S3_SECRET_ACCESS_KEY: SECRET_ACCESS_KEY,
		S3_FORCE_PATH_STYLE: "true",
		S3_TIMEOUT_SECONDS: String(options.timeoutSeconds ?? 2),
		...(options.keyPrefix !== undefined ? { S3_KEY_PREFIX: options.keyPrefix } : {}),
		...(options.publicUrl ? { S3_PUBLIC_URL: options.publicUrl } : {}),
	};
	const settings: ObjectStorageSettings = {
		bucket,
		region: env.S3_REGION as string,
		endpoint,
		credentials: { accessKeyId: ACCESS_KEY_ID, secretAccessKey: SECRET_ACCESS_KEY },
		forcePathStyle: true,
		publicUrl: options.publicUrl,
		keyPrefix: options.keyPrefix ?? "uploads/",
		timeoutMs: (options.timeoutSeconds ?? 2) * 1000,
	};
	const direct = () =>
		new S3Client({
			region: "us-east-1",
			endpoint: `http://127.0.0.1:${upstreamPort}`,
			forcePathStyle: true,
			credentials: settings.credentials,
			requestChecksumCalculation: "WHEN_REQUIRED",
			responseChecksumValidation: "WHEN_REQUIRED",
		});
	let client = direct();

	const cutOpenConnections = () => {
		for (const socket of open) socket.destroy();
	};
	return {
		env,
		settings,
		configure(config) {
			config.objectStorage = { ...settings };
		},
		async keys() {
			const listed = await client.send(new ListObjectsV2Command({ Bucket: bucket }));
			return (listed.Contents ?? []).map((object) => object.Key ?? "").sort();
		},
		async read(key) {
			const answer = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
			return Buffer.from(await (answer.Body as { transformToByteArray(): Promise<Uint8Array> }).transformToByteArray());
		},
		async write(key, body, contentType) {
			await client.send(new PutObjectCommand({ Bucket: bucket, Key: key, Body: body, ContentType: contentType }));
		},
		stall() {
			stalled = true;
		},
		resume() {
			stalled = false;
			cutOpenConnections();
		},
		async stop() {
			cutOpenConnections();
			await s3rver?.close();
			s3rver = null;
		},
		async restart() {
			await startS3rver();
			client.destroy();
			client = direct();
		},
		async close() {
			cutOpenConnections();
			client.destroy();
			await new Promise((resolve) => proxy.close(resolve));
			if (s3rver) await s3rver.close();
			rmSync(directory, { recursive: true, force: true });
		},
	};
}
