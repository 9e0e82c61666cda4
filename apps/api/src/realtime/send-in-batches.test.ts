import { describe, expect, it } from "vitest";
import { sendInBatches } from "./bus.js";

/** A sendMany whose calls stay on their way until the test lets them arrive. */
function heldSender() {
	const calls: Array<{ payloads: string[]; arrive: () => void; fail: (error: Error) => void }> = [];
	const sendMany = (payloads: string[]) =>
		new Promise<void>((resolve, reject) => {
			calls.push({ payloads, arrive: resolve, fail: reject });
		});
	return { calls, sendMany };
}

const settled = () => new Promise((resolve) => setImmediate(resolve));

// Through a real bus: send-in-batches.postgres.test.ts and send-in-batches.redis.test.ts.
describe("sending bus payloads in batches", () => {
	it("sends a payload alone at once, and those published meanwhile together next, in order", async () => {
		const { calls, sendMany } = heldSender();
		const send = sendInBatches(sendMany);
		const done: string[] = [];
		const first = send("a").then(() => done.push("a"));
		expect(calls.map((call) => call.payloads)).toEqual([["a"]]);

		const later = ["b", "c", "d"].map((payload) => send(payload).then(() => done.push(payload)));
		await settled();
		// Nothing else goes while the first batch is on its way, and nobody else is told it was sent.
		expect(calls).toHaveLength(1);
		expect(done).toEqual([]);

		calls[0]?.arrive();
		await first;
		await settled();
		expect(calls.map((call) => call.payloads)).toEqual([["a"], ["b", "c", "d"]]);
		expect(done).toEqual(["a"]);

		calls[1]?.arrive();
		await Promise.all(later);
		expect(done).toEqual(["a", "b", "c", "d"]);

		// Idle again: the next payload goes at once.
		void send("e");
		expect(calls.at(-1)?.payloads).toEqual(["e"]);
	});

	it("fails only the callers of a batch that failed, and goes on with the next", async () => {
		const { calls, sendMany } = heldSender();
		const send = sendInBatches(sendMany);
		const first = send("a");
		const second = send("b");
		const third = send("c");
		calls[0]?.fail(new Error("connection lost"));
		await expect(first).rejects.toThrow("connection lost");
		await settled();
		expect(calls[1]?.payloads).toEqual(["b", "c"]);
		calls[1]?.arrive();
		await expect(Promise.all([second, third])).resolves.toEqual([undefined, undefined]);
	});

	it("sends at most 100 payloads in one batch", async () => {
		const { calls, sendMany } = heldSender();
		const send = sendInBatches(sendMany);
		const all = Array.from({ length: 251 }, (_, index) => send(String(index)));
		calls[0]?.arrive();
		for (let batch = 1; batch <= 3; batch++) {
			await settled();
			calls[batch]?.arrive();
		}
		await Promise.all(all);
		expect(calls.map((call) => call.payloads.length)).toEqual([1, 100, 100, 50]);
		expect(calls.flatMap((call) => call.payloads)).toEqual(Array.from({ length: 251 }, (_, index) => String(index)));
	});
});
