import { ErrorCode } from "@bayon/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../../test/harness.js";

/**
 * A body that is not JSON is refused with the envelope, and neither the answer nor the log
 * quotes any of it (issue 27): JSON.parse's message quotes the text near the mistake, so a
 * password, token or pay code sent half-formed would otherwise land in the log.
 */
const SECRET = "hunter2Zq9xKpw";
const fragmentsOfSecret = [SECRET, "hunter2", "Zq9xK", "2Zq9"];

let server: TestServer;
const logLines: string[] = [];

beforeAll(async () => {
	server = await startTestServer({
		logger: { level: "trace", stream: { write: (line: string) => logLines.push(line) } },
	});
});
afterAll(async () => {
	await server?.close();
});

describe("a malformed JSON body", () => {
	it("is refused with the envelope, and its text is in neither the answer nor the log", async () => {
		const customer = await server.signIn("13800000003");
		const bodies = [
			`{"password": ${SECRET}}`,
			`${SECRET}`,
			`{"mobile":"13800000003","code":"${SECRET}`,
			`{"refreshToken":"${SECRET}",}`,
			`{"a":"\\u${SECRET}"}`,
		];
		const contentTypes = ["application/json", "application/json; charset=utf-8"];
		const routes: Array<{ path: string; token?: string; envelope: boolean }> = [
			{ path: "/app-api/member/auth/sms-login", envelope: true },
			{ path: "/app-api/member/auth/refresh-token", envelope: true },
			{ path: "/app-api/order/create", token: customer.accessToken, envelope: true },
			{ path: "/api/v1/telegram/webhook", envelope: false },
			{ path: "/app-api/no-such-route", envelope: true },
		];
		let sent = 0;
		for (const route of routes)
			for (const contentType of contentTypes)
				for (const body of bodies) {
					const headers: Record<string, string> = { "content-type": contentType, "tenant-id": "1", "x-lang": "en" };
					if (route.token) headers.authorization = `Bearer ${route.token}`;
					const response = await fetch(`${server.url}${route.path}`, { method: "POST", headers, body });
					const answer = await response.text();
					sent++;
					for (const fragment of fragmentsOfSecret) expect(answer, `${route.path} ${body}`).not.toContain(fragment);
					if (route.envelope && route.path !== "/app-api/no-such-route") {
						expect(response.status).toBe(200);
						expect(JSON.parse(answer)).toMatchObject({ code: ErrorCode.BadRequest, data: null });
					}
				}
		expect(sent).toBe(routes.length * contentTypes.length * bodies.length);
		// The refusals were logged (at info), without the body.
		expect(logLines.filter((line) => line.includes("rejected malformed request")).length).toBeGreaterThan(0);
		const quoting = logLines.filter((line) => fragmentsOfSecret.some((fragment) => line.includes(fragment)));
		expect(quoting).toEqual([]);
	});
});
