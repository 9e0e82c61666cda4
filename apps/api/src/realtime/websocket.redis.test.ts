import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../../test/harness.js";
import { closeLiveSockets, connectLive, orderEvents, ticketFor, until } from "../../test/live-socket.js";
import { OrderingFixture } from "../../test/ordering.js";

// Several API servers on one PostgreSQL database, their live events fanned out through Redis:
// collected only where TEST_REDIS_URL names one (vitest.config.ts).

/** The database's first server: it migrates and seeds; the two on Redis share its database. */
let server: TestServer;

beforeAll(async () => {
	server = await startTestServer();
	// The demo shop open at the moment both servers on Redis are set to.
	new OrderingFixture(server).moveClockToLocal("12:00");
});
afterAll(async () => {
	closeLiveSockets();
	await server?.close();
});

describe("several API servers with Redis", () => {
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

	it("delivers a change made on one server to a client connected to another", async () => {
		// Same database, same moment: the shop is open and SMS limits agree on every server.
		first.clock.set(server.clock.now());
		second.clock.set(server.clock.now());
		const staffOnSecond = await second.signIn("13800000001");
		const board = await connectLive(second, `ticket=${await ticketFor(second, staffOnSecond.accessToken)}`);
		const buyer = await first.signIn("13955550099");
		const onFirst = await new OrderingFixture(first).load();
		await onFirst.grant(buyer.userId, 1000);

		const order = await onFirst.paidOrder(buyer.accessToken, "Fresh young coconut");

		await until(() => orderEvents(board.messages, order.id).some((m) => m.data.reason === "paid"));
		expect(orderEvents(board.messages, order.id).map((m) => m.data.reason)).toEqual(["created", "paid"]);
	});
});
