import { ErrorCode, formatMessage } from "@bayon/contract";
import { afterAll, beforeAll, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../../test/harness.js";

/**
 * The embedded database stops under the server (it is closed while requests still come, as in
 * a shutdown): calls are answered HTTP 503 with Retry-After and the envelope, not 500 (issue 27).
 */
let server: TestServer;

beforeAll(async () => {
	server = await startTestServer();
});
afterAll(async () => {
	await server?.close().catch(() => {});
});

it("answers 503 with Retry-After and the envelope once the embedded database is closed", async () => {
	const customer = await server.signIn("13800000003");
	const getInfo = () =>
		fetch(`${server.url}/app-api/member/user/get-info`, {
			headers: { "tenant-id": "1", "x-lang": "km", authorization: `Bearer ${customer.accessToken}` },
		});
	expect((await getInfo()).status).toBe(200);

	await server.deps.database.close();

	const answer = await getInfo();
	expect(answer.status).toBe(503);
	expect(answer.headers.get("retry-after")).toMatch(/^[1-9]\d*$/);
	expect(await answer.json()).toMatchObject({
		code: ErrorCode.ServiceUnavailable,
		msg: formatMessage("serviceUnavailable", "km"),
	});
});
