import { WithdrawalStatus, type WithdrawalView } from "@bayon/contract";
import { Link } from "react-router";
import { useMoney } from "../../../lib/app-config";
import { formatDateTime, formatLocalDate } from "../../../lib/format";
import { useDateLabels } from "../../../lib/i18n";
import { Paths, withQuery } from "../../../lib/paths";
import { ChevronIcon } from "../../../ui/icons";
import { useMoneyText } from "../money-strings";
import { WithdrawalStatusBadge } from "./withdrawal-status-badge";

/**
 * One withdrawal in the list: the amount, its status, the card it goes to, when it was asked
 * for and, while it is on its way, the day it arrives by (a rejection shows its reason).
 * Opens its detail.
 */
export function WithdrawalRow({ withdrawal, timeZone }: { withdrawal: WithdrawalView; timeZone: string | undefined }) {
	const { mt, lang } = useMoneyText();
	const money = useMoney();
	const labels = useDateLabels();
	const testId = `withdrawal-${withdrawal.id}`;
	const onItsWay =
		withdrawal.status === WithdrawalStatus.Unaudited || withdrawal.status === WithdrawalStatus.AwaitingArrival;
	return (
		<li>
			<Link
				to={withQuery(Paths.merchantWithdrawal, { id: withdrawal.id })}
				className="money-row"
				aria-label={mt("list.open", { amount: money(withdrawal.amount) })}
				data-testid={testId}
			>
				<span className="money-row__main">
					<span className="money-row__top">
						<span className="money-row__amount" data-testid={`${testId}-amount`}>
							{money(withdrawal.amount)}
						</span>
						<WithdrawalStatusBadge
							status={withdrawal.status}
							returned={withdrawal.returned}
							testId={`${testId}-status`}
						/>
					</span>
					<span className="money-row__line">
						{mt("list.card", { bank: withdrawal.card.bank, last4: withdrawal.card.last4 })}
					</span>
					<span className="money-row__line money-row__line--muted">
						{formatDateTime(withdrawal.createdAt, lang, labels, timeZone)}
					</span>
					{onItsWay && (
						<span className="money-row__line" data-testid={`${testId}-arrives`}>
							{mt("list.arrivesBy", { date: formatLocalDate(withdrawal.arrivesBy, lang, labels) })}
						</span>
					)}
					{withdrawal.status === WithdrawalStatus.Rejected && withdrawal.rejectReason && (
						<span className="money-row__line money-row__line--refused" data-testid={`${testId}-reason`}>
							{mt("detail.note.reason", { note: withdrawal.rejectReason })}
						</span>
					)}
				</span>
				<ChevronIcon className="money-row__chevron" />
			</Link>
		</li>
	);
}
