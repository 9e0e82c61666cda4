import { describe, expect, it } from "vitest";
import { SendSmsCodeInput, SmsLoginInput, UpdateProfileInput } from "./identity.js";

const firstMessage = (result: { success: boolean; error?: { issues: Array<{ message: string }> } }) =>
	result.success ? undefined : result.error?.issues[0]?.message;

describe("phone rule (spec §5: 11 digits, 1 then 3–9)", () => {
	it.each(["13800000000", "19912345678", " 13800000000 "])("accepts %s", (mobile) => {
		expect(SendSmsCodeInput.safeParse({ mobile }).success).toBe(true);
	});

	it.each(["12800000000", "1380000000", "138000000000", "23800000000", "1380000000a"])(
		"rejects %s as phoneFormat",
		(mobile) => {
			expect(firstMessage(SendSmsCodeInput.safeParse({ mobile }))).toBe("phoneFormat");
		},
	);

	it("asks to fill in the phone when empty or missing", () => {
		expect(firstMessage(SendSmsCodeInput.safeParse({ mobile: "" }))).toBe("fillPhone");
		expect(firstMessage(SendSmsCodeInput.safeParse({}))).toBe("fillPhone");
	});
});

describe("verification code", () => {
	it("is exactly six digits", () => {
		expect(SmsLoginInput.safeParse({ mobile: "13800000000", code: "012345" }).success).toBe(true);
		for (const code of ["12345", "1234567", "12a456"]) {
			expect(firstMessage(SmsLoginInput.safeParse({ mobile: "13800000000", code }))).toBe("smsCodeFormat");
		}
	});
});

describe("profile update", () => {
	it("trims the nickname and keeps it within 1–20 characters", () => {
		expect(UpdateProfileInput.parse({ nickname: "  Dara " }).nickname).toBe("Dara");
		expect(UpdateProfileInput.safeParse({ nickname: "字".repeat(20) }).success).toBe(true);
		expect(firstMessage(UpdateProfileInput.safeParse({ nickname: "字".repeat(21) }))).toBe("nicknameLength");
	});

	it("refuses a phone change and unknown fields", () => {
		expect(firstMessage(UpdateProfileInput.safeParse({ mobile: "13800000000" }))).toBe("fieldNotAllowed");
	});

	it("accepts real past dates only", () => {
		expect(UpdateProfileInput.safeParse({ birthday: "2000-02-29" }).success).toBe(true);
		expect(firstMessage(UpdateProfileInput.safeParse({ birthday: "2001-02-29" }))).toBe("birthdayInvalid");
		expect(firstMessage(UpdateProfileInput.safeParse({ birthday: "2999-01-01" }))).toBe("birthdayInvalid");
	});
});
