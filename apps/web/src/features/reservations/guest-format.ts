import type { ReservationStatus } from "@bayon/contract";
import { useCallback } from "react";
import { formatDate, formatDateTime, formatTimeInZone } from "../../lib/format";
import { useDateLabels } from "../../lib/i18n";
import { bookingDays, dayParts, todayIn } from "./guest-booking";
import { useGuestText } from "./guest-strings";

/**
 * A booking's times as the shop's clock shows them, in the reader's language: "2026年11月24日
 * 周二 19:15", "Nov 24, 2026 Tue 19:15", "24 វិច្ឆិកា 2026 អង្គារ 19:15".
 */
export function useReservationTime() {
	const { gt, lang } = useGuestText();
	const labels = useDateLabels();
	const weekdays = gt("weekdays");
	/** The local day and its weekday (today and tomorrow by name), without the time. */
	const day = useCallback(
		(iso: string, timeZone: string) => {
			const date = todayIn(timeZone, new Date(iso));
			const today = todayIn(timeZone);
			if (date === today) return gt("today");
			if (date === bookingDays(today, date, 2)[1]) return gt("tomorrow");
			const { weekday, day: dayOfMonth, month } = dayParts(date);
			const calendar = formatDate(new Date(Number(date.slice(0, 4)), month - 1, dayOfMonth), lang, labels);
			return `${calendar} ${weekdays.split(",")[weekday] ?? ""}`.trim();
		},
		[lang, labels, weekdays, gt],
	);
	const time = useCallback((iso: string, timeZone: string) => formatTimeInZone(iso, timeZone)?.time ?? "", []);
	const when = useCallback(
		(iso: string, timeZone: string) => `${day(iso, timeZone)} ${time(iso, timeZone)}`,
		[day, time],
	);
	const range = useCallback(
		(start: string, end: string, timeZone: string) => `${when(start, timeZone)}–${time(end, timeZone)}`,
		[when, time],
	);
	const at = useCallback(
		(iso: string, timeZone: string) => formatDateTime(iso, lang, labels, timeZone),
		[lang, labels],
	);
	return { day, time, when, range, at };
}

/** How a status is drawn: waiting on someone, needing the guest, done well, or ended. */
export function statusTone(status: ReservationStatus): "waiting" | "attention" | "done" | "ended" {
	switch (status) {
		case "awaiting_payment":
			return "attention";
		case "pending":
		case "confirmed":
			return "waiting";
		case "seated":
		case "completed":
			return "done";
		default:
			return "ended";
	}
}
