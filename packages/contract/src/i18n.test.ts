import { describe, expect, it } from "vitest";
import { localize, resolveLanguage } from "./i18n.js";
import en from "./messages/en.js";
import km from "./messages/km.js";
import staffEn from "./messages/staff-en.js";
import staffKm from "./messages/staff-km.js";
import staffZhCN from "./messages/staff-zh-CN.js";
import zhCN from "./messages/zh-CN.js";
import { formatMessage, messages } from "./messages.js";

describe("resolveLanguage (spec §4)", () => {
	const available = ["zh-CN", "en", "km"];

	it.each([
		["zh-CN", "zh-CN"],
		["zh_TW", "zh-CN"],
		["zh-Hant-HK", "zh-CN"],
		["ZH", "zh-CN"],
		["en", "en"],
		["en_US", "en"],
		["en-GB", "en"],
		["km-KH", "km"],
		["km", "km"],
		["fr-FR", "zh-CN"],
		["", "zh-CN"],
		[undefined, "zh-CN"],
	])("%s → %s", (raw, expected) => {
		expect(resolveLanguage(raw, available)).toBe(expected);
	});

	it("only picks languages the server lists", () => {
		expect(resolveLanguage("km-KH", ["zh-CN", "en"])).toBe("zh-CN");
	});
});

describe("localize", () => {
	it("falls back to Chinese when a translation is missing", () => {
		expect(localize({ "zh-CN": "拿铁", en: "Latte" }, "km")).toBe("拿铁");
		expect(localize({ "zh-CN": "拿铁", en: "Latte" }, "en")).toBe("Latte");
		expect(localize({ "zh-CN": "拿铁", en: "" }, "en")).toBe("拿铁");
	});
});

describe("message catalogue", () => {
	it("has exactly zh-CN's keys in every language's table (the web app loads them one by one)", () => {
		const source = Object.keys(zhCN).sort();
		expect(source.length).toBeGreaterThan(100);
		expect(Object.keys(en).sort()).toEqual(source);
		expect(Object.keys(km).sort()).toEqual(source);
		const staffSource = Object.keys(staffZhCN).sort();
		expect(staffSource.length).toBeGreaterThan(50);
		expect(Object.keys(staffEn).sort()).toEqual(staffSource);
		expect(Object.keys(staffKm).sort()).toEqual(staffSource);
		// A key in both would be shadowed in the combined catalogue: each lives in one table.
		expect(staffSource.filter((key) => Object.hasOwn(zhCN, key))).toEqual([]);
		expect(Object.keys(messages).sort()).toEqual([...source, ...staffSource].sort());
	});

	it("combines the tables per message", () => {
		expect(messages.phoneFormat).toEqual({
			"zh-CN": zhCN.phoneFormat,
			en: "Phone number format is wrong",
			km: km.phoneFormat,
		});
	});

	it("has every message in all three languages", () => {
		for (const [key, text] of Object.entries(messages)) {
			for (const lang of ["zh-CN", "en", "km"] as const) {
				expect(text[lang], `${key} in ${lang}`).toBeTruthy();
			}
			expect(text.km, `${key} in km is Khmer`).toMatch(/[\u1780-\u17ff]/);
		}
	});

	it("fills placeholders and falls back to Chinese for an unknown language", () => {
		expect(formatMessage("smsSendTooFrequent", "en", { seconds: 42 })).toBe(
			"Please wait 42 s before requesting another code",
		);
		expect(formatMessage("phoneFormat", "fr")).toBe("手机号格式错误");
	});
});
