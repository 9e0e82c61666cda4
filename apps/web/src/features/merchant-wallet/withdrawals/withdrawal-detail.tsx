import { WithdrawalStatus, type WithdrawalView } from "@bayon/contract";
import type { ReactNode } from "react";
import { useMoney } from "../../../lib/app-config";
import { formatDateTime, formatLocalDate } from "../../../lib/format";
import { useDateLabels } from "../../../lib/i18n";
import { maskedCardNumber } from "../cards/card-tile";
import { useMoneyText } from "../money-strings";
import { WithdrawalReveals } from "./withdrawal-reveals";
import { WithdrawalStatusBadge } from "./withdrawal-status-badge";
import { WithdrawalTimeline } from "./withdrawal-timeline";

/**
 * One withdrawal: the amount and where it stands, the card it is paid to, when it was asked
 * for and the day it arrives by (spec §9: within 10 working days), the reason of a rejection
 * or return, the bank's reference and day of a payment, its timeline, and every time the
 * platform viewed the full account number (issue 28).
 */
export function WithdrawalDetail({
	withdrawal,
	timeZone,
	workingDays,
}: {
	withdrawal: WithdrawalView;
	timeZone: string | undefined;
	workingDays: number;
}) {
	const { mt, lang } = useMoneyText();
	const money = useMoney();
	const labels = useDateLabels();
	const onItsWay =
		withdrawal.status === WithdrawalStatus.Unaudited || withdrawal.status === WithdrawalStatus.AwaitingArrival;
	return (
		<div className="money-detail" data-testid="withdrawal-detail">
			<section className="card money-section money-detail__head">
				<WithdrawalStatusBadge status={withdrawal.status} returned={withdrawal.returned} testId="withdrawal-status" />
				<p className="money-detail__amount" data-testid="withdrawal-amount">
					{money(withdrawal.amount)}
				</p>
				{withdrawal.status === WithdrawalStatus.Rejected && (
					<p className="money-detail__notice" data-testid="withdrawal-returned">
						{mt(withdrawal.returned ? "detail.returnedAfterApproval" : "detail.returned")}
					</p>
				)}
			</section>
			<section className="card money-section">
				<dl className="money-facts">
					<Fact label={mt("detail.account")} testId="withdrawal-card">
						{withdrawal.card.bank} {maskedCardNumber(withdrawal.card.last4)}
					</Fact>
					<Fact label={mt("detail.holder")} testId="withdrawal-holder">
						{withdrawal.card.holder}
					</Fact>
					<Fact label={mt("detail.requestedAt")} testId="withdrawal-created">
						{formatDateTime(withdrawal.createdAt, lang, labels, timeZone)}
					</Fact>
					{onItsWay && (
						<Fact label={mt("detail.arrivesBy")} testId="withdrawal-arrives">
							{formatLocalDate(withdrawal.arrivesBy, lang, labels)}
							<span className="money-facts__sub">{mt("detail.workingDays", { days: workingDays })}</span>
						</Fact>
					)}
					{withdrawal.rejectReason && (
						<Fact label={mt(withdrawal.returned ? "detail.returnReason" : "detail.reason")} testId="withdrawal-reason">
							{withdrawal.rejectReason}
						</Fact>
					)}
					{withdrawal.bankReference && (
						<Fact label={mt("detail.reference")} testId="withdrawal-reference">
							{withdrawal.bankReference}
						</Fact>
					)}
					{withdrawal.transferDate && (
						<Fact label={mt("detail.transferDate")} testId="withdrawal-transfer-date">
							{formatLocalDate(withdrawal.transferDate, lang, labels)}
						</Fact>
					)}
				</dl>
			</section>
			<section className="card money-section" aria-labelledby="withdrawal-timeline-title">
				<h2 className="section__title" id="withdrawal-timeline-title">
					{mt("detail.timeline")}
				</h2>
				<WithdrawalTimeline events={withdrawal.events} timeZone={timeZone} />
			</section>
			<section className="card money-section" aria-labelledby="withdrawal-reveals-title">
				<h2 className="section__title" id="withdrawal-reveals-title">
					{mt("detail.reveals")}
				</h2>
				<WithdrawalReveals reveals={withdrawal.reveals} timeZone={timeZone} />
			</section>
		</div>
	);
}

function Fact({ label, testId, children }: { label: string; testId: string; children: ReactNode }) {
	return (
		<div className="money-facts__row">
			<dt>{label}</dt>
			<dd data-testid={testId}>{children}</dd>
		</div>
	);
}
