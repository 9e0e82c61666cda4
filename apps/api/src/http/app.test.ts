import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { ErrorCode, formatMessage, SUPPORTED_LANGUAGES } from "@bayon/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../../test/harness.js";
import { rawGet as rawGetFrom } from "../../test/raw-http.js";

let server: TestServer;
beforeAll(async () => {
	server = await startTestServer();
});
afterAll(async () => {
	await server?.close();
});

describe("the HTTP contract", () => {
	it("reports health, the database kind and the event bus's state for load balancers", async () => {
		const response = await fetch(`${server.url}/healthz`);

		expect(response.status).toBe(200);
		expect(await response.json()).toEqual({
			status: "ok",
			database: server.databaseKind,
			bus: { state: "connected", since: server.deps.events.health().since.toISOString() },
		});
		expect(await (await fetch(`${server.url}/livez`)).json()).toEqual({ status: "ok" });
	});

	it.each(SUPPORTED_LANGUAGES)("answers an unknown API path with the not-found code in %s", async (lang) => {
		for (const urlPath of ["/app-api/no/such/call", "/api/v1/nothing"]) {
			expect(await server.call("GET", urlPath, { lang })).toEqual({
				code: ErrorCode.NotFound,
				msg: formatMessage("notFound", lang),
				data: null,
			});
		}
	});

	it.each(SUPPORTED_LANGUAGES)("refuses an unknown tenant with a clear message in %s", async (lang) => {
		for (const tenant of ["99", "abc", "-1"]) {
			const answer = await server.call("GET", "/app-api/system/language/page", {
				lang,
				headers: { "tenant-id": tenant },
			});
			expect(answer).toEqual({ code: ErrorCode.TenantUnknown, msg: formatMessage("tenantUnknown", lang), data: null });
		}
	});

	it("refuses a shop key that is not the tenant's", async () => {
		const answer = await server.call("GET", "/app-api/system/language/page", {
			headers: { "shop-key": "someone-else" },
			lang: "en",
		});

		expect(answer).toMatchObject({ code: ErrorCode.ShopKeyInvalid, msg: formatMessage("shopKeyInvalid", "en") });
	});

	it("uses X-Lang first, then Accept-Language, then Chinese", async () => {
		const ask = (headers: Record<string, string>) => server.call("GET", "/app-api/no/such/call", { headers });

		expect((await ask({ "x-lang": "km", "accept-language": "en-US,en;q=0.9" })).msg).toBe(
			formatMessage("notFound", "km"),
		);
		expect((await ask({ "accept-language": "en-US,en;q=0.9" })).msg).toBe(formatMessage("notFound", "en"));
		expect((await ask({ "accept-language": "zh_TW" })).msg).toBe(formatMessage("notFound", "zh-CN"));
		expect((await ask({ "accept-language": "fr-FR" })).msg).toBe(formatMessage("notFound", "zh-CN"));
		expect((await ask({})).msg).toBe(formatMessage("notFound", "zh-CN"));
	});

	it("answers malformed JSON as a bad request, not a server error", async () => {
		const response = await fetch(`${server.url}/app-api/member/auth/send-sms-code`, {
			method: "POST",
			headers: { "content-type": "application/json", "tenant-id": "1", "x-lang": "en" },
			body: '{"mobile": "1380',
		});

		expect(response.status).toBe(200);
		expect(await response.json()).toEqual({
			code: ErrorCode.BadRequest,
			msg: formatMessage("badRequest", "en"),
			data: null,
		});
	});

	it("tags every answer with a request id", async () => {
		const response = await fetch(`${server.url}/app-api/system/language/page`, { headers: { "tenant-id": "1" } });

		expect(response.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
	});
});

describe("serving the web app", () => {
	let web: TestServer;
	let parent: string;
	let dist: string;
	// A real file right next to the web folder: a path that escapes the folder would find it.
	const SECRET = "not-for-the-web-4f1c9a";
	beforeAll(async () => {
		parent = mkdtempSync(path.join(tmpdir(), "bayon-dist-"));
		dist = path.join(parent, "web");
		mkdirSync(path.join(dist, "assets"), { recursive: true });
		writeFileSync(path.join(dist, "index.html"), "<!doctype html><title>Bayon</title><div id=root></div>");
		writeFileSync(path.join(parent, "secret.txt"), SECRET);
		web = await startTestServer({ webDistDir: dist });
	});
	afterAll(async () => {
		await web?.close();
		rmSync(parent, { recursive: true, force: true });
	});

	/** GET with the path sent byte for byte (fetch would resolve dot segments and %2e before sending). */
	async function rawGet(rawPath: string): Promise<{ status: number; body: string }> {
		const answer = await rawGetFrom(web.url, rawPath);
		return { status: answer.status, body: answer.body.toString("utf8") };
	}

	it("serves index.html for every page path (history routing)", async () => {
		for (const urlPath of ["/", "/pages/mine/mine", "/pages/components/pages/login/login?x=1", "/no/such/page"]) {
			const response = await fetch(`${web.url}${urlPath}`);
			expect(response.status).toBe(200);
			expect(await response.text()).toContain("<title>Bayon</title>");
		}
	});

	it("serves files added by a rebuild after the server started", async () => {
		writeFileSync(path.join(dist, "late.js"), "console.log('rebuilt')");

		const late = await fetch(`${web.url}/late.js`);

		expect(late.status).toBe(200);
		expect(await late.text()).toContain("rebuilt");
	});

	it.each([
		"/../secret.txt",
		"/assets/../../secret.txt",
		"/..%2fsecret.txt",
		"/..%2Fsecret.txt",
		"/assets/..%2f..%2fsecret.txt",
		"/%2e%2e/secret.txt",
		"/%2e%2e%2fsecret.txt",
		"/.%2e/secret.txt",
		"/..%252fsecret.txt",
		"/%252e%252e%252fsecret.txt",
		"/..%5csecret.txt",
	])("never serves a file outside the web folder, asked as %s", async (rawPath) => {
		// The file is there, and reachable the honest way once it is inside the folder.
		writeFileSync(path.join(dist, "inside.txt"), SECRET);
		expect((await rawGet("/inside.txt")).body).toBe(SECRET);

		const answer = await rawGet(rawPath);

		expect(answer.body).not.toContain(SECRET);
		expect(answer.status).toBe(404);
	});

	it("answers a missing asset or upload with 404 instead of the page", async () => {
		expect((await fetch(`${web.url}/assets/missing.js`)).status).toBe(404);
		expect((await fetch(`${web.url}/uploads/missing.webp`)).status).toBe(404);
	});
});
