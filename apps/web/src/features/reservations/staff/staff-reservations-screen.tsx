import { type MerchantShopRef, type ReservationView, roleAllows } from "@bayon/contract";
import { useInfiniteQuery, useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { Link } from "react-router";
import { errorText } from "../../../lib/api-client";
import { useCalendarDay } from "../../../lib/i18n";
import { Paths } from "../../../lib/paths";
import { addDays, clockTime, localDateOf } from "../../../lib/shop-clock";
import { hideToast, showToast } from "../../../lib/toast";
import { useNow } from "../../../lib/use-now";
import { CalendarIcon, PlusIcon, ScanIcon, ToolsIcon } from "../../../ui/icons";
import { BottomSheet } from "../../../ui/sheet";
import { EmptyState, ErrorState, LoadingState } from "../../../ui/states";
import { prepareAlarmSound, unlockAlarmSound } from "../../merchant/alarm-sound";
import { AlarmSoundPrompt, AlarmSoundSwitch, RingingAlert } from "../../merchant/components/alarm-sound-controls";
import { MerchantGuard } from "../../merchant/merchant-guard";
import { shopDetailQuery } from "../../venues/api";
import {
	type ListScope,
	reservationGridQuery,
	staffReservationDetailQuery,
	staffReservationKeys,
	staffReservationListQuery,
	useShopReservationEvents,
} from "../staff-api";
import { RESERVATION_SETTINGS_PERMISSION } from "../staff-permissions";
import { useStaffReservationText } from "../staff-strings";
import { bookingsNeedingAttention, noteNewBooking, reservationAlarm, useRingingBookings } from "./staff-alarm";
import { StaffArrivalSheet } from "./staff-arrival-sheet";
import { StaffBookingSheet } from "./staff-booking-sheet";
import { useStaffReservationActions } from "./staff-reservation-actions";
import { StaffReservationCard, useDayLabel } from "./staff-reservation-card";
import { StaffReservationGrid } from "./staff-reservation-grid";
import "../../../ui/controls.css";
import "../../merchant/merchant.css";
import "../staff-reservations.css";

/** The day switcher offers today and this many days after it. */
const DAYS_SHOWN = 14;
/** Statuses that no longer expect the party (not counted in the day's covers). */
const GONE = new Set(["cancelled", "late_cancelled", "rejected", "no_show", "expired"]);

/** merchant/reservations: the day's bookings, the table × time grid, arrivals and bookings for callers. */
export default function StaffReservationsScreen() {
	return <MerchantGuard>{(shop) => <ShopTimeZone shop={shop} />}</MerchantGuard>;
}

/** "Today" is the shop's today: the page waits for the shop's time zone. */
function ShopTimeZone({ shop }: { shop: MerchantShopRef }) {
	const { lang } = useStaffReservationText();
	const detail = useQuery(shopDetailQuery(shop.shopId, lang));
	if (detail.isError && !detail.data)
		return <ErrorState message={errorText(detail.error)} onRetry={() => void detail.refetch()} />;
	if (!detail.data) return <LoadingState />;
	return <ReservationsPage shop={shop} timeZone={detail.data.timezone} />;
}

function ReservationsPage({ shop, timeZone }: { shop: MerchantShopRef; timeZone: string }) {
	const { rt, lang } = useStaffReservationText();
	const queryClient = useQueryClient();
	const now = useNow(true, 60_000);
	const today = localDateOf(now, timeZone);
	const [scope, setScope] = useState<ListScope>({ scope: "day", date: today });
	const [arrival, setArrival] = useState<{ open: boolean; code: string }>({ open: false, code: "" });
	const [booking, setBooking] = useState(false);
	const [openedId, setOpenedId] = useState<number | null>(null);
	const date = scope.scope === "day" ? scope.date : today;

	const days = useDays(today);
	// A safety net under the websocket: a missed event still shows within a minute.
	const list = useInfiniteQuery({ ...staffReservationListQuery(shop.shopId, scope, lang), refetchInterval: 60_000 });
	const grid = useQuery({
		...reservationGridQuery(shop.shopId, date),
		enabled: scope.scope === "day",
		refetchInterval: 60_000,
	});
	const reservations = useMemo(() => list.data?.pages.flatMap((page) => page.list) ?? [], [list.data]);

	const alarm = reservationAlarm();
	const ringing = useRingingBookings();
	const waitingIds = useRef<number[]>([]);
	waitingIds.current = reservations.filter((r) => r.status === "pending").map((r) => r.id);
	useEffect(() => {
		if (list.data) alarm.sync(bookingsNeedingAttention(waitingIds.current));
	}, [list.data, alarm]);
	// Leaving the page silences it; bookings not acknowledged ring again on return.
	useEffect(() => () => alarm.sync([]), [alarm]);
	useEffect(prepareAlarmSound, []);

	const refetch = useCallback(
		() => void queryClient.invalidateQueries({ queryKey: staffReservationKeys.all }),
		[queryClient],
	);
	useShopReservationEvents(
		shop.shopId,
		(event) => {
			if (event.reason === "created") {
				// Rings at once, before the refetch brings the booking in.
				noteNewBooking(event.reservationId);
				alarm.sync(bookingsNeedingAttention(waitingIds.current));
			}
			refetch();
		},
		refetch,
	);

	// The toast of the staff's last action (confirm, …) lasts two seconds; a sheet opened
	// within them would have it sitting on the sheet's own text (the arrival's "seated").
	useEffect(() => {
		if (arrival.open || booking) hideToast();
	}, [arrival.open, booking]);

	const handled = useCallback((id: number) => alarm.acknowledge(id), [alarm]);
	const { run, dialogs } = useStaffReservationActions({
		shopId: shop.shopId,
		// "Arrived" on a booking opens the arrival panel with its code filled in.
		onArrive: (reservation) => setArrival({ open: true, code: reservation.code }),
		onHandled: handled,
	});
	const dayLabel = useDayLabel();
	const canSet = roleAllows(shop.role, RESERVATION_SETTINGS_PERMISSION);
	const expected = reservations.filter((r) => !GONE.has(r.status));
	const covers = expected.reduce((sum, r) => sum + r.party, 0);

	const listBody = list.isPending ? (
		<LoadingState />
	) : list.isError && reservations.length === 0 ? (
		<ErrorState message={errorText(list.error)} onRetry={() => void list.refetch()} />
	) : reservations.length === 0 ? (
		<EmptyState title={rt(scope.scope === "day" ? "list.empty" : "list.emptyUpcoming")} compact />
	) : (
		<div className="res-list" data-testid="res-list">
			{reservations.map((reservation) => (
				<StaffReservationCard
					key={reservation.id}
					reservation={reservation}
					withDate={scope.scope === "upcoming" ? dayLabel(reservation.startsAt, timeZone) : null}
					ringing={ringing.includes(reservation.id)}
					onAction={run}
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

	return (
		<div
			className="merchant res-staff res-page"
			// Browsers count a mouse press or the end of a touch as the tap that allows sound.
			onPointerDown={unlockAlarmSound}
			onPointerUp={unlockAlarmSound}
			data-testid="res-page"
		>
			<AlarmSoundPrompt title={rt("alert.sound")} />
			{ringing.length > 0 && (
				<RingingAlert
					count={ringing.length}
					text={rt("alert.new", { count: ringing.length })}
					ackLabel={rt("alert.ack")}
					onAck={() => alarm.acknowledge()}
					testId="res-alert"
					ackTestId="res-ack"
				/>
			)}
			<div className="res-page__bar">
				<h2 className="res-page__shop">{shop.shopName}</h2>
				<AlarmSoundSwitch />
				<button
					type="button"
					className="button button--small button--primary"
					onClick={() => setArrival({ open: true, code: "" })}
					data-testid="res-open-arrival"
				>
					<ScanIcon width={18} height={18} aria-hidden="true" /> {rt("page.arrive")}
				</button>
				<button
					type="button"
					className="button button--small button--ghost"
					onClick={() => setBooking(true)}
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
			<div className="res-days" role="tablist" aria-label={rt("day.choose")} data-testid="res-days">
				{days.map((day) => {
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
			{reservations.length > 0 && (
				<p className="res-page__count" data-testid="res-count">
					{rt("page.count", { count: expected.length, covers })}
				</p>
			)}
			<div className={`res-page__body${scope.scope === "day" ? " has-grid" : ""}`}>
				<section className="res-page__list" aria-label={rt("page.list")}>
					{listBody}
				</section>
				{scope.scope === "day" && (
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
								now={now}
								ringing={ringing}
								onOpen={(id) => {
									alarm.acknowledge(id);
									setOpenedId(id);
								}}
							/>
						)}
					</section>
				)}
			</div>
			<OpenedBooking
				id={openedId}
				known={reservations}
				onClose={() => setOpenedId(null)}
				onAction={(action, reservation) => {
					setOpenedId(null);
					run(action, reservation);
				}}
			/>
			{dialogs}
			<StaffArrivalSheet
				open={arrival.open}
				shopId={shop.shopId}
				initialCode={arrival.code}
				onClose={() => setArrival({ open: false, code: "" })}
				onArrived={() => refetch()}
			/>
			<StaffBookingSheet
				open={booking}
				shopId={shop.shopId}
				days={days}
				initialDate={date}
				onClose={() => setBooking(false)}
				onBooked={(booked) => {
					setBooking(false);
					const bookedDate = localDateOf(booked.startsAt, timeZone);
					setScope({ scope: "day", date: bookedDate });
					refetch();
					showToast(rt("book.created", { name: booked.name, time: clockTime(booked.startsAt, timeZone) }));
				}}
			/>
		</div>
	);
}

/** Today, tomorrow, then "周三 12月9日", on the shop's calendar, as the customers' day chips read. */
function useDays(today: string): Array<{ date: string; label: string }> {
	const { rt } = useStaffReservationText();
	const calendarDay = useCalendarDay();
	return useMemo(() => {
		return Array.from({ length: DAYS_SHOWN }, (_, offset) => {
			const date = addDays(today, offset);
			const { weekday, day } = calendarDay(date);
			const label = offset === 0 ? rt("day.today") : offset === 1 ? rt("day.tomorrow") : `${weekday} ${day}`;
			return { date, label };
		});
	}, [today, rt, calendarDay]);
}

/** A block tapped on the grid: the booking's card, with its actions, in a sheet. */
function OpenedBooking({
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
