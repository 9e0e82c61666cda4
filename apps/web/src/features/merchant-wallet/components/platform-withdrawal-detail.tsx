import { type WithdrawalEvent, WithdrawalStatus, type WithdrawalView } from "@bayon/contract";
import { useMoney } from "../../../lib/app-config";
import { formatDateTime } from "../../../lib/format";
import { useDateLabels } from "../../../lib/i18n";
import { accountText, formatLocalDate } from "../platform-format";
import { type PlatformTextKey, usePlatformText } from "../platform-strings";
import { PlatformStatusBadge } from "./platform-status-badge";

export type PlatformDecisionKind = "approve" | "reject" | "paid";

/** What the operator may decide now: an unaudited one is approved or rejected, one awaiting arrival marked paid. */
export function decisionsOf(withdrawal: WithdrawalView): PlatformDecisionKind[] {
	if (withdrawal.status === WithdrawalStatus.Unaudited) return ["approve", "reject"];
	if (withdrawal.status === WithdrawalStatus.AwaitingArrival) return ["paid"];
	return [];
}

/**
 * One withdrawal as the operator decides on it: the amount big, the shop, where the money goes
 * (bank, last four digits, holder), when it was asked for and by when it must arrive, its
 * status with the reason or the bank's reference, and every change with who and when.
 */
export function PlatformWithdrawalDetail({ withdrawal }: { withdrawal: WithdrawalView }) {
	const { pt, lang } = usePlatformText();
	const labels = useDateLabels();
	const money = useMoney();
	const testId = "platform-detail";
	const facts: Array<[string, string, string]> = [
		[pt("review.col.shop"), withdrawal.shopName, "shop"],
		[pt("review.col.account"), accountText(withdrawal.card), "account"],
		[pt("review.holder"), withdrawal.card.holder, "holder"],
		[
			pt("review.col.requestedAt"),
			formatDateTime(withdrawal.createdAt, lang, labels, withdrawal.shopTimezone),
			"requested",
		],
		[pt("review.col.arrivesBy"), formatLocalDate(withdrawal.arrivesBy, lang, labels), "arrives"],
	];
	if (withdrawal.rejectReason) facts.push([pt("review.rejectReason"), withdrawal.rejectReason, "reason"]);
	if (withdrawal.bankReference) facts.push([pt("review.bankReference"), withdrawal.bankReference, "reference"]);

	return (
		<div className="pf-detail" data-testid={testId}>
			<div className="pf-detail__head">
				<span className="pf-detail__amount" data-testid={`${testId}-amount`}>
					{money(withdrawal.amount)}
				</span>
				<PlatformStatusBadge status={withdrawal.status} testId={`${testId}-status`} />
			</div>
			<dl className="pf-facts">
				{facts.map(([label, value, name]) => (
					<div key={name} className="pf-facts__row">
						<dt>{label}</dt>
						<dd data-testid={`${testId}-${name}`}>{value}</dd>
					</div>
				))}
			</dl>
			<section className="pf-timeline" aria-labelledby={`${testId}-timeline`}>
				<h3 className="pf-timeline__title" id={`${testId}-timeline`}>
					{pt("review.timeline")}
				</h3>
				<ol className="pf-timeline__events" data-testid={`${testId}-timeline`}>
					{withdrawal.events.map((event, index) => (
						// Events never change once written: their order is their identity.
						// biome-ignore lint/suspicious/noArrayIndexKey: see above.
						<TimelineEvent key={index} event={event} timeZone={withdrawal.shopTimezone} />
					))}
				</ol>
			</section>
		</div>
	);
}

function eventKey(event: WithdrawalEvent): PlatformTextKey {
	if (event.from === null || event.to === WithdrawalStatus.Unaudited) return "review.event.requested";
	return `review.event.${event.to}`;
}

function TimelineEvent({ event, timeZone }: { event: WithdrawalEvent; timeZone: string }) {
	const { pt, lang } = usePlatformText();
	const labels = useDateLabels();
	const actor = pt(`review.actor.${event.actor}`);
	const noteLabel =
		event.to === WithdrawalStatus.Rejected
			? pt("review.rejectReason")
			: event.to === WithdrawalStatus.Received
				? pt("review.bankReference")
				: null;
	return (
		<li className={`pf-event pf-event--${event.to}`}>
			<span className="pf-event__title">{pt(eventKey(event))}</span>
			<span className="pf-event__meta">
				{[
					event.actorName ? `${actor} ${event.actorName}` : actor,
					formatDateTime(event.at, lang, labels, timeZone),
				].join(" · ")}
			</span>
			{event.note && (
				<span className="pf-event__note">
					{noteLabel ? pt("review.note", { label: noteLabel, note: event.note }) : event.note}
				</span>
			)}
		</li>
	);
}
