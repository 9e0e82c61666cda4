import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { MovableClock } from "../lib/clock.js";
import { ok } from "./envelope.js";

const YEAR_SECONDS = 366 * 24 * 3600;
const AdvanceClockInput = z.object({
	/** Negative moves it back: a browser test puts the clock back where it was for the tests after it. */
	seconds: z
		.number()
		.int()
		.min(-YEAR_SECONDS)
		.max(YEAR_SECONDS)
		.refine((seconds) => seconds !== 0),
});

/**
 * `GET /app-api/test/clock` → `{ now }`: the server's time, for a browser page to run its clock
 * from (e2e/support/browser.ts). FAKE_NOW only says where the clock stood when the server
 * started (after its migrations and seed, seconds after the test run chose it), and another test
 * file may have moved it since: only the server knows what its clock says now.
 *
 * `POST /app-api/test/clock/advance` `{ seconds }` → `{ now }`: for browser tests only. Both exist
 * only when the server runs on a fake clock (FAKE_NOW, which the configuration refuses in
 * production); otherwise the path is unknown (not found). It moves the server's clock (forward, or
 * back by a negative amount: one server serves every browser test file, so a test that moved
 * it puts it back) and then runs `afterMove` once: the composition root passes the earnings
 * settlement, so a test sees a hold pass (decision 023) without waiting for the job's next round.
 * Other jobs keep their own rounds. The answer is the server's new time, for the test to know how
 * far ahead of the real clock it runs.
 */
export async function testClockRoutes(app: FastifyInstance, clock: MovableClock, afterMove: () => Promise<unknown>) {
	app.get("/test/clock", { config: { public: true } }, async () => ok({ now: clock.now().toISOString() }));
	app.withTypeProvider<ZodTypeProvider>().post(
		"/test/clock/advance",
		// No sign-in: the test drives time, not a member (and the route exists on test servers only).
		{ config: { public: true }, schema: { body: AdvanceClockInput } },
		async (request) => {
			clock.advance(request.body.seconds);
			await afterMove();
			return ok({ now: clock.now().toISOString() });
		},
	);
}
