import type { CurrencyConfig, KhqrCurrency, PayMethod, PayMethodsAnswer } from "@bayon/contract";

/** A rail as the server offers it to this payer (`GET /pay/methods`). */
export type OfferedRail = PayMethodsAnswer["methods"][number];

/** Why a method cannot be used here: the note shown under it. */
export type Unavailable = "balanceShort" | "openInWechat" | "openInBrowser";

/** One payment method as the payer is offered it. */
export interface PayMethodChoice {
	method: PayMethod;
	unavailable: Unavailable | null;
	/** The currencies the rail takes (KHQR: USD and KHR); empty for the balance. */
	currencies: string[];
}

/**
 * A shop in Cambodia: its ledger in US dollars (the money Cambodians pay in beside riel), or riel
 * shown beside its own currency. Its customers pay by KHQR first (issue 29).
 */
export function isCambodianShop(currency: CurrencyConfig): boolean {
	return currency.code === "USD" || currency.second?.code === "KHR";
}

/** The rails in the order they are offered: KHQR first in Cambodia, the Chinese wallets first elsewhere; the sandbox last. */
const RAIL_ORDER: Record<"cambodia" | "elsewhere", readonly PayMethod[]> = {
	cambodia: ["khqr", "wechat", "alipay", "sandbox"],
	elsewhere: ["wechat", "alipay", "khqr", "sandbox"],
};

/**
 * The methods in the order they are offered. The stored balance (when the purpose takes it)
 * pays only when it covers the total (unknown while the member or the price is loading: then
 * nothing is ruled out); the rails are the ones the server says are set up for this shop, as
 * they stand for this payer: ready, or greyed with the spec's hint of where they work. `rails`
 * is null while they are being read (the balance alone is known then).
 */
export function payMethodChoices(args: {
	balance: number | null;
	total: number | null;
	rails: readonly OfferedRail[] | null;
	cambodian: boolean;
	withBalance?: boolean;
}): PayMethodChoice[] {
	const short = args.balance !== null && args.total !== null && args.balance < args.total;
	const choices: PayMethodChoice[] = [];
	if (args.withBalance !== false)
		choices.push({ method: "balance", unavailable: short ? "balanceShort" : null, currencies: [] });
	for (const method of RAIL_ORDER[args.cambodian ? "cambodia" : "elsewhere"]) {
		const rail = args.rails?.find((offered) => offered.method === method);
		if (rail)
			choices.push({ method, unavailable: rail.state === "ready" ? null : rail.state, currencies: rail.currencies });
	}
	return choices;
}

/** The chosen method while it can pay, else the first one that can (a rail when the balance is short). */
export function payableMethod(chosen: PayMethod | null, choices: readonly PayMethodChoice[]): PayMethod | null {
	if (chosen && choices.some((choice) => choice.method === chosen && !choice.unavailable)) return chosen;
	return choices.find((choice) => !choice.unavailable)?.method ?? chosen;
}

/**
 * The currencies a KHQR may be made out in for this shop, its own first: both dollars and riel
 * when the shop shows riel beside dollars and the rail takes both, else the one it can.
 */
export function khqrCurrencyOptions(currency: CurrencyConfig, railCurrencies: readonly string[]): KhqrCurrency[] {
	const own = currency.code === "KHR" || currency.code === "USD" ? currency.code : null;
	const options: KhqrCurrency[] = [];
	if (own && railCurrencies.includes(own)) options.push(own);
	if (own === "USD" && currency.second?.code === "KHR" && railCurrencies.includes("KHR")) options.push("KHR");
	return options;
}

/** The `railCurrency` a pay call carries: the customer's choice, for KHQR only. */
export function railCurrencyFor(method: PayMethod, chosen: KhqrCurrency | null): KhqrCurrency | undefined {
	return method === "khqr" && chosen ? chosen : undefined;
}
