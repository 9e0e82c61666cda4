import { ErrorCode } from "@bayon/contract";
import { describe, expect, it } from "vitest";
import { defaultRateLimits } from "../../lib/config.js";
import { checkSmsSendAllowed, type SmsSendHistory } from "./rules.js";

const now = new Date("2026-11-21T10:00:00Z");
const ago = (seconds: number) => new Date(now.getTime() - seconds * 1000);
const quiet: SmsSendHistory = {
	lastSentToPhoneAt: null,
	sentToPhoneInWindow: 0,
	oldestInWindowAt: null,
	sentToPhoneToday: 0,
	sentFromIpInHour: 0,
};

describe("checkSmsSendAllowed", () => {
	it("allows the first send", () => {
		expect(checkSmsSendAllowed(quiet, now, defaultRateLimits)).toEqual({ allowed: true });
	});

	it("holds the 60 s cooldown to the second", () => {
		const at59 = { ...quiet, lastSentToPhoneAt: ago(59), sentToPhoneInWindow: 1, sentToPhoneToday: 1 };
		const at60 = { ...at59, lastSentToPhoneAt: ago(60) };

		expect(checkSmsSendAllowed(at59, now, defaultRateLimits)).toEqual({
			allowed: false,
			code: ErrorCode.SmsSendTooFrequent,
			retryAfterSeconds: 1,
		});
		expect(checkSmsSendAllowed(at60, now, defaultRateLimits)).toEqual({ allowed: true });
	});

	it("allows the 5th send in 10 minutes and refuses the 6th until the oldest leaves the window", () => {
		const four = {
			...quiet,
			lastSentToPhoneAt: ago(61),
			sentToPhoneInWindow: 4,
			oldestInWindowAt: ago(300),
			sentToPhoneToday: 4,
		};
		const five = { ...four, sentToPhoneInWindow: 5, sentToPhoneToday: 5 };

		expect(checkSmsSendAllowed(four, now, defaultRateLimits)).toEqual({ allowed: true });
		expect(checkSmsSendAllowed(five, now, defaultRateLimits)).toEqual({
			allowed: false,
			code: ErrorCode.SmsSendLimit,
			retryAfterSeconds: 300,
		});
	});

	it("caps sends per phone per day and per IP per hour", () => {
		const daily = { ...quiet, lastSentToPhoneAt: ago(3600), sentToPhoneToday: 10 };
		const ip = { ...quiet, sentFromIpInHour: 20 };

		expect(checkSmsSendAllowed(daily, now, defaultRateLimits)).toMatchObject({
			allowed: false,
			code: ErrorCode.SmsSendLimit,
		});
		expect(checkSmsSendAllowed(ip, now, defaultRateLimits)).toMatchObject({
			allowed: false,
			code: ErrorCode.SmsSendIpLimit,
		});
		expect(checkSmsSendAllowed({ ...ip, sentFromIpInHour: 19 }, now, defaultRateLimits)).toEqual({ allowed: true });
	});
});
