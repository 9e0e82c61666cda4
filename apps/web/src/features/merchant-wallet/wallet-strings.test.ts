import type { StatementKind } from "@bayon/contract";
import { describe, expect, it } from "vitest";
import { expectSameKeysAsChinese } from "../../test/catalog";
import { statementKindKey, walletPluralKey, walletStrings } from "./wallet-strings";

/** Every kind the contract's statement may send: each needs its name in every language. */
const KINDS: Record<StatementKind, true> = {
	orderEarned: true,
	counterEarned: true,
	depositKept: true,
	settled: true,
	commission: true,
	commissionReturned: true,
	refund: true,
	withdrawal: true,
	withdrawalReturned: true,
	withdrawalPaid: true,
	keptAtCounter: true,
};

describe("the wallet's texts", () => {
	const catalog: Record<string, Record<string, string>> = walletStrings.catalog;

	it.each(["en", "km"])("%s has exactly the keys of zh-CN, none empty, with the same placeholders", (lang) =>
		expectSameKeysAsChinese(catalog, lang),
	);

	it.each(["zh-CN", "en", "km"])("%s names every kind of statement line", (lang) => {
		for (const kind of Object.keys(KINDS) as StatementKind[]) {
			expect(catalog[lang]?.[statementKindKey(kind)], `${lang} ${kind}`).toBeTruthy();
		}
	});

	it("picks the singular where the language has one, and reads an unknown language in Chinese", () => {
		expect(walletPluralKey("en", "terms.holdDays", 1)).toBe("terms.holdDays_one");
		expect(walletPluralKey("en", "terms.holdDays", 2)).toBe("terms.holdDays");
		expect(walletPluralKey("zh-CN", "platform.count", 1)).toBe("platform.count");
		expect(walletPluralKey("km", "terms.holdHours", 1)).toBe("terms.holdHours");
		expect(walletStrings.text("en", "summary.owed", { amount: "$23.00" })).toBe(
			"You owe $23.00: the next settled earnings pay it back first.",
		);
		expect(walletStrings.text("xx", "kind.refund")).toBe("退款");
	});
});
