import type { RechargePackageAdmin } from "@bayon/contract";
import { useQueryClient } from "@tanstack/react-query";
import { useMoney } from "../../../lib/app-config";
import { parseMoney } from "../../../lib/form";
import { type EditSheetProps, useEditSheet } from "../../../ui/edit-sheet/use-edit-sheet";
import { saveRechargePackage, storedValueKeys } from "../staff-api";
import { checkPackage, packageDraft } from "../staff-package-form";
import { useStaffStoredValueText } from "../staff-strings";

/** The package sheet's draft, its field labels, what the member receives, and its save. */
export function useStaffPackageSheet({
	shopId,
	pack,
	...props
}: EditSheetProps & { pack: RechargePackageAdmin | undefined }) {
	const { st, lang } = useStaffStoredValueText();
	const queryClient = useQueryClient();
	const money = useMoney();
	const sheet = useEditSheet({
		...props,
		source: pack,
		draftOf: packageDraft,
		saved: st("sv.saved"),
		changed: st("sv.changed"),
	});
	const { currency, draft } = sheet;

	const symbol = currency.symbol || currency.code;
	const labels = {
		payAmount: st("sv.field.payAmount", { currency: symbol }),
		bonusAmount: st("sv.field.bonusAmount", { currency: symbol }),
		sort: st("sv.field.sort"),
	};
	const save = async () => {
		const checked = checkPackage(draft, {
			shopId,
			pack,
			decimals: currency.decimals,
			lang,
			labels,
			amountFormat: st("form.amountFormat", { example: (12.5).toFixed(currency.decimals) }),
		});
		await sheet.save(checked, async (input) => {
			queryClient.setQueryData(storedValueKeys.admin(shopId), await saveRechargePackage(input));
		});
	};

	const pay = parseMoney(draft.payAmount, currency.decimals);
	const bonus = parseMoney(draft.bonusAmount, currency.decimals) ?? 0;
	const preview =
		typeof pay === "number" && pay > 0 && Number.isFinite(bonus)
			? st("sv.field.receive", { pay: money(pay), get: money(pay + bonus) })
			: null;
	return { ...sheet, labels, preview, save };
}
