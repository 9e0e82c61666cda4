import { describe, expect, it } from "vitest";
import { directionFromQuery, uniqueEntries } from "./guest-bill";
import { groupDigits, PAY_CODE_SHOWN_MS, secondsLeft } from "./guest-pay-code";
import { RECHARGE_PATIENCE_MS, rechargeOutcome, rechargeProblem, returnedRechargeId } from "./guest-recharge";
import { billEntry, rechargeView } from "./guest-testing";

describe("the recharge form", () => {
	it("asks for a package first, then for the tick (spec §5), in the contract's message keys", () => {
		expect(rechargeProblem({ packageId: null, agreed: false })).toBe("selectRechargeAmount");
		expect(rechargeProblem({ packageId: null, agreed: true })).toBe("selectRechargeAmount");
		expect(rechargeProblem({ packageId: 2, agreed: false })).toBe("agreeStoredValue");
		expect(rechargeProblem({ packageId: 2, agreed: true })).toBeNull();
	});

	it("reads the gateway's return only as a positive id", () => {
		expect(returnedRechargeId("55")).toBe(55);
		for (const bad of [null, "", "0", "-3", "5.5", "abc", "1e3", "99999999999999999999"])
			expect(returnedRechargeId(bad), String(bad)).toBeNull();
	});

	it("says credited with the bonus once paid, expired as such, and explains a slow confirmation", () => {
		expect(rechargeOutcome(undefined, 0)).toEqual({ kind: "checking" });
		expect(rechargeOutcome(rechargeView(), 0)).toEqual({ kind: "checking" });
		expect(rechargeOutcome(rechargeView(), RECHARGE_PATIENCE_MS)).toEqual({ kind: "waiting" });
		expect(rechargeOutcome(rechargeView({ status: "paid" }), 0)).toEqual({
			kind: "paid",
			credited: 11000,
			bonus: 1000,
		});
		expect(rechargeOutcome(rechargeView({ status: "expired" }), 0)).toEqual({ kind: "expired" });
	});
});

describe("the payment code", () => {
	it("groups its digits by four", () => {
		expect(groupDigits("123456789012345678")).toBe("1234 5678 9012 3456 78");
		expect(groupDigits("1234 5678")).toBe("1234 5678");
	});

	it("counts down from when it arrived, a little ahead of the server's minute, never below zero", () => {
		const at = 1_000_000;
		expect(secondsLeft(at, at)).toBe(PAY_CODE_SHOWN_MS / 1000);
		expect(secondsLeft(at, at + 1)).toBe(PAY_CODE_SHOWN_MS / 1000);
		expect(secondsLeft(at, at + PAY_CODE_SHOWN_MS - 1)).toBe(1);
		expect(secondsLeft(at, at + PAY_CODE_SHOWN_MS)).toBe(0);
		expect(secondsLeft(at, at + 10 * 60_000)).toBe(0);
		// A clock set back meanwhile does not stretch the countdown.
		expect(secondsLeft(at, at - 60_000)).toBe(PAY_CODE_SHOWN_MS / 1000);
	});
});

describe("the bill", () => {
	it("reads the tab from the address, anything unknown as all", () => {
		expect(directionFromQuery("in")).toBe("in");
		expect(directionFromQuery("out")).toBe("out");
		expect(directionFromQuery("sideways")).toBe("all");
		expect(directionFromQuery(null)).toBe("all");
	});

	it("lists each entry once, in page order", () => {
		const pages = [{ list: [billEntry(9), billEntry(8)] }, { list: [billEntry(8), billEntry(7)] }];
		expect(uniqueEntries(pages).map((entry) => entry.id)).toEqual([9, 8, 7]);
	});
});
