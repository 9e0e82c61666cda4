import type { ReservationView, StaffReservationAction } from "@bayon/contract";
import { useCalendarDay } from "../../../lib/i18n";
import { clockTime, localDateOf } from "../../../lib/shop-clock";
import { useStaffReservationText } from "../staff-strings";
import { CardActions, CardFacts, CardTags } from "./staff-reservation-card-parts";
import { StatusChip } from "./staff-status-chip";

/** The staff's actions in the order they are offered on a card (the view says which apply). */
const ACTION_ORDER: StaffReservationAction[] = [
	"confirm",
	"arrive",
	"complete",
	"assign",
	"noShow",
	"undoNoShow",
	"reject",
	"cancel",
];

export function staffActionsOf(reservation: ReservationView): StaffReservationAction[] {
	const offered = new Set(reservation.actions);
	return ACTION_ORDER.filter((action) => offered.has(action));
}

interface CardProps {
	reservation: ReservationView;
	/** Shows the day too (the "upcoming" list spans several days). */
	withDate?: string | null;
	ringing: boolean;
	onAction: (action: StaffReservationAction, reservation: ReservationView) => void;
	onOpen: (reservation: ReservationView) => void;
}

/** One booking on the reservations page: who, when, where, what they ordered ahead, and what the staff can do. */
export function StaffReservationCard({ reservation: r, withDate, ringing, onAction, onOpen }: CardProps) {
	const { rt } = useStaffReservationText();
	const tz = r.shopTimeZone;
	const actions = staffActionsOf(r);
	return (
		<article
			className={`card res-card res-card--${r.status}${ringing ? " is-ringing" : ""}`}
			data-testid={`res-card-${r.id}`}
			data-status={r.status}
			data-ringing={ringing || undefined}
		>
			<button
				type="button"
				className="res-card__head"
				onClick={() => onOpen(r)}
				aria-label={`${r.name} ${clockTime(r.startsAt, tz)}`}
			>
				<span className="res-card__time" data-testid="res-card-time">
					{withDate && <small className="res-card__date">{withDate}</small>}
					{clockTime(r.startsAt, tz)}
					<small className="res-card__until">{rt("card.until", { time: clockTime(r.endsAt, tz) })}</small>
				</span>
				<span className="res-card__who">
					<strong className="res-card__name" data-testid="res-card-name">
						{r.name}
					</strong>
					<span className="res-card__party">{rt("card.party", { count: r.party })}</span>
				</span>
				<StatusChip status={r.status} />
			</button>
			<CardTags reservation={r} />
			<CardFacts reservation={r} />
			{actions.length > 0 && <CardActions reservation={r} actions={actions} onAction={onAction} />}
		</article>
	);
}

/** "周三 12月9日" for the upcoming list's cards (the shop's day of the booking), as the day chips read. */
export function useDayLabel(): (at: string, timeZone: string) => string {
	const calendarDay = useCalendarDay();
	return (at, timeZone) => {
		const { weekday, day } = calendarDay(localDateOf(at, timeZone));
		return `${weekday} ${day}`;
	};
}
