import { describe, expect, it } from "vitest";
import { noticeStrings } from "./strings";

describe("texts of the Telegram pages", () => {
	const source = Object.keys(noticeStrings.catalog["zh-CN"]).sort();
	it.each(["en", "km"] as const)("%s has exactly the keys of zh-CN, none empty", (lang) => {
		const catalog: Record<string, string> = noticeStrings.catalog[lang];
		expect(Object.keys(catalog).sort()).toEqual(source);
		for (const text of Object.values(catalog)) expect(text.trim()).not.toBe("");
	});
	it("names the bot in each language", () => {
		expect(noticeStrings.text("km", "openBot", { bot: "@bayon_bot" })).toBe("បើក @bayon_bot");
		expect(noticeStrings.text("zh-CN", "reach.notAllowed.body", { bot: "@bayon_bot" })).toContain("@bayon_bot");
	});
});
