import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FakeBakong } from "../../../../test/fakes/bakong.js";
import type { TestServer } from "../../../../test/harness.js";
import { checkPayment, qrOf, startKhqrOrder, startKhqrServer, storedPayment } from "../../../../test/khqr.js";
import { OrderingFixture } from "../../../../test/ordering.js";
import { reconcileRailStatements } from "./job.js";

/**
 * The daily reconciliation end to end through a real rail (issue 29 item 8): KHQR, set up as the
 * operator would, against a local Bakong (test/fakes/bakong.ts) over HTTP; its statement of a day
 * is Bakong's answers about that day's codes. Payments are made and paid as customers do.
 */
let server: TestServer;
let bakong: FakeBakong;
let fx: OrderingFixture;
let customer: { accessToken: string; userId: number };
const COCONUT = "Fresh young coconut";

beforeAll(async () => {
	({ server, bakong } = await startKhqrServer());
	fx = await new OrderingFixture(server).load();
	await fx.setStock(fx.item(COCONUT).id, null);
	fx.moveClockToLocal("12:00");
	customer = await server.signIn("13800000003");
});

afterAll(async () => {
	await server?.close();
	await bakong?.close();
});

/** A KHQR order paid at Bakong and found paid by the checkout page's question; its md5 at Bakong. */
async function paidByKhqr(): Promise<{ paymentId: string; md5: string }> {
	const { paymentId } = await startKhqrOrder(server, fx, customer.accessToken, COCONUT);
	bakong.scanAndPay(await qrOf(server, customer.accessToken, paymentId));
	expect(await checkPayment(server, customer.accessToken, paymentId)).toMatchObject({ status: "succeeded" });
	return { paymentId, md5: (await storedPayment(server, paymentId)).rail_ref as string };
}

describe("reconciling KHQR against Bakong", () => {
	it("flags ours that Bakong does not know and Bakong's other amount, the next morning, once", async () => {
		const fine = await paidByKhqr();
		const forgotten = await paidByKhqr();
		const otherAmount = await paidByKhqr();
		// Bakong loses one transaction and states another at $99.
		bakong.paid.delete(forgotten.md5);
		const changed = bakong.paid.get(otherAmount.md5);
		if (!changed) throw new Error("Bakong has no transaction for the code");
		changed.amount = 99;

		const created = new Date((await storedPayment(server, fine.paymentId)).created_at);
		const day = new Date(created.getTime() + 7 * 3600_000).toISOString().slice(0, 10);
		const nextDay = new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
		// 02:00 in Phnom Penh the next day: the day is over, Bakong's answers are final.
		const morning = new Date(`${nextDay}T02:00:00+07:00`);

		// Every day since KHQR was set up; only the payments' day has any.
		const tally = await reconcileRailStatements(server.deps, { now: morning });
		expect(tally).toMatchObject({ failed: 0, differences: 2 });
		const flags = await server.deps.db
			.selectFrom("payment_discrepancy")
			.select(["kind", "rail", "payment_id", "statement_date", "our_amount", "rail_amount"])
			.where("statement_date", "is not", null)
			.orderBy("id")
			.execute();
		const ours = Number((await storedPayment(server, otherAmount.paymentId)).rail_amount);
		expect(flags).toEqual([
			{
				kind: "amount_differs",
				rail: "khqr",
				payment_id: otherAmount.paymentId,
				statement_date: day,
				our_amount: ours,
				rail_amount: 9900,
			},
			{
				kind: "missing_at_rail",
				rail: "khqr",
				payment_id: forgotten.paymentId,
				statement_date: day,
				our_amount: Number((await storedPayment(server, forgotten.paymentId)).rail_amount),
				rail_amount: null,
			},
		]);
		const run = await server.deps.db
			.selectFrom("payment_statement_run")
			.selectAll()
			.where("rail", "=", "khqr")
			.where("statement_date", "=", day)
			.executeTakeFirstOrThrow();
		expect(run).toMatchObject({ statement_date: day, status: "done", our_count: 3, rail_count: 2, differences: 2 });

		// Again: the day is done, Bakong is not asked.
		const asked = bakong.calls.length;
		expect(await reconcileRailStatements(server.deps, { now: morning })).toEqual({
			done: 0,
			failed: 0,
			differences: 0,
		});
		expect(bakong.calls.length).toBe(asked);
	});

	it("keeps the run failed with Bakong's error while it is down, and reconciles it when it answers again", async () => {
		const created = new Date(
			(
				await server.deps.db
					.selectFrom("payment")
					.select("created_at")
					.where("provider", "=", "khqr")
					.executeTakeFirstOrThrow()
			).created_at,
		);
		const day = new Date(created.getTime() + 7 * 3600_000).toISOString().slice(0, 10);
		const nextDay = new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
		const morning = new Date(`${nextDay}T02:00:00+07:00`);
		await server.deps.db.deleteFrom("payment_statement_run").where("statement_date", "=", day).execute();
		bakong.failing = true;
		try {
			expect(await reconcileRailStatements(server.deps, { now: morning })).toEqual({
				done: 0,
				failed: 1,
				differences: 0,
			});
		} finally {
			bakong.failing = false;
		}
		const failed = await server.deps.db
			.selectFrom("payment_statement_run")
			.selectAll()
			.where("statement_date", "=", day)
			.executeTakeFirstOrThrow();
		expect(failed.status).toBe("failed");
		expect(failed.last_error).toMatch(/502|unavailable|Bakong/i);
		const later = new Date(morning.getTime() + 31 * 60_000);
		server.clock.set(later);
		expect(await reconcileRailStatements(server.deps, { now: later })).toEqual({ done: 1, failed: 0, differences: 2 });
		// The two differences were flagged by the first run already: still two.
		expect(
			await server.deps.db
				.selectFrom("payment_discrepancy")
				.select("id")
				.where("statement_date", "is not", null)
				.execute(),
		).toHaveLength(2);
	});
});
