import { expect } from "vitest";
import type { DomainEvent, EventBus } from "../src/realtime/bus.js";

/** A bus's log that says nothing: these stories read what is delivered, not what is logged. */
export const quietBusLog = { info: () => {}, warn: () => {}, error: () => {} };

/** 300 events published at once by one server all reach another, in the order published. */
export async function expectAllDelivered(sender: EventBus, receiver: EventBus) {
	try {
		const heard: number[] = [];
		const run = Date.now();
		receiver.subscribe((event: DomainEvent) => {
			if (event.type === "menu.changed" && event.tenantId === run) heard.push(event.version);
		});
		const versions = Array.from({ length: 300 }, (_, index) => index + 1);
		await Promise.all(
			versions.map((version) => sender.publish({ type: "menu.changed", tenantId: run, shopId: 1, version })),
		);
		const deadline = Date.now() + 10_000;
		while (heard.length < versions.length && Date.now() < deadline)
			await new Promise((resolve) => setTimeout(resolve, 20));
		expect(heard).toEqual(versions);
	} finally {
		await sender.close();
		await receiver.close();
	}
}
