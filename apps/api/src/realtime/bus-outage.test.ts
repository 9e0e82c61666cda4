import net from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import WebSocket from "ws";
import { startTestServer, type TestServer } from "../../test/harness.js";
import {
	closeLiveSockets,
	connectLive,
	type LiveSocket,
	orderEvents,
	ticketFor,
	until,
} from "../../test/live-socket.js";
import { OrderingFixture } from "../../test/ordering.js";
import { postgresBinaries, startThrowawayPostgres, type ThrowawayPostgres } from "../../test/throwaway-postgres.js";

/**
 * The event bus survives its connection going away: the database (LISTEN/NOTIFY) restarting
 * under a running server, or the connection to Redis being cut. While it is down /healthz
 * says so; once it is back every connected websocket is told to `resync`, and events flow again.
 */

interface Health {
	status: string;
	bus: { state: string; since: string };
}

async function health(server: TestServer): Promise<{ httpStatus: number; body: Health }> {
	const response = await fetch(`${server.url}/healthz`);
	return { httpStatus: response.status, body: (await response.json()) as Health };
}

/** Connects a customer's websocket and checks the bus is up before the outage. */
async function customerOnline(server: TestServer, fx: OrderingFixture) {
	fx.moveClockToLocal("12:00");
	const customer = await server.signIn("13800000003");
	const live = await connectLive(server, `ticket=${await ticketFor(server, customer.accessToken)}`);
	const before = await health(server);
	expect(before.httpStatus).toBe(200);
	expect(before.body.bus.state).toBe("connected");
	return { customer, live };
}

async function untilBusState(server: TestServer, state: "connected" | "reconnecting", ms = 20_000) {
	await until(async () => (await health(server)).body.bus.state === state, ms, `the bus to be ${state}`);
}

/** After recovery: the socket that stayed open heard `resync`, and a new order's events reach it. */
async function expectResyncAndEvents(
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

const binaries = postgresBinaries();

// A cluster of the test's own, whatever database the rest of the suite runs on: run it once.
describe.runIf(process.env.TEST_DATABASE === "postgres")("the PostgreSQL event bus", () => {
	describe.skipIf(!binaries)(
		binaries ? "through a database restart" : "SKIPPED: no PostgreSQL binaries under /usr/lib/postgresql",
		() => {
			let database: ThrowawayPostgres | undefined;
			let server: TestServer;
			let fx: OrderingFixture;
			beforeAll(async () => {
				database = await startThrowawayPostgres();
				if (!database) throw new Error("could not start a throwaway PostgreSQL");
				server = await startTestServer({ databaseUrl: database.url });
				fx = await new OrderingFixture(server).load();
			});
			afterAll(async () => {
				closeLiveSockets();
				await server?.close();
				database?.destroy();
			});

			it("reports the outage, reconnects, tells open websockets to resync, and delivers events again", async () => {
				const { customer, live } = await customerOnline(server, fx);

				database?.stop("immediate");

				await untilBusState(server, "reconnecting");
				const down = await health(server);
				expect(down.httpStatus).toBe(503);
				expect(down.body).toMatchObject({ status: "unavailable", bus: { state: "reconnecting" } });
				// Several failed attempts go by: the bus keeps trying, not once and then never again.
				await new Promise((resolve) => setTimeout(resolve, 1500));
				expect(server.deps.events.health().attempts).toBeGreaterThan(1);
				expect(live.messages.some((m) => m.type === "resync")).toBe(false);

				database?.start();

				await untilBusState(server, "connected");
				await expectResyncAndEvents(server, fx, customer, live);
			});
		},
	);
});

/**
 * A TCP relay between the server and Redis that the test can cut and mend, so the shared Redis
 * is never stopped: cut closes every relayed connection and refuses new ones.
 */
class CuttableRelay {
	private server: net.Server | null = null;
	private readonly open = new Set<net.Socket>();
	port = 0;

	constructor(private readonly target: { host: string; port: number }) {}

	async listen(): Promise<void> {
		const server = net.createServer((inbound) => {
			const outbound = net.connect(this.target);
			for (const socket of [inbound, outbound]) {
				this.open.add(socket);
				socket.on("close", () => this.open.delete(socket));
				socket.on("error", () => {
					inbound.destroy();
					outbound.destroy();
				});
			}
			inbound.pipe(outbound).pipe(inbound);
		});
		await new Promise<void>((resolve, reject) => {
			server.once("error", reject);
			server.listen(this.port, "127.0.0.1", () => resolve());
		});
		const address = server.address();
		this.port = typeof address === "object" && address ? address.port : 0;
		this.server = server;
	}

	async cut(): Promise<void> {
		const server = this.server;
		this.server = null;
		for (const socket of this.open) socket.destroy();
		await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
	}
}

const redisUrl = process.env.TEST_REDIS_URL;

// The database does not matter here: run it on the PGlite pass only.
describe.runIf(process.env.TEST_DATABASE !== "postgres")("the Redis event bus", () => {
	describe.skipIf(!redisUrl)(redisUrl ? "through a lost connection" : "SKIPPED: no TEST_REDIS_URL", () => {
		let relay: CuttableRelay;
		let server: TestServer;
		/** Another server, on Redis directly: its connection never drops. */
		let bystander: TestServer;
		let fx: OrderingFixture;
		beforeAll(async () => {
			bystander = await startTestServer({ redisUrl });
			const target = new URL(redisUrl as string);
			relay = new CuttableRelay({ host: target.hostname, port: Number(target.port || 6379) });
			await relay.listen();
			const throughRelay = new URL(target);
			throughRelay.port = String(relay.port);
			server = await startTestServer({ redisUrl: throughRelay.toString() });
			fx = await new OrderingFixture(server).load();
		});
		afterAll(async () => {
			closeLiveSockets();
			await server?.close();
			await bystander?.close();
			await relay?.cut();
		});

		it("reports the outage, reconnects, subscribes again, tells open websockets to resync, and delivers events again", async () => {
			const { customer, live } = await customerOnline(server, fx);
			const elsewhere = await bystander.signIn("13800000003");
			const liveElsewhere = await connectLive(bystander, `ticket=${await ticketFor(bystander, elsewhere.accessToken)}`);

			await relay.cut();

			await untilBusState(server, "reconnecting");
			const down = await health(server);
			expect(down.httpStatus).toBe(503);
			expect(down.body).toMatchObject({ status: "unavailable", bus: { state: "reconnecting" } });
			// An order changed while the bus is down: its event is lost, which is what resync heals.
			const missed = await fx.paidOrder(customer.accessToken, "Fresh young coconut");
			await new Promise((resolve) => setTimeout(resolve, 1500));
			expect(server.deps.events.health().attempts).toBeGreaterThan(1);
			expect(orderEvents(live.messages, missed.id)).toEqual([]);

			await relay.listen();

			await untilBusState(server, "connected");
			await expectResyncAndEvents(server, fx, customer, live);
			// The other server heard everything, but not the event this one failed to publish:
			// its clients are told to resync too.
			await until(() => liveElsewhere.messages.some((m) => m.type === "resync"), 5000, "resync on the other server");
		});
	});
});
