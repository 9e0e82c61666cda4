import type { AppDeps } from "../../http/deps.js";
import { walletBalanceOf } from "../wallet/queries.js";

/** Why a member's card or balance moved, as their pages are told. */
export type CardChangeReason = "cardBought" | "cardRefunded";

/**
 * Tells the member's own pages (never staff) that their card or balance moved, so the card
 * and balance pages refetch. Call after the change has committed; a lost notification is
 * healed by the pages refetching on their own.
 */
export async function announceCardChange(
	deps: AppDeps,
	member: { tenantId: number; memberId: number },
	reason: CardChangeReason,
): Promise<void> {
	try {
		const balance = await walletBalanceOf(deps.db, member);
		await deps.events.publish({ type: "balance.changed", ...member, reason, balance });
	} catch {
		// The purchase is committed; the member's page refetches when it comes back.
	}
}
