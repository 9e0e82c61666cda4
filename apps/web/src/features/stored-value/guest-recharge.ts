import { type MessageKey, RechargeInput, type RechargeView } from "@bayon/contract";

/**
 * What the recharge form asks before it calls the server (spec §5): with no package chosen,
 * "select recharge amount"; with the agreement not ticked, "agree to the stored-value
 * agreement". The contract's schema and message keys decide the rest, so the page and the
 * server say the same. (The missing package is checked here first: the contract's
 * `packageId` refinement sits on an optional field, which zod skips when the field is absent.)
 */
export function rechargeProblem(draft: { packageId: number | null; agreed: boolean }): MessageKey | null {
	if (draft.packageId === null) return "selectRechargeAmount";
	const parsed = RechargeInput.safeParse({ packageId: draft.packageId, agree: draft.agreed });
	if (parsed.success) return null;
	return (parsed.error.issues[0]?.message as MessageKey | undefined) ?? "fieldInvalid";
}

/** The recharge the gateway sent the payer back with (`?recharge=<id>`), or null. */
export function returnedRechargeId(value: string | null): number | null {
	if (!value || !/^\d{1,15}$/.test(value)) return null;
	const id = Number(value);
	return Number.isSafeInteger(id) && id > 0 ? id : null;
}

/** How long after returning the page keeps saying "checking" before it explains a pending recharge. */
export const RECHARGE_PATIENCE_MS = 20_000;

/** What the page says about a returned recharge. */
export type RechargeOutcome =
	| { kind: "checking" }
	| { kind: "waiting" }
	| { kind: "paid"; credited: number; bonus: number }
	| { kind: "expired" };

export function rechargeOutcome(recharge: RechargeView | undefined, waitedMs: number): RechargeOutcome {
	if (!recharge) return { kind: "checking" };
	if (recharge.status === "paid")
		return { kind: "paid", credited: recharge.payAmount + recharge.bonusAmount, bonus: recharge.bonusAmount };
	if (recharge.status === "expired") return { kind: "expired" };
	return waitedMs < RECHARGE_PATIENCE_MS ? { kind: "checking" } : { kind: "waiting" };
}
