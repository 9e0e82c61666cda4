import type { ReservationView } from "@bayon/contract";
import { Link } from "react-router";
import { Paths, withQuery } from "../../../lib/paths";
import { useReservationTime } from "../guest-format";
import { useGuestText } from "../guest-strings";
import { GuestStatus } from "./guest-status";

/** One booking in my reservations: shop, local day and time, party, tables, status. */
export function GuestReservationRow({ reservation }: { reservation: ReservationView }) {
	const { gt, plural } = useGuestText();
	const { when } = useReservationTime();
	const tables = reservation.tables.map((table) => table.number).join(", ");
	return (
		<li className="card" data-testid={`reservation-row-${reservation.id}`} data-status={reservation.status}>
			<Link to={withQuery(Paths.dueDetail, { id: reservation.id })} className="guest-row">
				<span className="guest-row__head">
					<span className="guest-row__shop">{reservation.shopName}</span>
					<GuestStatus status={reservation.status} testId="reservation-row-status" />
				</span>
				<span className="guest-row__when" data-testid="reservation-row-when">
					{when(reservation.startsAt, reservation.shopTimeZone)}
				</span>
				<span className="guest-row__meta">
					{plural("party.count", reservation.party)}
					{tables ? ` · ${gt("list.tables", { tables })}` : ""}
				</span>
			</Link>
		</li>
	);
}
