import { type AvailabilityView, RESERVATION_PAY_MINUTES } from "@bayon/contract";
import type { ReactNode } from "react";
import { usePrice } from "../../../lib/app-config";
import { useGuestText } from "../guest-strings";

/** The terms the booking is made under, shown before it is made. */
export function Policy({ view, partyChosen }: { view: AvailabilityView; partyChosen: boolean }) {
	const { gt, duration } = useGuestText();
	const price = usePrice();
	const { terms } = view;
	const items: ReactNode[] = [
		terms.cancelWindowMinutes > 0
			? gt("policy.cancelWindow", { duration: duration(terms.cancelWindowMinutes) })
			: gt("policy.cancelByPhone"),
		gt("policy.grace", { duration: duration(terms.graceMinutes) }),
		!partyChosen
			? null
			: terms.deposit.amount > 0
				? gt(terms.deposit.reason === "strikes" ? "policy.depositStrikes" : "policy.deposit", {
						amount: price(terms.deposit.amount),
						perPerson: price(terms.deposit.perPerson),
					})
				: gt("policy.noDeposit"),
	];
	if (partyChosen && terms.deposit.amount > 0)
		items.push(gt("policy.payWithin", { duration: duration(RESERVATION_PAY_MINUTES) }));
	return (
		<section className="card guest-card" aria-labelledby="guest-policy-title" data-testid="booking-policy">
			<h2 className="guest-card__title" id="guest-policy-title">
				{gt("policy.title")}
			</h2>
			<ul className="guest-policy">
				{items.filter(Boolean).map((item, index) => (
					// biome-ignore lint/suspicious/noArrayIndexKey: a fixed list of sentences
					<li key={index}>{item}</li>
				))}
			</ul>
		</section>
	);
}

/** The deposit the booking asks, beside the book button. */
export function DepositTotal({ amount }: { amount: number }) {
	const { gt } = useGuestText();
	const price = usePrice();
	return (
		<span className="cart-footer__total">
			<span className="cart-footer__label">{gt("pay.deposit")}</span>
			<span className="price guest-book__deposit" data-testid="booking-deposit">
				{price(amount)}
			</span>
		</span>
	);
}
