import { ClaimCouponInput, type CouponOffer, ErrorCode, type MessageKey } from "@bayon/contract";

/**
 * What the exchange-code field asks before it calls the server: the contract's own rule (4 to
 * 20 letters or digits), so the page and the server say the same ("exchangeCodeInvalid").
 */
export function exchangeCodeProblem(code: string): MessageKey | null {
	const parsed = ClaimCouponInput.safeParse({ code });
	if (parsed.success) return null;
	return (parsed.error.issues[0]?.message as MessageKey | undefined) ?? "exchangeCodeInvalid";
}

/**
 * One idempotency key per claim intent (a tap on an offer, or one code): a retry of the same
 * intent after a lost answer reuses its key, so the server claims once; once the server has
 * answered (a coupon, or a refusal), the next tap is a new intent with a new key.
 */
export function claimIntents(newKey: () => string) {
	const keys = new Map<string, string>();
	return {
		keyFor(intent: string): string {
			let key = keys.get(intent);
			if (!key) {
				key = newKey();
				keys.set(intent, key);
			}
			return key;
		},
		settle(intent: string): void {
			keys.delete(intent);
		},
	};
}

/**
 * The centre's offers after the reader claimed one of `templateId`: one fewer left for
 * everyone and for them; "claimed" once they hold their limit, as the server would now say.
 */
export function afterClaim(offers: readonly CouponOffer[], templateId: number): CouponOffer[] {
	return offers.map((offer) => {
		if (offer.templateId !== templateId) return offer;
		const remaining = Math.max(0, offer.remaining - 1);
		const claimableByMe = Math.max(0, Math.min(offer.claimableByMe - 1, remaining));
		const heldAll = offer.claimableByMe - 1 <= 0;
		return {
			...offer,
			remaining,
			claimableByMe,
			state: heldAll ? "claimed" : remaining === 0 ? "allGone" : "claimable",
		};
	});
}

/** The offer as a refusal shows it: all gone, or claimed up to the reader's limit. */
export function afterRefusal(offers: readonly CouponOffer[], templateId: number, code: number): CouponOffer[] {
	const state = code === ErrorCode.CouponAllGone ? "allGone" : code === ErrorCode.CouponLimitReached ? "claimed" : null;
	if (state === null) return [...offers];
	return offers.map((offer) =>
		offer.templateId === templateId
			? { ...offer, state, claimableByMe: 0, remaining: state === "allGone" ? 0 : offer.remaining }
			: offer,
	);
}
