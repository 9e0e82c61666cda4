import type { CouponTemplateAdmin } from "@bayon/contract";
import { useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { type EditSheetProps, useEditSheet } from "../../../ui/edit-sheet/use-edit-sheet";
import { couponTemplateKeys, saveCouponTemplate } from "../staff-api";
import { checkCoupon, couponDraft } from "../staff-coupon-form";
import { withCouponFieldIssues } from "../staff-save-errors";
import { useStaffCouponText } from "../staff-strings";

const VALIDITY_PATHS = ["validity", "validity.from", "validity.until", "validity.days"];

/**
 * The coupon template sheet's draft (validity on the shop's clock), its field labels, and its
 * save: checked, sent, the server's coupon refusals under their fields, and then the first
 * problem brought into view.
 */
export function useStaffCouponSheet({
	shopId,
	template,
	timeZone,
	...props
}: EditSheetProps & { template: CouponTemplateAdmin | undefined; timeZone: string }) {
	const { ct, lang } = useStaffCouponText();
	const queryClient = useQueryClient();
	const draftOf = useCallback(
		(source: CouponTemplateAdmin | undefined, decimals: number) => couponDraft(source, decimals, timeZone),
		[timeZone],
	);
	const sheet = useEditSheet({
		...props,
		source: template,
		draftOf,
		alsoClears: {
			// A field that answers another's problem clears it too.
			kind: ["amountOff", "percentOff", "maxDiscount"],
			threshold: ["amountOff"],
			listed: ["exchangeCode"],
			allShops: ["shopIds"],
			shopIds: ["shopIds"],
			validityKind: VALIDITY_PATHS,
			fromDate: VALIDITY_PATHS,
			fromTime: VALIDITY_PATHS,
			untilDate: VALIDITY_PATHS,
			untilTime: VALIDITY_PATHS,
			days: VALIDITY_PATHS,
		},
		saved: ct("coupons.saved"),
		changed: ct("coupons.changed"),
	});
	const { currency } = sheet;

	const symbol = currency.symbol || currency.code;
	const labels = {
		amountOff: ct("field.amountOff", { currency: symbol }),
		percentOff: ct("field.percentOff"),
		maxDiscount: ct("field.maxDiscount", { currency: symbol }),
		threshold: ct("field.threshold", { currency: symbol }),
		totalQuantity: ct("field.totalQuantity"),
		perMemberLimit: ct("field.perMemberLimit"),
		exchangeCode: ct("field.exchangeCode"),
		useType: ct("field.useType"),
	};
	const save = async () => {
		const checked = checkCoupon(sheet.draft, {
			shopId,
			template,
			timeZone,
			decimals: currency.decimals,
			lang,
			labels,
			amountFormat: ct("field.amountFormat", { example: (12.5).toFixed(currency.decimals) }),
		});
		await sheet.save(checked, async (input) => {
			const list = await withCouponFieldIssues(() => saveCouponTemplate(input), lang, props.onConflict);
			queryClient.setQueryData(couponTemplateKeys.list(shopId), list);
		});
		// A long form: bring the first problem into view (it may be above or below the owner's thumb).
		requestAnimationFrame(() =>
			document
				.querySelector('[data-testid="coupon-form"] .field__error')
				?.scrollIntoView?.({ block: "center", behavior: "smooth" }),
		);
	};
	return { ...sheet, labels, save };
}

export type StaffCouponSheetState = ReturnType<typeof useStaffCouponSheet>;
