import { describe, expect, it } from "vitest";
import { activeSectionIndex, scrollTargetFor } from "./scroll-spy";

describe("scroll-spy", () => {
	it("picks the last section whose top has passed the reading line", () => {
		expect(activeSectionIndex([0, 400, 900], 13, false)).toBe(0);
		expect(activeSectionIndex([-200, 13, 500], 13, false)).toBe(1);
		expect(activeSectionIndex([-900, -400, 14], 13, false)).toBe(1);
	});

	it("keeps the first section before any reaches the line", () => {
		expect(activeSectionIndex([120, 600], 13, false)).toBe(0);
	});

	it("picks the last section at the bottom of the page, even when it is short", () => {
		expect(activeSectionIndex([-900, -300, 300], 13, true)).toBe(2);
	});

	it("has nothing to pick without sections", () => {
		expect(activeSectionIndex([], 13, false)).toBe(-1);
	});

	it("scrolls so that a section's top lands at the offset", () => {
		expect(scrollTargetFor(500, 1000, 12)).toBe(1488);
		expect(scrollTargetFor(-2000, 1000, 12)).toBe(0);
	});
});
