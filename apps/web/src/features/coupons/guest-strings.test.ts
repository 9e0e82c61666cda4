import { ErrorCode } from "@bayon/contract";
import { describe, expect, it } from "vitest";
import { expectSameKeysAsChinese } from "../../test/catalog";
import { afterClaim, afterRefusal, claimIntents, exchangeCodeProblem } from "./guest-claim";
import { couponPluralKey, couponStrings } from "./guest-strings";
import { offer } from "./guest-testing";

describe("the member's coupon texts", () => {
	it("en and km have exactly the keys of zh-CN, none empty, with the same placeholders", () => {
		for (const lang of ["en", "km"]) expectSameKeysAsChinese(couponStrings.catalog, lang);
	});

	it("chooses the singular where the language says one, and fills placeholders", () => {
		expect(couponStrings.text("en", couponPluralKey("en", "validity.days", 1), { count: 1 })).toBe(
			"Valid for 1 day after claiming",
		);
		expect(couponStrings.text("en", couponPluralKey("en", "validity.days", 7), { count: 7 })).toBe(
			"Valid for 7 days after claiming",
		);
		expect(couponStrings.text("xx", "offer.allGone")).toBe("已抢光");
	});
});

describe("claiming", () => {
	it("checks an exchange code by the contract's rule", () => {
		expect(exchangeCodeProblem("BAYON2026")).toBeNull();
		expect(exchangeCodeProblem("  bayon2026 ")).toBeNull();
		expect(exchangeCodeProblem("")).toBe("exchangeCodeInvalid");
		expect(exchangeCodeProblem("abc")).toBe("exchangeCodeInvalid");
		expect(exchangeCodeProblem("BAYON-2026")).toBe("exchangeCodeInvalid");
		expect(exchangeCodeProblem("A".repeat(21))).toBe("exchangeCodeInvalid");
	});

	it("keeps one key per intent until the server has answered it", () => {
		let next = 0;
		const intents = claimIntents(() => `key-${++next}`);
		expect(intents.keyFor("offer:1")).toBe("key-1");
		expect(intents.keyFor("offer:1")).toBe("key-1");
		expect(intents.keyFor("offer:2")).toBe("key-2");
		intents.settle("offer:1");
		expect(intents.keyFor("offer:1")).toBe("key-3");
	});

	it("updates an offer after a claim as the server would now show it", () => {
		const [twoEach] = afterClaim([offer(1, { perMemberLimit: 2, claimableByMe: 2, remaining: 10 })], 1);
		expect(twoEach).toMatchObject({ remaining: 9, claimableByMe: 1, state: "claimable" });
		const [held] = afterClaim([offer(1, { claimableByMe: 1, remaining: 10 })], 1);
		expect(held).toMatchObject({ remaining: 9, claimableByMe: 0, state: "claimed" });
		const [last] = afterClaim([offer(1, { perMemberLimit: 3, claimableByMe: 1, remaining: 1 })], 1);
		expect(last).toMatchObject({ remaining: 0, claimableByMe: 0, state: "claimed" });
		const [othersTookTheRest] = afterClaim([offer(1, { perMemberLimit: 3, claimableByMe: 2, remaining: 1 })], 1);
		expect(othersTookTheRest).toMatchObject({ remaining: 0, state: "allGone" });
		const untouched = offer(2);
		expect(afterClaim([untouched], 1)[0]).toBe(untouched);
	});

	it("shows a refusal on its offer: all gone, or claimed up to the limit", () => {
		expect(afterRefusal([offer(1)], 1, ErrorCode.CouponAllGone)[0]).toMatchObject({ state: "allGone", remaining: 0 });
		expect(afterRefusal([offer(1)], 1, ErrorCode.CouponLimitReached)[0]).toMatchObject({
			state: "claimed",
			remaining: 42,
		});
		expect(afterRefusal([offer(1)], 1, ErrorCode.CouponNotClaimable)[0]).toMatchObject({ state: "claimable" });
	});
});
