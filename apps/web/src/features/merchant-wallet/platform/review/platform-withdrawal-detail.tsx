import { type WithdrawalEvent, WithdrawalStatus, type WithdrawalView } from "@bayon/contract";
import { useMoney } from "../../../../lib/app-config";
import { formatDateTime, formatLocalDate } from "../../../../lib/format";
import { useDateLabels } from "../../../../lib/i18n";
import { EyeIcon } from "../../../../ui/icons";
import { type PlatformTextKey, usePlatformText } from "../../platform-strings";
import { accountText } from "../platform-format";
import { PlatformStatusBadge } from "./platform-status-badge";

export type PlatformDecisionKind = "approve" | "reject" | "paid" | "return";

/**
 * What the operator may decide now: an unaudited one is approved or rejected, one awaiting
 * arrival marked paid or returned to the shop (issue 28).
 */
export function decisionsOf(withdrawal: WithdrawalView): PlatformDecisionKind[] {
	if (withdrawal.status === WithdrawalStatus.Unaudited) return ["approve", "reject"];
	if (withdrawal.status === WithdrawalStatus.AwaitingArrival) return ["return", "paid"];
	return [];
}

/** Whose full account number may be viewed: an approved one (to pay it) or a paid one (to check the transfer). */
export function revealable(withdrawal: WithdrawalView): boolean {
	return withdrawal.status === WithdrawalStatus.AwaitingArrival || withdrawal.status === WithdrawalStatus.Received;
}

/**
 * One withdrawal as the operator decides on it: the amount big, the shop, where the money goes
 * (bank, last four digits, holder), when it was asked for and by when it must arrive, its
 * status with the reason or the bank's reference and transfer day, every change with who and
 * when, and every viewing of the full account number (issue 28), which `onReveal` asks for.
 */
export function PlatformWithdrawalDetail({
	withdrawal,
	onReveal,
}: {
	withdrawal: WithdrawalView;
	onReveal?: (() => void) | undefined;
}) {
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
	if (withdrawal.rejectReason)
		facts.push([
			pt(withdrawal.returned ? "review.returnReason" : "review.rejectReason"),
			withdrawal.rejectReason,
			"reason",
		]);
	if (withdrawal.bankReference) facts.push([pt("review.bankReference"), withdrawal.bankReference, "reference"]);
	if (withdrawal.transferDate)
		facts.push([pt("review.transferDate"), formatLocalDate(withdrawal.transferDate, lang, labels), "transfer-date"]);

	return (
		<div className="pf-detail" data-testid={testId}>
			<div className="pf-detail__head">
				<span className="pf-detail__amount" data-testid={`${testId}-amount`}>
					{money(withdrawal.amount)}
				</span>
				<PlatformStatusBadge status={withdrawal.status} returned={withdrawal.returned} testId={`${testId}-status`} />
			</div>
			<dl className="pf-facts">
				{facts.map(([label, value, name]) => (
					<div key={name} className="pf-facts__row">
						<dt>{label}</dt>
						<dd data-testid={`${testId}-${name}`}>{value}</dd>
					</div>
				))}
			</dl>
			{onReveal && revealable(withdrawal) && (
				<button
					type="button"
					className="button button--ghost pf-reveal"
					onClick={onReveal}
					data-testid="platform-reveal"
				>
					<EyeIcon />
					{pt("review.reveal")}
				</button>
			)}
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
			<section className="pf-timeline" aria-labelledby={`${testId}-reveals`}>
				<h3 className="pf-timeline__title" id={`${testId}-reveals`}>
					{pt("review.reveals")}
				</h3>
				{withdrawal.reveals.length === 0 ? (
					<p className="pf-reveals__none" data-testid={`${testId}-reveals-none`}>
						{pt("review.revealsNone")}
					</p>
				) : (
					<ol className="pf-timeline__events" data-testid={`${testId}-reveals`}>
						{withdrawal.reveals.map((reveal, index) => (
							// Readings are only ever added: their order is their identity.
							// biome-ignore lint/suspicious/noArrayIndexKey: see above.
							<li key={index} className="pf-event">
								<span className="pf-event__title">{pt(`review.via.${reveal.via}`)}</span>
								<span className="pf-event__meta">
									{[
										reveal.actorName ?? pt("review.actor.operator"),
										formatDateTime(reveal.at, lang, labels, withdrawal.shopTimezone),
									].join(" · ")}
								</span>
							</li>
						))}
					</ol>
				)}
			</section>
		</div>
	);
}

function eventKey(event: WithdrawalEvent): PlatformTextKey {
	if (event.from === null || event.to === WithdrawalStatus.Unaudited) return "review.event.requested";
	if (event.from === WithdrawalStatus.AwaitingArrival && event.to === WithdrawalStatus.Rejected)
		return "review.event.returned";
	return `review.event.${event.to}`;
}

function TimelineEvent({ event, timeZone }: { event: WithdrawalEvent; timeZone: string }) {
	const { pt, lang } = usePlatformText();
	const labels = useDateLabels();
	const actor = pt(`review.actor.${event.actor}`);
	const noteLabel =
		event.to === WithdrawalStatus.Rejected
			? pt(event.from === WithdrawalStatus.AwaitingArrival ? "review.returnReason" : "review.rejectReason")
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
