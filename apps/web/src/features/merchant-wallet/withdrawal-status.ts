import { WithdrawalStatus } from "@bayon/contract";
import { featureStrings } from "../../lib/i18n/feature-strings";

/**
 * The withdrawal statuses' names (spec §3) and how each reads on a badge, shared by the owner's
 * withdrawal pages and the platform's review (issue 14).
 */
export const withdrawalStatusStrings = featureStrings({
	"zh-CN": {
		"status.0": "待审核",
		"status.1": "待到账",
		"status.2": "审核驳回",
		"status.3": "已到账",
		"status.returned": "已退回",
	},
	en: {
		"status.0": "Unaudited",
		"status.1": "Awaiting arrival",
		"status.2": "Review rejected",
		"status.3": "Already received",
		"status.returned": "Returned",
	},
	km: {
		"status.0": "មិនទាន់ពិនិត្យ",
		"status.1": "កំពុងរង់ចាំប្រាក់ចូល",
		"status.2": "ការពិនិត្យត្រូវបានបដិសេធ",
		"status.3": "បានទទួលប្រាក់រួច",
		"status.returned": "បានប្រគល់វិញ",
	},
});

/** The badge's tone: waiting (0, 1), refused (2), done (3). */
export function withdrawalStatusTone(status: WithdrawalStatus): "waiting" | "refused" | "done" {
	if (status === WithdrawalStatus.Rejected) return "refused";
	if (status === WithdrawalStatus.Received) return "done";
	return "waiting";
}

export function withdrawalStatusKey(status: WithdrawalStatus): `status.${WithdrawalStatus}` {
	return `status.${status}`;
}

/**
 * The name a withdrawal's badge shows: its status (spec §3), except that one returned after
 * approval (review rejected by the platform's payout desk, issue 28) reads "returned".
 */
export function withdrawalBadgeKey(withdrawal: {
	status: WithdrawalStatus;
	returned?: boolean;
}): `status.${WithdrawalStatus}` | "status.returned" {
	return withdrawal.returned ? "status.returned" : withdrawalStatusKey(withdrawal.status);
}
