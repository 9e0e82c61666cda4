import { expect } from "vitest";
import WebSocket from "ws";
import type { TestServer } from "./harness.js";
import { connectLive, type LiveSocket, orderEvents, ticketFor, until } from "./live-socket.js";
import type { OrderingFixture } from "./ordering.js";

/**
 * The event bus's outage stories (src/realtime/bus-outage.*.test.ts): the bus's connection goes
 * away under a running server; while it is down /healthz says so; once it is back every connected
 * websocket is told to `resync`, and events flow again.
 */

export interface Health {
	status: string;
	bus: { state: string; since: string };
}

export async function health(server: TestServer): Promise<{ httpStatus: number; body: Health }> {
	const response = await fetch(`${server.url}/healthz`);
	return { httpStatus: response.status, body: (await response.json()) as Health };
}

/** Connects a customer's websocket and checks the bus is up before the outage. */
export async function customerOnline(server: TestServer, fx: OrderingFixture) {
	fx.moveClockToLocal("12:00");
	const customer = await server.signIn("13800000003");
	const live = await connectLive(server, `ticket=${await ticketFor(server, customer.accessToken)}`);
	const before = await health(server);
	expect(before.httpStatus).toBe(200);
	expect(before.body.bus.state).toBe("connected");
	return { customer, live };
}

export async function untilBusState(server: TestServer, state: "connected" | "reconnecting", ms = 20_000) {
	await until(async () => (await health(server)).body.bus.state === state, ms, `the bus to be ${state}`);
}

/** After recovery: the socket that stayed open heard `resync`, and a new order's events reach it. */
export async function expectResyncAndEvents(
	server: TestServer,
	fx: OrderingFixture,
	customer: { accessToken: string },
	live: LiveSocket,
) {
	const recovered = await health(server);
	expect(recovered.httpStatus).toBe(200);
	expect(live.socket.readyState).toBe(WebSocket.OPEN);
	await until(() => live.messages.some((m) => m.type === "resync"), 5000, "resync");
	expect(live.messages.filter((m) => m.type === "resync")).toHaveLength(1);

	const order = await fx.paidOrder(customer.accessToken, "Fresh young coconut");

	await until(() => orderEvents(live.messages, order.id).some((m) => m.data.reason === "paid"), 5000);
	expect(orderEvents(live.messages, order.id).map((m) => m.data.reason)).toEqual(["created", "paid"]);
}
