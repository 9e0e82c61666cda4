import { describe, it } from "vitest";
import { expectAllDelivered, quietBusLog } from "../../test/bus-delivery.js";
import { createPostgresBus } from "./bus.js";

// The LISTEN/NOTIFY bus of two servers on one PostgreSQL database (collected by the PostgreSQL
// project only: vitest.config.ts).
describe("the PostgreSQL bus under many publishes", () => {
	it("delivers every one of 300 events published at once to another server, in order", async () => {
		const url = process.env.TEST_POSTGRES_URL as string;
		await expectAllDelivered(
			await createPostgresBus(url, { log: quietBusLog }),
			await createPostgresBus(url, { log: quietBusLog }),
		);
	});
});
