import { describe, expect, it } from "vitest";
import { KHQR_EXPIRY_GRACE_SECONDS, khqrNextCheckAt } from "./index.js";

/** The background job's questions about a KHQR payment (for payments/attempts/in-doubt.ts to use). */
describe("when the job asks Bakong again", () => {
	const created = new Date("2026-12-07T05:00:00Z");
	const expires = new Date(created.getTime() + 30 * 60_000);
	const at = (minutes: number) => new Date(created.getTime() + minutes * 60_000);
	const after = (minutes: number) =>
		(khqrNextCheckAt({ created_at: created, rail_expires_at: expires }, at(minutes)).getTime() -
			at(minutes).getTime()) /
		1000;

	it("asks every 30 s at first, backing off to every two minutes while the code lives", () => {
		expect(after(0.5)).toBe(30);
		expect(after(4)).toBe(60);
		expect(after(20)).toBe(120);
	});

	it("asks right after the grace once the code expired, and on that schedule after", () => {
		const decidable = expires.getTime() + (KHQR_EXPIRY_GRACE_SECONDS + 1) * 1000;
		expect(khqrNextCheckAt({ created_at: created, rail_expires_at: expires }, at(39)).getTime()).toBe(decidable);
		expect(after(29.5)).toBe(120);
		expect(after(45)).toBe(120);
	});
});
