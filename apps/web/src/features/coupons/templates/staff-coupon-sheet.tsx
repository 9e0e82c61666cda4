import { COUPON_INSTRUCTIONS_MAX, COUPON_TITLE_MAX, type CouponTemplateAdmin, localize } from "@bayon/contract";
import { useId } from "react";
import { EditSheet } from "../../../ui/edit-sheet/edit-sheet";
import type { EditSheetProps } from "../../../ui/edit-sheet/use-edit-sheet";
import { LocalizedFields, SwitchField, WholeField } from "../../../ui/form-fields";
import { useStaffCouponText } from "../staff-strings";
import { FieldNote } from "./staff-coupon-fields";
import { LockedTerms, TermsFields } from "./staff-coupon-terms";
import { useStaffCouponSheet } from "./use-staff-coupon-sheet";

/**
 * A new coupon template (no `template`) or an existing one: title and instructions in three
 * languages, what it gives (only the fields its kind needs), order types, shops, validity on
 * the shop's clock or days from claiming, quantities, exchange code, listing and on/off. The
 * contract's rules are checked as the owner saves, each under its field. Once claimed, the
 * terms are shown as they are, with the reason they can no longer change.
 */
export function StaffCouponSheet(
	props: EditSheetProps & {
		template: CouponTemplateAdmin | undefined;
		shops: ReadonlyArray<{ id: number; name: string }>;
		timeZone: string;
	},
) {
	const { ct, m, lang } = useStaffCouponText();
	const sheet = useStaffCouponSheet(props);
	const { template, shops, timeZone } = props;
	const { draft, change, problems, labels } = sheet;
	return (
		<EditSheet
			sheet={sheet}
			title={{ new: ct("sheet.new"), edit: ct("sheet.edit") }}
			editing={template && localize(template.title, lang)}
			onSave={sheet.save}
			testId="coupon"
			bodyClassName="sv-form cp-form"
		>
			<LocalizedFields
				label={ct("field.title")}
				field="title"
				value={draft.title}
				onChange={(value) => change("title", value)}
				problems={problems}
				maxLength={COUPON_TITLE_MAX}
				testId="coupon-title"
			/>
			<LocalizedFields
				label={ct("field.instructions")}
				hint={ct("field.instructionsHint")}
				field="instructions"
				value={draft.instructions}
				onChange={(value) => change("instructions", value)}
				problems={problems}
				maxLength={COUPON_INSTRUCTIONS_MAX}
				rows={2}
				testId="coupon-instructions"
			/>

			{template?.termsLocked ? (
				<LockedTerms template={template} shops={shops} timeZone={timeZone} note={m("couponTermsLocked")} />
			) : (
				<TermsFields sheet={sheet} shops={shops} timeZone={timeZone} />
			)}

			<div className="sv-form__pair">
				<WholeField
					label={labels.totalQuantity}
					value={draft.totalQuantity}
					onChange={(value) => change("totalQuantity", value)}
					placeholder="100"
					hint={
						template && template.claimed > 0
							? ct("field.totalClaimedHint", { claimed: template.claimed })
							: ct("field.totalHint")
					}
					problem={problems.totalQuantity}
					testId="coupon-total"
				/>
				<WholeField
					label={labels.perMemberLimit}
					value={draft.perMemberLimit}
					onChange={(value) => change("perMemberLimit", value)}
					suffix={ct("field.perMemberUnit")}
					placeholder="1"
					problem={problems.perMemberLimit}
					testId="coupon-per-member"
				/>
			</div>
			<ExchangeCodeField
				label={labels.exchangeCode}
				value={draft.exchangeCode}
				onChange={(value) => change("exchangeCode", value)}
				hint={ct("field.exchangeCodeHint")}
				problem={problems.exchangeCode}
			/>
			<SwitchField
				label={ct("field.listed")}
				hint={ct("field.listedHint")}
				checked={draft.listed}
				onChange={(value) => change("listed", value)}
				testId="coupon-listed"
			/>
			<SwitchField
				label={ct("field.enabled")}
				hint={ct("field.enabledHint")}
				checked={draft.enabled}
				onChange={(value) => change("enabled", value)}
				testId="coupon-enabled"
			/>
		</EditSheet>
	);
}

/** Optional: letters and digits, shown upper-case as they are stored. */
function ExchangeCodeField({
	label,
	value,
	onChange,
	hint,
	problem,
}: {
	label: string;
	value: string;
	onChange: (value: string) => void;
	hint: string;
	problem: string | undefined;
}) {
	const id = useId();
	return (
		<div className="field">
			<label className="field__label" htmlFor={id}>
				{label}
			</label>
			<input
				id={id}
				className="field__input cp-code-input"
				autoComplete="off"
				autoCapitalize="characters"
				spellCheck={false}
				maxLength={20}
				value={value}
				onChange={(event) => onChange(event.target.value.toUpperCase().replace(/\s/g, ""))}
				aria-invalid={problem ? true : undefined}
				aria-describedby={`${id}-note`}
				data-testid="coupon-code"
			/>
			<div id={`${id}-note`}>
				<FieldNote hint={hint} problem={problem} testId="coupon-code" />
			</div>
		</div>
	);
}
