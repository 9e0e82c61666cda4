import { describe, expect, it } from "vitest";
import { applyLanguage } from "../../lib/i18n";
import { loadStaffMessages } from "../../lib/i18n/messages";
import {
	amountText,
	attemptFor,
	cardDigits,
	caretAfterDigits,
	checkCard,
	checkWithdrawal,
	groupCardNumber,
	type WithdrawalDraft,
} from "./money-form";

const dollars = (minor: number) => `$${(minor / 100).toFixed(2)}`;
const limits = {
	shopId: 1,
	decimals: 2,
	lang: "zh-CN",
	withdrawable: 52_340,
	minimum: 1_000,
	money: dollars,
	amountFormat: "请输入金额，例如 12.50",
};
const draft = (extra: Partial<WithdrawalDraft> = {}): WithdrawalDraft => ({
	amount: "12.3",
	cardId: 11,
	code: "123456",
	...extra,
});

describe("the card number", () => {
	it("keeps only digits, at most 19, and shows them in groups of four", () => {
		expect(cardDigits("6222-0212 3456abc7890")).toBe("622202123456" + "7890");
		expect(cardDigits("1".repeat(25))).toHaveLength(19);
		expect(groupCardNumber("6222021234567890123")).toBe("6222 0212 3456 7890 123");
		expect(groupCardNumber("62220212")).toBe("6222 0212");
		expect(groupCardNumber("")).toBe("");
	});

	it("puts the caret right after the digit it followed", () => {
		expect(caretAfterDigits(0)).toBe(0);
		expect(caretAfterDigits(3)).toBe(3);
		expect(caretAfterDigits(4)).toBe(4);
		expect(caretAfterDigits(5)).toBe(6);
		expect(caretAfterDigits(9)).toBe(11);
	});

	it("is checked with the contract: 16 or 19 digits, in the spec's words", async () => {
		await applyLanguage("zh-CN");
		await loadStaffMessages("zh-CN");
		const at = { shopId: 1, lang: "zh-CN" };
		const card = { holder: "Sok Dara", bank: "ABA", code: "123456" };
		expect(checkCard({ ...card, cardNumber: "1".repeat(17) }, at).problems).toEqual({ cardNumber: "请输入正确的卡号" });
		expect(checkCard({ ...card, cardNumber: "1".repeat(15) }, at).problems?.cardNumber).toBe("请输入正确的卡号");
		expect(checkCard({ ...card, cardNumber: "1".repeat(16) }, at).input?.cardNumber).toBe("1".repeat(16));
		expect(checkCard({ ...card, cardNumber: "1".repeat(19) }, at).input?.cardNumber).toBe("1".repeat(19));
		expect(checkCard({ holder: " ", bank: "", cardNumber: "", code: "" }, at).problems).toEqual({
			holder: "请填写持卡人姓名",
			bank: "请填写开户银行",
			cardNumber: "请输入正确的卡号",
			code: "请输入6位数字验证码",
		});
	});
});

describe("the withdrawal amount", () => {
	it("is sent in minor units computed on the digits, never through a float", async () => {
		await loadStaffMessages("zh-CN");
		const amountOf = (amount: string) => checkWithdrawal(draft({ amount }), limits).input?.amount;
		expect(amountOf("12.3")).toBe(1230);
		expect(amountOf("12")).toBe(1200);
		expect(amountOf("12,5")).toBe(1250);
		// 19.99 × 100, 16.08 × 100, 4.35 × 100 and 0.57 × 100 are 1998.999…, 1607.999…, 434.999… and
		// 56.999… in floating point.
		expect(amountOf("19.99")).toBe(1999);
		expect(amountOf("16.08")).toBe(1608);
		expect(amountOf("4.35")).toBeUndefined(); // below the minimum of $10.00
		expect(checkWithdrawal(draft({ amount: "4.35" }), { ...limits, minimum: 1 }).input?.amount).toBe(435);
		expect(checkWithdrawal(draft({ amount: "0.57" }), { ...limits, minimum: 1 }).input?.amount).toBe(57);
		expect(amountOf("523.40")).toBe(52_340);
	});

	it("writes minor units back as the field's text exactly (withdraw all)", () => {
		expect(amountText(52_340, 2)).toBe("523.40");
		expect(amountText(5, 2)).toBe("0.05");
		expect(amountText(0, 2)).toBe("0.00");
		expect(amountText(123_456_789_012, 2)).toBe("1234567890.12");
		expect(amountText(4100, 0)).toBe("4100");
	});

	it("says what is missing in the spec's words, then the limits as the server would", async () => {
		await loadStaffMessages("zh-CN");
		expect(checkWithdrawal(draft({ amount: "", cardId: null, code: "" }), limits).problems).toEqual({
			amount: "请输入提现金额",
			cardId: "请选择提现账户",
			code: "请输入6位数字验证码",
		});
		expect(checkWithdrawal(draft({ amount: "0" }), limits).problems).toEqual({ amount: "请输入提现金额" });
		expect(checkWithdrawal(draft({ amount: "12.345" }), limits).problems).toEqual({
			amount: "请输入金额，例如 12.50",
		});
		expect(checkWithdrawal(draft({ amount: "523.41" }), limits).problems).toEqual({
			amount: "提现金额不能超过可提现金额$523.40",
		});
		expect(checkWithdrawal(draft({ amount: "9.99" }), limits).problems).toEqual({ amount: "单次提现不能少于$10.00" });
		expect(checkWithdrawal(draft(), { ...limits, withdrawable: 0 }).problems).toEqual({ amount: "暂无可提现金额" });
	});
});

describe("a withdrawal attempt", () => {
	it("keeps its key for the same request and takes a new one for another", () => {
		let n = 0;
		const key = () => `key-${++n}`;
		const request = { shopId: 1, amount: 1230, cardId: 11, code: "123456" };
		const first = attemptFor(null, request, key);
		expect(attemptFor(first, { ...request }, key)).toBe(first);
		const changed = attemptFor(first, { ...request, amount: 1300 }, key);
		expect(changed.key).toBe("key-2");
	});
});
