import type { WithdrawalStatus } from "@bayon/contract";
import { useFeatureStrings } from "../../../lib/i18n/feature-strings";
import { withdrawalStatusKey, withdrawalStatusStrings, withdrawalStatusTone } from "../withdrawal-status";

/** A withdrawal's status (spec §3) as a badge: waiting (unaudited, awaiting arrival), refused, done. */
export function WithdrawalStatusBadge({ status, testId }: { status: WithdrawalStatus; testId?: string }) {
	const { ft } = useFeatureStrings(withdrawalStatusStrings);
	return (
		<span
			className={`money-badge money-badge--${withdrawalStatusTone(status)}`}
			data-status={status}
			data-testid={testId}
		>
			{ft(withdrawalStatusKey(status))}
		</span>
	);
}
