import type { WithdrawalStatus } from "@bayon/contract";
import { useI18n } from "../../../lib/i18n";
import { withdrawalStatusKey, withdrawalStatusStrings, withdrawalStatusTone } from "../withdrawal-status";

/** A withdrawal's status (spec §3 names) on a badge toned waiting, refused or done. */
export function PlatformStatusBadge({ status, testId }: { status: WithdrawalStatus; testId?: string }) {
	const { lang } = useI18n();
	return (
		<span className={`tag pf-status pf-status--${withdrawalStatusTone(status)}`} data-testid={testId}>
			{withdrawalStatusStrings.text(lang, withdrawalStatusKey(status))}
		</span>
	);
}
