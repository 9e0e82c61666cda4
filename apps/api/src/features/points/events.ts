import type { AppDeps } from "../../http/deps.js";
import { memberPoints } from "./queries.js";

/** What happened to a redemption, as the member's pages are told. */
export type RedemptionChangeReason = "redeemed" | "handedOver" | "shipped" | "received" | "cancelled";

/**
 * Tells the member's own pages (never staff) that one of their redemptions changed, with their
 * points after it, so the redemption and points pages refetch. Call after the change has
 * committed; a lost notification is healed by the pages refetching on their own.
 */
export async function announceRedemptionChange(
	deps: AppDeps,
	redemption: { id: number; tenant_id: number; member_id: number; status: string },
	reason: RedemptionChangeReason,
): Promise<void> {
	try {
		const member = { tenantId: redemption.tenant_id, memberId: redemption.member_id };
		const points = await memberPoints(deps.db, member);
		await deps.events.publish({
			type: "redemption.changed",
			...member,
			redemptionId: redemption.id,
			status: redemption.status,
			reason,
			points,
		});
	} catch {
		// The change is committed; the member's page refetches when it comes back.
	}
}
