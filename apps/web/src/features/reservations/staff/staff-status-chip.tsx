import type { ReservationStatus } from "@bayon/contract";
import { useStaffReservationText } from "../staff-strings";

/** A booking's status, coloured as on the grid (staff-reservations.css `--status-*`). */
export function StatusChip({ status }: { status: ReservationStatus }) {
	const { rt } = useStaffReservationText();
	return (
		<span className={`res-status res-status--${status}`} data-testid="res-status" data-status={status}>
			{rt(`status.${status}`)}
		</span>
	);
}
