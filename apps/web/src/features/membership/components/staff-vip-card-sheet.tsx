import { CARD_DESCRIPTION_MAX, CARD_NAME_MAX, localize, type VipCardAdmin } from "@bayon/contract";
import { useQueryClient } from "@tanstack/react-query";
import { useCurrency } from "../../../lib/app-config";
import { useStaffSheetDraft } from "../../../lib/use-staff-save";
import { LocalizedFields, MoneyField, SwitchField, WholeField } from "../../../ui/form-fields";
import { FormSheet } from "../../../ui/form-sheet";
import { saveVipCard, vipCardKeys } from "../staff-api";
import { useStaffVipText } from "../staff-strings";
import { checkVipCard, multiplierText, pointsChoices, vipCardDraft } from "../staff-vip-form";

/**
 * A new VIP card type (no `card`) or an existing one: names and descriptions in three
 * languages, price, validity, and the benefits the server applies (percent off with an
 * optional cap, free delivery, a points multiplier). The contract's rules are checked as the
 * owner saves, each under its field ("give the card at least one benefit" under the discount).
 */
export function StaffVipCardSheet({
	shopId,
	card,
	open,
	onClose,
	onConflict,
}: {
	shopId: number;
	card: VipCardAdmin | undefined;
	open: boolean;
	onClose: () => void;
	/** Someone else saved first: reload (the sheet starts again from their version). */
	onConflict: () => Promise<void>;
}) {
	const { vt, lang } = useStaffVipText();
	const queryClient = useQueryClient();
	const currency = useCurrency();
	const { draft, change, problems, saving, saveSheet } = useStaffSheetDraft(
		open,
		card,
		currency.decimals,
		vipCardDraft,
		// Any benefit answers "give the card at least one benefit", which sits under the discount.
		{ freeDelivery: ["discountPercent"], pointsPercent: ["discountPercent"] },
	);

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
		const checked = checkVipCard(draft, {
			shopId,
			card,
			decimals: currency.decimals,
			lang,
			labels,
			amountFormat: vt("vip.field.amountFormat", { example: (12.5).toFixed(currency.decimals) }),
		});
		await saveSheet(
			checked,
			async (input) => {
				queryClient.setQueryData(vipCardKeys.list(shopId), await saveVipCard(input));
			},
			{ saved: vt("vip.saved"), changed: vt("vip.changed"), onConflict, onClose },
		);
	};

	const title = card ? `${vt("vip.sheet.edit")} · ${localize(card.name, lang)}` : vt("vip.sheet.new");
	return (
		<FormSheet
			open={open}
			onClose={onClose}
			title={title}
			saving={saving}
			onSave={() => void save()}
			testId="vip"
			bodyClassName="sv-form"
			bodyTestId="vip-form"
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
		</FormSheet>
	);
}
