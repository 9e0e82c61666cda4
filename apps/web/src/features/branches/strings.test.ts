import { describe, expect, it } from "vitest";
import { branchStrings, branchText } from "./strings";

describe("branch texts", () => {
	const source = Object.keys(branchStrings["zh-CN"] ?? {}).sort();
	it.each(["en", "km"])("%s has exactly the keys of zh-CN, none empty, with the same placeholders", (lang) => {
		const strings: Record<string, string> = branchStrings[lang] ?? {};
		expect(Object.keys(strings).sort()).toEqual(source);
		const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();
		for (const [key, text] of Object.entries(strings)) {
			expect(text.trim(), key).not.toBe("");
			expect(placeholders(text), key).toEqual(
				placeholders((branchStrings["zh-CN"] as Record<string, string>)[key] ?? ""),
			);
		}
	});
	it("fills placeholders and falls back to Chinese for an unknown language", () => {
		expect(branchText("en", "done.title", { name: "BKK1" })).toBe("BKK1 is set up");
		expect(branchText("xx", "submit")).toBe("开设分店");
	});
});
