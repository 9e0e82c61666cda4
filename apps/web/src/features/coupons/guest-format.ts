import { type CouponOffer, CouponStatus, type CouponTerms, type MyCoupon } from "@bayon/contract";
import { useCallback } from "react";
import { useMoney } from "../../lib/app-config";
import { formatDate, formatDateTime } from "../../lib/format";
import { useDateLabels, useListFormat } from "../../lib/i18n";
import { useCouponText } from "./guest-strings";

/** The big figure of a coupon and the small word under it: "$5.00", "20% off", "Free delivery". */
export interface CouponFace {
	/** The amount or the percentage (empty for free delivery). */
	figure: string;
	/** "off", or the whole text of a free-delivery coupon. */
	caption: string;
	kind: CouponTerms["kind"];
}

/**
 * What a coupon's terms say, in the reader's language and the tenant's currency. Every figure
 * is the server's; nothing is worked out here.
 */
export function useCouponTerms() {
	const { ct } = useCouponText();
	const money = useMoney();
	const list = useListFormat();

	const face = useCallback(
		(terms: CouponTerms): CouponFace => {
			if (terms.kind === "amountOff") return { figure: money(terms.amountOff ?? 0), caption: "", kind: terms.kind };
			if (terms.kind === "percentOff")
				return { figure: `${terms.percentOff ?? 0}%`, caption: ct("face.off"), kind: terms.kind };
			return { figure: "", caption: ct("face.freeDelivery"), kind: terms.kind };
		},
		[ct, money],
	);

	/** "On orders of $15.00 or more" / "No minimum spend". */
	const spend = useCallback(
		(terms: CouponTerms): string =>
			terms.threshold > 0 ? ct("terms.threshold", { amount: money(terms.threshold) }) : ct("terms.noThreshold"),
		[ct, money],
	);

	/** A percentage's cap ("Up to $5.00 off"), else null. */
	const cap = useCallback(
		(terms: CouponTerms): string | null =>
			terms.kind === "percentOff" && terms.maxDiscount !== null
				? ct("terms.cap", { amount: money(terms.maxDiscount) })
				: null,
		[ct, money],
	);

	/** Where it works: the order types and the shops. */
	const where = useCallback(
		(terms: CouponTerms): { useType: string; shops: string } => ({
			useType: ct(`useType.${terms.useType}`),
			shops:
				terms.shops === null
					? ct("shops.all")
					: ct("shops.some", { shops: list(terms.shops.map((shop) => shop.name)) }),
		}),
		[ct, list],
	);

	return { face, spend, cap, where };
}

/** When an offer works: its fixed dates as calendar days, or "N days after claiming". */
export function useOfferValidity(): (offer: Pick<CouponOffer, "validFrom" | "validUntil" | "validDays">) => string {
	const { ct, plural, lang } = useCouponText();
	const labels = useDateLabels();
	return useCallback(
		(offer) => {
			if (offer.validDays !== null) return plural("validity.days", offer.validDays);
			if (offer.validFrom && offer.validUntil)
				return ct("validity.fixed", {
					from: formatDate(offer.validFrom, lang, labels),
					until: formatDate(offer.validUntil, lang, labels),
				});
			return offer.validUntil ? ct("validity.until", { date: formatDate(offer.validUntil, lang, labels) }) : "";
		},
		[ct, plural, lang, labels],
	);
}

/**
 * When one of the member's coupons works, or what became of it: "usable from …" before its
 * start, "valid until …", "used on …", "expired on …". Its end is a moment (N days after a claim
 * ends at the time of day of the claim), so it is shown with its time.
 */
export function useCouponWhen(): (coupon: MyCoupon, now?: number) => string {
	const { ct, lang } = useCouponText();
	const labels = useDateLabels();
	return useCallback(
		(coupon, now = Date.now()) => {
			const at = (iso: string) => formatDateTime(iso, lang, labels);
			if (coupon.status === CouponStatus.Used)
				return coupon.usedAt ? ct("mine.usedOn", { date: at(coupon.usedAt) }) : ct("tab.1");
			if (coupon.status === CouponStatus.Expired) return ct("mine.expiredOn", { date: at(coupon.validUntil) });
			if (Date.parse(coupon.validFrom) > now)
				return `${ct("validity.from", { date: at(coupon.validFrom) })} · ${ct("validity.until", { date: at(coupon.validUntil) })}`;
			return ct("validity.until", { date: at(coupon.validUntil) });
		},
		[ct, lang, labels],
	);
}
