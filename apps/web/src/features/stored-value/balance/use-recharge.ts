import type { KhqrCurrency, MessageKey, RechargeMenu, RechargePayMethod } from "@bayon/contract";
import { useRef, useState } from "react";
import { useSearchParams } from "react-router";
import { ApiError, errorText, wasToasted } from "../../../lib/api-client";
import { showToast } from "../../../lib/toast";
import { useDebouncedSubmit } from "../../../lib/use-debounced-submit";
import { railCurrencyFor } from "../../payments/checkout/pay-method";
import { goToGateway, newIntentKey, startRecharge } from "../guest-api";
import { rechargeProblem } from "../guest-recharge";
import { useStoredValueText } from "../guest-strings";

/**
 * A recharge as the member sets it up: the package, the agreement, the way to pay (and a
 * KHQR's currency), what is missing, and the pay tap that starts it at the gateway. One
 * idempotency key per intent.
 */
export function useRecharge(menu: RechargeMenu) {
	const { m } = useStoredValueText();
	const [, setParams] = useSearchParams();
	const [packageId, setPackageId] = useState<number | null>(null);
	const [agreed, setAgreed] = useState(false);
	// Null until the picker has the rails the server offers: it then takes the first (KHQR first in a Cambodian shop).
	const [method, setMethod] = useState<RechargePayMethod | null>(null);
	const [railCurrency, setRailCurrency] = useState<KhqrCurrency | null>(null);
	const [problem, setProblem] = useState<MessageKey | null>(null);
	const [leaving, setLeaving] = useState(false);
	// One key per intent: a double tap, or a retry after a lost answer, starts one recharge;
	// choosing another package is a new intent.
	const intentKey = useRef(newIntentKey());
	const chosen = menu.packages.find((pack) => pack.id === packageId) ?? null;

	const choose = (id: number) => {
		if (id !== packageId) intentKey.current = newIntentKey();
		setPackageId(id);
		if (problem === "selectRechargeAmount") setProblem(null);
	};
	const agree = (value: boolean) => {
		setAgreed(value);
		if (value && problem === "agreeStoredValue") setProblem(null);
	};

	const [pay, paying] = useDebouncedSubmit(async () => {
		const found = rechargeProblem({ packageId: chosen?.id ?? null, agreed });
		setProblem(found);
		if (found || !chosen) {
			showToast(m(found ?? "selectRechargeAmount"));
			// The field in question may be under the pay button: bring it into view.
			const field = document.querySelector(found === "agreeStoredValue" ? ".sv-agreement" : ".sv-packages");
			field?.scrollIntoView?.({ block: "center", behavior: "smooth" });
			return;
		}
		// No way to pay yet (the methods are still being read, or none is set up): the picker says so.
		if (!method) return;
		try {
			const recharge = await startRecharge(
				{ packageId: chosen.id, payMethod: method, railCurrency: railCurrencyFor(method, railCurrency), agree: true },
				intentKey.current,
			);
			if (recharge.redirectUrl) {
				setLeaving(true);
				goToGateway(recharge.redirectUrl);
				return;
			}
			// Nothing to pay at a gateway (never expected): show where the recharge stands.
			setParams({ recharge: String(recharge.id) }, { replace: true });
		} catch (error) {
			// Refused: nothing was started, so the next tap is a new intent.
			if (error instanceof ApiError) intentKey.current = newIntentKey();
			if (!wasToasted(error)) showToast(errorText(error));
		}
	});

	const chooseMethod = (next: RechargePayMethod | "balance") => {
		if (next === "balance" || next === method) return;
		// Another way to pay is another recharge intent (its request differs).
		intentKey.current = newIntentKey();
		setMethod(next);
	};
	const chooseRailCurrency = (next: KhqrCurrency | null) => {
		intentKey.current = newIntentKey();
		setRailCurrency(next);
	};

	return {
		packageId,
		chosen,
		agreed,
		method,
		railCurrency,
		problem,
		leaving,
		choose,
		agree,
		chooseMethod,
		chooseRailCurrency,
		pay,
		paying,
	};
}

export type Recharge = ReturnType<typeof useRecharge>;
