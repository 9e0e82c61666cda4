import type { ReactNode } from "react";
import { useId } from "react";
import { DatePicker } from "../../../ui/date-picker";
import { Picker, type PickerOption } from "../../../ui/picker";
import { END_OF_DAY } from "../staff-coupon-form";
import "../../../ui/controls.css";

/**
 * The coupon editor's own controls, in the app's look: a segmented choice (kind, order type,
 * validity), the shops as checkboxes, and a moment as a date and a time on the shop's clock.
 */

/** One of a few choices as a row of pills (radio inputs, so the keyboard and readers know them). */
export function SegmentedField<T extends string | number>({
	label,
	hideLabel = false,
	hint,
	value,
	options,
	onChange,
	problem,
	testId,
}: {
	label: string;
	/** A heading around it already says it: the legend is for screen readers only. */
	hideLabel?: boolean;
	hint?: string | undefined;
	value: T;
	options: ReadonlyArray<{ value: T; label: string }>;
	onChange: (value: T) => void;
	problem?: string | undefined;
	testId: string;
}) {
	const name = useId();
	return (
		<fieldset className="field field--fieldset" data-testid={testId}>
			<legend className={hideLabel ? "visually-hidden" : "field__label"}>{label}</legend>
			<div className="segmented cp-segmented">
				{options.map((option) => (
					<label key={option.value} className={`segmented__option${value === option.value ? " is-selected" : ""}`}>
						<input
							type="radio"
							name={name}
							className="visually-hidden"
							checked={value === option.value}
							onChange={() => onChange(option.value)}
							data-testid={`${testId}-${option.value}`}
						/>
						{option.label}
					</label>
				))}
			</div>
			<FieldNote hint={hint} problem={problem} testId={testId} />
		</fieldset>
	);
}

/** A field's hint, or its problem in place of the hint. */
export function FieldNote({
	hint,
	problem,
	testId,
}: {
	hint?: string | undefined;
	problem?: string | undefined;
	testId: string;
}) {
	if (problem)
		return (
			<p className="field__error" role="alert" data-testid={`${testId}-error`}>
				{problem}
			</p>
		);
	return hint ? <p className="field__hint">{hint}</p> : null;
}

/** The business's shops, each with its checkbox. */
export function ShopChecklist({
	shops,
	chosen,
	onChange,
	testId,
}: {
	shops: ReadonlyArray<{ id: number; name: string }>;
	chosen: readonly number[];
	onChange: (ids: number[]) => void;
	testId: string;
}) {
	return (
		<ul className="cp-shops" data-testid={testId}>
			{shops.map((shop) => {
				const checked = chosen.includes(shop.id);
				return (
					<li key={shop.id}>
						<label className="cp-shops__shop">
							<input
								type="checkbox"
								className="check"
								checked={checked}
								onChange={() =>
									onChange(checked ? chosen.filter((id) => id !== shop.id) : [...chosen, shop.id].sort((a, b) => a - b))
								}
								data-testid={`${testId}-${shop.id}`}
							/>
							<span>{shop.name}</span>
						</label>
					</li>
				);
			})}
		</ul>
	);
}

const HALF_HOURS = Array.from({ length: 48 }, (_, index) => {
	const minutes = index * 30;
	return `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${minutes % 60 === 0 ? "00" : "30"}`;
});

/** Every half hour, the end of the day for an end, and the template's own time if it is between them. */
function timeChoices(current: string, isEnd: boolean): PickerOption<string>[] {
	const times = isEnd ? [...HALF_HOURS, END_OF_DAY] : HALF_HOURS;
	const all = times.includes(current) || !/^\d{2}:\d{2}$/.test(current) ? times : [...times, current].sort();
	return all.map((time) => ({ value: time, label: time }));
}

/** A moment on the shop's clock: its date and its time, side by side. */
export function MomentField({
	label,
	timeLabel,
	date,
	time,
	isEnd,
	min,
	max,
	onChange,
	problem,
	testId,
}: {
	label: string;
	timeLabel: string;
	date: string;
	time: string;
	isEnd: boolean;
	min: string;
	max: string;
	onChange: (change: { date?: string; time?: string }) => void;
	problem?: string | undefined;
	testId: string;
}): ReactNode {
	return (
		<fieldset className="field field--fieldset cp-moment" data-testid={testId}>
			<legend className="field__label">{label}</legend>
			<div className="cp-moment__row">
				<DatePicker
					label={label}
					value={date}
					min={min}
					max={max}
					onChange={(value) => onChange({ date: value })}
					testId={`${testId}-date`}
				/>
				<div className="cp-moment__time">
					<Picker
						compact
						label={`${label} · ${timeLabel}`}
						value={time}
						options={timeChoices(time, isEnd)}
						onChange={(value) => onChange({ time: value })}
						testId={`${testId}-time`}
					/>
				</div>
			</div>
			<FieldNote problem={problem} testId={testId} />
		</fieldset>
	);
}
