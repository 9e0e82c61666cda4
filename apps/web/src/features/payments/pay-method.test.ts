import { describe, expect, it } from "vitest";
import { payableMethod, payMethodChoices } from "./pay-method";

const usable = (args: Parameters<typeof payMethodChoices>[0]) =>
	payMethodChoices(args)
		.filter((choice) => !choice.unavailable)
		.map((choice) => choice.method);

describe("payment method choice", () => {
	it("offers the balance only when it covers the total", () => {
		expect(usable({ balance: 0, total: 1200, inWechat: false })).toEqual(["sandbox"]);
		expect(usable({ balance: 1199, total: 1200, inWechat: false })).toEqual(["sandbox"]);
		expect(usable({ balance: 1200, total: 1200, inWechat: false })).toEqual(["balance", "sandbox"]);
		// Not known yet: nothing is ruled out before the numbers arrive.
		expect(usable({ balance: null, total: 1200, inWechat: false })).toEqual(["balance", "sandbox"]);
		expect(usable({ balance: 0, total: null, inWechat: false })).toEqual(["balance", "sandbox"]);
	});

	it("says why the balance cannot pay", () => {
		const balance = payMethodChoices({ balance: 0, total: 500, inWechat: false })[0];
		expect(balance).toEqual({ method: "balance", unavailable: "balanceShort" });
	});

	it("keeps a method that can pay and moves off one that cannot to the first gateway", () => {
		const short = payMethodChoices({ balance: 0, total: 500, inWechat: false });
		const enough = payMethodChoices({ balance: 900, total: 500, inWechat: false });
		expect(payableMethod("balance", short)).toBe("sandbox");
		expect(payableMethod("balance", enough)).toBe("balance");
		expect(payableMethod("sandbox", enough)).toBe("sandbox");
		expect(payableMethod("wechat", enough)).toBe("balance");
	});
});
