import { localize } from "@bayon/contract";
import { useMoney } from "../../../lib/app-config";
import { CheckIcon, RefundIcon } from "../../../ui/icons";
import type { BalanceChangedMessage } from "../guest-api";
import { useStoredValueText } from "../guest-strings";

export type CounterNotice = NonNullable<BalanceChangedMessage["counter"]> & { balance: number };

/** "Paid $12.00 at Bayon BKK1" (or refunded), heard live while the member shows the code. */
export function GuestCounterNotice({ notice, onDismiss }: { notice: CounterNotice; onDismiss: () => void }) {
	const { st, lang } = useStoredValueText();
	const money = useMoney();
	const paid = notice.status === "paid";
	const Icon = paid ? CheckIcon : RefundIcon;
	return (
		<div
			className={`sv-notice sv-notice--${notice.status}`}
			role="status"
			data-testid="counter-notice"
			data-payment-id={notice.paymentId}
		>
			<Icon className="sv-notice__icon" />
			<div className="sv-notice__body">
				<p className="sv-notice__title" data-testid="counter-notice-title">
					{st(paid ? "counter.paid" : "counter.refunded", {
						amount: money(notice.amount),
						shop: localize(notice.shopName, lang),
					})}
				</p>
				<p className="sv-hint">{st("counter.balance", { amount: money(notice.balance) })}</p>
			</div>
			<button type="button" className="text-button" onClick={onDismiss} data-testid="counter-notice-dismiss">
				{st("counter.dismiss")}
			</button>
		</div>
	);
}
