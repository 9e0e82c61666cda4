import {
	RESERVATION_NAME_MAX_LENGTH,
	RESERVATION_OCCASIONS,
	RESERVATION_PARTY_MAX,
	type ReservationOccasion,
} from "@bayon/contract";
import type { ReactNode } from "react";
import { Picker } from "../../../../ui/picker";
import { LoadingState } from "../../../../ui/states";
import { Stepper } from "../../../../ui/stepper";
import { useStaffReservationText } from "../../staff-strings";
import { StaffTablePicker } from "../staff-table-picker";
import type { StaffBookingSheetState } from "./use-staff-booking-sheet";

type Props = { sheet: StaffBookingSheetState };

/** A labelled field with its error under it. */
export function Field({
	label,
	id,
	error,
	children,
}: {
	label: string;
	id: string;
	error?: string;
	children: ReactNode;
}) {
	return (
		<div className="field">
			<label className="field__label" htmlFor={id}>
				{label}
			</label>
			{children}
			{error && (
				<p className="field__error" role="alert" data-testid={`${id}-error`}>
					{error}
				</p>
			)}
		</div>
	);
}

/** The caller's name and phone. */
export function CallerFields({ sheet, ids }: Props & { ids: string }) {
	const { rt } = useStaffReservationText();
	const { draft, change, errorOf } = sheet;
	return (
		<>
			<Field label={rt("book.name")} id={`${ids}-name`} error={errorOf("name")}>
				<input
					id={`${ids}-name`}
					className="field__input"
					value={draft.name}
					maxLength={RESERVATION_NAME_MAX_LENGTH}
					onChange={(event) => change({ name: event.target.value })}
					aria-invalid={Boolean(errorOf("name"))}
					autoComplete="off"
					data-testid="res-booking-name"
				/>
			</Field>
			<Field label={rt("book.phone")} id={`${ids}-phone`} error={errorOf("phone")}>
				<input
					id={`${ids}-phone`}
					className="field__input"
					value={draft.phone}
					inputMode="tel"
					maxLength={20}
					onChange={(event) => change({ phone: event.target.value })}
					aria-invalid={Boolean(errorOf("phone"))}
					autoComplete="off"
					data-testid="res-booking-phone"
				/>
			</Field>
		</>
	);
}

/** How many are coming (a new party size unchooses the tables). */
export function BookingPartyField({ sheet }: Props) {
	const { rt } = useStaffReservationText();
	const { draft, change, errorOf } = sheet;
	return (
		<div className="field">
			<span className="field__label">{rt("book.party")}</span>
			<Stepper
				value={draft.party}
				min={1}
				max={RESERVATION_PARTY_MAX}
				onChange={(party) => change({ party, tableIds: [] })}
				label={rt("book.party")}
				testId="res-booking-party"
			/>
			{errorOf("party") && <p className="field__error">{errorOf("party")}</p>}
		</div>
	);
}

/** The day, one of the page's days. */
export function BookingDayField({ sheet, days }: Props & { days: Array<{ date: string; label: string }> }) {
	const { rt } = useStaffReservationText();
	const { draft, change } = sheet;
	return (
		<div className="field">
			<span className="field__label">{rt("book.date")}</span>
			<fieldset className="res-days res-days--field" aria-label={rt("book.date")}>
				{days.map((day) => (
					<button
						key={day.date}
						type="button"
						className={`chip res-chip${draft.date === day.date ? " chip--on" : ""}`}
						aria-pressed={draft.date === day.date}
						onClick={() => change({ date: day.date, startsAt: null, tableIds: [] })}
						data-testid={`res-booking-day-${day.date}`}
					>
						{day.label}
					</button>
				))}
			</fieldset>
		</div>
	);
}

/** The time, one of the day's slots. */
export function BookingTimeField({ sheet }: Props) {
	const { rt } = useStaffReservationText();
	const { draft, change, errorOf, grid, slots } = sheet;
	return (
		<div className="field">
			<span className="field__label">{rt("book.time")}</span>
			{grid.isPending ? (
				<LoadingState compact />
			) : slots.length === 0 ? (
				<p className="field__hint" data-testid="res-booking-no-slots">
					{rt("book.noSlots")}
				</p>
			) : (
				<Picker
					label={rt("book.time")}
					placeholder={rt("book.chooseTime")}
					value={draft.startsAt}
					options={slots.map((slot) => ({ value: slot.startsAt, label: slot.time }))}
					onChange={(startsAt) => change({ startsAt, tableIds: [] })}
					testId="res-booking-time"
				/>
			)}
			{errorOf("startsAt") && (
				<p className="field__error" role="alert" data-testid="res-booking-time-error">
					{errorOf("startsAt")}
				</p>
			)}
		</div>
	);
}

/** The tables, optional (the server picks one that fits otherwise), busy ones marked. */
export function BookingTablesField({ sheet }: Props) {
	const { rt } = useStaffReservationText();
	const { draft, change, errorOf, grid, busy } = sheet;
	if (!grid.data || !draft.startsAt) return null;
	return (
		<div className="field">
			<span className="field__label">{rt("book.tables")}</span>
			{draft.tableIds.length === 0 && <p className="field__hint">{rt("book.anyTable")}</p>}
			<StaffTablePicker
				grid={grid.data}
				party={draft.party}
				chosen={draft.tableIds}
				onChange={(tableIds) => change({ tableIds })}
				busy={busy}
				testId="res-booking-tables"
			/>
			{errorOf("tableIds") && <p className="field__error">{errorOf("tableIds")}</p>}
		</div>
	);
}

/** The occasion, or none. */
export function BookingOccasionField({ sheet }: Props) {
	const { rt } = useStaffReservationText();
	const { draft, change } = sheet;
	return (
		<div className="field">
			<span className="field__label">{rt("book.occasion")}</span>
			<Picker<ReservationOccasion | "none">
				label={rt("book.occasion")}
				value={draft.occasion ?? "none"}
				options={[
					{ value: "none", label: rt("book.noOccasion") },
					...RESERVATION_OCCASIONS.map((occasion) => ({ value: occasion, label: rt(`occasion.${occasion}`) })),
				]}
				onChange={(occasion) => change({ occasion: occasion === "none" ? null : occasion })}
				testId="res-booking-occasion"
			/>
		</div>
	);
}
