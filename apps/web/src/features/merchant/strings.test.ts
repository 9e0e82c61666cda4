import { describe, expect, it } from "vitest";
import { checkPhone, staffOrderLines } from "./staff-order";
import { merchantStrings, merchantText } from "./strings";

describe("merchant texts", () => {
	const source = Object.keys(merchantStrings["zh-CN"] ?? {}).sort();
	it.each(["en", "km"])("%s has exactly the keys of zh-CN, none empty", (lang) => {
		const strings: Record<string, string> = merchantStrings[lang] ?? {};
		expect(Object.keys(strings).sort()).toEqual(source);
		for (const text of Object.values(strings)) expect(text.trim()).not.toBe("");
	});
	it("fills placeholders and labels the two order sources", () => {
		expect(merchantText("en", "board.alert", { count: 2 })).toBe("2 new order(s) waiting");
		expect(merchantText("en", "order.source.staff")).toBe("Employee help");
		expect(merchantText("en", "order.source.user")).toBe("User ordering");
		expect(merchantText("xx", "order.source.staff")).toBe("员工帮点");
	});
});

describe("staff ordering", () => {
	it("checks the customer's phone with the spec rule", () => {
		expect(checkPhone("")).toBe("fillPhone");
		expect(checkPhone("12800000003")).toBe("phoneFormat");
		expect(checkPhone("1380000000")).toBe("phoneFormat");
		expect(checkPhone("13800000003")).toBeNull();
	});

	it("sends each line with the options the staff chose and leaves zero quantities out", () => {
		const lines = staffOrderLines([
			{ itemId: 1, quantity: 2, optionIds: [11, 21] },
			{ itemId: 1, quantity: 1, optionIds: [10, 21] },
			{ itemId: 2, quantity: 0, optionIds: [] },
		]);
		expect(lines).toEqual([
			{ itemId: 1, quantity: 2, optionIds: [11, 21] },
			{ itemId: 1, quantity: 1, optionIds: [10, 21] },
		]);
	});
});
