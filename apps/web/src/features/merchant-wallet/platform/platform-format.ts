import type { WithdrawalView } from "@bayon/contract";

/**
 * A withdrawal's account as the review says it: the bank and the last four digits, never more.
 * A no-break space keeps the digits with their dots when a message wraps.
 */
export function accountText(card: WithdrawalView["card"]): string {
	return `${card.bank} ••••\u00a0${card.last4}`;
}
