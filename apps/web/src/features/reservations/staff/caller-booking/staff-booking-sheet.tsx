import { RESERVATION_NOTE_MAX_LENGTH, type ReservationView } from "@bayon/contract";
import { useId } from "react";
import { clockTime } from "../../../../lib/shop-clock";
import { BottomSheet } from "../../../../ui/sheet";
import { useStaffReservationText } from "../../staff-strings";
import {
	BookingDayField,
	BookingOccasionField,
	BookingPartyField,
	BookingTablesField,
	BookingTimeField,
	CallerFields,
	Field,
} from "./staff-booking-fields";
import { useStaffBookingSheet } from "./use-staff-booking-sheet";

interface BookingSheetProps {
	open: boolean;
	shopId: number;
	/** The days offered (the page's day switcher), the first chosen. */
	days: Array<{ date: string; label: string }>;
	initialDate: string;
	onClose: () => void;
	onBooked: (reservation: ReservationView) => void;
}

/**
 * "Book for a caller": the staff take a booking on the phone. The times are the day's slots
 * (every slot interval from each opening); the tables are optional (the server picks one
 * that fits otherwise). The server labels it a staff booking and waives the online limits,
 * never the opening hours or another booking's tables.
 */
export function StaffBookingSheet({ open, shopId, days, initialDate, onClose, onBooked }: BookingSheetProps) {
	const { rt } = useStaffReservationText();
	const ids = useId();
	const sheet = useStaffBookingSheet({ open, shopId, initialDate, onBooked });
	const { draft, change, errorOf, failure, sending, submit } = sheet;

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
				<CallerFields sheet={sheet} ids={ids} />
				<BookingPartyField sheet={sheet} />
				<BookingDayField sheet={sheet} days={days} />
				<BookingTimeField sheet={sheet} />
				<BookingTablesField sheet={sheet} />
				<BookingOccasionField sheet={sheet} />
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
						{days.find((day) => day.date === draft.date)?.label} {clockTime(draft.startsAt, sheet.timeZone)} ·{" "}
						{rt("card.party", { count: draft.party })}
					</p>
				)}
			</div>
		</BottomSheet>
	);
}
