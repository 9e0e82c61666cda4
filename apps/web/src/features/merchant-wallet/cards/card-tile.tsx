import type { ReactNode } from "react";
import { CardIcon } from "../../../ui/icons";
import { useMoneyText } from "../money-strings";

/** "•••• 1234": the only digits of a card ever shown again (decision 023). */
export function maskedCardNumber(last4: string): string {
	return `•••• ${last4}`;
}

/**
 * One withdrawal account as a bank card: the bank, the holder, •••• and the last four digits,
 * "withdrawal in progress" while a withdrawal to it is open; `children` are its actions.
 */
export function CardTile({
	card,
	children,
	testId,
}: {
	card: { id: number; bank: string; holder: string; last4: string; inUse?: boolean };
	children?: ReactNode;
	testId: string;
}) {
	const { mt } = useMoneyText();
	return (
		<div className="money-card" data-testid={testId}>
			<div className="money-card__top">
				<CardIcon className="money-card__icon" aria-hidden="true" />
				<span className="money-card__bank" data-testid={`${testId}-bank`}>
					{card.bank}
				</span>
				{card.inUse && (
					<span className="money-card__tag" data-testid={`${testId}-in-use`}>
						{mt("cards.inUse")}
					</span>
				)}
			</div>
			<p className="money-card__number" data-testid={`${testId}-number`}>
				<span aria-hidden="true">{maskedCardNumber(card.last4)}</span>
				<span className="visually-hidden">{mt("cards.number", { last4: card.last4 })}</span>
			</p>
			<div className="money-card__bottom">
				<span className="money-card__holder" data-testid={`${testId}-holder`}>
					{card.holder}
				</span>
				{children}
			</div>
		</div>
	);
}
