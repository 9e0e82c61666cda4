import { execFile } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { ErrorCode, type UploadedFile } from "@bayon/contract";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../../../test/harness.js";
import { startTestBucket, type TestBucket } from "../../../test/s3.js";
import { loadConfig } from "../../lib/config.js";
import { filesToS3Command } from "./storage/copy-command.js";

/**
 * Uploads on an S3-compatible store (decision 033), against a real S3 API server (s3rver,
 * which checks every request's signature) behind a proxy the test makes stall: two servers on
 * one PostgreSQL database and one bucket, as behind a load balancer.
 */

const STORE_TIMEOUT_SECONDS = 1;
let bucket: TestBucket;
let first: TestServer;
let second: TestServer;
let token: string;

beforeAll(async () => {
	bucket = await startTestBucket({ timeoutSeconds: STORE_TIMEOUT_SECONDS });
	first = await startTestServer({ configure: bucket.configure });
	second = await startTestServer({ sameDatabaseAs: first, configure: bucket.configure });
	token = (await first.signIn("13922230001")).accessToken;
});
afterAll(async () => {
	await second?.close();
	await first?.close();
	await bucket?.close();
});

function png(width: number, height: number): Promise<Buffer> {
	return sharp({ create: { width, height, channels: 3, background: { r: 40, g: 120, b: 200 } } })
		.png()
		.toBuffer();
}

async function upload(to: TestServer, bytes: Buffer) {
	const form = new FormData();
	form.append("file", new Blob([bytes], { type: "image/png" }), "photo.png");
	const response = await fetch(`${to.url}/app-api/infra/file/upload`, {
		method: "POST",
		body: form,
		headers: { "tenant-id": "1", authorization: `Bearer ${token}`, "x-lang": "en" },
	});
	expect(response.status).toBe(200);
	return (await response.json()) as { code: number; msg: string; data: UploadedFile };
}

const nameOf = (url: string) => url.slice("/uploads/".length);
const uploadsOnDisk = (server: TestServer) => {
	const dir = path.join(server.dataDir, "uploads");
	return existsSync(dir) ? readdirSync(dir) : [];
};

