import { type MessageKey, mobileField, smsCodeField } from "@bayon/contract";
import { isMessageKey } from "../../lib/i18n/messages";

/** Which message (a key of the contract catalogue) each field of the login form shows. */
export interface LoginErrors {
	mobile?: MessageKey;
	code?: MessageKey;
	agreement?: MessageKey;
}

export interface LoginValues {
	mobile: string;
	code: string;
	agreed: boolean;
}

function firstMessage(result: { success: boolean; error?: { issues: { message: string }[] } }): MessageKey | undefined {
	if (result.success) return undefined;
	const key = result.error?.issues[0]?.message ?? "";
	return isMessageKey(key) ? key : "fieldInvalid";
}

/** Spec §5 phone rule (the contract's `mobileField`): fillPhone when empty, phoneFormat otherwise. */
export function validateMobile(mobile: string): MessageKey | undefined {
	return firstMessage(mobileField.safeParse(mobile));
}

/** Six digits (spec §5 default code length). */
export function validateCode(code: string): MessageKey | undefined {
	return firstMessage(smsCodeField.safeParse(code));
}

export function validateLogin(values: LoginValues): LoginErrors {
	const errors: LoginErrors = {};
	const mobile = validateMobile(values.mobile);
	if (mobile) errors.mobile = mobile;
	const code = validateCode(values.code);
	if (code) errors.code = code;
	if (!values.agreed) errors.agreement = "tickAgreement";
	return errors;
}

export function hasErrors(errors: LoginErrors): boolean {
	return Object.keys(errors).length > 0;
}

/** Only paths inside this app are followed after sign-in (no open redirect). */
export function safeRedirect(raw: string | null): string | null {
	if (!raw?.startsWith("/") || raw.startsWith("//") || raw.startsWith("/\\")) return null;
	return raw;
}
