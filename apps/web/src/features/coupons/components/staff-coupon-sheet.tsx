import {
	COUPON_INSTRUCTIONS_MAX,
	COUPON_TITLE_MAX,
	type CouponKind,
	type CouponTemplateAdmin,
	type CouponUseType,
	localize,
} from "@bayon/contract";
import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useId } from "react";
import { useCurrency } from "../../../lib/app-config";
import { addDays } from "../../../lib/shop-clock";
import { useStaffSheetDraft } from "../../../lib/use-staff-save";
import { LocalizedFields, MoneyField, SwitchField, WholeField } from "../../../ui/form-fields";
import { FormSheet } from "../../../ui/form-sheet";
import { couponTemplateKeys, saveCouponTemplate } from "../staff-api";
import { type CouponDraft, checkCoupon, couponDraft } from "../staff-coupon-form";
import { useCouponTermsText } from "../staff-format";
import { withCouponFieldIssues } from "../staff-save-errors";
import { useStaffCouponText } from "../staff-strings";
import { FieldNote, MomentField, SegmentedField, ShopChecklist } from "./staff-coupon-fields";

const KINDS: readonly CouponKind[] = ["amountOff", "percentOff", "freeDelivery"];
const USE_TYPES: readonly CouponUseType[] = [0, 1, 2];
const VALIDITY_PATHS = ["validity", "validity.from", "validity.until", "validity.days"];

/**
 * A new coupon template (no `template`) or an existing one: title and instructions in three
 * languages, what it gives (only the fields its kind needs), order types, shops, validity on
 * the shop's clock or days from claiming, quantities, exchange code, listing and on/off. The
 * contract's rules are checked as the owner saves, each under its field. Once claimed, the
 * terms are shown as they are, with the reason they can no longer change.
 */
export function StaffCouponSheet({
	shopId,
	template,
	shops,
	timeZone,
	open,
	onClose,
	onConflict,
}: {
	shopId: number;
	template: CouponTemplateAdmin | undefined;
	shops: ReadonlyArray<{ id: number; name: string }>;
	timeZone: string;
	open: boolean;
	onClose: () => void;
	/** Someone else saved first (or claimed it meanwhile): reload; the sheet starts again from that. */
	onConflict: () => Promise<void>;
}) {
	const { ct, m, lang } = useStaffCouponText();
	const queryClient = useQueryClient();
	const currency = useCurrency();
	const draftOf = useCallback(
		(source: CouponTemplateAdmin | undefined, decimals: number) => couponDraft(source, decimals, timeZone),
		[timeZone],
	);
	const { draft, change, problems, saving, saveSheet } = useStaffSheetDraft(
		open,
		template,
		currency.decimals,
		draftOf,
		{
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
	);

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
		const checked = checkCoupon(draft, {
			shopId,
			template,
			timeZone,
			decimals: currency.decimals,
			lang,
			labels,
			amountFormat: ct("field.amountFormat", { example: (12.5).toFixed(currency.decimals) }),
		});
		await saveSheet(
			checked,
			async (input) => {
				const list = await withCouponFieldIssues(() => saveCouponTemplate(input), lang, onConflict);
				queryClient.setQueryData(couponTemplateKeys.list(shopId), list);
			},
			{ saved: ct("coupons.saved"), changed: ct("coupons.changed"), onConflict, onClose },
		);
		// A long form: bring the first problem into view (it may be above or below the owner's thumb).
		requestAnimationFrame(() =>
			document
				.querySelector('[data-testid="coupon-form"] .field__error')
				?.scrollIntoView?.({ block: "center", behavior: "smooth" }),
		);
	};

	const title = template ? `${ct("sheet.edit")} · ${localize(template.title, lang)}` : ct("sheet.new");
	return (
		<FormSheet
			open={open}
			onClose={onClose}
			title={title}
			saving={saving}
			onSave={() => void save()}
			testId="coupon"
			bodyClassName="sv-form cp-form"
			bodyTestId="coupon-form"
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
				<TermsFields
					draft={draft}
					change={change}
					problems={problems}
					labels={labels}
					shops={shops}
					timeZone={timeZone}
				/>
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
		</FormSheet>
	);
}

type Change = <K extends keyof CouponDraft>(field: K, value: CouponDraft[K]) => void;

/** What it gives, for which orders and shops, and when: editable until someone claims it. */
function TermsFields({
	draft,
	change,
	problems,
	labels,
	shops,
	timeZone,
}: {
	draft: CouponDraft;
	change: Change;
	problems: Record<string, string>;
	labels: Record<"amountOff" | "percentOff" | "maxDiscount" | "threshold" | "useType", string>;
	shops: ReadonlyArray<{ id: number; name: string }>;
	timeZone: string;
}) {
	const { ct } = useStaffCouponText();
	const currency = useCurrency();
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
	// The date pickers' years: from last year (an older template's start) to ten years on.
	const thisYear = Number(draft.fromDate.slice(0, 4)) || new Date().getFullYear();
	const min = `${Math.min(thisYear, new Date().getFullYear()) - 1}-01-01`;
	const max = `${new Date().getFullYear() + 10}-12-31`;
	return (
		<>
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

			<SegmentedField
				label={labels.useType}
				hint={ct("field.useTypeHint")}
				value={draft.useType}
				options={USE_TYPES.map((useType) => ({ value: useType, label: ct(`useType.${useType}`) }))}
				onChange={(useType) => change("useType", useType)}
				problem={problems.useType}
				testId="coupon-use-type"
			/>

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
		</>
	);
}

/** The terms of a claimed template, as members hold them, with why they stay. */
function LockedTerms({
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
