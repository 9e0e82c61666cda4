import { useState } from "react";
import { useDateLabels, useI18n } from "../lib/i18n";
import { Picker, type PickerOption } from "./picker";

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

interface Parts {
	year: number | null;
	month: number | null;
	day: number | null;
}

function partsOf(value: string): Parts {
	const match = ISO_DATE.exec(value);
	if (!match) return { year: null, month: null, day: null };
	return { year: Number(match[1]), month: Number(match[2]), day: Number(match[3]) };
}

function daysIn(year: number, month: number): number {
	return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

const pad = (n: number) => String(n).padStart(2, "0");

/**
 * Our date field (in place of <input type="date">): year, month and day, each a Picker, in
 * the order the language writes dates. `value` and `onChange` use YYYY-MM-DD; a date is
 * reported once all three parts are chosen, with the day kept inside the month.
 */
export function DatePicker({
	label,
	value,
	min,
	max,
	onChange,
	testId,
}: {
	label: string;
	value: string;
	/** YYYY-MM-DD bounds (inclusive). */
	min: string;
	max: string;
	onChange: (value: string) => void;
	testId: string;
}) {
	const { t, lang } = useI18n();
	const { months: monthNames, datePattern } = useDateLabels();
	const [draft, setDraft] = useState<Parts>(() => partsOf(value));
	const shown = ISO_DATE.test(value) ? partsOf(value) : draft;
	const lower = partsOf(min);
	const upper = partsOf(max);

	const years: PickerOption<number>[] = [];
	for (let year = upper.year ?? 2100; year >= (lower.year ?? 1900); year--) {
		years.push({ value: year, label: new Intl.NumberFormat(lang, { useGrouping: false }).format(year) });
	}
	const months: PickerOption<number>[] = monthNames.map((name, index) => ({ value: index + 1, label: name }));
	const dayCount = shown.year && shown.month ? daysIn(shown.year, shown.month) : 31;
	const days: PickerOption<number>[] = Array.from({ length: dayCount }, (_, index) => ({
		value: index + 1,
		label: String(index + 1),
	}));

	const update = (patch: Partial<Parts>) => {
		const next = { ...shown, ...patch };
		if (next.year && next.month && next.day) next.day = Math.min(next.day, daysIn(next.year, next.month));
		setDraft(next);
		if (next.year && next.month && next.day) {
			let iso = `${next.year}-${pad(next.month)}-${pad(next.day)}`;
			if (iso > max) iso = max;
			if (iso < min) iso = min;
			onChange(iso);
		}
	};

	const choices: Record<keyof Parts, PickerOption<number>[]> = { year: years, month: months, day: days };
	// In the order the language writes a date (its date.pattern).
	const parts = (["year", "month", "day"] as const)
		.map((part) => ({ part, at: datePattern.indexOf(`{${part}}`) }))
		.sort((a, b) => a.at - b.at)
		.map(({ part }) => part);
	return (
		<fieldset className="date-picker" aria-label={label} data-testid={testId} data-value={value}>
			{parts.map((part) => (
				<Picker
					key={part}
					compact
					label={`${label} · ${t(`date.${part}`)}`}
					placeholder={t(`date.${part}`)}
					value={shown[part]}
					options={choices[part]}
					onChange={(picked) => update({ [part]: picked })}
					testId={`${testId}-${part}`}
				/>
			))}
		</fieldset>
	);
}
