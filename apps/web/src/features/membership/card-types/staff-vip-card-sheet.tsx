import { CARD_DESCRIPTION_MAX, CARD_NAME_MAX, localize, type VipCardAdmin } from "@bayon/contract";
import { EditSheet } from "../../../ui/edit-sheet/edit-sheet";
import type { EditSheetProps } from "../../../ui/edit-sheet/use-edit-sheet";
import { LocalizedFields, MoneyField, SwitchField, WholeField } from "../../../ui/form-fields";
import { useStaffVipText } from "../staff-strings";
import { multiplierText, pointsChoices } from "../staff-vip-form";
import { useStaffVipCardSheet } from "./use-staff-vip-card-sheet";

/**
 * A new VIP card type (no `card`) or an existing one: names and descriptions in three
 * languages, price, validity, and the benefits the server applies (percent off with an
 * optional cap, free delivery, a points multiplier). The contract's rules are checked as the
 * owner saves, each under its field ("give the card at least one benefit" under the discount).
 */
export function StaffVipCardSheet(props: EditSheetProps & { card: VipCardAdmin | undefined }) {
	const { vt, lang } = useStaffVipText();
	const sheet = useStaffVipCardSheet(props);
	const { draft, change, problems, labels, currency } = sheet;
	return (
		<EditSheet
			sheet={sheet}
			title={{ new: vt("vip.sheet.new"), edit: vt("vip.sheet.edit") }}
			editing={props.card && localize(props.card.name, lang)}
			onSave={sheet.save}
			testId="vip"
		>
			<LocalizedFields
				label={vt("vip.field.name")}
				field="name"
				value={draft.name}
				onChange={(name) => change("name", name)}
				problems={problems}
				maxLength={CARD_NAME_MAX}
				testId="vip-name"
			/>
			<LocalizedFields
				label={vt("vip.field.description")}
				hint={vt("vip.field.descriptionHint")}
				field="description"
				value={draft.description}
				onChange={(description) => change("description", description)}
				problems={problems}
				maxLength={CARD_DESCRIPTION_MAX}
				rows={2}
				testId="vip-description"
			/>
			<div className="sv-form__pair">
				<MoneyField
					label={labels.price}
					value={draft.price}
					onChange={(value) => change("price", value)}
					currency={currency}
					problem={problems.price}
					testId="vip-price"
				/>
				<WholeField
					label={labels.validityDays}
					value={draft.validityDays}
					onChange={(value) => change("validityDays", value)}
					suffix={vt("vip.field.days")}
					placeholder="30"
					hint={vt("vip.field.validityHint")}
					problem={problems.validityDays}
					testId="vip-validity"
				/>
			</div>

			<VipBenefitFields sheet={sheet} />

			<WholeField
				label={labels.sort}
				value={draft.sort}
				onChange={(value) => change("sort", value)}
				hint={vt("vip.field.sortHint")}
				problem={problems.sort}
				testId="vip-sort"
			/>
			<SwitchField
				label={vt("vip.field.onSale")}
				hint={vt("vip.field.onSaleHint")}
				checked={draft.onSale}
				onChange={(value) => change("onSale", value)}
				testId="vip-on-sale"
			/>
		</EditSheet>
	);
}

/** The benefits the server applies: percent off with an optional cap, free delivery, a points multiplier. */
function VipBenefitFields({ sheet }: { sheet: ReturnType<typeof useStaffVipCardSheet> }) {
	const { vt } = useStaffVipText();
	const { draft, change, problems, labels, currency } = sheet;
	return (
		<fieldset className="sv-form__group" data-testid="vip-benefits">
			<legend className="field__label">{vt("vip.field.benefits")}</legend>
			<p className="field__hint">{vt("vip.field.benefitsHint")}</p>
			<div className="sv-form__pair">
				<WholeField
					label={labels.discountPercent}
					value={draft.discountPercent}
					onChange={(value) => change("discountPercent", value)}
					suffix="%"
					placeholder="0"
					hint={vt("vip.field.discountHint")}
					problem={problems.discountPercent}
					testId="vip-discount"
				/>
				<MoneyField
					label={labels.discountCap}
					value={draft.discountCap}
					onChange={(value) => change("discountCap", value)}
					currency={currency}
					placeholder=""
					hint={vt("vip.field.discountCapHint")}
					problem={problems.discountCap}
					testId="vip-cap"
				/>
			</div>
			<SwitchField
				label={vt("vip.field.freeDelivery")}
				hint={vt("vip.field.freeDeliveryHint")}
				checked={draft.freeDelivery}
				onChange={(value) => change("freeDelivery", value)}
				testId="vip-free-delivery"
			/>
			<fieldset className="field field--fieldset">
				<legend className="field__label">{labels.pointsPercent}</legend>
				<div className="segmented sv-points" data-testid="vip-points">
					{pointsChoices(draft.pointsPercent).map((percent) => (
						<label
							key={percent}
							className={`segmented__option${draft.pointsPercent === percent ? " is-selected" : ""}`}
						>
							<input
								type="radio"
								name="pointsPercent"
								className="visually-hidden"
								checked={draft.pointsPercent === percent}
								onChange={() => change("pointsPercent", percent)}
								data-testid={`vip-points-${percent}`}
							/>
							{vt("vip.field.pointsOption", { times: multiplierText(percent) })}
						</label>
					))}
				</div>
				<p className="field__hint">{vt("vip.field.pointsHint")}</p>
				{problems.pointsPercent && (
					<p className="field__error" role="alert" data-testid="vip-points-error">
						{problems.pointsPercent}
					</p>
				)}
			</fieldset>
		</fieldset>
	);
}
