import { ErrorCode, type MemberInfo, type PaymentResult } from "@bayon/contract";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../../../../test/harness.js";
import { OrderingFixture } from "../../../../test/ordering.js";

// Fault injection needs a real server: PGlite has no other sessions to block or kill.
describe("a payment killed in the middle of its transaction", () => {
	let server: TestServer;
	let fx: OrderingFixture;
	let blocker: pg.Client;
	let admin: pg.Client;

	beforeAll(async () => {
		server = await startTestServer();
		fx = await new OrderingFixture(server).load();
		blocker = new pg.Client({ connectionString: server.deps.database.url });
		admin = new pg.Client({ connectionString: server.deps.database.url });
		await blocker.connect();
		await admin.connect();
	});
	afterAll(async () => {
		await blocker?.end();
		await admin?.end();
		await server?.close();
	});

	it("leaves nothing half-done, and the retry charges exactly once", async () => {
		fx.moveClockToLocal("12:00");
		const customer = await server.signIn("13800000003");
		const balanceOf = async () =>
			(await server.call<MemberInfo>("GET", "/app-api/member/user/get-info", { token: customer.accessToken })).data
				.balance;
		const before = await balanceOf();
		const order = (await fx.place(customer.accessToken, { lines: [fx.line("Fresh young coconut")] })).data;
		// Warm the shop's revenue account up, then hold its row: the payment will stop right
		// after writing its ledger transaction, waiting for this lock.
		await fx.paidOrder(customer.accessToken, "Fresh young coconut");
		const afterFirst = await balanceOf();
		await blocker.query("BEGIN");
		await blocker.query("SELECT id FROM ledger_account WHERE kind = 'shop_revenue' FOR UPDATE");

		const paying = fetch(`${server.url}/app-api/order/pay`, {
			method: "POST",
			headers: {
				"content-type": "application/json",
				"tenant-id": "1",
				authorization: `Bearer ${customer.accessToken}`,
			},
			body: JSON.stringify({ orderId: order.id, payMethod: "balance" }),
		});
		const victim = await waitForBlockedBackend(admin);
		await admin.query("SELECT pg_terminate_backend($1)", [victim]);
		const killed = await paying;
		await blocker.query("ROLLBACK");

		// The session was ended under the payment (57P01): the client is told to try again shortly
		// (503, issue 27), and nothing of the payment remains.
		expect(killed.status).toBe(503);
		expect(((await killed.json()) as { code: number }).code).toBe(ErrorCode.ServiceUnavailable);
		expect(await balanceOf()).toBe(afterFirst);
		const txns = await server.deps.db.selectFrom("ledger_txn").select("id").where("order_id", "=", order.id).execute();
		expect(txns).toEqual([]);

		const retry = await fx.pay(customer.accessToken, order.id);
		const again = await fx.pay(customer.accessToken, order.id);

		expect(retry.data).toMatchObject({ paymentStatus: "paid" } satisfies Partial<PaymentResult>);
		expect(again.data.balance).toBe(retry.data.balance);
		expect(await balanceOf()).toBe(before - 2 * order.total);
		await fx.expectLedgerConsistent();
	});
});

/** The server connection that is waiting for our lock. */
async function waitForBlockedBackend(admin: pg.Client): Promise<number> {
	for (let attempt = 0; attempt < 100; attempt++) {
		const { rows } = await admin.query<{ pid: number }>(
			"SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock' AND pid <> pg_backend_pid()",
		);
		if (rows[0]) return rows[0].pid;
		await new Promise((resolve) => setTimeout(resolve, 50));
	}
	throw new Error("the payment never blocked on the lock");
}
