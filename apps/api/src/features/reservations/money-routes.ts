import { ArriveReservationInput, PayReservationInput } from "@bayon/contract";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { AppDeps } from "../../http/deps.js";
import { ok } from "../../http/envelope.js";
import { idempotencyKeyOf } from "../../http/idempotency-key.js";
import { publicOrigin } from "../../http/origin.js";
import { signedIn } from "../../http/request-context.js";
import { arriveReservation } from "./arrival/arrival.js";
import { payReservation } from "./money/payments.js";

/** The money and arrival side of reservations (issue 11, decision 020). */
export async function reservationMoneyRoutes(app: FastifyInstance, deps: AppDeps) {
	const r = app.withTypeProvider<ZodTypeProvider>();

	/** The guest pays what the booking owes (deposit, pre-order paid ahead): balance or a hosted gateway. */
	r.post("/reservation/pay", { schema: { body: PayReservationInput } }, async (request) =>
		ok(
			await payReservation(
				deps,
				signedIn(request),
				request.body,
				idempotencyKeyOf(request),
				publicOrigin(deps, request),
			),
		),
	);

	/** Staff seat an arriving party by its arrival code (typed, or the QR code's text). */
	r.post("/merchant/reservation/arrive", { schema: { body: ArriveReservationInput } }, async (request) =>
		ok(await arriveReservation(deps, signedIn(request), request.body)),
	);
}
