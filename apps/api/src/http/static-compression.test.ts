import { mkdirSync, mkdtempSync, readdirSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../../test/harness.js";
import { type RawAnswer, rawGet } from "../../test/raw-http.js";

/**
 * The web app's files go over the wire compressed when the browser accepts it (decision 010):
 * the build writes `.br` and `.gz` copies next to each text file, the server picks one by
 * Accept-Encoding. These tests read the raw bytes (node:http, which, unlike fetch, neither asks
 * for nor undoes compression), so they see exactly what a browser would download.
 */

function varyNames(answer: RawAnswer): string[] {
	return String(answer.headers.vary ?? "")
		.split(",")
		.map((name) => name.trim().toLowerCase());
}

// Compressible like a real bundle: long and repetitive.
const script = `${Array.from({ length: 2000 }, (_, i) => `export const value${i} = "menu item ${i % 17}";`).join("\n")}\n`;
const page = `<!doctype html><title>Bayon</title><div id=root>${"<div class=skeleton></div>".repeat(200)}</div>`;
const SCRIPT_PATH = "/assets/index-Ab12Cd34.js";
const stylesheet = `${Array.from({ length: 300 }, (_, i) => `.menu-item-${i} { padding: 8px 12px; color: #1f1f1f; }`).join("\n")}\n`;
const STYLESHEET_PATH = "/assets/index-Ef56Gh78.css";

let web: TestServer;
beforeAll(async () => {
	const dist = mkdtempSync(path.join(tmpdir(), "bayon-dist-compressed-"));
	mkdirSync(path.join(dist, "assets"));
	const write = (file: string, content: string) => {
		writeFileSync(path.join(dist, file), content);
		writeFileSync(path.join(dist, `${file}.br`), brotliCompressSync(content));
		writeFileSync(path.join(dist, `${file}.gz`), gzipSync(content));
	};
	write("index.html", page);
	write(`.${SCRIPT_PATH}`, script);
	write(`.${STYLESHEET_PATH}`, stylesheet);
	// A file too small to be worth compressing: the build writes no copies of it.
	writeFileSync(path.join(dist, "assets/tiny-Zz99Yy88.js"), "export {};\n");
	web = await startTestServer({ webDistDir: dist });
});
afterAll(async () => {
	await web?.close();
});

describe("compressed web app files", () => {
	it("sends a hashed script as brotli to a browser that accepts it, cacheable for good", async () => {
		const answer = await rawGet(web.url, SCRIPT_PATH, { "accept-encoding": "gzip, deflate, br, zstd" });

		expect(answer.status).toBe(200);
		expect(answer.headers["content-encoding"]).toBe("br");
		expect(answer.headers["content-type"]).toMatch(/javascript/);
		expect(varyNames(answer)).toContain("accept-encoding");
		expect(answer.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
		expect(answer.body.length).toBeLessThan(Buffer.byteLength(script) / 5);
		expect(brotliDecompressSync(answer.body).toString()).toBe(script);
	});

	it("sends gzip to a browser that accepts only gzip", async () => {
		const answer = await rawGet(web.url, SCRIPT_PATH, { "accept-encoding": "gzip" });

		expect(answer.headers["content-encoding"]).toBe("gzip");
		expect(varyNames(answer)).toContain("accept-encoding");
		expect(answer.body.length).toBeLessThan(Buffer.byteLength(script) / 5);
		expect(gunzipSync(answer.body).toString()).toBe(script);
	});

	it("sends the file as is to a client that accepts no compression, still saying it varies", async () => {
		const asked: Record<string, string>[] = [
			{},
			{ "accept-encoding": "identity" },
			{ "accept-encoding": "br;q=0, gzip;q=0" },
		];
		for (const headers of asked) {
			const answer = await rawGet(web.url, SCRIPT_PATH, headers);

			expect(answer.status).toBe(200);
			expect(answer.headers["content-encoding"]).toBeUndefined();
			expect(varyNames(answer)).toContain("accept-encoding");
			expect(answer.body.toString()).toBe(script);
		}
	});

	it("sends the page for an app route compressed and never cached without asking", async () => {
		for (const urlPath of ["/", "/pages/menu/menu", "/index.html"]) {
			const answer = await rawGet(web.url, urlPath, { "accept-encoding": "br, gzip" });

			expect(answer.status).toBe(200);
			expect(answer.headers["content-encoding"]).toBe("br");
			expect(answer.headers["content-type"]).toMatch(/text\/html/);
			expect(answer.headers["cache-control"]).toBe("no-cache");
			expect(varyNames(answer)).toContain("accept-encoding");
			expect(brotliDecompressSync(answer.body).toString()).toBe(page);
		}
		const plain = await rawGet(web.url, "/pages/menu/menu");
		expect(plain.headers["content-encoding"]).toBeUndefined();
		expect(plain.body.toString()).toBe(page);
	});

	it("sends a file that has no compressed copy as is", async () => {
		const answer = await rawGet(web.url, "/assets/tiny-Zz99Yy88.js", { "accept-encoding": "br, gzip" });

		expect(answer.status).toBe(200);
		expect(answer.headers["content-encoding"]).toBeUndefined();
		expect(answer.body.toString()).toBe("export {};\n");
	});

	it("sends a hashed stylesheet as brotli, cacheable for good (issue 16: the page's render-blocking file)", async () => {
		const answer = await rawGet(web.url, STYLESHEET_PATH, { "accept-encoding": "gzip, deflate, br, zstd" });

		expect(answer.status).toBe(200);
		expect(answer.headers["content-encoding"]).toBe("br");
		expect(answer.headers["content-type"]).toMatch(/text\/css/);
		expect(answer.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
		expect(brotliDecompressSync(answer.body).toString()).toBe(stylesheet);
	});

	it("answers a page asked again with its ETag with 304 and no body, whatever the encoding", async () => {
		for (const encoding of ["br, gzip", "gzip", "identity"]) {
			const first = await rawGet(web.url, "/pages/menu/menu", { "accept-encoding": encoding });
			expect(first.headers.etag).toBeTruthy();

			const again = await rawGet(web.url, "/pages/menu/menu", {
				"accept-encoding": encoding,
				"if-none-match": String(first.headers.etag),
			});

			expect(again.status).toBe(304);
			expect(again.body.length).toBe(0);
		}
	});
});

describe("menu pictures", () => {
	it("are sent as they are (already compressed) and cacheable for good: an upload's name never changes content", async () => {
		const picture = readdirSync(path.join(web.dataDir, "uploads")).find((name) => name.endsWith(".webp"));
		expect(picture, "the demo seed writes the menu's pictures to uploads/").toBeTruthy();

		const answer = await rawGet(web.url, `/uploads/${picture}`, { "accept-encoding": "gzip, deflate, br, zstd" });

		expect(answer.status).toBe(200);
		expect(answer.headers["content-type"]).toBe("image/webp");
		expect(answer.headers["content-encoding"]).toBeUndefined();
		expect(answer.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
		expect(answer.body.subarray(8, 12).toString()).toBe("WEBP");
	});
});
