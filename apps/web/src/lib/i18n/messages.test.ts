import { formatMessage as serverFormatMessage } from "@bayon/contract";
import { describe, expect, it } from "vitest";
import { applyLanguage } from "./index";
import { formatMessage, isMessageKey } from "./messages";

// The order matters: the tables a test loads stay loaded for the ones after it.
describe("the web's shared messages, one language at a time", () => {
	// zh-CN's table is loaded as at start-up (src/test/setup.ts); en's and km's are not yet.
	it("reads zh-CN, the fallback, while a language's table is not loaded", () => {
		expect(formatMessage("phoneFormat", "km")).toBe("手机号格式错误");
		expect(formatMessage("smsSendTooFrequent", "en", { seconds: 42 })).toBe("发送太频繁，请42秒后再试");
	});

	it("reads a language's table once switching to it has finished", async () => {
		await applyLanguage("km");
		expect(formatMessage("phoneFormat", "km")).toBe("ទម្រង់លេខទូរស័ព្ទមិនត្រឹមត្រូវ");
		expect(formatMessage("phoneFormat", "en")).toBe("手机号格式错误");
		await applyLanguage("en");
		expect(formatMessage("smsSendTooFrequent", "en", { seconds: 42 })).toBe(
			"Please wait 42 s before requesting another code",
		);
		await applyLanguage("zh-CN");
	});

	it("fills placeholders as the server does, and reads zh-CN for an unknown language", () => {
		for (const lang of ["zh-CN", "en", "km", "fr"]) {
			expect(formatMessage("smsSendTooFrequent", lang, { seconds: 7 })).toBe(
				serverFormatMessage("smsSendTooFrequent", lang, { seconds: 7 }),
			);
			expect(formatMessage("vipCardOtherActive", lang, { name: "Gold" })).toBe(
				serverFormatMessage("vipCardOtherActive", lang, { name: "Gold" }),
			);
		}
	});

	it("knows the catalogue's keys and nothing else", () => {
		expect(isMessageKey("phoneFormat")).toBe(true);
		expect(isMessageKey("noSuchMessage")).toBe(false);
		expect(isMessageKey("toString")).toBe(false);
	});
});
