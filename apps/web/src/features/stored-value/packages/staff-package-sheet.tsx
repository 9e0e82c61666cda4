import { localize, RECHARGE_NAME_MAX, type RechargePackageAdmin } from "@bayon/contract";
import { EditSheet } from "../../../ui/edit-sheet/edit-sheet";
import type { EditSheetProps } from "../../../ui/edit-sheet/use-edit-sheet";
import { LocalizedFields, MoneyField, SwitchField, WholeField } from "../../../ui/form-fields";
import { useStaffStoredValueText } from "../staff-strings";
import { useStaffPackageSheet } from "./use-staff-package-sheet";

/**
 * A new recharge package (no `pack`) or an existing one: names in three languages, the amount
 * paid, the bonus, the sort order, on sale or not. The contract's rules are checked as the
 * owner saves, each under its field; the server's answer replaces the page's data.
 */
export function StaffPackageSheet(props: EditSheetProps & { pack: RechargePackageAdmin | undefined }) {
	const { st, lang } = useStaffStoredValueText();
	const sheet = useStaffPackageSheet(props);
	const { draft, change, problems, labels, currency, preview } = sheet;
	return (
		<EditSheet
			sheet={sheet}
			title={{ new: st("sv.sheet.new"), edit: st("sv.sheet.edit") }}
			editing={props.pack && localize(props.pack.name, lang)}
			onSave={sheet.save}
			testId="package"
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
		</EditSheet>
	);
}
