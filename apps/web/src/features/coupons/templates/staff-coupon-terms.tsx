import type { CouponKind, CouponTemplateAdmin, CouponUseType } from "@bayon/contract";
import { useCurrency } from "../../../lib/app-config";
import { addDays } from "../../../lib/shop-clock";
import { MoneyField, WholeField } from "../../../ui/form-fields";
import { useCouponTermsText } from "../staff-format";
import { useStaffCouponText } from "../staff-strings";
import { FieldNote, MomentField, SegmentedField, ShopChecklist } from "./staff-coupon-fields";
import type { StaffCouponSheetState } from "./use-staff-coupon-sheet";

const KINDS: readonly CouponKind[] = ["amountOff", "percentOff", "freeDelivery"];
const USE_TYPES: readonly CouponUseType[] = [0, 1, 2];

type TermsProps = {
	sheet: StaffCouponSheetState;
	shops: ReadonlyArray<{ id: number; name: string }>;
	timeZone: string;
};

/** What it gives, for which orders and shops, and when: editable until someone claims it. */
export function TermsFields({ sheet, shops, timeZone }: TermsProps) {
	const { ct } = useStaffCouponText();
	const { draft, change, problems, labels } = sheet;
	return (
		<>
			<CouponKindFields sheet={sheet} />

			<SegmentedField
				label={labels.useType}
				hint={ct("field.useTypeHint")}
				value={draft.useType}
				options={USE_TYPES.map((useType) => ({ value: useType, label: ct(`useType.${useType}`) }))}
				onChange={(useType) => change("useType", useType)}
				problem={problems.useType}
				testId="coupon-use-type"
			/>

			<CouponShopFields sheet={sheet} shops={shops} />

			<CouponValidityFields sheet={sheet} timeZone={timeZone} />
		</>
	);
}

/** What it gives: an amount or a percent off (with an optional cap), or free delivery, above a threshold. */
function CouponKindFields({ sheet }: { sheet: StaffCouponSheetState }) {
	const { ct } = useStaffCouponText();
	const currency = useCurrency();
	const { draft, change, problems, labels } = sheet;
	const thresholdField = (
		<MoneyField
			label={labels.threshold}
			value={draft.threshold}
			onChange={(value) => change("threshold", value)}
			currency={currency}
			hint={ct("field.thresholdHint")}
			problem={problems.threshold}
			testId="coupon-threshold"
		/>
	);
	return (
		<fieldset className="sv-form__group" data-testid="coupon-terms">
			<legend className="field__label">{ct("field.kind")}</legend>
			<SegmentedField
				label={ct("field.kind")}
				hideLabel
				value={draft.kind}
				options={KINDS.map((kind) => ({ value: kind, label: ct(`kind.${kind}`) }))}
				onChange={(kind) => change("kind", kind)}
				problem={problems.kind}
				testId="coupon-kind"
			/>
			{draft.kind === "amountOff" && (
				<div className="sv-form__pair">
					<MoneyField
						label={labels.amountOff}
						value={draft.amountOff}
						onChange={(value) => change("amountOff", value)}
						currency={currency}
						problem={problems.amountOff}
						testId="coupon-amount"
					/>
					{thresholdField}
				</div>
			)}
			{draft.kind === "percentOff" && (
				<>
					<div className="sv-form__pair">
						<WholeField
							label={labels.percentOff}
							value={draft.percentOff}
							onChange={(value) => change("percentOff", value)}
							suffix="%"
							placeholder="10"
							hint={ct("field.percentHint")}
							problem={problems.percentOff}
							testId="coupon-percent"
						/>
						<MoneyField
							label={labels.maxDiscount}
							value={draft.maxDiscount}
							onChange={(value) => change("maxDiscount", value)}
							currency={currency}
							placeholder=""
							hint={ct("field.maxDiscountHint")}
							problem={problems.maxDiscount}
							testId="coupon-cap"
						/>
					</div>
					{thresholdField}
				</>
			)}
			{draft.kind === "freeDelivery" && thresholdField}
		</fieldset>
	);
}

