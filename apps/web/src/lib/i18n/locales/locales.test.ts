import { describe, expect, it } from "vitest";
import en from "./en";
import km from "./km";
import zhCN from "./zh-CN";

describe("UI translations", () => {
	const source = Object.keys(zhCN).sort();

	it.each([
		["en", en],
		["km", km],
	])("%s has exactly the keys of zh-CN", (_, locale) => {
		expect(Object.keys(locale).sort()).toEqual(source);
	});

	it.each([
		["zh-CN", zhCN],
		["en", en],
		["km", km],
	])("%s has no empty text and keeps every {{placeholder}}", (_, locale) => {
		for (const [key, text] of Object.entries(locale)) {
			expect(text.trim(), key).not.toBe("");
			const expected = (zhCN[key as keyof typeof zhCN].match(/\{\{\w+\}\}/g) ?? []).sort();
			expect((text.match(/\{\{\w+\}\}/g) ?? []).sort(), key).toEqual(expected);
		}
	});
});
