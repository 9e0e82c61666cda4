import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../../test/harness.js";
import { closeLiveSockets, connectLive, orderEvents, ticketFor, until } from "../../test/live-socket.js";
import { OrderingFixture } from "../../test/ordering.js";

// Several API servers share one database only on PostgreSQL (PGlite lives inside one process):
// collected by the PostgreSQL project only (vitest.config.ts).

let server: TestServer;
let fx: OrderingFixture;
let customer: { accessToken: string; userId: number };
let staff: { accessToken: string };

beforeAll(async () => {
	server = await startTestServer();
	fx = await new OrderingFixture(server).load();
});
afterAll(async () => {
	closeLiveSockets();
	await server?.close();
});
beforeEach(async () => {
	fx.moveClockToLocal("12:00");
	customer = await server.signIn("13800000003");
	staff = await server.signIn("13800000002");
});

describe("several API servers", () => {
	let second: TestServer;
	beforeAll(async () => {
		second = await startTestServer({ sameDatabaseAs: server });
	});
	afterAll(async () => {
		await second?.close();
	});

	it("delivers a change made on one server to a client connected to another", async () => {
		const board = await connectLive(second, `ticket=${await ticketFor(second, staff.accessToken)}`);

		const order = await fx.paidOrder(customer.accessToken, "Fresh young coconut");

		await until(() => orderEvents(board.messages, order.id).some((m) => m.data.reason === "paid"));
		expect(orderEvents(board.messages, order.id).map((m) => m.data.reason)).toEqual(["created", "paid"]);
	});
});
