import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { customerOnline, expectResyncAndEvents, health, untilBusState } from "../../test/bus-outage.js";
import { startTestServer, type TestServer } from "../../test/harness.js";
import { closeLiveSockets } from "../../test/live-socket.js";
import { OrderingFixture } from "../../test/ordering.js";
import { startThrowawayPostgres, type ThrowawayPostgres } from "../../test/throwaway-postgres.js";

/**
 * The LISTEN/NOTIFY bus survives the database restarting under a running server. A cluster of
 * the test's own, stopped and started, whatever database the rest of the suite runs on: collected
 * once, by the PostgreSQL project, where the server binaries are (vitest.config.ts).
 */
describe("the PostgreSQL event bus", () => {
	describe("through a database restart", () => {
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
	});
});
