import { useQuery } from "@tanstack/react-query";
import { showToast } from "../../../lib/toast";
import { PhoneIcon } from "../../../ui/icons";
import { Picker } from "../../../ui/picker";
import { Stepper } from "../../../ui/stepper";
import { shopListQuery } from "../../venues/api";
import type { BookingField } from "../guest-booking";
import { useGuestText } from "../guest-strings";
import type { FieldErrors } from "./use-booking-form";

export function FieldError({ field, errors }: { field: BookingField; errors: FieldErrors }) {
	const text = errors[field];
	if (!text) return null;
	return (
		<span className="field__error" role="alert" data-testid={`booking-error-${field}`}>
			{text}
		</span>
	);
}

export function TextField({
	field,
	label,
	value,
	errors,
	onChange,
	...input
}: {
	field: "name" | "phone";
	label: string;
	value: string;
	errors: FieldErrors;
	onChange: (value: string, field: HTMLInputElement) => void;
	maxLength?: number;
	type?: string;
	inputMode?: "numeric";
}) {
	return (
		<label className="field" id={`field-${field}`}>
			<span className="field__label">{label}</span>
			<input
				className="field__input"
				value={value}
				aria-invalid={errors[field] ? true : undefined}
				onChange={(event) => onChange(event.target.value, event.target)}
				data-testid={`booking-${field}`}
				{...input}
			/>
			<FieldError field={field} errors={errors} />
		</label>
	);
}

/** The shop: a picker of the business's branches (the app's current one first chosen). */
export function ShopField({ shopId, onChange }: { shopId: number; onChange: (shopId: number) => void }) {
	const { gt, lang } = useGuestText();
	const shops = useQuery(shopListQuery(lang, null, ""));
	const options = (shops.data ?? []).map((shop) => ({ value: shop.id, label: shop.name }));
	return (
		<div className="field">
			<span className="field__label">{gt("book.shop")}</span>
			<Picker
				label={gt("book.shop")}
				value={shopId}
				options={options.length > 0 ? options : [{ value: shopId, label: "…" }]}
				onChange={onChange}
				testId="booking-shop"
			/>
		</div>
	);
}

/** How many are coming: chosen first, then a stepper up to the online limit (larger parties call). */
export function PartyField({
	party,
	max,
	phone,
	error,
	onChange,
}: {
	party: number | null;
	max: number | null;
	phone: string;
	error?: string;
	onChange: (party: number) => void;
}) {
	const { gt, m } = useGuestText();
	const limit = max ?? 12;
	return (
		<div className="field" id="field-party">
			<div className="guest-party">
				<span className="field__label">{gt("book.party")}</span>
				{party === null ? (
					<button
						type="button"
						className="button button--ghost button--small"
						onClick={() => onChange(Math.min(2, limit))}
						data-testid="booking-party-choose"
					>
						{m("selectDiners")}
					</button>
				) : (
					<Stepper
						compact
						min={1}
						max={limit}
						value={party}
						onChange={onChange}
						onLimit={() => showToast(m("partyTooLarge", { max: limit, phone }))}
						label={gt("book.party")}
						testId="booking-party"
					/>
				)}
			</div>
			{error && (
				<span className="field__error" role="alert" data-testid="booking-error-party">
					{error}
				</span>
			)}
			{max !== null && phone && (
				<a className="guest-call" href={`tel:${phone.replace(/[^\d+]/g, "")}`} data-testid="booking-larger-party">
					<PhoneIcon />
					<span>
						{gt("book.largerParty", { max })} {phone}
					</span>
				</a>
			)}
		</div>
	);
}
