import type { VipCardAdmin } from "@bayon/contract";
import { useQueryClient } from "@tanstack/react-query";
import { type EditSheetProps, useEditSheet } from "../../../ui/edit-sheet/use-edit-sheet";
import { saveVipCard, vipCardKeys } from "../staff-api";
import { useStaffVipText } from "../staff-strings";
import { checkVipCard, vipCardDraft } from "../staff-vip-form";

/** The VIP card sheet's draft, its field labels, and its save (checked, then sent). */
export function useStaffVipCardSheet({ shopId, card, ...props }: EditSheetProps & { card: VipCardAdmin | undefined }) {
	const { vt, lang } = useStaffVipText();
	const queryClient = useQueryClient();
	const sheet = useEditSheet({
		...props,
		source: card,
		draftOf: vipCardDraft,
		// Any benefit answers "give the card at least one benefit", which sits under the discount.
		alsoClears: { freeDelivery: ["discountPercent"], pointsPercent: ["discountPercent"] },
		saved: vt("vip.saved"),
		changed: vt("vip.changed"),
	});
	const { currency } = sheet;

	const symbol = currency.symbol || currency.code;
	const labels = {
		price: vt("vip.field.price", { currency: symbol }),
		validityDays: vt("vip.field.validityDays"),
		discountPercent: vt("vip.field.discountPercent"),
		discountCap: vt("vip.field.discountCap", { currency: symbol }),
		pointsPercent: vt("vip.field.points"),
		sort: vt("vip.field.sort"),
	};
	const save = async () => {
		const checked = checkVipCard(sheet.draft, {
			shopId,
			card,
			decimals: currency.decimals,
			lang,
			labels,
			amountFormat: vt("vip.field.amountFormat", { example: (12.5).toFixed(currency.decimals) }),
		});
		await sheet.save(checked, async (input) => {
			queryClient.setQueryData(vipCardKeys.list(shopId), await saveVipCard(input));
		});
	};
	return { ...sheet, labels, save };
}
