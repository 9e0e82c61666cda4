import { beforeAll, describe, expect, it } from "vitest";
import { parseMoney } from "../../lib/form";
import { loadMessages, loadStaffMessages } from "../../lib/i18n/messages";
import { attemptFor, checkCharge, extractPayCode, groupPayCode, payCodeDigits } from "./staff-counter-form";

// The app loads a language's messages with its locale; these checks read en directly.
// The counter is a merchant page: MerchantGuard has loaded the staff messages.
beforeAll(() => Promise.all([loadMessages("en"), loadStaffMessages("en")]));

const at = { shopId: 1, decimals: 2, lang: "en", amountFormat: "Enter an amount such as 12.50" };

describe("the counter's payment code and amount", () => {
	it("keeps the digits of what was typed or pasted, at most 18, and shows them in fours", () => {
		expect(payCodeDigits("1234 5678-9012 3456 78 99")).toBe("123456789012345678");
		expect(groupPayCode("123456789012345678")).toBe("1234 5678 9012 3456 78");
		expect(groupPayCode("12345")).toBe("1234 5");
		expect(groupPayCode("1234")).toBe("1234");
	});

	it("finds the code in what the camera read, and nothing in other codes", () => {
		expect(extractPayCode("123456789012345678")).toBe("123456789012345678");
		expect(extractPayCode(" 1234 5678 9012 3456 78 ")).toBe("123456789012345678");
		expect(extractPayCode("https://bayon.example/pay?code=123456789012345678")).toBe("123456789012345678");
		expect(extractPayCode("https://bayon.example/t/abc")).toBeNull();
		expect(extractPayCode("12345678901234567")).toBeNull();
		expect(extractPayCode("1234567890123456789")).toBeNull();
	});

	it("turns a typed amount into minor units exactly, and refuses what is not an amount", () => {
		expect(parseMoney("12.50", 2)).toBe(1250);
		expect(parseMoney("12,5", 2)).toBe(1250);
		expect(parseMoney("0.29", 2)).toBe(29);
		expect(parseMoney("1005", 0)).toBe(1005);
		expect(parseMoney("", 2)).toBeNull();
		for (const bad of ["12.345", "1.2.3", "-5", "abc", "1e3", "10.5"]) {
			const decimals = bad === "10.5" ? 0 : 2;
			expect(parseMoney(bad, decimals), bad).toBeNaN();
		}
	});

	it("builds the charge the server expects, or the contract's message per field", () => {
		expect(checkCharge({ code: "123456789012345678", amount: "12.50", note: " Table 4 " }, at)).toEqual({
			input: { shopId: 1, code: "123456789012345678", amount: 1250, note: "Table 4" },
			problems: null,
		});
		expect(checkCharge({ code: "", amount: "", note: "" }, at).problems).toEqual({
			code: "Scan or type the member's payment code",
			amount: "Enter the amount to charge",
		});
		expect(checkCharge({ code: "1234", amount: "0.00", note: "" }, at).problems).toEqual({
			code: "A payment code has 18 digits",
			amount: "Enter the amount to charge",
		});
		expect(checkCharge({ code: "123456789012345678", amount: "9.999", note: "" }, at).problems).toEqual({
			amount: "Enter an amount such as 12.50",
		});
	});

	it("keeps one key per charge intent: the same request keeps it, another gets a new one", () => {
		let n = 0;
		const newKey = () => `key-${++n}`;
		const charge = { shopId: 1, code: "123456789012345678", amount: 1250, note: "" };
		const first = attemptFor(null, charge, newKey);
		expect(attemptFor(first, { ...charge }, newKey)).toBe(first);
		expect(attemptFor(first, { ...charge, amount: 1300 }, newKey).key).toBe("key-2");
	});
});
