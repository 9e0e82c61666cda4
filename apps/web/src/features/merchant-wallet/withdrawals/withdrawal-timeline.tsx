import { type WithdrawalEvent, WithdrawalStatus } from "@bayon/contract";
import { formatDateTime } from "../../../lib/format";
import { useDateLabels } from "../../../lib/i18n";
import { type MoneyKey, useMoneyText } from "../money-strings";

/** A return: rejected after the platform had approved it (issue 28). */
const isReturn = (event: WithdrawalEvent) =>
	event.from === WithdrawalStatus.AwaitingArrival && event.to === WithdrawalStatus.Rejected;

/** What the event's note is: the reason of a rejection or return, the bank's reference of a payment. */
function noteKey(event: WithdrawalEvent): MoneyKey | null {
	if (event.to === WithdrawalStatus.Rejected) return "detail.note.reason";
	if (event.to === WithdrawalStatus.Received) return "detail.note.reference";
	return null;
}

/**
 * Every change of a withdrawal, oldest first: what happened, who did it (the owner, the
 * platform's operator by name, the system) and when on the shop's clock, with the reason of a
 * rejection or the bank's reference of a payment. The latest step is marked as where it stands.
 */
export function WithdrawalTimeline({ events, timeZone }: { events: WithdrawalEvent[]; timeZone: string | undefined }) {
	const { mt, lang } = useMoneyText();
	const labels = useDateLabels();
	const ordered = [...events].sort((a, b) => Date.parse(a.at) - Date.parse(b.at));
	return (
		<ol className="money-timeline" data-testid="withdrawal-timeline">
			{ordered.map((event, index) => {
				const role = mt(`detail.actor.${event.actor}`);
				const who = event.actorName ? mt("detail.actorNamed", { role, name: event.actorName }) : role;
				const key = noteKey(event);
				const current = index === ordered.length - 1;
				return (
					<li
						key={`${event.to}-${event.at}`}
						className={`money-timeline__step money-timeline__step--to-${event.to}${current ? " is-current" : ""}`}
						aria-current={current ? "step" : undefined}
						data-testid={`withdrawal-event-${index}`}
					>
						<span className="money-timeline__dot" aria-hidden="true" />
						<span className="money-timeline__title">
							{mt(isReturn(event) ? "detail.event.returned" : `detail.event.${event.to}`)}
						</span>
						<span className="money-timeline__meta">
							{who} · {formatDateTime(event.at, lang, labels, timeZone)}
						</span>
						{event.note && (
							<span className="money-timeline__note" data-testid={`withdrawal-event-${index}-note`}>
								{key ? mt(key, { note: event.note }) : event.note}
							</span>
						)}
					</li>
				);
			})}
		</ol>
	);
}
