import type { CounterTakeView } from "@bayon/contract";
import { useMoney, usePrice } from "../../../lib/app-config";
import { useCounterText } from "../strings";
import { useSecondMoney } from "./amount-field";

/** The payment taken: its receipt number, the amount, and for cash the change to give back. */
export function TakeReceipt({ taken, onClose }: { taken: CounterTakeView; onClose: () => void }) {
	const { ct } = useCounterText();
	const price = usePrice();
	const money = useMoney();
	const second = useSecondMoney();
	return (
		<section className="counter-receipt" data-testid="take-receipt">
			<p className="counter-receipt__done">{ct("take.done")}</p>
			<p className="counter-receipt__no" data-testid="take-receipt-no">
				{ct("take.receipt", { no: taken.receiptNo })}
			</p>
			<p>{ct("take.paid", { amount: price(taken.amount) })}</p>
			{taken.method === "cash" && (
				<div className="counter-change" data-testid="take-receipt-change">
					<span>
						{(taken.change ?? 0) > 0 || (taken.changeSecond ?? 0) > 0 ? ct("take.giveChange") : ct("take.changeNone")}
					</span>
					<strong className="counter-change__amount">
						{changeText(taken.change ?? 0, taken.changeSecond ?? 0, money, second)}
					</strong>
				</div>
			)}
			<button type="button" className="button button--primary button--block" onClick={onClose} data-testid="take-done">
				{ct("take.close")}
			</button>
		</section>
	);
}

/** "$7.00 + 2,700៛", "2,700៛", "$7.00" or the currency's zero. */
export function changeText(
	change: number,
	changeSecond: number,
	money: (amount: number) => string,
	second: (units: number) => string,
): string {
	const parts = [change > 0 ? money(change) : null, changeSecond > 0 ? second(changeSecond) : null].filter(Boolean);
	return parts.length > 0 ? parts.join(" + ") : money(0);
}
