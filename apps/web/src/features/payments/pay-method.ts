import type { PayMethod } from "@bayon/contract";

/** One payment method as the payer is offered it. */
export interface PayMethodChoice {
	method: PayMethod;
	/** Why it cannot be used here: the note shown under it. */
	unavailable: "balanceShort" | "wechatOnly" | "browserOnly" | "notOpen" | null;
}

/**
 * The methods in the order they are offered. The stored balance pays only when it covers
 * the total (unknown while the member or the price is loading: then nothing is ruled out);
 * WeChat Pay and Alipay stay closed until the shop's gateways are set up, with the spec's
 * browser hints.
 */
export function payMethodChoices(args: { balance: number | null; total: number | null; inWechat: boolean }) {
	const short = args.balance !== null && args.total !== null && args.balance < args.total;
	const choices: PayMethodChoice[] = [
		{ method: "balance", unavailable: short ? "balanceShort" : null },
		{ method: "sandbox", unavailable: null },
		{ method: "wechat", unavailable: args.inWechat ? "notOpen" : "wechatOnly" },
		{ method: "alipay", unavailable: args.inWechat ? "browserOnly" : "notOpen" },
	];
	return choices;
}

/** The chosen method while it can pay, else the first one that can (a gateway when the balance is short). */
export function payableMethod(chosen: PayMethod, choices: readonly PayMethodChoice[]): PayMethod {
	if (choices.some((choice) => choice.method === chosen && !choice.unavailable)) return chosen;
	return choices.find((choice) => !choice.unavailable)?.method ?? chosen;
}
