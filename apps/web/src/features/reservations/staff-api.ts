import type {
	ArrivalResult,
	ArriveReservationInput,
	AssignReservationTablesInput,
	AvailabilityView,
	PageResult,
	ReservableTableView,
	ReservationGridView,
	ReservationSettingsPage,
	ReservationView,
	StaffCreateReservationInput,
	StaffReservationActionInput,
	UpdateReservableTableInput,
	UpdateReservationSettingsInput,
} from "@bayon/contract";
import { infiniteQueryOptions, queryOptions } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { api } from "../../lib/api-client";
import { liveClient } from "../../lib/live-updates";
import type { WsMessage } from "../../lib/ws-client";

/**
 * The merchant's reservation calls (issue 11, contract reservations.ts). Staff of the shop
 * only; the server refuses everyone else. Errors come back in the caller's language and are
 * shown by the screens (no toast here), so an answer such as "the booking changed" can
 * refetch instead.
 */

/** Written out rather than imported: the contract's value exports would pull zod into this chunk. */
const IDEMPOTENCY_HEADER = "idempotency-key";
/** The server's page size limit (contract Limits.pageSizeMax): a busy day fits in one page. */
export const STAFF_RESERVATION_PAGE_SIZE = 50;

export type ListScope = { scope: "day"; date: string } | { scope: "upcoming" };

export const staffReservationKeys = {
	all: ["staffReservations"] as const,
	list: (shopId: number, scope: ListScope, lang: string) =>
		["staffReservations", "list", shopId, scope.scope === "day" ? scope.date : "upcoming", lang] as const,
	grid: (shopId: number, date: string) => ["staffReservations", "grid", shopId, date] as const,
	detail: (id: number, lang: string) => ["staffReservations", "detail", id, lang] as const,
	settings: (shopId: number) => ["staffReservations", "settings", shopId] as const,
	slots: (shopId: number, date: string, party: number) => ["staffReservations", "slots", shopId, date, party] as const,
};

/** One local day of the shop, or everything from today on; pages of the server's largest size. */
export const staffReservationListQuery = (shopId: number, scope: ListScope, lang: string) =>
	infiniteQueryOptions({
		queryKey: staffReservationKeys.list(shopId, scope, lang),
		initialPageParam: 1,
		queryFn: ({ pageParam }) =>
			api.get<PageResult<ReservationView>>(
				"/merchant/reservation/list",
				{
					shopId,
					scope: scope.scope,
					...(scope.scope === "day" ? { date: scope.date } : {}),
					page: pageParam,
					pageSize: STAFF_RESERVATION_PAGE_SIZE,
				},
				{ toast: false },
			),
		getNextPageParam: (last, pages) => {
			const loaded = pages.reduce((sum, page) => sum + page.list.length, 0);
			return loaded < last.total && last.list.length > 0 ? pages.length + 1 : undefined;
		},
	});

export const reservationGridQuery = (shopId: number, date: string) =>
	queryOptions({
		queryKey: staffReservationKeys.grid(shopId, date),
		queryFn: () => api.get<ReservationGridView>("/merchant/reservation/grid", { shopId, date }, { toast: false }),
	});

export const staffReservationDetailQuery = (id: number, lang: string) =>
	queryOptions({
		queryKey: staffReservationKeys.detail(id, lang),
		queryFn: () => api.get<ReservationView>("/merchant/reservation/detail", { id }, { toast: false }),
	});

export const reservationSettingsQuery = (shopId: number) =>
	queryOptions({
		queryKey: staffReservationKeys.settings(shopId),
		queryFn: () => api.get<ReservationSettingsPage>("/merchant/reservation/settings", { shopId }, { toast: false }),
	});

/** The free slots for a party (the guest's rule set); the staff form marks them among the day's slots. */
export const staffSlotsQuery = (shopId: number, date: string, party: number) =>
	queryOptions({
		queryKey: staffReservationKeys.slots(shopId, date, party),
		queryFn: () =>
			api.get<AvailabilityView>("/reservation/availability", { shopId, date, party }, { toast: false, login: false }),
		staleTime: 0,
	});

export function saveReservationSettings(input: UpdateReservationSettingsInput): Promise<ReservationSettingsPage> {
	return api.post<ReservationSettingsPage>("/merchant/reservation/settings", input, { toast: false, loading: true });
}

export function saveReservableTable(input: UpdateReservableTableInput): Promise<ReservableTableView> {
	return api.post<ReservableTableView>("/merchant/reservation/table", input, { toast: false });
}

export function actOnReservation(input: StaffReservationActionInput): Promise<ReservationView> {
	return api.post<ReservationView>("/merchant/reservation/action", input, { toast: false, loading: true });
}

export function assignReservationTables(input: AssignReservationTablesInput): Promise<ReservationView> {
	return api.post<ReservationView>("/merchant/reservation/assign", input, { toast: false, loading: true });
}

/** POST merchant/reservation/create; the same key on a retry answers the same booking. */
export function createStaffReservation(
	input: StaffCreateReservationInput,
	idempotencyKey: string,
): Promise<ReservationView> {
	return api.post<ReservationView>("/merchant/reservation/create", input, {
		toast: false,
		loading: true,
		headers: { [IDEMPOTENCY_HEADER]: idempotencyKey },
	});
}

export function arriveReservation(input: ArriveReservationInput): Promise<ArrivalResult> {
	return api.post<ArrivalResult>("/merchant/reservation/arrive", input, { toast: false, loading: true });
}

/** The `reservation.changed` event's data as the server sends it to the shop's staff. */
export interface ReservationChanged {
	shopId: number;
	reservationId: number;
	status: string;
	/** Why: "created" for a new booking, otherwise the step taken. */
	reason: string;
}

export function reservationChangeOf(message: WsMessage): ReservationChanged | null {
	if (message.type !== "reservation.changed" || !message.data || typeof message.data !== "object") return null;
	const data = message.data as Partial<ReservationChanged>;
	return typeof data.reservationId === "number" && typeof data.shopId === "number"
		? (data as ReservationChanged)
		: null;
}

/**
 * Calls `onChange` for every change of this shop's bookings, and `onResync` whenever events
 * may have been missed (each (re)connection, each server `resync`), so the page refetches.
 */
export function useShopReservationEvents(
	shopId: number,
	onChange: (event: ReservationChanged) => void,
	onResync: () => void,
): void {
	const handlers = useRef({ onChange, onResync });
	handlers.current = { onChange, onResync };
	useEffect(
		() =>
			liveClient.subscribe(
				(message) => {
					const event = reservationChangeOf(message);
					if (event && event.shopId === shopId) handlers.current.onChange(event);
				},
				() => handlers.current.onResync(),
			),
		[shopId],
	);
}

export function newIdempotencyKey(): string {
	return typeof crypto !== "undefined" && typeof crypto.randomUUID === "function"
		? crypto.randomUUID()
		: `${Date.now()}-${Math.random().toString(36).slice(2)}-${Math.random().toString(36).slice(2)}`;
}
