import { describe, expect, it } from "vitest";
import { safeRedirect, validateCode, validateLogin, validateMobile } from "./login-form";

describe("login form rules (spec §5)", () => {
	it("asks for a phone number when none is given", () => {
		expect(validateMobile("")).toBe("fillPhone");
		expect(validateMobile("   ")).toBe("fillPhone");
	});

	it("accepts 11 digits starting with 1 then 3–9", () => {
		expect(validateMobile("13800000001")).toBeUndefined();
		expect(validateMobile("19912345678")).toBeUndefined();
	});

	it.each(["12800000001", "1380000000", "138000000012", "23800000001", "1380000000a"])("rejects %s", (mobile) => {
		expect(validateMobile(mobile)).toBe("phoneFormat");
	});

	it("needs a 6-digit code", () => {
		expect(validateCode("123456")).toBeUndefined();
		expect(validateCode("12345")).toBe("smsCodeFormat");
		expect(validateCode("1234567")).toBe("smsCodeFormat");
		expect(validateCode("12a456")).toBe("smsCodeFormat");
	});

	it("reports every problem at once, including the unticked agreement", () => {
		expect(validateLogin({ mobile: "", code: "", agreed: false })).toEqual({
			mobile: "fillPhone",
			code: "smsCodeFormat",
			agreement: "tickAgreement",
		});
		expect(validateLogin({ mobile: "13800000001", code: "123456", agreed: true })).toEqual({});
	});

	it("follows only redirects inside the app", () => {
		expect(safeRedirect("/pages/mine/mine?x=1")).toBe("/pages/mine/mine?x=1");
		expect(safeRedirect("//evil.example/")).toBeNull();
		expect(safeRedirect("https://evil.example/")).toBeNull();
		expect(safeRedirect("/\\evil.example")).toBeNull();
		expect(safeRedirect(null)).toBeNull();
	});
});
