import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createBeeper, createOrderAlarm } from "./alert";

describe("new-order alarm", () => {
	beforeEach(() => {
		vi.useFakeTimers();
	});
	afterEach(() => {
		vi.useRealTimers();
	});

	it("beeps at once and every 5 s until acknowledged", () => {
		const play = vi.fn();
		const alarm = createOrderAlarm({ play });
		alarm.sync([7]);
		expect(play).toHaveBeenCalledTimes(1);
		expect(alarm.ringing()).toEqual([7]);
		vi.advanceTimersByTime(4999);
		expect(play).toHaveBeenCalledTimes(1);
		vi.advanceTimersByTime(1);
		expect(play).toHaveBeenCalledTimes(2);
		vi.advanceTimersByTime(10_000);
		expect(play).toHaveBeenCalledTimes(4);

		alarm.acknowledge();
		expect(alarm.ringing()).toEqual([]);
		vi.advanceTimersByTime(60_000);
		expect(play).toHaveBeenCalledTimes(4);
	});

	it("an acknowledged order never rings again; a new one does", () => {
		const play = vi.fn();
		const alarm = createOrderAlarm({ play });
		alarm.sync([1]);
		alarm.acknowledge(1);
		alarm.sync([1]);
		expect(play).toHaveBeenCalledTimes(1);
		vi.advanceTimersByTime(20_000);
		expect(play).toHaveBeenCalledTimes(1);

		alarm.sync([1, 2]);
		expect(alarm.ringing()).toEqual([2]);
		expect(play).toHaveBeenCalledTimes(2);
	});

	it("keeps ringing while any order is unacknowledged, and a newcomer beeps at once", () => {
		const play = vi.fn();
		const alarm = createOrderAlarm({ play, intervalMs: 5000 });
		alarm.sync([1]);
		vi.advanceTimersByTime(2000);
		alarm.sync([1, 2]);
		expect(play).toHaveBeenCalledTimes(2);
		alarm.acknowledge(1);
		expect(alarm.ringing()).toEqual([2]);
		vi.advanceTimersByTime(3000);
		expect(play).toHaveBeenCalledTimes(3);
		alarm.acknowledge(2);
		vi.advanceTimersByTime(30_000);
		expect(play).toHaveBeenCalledTimes(3);
	});

	it("stops when the order is handled elsewhere (accepted by a colleague)", () => {
		const play = vi.fn();
		const alarm = createOrderAlarm({ play });
		const listener = vi.fn();
		alarm.subscribe(listener);
		alarm.sync([3]);
		alarm.sync([]);
		expect(alarm.ringing()).toEqual([]);
		vi.advanceTimersByTime(30_000);
		expect(play).toHaveBeenCalledTimes(1);
		expect(listener).toHaveBeenCalledTimes(2);
		alarm.dispose();
	});
});

class FakeParam {
	value = 0;
	setValueAtTime = vi.fn();
	exponentialRampToValueAtTime = vi.fn();
}
class FakeNode {
	frequency = new FakeParam();
	gain = new FakeParam();
	type = "";
	connect = vi.fn((next: unknown) => next);
	start = vi.fn();
	stop = vi.fn();
}
class FakeAudioContext {
	static created = 0;
	state: "running" | "suspended" = "suspended";
	currentTime = 0;
	destination = {};
	oscillators: FakeNode[] = [];
	resume = vi.fn(async () => {
		this.state = "running";
	});
	close = vi.fn(async () => {});
	constructor() {
		FakeAudioContext.created += 1;
	}
	createOscillator() {
		const node = new FakeNode();
		this.oscillators.push(node);
		return node;
	}
	createGain() {
		return new FakeNode();
	}
}

describe("Web Audio beep", () => {
	it("creates one context lazily, resumes it, and plays two tones per beep", () => {
		FakeAudioContext.created = 0;
		let context: FakeAudioContext | undefined;
		const Ctor = class extends FakeAudioContext {
			constructor() {
				super();
				context = this;
			}
		};
		const beeper = createBeeper(Ctor as unknown as new () => AudioContext);
		expect(FakeAudioContext.created).toBe(0);
		beeper.beep();
		beeper.beep();
		expect(FakeAudioContext.created).toBe(1);
		expect(context?.resume).toHaveBeenCalled();
		expect(context?.oscillators).toHaveLength(4);
		expect(context?.oscillators[0]?.start).toHaveBeenCalled();
	});

	it("is silent without Web Audio, and says so", () => {
		const beeper = createBeeper(undefined);
		expect(() => beeper.beep()).not.toThrow();
		expect(beeper.state()).toBe("unavailable");
	});

	it("reads suspended until a tap resumes the context, and tells when that changes", async () => {
		const changed = vi.fn();
		const beeper = createBeeper(FakeAudioContext as unknown as new () => AudioContext, changed);
		expect(beeper.state()).toBe("suspended");
		beeper.prepare();
		expect(changed).toHaveBeenCalledTimes(1);
		expect(beeper.state()).toBe("suspended");
		beeper.unlock();
		await vi.waitFor(() => expect(beeper.state()).toBe("running"));
		expect(changed).toHaveBeenCalledTimes(2);
	});

	it("reads unavailable when the browser refuses to create a context", () => {
		const changed = vi.fn();
		const Refusing = class {
			constructor() {
				throw new Error("NotSupportedError");
			}
		};
		const beeper = createBeeper(Refusing as unknown as new () => AudioContext, changed);
		beeper.beep();
		expect(beeper.state()).toBe("unavailable");
		expect(changed).toHaveBeenCalledTimes(1);
	});
});
