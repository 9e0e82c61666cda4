import { useState } from "react";
import { BottomSheet } from "../../ui/sheet";
import "../../ui/controls.css";
import { useShopSettingsText } from "./strings";

const HOURS = Array.from({ length: 24 }, (_, hour) => String(hour).padStart(2, "0"));
const MINUTES = Array.from({ length: 12 }, (_, index) => String(index * 5).padStart(2, "0"));

/**
 * A time of day "HH:MM" chosen in a sheet of hour and minute chips (the app's look on every
 * phone, where a browser's time input looks different on each).
 */
export function TimeField({
	value,
	onChange,
	label,
	invalid = false,
	testId,
}: {
	value: string;
	onChange: (value: string) => void;
	label: string;
	invalid?: boolean;
	testId?: string;
}) {
	const { st } = useShopSettingsText();
	const [open, setOpen] = useState(false);
	const [hour, minute] = value.split(":") as [string, string];
	const pick = (next: { hour?: string; minute?: string }) => onChange(`${next.hour ?? hour}:${next.minute ?? minute}`);
	return (
		<>
			<button
				type="button"
				className={`picker-button${invalid ? " picker-button--invalid" : ""}`}
				aria-label={`${label} ${value}`}
				onClick={() => setOpen(true)}
				data-testid={testId}
			>
				{value}
			</button>
			<BottomSheet
				open={open}
				onClose={() => setOpen(false)}
				title={`${label} · ${value}`}
				testId={testId ? `${testId}-sheet` : undefined}
				footer={
					<button
						type="button"
						className="button button--primary button--block"
						onClick={() => setOpen(false)}
						data-testid="time-picker-done"
					>
						{st("hours.pickTime")} · {value}
					</button>
				}
			>
				<p className="picker-caption">{st("hours.hour")}</p>
				<ChipChoices choices={HOURS} chosen={hour} onChoose={(h) => pick({ hour: h })} testId="time-hour" />
				<p className="picker-caption">{st("hours.minute")}</p>
				<ChipChoices choices={MINUTES} chosen={minute} onChoose={(mm) => pick({ minute: mm })} testId="time-minute" />
			</BottomSheet>
		</>
	);
}

/** A grid of chips, one of them chosen. */
function ChipChoices({
	choices,
	chosen,
	onChoose,
	testId,
}: {
	choices: readonly string[];
	chosen: string;
	onChoose: (choice: string) => void;
	testId: string;
}) {
	return (
		<div className="chip-grid">
			{choices.map((choice) => (
				<button
					key={choice}
					type="button"
					className={`chip${choice === chosen ? " chip--on" : ""}`}
					aria-pressed={choice === chosen}
					onClick={() => onChoose(choice)}
					data-testid={`${testId}-${choice}`}
				>
					{choice}
				</button>
			))}
		</div>
	);
}

const pad = (n: number) => String(n).padStart(2, "0");
const isoDate = (year: number, month: number, day: number) => `${year}-${pad(month + 1)}-${pad(day)}`;

/** A calendar date "YYYY-MM-DD" chosen on a month grid in a sheet. */
export function DateField({
	value,
	onChange,
	label,
	invalid = false,
	testId,
}: {
	value: string;
	onChange: (value: string) => void;
	label: string;
	invalid?: boolean;
	testId?: string;
}) {
	const { st, t } = useShopSettingsText();
	const [open, setOpen] = useState(false);
	const [year, month] = value.split("-").map(Number) as [number, number];
	const [shown, setShown] = useState({ year, month: month - 1 });
	const first = new Date(Date.UTC(shown.year, shown.month, 1));
	const days = new Date(Date.UTC(shown.year, shown.month + 1, 0)).getUTCDate();
	const blanks = first.getUTCDay();
	const move = (delta: number) => {
		const next = new Date(Date.UTC(shown.year, shown.month + delta, 1));
		setShown({ year: next.getUTCFullYear(), month: next.getUTCMonth() });
	};
	const months = t("date.months").split(",");
	return (
		<>
			<button
				type="button"
				className={`picker-button${invalid ? " picker-button--invalid" : ""}`}
				aria-label={`${label} ${value}`}
				onClick={() => {
					setShown({ year, month: month - 1 });
					setOpen(true);
				}}
				data-testid={testId}
			>
				{value}
			</button>
			<BottomSheet
				open={open}
				onClose={() => setOpen(false)}
				title={label}
				testId={testId ? `${testId}-sheet` : undefined}
			>
				<div className="calendar__head">
					<button type="button" className="button button--small button--ghost" onClick={() => move(-1)}>
						{st("closures.prevMonth")}
					</button>
					<strong>
						{shown.year} · {months[shown.month] ?? shown.month + 1}
					</strong>
					<button type="button" className="button button--small button--ghost" onClick={() => move(1)}>
						{st("closures.nextMonth")}
					</button>
				</div>
				<div className="calendar">
					{Array.from({ length: blanks }, (_, index) => (
						// biome-ignore lint/suspicious/noArrayIndexKey: empty cells before the 1st have no identity but their place
						<span key={`blank-${index}`} />
					))}
					{Array.from({ length: days }, (_, index) => {
						const date = isoDate(shown.year, shown.month, index + 1);
						return (
							<button
								key={date}
								type="button"
								className={`chip${date === value ? " chip--on" : ""}`}
								aria-pressed={date === value}
								onClick={() => {
									onChange(date);
									setOpen(false);
								}}
								data-testid={`date-${date}`}
							>
								{index + 1}
							</button>
						);
					})}
				</div>
			</BottomSheet>
		</>
	);
}
