import type { WithdrawalStatus } from "@bayon/contract";
import { useI18n } from "../../../../lib/i18n";
import { withdrawalBadgeKey, withdrawalStatusStrings, withdrawalStatusTone } from "../../withdrawal-status";

/** A withdrawal's status (spec §3 names; "returned" for one returned after approval) on a badge toned waiting, refused or done. */
export function PlatformStatusBadge({
	status,
	returned = false,
	testId,
}: {
	status: WithdrawalStatus;
	returned?: boolean;
	testId?: string;
}) {
	const { lang } = useI18n();
	return (
		<span className={`tag pf-status pf-status--${withdrawalStatusTone(status)}`} data-testid={testId}>
			{withdrawalStatusStrings.text(lang, withdrawalBadgeKey({ status, returned }))}
		</span>
	);
}
