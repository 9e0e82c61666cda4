import type { WithdrawalView } from "@bayon/contract";
import { useMoney } from "../../../../lib/app-config";
import { formatDateTime, formatLocalDate } from "../../../../lib/format";
import { useDateLabels } from "../../../../lib/i18n";
import { usePlatformText } from "../../platform-strings";
import { PlatformStatusBadge } from "./platform-status-badge";

interface ListProps {
	withdrawals: WithdrawalView[];
	selectedId: number | null;
	onSelect: (withdrawal: WithdrawalView) => void;
}

/**
 * The review's withdrawals: a table on a desk (shop, amount, account, requested, status,
 * arrives by), a card each on a phone. A row opens the withdrawal; the open one stays marked.
 */
export function PlatformWithdrawalList({ layout, ...props }: ListProps & { layout: "table" | "cards" }) {
	return layout === "table" ? <WithdrawalTable {...props} /> : <WithdrawalCards {...props} />;
}

/** The account's bank and last four digits; the digits never break away from their dots. */
function Account({ card }: { card: WithdrawalView["card"] }) {
	return (
		<>
			{card.bank} <span className="pf-nowrap">•••• {card.last4}</span>
		</>
	);
}

function useRowTexts() {
	const { pt, lang } = usePlatformText();
	const labels = useDateLabels();
	const money = useMoney();
	return {
		pt,
		money,
		requestedAt: (withdrawal: WithdrawalView) =>
			formatDateTime(withdrawal.createdAt, lang, labels, withdrawal.shopTimezone),
		arrivesBy: (withdrawal: WithdrawalView) => formatLocalDate(withdrawal.arrivesBy, lang, labels),
	};
}

function WithdrawalTable({ withdrawals, selectedId, onSelect }: ListProps) {
	const { pt, money, requestedAt, arrivesBy } = useRowTexts();
	return (
		<table className="pf-table" data-testid="platform-withdrawals-list">
			<thead>
				<tr>
					<th scope="col">{pt("review.col.shop")}</th>
					<th scope="col" className="pf-table__number">
						{pt("review.col.amount")}
					</th>
					<th scope="col">{pt("review.col.account")}</th>
					<th scope="col">{pt("review.col.requestedAt")}</th>
					<th scope="col">{pt("review.col.status")}</th>
					<th scope="col">{pt("review.col.arrivesBy")}</th>
				</tr>
			</thead>
			<tbody>
				{withdrawals.map((withdrawal) => {
					const testId = `platform-withdrawal-${withdrawal.id}`;
					const selected = withdrawal.id === selectedId;
					return (
						// The whole row opens it for a mouse; the shop's button is the way in for a keyboard
						// or a screen reader (its click bubbles here).
						<tr
							key={withdrawal.id}
							className={`pf-table__row${selected ? " is-selected" : ""}`}
							onClick={() => onSelect(withdrawal)}
							data-testid={testId}
						>
							<th scope="row">
								<button type="button" className="pf-table__open" aria-current={selected ? "true" : undefined}>
									{withdrawal.shopName}
								</button>
							</th>
							<td className="pf-table__number pf-table__amount" data-testid={`${testId}-amount`}>
								{money(withdrawal.amount)}
							</td>
							<td data-testid={`${testId}-account`}>
								<span className="pf-table__account">
									<Account card={withdrawal.card} />
								</span>
								<span className="pf-table__holder">{withdrawal.card.holder}</span>
							</td>
							<td className="pf-table__time">{requestedAt(withdrawal)}</td>
							<td>
								<PlatformStatusBadge
									status={withdrawal.status}
									returned={withdrawal.returned}
									testId={`${testId}-status`}
								/>
							</td>
							<td className="pf-table__time pf-nowrap" data-testid={`${testId}-arrives`}>
								{arrivesBy(withdrawal)}
							</td>
						</tr>
					);
				})}
			</tbody>
		</table>
	);
}

function WithdrawalCards({ withdrawals, selectedId, onSelect }: ListProps) {
	const { pt, money, requestedAt, arrivesBy } = useRowTexts();
	return (
		<ul className="pf-cards" data-testid="platform-withdrawals-list">
			{withdrawals.map((withdrawal) => {
				const testId = `platform-withdrawal-${withdrawal.id}`;
				const selected = withdrawal.id === selectedId;
				return (
					<li key={withdrawal.id}>
						<button
							type="button"
							className={`pf-card${selected ? " is-selected" : ""}`}
							aria-current={selected ? "true" : undefined}
							onClick={() => onSelect(withdrawal)}
							data-testid={testId}
						>
							<span className="pf-card__shop">{withdrawal.shopName}</span>
							<span className="pf-card__status">
								<PlatformStatusBadge
									status={withdrawal.status}
									returned={withdrawal.returned}
									testId={`${testId}-status`}
								/>
							</span>
							<span className="pf-card__amount" data-testid={`${testId}-amount`}>
								{money(withdrawal.amount)}
							</span>
							<span className="pf-card__account" data-testid={`${testId}-account`}>
								<span>
									<Account card={withdrawal.card} />
								</span>
								<span className="pf-card__holder">{withdrawal.card.holder}</span>
							</span>
							<span className="pf-card__time">{requestedAt(withdrawal)}</span>
							<span className="pf-card__arrives" data-testid={`${testId}-arrives`}>
								{pt("review.arrivesBy", { date: arrivesBy(withdrawal) })}
							</span>
						</button>
					</li>
				);
			})}
		</ul>
	);
}
