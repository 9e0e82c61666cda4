import { describe, expect, it } from "vitest";
import { describeValue } from "./describe";
import { changeWord } from "./strings";

const dollars = { code: "USD", symbol: "$", decimals: 2, rate: 1, symbolPosition: "before" as const };

describe("the change log in words", () => {
	it("formats money fields, translates yes/no, roles and nothing, and keeps other values as recorded", () => {
		expect(describeValue("price", 1250, "en", dollars)).toBe("$12.50");
		expect(describeValue("stock", 12, "en", dollars)).toBe("12");
		expect(describeValue("soldOut", true, "km", dollars)).toBe("បាទ/ចាស");
		expect(describeValue("visible", false, "zh-CN", dollars)).toBe("否");
		expect(describeValue("role", "manager", "en", dollars)).toBe("Manager");
		expect(describeValue("role", null, "en", dollars)).toBe("none");
		expect(describeValue("name", "Coconut", "en", dollars)).toBe("Coconut");
		expect(describeValue("windows", [{ opensAt: "08:00" }], "en", dollars)).toBe('[{"opensAt":"08:00"}]');
	});

	it("names known subjects, actions and fields, and shows an unknown one as recorded", () => {
		expect(changeWord("km", "subject", "shop_staff")).toBe("បុគ្គលិក");
		expect(changeWord("en", "action", "rotate_qr")).toBe("new QR code");
		expect(changeWord("zh-CN", "field", "originalPrice")).toBe("原价");
		expect(changeWord("en", "field", "spiceLevel")).toBe("spiceLevel");
	});
});
