import type { WithdrawalStatus } from "@bayon/contract";
import { useFeatureStrings } from "../../../lib/i18n/feature-strings";
import { withdrawalBadgeKey, withdrawalStatusStrings, withdrawalStatusTone } from "../withdrawal-status";

/**
 * A withdrawal's status (spec §3) as a badge: waiting (unaudited, awaiting arrival), refused,
 * done; one returned after approval reads "returned".
 */
export function WithdrawalStatusBadge({
	status,
	returned = false,
	testId,
}: {
	status: WithdrawalStatus;
	returned?: boolean;
	testId?: string;
}) {
	const { ft } = useFeatureStrings(withdrawalStatusStrings);
	return (
		<span
			className={`money-badge money-badge--${withdrawalStatusTone(status)}`}
			data-status={status}
			data-testid={testId}
		>
			{ft(withdrawalBadgeKey({ status, returned }))}
		</span>
	);
}
