import {
	RESERVATION_NAME_MAX_LENGTH,
	RESERVATION_NOTE_MAX_LENGTH,
	RESERVATION_OCCASIONS,
	RESERVATION_PARTY_MAX,
	type ReservationOccasion,
	type ReservationView,
	StaffCreateReservationInput,
} from "@bayon/contract";
import { useQuery } from "@tanstack/react-query";
import { type ReactNode, useEffect, useId, useMemo, useState } from "react";
import { ApiError, errorText } from "../../../lib/api-client";
import { isMessageKey } from "../../../lib/i18n/messages";
import { clockTime } from "../../../lib/shop-clock";
import { Picker } from "../../../ui/picker";
import { BottomSheet } from "../../../ui/sheet";
import { LoadingState } from "../../../ui/states";
import { Stepper } from "../../../ui/stepper";
import { serverFieldErrors } from "../settings/staff-settings-form";
import { createStaffReservation, newIdempotencyKey, reservationGridQuery, staffSlotsQuery } from "../staff-api";
import { useStaffReservationText } from "../staff-strings";
import { slotTimes } from "./booking-slots";
import { busyTableIds, StaffTablePicker } from "./staff-table-picker";

/** Without the party's turn time (the availability call failed), tables are checked for this long. */
const FALLBACK_STAY_MINUTES = 90;

interface BookingSheetProps {
	open: boolean;
	shopId: number;
	/** The days offered (the page's day switcher), the first chosen. */
	days: Array<{ date: string; label: string }>;
	initialDate: string;
	onClose: () => void;
	onBooked: (reservation: ReservationView) => void;
}

interface Draft {
	name: string;
	phone: string;
	party: number;
	date: string;
	startsAt: string | null;
	tableIds: number[];
	occasion: ReservationOccasion | null;
	note: string;
}

const emptyDraft = (date: string): Draft => ({
	name: "",
	phone: "",
	party: 2,
	date,
	startsAt: null,
	tableIds: [],
	occasion: null,
	note: "",
});

/**
 * "Book for a caller": the staff take a booking on the phone. The times are the day's slots
 * (every slot interval from each opening); the tables are optional (the server picks one
 * that fits otherwise). The server labels it a staff booking and waives the online limits,
 * never the opening hours or another booking's tables.
 */
export function StaffBookingSheet({ open, shopId, days, initialDate, onClose, onBooked }: BookingSheetProps) {
	const { rt, m } = useStaffReservationText();
	const ids = useId();
	const [draft, setDraft] = useState<Draft>(() => emptyDraft(initialDate));
	const [attemptKey, setAttemptKey] = useState(newIdempotencyKey);
	const [showErrors, setShowErrors] = useState(false);
	const [serverErrors, setServerErrors] = useState<Map<string, string>>(new Map());
	const [failure, setFailure] = useState<string | null>(null);
	const [sending, setSending] = useState(false);

	useEffect(() => {
		if (!open) return;
		setDraft(emptyDraft(initialDate));
		setAttemptKey(newIdempotencyKey());
		setShowErrors(false);
		setServerErrors(new Map());
		setFailure(null);
	}, [open, initialDate]);

	const grid = useQuery({ ...reservationGridQuery(shopId, draft.date), enabled: open });
	const stay = useQuery({ ...staffSlotsQuery(shopId, draft.date, draft.party), enabled: open });
	const stayMinutes = stay.data?.stayMinutes ?? FALLBACK_STAY_MINUTES;
	// Slots whose whole stay fits before the window closes, and not already past.
	const slots = useMemo(() => {
		if (!grid.data) return [];
		const now = Date.now();
		return slotTimes(grid.data.windows, grid.data.slotMinutes, grid.data.shopTimeZone, stayMinutes).filter(
			(slot) => Date.parse(slot.startsAt) >= now,
		);
	}, [grid.data, stayMinutes]);
	const busy = useMemo(() => {
		if (!grid.data || !draft.startsAt) return new Set<number>();
		const from = Date.parse(draft.startsAt);
		return busyTableIds(grid.data, from, from + stayMinutes * 60_000, null);
	}, [grid.data, draft.startsAt, stayMinutes]);

	const input = {
		shopId,
		startsAt: draft.startsAt ?? "",
		party: draft.party,
		name: draft.name,
		phone: draft.phone.trim(),
		occasion: draft.occasion,
		note: draft.note,
		...(draft.tableIds.length > 0 ? { tableIds: draft.tableIds } : {}),
	};
	const parsed = StaffCreateReservationInput.safeParse(input);
	const clientErrors = new Map<string, string>();
	for (const issue of parsed.success ? [] : parsed.error.issues) {
		const path = String(issue.path[0] ?? "");
		if (!clientErrors.has(path))
			clientErrors.set(path, m(isMessageKey(issue.message) ? issue.message : "fieldInvalid", { field: "" }));
	}
	const errorOf = (field: string) => serverErrors.get(field) ?? (showErrors ? clientErrors.get(field) : undefined);
	const change = (patch: Partial<Draft>) => {
		setDraft((current) => ({ ...current, ...patch }));
		setServerErrors(new Map());
		setFailure(null);
	};

	const submit = async () => {
		setShowErrors(true);
		if (!parsed.success) return;
		setSending(true);
		try {
			const booked = await createStaffReservation(parsed.data, attemptKey);
			onBooked(booked);
		} catch (error) {
			setServerErrors(error instanceof ApiError ? serverFieldErrors(error.data) : new Map());
			setFailure(errorText(error));
			// A refusal ends this attempt: the next tap is a new booking.
			setAttemptKey(newIdempotencyKey());
			void grid.refetch();
		} finally {
			setSending(false);
		}
	};

	const timeZone = grid.data?.shopTimeZone ?? "UTC";
	return (
		<BottomSheet
			open={open}
			onClose={onClose}
			title={rt("book.title")}
			testId="res-booking"
			footer={
				<>
					{failure && (
						<p className="field__error" role="alert" data-testid="res-booking-error">
							{failure}
						</p>
					)}
					<button
						type="button"
						className="button button--primary button--block"
						disabled={sending}
						onClick={() => void submit()}
						data-testid="res-booking-submit"
					>
						{rt("book.submit")}
					</button>
				</>
			}
		>
			<div className="res-booking">
				<p className="field__hint">{rt("book.hint")}</p>
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
				{grid.data && draft.startsAt && (
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
				)}
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
				<Field label={rt("book.note")} id={`${ids}-note`} error={errorOf("note")}>
					<textarea
						id={`${ids}-note`}
						className="field__input"
						rows={2}
						value={draft.note}
						maxLength={RESERVATION_NOTE_MAX_LENGTH}
						onChange={(event) => change({ note: event.target.value })}
						data-testid="res-booking-note"
					/>
				</Field>
				{draft.startsAt && (
					<p className="field__hint" data-testid="res-booking-summary">
						{days.find((day) => day.date === draft.date)?.label} {clockTime(draft.startsAt, timeZone)} ·{" "}
						{rt("card.party", { count: draft.party })}
					</p>
				)}
			</div>
		</BottomSheet>
	);
}

function Field({ label, id, error, children }: { label: string; id: string; error?: string; children: ReactNode }) {
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
