import { useQuery } from "@tanstack/react-query";
import { Link } from "react-router";
import { Paths, withQuery } from "../../../lib/paths";
import { isLoggedIn, useAppState } from "../../../lib/store";
import { CalendarIcon, ChevronIcon } from "../../../ui/icons";
import { upcomingReservationsQuery, useLiveReservations } from "../guest-api";
import { useReservationTime } from "../guest-format";
import { useGuestText } from "../guest-strings";
import { GuestStatus } from "./guest-status";
import "../guest-reservations.css";

/** At most this many upcoming bookings on the card; the rest are in my reservations. */
const SHOWN = 2;

/**
 * The home and mine tabs' card: the member's next bookings, each to its page. On home it shows
 * only when there is one (home has its own "book a table" entry); on mine it always offers
 * "book a table" and "my reservations".
 */
export function GuestUpcomingCard({ variant }: { variant: "home" | "mine" }) {
	const showAll = variant === "mine";
	const { gt, lang, plural } = useGuestText();
	const { when } = useReservationTime();
	const signedIn = useAppState(isLoggedIn);
	const upcoming = useQuery({ ...upcomingReservationsQuery(lang), enabled: signedIn });
	const list = signedIn ? (upcoming.data?.list ?? []).slice(0, SHOWN) : [];
	// Live only while there is a booking to keep current: the tab opens no socket for nothing.
	useLiveReservations(undefined, list.length > 0);
	if (variant === "home" && list.length === 0) return null;

	return (
		<section className="card guest-upcoming" aria-labelledby="guest-upcoming-title" data-testid="upcoming-reservations">
			<div className="guest-upcoming__head">
				<h2 className="guest-upcoming__title" id="guest-upcoming-title">
					{list.length > 0 ? gt("upcoming.title") : gt("upcoming.book")}
				</h2>
				{showAll && signedIn && (
					<Link to={Paths.dueList} className="guest-upcoming__all" data-testid="upcoming-all">
						{gt("upcoming.all")}
						<ChevronIcon />
					</Link>
				)}
			</div>
			{list.length > 0 && (
				<ul className="guest-upcoming__list">
					{list.map((reservation) => (
						<li key={reservation.id}>
							<Link
								to={withQuery(Paths.dueDetail, { id: reservation.id })}
								className="guest-upcoming__item"
								data-testid={`upcoming-${reservation.id}`}
							>
								<CalendarIcon className="guest-upcoming__icon" />
								<span className="guest-upcoming__text">
									<strong>{when(reservation.startsAt, reservation.shopTimeZone)}</strong>
									<span>
										{reservation.shopName} · {plural("party.count", reservation.party)}
									</span>
								</span>
								<GuestStatus status={reservation.status} />
							</Link>
						</li>
					))}
				</ul>
			)}
			<Link to={Paths.dueIndex} className="button button--ghost button--small" data-testid="upcoming-book">
				{list.length > 0 ? gt("detail.bookAgain") : gt("upcoming.bookDesc")}
			</Link>
		</section>
	);
}
