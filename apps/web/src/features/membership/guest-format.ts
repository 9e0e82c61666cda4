import type { CardBenefits } from "@bayon/contract";
import { useCallback } from "react";
import { useMoney } from "../../lib/app-config";
import { formatDate } from "../../lib/format";
import { useDateLabels } from "../../lib/i18n";
import { useCardText } from "./guest-strings";

/** One benefit as a line of text, with what it is (for its icon). */
export interface BenefitLine {
	kind: "discount" | "freeDelivery" | "points";
	text: string;
}

/** The contract's `CARD_POINTS_PERCENT_MIN` (×1: no extra points), kept out of the mine tab's chunk. */
const POINTS_PERCENT_PLAIN = 100;

/** 200 → "2", 150 → "1.5", 125 → "1.25": a multiplier as people write it. */
export function pointsMultiplier(pointsPercent: number): string {
	return String(Math.round(pointsPercent) / 100);
}

/**
 * A card's benefits in the reader's language: "10% off every order (up to $5.00 per order)",
 * "Free delivery", "Points ×2". A points multiplier of ×1 gives nothing and is not listed.
 * Amounts are the card's as the server sends them; nothing is worked out here.
 */
export function useBenefitLines(): (benefits: CardBenefits) => BenefitLine[] {
	const { ct } = useCardText();
	const money = useMoney();
	return useCallback(
		(benefits: CardBenefits) => {
			const lines: BenefitLine[] = [];
			if (benefits.discountPercent > 0) {
				lines.push({
					kind: "discount",
					text:
						benefits.discountCap === null
							? ct("benefit.discount", { percent: benefits.discountPercent })
							: ct("benefit.discountCapped", {
									percent: benefits.discountPercent,
									amount: money(benefits.discountCap),
								}),
				});
			}
			if (benefits.freeDelivery) lines.push({ kind: "freeDelivery", text: ct("benefit.freeDelivery") });
			if (benefits.pointsPercent > POINTS_PERCENT_PLAIN) {
				lines.push({
					kind: "points",
					text: ct("benefit.points", { multiplier: pointsMultiplier(benefits.pointsPercent) }),
				});
			}
			return lines;
		},
		[ct, money],
	);
}

/** A card's dates as calendar days in the reader's language (2027年11月20日 / Nov 20, 2027 / 20 វិច្ឆិកា 2027). */
export function useCardDate(): (iso: string) => string {
	const { lang } = useCardText();
	const labels = useDateLabels();
	return useCallback((iso: string) => formatDate(iso, lang, labels), [lang, labels]);
}
