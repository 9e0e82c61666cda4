import type { MerchantShopRef, ReservationView } from "@bayon/contract";
import { useQuery } from "@tanstack/react-query";
import { Link } from "react-router";
import { errorText } from "../../../lib/api-client";
import { Paths } from "../../../lib/paths";
import { CalendarIcon, PlusIcon, ScanIcon, ToolsIcon } from "../../../ui/icons";
import { BottomSheet } from "../../../ui/sheet";
import { AlarmSoundSwitch } from "../../../ui/staff/alarm-sound-controls";
import { EmptyState, ErrorState, LoadingState } from "../../../ui/states";
import { staffReservationDetailQuery } from "../staff-api";
import { useStaffReservationText } from "../staff-strings";
import { StaffReservationCard, useDayLabel } from "./staff-reservation-card";
import { StaffReservationGrid } from "./staff-reservation-grid";
import type { StaffReservations } from "./use-staff-reservations";

type PageProps = { page: StaffReservations };

/** The shop's name, the sound switch, and arrive, book for a caller, the settings. */
export function ReservationsBar({ page, shop, canSet }: PageProps & { shop: MerchantShopRef; canSet: boolean }) {
	const { rt } = useStaffReservationText();
	return (
		<div className="res-page__bar">
			<h2 className="res-page__shop">{shop.shopName}</h2>
			<AlarmSoundSwitch />
			<button
				type="button"
				className="button button--small button--primary"
				onClick={() => page.setArrival({ open: true, code: "" })}
				data-testid="res-open-arrival"
			>
				<ScanIcon width={18} height={18} aria-hidden="true" /> {rt("page.arrive")}
			</button>
			<button
				type="button"
				className="button button--small button--ghost"
				onClick={() => page.setBooking(true)}
				data-testid="res-open-booking"
			>
				<PlusIcon width={18} height={18} aria-hidden="true" /> {rt("page.bookForCaller")}
			</button>
			{canSet && (
				<Link
					to={Paths.merchantReservationSettings}
					className="button button--small button--ghost"
					data-testid="res-open-settings"
				>
					<ToolsIcon width={18} height={18} aria-hidden="true" /> {rt("page.settings")}
				</Link>
			)}
		</div>
	);
}

/** The days to switch between, and "upcoming". */
export function DayTabs({ page }: PageProps) {
	const { rt } = useStaffReservationText();
	const { scope, setScope } = page;
	return (
		<div className="res-days" role="tablist" aria-label={rt("day.choose")} data-testid="res-days">
			{page.days.map((day) => {
				const selected = scope.scope === "day" && scope.date === day.date;
				return (
					<button
						key={day.date}
						type="button"
						role="tab"
						aria-selected={selected}
						className={`chip res-chip${selected ? " chip--on" : ""}`}
						onClick={() => setScope({ scope: "day", date: day.date })}
						data-testid={`res-day-${day.date}`}
					>
						{day.label}
					</button>
				);
			})}
			<button
				type="button"
				role="tab"
				aria-selected={scope.scope === "upcoming"}
				className={`chip res-chip${scope.scope === "upcoming" ? " chip--on" : ""}`}
				onClick={() => setScope({ scope: "upcoming" })}
				data-testid="res-day-upcoming"
			>
				<CalendarIcon width={16} height={16} aria-hidden="true" /> {rt("day.upcoming")}
			</button>
		</div>
	);
}

/** The bookings of the day (or upcoming, each with its day), and more on demand. */
export function ReservationList({ page, timeZone }: PageProps & { timeZone: string }) {
	const { rt } = useStaffReservationText();
	const dayLabel = useDayLabel();
	const { list, reservations, scope, alarm } = page;
	if (list.isPending) return <LoadingState />;
	if (list.isError && reservations.length === 0)
		return <ErrorState message={errorText(list.error)} onRetry={() => void list.refetch()} />;
	if (reservations.length === 0)
		return <EmptyState title={rt(scope.scope === "day" ? "list.empty" : "list.emptyUpcoming")} compact />;
	return (
		<div className="res-list" data-testid="res-list">
			{reservations.map((reservation) => (
				<StaffReservationCard
					key={reservation.id}
					reservation={reservation}
					withDate={scope.scope === "upcoming" ? dayLabel(reservation.startsAt, timeZone) : null}
					ringing={page.ringing.includes(reservation.id)}
					onAction={page.run}
					onOpen={(r) => alarm.acknowledge(r.id)}
				/>
			))}
			{list.hasNextPage && (
				<button
					type="button"
					className="button button--ghost button--block"
					onClick={() => void list.fetchNextPage()}
					disabled={list.isFetchingNextPage}
					data-testid="res-list-more"
				>
					{rt("list.more")}
				</button>
			)}
		</div>
	);
}

/** The day's table × time grid; a block tapped opens its booking. */
export function GridSection({ page }: PageProps) {
	const { rt } = useStaffReservationText();
	const { grid } = page;
	return (
		<section className="card res-page__grid" aria-label={rt("page.grid")}>
			<h3 className="section__title">
				{rt("page.grid")}
				<small className="res-page__hint">{rt("grid.scrollHint")}</small>
			</h3>
			{grid.isPending ? (
				<LoadingState compact />
			) : grid.isError && !grid.data ? (
				<ErrorState message={errorText(grid.error)} onRetry={() => void grid.refetch()} compact />
			) : (
				<StaffReservationGrid
					grid={grid.data}
					now={page.now}
					ringing={page.ringing}
					onOpen={(id) => {
						page.alarm.acknowledge(id);
						page.setOpenedId(id);
					}}
				/>
			)}
		</section>
	);
}

/** A block tapped on the grid: the booking's card, with its actions, in a sheet. */
export function OpenedBooking({
	id,
	known,
	onClose,
	onAction,
}: {
	id: number | null;
	known: ReservationView[];
	onClose: () => void;
	onAction: Parameters<typeof StaffReservationCard>[0]["onAction"];
}) {
	const { rt, lang } = useStaffReservationText();
	const inList = known.find((reservation) => reservation.id === id);
	const detail = useQuery({ ...staffReservationDetailQuery(id ?? 0, lang), enabled: id !== null && !inList });
	const reservation = inList ?? detail.data;
	return (
		<BottomSheet open={id !== null} onClose={onClose} title={reservation?.name ?? rt("page.list")} testId="res-opened">
			{reservation ? (
				<StaffReservationCard reservation={reservation} ringing={false} onAction={onAction} onOpen={() => {}} />
			) : detail.isError ? (
				<ErrorState message={errorText(detail.error)} onRetry={() => void detail.refetch()} compact />
			) : (
				<LoadingState compact />
			)}
		</BottomSheet>
	);
}
