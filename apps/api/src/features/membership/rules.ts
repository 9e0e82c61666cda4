import { type CardBenefits, formatMessage, type Localized, localize } from "@bayon/contract";

/**
 * The rules of holding and buying VIP cards (decision 021), without I/O: a member holds at most
 * one card; buying the same type again extends it from its current end (or from now, once
 * expired); buying another type while one is active is refused, saying until when.
 */

const DAY_MS = 24 * 3600 * 1000;

/** The parts of a held card the rules look at. */
export interface HeldCard {
	card_type_id: number;
	name: Localized;
	starts_at: Date;
	expires_at: Date;
}

export function isActive(card: Pick<HeldCard, "expires_at">, now: Date): boolean {
	return new Date(card.expires_at).getTime() > now.getTime();
}

/** Why the member may not buy this type now, or null when they may. */
export type PurchaseBlock = { kind: "otherActive"; held: HeldCard } | null;

export function purchaseBlock(held: HeldCard | undefined, cardTypeId: number, now: Date): PurchaseBlock {
	if (held && held.card_type_id !== cardTypeId && isActive(held, now)) return { kind: "otherActive", held };
	return null;
}

/** Whether buying this type now extends the card the member holds (same type, still active). */
export function extendsHeldCard(held: HeldCard | undefined, cardTypeId: number, now: Date): boolean {
	return held !== undefined && held.card_type_id === cardTypeId && isActive(held, now);
}

/**
 * The card's period after a purchase of `validityDays`: an active card of the same type runs
 * on from its end (its start stays); otherwise a new period starts now.
 */
export function periodAfterPurchase(
	held: HeldCard | undefined,
	purchase: { cardTypeId: number; validityDays: number },
	now: Date,
): { startsAt: Date; expiresAt: Date } {
	if (extendsHeldCard(held, purchase.cardTypeId, now) && held) {
		const end = new Date(held.expires_at);
		return { startsAt: new Date(held.starts_at), expiresAt: new Date(end.getTime() + purchase.validityDays * DAY_MS) };
	}
	return { startsAt: now, expiresAt: new Date(now.getTime() + purchase.validityDays * DAY_MS) };
}

/** Intl locales for our languages (Node ships full ICU, Khmer included). */
const INTL_LOCALES: Record<string, string> = { "zh-CN": "zh-CN", en: "en-GB", km: "km-KH" };

/** A calendar date in the reader's language and the tenant's time zone: 2026年12月24日 / 24 Dec 2026 / 24 ធ្នូ 2026. */
export function formatDay(instant: Date, lang: string, timeZone: string): string {
	try {
		return new Intl.DateTimeFormat(INTL_LOCALES[lang] ?? "zh-CN", {
			timeZone,
			year: "numeric",
			month: "short",
			day: "numeric",
		}).format(instant);
	} catch {
		return instant.toISOString().slice(0, 10);
	}
}

/** "You already hold Gold until 24 Dec 2026…", in the reader's language. */
export function otherActiveMessage(held: HeldCard, lang: string, timeZone: string): string {
	return formatMessage("vipCardOtherActive", lang, {
		name: localize(held.name, lang),
		date: formatDay(new Date(held.expires_at), lang, timeZone),
	});
}

/** A card type's or a held card's benefits, from its columns. */
export function benefitsOf(row: {
	discount_percent: number;
	discount_cap: number | null;
	free_delivery: boolean;
	points_percent: number;
}): CardBenefits {
	return {
		discountPercent: row.discount_percent,
		discountCap: row.discount_cap,
		freeDelivery: row.free_delivery,
		pointsPercent: row.points_percent,
	};
}
