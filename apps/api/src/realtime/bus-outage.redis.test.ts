import net from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { customerOnline, expectResyncAndEvents, health, untilBusState } from "../../test/bus-outage.js";
import { startTestServer, type TestServer } from "../../test/harness.js";
import { closeLiveSockets, connectLive, orderEvents, ticketFor, until } from "../../test/live-socket.js";
import { OrderingFixture } from "../../test/ordering.js";

/**
 * The Redis bus survives its connection being cut under a running server. Collected only where
 * TEST_REDIS_URL names a Redis (vitest.config.ts); the shared Redis itself is never stopped.
 */
const REDIS_URL = process.env.TEST_REDIS_URL as string;

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

describe("the Redis event bus", () => {
	describe("through a lost connection", () => {
		let relay: CuttableRelay;
		let server: TestServer;
		/** Another server, on Redis directly: its connection never drops. */
		let bystander: TestServer;
		let fx: OrderingFixture;
		beforeAll(async () => {
			bystander = await startTestServer({ redisUrl: REDIS_URL });
			const target = new URL(REDIS_URL);
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
