import { ErrorCode, formatMessage } from "@bayon/contract";
import { describe, expect, it } from "vitest";
import { BusinessError } from "./business-error.js";

describe("a field that broke a rule", () => {
	it("names the field in a message that has a place for it", () => {
		const error = BusinessError.invalidField("settings.logo", "fieldInvalid");
		expect(error.code).toBe(ErrorCode.BadRequest);
		expect(formatMessage(error.messageKey, "en", error.params)).toBe("Invalid value: settings.logo");
		expect(error.data).toEqual({ issues: [{ field: "settings.logo", rule: "fieldInvalid" }] });
	});
});
