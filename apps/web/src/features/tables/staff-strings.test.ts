import { describe, expect, it } from "vitest";
import { tableStaffStrings, tableStaffText } from "./staff-strings";

describe("the staff's table texts", () => {
	const source = Object.keys(tableStaffStrings["zh-CN"] ?? {}).sort();
	it.each(["en", "km"])("%s has exactly the keys of zh-CN, none empty", (lang) => {
		const strings: Record<string, string> = tableStaffStrings[lang] ?? {};
		expect(Object.keys(strings).sort()).toEqual(source);
		for (const text of Object.values(strings)) expect(text.trim()).not.toBe("");
	});
	it("fills placeholders, falling back to Chinese", () => {
		expect(tableStaffText("en", "bell.calling", { count: 2 })).toBe("2 table(s) calling");
		expect(tableStaffText("xx", "state.calling")).toBe("呼叫中");
	});
});
