import type { CurrencyConfig } from "@bayon/contract";
import { describe, expect, it } from "vitest";
import {
	isCambodianShop,
	khqrCurrencyOptions,
	type OfferedRail,
	payableMethod,
	payMethodChoices,
	railCurrencyFor,
} from "./pay-method";

const sandboxOnly: OfferedRail[] = [{ method: "sandbox", state: "ready", currencies: ["USD"] }];
const usable = (args: Partial<Parameters<typeof payMethodChoices>[0]>) =>
	payMethodChoices({ balance: null, total: null, rails: sandboxOnly, cambodian: false, ...args })
		.filter((choice) => !choice.unavailable)
		.map((choice) => choice.method);

const usd: CurrencyConfig = { code: "USD", symbol: "$", decimals: 2, rate: 1, symbolPosition: "before" };
const usdWithRiel: CurrencyConfig = {
	...usd,
	second: { code: "KHR", symbol: "៛", rate: 4100, roundTo: 100, symbolPosition: "after" },
};
const cny: CurrencyConfig = { code: "CNY", symbol: "¥", decimals: 2, rate: 1, symbolPosition: "before" };

describe("payment method choice", () => {
	it("offers the balance only when it covers the total", () => {
		expect(usable({ balance: 0, total: 1200 })).toEqual(["sandbox"]);
		expect(usable({ balance: 1199, total: 1200 })).toEqual(["sandbox"]);
		expect(usable({ balance: 1200, total: 1200 })).toEqual(["balance", "sandbox"]);
		// Not known yet: nothing is ruled out before the numbers arrive.
		expect(usable({ balance: null, total: 1200 })).toEqual(["balance", "sandbox"]);
		expect(usable({ balance: 0, total: null })).toEqual(["balance", "sandbox"]);
		// A recharge of the balance never offers the balance.
		expect(usable({ balance: 5000, total: 1200, withBalance: false })).toEqual(["sandbox"]);
	});

	it("says why the balance cannot pay", () => {
		const [balance] = payMethodChoices({ balance: 0, total: 500, rails: sandboxOnly, cambodian: false });
		expect(balance).toEqual({ method: "balance", unavailable: "balanceShort", currencies: [] });
	});

	it("offers only the rails the server lists, greyed with the state it gives", () => {
		const rails: OfferedRail[] = [
			{ method: "alipay", state: "openInBrowser", currencies: ["CNY"] },
			{ method: "wechat", state: "ready", currencies: ["CNY"] },
		];
		const choices = payMethodChoices({ balance: 0, total: 100, rails, cambodian: false });
		expect(choices.map(({ method, unavailable }) => [method, unavailable])).toEqual([
			["balance", "balanceShort"],
			["wechat", null],
			["alipay", "openInBrowser"],
		]);
		// While the rails are read, only the balance is known.
		expect(payMethodChoices({ balance: 0, total: 100, rails: null, cambodian: false }).map((c) => c.method)).toEqual([
			"balance",
		]);
	});

	it("puts KHQR first for a Cambodian shop, after the Chinese wallets elsewhere", () => {
		const rails: OfferedRail[] = [
			{ method: "wechat", state: "ready", currencies: ["USD"] },
			{ method: "alipay", state: "ready", currencies: ["USD"] },
			{ method: "khqr", state: "ready", currencies: ["USD", "KHR"] },
		];
		const order = (cambodian: boolean) =>
			payMethodChoices({ balance: null, total: null, rails, cambodian }).map((c) => c.method);
		expect(order(true)).toEqual(["balance", "khqr", "wechat", "alipay"]);
		expect(order(false)).toEqual(["balance", "wechat", "alipay", "khqr"]);
		expect(isCambodianShop(usd)).toBe(true);
		expect(isCambodianShop({ ...cny, second: usdWithRiel.second })).toBe(true);
		expect(isCambodianShop(cny)).toBe(false);
	});

	it("keeps a method that can pay and moves off one that cannot to the first rail", () => {
		const rails: OfferedRail[] = [
			{ method: "khqr", state: "ready", currencies: ["USD"] },
			{ method: "sandbox", state: "ready", currencies: ["USD"] },
		];
		const short = payMethodChoices({ balance: 0, total: 500, rails, cambodian: true });
		const enough = payMethodChoices({ balance: 900, total: 500, rails, cambodian: true });
		expect(payableMethod("balance", short)).toBe("khqr");
		expect(payableMethod("balance", enough)).toBe("balance");
		expect(payableMethod("sandbox", enough)).toBe("sandbox");
		expect(payableMethod("wechat", enough)).toBe("balance");
	});

	it("lets a KHQR be made out in riel only where the shop shows riel and the rail takes it", () => {
		expect(khqrCurrencyOptions(usdWithRiel, ["USD", "KHR"])).toEqual(["USD", "KHR"]);
		expect(khqrCurrencyOptions(usd, ["USD", "KHR"])).toEqual(["USD"]);
		expect(khqrCurrencyOptions(usdWithRiel, ["USD"])).toEqual(["USD"]);
		expect(khqrCurrencyOptions(cny, ["USD", "KHR"])).toEqual([]);
		expect(railCurrencyFor("khqr", "KHR")).toBe("KHR");
		expect(railCurrencyFor("khqr", null)).toBeUndefined();
		expect(railCurrencyFor("wechat", "KHR")).toBeUndefined();
	});
});
