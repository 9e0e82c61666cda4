import { ErrorCode, type ReservationView, type ValidationIssue } from "@bayon/contract";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { useNavigate } from "react-router";
import { ApiError, errorText } from "../../../lib/api-client";
import { Paths, withQuery } from "../../../lib/paths";
import type { CartLine } from "../../../lib/store";
import { showToast } from "../../../lib/toast";
import { useDebouncedSubmit } from "../../../lib/use-debounced-submit";
import { availabilityQuery, createReservation, invalidateReservations, newAttemptKey } from "../guest-api";
import { type BookingDraft, type BookingField, FIELD_ORDER, todayIn, validateBooking } from "../guest-booking";
import { useGuestText } from "../guest-strings";

/** Party size asked for the day's terms before the guest has said how many they are. */
const TERMS_PARTY = 2;
/** Booking errors after which the free slots are fetched again (the slot list was out of date). */
const SLOT_ERRORS: ReadonlySet<number> = new Set([
	ErrorCode.ReservationSlotTaken,
	ErrorCode.ReservationOutsideHours,
	ErrorCode.ReservationTooSoon,
	ErrorCode.ReservationTooFar,
	ErrorCode.PartyTooLarge,
]);

export type FieldErrors = Partial<Record<BookingField, string>>;

/**
 * The booking form's draft and its day, the free slots the server answers for them (a chosen
 * slot no longer free is unchosen), the pre-order, one attempt key per try, and the booking.
 */
export function useBookingForm({
	shopId,
	initialTimeZone,
	name,
	phone,
}: {
	shopId: number;
	initialTimeZone: string | null;
	name: string;
	phone: string;
}) {
	const { gt, m, lang } = useGuestText();
	const navigate = useNavigate();
	const [date, setDate] = useState(() => todayIn(initialTimeZone ?? Intl.DateTimeFormat().resolvedOptions().timeZone));
	const [draft, setDraft] = useState<BookingDraft>({
		shopId,
		startsAt: null,
		party: null,
		name: name.slice(0, 30),
		phone,
		occasion: null,
		areaPreference: null,
		otherAreaAccepted: false,
		note: "",
		preorder: [],
		preorderPay: "atTable",
		agreed: false,
	});
	const [preorderLines, setPreorderLines] = useState<CartLine[]>([]);
	const [errors, setErrors] = useState<FieldErrors>({});
	const [preorderOpen, setPreorderOpen] = useState(false);
	const [booked, setBooked] = useState<ReservationView | null>(null);
	// One key per attempt: a double tap or a retry of the same form answers the same booking;
	// any change to the form is a new attempt.
	const attemptKey = useRef(newAttemptKey());
	const availability = useQuery({
		...availabilityQuery(shopId, date, draft.party ?? TERMS_PARTY, lang),
		placeholderData: keepPreviousData,
	});
	const view = availability.data;

	// The day must lie in the booking window the server states: snap to its first day otherwise.
	useEffect(() => {
		if (!view || availability.isPlaceholderData) return;
		if (date < view.terms.firstDate || date > view.terms.lastDate) setDate(view.terms.firstDate);
	}, [view, date, availability.isPlaceholderData]);

	// A chosen slot that is no longer free (taken meanwhile, or another day or party) is unchosen.
	const slotStillFree =
		draft.startsAt === null ||
		availability.isPlaceholderData ||
		!view ||
		view.slots.some((slot) => slot.startsAt === draft.startsAt);
	useEffect(() => {
		if (!slotStillFree) setDraft((current) => ({ ...current, startsAt: null }));
	}, [slotStillFree]);

	// The preferred area has no free table at the chosen time: the guest is told before booking.
	const chosenSlot = view?.slots.find((slot) => slot.startsAt === draft.startsAt);
	const areaUnavailable =
		draft.areaPreference !== null && chosenSlot !== undefined && !chosenSlot.freeAreas.includes(draft.areaPreference);

	const change = (patch: Partial<BookingDraft>, field?: BookingField) => {
		attemptKey.current = newAttemptKey();
		setDraft((current) => ({ ...current, ...patch }));
		if (field) setErrors((current) => ({ ...current, [field]: undefined }));
	};
	const changeDate = (next: string) => {
		setDate(next);
		change({ startsAt: null });
	};
	const changePreorder = (lines: CartLine[]) => {
		setPreorderLines(lines);
		change({ preorder: lines }, "preorder");
	};

	const [submit, submitting] = useDebouncedSubmit(async () => {
		const checked = validateBooking(draft);
		if (!checked.ok) {
			const shown: FieldErrors = {};
			for (const [field, key] of Object.entries(checked.problems)) shown[field as BookingField] = m(key);
			setErrors(shown);
			scrollToFirst(shown);
			return;
		}
		let reservation: ReservationView;
		try {
			reservation = await createReservation(checked.input, attemptKey.current);
		} catch (error) {
			if (error instanceof ApiError) {
				// Refused: nothing was booked, so the next try is a new attempt.
				attemptKey.current = newAttemptKey();
				const fromServer = serverFieldErrors(error.data);
				// The preferred area filled meanwhile: the slot list, fetched again, shows the notice.
				if (error.code === ErrorCode.ReservationAreaTaken) void availability.refetch();
				if (SLOT_ERRORS.has(error.code)) {
					void availability.refetch();
					const message = error.code === ErrorCode.ReservationSlotTaken ? gt("book.slotTaken") : error.msg;
					setDraft((current) => ({ ...current, startsAt: null }));
					fromServer.startsAt = message;
				}
				if (Object.keys(fromServer).length > 0) {
					setErrors(fromServer);
					scrollToFirst(fromServer);
				}
			}
			showToast(errorText(error));
			return;
		}
		void invalidateReservations();
		if (reservation.amountDue > 0) setBooked(reservation);
		else navigate(withQuery(Paths.dueDetail, { id: reservation.id }), { replace: true });
	});

	const toDetail = (reservation: ReservationView) =>
		navigate(withQuery(Paths.dueDetail, { id: reservation.id }), { replace: true });

	return {
		date,
		draft,
		errors,
		availability,
		view,
		areaUnavailable,
		change,
		changeDate,
		preorderLines,
		changePreorder,
		preorderOpen,
		setPreorderOpen,
		booked,
		toDetail,
		submit,
		submitting,
	};
}

export type BookingForm = ReturnType<typeof useBookingForm>;

/** The server's per-field answers (a 400 whose data carries the contract's issues), at the form's fields. */
export function serverFieldErrors(data: unknown): FieldErrors {
	const errors: FieldErrors = {};
	const issues = (data as { issues?: unknown } | null)?.issues;
	if (!Array.isArray(issues)) return errors;
	for (const issue of issues as Partial<ValidationIssue>[]) {
		const name = String(issue?.field ?? "").split(".")[0] ?? "";
		const field = (FIELD_ORDER as readonly string[]).includes(name) ? (name as BookingField) : null;
		if (field && !errors[field] && typeof issue.message === "string") errors[field] = issue.message;
	}
	return errors;
}

function scrollToFirst(errors: FieldErrors) {
	const first = FIELD_ORDER.find((field) => errors[field]);
	if (first) document.getElementById(`field-${first}`)?.scrollIntoView?.({ block: "center", behavior: "smooth" });
}
