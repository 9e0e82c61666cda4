import { STAFF_STEP_TARGET } from "@bayon/contract";
import { describe, expect, it } from "vitest";
import { merchantPluralForms, merchantStrings, merchantText } from "./strings";

describe("merchant texts", () => {
	const source = Object.keys(merchantStrings["zh-CN"] ?? {}).sort();
	it.each(["en", "km"])("%s has exactly the keys of zh-CN, none empty", (lang) => {
		const strings: Record<string, string> = merchantStrings[lang] ?? {};
		expect(Object.keys(strings).sort()).toEqual(source);
		for (const text of Object.values(strings)) expect(text.trim()).not.toBe("");
	});
	it("names the delivery step for what it does: the order goes out (delivering), it is not delivered yet (issue 27)", () => {
		expect(STAFF_STEP_TARGET.dispatch).toBe("delivering");
		expect(merchantText("zh-CN", "action.dispatch")).toBe("开始配送");
		expect(merchantText("en", "action.dispatch")).toBe("Send out");
		expect(merchantText("km", "action.dispatch")).toBe("ចេញដឹកជញ្ជូន");
		// Never a word of arrival ("delivered") on a button that starts the delivery.
		for (const lang of ["zh-CN", "en", "km"])
			expect(merchantText(lang, "action.dispatch")).not.toMatch(/已配送|已送达|Dispatched|Delivered|បានបញ្ជូន/);
	});
	it("says 1 new order and 1 round in English, and uses one form in Chinese and Khmer", () => {
		expect(merchantText("en", "board.alert", { count: 1 })).toBe("1 new order waiting");
		expect(merchantText("en", "bills.rounds", { count: 1 })).toBe("1 round");
		expect(merchantText("en", "bills.rounds", { count: 0 })).toBe("0 rounds");
		expect(merchantText("zh-CN", "bills.rounds", { count: 1 })).toBe("1 轮点单");
		expect(merchantText("km", "bills.rounds", { count: 1 })).toBe("កម្មង់ 1 លើក");
	});
	it("has each plural form a language needs for every counted text", () => {
		for (const lang of ["zh-CN", "en", "km"]) {
			const categories = new Intl.PluralRules(lang).resolvedOptions().pluralCategories.filter((c) => c !== "other");
			for (const [key, text] of Object.entries(merchantStrings["zh-CN"] ?? {})) {
				if (!text.includes("{{count}}")) continue;
				const forms = merchantPluralForms[lang]?.[key as keyof typeof merchantPluralForms.en] ?? {};
				expect(Object.keys(forms).sort(), `${lang} ${key}`).toEqual([...categories].sort());
			}
		}
	});
	it("fills placeholders and labels the two order sources", () => {
		expect(merchantText("en", "board.alert", { count: 2 })).toBe("2 new orders waiting");
		expect(merchantText("en", "order.source.staff")).toBe("Employee help");
		expect(merchantText("en", "order.source.user")).toBe("User ordering");
		expect(merchantText("xx", "order.source.staff")).toBe("员工帮点");
	});
});
