import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../../../test/harness.js";
import { endedOnOneRefusedOnTheOther, getInfo } from "../../../test/sessions-across-servers.js";
import { grantBalance } from "../../../test/wallet-ledger.js";

// PGlite is one process: two servers share a database only on PostgreSQL, so only the PostgreSQL
// project collects this file (vitest.config.ts).
let server: TestServer;
let nextPhone = 13971000000;
const newPhone = () => String(++nextPhone);

beforeAll(async () => {
	server = await startTestServer();
});
afterAll(async () => {
	await server?.close();
});

describe("two servers on one database", () => {
	let second: TestServer;
	beforeAll(async () => {
		second = await startTestServer({ sameDatabaseAs: server });
	});
	afterAll(async () => {
		await second?.close();
	});

	it("refuses on one server a remembered token whose session the other ended, once the bus delivered it", async () => {
		await endedOnOneRefusedOnTheOther(server, second, newPhone);
	});

	it("shows on one server a balance changed through the other at once", async () => {
		second.clock.set(server.clock.now());
		const session = await server.signIn(newPhone());
		expect((await getInfo(second, session.accessToken)).data.balance).toBe(0);

		await grantBalance(server, session.userId, 500);

		expect((await getInfo(second, session.accessToken)).data.balance).toBe(500);
	});
});
