import {
	AssignReservationTablesInput,
	AvailabilityQuery,
	CancelReservationInput,
	ChangePreorderInput,
	CreateReservationInput,
	IDEMPOTENCY_HEADER,
	MerchantReservationListQuery,
	MyReservationListQuery,
	queryIdField,
	ReservationGridQuery,
	ReservationIdQuery,
	StaffCreateReservationInput,
	StaffReservationActionInput,
	UpdateReservableTableInput,
	UpdateReservationSettingsInput,
} from "@bayon/contract";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AppDeps } from "../../http/deps.js";
import { ok } from "../../http/envelope.js";
import { headerValue } from "../../http/language.js";
import { signedIn } from "../../http/request-context.js";
import { getAvailability } from "./booking/availability.js";
import { createReservation } from "./booking/book-table.js";
import {
	cancelOwnReservation,
	changeOwnPreorder,
	getOwnReservation,
	getOwnReservationCalendar,
	listOwnReservations,
	listUpcoming,
} from "./guest/own-bookings.js";
import {
	actOnReservation,
	assignTables,
	createStaffReservation,
	getReservationGrid,
	getShopReservation,
	listShopReservations,
} from "./staff/desk.js";
import { getSettingsPage, saveSettings, updateReservableTable } from "./staff/settings.js";

const SettingsQuery = z.object({ shopId: queryIdField });

/** Table reservations (issue 11, decision 020): the guest's calls and the shop's. */
export async function reservationRoutes(app: FastifyInstance, deps: AppDeps) {
	const r = app.withTypeProvider<ZodTypeProvider>();

	/** Free slots of a day for a party; visitors may ask (the deposit then ignores no-show strikes). */
	r.get(
		"/reservation/availability",
		{ config: { public: true }, schema: { querystring: AvailabilityQuery } },
		async (request) => ok(await getAvailability(deps, request.ctx, request.query)),
	);
	/** Books; the Idempotency-Key header makes a retry (a double click) answer the same booking. */
	r.post("/reservation/create", { schema: { body: CreateReservationInput } }, async (request) =>
		ok(
			await createReservation(deps, signedIn(request), request.body, headerValue(request.headers[IDEMPOTENCY_HEADER])),
		),
	);
	r.get("/reservation/list", { schema: { querystring: MyReservationListQuery } }, async (request) =>
		ok(await listOwnReservations(deps, signedIn(request), request.query)),
	);
	r.get("/reservation/detail", { schema: { querystring: ReservationIdQuery } }, async (request) =>
		ok(await getOwnReservation(deps, signedIn(request), request.query.id)),
	);
	r.get("/reservation/upcoming", async (request) => ok(await listUpcoming(deps, signedIn(request))));
	/** "Add to calendar": the booking as an iCalendar file. */
	r.get("/reservation/ics", { schema: { querystring: ReservationIdQuery } }, async (request, reply) => {
		const file = await getOwnReservationCalendar(deps, signedIn(request), request.query.id);
		return reply
			.header("content-type", "text/calendar; charset=utf-8")
			.header("content-disposition", `attachment; filename="${file.fileName}"`)
			.header("cache-control", "no-store")
			.send(file.body);
	});
	r.post("/reservation/cancel", { schema: { body: CancelReservationInput } }, async (request) =>
		ok(await cancelOwnReservation(deps, signedIn(request), request.body)),
	);
	r.post("/reservation/preorder", { schema: { body: ChangePreorderInput } }, async (request) =>
		ok(await changeOwnPreorder(deps, signedIn(request), request.body)),
	);

	// The shop's staff only; customers are refused without learning whether anything exists.
	r.get("/merchant/reservation/settings", { schema: { querystring: SettingsQuery } }, async (request) =>
		ok(await getSettingsPage(deps, signedIn(request), request.query.shopId)),
	);
	r.post("/merchant/reservation/settings", { schema: { body: UpdateReservationSettingsInput } }, async (request) =>
		ok(await saveSettings(deps, signedIn(request), request.body)),
	);
	r.post("/merchant/reservation/table", { schema: { body: UpdateReservableTableInput } }, async (request) =>
		ok(await updateReservableTable(deps, signedIn(request), request.body)),
	);
	r.get("/merchant/reservation/list", { schema: { querystring: MerchantReservationListQuery } }, async (request) =>
		ok(await listShopReservations(deps, signedIn(request), request.query)),
	);
	r.get("/merchant/reservation/grid", { schema: { querystring: ReservationGridQuery } }, async (request) =>
		ok(await getReservationGrid(deps, signedIn(request), request.query)),
	);
	r.get("/merchant/reservation/detail", { schema: { querystring: ReservationIdQuery } }, async (request) =>
		ok(await getShopReservation(deps, signedIn(request), request.query.id)),
	);
	r.post("/merchant/reservation/action", { schema: { body: StaffReservationActionInput } }, async (request) =>
		ok(await actOnReservation(deps, signedIn(request), request.body)),
	);
	r.post("/merchant/reservation/assign", { schema: { body: AssignReservationTablesInput } }, async (request) =>
		ok(await assignTables(deps, signedIn(request), request.body)),
	);
	/** A staff booking for a caller; an Idempotency-Key header, when sent, makes a retry answer the same booking. */
	r.post("/merchant/reservation/create", { schema: { body: StaffCreateReservationInput } }, async (request) =>
		ok(
			await createStaffReservation(
				deps,
				signedIn(request),
				request.body,
				headerValue(request.headers[IDEMPOTENCY_HEADER]),
			),
		),
	);
}
