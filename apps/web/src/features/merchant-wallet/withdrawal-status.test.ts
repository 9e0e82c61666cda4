import { WithdrawalStatus } from "@bayon/contract";
import { describe, expect, it } from "vitest";
import { expectSameKeysAsChinese } from "../../test/catalog";
import { withdrawalStatusKey, withdrawalStatusStrings, withdrawalStatusTone } from "./withdrawal-status";

describe("withdrawal statuses", () => {
	const catalog: Record<string, Record<string, string>> = withdrawalStatusStrings.catalog;
	it.each(["en", "km"])("%s has exactly the keys of zh-CN", (lang) => expectSameKeysAsChinese(catalog, lang));

	it("names every status of spec §3 and tones it", () => {
		expect(withdrawalStatusStrings.text("zh-CN", withdrawalStatusKey(WithdrawalStatus.AwaitingArrival))).toBe("待到账");
		expect(withdrawalStatusStrings.text("en", withdrawalStatusKey(WithdrawalStatus.Rejected))).toBe("Review rejected");
		expect(withdrawalStatusTone(WithdrawalStatus.Unaudited)).toBe("waiting");
		expect(withdrawalStatusTone(WithdrawalStatus.Rejected)).toBe("refused");
		expect(withdrawalStatusTone(WithdrawalStatus.Received)).toBe("done");
	});
});
