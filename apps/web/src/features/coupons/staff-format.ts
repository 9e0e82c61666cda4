import type { CouponTemplateAdmin } from "@bayon/contract";
import { useCallback } from "react";
import { useMoney } from "../../lib/app-config";
import { formatDate } from "../../lib/format";
import { useDateLabels, useListFormat } from "../../lib/i18n";
import { localParts } from "./staff-coupon-form";
import { useStaffCouponText } from "./staff-strings";

type Terms = Pick<
	CouponTemplateAdmin,
	"kind" | "amountOff" | "percentOff" | "maxDiscount" | "threshold" | "useType" | "shopIds" | "validity"
>;

/**
 * A template's terms in the owner's words, shared by the list's cards and the editor's
 * read-only view of locked terms: what it gives ("$3.00 off from $15.00"), where (order type,
 * shops) and when (dates on the shop's clock, or days from claiming).
 */
export function useCouponTermsText(shops: ReadonlyArray<{ id: number; name: string }>, timeZone: string | undefined) {
	const { ct, plural, lang } = useStaffCouponText();
	const money = useMoney();
	const labels = useDateLabels();
	const list = useListFormat();

	const gives = useCallback(
		(terms: Terms): string => {
			const threshold = money(terms.threshold);
			if (terms.kind === "amountOff") {
				const amount = money(terms.amountOff ?? 0);
				return terms.threshold > 0
					? ct("gives.amountOffFrom", { amount, threshold })
					: ct("gives.amountOff", { amount });
			}
			const what =
				terms.kind === "percentOff"
					? terms.maxDiscount === null
						? ct("gives.percentOff", { percent: terms.percentOff ?? 0 })
						: ct("gives.percentOffCapped", { percent: terms.percentOff ?? 0, cap: money(terms.maxDiscount) })
					: ct("gives.freeDelivery");
			return terms.threshold > 0 ? ct("gives.withMinSpend", { gives: what, threshold }) : what;
		},
		[ct, money],
	);

	const where = useCallback(
		(terms: Terms): string => {
			if (terms.shopIds === null) return ct("shops.all");
			const names = terms.shopIds.map((id) => shops.find((shop) => shop.id === id)?.name ?? `#${id}`);
			return list(names);
		},
		[ct, list, shops],
	);

	const when = useCallback(
		(terms: Terms): string => {
			if (terms.validity.kind === "days") return plural("validity.days", terms.validity.days);
			// On the shop's clock; an end at midnight reads as the day before's 24:00, as the editor shows it.
			const zone = timeZone ?? Intl.DateTimeFormat().resolvedOptions().timeZone;
			const moment = (iso: string, isEnd: boolean) => {
				const { date, time } = localParts(iso, zone, isEnd);
				const [year, month, day] = date.split("-").map(Number) as [number, number, number];
				// The device's own midnight of that day: formatDate reads the day on the device's clock.
				return `${formatDate(new Date(year, month - 1, day), lang, labels)} ${time}`;
			};
			return ct("validity.fixed", {
				from: moment(terms.validity.from, false),
				until: moment(terms.validity.until, true),
			});
		},
		[ct, plural, lang, labels, timeZone],
	);

	const useType = useCallback((terms: Terms) => ct(`useType.${terms.useType}`), [ct]);

	return { gives, where, when, useType };
}