describe("uploads on object storage", () => {
	it("stores an upload in the bucket, not on the server's disk, and serves it back under /uploads/", async () => {
		const answer = await upload(first, await png(320, 200));
		expect(answer.code).toBe(0);
		const name = nameOf(answer.data.url);
		expect(await bucket.keys()).toContain(`uploads/${name}`);
		expect(uploadsOnDisk(first)).toEqual([]);

		const served = await fetch(`${first.url}${answer.data.url}`);
		expect(served.status).toBe(200);
		expect(served.headers.get("content-type")).toBe("image/webp");
		expect(served.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
		expect(served.headers.get("content-length")).toBe(String(answer.data.size));
		const bytes = Buffer.from(await served.arrayBuffer());
		expect(bytes.equals(await bucket.read(`uploads/${name}`))).toBe(true);
		expect(await sharp(bytes).metadata()).toMatchObject({ format: "webp", width: 320, height: 200 });

		// The browser's copy is still good: 304 without the bytes; a range gives just that part.
		const etag = served.headers.get("etag");
		expect(etag).toBeTruthy();
		const again = await fetch(`${first.url}${answer.data.url}`, { headers: { "if-none-match": etag ?? "" } });
		expect(again.status).toBe(304);
		const part = await fetch(`${first.url}${answer.data.url}`, { headers: { range: "bytes=0-9" } });
		expect(part.status).toBe(206);
		expect(part.headers.get("content-range")).toBe(`bytes 0-9/${answer.data.size}`);
		expect(Buffer.from(await part.arrayBuffer()).equals(bytes.subarray(0, 10))).toBe(true);
		const head = await fetch(`${first.url}${answer.data.url}`, { method: "HEAD" });
		expect(head.status).toBe(200);
		expect(head.headers.get("content-length")).toBe(String(answer.data.size));
	});

	it("serves many reads at once from the bucket (a menu page's pictures for many customers)", async () => {
		const picture = (await upload(first, await png(480, 480))).data;
		// Few enough at once that s3rver (a test server, ~50-100 reads/s here) answers each well
		// within the one-second store deadline these tests use for their stalls.
		const reads = 120;
		const atOnce = 8;
		const times: number[] = [];
		const started = Date.now();
		let next = 0;
		await Promise.all(
			Array.from({ length: atOnce }, async () => {
				while (next < reads) {
					next += 1;
					const begun = performance.now();
					const served = await fetch(`${first.url}${picture.url}`);
					expect(served.status).toBe(200);
					expect((await served.arrayBuffer()).byteLength).toBe(picture.size);
					times.push(performance.now() - begun);
				}
			}),
		);
		times.sort((a, b) => a - b);
		const at = (share: number) => Math.round(times[Math.floor(times.length * share)] ?? 0);
		console.log(
			`bucket reads: ${reads} of ${picture.size} bytes, ${atOnce} at once, ${Math.round((reads * 1000) / (Date.now() - started))}/s, p50 ${at(0.5)} ms, p99 ${at(0.99)} ms`,
		);
		expect(times).toHaveLength(reads);
	});

	it("serves an upload made through one server from the other (same database, same bucket)", async () => {
		const throughFirst = await upload(first, await png(64, 64));
		const throughSecond = await upload(second, await png(48, 48));
		for (const [server, url, size] of [
			[second, throughFirst.data.url, throughFirst.data.size],
			[first, throughSecond.data.url, throughSecond.data.size],
		] as const) {
			const served = await fetch(`${server.url}${url}`);
			expect(served.status, `${url} from ${server.url}`).toBe(200);
			expect((await served.arrayBuffer()).byteLength).toBe(size);
		}
		// And the picture can be used by the member on either server: the record is shared.
		const saved = await second.call("POST", "/app-api/member/user/update-nickname", {
			token,
			body: { avatar: throughFirst.data.url },
		});
		expect(saved.code).toBe(0);
	});

	it("puts the demo menu's pictures in the bucket, served like any upload", async () => {
		const demo = (await bucket.keys()).filter((key) => key.startsWith("uploads/demo-"));
		expect(demo.length).toBeGreaterThan(3);
		const served = await fetch(`${second.url}/${demo[0]}`);
		expect(served.status).toBe(200);
		expect(served.headers.get("content-type")).toBe("image/webp");
		expect(uploadsOnDisk(first)).toEqual([]);
	});

	it("answers 404 for a name the bucket does not hold, or that is not a file name", async () => {
		const missing = await fetch(`${first.url}/uploads/0123456789abcdef.webp`);
		expect(missing.status).toBe(404);
		expect(((await missing.json()) as { code: number }).code).toBe(ErrorCode.NotFound);
		expect((await fetch(`${first.url}/uploads/.hidden.webp`)).status).toBe(404);
		expect((await fetch(`${first.url}/uploads/..%2Fsecrets.json`)).status).toBe(404);
	});

	it("redirects to the public base (CDN) when one is set, without asking the bucket", async () => {
		const cdn = await startTestServer({
			sameDatabaseAs: first,
			configure(config) {
				bucket.configure(config);
				if (config.objectStorage) config.objectStorage.publicUrl = "https://cdn.example.com/shop";
			},
		});
		try {
			const answer = await fetch(`${cdn.url}/uploads/abc.webp`, { redirect: "manual" });
			expect(answer.status).toBe(302);
			expect(answer.headers.get("location")).toBe("https://cdn.example.com/shop/uploads/abc.webp");
		} finally {
			await cdn.close();
		}
	});
});

describe("a store that fails or stalls", () => {
	// Well past the one-second store deadline and its one retry, far short of a hang.
	const PROMPT_MS = STORE_TIMEOUT_SECONDS * 1000 * 2 + 1500;

	it("answers 502 at once while the store is down, says so on upload, and serves again when it is back", async () => {
		const stored = await upload(first, await png(30, 30));
		await bucket.stop();
		try {
			const started = Date.now();
			const served = await fetch(`${first.url}${stored.data.url}`);
			const tookMs = Date.now() - started;
			console.log(`store down: GET /uploads/… answered ${served.status} in ${tookMs} ms`);
			expect(served.status).toBe(502);
			expect(served.headers.get("cache-control")).toBe("no-store");
			expect(((await served.json()) as { code: number }).code).toBe(ErrorCode.FileStoreUnavailable);
			expect(tookMs).toBeLessThan(PROMPT_MS);

			const refused = await upload(first, await png(31, 31));
			expect(refused).toMatchObject({ code: ErrorCode.FileStoreUnavailable, data: null });
			expect(refused.msg).toBe("The image could not be saved just now. Please try again in a moment");
		} finally {
			await bucket.restart();
		}
		expect((await fetch(`${first.url}${stored.data.url}`)).status).toBe(200);
		expect((await upload(first, await png(32, 32))).code).toBe(0);
	});

	it("answers 503 within the store deadline when the store stalls, instead of hanging", async () => {
		const stored = await upload(first, await png(40, 40));
		bucket.stall();
		try {
			const started = Date.now();
			const served = await fetch(`${first.url}${stored.data.url}`);
			const tookMs = Date.now() - started;
			console.log(`store stalled: GET /uploads/… answered ${served.status} in ${tookMs} ms`);
			expect(served.status).toBe(503);
			expect(served.headers.get("retry-after")).toBe("5");
			expect(tookMs).toBeLessThan(PROMPT_MS);

			const uploadStarted = Date.now();
			const refused = await upload(first, await png(41, 41));
			console.log(`store stalled: upload answered ${refused.code} in ${Date.now() - uploadStarted} ms`);
			expect(refused.code).toBe(ErrorCode.FileStoreUnavailable);
			expect(Date.now() - uploadStarted).toBeLessThan(PROMPT_MS + 2000);
		} finally {
			bucket.resume();
		}
		expect((await fetch(`${first.url}${stored.data.url}`)).status).toBe(200);
	});

	it("streams a file for longer than the store deadline, and cuts the client off when the store stalls mid-file", async () => {
		// Bigger than the sockets' buffers, so the stall comes while bytes are still on their way.
		const big = Buffer.alloc(24 * 1024 * 1024, 7);
		await bucket.write("uploads/big-test-file.webp", big, "image/webp");
		const answer = await fetch(`${first.url}/uploads/big-test-file.webp`);
		expect(answer.status).toBe(200);
		const reader = answer.body?.getReader();
		if (!reader) throw new Error("no body");
		// A reader slower than the deadline is still served: the deadline is for the first byte.
		const slowUntil = Date.now() + STORE_TIMEOUT_SECONDS * 1000 * 1.5;
		while (Date.now() < slowUntil) {
			const { done } = await reader.read();
			expect(done, "the file was cut while it was moving").toBe(false);
			await new Promise((resolve) => setTimeout(resolve, 50));
		}
		bucket.stall();
		const started = Date.now();
		let received = 0;
		const outcome = await (async () => {
			try {
				for (;;) {
					const { done, value } = await reader.read();
					if (done) return "ended";
					received += value.length;
				}
			} catch {
				return "cut";
			}
		})();
		bucket.resume();
		console.log(`store stalled mid-file: client ${outcome} after ${Date.now() - started} ms, ${received} bytes`);
		expect(outcome).toBe("cut");
		expect(received).toBeLessThan(big.length);
		expect(Date.now() - started).toBeLessThan(PROMPT_MS + 2000);
	});
});

describe("npm run files:to-s3", () => {
	const repoRoot = fileURLToPath(new URL("../../../../../", import.meta.url));

	type PackageJson = { scripts: Record<string, string> };

	/** The command as an operator runs it (once: starting it costs seconds). */
	function runAsOperator(env: Record<string, string>): Promise<{ code: number; stdout: string; stderr: string }> {
		return new Promise((resolve) => {
			// The root package.json's script, without npm itself (npm adds seconds and nothing under test).
			const scripts = (JSON.parse(readFileSync(path.join(repoRoot, "package.json"), "utf8")) as PackageJson).scripts;
			const [program, ...args] = (scripts["files:to-s3"] ?? "").split(" ");
			expect(program).toBe("node");
			execFile(
				process.execPath,
				args,
				{ cwd: repoRoot, env: { PATH: process.env.PATH ?? "", ...env }, timeout: 60_000 },
				(error, stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
			);
		});
	}

	/** The same command in this process, for the runs around the operator's. */
	async function runHere(env: Record<string, string>) {
		const lines = { stdout: [] as string[], stderr: [] as string[] };
		const code = await filesToS3Command(loadConfig({ ...env, LOG_LEVEL: "silent" }), {
			log: (line: string) => lines.stdout.push(line),
			error: (line: string) => lines.stderr.push(line),
		});
		return { code, stdout: lines.stdout.join("\n"), stderr: lines.stderr.join("\n") };
	}

	it("copies the disk's uploads to the bucket, skips what is there, and finishes a run that failed part-way", async () => {
		const dataDir = mkdtempSync(path.join(tmpdir(), "bayon-files-to-s3-"));
		const target = await startTestBucket({ bucket: "migrated", keyPrefix: "shop/uploads/" });
		try {
			const uploads = path.join(dataDir, "uploads");
			mkdirSync(uploads);
			const files: Record<string, Buffer> = {};
			for (const [index, side] of [20, 21, 22].entries()) {
				files[`old-${index}.webp`] = await sharp(await png(side, side))
					.webp()
					.toBuffer();
				writeFileSync(path.join(uploads, `old-${index}.webp`), files[`old-${index}.webp`] as Buffer);
			}
			// Half a file the disk store never finished: not an upload, not copied.
			writeFileSync(path.join(uploads, ".1234.partial"), "half");
			// One the bucket already holds (a first run that was stopped): skipped.
			await target.write("shop/uploads/old-0.webp", files["old-0.webp"] as Buffer, "image/webp");
			const env = { DATA_DIR: dataDir, ...target.env };

			// The store down: nothing can be copied, and the command says so and fails.
			await target.stop();
			const down = await runHere(env);
			await target.restart();
			expect(down.code).toBe(1);
			expect(down.stderr).toContain("failed  old-1.webp");
			expect(down.stderr).toContain("run it again");

			const firstRun = await runAsOperator(env);
			console.log(firstRun.stdout.trim());
			expect(firstRun.code, firstRun.stderr).toBe(0);
			expect(firstRun.stdout).toContain("skipped old-0.webp");
			expect(firstRun.stdout).toContain("copied  old-1.webp");
			expect(firstRun.stdout).toContain("1 skipped (already there)");
			expect(firstRun.stdout).toContain("2 copied, 1 skipped (already there), 0 failed");
			expect(await target.keys()).toEqual([
				"shop/uploads/old-0.webp",
				"shop/uploads/old-1.webp",
				"shop/uploads/old-2.webp",
			]);
			for (const [name, bytes] of Object.entries(files))
				expect((await target.read(`shop/uploads/${name}`)).equals(bytes), name).toBe(true);

			const secondRun = await runHere(env);
			expect(secondRun.code).toBe(0);
			expect(secondRun.stdout).toContain("0 copied, 3 skipped (already there), 0 failed");
			// The disk keeps its copies until the operator removes them.
			expect(readdirSync(uploads).sort()).toEqual([".1234.partial", "old-0.webp", "old-1.webp", "old-2.webp"]);

			const noBucket = await runHere({ DATA_DIR: dataDir });
			expect(noBucket.code).toBe(2);
			expect(noBucket.stderr).toContain("no bucket is set");
		} finally {
			await target.close();
			rmSync(dataDir, { recursive: true, force: true });
		}
	});
});
