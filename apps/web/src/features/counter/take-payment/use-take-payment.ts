import {
	type CounterMethod,
	type CounterPurpose,
	type CounterTakeView,
	cashChange,
	cashDueOf,
	formatSecondMoney,
	type KhqrCurrency,
	type PaymentCheckout,
	type PayRail,
	type TakePaymentInput,
} from "@bayon/contract";
import { useQuery } from "@tanstack/react-query";
import { type FormEvent, useMemo, useState } from "react";
import { errorText } from "../../../lib/api-client";
import { useCurrency, useMoney } from "../../../lib/app-config";
import { payMethodsQuery } from "../../payments/checkout/checkout-api";
import { khqrCurrencyOptions } from "../../payments/checkout/pay-method";
import { newIdempotencyKey, parseMoney, startScanToPay, takePayment } from "../api";
import { useCounterText } from "../strings";

/** The till's own methods, and a rail's code the customer scans on the staff's screen (issue 29). */
export type SheetMethod = CounterMethod | "scan";

export interface TakeTarget {
	purpose: CounterPurpose;
	purposeId: number;
	/** What the board showed as due (the server refuses if it changed). */
	amount: number;
	/** The order's number or the table's. */
	label: string;
}

/**
 * The take-payment sheet's state: the method, what was typed for it, the change worked out as
 * the staff type, the rail's code to scan, and the one idempotency key the sheet takes with.
 */
export function useTakePayment({
	shopId,
	target,
	onTaken,
}: {
	shopId: number;
	target: TakeTarget;
	onTaken: (take: CounterTakeView) => void;
}) {
	const { ct } = useCounterText();
	const currency = useCurrency();
	const money = useMoney();
	const [method, setMethod] = useState<SheetMethod>("cash");
	// The rails set up for the shop (the sandbox is no code to scan).
	const rails = (useQuery(payMethodsQuery).data?.methods ?? []).filter(
		(offered): offered is typeof offered & { method: PayRail } => offered.method !== "sandbox",
	);
	const [scanRail, setScanRail] = useState<PayRail | null>(null);
	const [scanCurrency, setScanCurrency] = useState<KhqrCurrency | null>(null);
	const [scanCheckout, setScanCheckout] = useState<PaymentCheckout | null>(null);
	const chosenRail = rails.find((offered) => offered.method === scanRail) ?? rails[0] ?? null;
	const scanCurrencies = chosenRail?.method === "khqr" ? khqrCurrencyOptions(currency, chosenRail.currencies) : [];
	const scanInRiel = scanCurrencies.length > 1 && (scanCurrency ?? scanCurrencies[0]) !== currency.code;
	const scanAmount = (scanInRiel && formatSecondMoney(target.amount, currency)) || money(target.amount);
	const [tendered, setTendered] = useState("");
	const [tenderedSecond, setTenderedSecond] = useState("");
	const [reference, setReference] = useState("");
	const [code, setCode] = useState("");
	const [pending, setPending] = useState(false);
	const [message, setMessage] = useState<string | null>(null);
	const [taken, setTaken] = useState<CounterTakeView | null>(null);
	const [key] = useState(newIdempotencyKey);

	const tenderMinor = parseMoney(tendered, currency.decimals);
	const tenderSecondUnits = currency.second ? parseMoney(tenderedSecond, 0) : 0;
	const tenderValid =
		(tenderMinor === null || Number.isFinite(tenderMinor)) &&
		(tenderSecondUnits === null || Number.isFinite(tenderSecondUnits)) &&
		((tenderMinor ?? 0) > 0 || (tenderSecondUnits ?? 0) > 0);
	const change = useMemo(
		() =>
			tenderValid
				? cashChange(target.amount, { tendered: tenderMinor ?? 0, tenderedSecond: tenderSecondUnits ?? 0 }, currency)
				: null,
		[tenderValid, tenderMinor, tenderSecondUnits, target.amount, currency],
	);
	const due = cashDueOf(target.amount, currency);

	const submit = async (event: FormEvent) => {
		event.preventDefault();
		if (pending) return;
		let input: TakePaymentInput;
		const base = { shopId, purpose: target.purpose, purposeId: target.purposeId, amount: target.amount };
		if (method === "scan") {
			if (!chosenRail) return;
			setPending(true);
			setMessage(null);
			try {
				const railCurrency = chosenRail.method === "khqr" ? (scanCurrency ?? scanCurrencies[0]) : undefined;
				setScanCheckout(
					await startScanToPay({ ...base, payMethod: chosenRail.method, ...(railCurrency ? { railCurrency } : {}) }),
				);
			} catch (error) {
				setMessage(errorText(error));
			} finally {
				setPending(false);
			}
			return;
		}
		if (method === "cash") {
			if (!change || change.short) {
				setMessage(ct("take.short"));
				return;
			}
			input = { ...base, method, tendered: tenderMinor ?? 0, tenderedSecond: tenderSecondUnits ?? 0 };
		} else if (method === "card_terminal") input = { ...base, method, reference };
		else input = { ...base, method, code: code.replace(/\s+/g, "") };
		setPending(true);
		setMessage(null);
		try {
			const result = await takePayment(input, key);
			setTaken(result);
			onTaken(result);
		} catch (error) {
			setMessage(errorText(error));
		} finally {
			setPending(false);
		}
	};

	const chooseMethod = (value: SheetMethod) => {
		setMethod(value);
		setMessage(null);
	};

	return {
		method,
		chooseMethod,
		rails,
		chosenRail,
		setScanRail,
		scanCurrency,
		setScanCurrency,
		scanCurrencies,
		scanAmount,
		scanCheckout,
		setScanCheckout,
		tendered,
		setTendered,
		tenderedSecond,
		setTenderedSecond,
		change,
		due,
		reference,
		setReference,
		code,
		setCode,
		pending,
		message,
		taken,
		submit,
	};
}

export type TakePayment = ReturnType<typeof useTakePayment>;
