import type { CounterPaymentView } from "@bayon/contract";
import { useEffect, useRef } from "react";
import { useMoney } from "../../../lib/app-config";
import { CheckIcon } from "../../../ui/icons";
import { useStaffStoredValueText } from "../staff-strings";

/**
 * A charge went through: who paid (nickname and the last four digits of the phone, never
 * more), how much, and the balance it left, so the staff can tell the guest. "Next payment"
 * brings an empty form back.
 */
export function StaffCounterResult({ payment, onNext }: { payment: CounterPaymentView; onNext: () => void }) {
	const { st } = useStaffStoredValueText();
	const money = useMoney();
	const next = useRef<HTMLButtonElement>(null);
	useEffect(() => next.current?.focus(), []);
	return (
		<div className="sv-counter__result" role="status" data-testid="counter-result">
			<CheckIcon className="sv-counter__check" width={40} height={40} aria-hidden="true" />
			<p className="sv-counter__result-title">{st("counter.done")}</p>
			<p className="sv-counter__result-amount" data-testid="counter-result-amount">
				{money(payment.amount)}
			</p>
			<dl className="sv-facts">
				<div className="sv-facts__row">
					<dt>{st("counter.payer")}</dt>
					<dd data-testid="counter-result-payer">
						{st("counter.payerValue", { name: payment.payer.nickname, tail: payment.payer.mobileTail })}
					</dd>
				</div>
				<div className="sv-facts__row">
					<dt>{st("counter.balanceAfter")}</dt>
					<dd className="sv-facts__strong" data-testid="counter-result-balance">
						{money(payment.balanceAfter)}
					</dd>
				</div>
				{payment.note && (
					<div className="sv-facts__row">
						<dt>{st("counter.note")}</dt>
						<dd>{payment.note}</dd>
					</div>
				)}
			</dl>
			<button
				ref={next}
				type="button"
				className="button button--primary button--block"
				onClick={onNext}
				data-testid="counter-next"
			>
				{st("counter.next")}
			</button>
		</div>
	);
}
