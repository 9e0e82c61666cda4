import type { MerchantShopRef, ReservationView } from "@bayon/contract";
import { useInfiniteQuery, useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { useCalendarDay } from "../../../lib/i18n";
import { addDays, clockTime, localDateOf } from "../../../lib/shop-clock";
import { prepareAlarmSound } from "../../../lib/staff/alarm-sound";
import { hideToast, showToast } from "../../../lib/toast";
import { useNow } from "../../../lib/use-now";
import {
	type ListScope,
	reservationGridQuery,
	staffReservationKeys,
	staffReservationListQuery,
	useShopReservationEvents,
} from "../staff-api";
import { useStaffReservationText } from "../staff-strings";
import { bookingsNeedingAttention, noteNewBooking, reservationAlarm, useRingingBookings } from "./staff-alarm";
import { useStaffReservationActions } from "./staff-reservation-actions";

/** The day switcher offers today and this many days after it. */
const DAYS_SHOWN = 14;
/** Statuses that no longer expect the party (not counted in the day's covers). */
const GONE = new Set(["cancelled", "late_cancelled", "rejected", "no_show", "expired"]);

/**
 * The staff's reservations page: the day (or upcoming) shown, its list and grid kept fresh by
 * the shop's events and a one-minute poll, the new-booking alarm, the staff's actions, and
 * which sheet is open (arrival, booking for a caller, a booking tapped on the grid).
 */
export function useStaffReservations({ shop, timeZone }: { shop: MerchantShopRef; timeZone: string }) {
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
	const expected = reservations.filter((r) => !GONE.has(r.status));
	const covers = expected.reduce((sum, r) => sum + r.party, 0);

	const onBooked = (booked: ReservationView) => {
		setBooking(false);
		const bookedDate = localDateOf(booked.startsAt, timeZone);
		setScope({ scope: "day", date: bookedDate });
		refetch();
		showToast(rt("book.created", { name: booked.name, time: clockTime(booked.startsAt, timeZone) }));
	};

	return {
		now,
		scope,
		setScope,
		date,
		days,
		list,
		grid,
		reservations,
		expected,
		covers,
		alarm,
		ringing,
		refetch,
		run,
		dialogs,
		arrival,
		setArrival,
		booking,
		setBooking,
		onBooked,
		openedId,
		setOpenedId,
	};
}

export type StaffReservations = ReturnType<typeof useStaffReservations>;

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
