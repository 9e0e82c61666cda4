import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { BusConnectionStatus, type BusLog, backoffDelay } from "./bus-status.js";

function recordingLog() {
	const lines: { level: string; details: Record<string, unknown>; message: string }[] = [];
	const at =
		(level: string) =>
		(details: object, message: string): void => {
			lines.push({ level, details: details as Record<string, unknown>, message });
		};
	const log: BusLog = { info: at("info"), warn: at("warn"), error: at("error") };
	return { log, lines };
}

describe("backoffDelay", () => {
	it("doubles from the base up to the cap, scaled by jitter into half to all of the step", () => {
		const top = { baseDelayMs: 500, maxDelayMs: 30_000, random: () => 1 };
		expect([1, 2, 3, 4, 6, 7, 8, 100].map((n) => backoffDelay(n, top))).toEqual([
			500, 1000, 2000, 4000, 16_000, 30_000, 30_000, 30_000,
		]);
		expect(backoffDelay(3, { ...top, random: () => 0 })).toBe(1000);
	});
});

describe("BusConnectionStatus", () => {
	beforeEach(() => vi.useFakeTimers());
	afterEach(() => vi.useRealTimers());

	it("warns when lost, at most once a minute while attempts fail, and says when it is back", () => {
		const { log, lines } = recordingLog();
		const status = new BusConnectionStatus("postgres", log);

		expect(status.lost(new Error("terminated"))).toBe(true);
		expect(status.lost(new Error("again"))).toBe(false);
		for (let attempt = 0; attempt < 20; attempt++) {
			status.failedAttempt(new Error("ECONNREFUSED"));
			vi.advanceTimersByTime(2000);
		}
		// 40 s of failures: the loss and the first failed attempt only.
		expect(lines.map((line) => line.level)).toEqual(["warn", "warn"]);
		expect(status.health()).toMatchObject({ state: "reconnecting", attempts: 20 });

		vi.advanceTimersByTime(30_000);
		status.failedAttempt(new Error("ECONNREFUSED"));
		expect(lines).toHaveLength(3);
		expect(lines[2]?.details).toMatchObject({ bus: "postgres", attempts: 21 });

		status.failedPublish(new Error("down"));
		expect(status.restored()).toBe(1);
		expect(lines.at(-1)).toMatchObject({ level: "info", details: { attempts: 21, failedPublishes: 1 } });
		expect(status.health()).toMatchObject({ state: "connected", attempts: 0 });
		expect(lines.some((line) => line.level === "error")).toBe(false);
	});
});
