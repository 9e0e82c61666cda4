import { formatSecondMoney, type KhqrCurrency, type PayMethod } from "@bayon/contract";
import { useQuery } from "@tanstack/react-query";
import { useLayoutEffect } from "react";
import { useCurrency, useMoney } from "../../../lib/app-config";
import { useAppState } from "../../../lib/store";
import { usePaymentText } from "../strings";
import { payMethodsQuery } from "./checkout-api";
import {
	isCambodianShop,
	khqrCurrencyOptions,
	type PayMethodChoice,
	payableMethod,
	payMethodChoices,
	type Unavailable,
} from "./pay-method";

/**
 * The picker's state and its one call (`GET /pay/methods`): the choices, the one selected (a
 * method that can pay, told to the caller before the screen paints), each choice's note, and
 * KHQR's currencies with what the total is in each.
 */
export function usePayMethodPicker({
	value,
	onChange,
	total,
	givenBalance,
	balanceShortNote,
	withBalance,
	railCurrency,
	onRailCurrencyChange,
}: {
	value: PayMethod | null;
	onChange: (method: PayMethod) => void;
	total: number | null;
	givenBalance: number | null | undefined;
	balanceShortNote: string | undefined;
	withBalance: boolean;
	railCurrency: KhqrCurrency | null;
	onRailCurrencyChange: ((currency: KhqrCurrency) => void) | undefined;
}) {
	const { pt, t, m } = usePaymentText();
	const money = useMoney();
	const currency = useCurrency();
	const member = useAppState((s) => s.member);
	const methods = useQuery(payMethodsQuery);
	const balance = givenBalance ?? member?.balance ?? null;
	const rails = methods.data?.methods ?? null;
	const choices = payMethodChoices({ balance, total, rails, cambodian: isCambodianShop(currency), withBalance });
	// While the rails are read, the caller's choice stands (it may be one of them).
	const selected = rails ? payableMethod(value, choices) : value;
	// Told before the screen paints: a pay button pressed right after never sends the method left behind.
	useLayoutEffect(() => {
		if (selected && selected !== value) onChange(selected);
	}, [selected, value, onChange]);

	const notes: Record<Unavailable, string> = {
		balanceShort: balanceShortNote ?? t("pay.balanceShort", { amount: money(balance ?? 0) }),
		openInWechat: m("openInWechatForWechatPay"),
		openInBrowser: m("openInBrowserForAlipay"),
	};
	const noteOf = ({ method, unavailable }: PayMethodChoice): string | undefined => {
		if (unavailable) return notes[unavailable];
		if (method === "balance" && balance !== null) return t("pay.balanceLeft", { amount: money(balance) });
		if (method === "khqr") return pt("khqr.hint");
		return undefined;
	};
	const khqr = choices.find((choice) => choice.method === "khqr");
	const khqrOptions = khqr && onRailCurrencyChange ? khqrCurrencyOptions(currency, khqr.currencies) : [];
	const chosenKhqrCurrency = railCurrency ?? khqrOptions[0] ?? null;
	const khqrAmount = (code: KhqrCurrency): string | null => {
		if (total === null) return null;
		return code === currency.code ? money(total) : formatSecondMoney(total, currency);
	};

	return { methods, rails, choices, selected, noteOf, khqrOptions, chosenKhqrCurrency, khqrAmount };
}
