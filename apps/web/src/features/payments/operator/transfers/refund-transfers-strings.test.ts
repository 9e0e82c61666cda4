import { describe, expect, it } from "vitest";
import { expectSameKeysAsChinese } from "../../../../test/catalog";
import { refundTransferStrings } from "./refund-transfers-strings";

describe("the KHQR refunds page's texts", () => {
	const catalog: Record<string, Record<string, string>> = refundTransferStrings.catalog;
	it.each(["en", "km"])("%s has exactly the keys of zh-CN, none empty, with the same placeholders", (lang) =>
		expectSameKeysAsChinese(catalog, lang),
	);

	it("names what each refund is for", () => {
		expect(refundTransferStrings.text("en", "purpose.booking", { id: 7 })).toBe("Booking #7");
		expect(refundTransferStrings.text("km", "purpose.order", { id: 3 })).toBe("ការបញ្ជាទិញ #3");
	});
});