/** All the shops, or those chosen. */
function CouponShopFields({ sheet, shops }: Omit<TermsProps, "timeZone">) {
	const { ct } = useStaffCouponText();
	const { draft, change, problems } = sheet;
	return (
		<div className="cp-form__block">
			<SegmentedField
				label={ct("field.shops")}
				value={draft.allShops ? "all" : "chosen"}
				options={[
					{ value: "all", label: ct("field.shopsAll") },
					{ value: "chosen", label: ct("field.shopsChosen") },
				]}
				onChange={(choice) => change("allShops", choice === "all")}
				problem={draft.allShops ? problems.shopIds : undefined}
				testId="coupon-shops"
			/>
			{!draft.allShops && (
				<>
					<ShopChecklist
						shops={shops}
						chosen={draft.shopIds}
						onChange={(ids) => change("shopIds", ids)}
						testId="coupon-shop"
					/>
					<FieldNote problem={problems.shopIds} testId="coupon-shop-list" />
				</>
			)}
		</div>
	);
}

/** Days from claiming, or from and until on the shop's clock. */
function CouponValidityFields({ sheet, timeZone }: Omit<TermsProps, "shops">) {
	const { ct } = useStaffCouponText();
	const { draft, change, problems } = sheet;
	// The date pickers' years: from last year (an older template's start) to ten years on.
	const thisYear = Number(draft.fromDate.slice(0, 4)) || new Date().getFullYear();
	const min = `${Math.min(thisYear, new Date().getFullYear()) - 1}-01-01`;
	const max = `${new Date().getFullYear() + 10}-12-31`;
	return (
		<fieldset className="sv-form__group" data-testid="coupon-validity">
			<legend className="field__label">{ct("field.validity")}</legend>
			<SegmentedField
				label={ct("field.validity")}
				hideLabel
				value={draft.validityKind}
				options={[
					{ value: "days", label: ct("field.validityDays") },
					{ value: "fixed", label: ct("field.validityFixed") },
				]}
				onChange={(kind) => change("validityKind", kind)}
				problem={problems.validity}
				testId="coupon-validity-kind"
			/>
			{draft.validityKind === "days" ? (
				<WholeField
					label={ct("field.days")}
					value={draft.days}
					onChange={(value) => change("days", value)}
					suffix={ct("field.daysUnit")}
					placeholder="30"
					problem={problems["validity.days"]}
					testId="coupon-days"
				/>
			) : (
				<>
					<MomentField
						label={ct("field.from")}
						timeLabel={ct("field.time")}
						date={draft.fromDate}
						time={draft.fromTime}
						isEnd={false}
						min={min}
						max={max}
						onChange={({ date, time }) => {
							if (date !== undefined) {
								change("fromDate", date);
								// An end before the new start moves with it, keeping the span the owner set.
								if (draft.untilDate < date) change("untilDate", addDays(date, 29));
							}
							if (time !== undefined) change("fromTime", time);
						}}
						problem={problems["validity.from"]}
						testId="coupon-from"
					/>
					<MomentField
						label={ct("field.until")}
						timeLabel={ct("field.time")}
						date={draft.untilDate}
						time={draft.untilTime}
						isEnd
						min={min}
						max={max}
						onChange={({ date, time }) => {
							if (date !== undefined) change("untilDate", date);
							if (time !== undefined) change("untilTime", time);
						}}
						problem={problems["validity.until"]}
						testId="coupon-until"
					/>
					<p className="field__hint">{ct("field.zone", { zone: timeZone })}</p>
				</>
			)}
		</fieldset>
	);
}

/** The terms of a claimed template, as members hold them, with why they stay. */
export function LockedTerms({
	template,
	shops,
	timeZone,
	note,
}: {
	template: CouponTemplateAdmin;
	shops: ReadonlyArray<{ id: number; name: string }>;
	timeZone: string;
	note: string;
}) {
	const { ct } = useStaffCouponText();
	const terms = useCouponTermsText(shops, timeZone);
	const facts: Array<[string, string, string]> = [
		[ct("field.kind"), terms.gives(template), "gives"],
		[ct("field.useType"), terms.useType(template), "use-type"],
		[ct("field.shops"), terms.where(template), "shops"],
		[ct("field.validity"), terms.when(template), "validity"],
	];
	return (
		<section className="sv-form__group cp-locked" data-testid="coupon-terms-locked" aria-label={ct("field.terms")}>
			<p className="cp-locked__note" data-testid="coupon-terms-locked-note">
				{note}
			</p>
			<dl className="sv-facts">
				{facts.map(([label, value, id]) => (
					<div key={id} className="sv-facts__row">
						<dt>{label}</dt>
						<dd data-testid={`coupon-locked-${id}`}>{value}</dd>
					</div>
				))}
			</dl>
		</section>
	);
}
