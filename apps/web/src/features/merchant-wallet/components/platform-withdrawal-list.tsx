import type { WithdrawalView } from "@bayon/contract";
import { useMoney } from "../../../lib/app-config";
import { formatDateTime } from "../../../lib/format";
import { useDateLabels } from "../../../lib/i18n";
import { accountText, formatLocalDate } from "../platform-format";
import { usePlatformText } from "../platform-strings";
import { PlatformStatusBadge } from "./platform-status-badge";

/**
 * The review's withdrawals: a table on a desk (shop, amount, account, requested, status,
 * arrives by, one row each, column names above), a card each on a phone. A row opens the
 * withdrawal; the open one stays marked.
 */
export function PlatformWithdrawalList({
	withdrawals,
	selectedId,
	onSelect,
}: {
	withdrawals: WithdrawalView[];
	selectedId: number | null;
	onSelect: (withdrawal: WithdrawalView) => void;
}) {
	const { pt, lang } = usePlatformText();
	const labels = useDateLabels();
	const money = useMoney();
	return (
		<div className="pf-table" data-testid="platform-withdrawals-list">
			<div className="pf-table__head" aria-hidden="true">
				<span>{pt("review.col.shop")}</span>
				<span className="pf-table__amount">{pt("review.col.amount")}</span>
				<span>{pt("review.col.account")}</span>
				<span>{pt("review.col.requestedAt")}</span>
				<span>{pt("review.col.status")}</span>
				<span>{pt("review.col.arrivesBy")}</span>
			</div>
			<ul className="pf-table__rows">
				{withdrawals.map((withdrawal) => {
					const testId = `platform-withdrawal-${withdrawal.id}`;
					const selected = withdrawal.id === selectedId;
					return (
						<li key={withdrawal.id}>
							<button
								type="button"
								className={`pf-row${selected ? " is-selected" : ""}`}
								aria-current={selected ? "true" : undefined}
								onClick={() => onSelect(withdrawal)}
								data-testid={testId}
							>
								<span className="pf-row__shop">{withdrawal.shopName}</span>
								<span className="pf-row__amount" data-testid={`${testId}-amount`}>
									{money(withdrawal.amount)}
								</span>
								<span className="pf-row__account" data-testid={`${testId}-account`}>
									<span>{accountText(withdrawal.card)}</span>
									<span className="pf-row__holder">{withdrawal.card.holder}</span>
								</span>
								<span className="pf-row__time">{formatDateTime(withdrawal.createdAt, lang, labels)}</span>
								<span className="pf-row__status">
									<PlatformStatusBadge status={withdrawal.status} testId={`${testId}-status`} />
								</span>
								<span className="pf-row__arrives" data-testid={`${testId}-arrives`}>
									<span className="pf-row__arrives-label">
										{pt("review.arrivesBy", { date: formatLocalDate(withdrawal.arrivesBy, lang, labels) })}
									</span>
									<span className="pf-row__arrives-date" aria-hidden="true">
										{formatLocalDate(withdrawal.arrivesBy, lang, labels)}
									</span>
								</span>
							</button>
						</li>
					);
				})}
			</ul>
		</div>
	);
}
