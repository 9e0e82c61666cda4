import {
	type AvailabilityView,
	type CancelReservationInput,
	type ChangePreorderInput,
	type CreateReservationInput,
	IDEMPOTENCY_HEADER,
	type PageResult,
	type PayReservationInput,
	type ReservationPaymentResult,
	type ReservationTab,
	type ReservationView,
	type UpcomingReservations,
} from "@bayon/contract";
import { infiniteQueryOptions, queryOptions, useQueryClient } from "@tanstack/react-query";
import { api, request } from "../../lib/api-client";
import { useLiveUpdates } from "../../lib/live-updates";
import { queryClient } from "../../lib/query-client";
import { isLoggedIn, useAppState } from "../../lib/store";

/** The guest's reservation calls (issue 11, contract reservations.ts). */

export const RESERVATION_PAGE_SIZE = 10;

/** Texts come back in the caller's language: the language is part of each key. */
export const guestReservationKeys = {
	all: ["guestReservations"] as const,
	availability: (shopId: number, date: string, party: number, lang: string) =>
		["guestReservations", "availability", shopId, date, party, lang] as const,
	list: (tab: ReservationTab, lang: string) => ["guestReservations", "list", tab, lang] as const,
	detail: (id: number, lang: string) => ["guestReservations", "detail", id, lang] as const,
	upcoming: (lang: string) => ["guestReservations", "upcoming", lang] as const,
};

/** The free slots for a party on a local day of the shop, with the terms the booking is made under. */
export const availabilityQuery = (shopId: number, date: string, party: number, lang: string) =>
	queryOptions({
		queryKey: guestReservationKeys.availability(shopId, date, party, lang),
		queryFn: () =>
			api.get<AvailabilityView>("/reservation/availability", { shopId, date, party }, { toast: false, login: false }),
		// Slots go as others book: never trust a copy older than a minute.
		staleTime: 0,
		refetchInterval: 60_000,
	});

export const myReservationsQuery = (tab: ReservationTab, lang: string) =>
	infiniteQueryOptions({
		queryKey: guestReservationKeys.list(tab, lang),
		initialPageParam: 1,
		queryFn: ({ pageParam }) =>
			api.get<PageResult<ReservationView>>("/reservation/list", {
				status: tab,
				page: pageParam,
				pageSize: RESERVATION_PAGE_SIZE,
			}),
		getNextPageParam: (last, pages) => {
			const loaded = pages.reduce((sum, page) => sum + page.list.length, 0);
			return loaded < last.total && last.list.length > 0 ? pages.length + 1 : undefined;
		},
		staleTime: 0,
	});

export const reservationDetailQuery = (id: number, lang: string) =>
	queryOptions({
		queryKey: guestReservationKeys.detail(id, lang),
		queryFn: () => api.get<ReservationView>("/reservation/detail", { id }, { toast: false }),
		staleTime: 0,
	});

/** The home and mine tabs' card: only for a signed-in member (visitors have none). */
export const upcomingReservationsQuery = (lang: string) =>
	queryOptions({
		queryKey: guestReservationKeys.upcoming(lang),
		queryFn: () => api.get<UpcomingReservations>("/reservation/upcoming", undefined, { toast: false, login: false }),
		staleTime: 30_000,
	});

/** POST reservation/create with the attempt's idempotency key (a retry of it answers the same booking). */
export function createReservation(input: CreateReservationInput, idempotencyKey: string): Promise<ReservationView> {
	return request<ReservationView>("/reservation/create", {
		method: "POST",
		body: input,
		headers: { [IDEMPOTENCY_HEADER]: idempotencyKey },
		toast: false,
		loading: true,
	});
}

export function payReservation(input: PayReservationInput): Promise<ReservationPaymentResult> {
	return api.post<ReservationPaymentResult>("/reservation/pay", input, { toast: false, loading: true });
}

export function cancelReservation(input: CancelReservationInput): Promise<ReservationView> {
	return api.post<ReservationView>("/reservation/cancel", input, { toast: false, loading: true });
}

export function changePreorder(input: ChangePreorderInput): Promise<ReservationView> {
	return api.post<ReservationView>("/reservation/preorder", input, { toast: false, loading: true });
}

/**
 * "Add to calendar": the booking as an .ics file (the call needs the member's token, so it is
 * fetched and saved rather than opened as a link).
 */
export async function downloadReservationIcs(id: number): Promise<void> {
	const ics = await api.get<Blob>("/reservation/ics", { id }, { file: true, loading: true });
	const blob = ics instanceof Blob ? ics : new Blob([String(ics)], { type: "text/calendar" });
	const url = URL.createObjectURL(blob);
	const link = document.createElement("a");
	link.href = url;
	link.download = `reservation-${id}.ics`;
	document.body.append(link);
	link.click();
	link.remove();
	// Give the browser time to start the download before the URL goes.
	setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/** A fresh idempotency key for one booking attempt (crypto.randomUUID needs a secure context). */
export function newAttemptKey(): string {
	if (typeof crypto !== "undefined" && typeof crypto.randomUUID === "function") return crypto.randomUUID();
	return `${Date.now()}-${Math.random().toString(36).slice(2)}-${Math.random().toString(36).slice(2)}`;
}

/** Something about the member's bookings changed: every reservation query fetches again. */
export function invalidateReservations(): Promise<void> {
	return queryClient.invalidateQueries({ queryKey: guestReservationKeys.all });
}

/** `reservation.changed` as the server sends it to the member who booked. */
export interface ReservationChangedMessage {
	reservationId: number;
	status: string;
	reason: string;
}

/**
 * Keeps the guest's reservation screens live: a `reservation.changed` refetches the lists,
 * the upcoming card and that booking's detail; every (re)connection and server `resync`
 * refetches them all (events may have been missed meanwhile).
 */
export function useLiveReservations(
	onChanged?: (change: ReservationChangedMessage) => void,
	/** False keeps the socket closed (a card with nothing to keep live). */
	enabled = true,
): void {
	const client = useQueryClient();
	const signedIn = useAppState(isLoggedIn);
	useLiveUpdates(
		(message) => {
			if (message.type !== "reservation.changed" || !message.data) return;
			const change = message.data as ReservationChangedMessage;
			void client.invalidateQueries({ queryKey: ["guestReservations", "list"] });
			void client.invalidateQueries({ queryKey: ["guestReservations", "upcoming"] });
			void client.invalidateQueries({
				predicate: (query) =>
					query.queryKey[0] === guestReservationKeys.all[0] &&
					query.queryKey[1] === "detail" &&
					query.queryKey[2] === change.reservationId,
			});
			onChanged?.(change);
		},
		() => void client.invalidateQueries({ queryKey: guestReservationKeys.all }),
		signedIn && enabled,
	);
}
