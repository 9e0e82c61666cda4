import { afterAll, beforeAll, describe, it } from "vitest";
import { startTestServer, type TestServer } from "../../../test/harness.js";
import { endedOnOneRefusedOnTheOther } from "../../../test/sessions-across-servers.js";

// Two servers on one PostgreSQL database, their events fanned out through Redis: collected only
// where TEST_REDIS_URL names one (vitest.config.ts).
let server: TestServer;
let nextPhone = 13972000000;
const newPhone = () => String(++nextPhone);

beforeAll(async () => {
	server = await startTestServer();
});
afterAll(async () => {
	await server?.close();
});

describe("two servers with Redis", () => {
	let first: TestServer;
	let second: TestServer;
	beforeAll(async () => {
		first = await startTestServer({ sameDatabaseAs: server, redisUrl: process.env.TEST_REDIS_URL });
		second = await startTestServer({ sameDatabaseAs: server, redisUrl: process.env.TEST_REDIS_URL });
	});
	afterAll(async () => {
		await first?.close();
		await second?.close();
	});

	it("refuses on one server a remembered token whose session the other ended, once the bus delivered it", async () => {
		first.clock.set(server.clock.now());
		await endedOnOneRefusedOnTheOther(first, second, newPhone);
	});
});
