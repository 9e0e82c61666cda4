import { type ReservationOccasion, type ReservationView, StaffCreateReservationInput } from "@bayon/contract";
import { useQuery } from "@tanstack/react-query";
import { useEffect, useMemo, useState } from "react";
import { ApiError, errorText } from "../../../../lib/api-client";
import { isMessageKey } from "../../../../lib/i18n/messages";
import { serverFieldErrors } from "../../settings/staff-settings-form";
import { createStaffReservation, newIdempotencyKey, reservationGridQuery, staffSlotsQuery } from "../../staff-api";
import { useStaffReservationText } from "../../staff-strings";
import { busyTableIds } from "../staff-table-picker";
import { slotTimes } from "./booking-slots";

/** Without the party's turn time (the availability call failed), tables are checked for this long. */
const FALLBACK_STAY_MINUTES = 90;

export interface Draft {
	name: string;
	phone: string;
	party: number;
	date: string;
	startsAt: string | null;
	tableIds: number[];
	occasion: ReservationOccasion | null;
	note: string;
}

const emptyDraft = (date: string): Draft => ({
	name: "",
	phone: "",
	party: 2,
	date,
	startsAt: null,
	tableIds: [],
	occasion: null,
	note: "",
});

/**
 * The caller's booking: the draft (fresh each time the sheet opens), the day's slots and busy
 * tables, the contract's checks shown once the staff tried, the server's answers per field,
 * and one idempotency key per attempt.
 */
export function useStaffBookingSheet({
	open,
	shopId,
	initialDate,
	onBooked,
}: {
	open: boolean;
	shopId: number;
	initialDate: string;
	onBooked: (reservation: ReservationView) => void;
}) {
	const { m } = useStaffReservationText();
	const [draft, setDraft] = useState<Draft>(() => emptyDraft(initialDate));
	const [attemptKey, setAttemptKey] = useState(newIdempotencyKey);
	const [showErrors, setShowErrors] = useState(false);
	const [serverErrors, setServerErrors] = useState<Map<string, string>>(new Map());
	const [failure, setFailure] = useState<string | null>(null);
	const [sending, setSending] = useState(false);

	useEffect(() => {
		if (!open) return;
		setDraft(emptyDraft(initialDate));
		setAttemptKey(newIdempotencyKey());
		setShowErrors(false);
		setServerErrors(new Map());
		setFailure(null);
	}, [open, initialDate]);

	const grid = useQuery({ ...reservationGridQuery(shopId, draft.date), enabled: open });
	const stay = useQuery({ ...staffSlotsQuery(shopId, draft.date, draft.party), enabled: open });
	const stayMinutes = stay.data?.stayMinutes ?? FALLBACK_STAY_MINUTES;
	// Slots whose whole stay fits before the window closes, and not already past.
	const slots = useMemo(() => {
		if (!grid.data) return [];
		const now = Date.now();
		return slotTimes(grid.data.windows, grid.data.slotMinutes, grid.data.shopTimeZone, stayMinutes).filter(
			(slot) => Date.parse(slot.startsAt) >= now,
		);
	}, [grid.data, stayMinutes]);
	const busy = useMemo(() => {
		if (!grid.data || !draft.startsAt) return new Set<number>();
		const from = Date.parse(draft.startsAt);
		return busyTableIds(grid.data, from, from + stayMinutes * 60_000, null);
	}, [grid.data, draft.startsAt, stayMinutes]);

	const input = {
		shopId,
		startsAt: draft.startsAt ?? "",
		party: draft.party,
		name: draft.name,
		phone: draft.phone.trim(),
		occasion: draft.occasion,
		note: draft.note,
		...(draft.tableIds.length > 0 ? { tableIds: draft.tableIds } : {}),
	};
	const parsed = StaffCreateReservationInput.safeParse(input);
	const clientErrors = new Map<string, string>();
	for (const issue of parsed.success ? [] : parsed.error.issues) {
		const path = String(issue.path[0] ?? "");
		if (!clientErrors.has(path))
			clientErrors.set(path, m(isMessageKey(issue.message) ? issue.message : "fieldInvalid", { field: "" }));
	}
	const errorOf = (field: string) => serverErrors.get(field) ?? (showErrors ? clientErrors.get(field) : undefined);
	const change = (patch: Partial<Draft>) => {
		setDraft((current) => ({ ...current, ...patch }));
		setServerErrors(new Map());
		setFailure(null);
	};

	const submit = async () => {
		setShowErrors(true);
		if (!parsed.success) return;
		setSending(true);
		try {
			const booked = await createStaffReservation(parsed.data, attemptKey);
			onBooked(booked);
		} catch (error) {
			setServerErrors(error instanceof ApiError ? serverFieldErrors(error.data) : new Map());
			setFailure(errorText(error));
			// A refusal ends this attempt: the next tap is a new booking.
			setAttemptKey(newIdempotencyKey());
			void grid.refetch();
		} finally {
			setSending(false);
		}
	};

	const timeZone = grid.data?.shopTimeZone ?? "UTC";
	return { draft, change, errorOf, grid, slots, busy, failure, sending, submit, timeZone };
}

export type StaffBookingSheetState = ReturnType<typeof useStaffBookingSheet>;
