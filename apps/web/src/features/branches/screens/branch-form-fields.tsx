import type { MerchantShopRef } from "@bayon/contract";
import { Picker } from "../../../ui/picker";
import type { LatLng } from "../../maps/map-style";
import { MapView } from "../../maps/map-view";
import { useBranchText } from "../strings";
import { type BranchFormState, LANGS, type Problems, type Texts } from "./use-branch-form";

/** Phnom Penh, where the map starts when the source shop's place is not known yet. */
const PHNOM_PENH: LatLng = { latitude: 11.5564, longitude: 104.9282 };

type FormProps = { form: BranchFormState; ids: string };

/** A field's problem, under it. */
export function BranchFieldError({ ids, field, problems }: { ids: string; field: string; problems: Problems }) {
	return problems[field] ? (
		<p className="field__error" id={`${ids}-${field}-error`} role="alert" data-testid={`branch-error-${field}`}>
			{problems[field]}
		</p>
	) : null;
}

/** The shop whose menu and hours are copied: a picker when the owner has several. */
export function SourceField({ form, owned }: { form: BranchFormState; owned: MerchantShopRef[] }) {
	const { bt } = useBranchText();
	return owned.length > 1 ? (
		<div className="field">
			<span className="field__label">{bt("source")}</span>
			<Picker
				label={bt("source")}
				value={form.sourceShopId}
				options={owned.map((shop) => ({ value: shop.shopId, label: shop.shopName }))}
				onChange={form.setSourceShopId}
				testId="branch-source"
			/>
		</div>
	) : (
		<div className="field">
			<span className="field__label">{bt("source")}</span>
			<p className="field__input field__input--readonly" data-testid="branch-source">
				{owned[0]?.shopName}
			</p>
		</div>
	);
}

/** One text in the three languages (the branch's name or address). */
export function TranslationsField({
	form,
	ids,
	field,
	texts,
	set,
}: FormProps & { field: "name" | "address"; texts: Texts; set: (texts: Texts) => void }) {
	const { bt } = useBranchText();
	const { problems, edited } = form;
	return (
		<fieldset className="field field--fieldset branch-form__texts">
			<legend className="field__label">{bt(field)}</legend>
			{LANGS.map((code) => (
				<div className="branch-form__lang" key={code}>
					<label className="branch-form__lang-label" htmlFor={`${ids}-${field}-${code}`}>
						{bt(`lang.${code}`)}
					</label>
					<input
						id={`${ids}-${field}-${code}`}
						className="field__input"
						lang={code}
						value={texts[code]}
						maxLength={field === "name" ? 60 : 200}
						onChange={(event) => {
							set({ ...texts, [code]: event.target.value });
							edited(`${field}.${code}`);
						}}
						aria-invalid={Boolean(problems[`${field}.${code}`])}
						aria-describedby={problems[`${field}.${code}`] ? `${ids}-${field}.${code}-error` : undefined}
						data-testid={`branch-${field}-${code}`}
					/>
					<BranchFieldError ids={ids} field={`${field}.${code}`} problems={problems} />
				</div>
			))}
		</fieldset>
	);
}

/** The branch's phone. */
export function PhoneField({ form, ids }: FormProps) {
	const { bt } = useBranchText();
	return (
		<div className="field">
			<label className="field__label" htmlFor={`${ids}-phone`}>
				{bt("phone")}
			</label>
			<input
				id={`${ids}-phone`}
				className="field__input"
				type="tel"
				inputMode="tel"
				value={form.phone}
				maxLength={30}
				placeholder={bt("phoneHint")}
				onChange={(event) => {
					form.setPhone(event.target.value);
					form.edited("phone");
				}}
				aria-invalid={Boolean(form.problems.phone)}
				data-testid="branch-phone"
			/>
			<BranchFieldError ids={ids} field="phone" problems={form.problems} />
		</div>
	);
}

/** The branch's place, picked on a map that starts at the source shop. */
export function PointField({ form, ids }: FormProps) {
	const { bt } = useBranchText();
	const { source, sourcePlace, point } = form;
	return (
		<fieldset className="field field--fieldset">
			<legend className="field__label">{bt("point")}</legend>
			<p className="field__hint">{bt("pointHint")}</p>
			{source.isPending ? null : (
				<MapView
					className="branch-form__map"
					center={sourcePlace ?? PHNOM_PENH}
					zoom={14}
					shop={sourcePlace && source.data ? { ...sourcePlace, label: source.data.name } : null}
					point={point ? { ...point, label: bt("point") } : null}
					onPick={(picked) => {
						form.setPoint(picked);
						form.edited("point");
					}}
					label={bt("pointHint")}
					testId="branch-map"
				/>
			)}
			{point && (
				<p className="field__hint" data-testid="branch-point">
					{point.latitude.toFixed(5)}, {point.longitude.toFixed(5)}
				</p>
			)}
			<BranchFieldError ids={ids} field="point" problems={form.problems} />
		</fieldset>
	);
}
