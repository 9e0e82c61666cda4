import { localize, RECHARGE_NAME_MAX, type RechargePackageAdmin } from "@bayon/contract";
import { useQueryClient } from "@tanstack/react-query";
import { useCurrency, useMoney } from "../../../lib/app-config";
import { parseMoney } from "../../../lib/form";
import { useStaffSheetDraft } from "../../../lib/use-staff-save";
import { LocalizedFields, MoneyField, SwitchField, WholeField } from "../../../ui/form-fields";
import { FormSheet } from "../../../ui/form-sheet";
import { saveRechargePackage, storedValueKeys } from "../staff-api";
import { checkPackage, packageDraft } from "../staff-package-form";
import { useStaffStoredValueText } from "../staff-strings";

/**
 * A new recharge package (no `pack`) or an existing one: names in three languages, the amount
 * paid, the bonus, the sort order, on sale or not. The contract's rules are checked as the
 * owner saves, each under its field; the server's answer replaces the page's data.
 */
export function StaffPackageSheet({
	shopId,
	pack,
	open,
	onClose,
	onConflict,
}: {
	shopId: number;
	pack: RechargePackageAdmin | undefined;
	open: boolean;
	onClose: () => void;
	/** Someone else saved first: reload (the sheet starts again from their version). */
	onConflict: () => Promise<void>;
}) {
	const { st, lang } = useStaffStoredValueText();
	const queryClient = useQueryClient();
	const currency = useCurrency();
	const money = useMoney();
	const { draft, change, problems, saving, saveSheet } = useStaffSheetDraft(
		open,
		pack,
		currency.decimals,
		packageDraft,
	);

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
		await saveSheet(
			checked,
			async (input) => {
				queryClient.setQueryData(storedValueKeys.admin(shopId), await saveRechargePackage(input));
			},
			{ saved: st("sv.saved"), changed: st("sv.changed"), onConflict, onClose },
		);
	};

	const pay = parseMoney(draft.payAmount, currency.decimals);
	const bonus = parseMoney(draft.bonusAmount, currency.decimals) ?? 0;
	const preview =
		typeof pay === "number" && pay > 0 && Number.isFinite(bonus)
			? st("sv.field.receive", { pay: money(pay), get: money(pay + bonus) })
			: null;
	const title = pack ? `${st("sv.sheet.edit")} · ${localize(pack.name, lang)}` : st("sv.sheet.new");
	return (
		<FormSheet
			open={open}
			onClose={onClose}
			title={title}
			saving={saving}
			onSave={() => void save()}
			testId="package"
			bodyClassName="sv-form"
			bodyTestId="package-form"
		>
			<LocalizedFields
				label={st("sv.field.name")}
				field="name"
				value={draft.name}
				onChange={(name) => change("name", name)}
				problems={problems}
				maxLength={RECHARGE_NAME_MAX}
				testId="package-name"
			/>
			<div className="sv-form__pair">
				<MoneyField
					label={labels.payAmount}
					value={draft.payAmount}
					onChange={(value) => change("payAmount", value)}
					currency={currency}
					problem={problems.payAmount}
					testId="package-pay"
				/>
				<MoneyField
					label={labels.bonusAmount}
					value={draft.bonusAmount}
					onChange={(value) => change("bonusAmount", value)}
					currency={currency}
					hint={st("sv.field.bonusHint")}
					problem={problems.bonusAmount}
					testId="package-bonus"
				/>
			</div>
			{preview && (
				<p className="sv-form__preview" data-testid="package-preview">
					{preview}
				</p>
			)}
			<WholeField
				label={labels.sort}
				value={draft.sort}
				onChange={(value) => change("sort", value)}
				hint={st("sv.field.sortHint")}
				problem={problems.sort}
				testId="package-sort"
			/>
			<SwitchField
				label={st("sv.field.onSale")}
				hint={st("sv.field.onSaleHint")}
				checked={draft.onSale}
				onChange={(value) => change("onSale", value)}
				testId="package-on-sale"
			/>
		</FormSheet>
	);
}
