import { describe, expect, it } from "vitest";
import { shopSettingsStrings } from "./strings";

describe("shop settings texts", () => {
	const source = Object.keys(shopSettingsStrings["zh-CN"] ?? {}).sort();
	it.each(["en", "km"])("%s has exactly the keys of zh-CN, none empty", (lang) => {
		const strings: Record<string, string> = shopSettingsStrings[lang] ?? {};
		expect(Object.keys(strings).sort()).toEqual(source);
		for (const text of Object.values(strings)) expect(text.trim()).not.toBe("");
	});
});
