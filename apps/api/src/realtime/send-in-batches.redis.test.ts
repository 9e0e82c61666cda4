import { describe, it } from "vitest";
import { expectAllDelivered, quietBusLog } from "../../test/bus-delivery.js";
import { createRedisBus } from "./bus.js";

// Collected only where TEST_REDIS_URL names a Redis, once a run (vitest.config.ts).
describe("the Redis bus under many publishes", () => {
	it("delivers every one of 300 events published at once to another server, in order", async () => {
		const url = process.env.TEST_REDIS_URL as string;
		await expectAllDelivered(
			await createRedisBus(url, { log: quietBusLog }),
			await createRedisBus(url, { log: quietBusLog }),
		);
	});
});
