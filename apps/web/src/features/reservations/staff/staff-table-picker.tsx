import {
	HOLDING_RESERVATION_STATUSES,
	RESERVATION_TABLES_MAX,
	type ReservationGridView,
	type ReservationStatus,
} from "@bayon/contract";
import { CheckIcon } from "../../../ui/icons";
import { useStaffReservationText } from "../staff-strings";

const HOLDING: ReadonlySet<ReservationStatus> = new Set(HOLDING_RESERVATION_STATUSES);

/** The tables a stay [from, until) would collide with, other than the booking's own. */
export function busyTableIds(
	grid: ReservationGridView,
	from: number,
	until: number,
	ownReservationId: number | null,
): Set<number> {
	const busy = new Set<number>();
	for (const booking of grid.bookings) {
		if (booking.reservationId === ownReservationId || !HOLDING.has(booking.status)) continue;
		if (Date.parse(booking.startsAt) < until && Date.parse(booking.heldUntil) > from)
			for (const id of booking.tableIds) busy.add(id);
	}
	return busy;
}

interface PickerProps {
	grid: ReservationGridView;
	party: number;
	chosen: number[];
	onChange: (tableIds: number[]) => void;
	/** Tables already booked over the stay: shown, marked, and not offered. */
	busy: ReadonlySet<number>;
	testId: string;
}

/**
 * The shop's tables as tiles with their seats: tap to choose one, tap more to combine (up to
 * the contract's maximum). Says when the chosen seats are fewer than the party; the server
 * has the last word (busy, too small).
 */
export function StaffTablePicker({ grid, party, chosen, onChange, busy, testId }: PickerProps) {
	const { rt } = useStaffReservationText();
	const seats = grid.tables.filter((table) => chosen.includes(table.id)).reduce((sum, table) => sum + table.seats, 0);
	const toggle = (id: number) => {
		if (chosen.includes(id)) onChange(chosen.filter((other) => other !== id));
		else if (chosen.length < RESERVATION_TABLES_MAX) onChange([...chosen, id]);
	};
	if (grid.tables.length === 0) return <p className="field__hint">{rt("assign.none")}</p>;
	return (
		<div className="res-picker" data-testid={testId}>
			<p className="field__hint">{rt("assign.hint", { max: RESERVATION_TABLES_MAX })}</p>
			<div className="res-picker__tiles">
				{grid.tables.map((table) => {
					const isChosen = chosen.includes(table.id);
					const isBusy = busy.has(table.id);
					const full = !isChosen && chosen.length >= RESERVATION_TABLES_MAX;
					return (
						<button
							key={table.id}
							type="button"
							className={`res-picker__tile${isChosen ? " is-chosen" : ""}${isBusy ? " is-busy" : ""}`}
							aria-pressed={isChosen}
							disabled={(isBusy && !isChosen) || full}
							onClick={() => toggle(table.id)}
							data-testid={`${testId}-table-${table.id}`}
						>
							<span className="res-picker__number">
								{isChosen && <CheckIcon width={14} height={14} aria-hidden="true" />}
								{table.number}
							</span>
							<small>{rt("assign.seats", { min: table.minSeats, max: table.seats })}</small>
							{isBusy && <small className="res-picker__note">{rt("assign.busy")}</small>}
							{!isBusy && !table.reservable && <small className="res-picker__note">{rt("assign.notBookable")}</small>}
							{table.area && <small className="res-picker__area">{table.area}</small>}
						</button>
					);
				})}
			</div>
			{chosen.length > 0 && (
				<p className={seats < party ? "field__error" : "field__hint"} role="status" data-testid={`${testId}-summary`}>
					{rt("assign.chosen", { count: chosen.length, seats })}
					{seats < party && ` · ${rt("assign.tooSmall", { party })}`}
				</p>
			)}
		</div>
	);
}
