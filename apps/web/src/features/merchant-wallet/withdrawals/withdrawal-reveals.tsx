import type { WithdrawalReveal } from "@bayon/contract";
import { formatDateTime } from "../../../lib/format";
import { useDateLabels } from "../../../lib/i18n";
import { useMoneyText } from "../money-strings";

/**
 * Every time the platform read the withdrawal's full account number (issue 28), oldest first:
 * "the platform viewed the account number at …", on the shop's clock, marked when it was a row
 * of a bulk-transfer file. The owner is never told which of the platform's people it was.
 */
export function WithdrawalReveals({
	reveals,
	timeZone,
}: {
	reveals: WithdrawalReveal[];
	timeZone: string | undefined;
}) {
	const { mt, lang } = useMoneyText();
	const labels = useDateLabels();
	if (reveals.length === 0)
		return (
			<p className="money-reveals__none" data-testid="withdrawal-reveals-none">
				{mt("detail.revealsNone")}
			</p>
		);
	return (
		<>
			<ul className="money-reveals" data-testid="withdrawal-reveals">
				{reveals.map((reveal, index) => (
					// Readings are only ever added: their order is their identity.
					// biome-ignore lint/suspicious/noArrayIndexKey: see above.
					<li key={index} className="money-reveals__line" data-testid={`withdrawal-reveal-${index}`}>
						{mt(`detail.reveal.${reveal.via}`, { time: formatDateTime(reveal.at, lang, labels, timeZone) })}
					</li>
				))}
			</ul>
			<p className="money-reveals__hint">{mt("detail.revealsHint")}</p>
		</>
	);
}
