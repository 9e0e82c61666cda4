import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
	decideAtSandbox,
	expectPaidBackAtSandbox,
	expectPaidOnceBySandbox,
	gatewayPaymentOf,
	ledgerKindsOf,
	loseCallbacksOf,
	recordLog,
	startSandboxPayment,
	storedOrder,
	until,
} from "../../../test/gateway.js";
import { startTestServer, type TestServer } from "../../../test/harness.js";
import { OrderingFixture } from "../../../test/ordering.js";
import { startThrowawayPostgres, type ThrowawayPostgres } from "../../../test/throwaway-postgres.js";
import type { AppDeps } from "../../http/deps.js";
import { expireUnpaidOrders } from "../ordering/lifecycle/expiry.js";
import { CALLBACK_DELAYS_MS } from "./rails/sandbox.js";
import { reconcileGatewayPayments } from "./reconciliation/reconciliation.js";
import { settleGatewayRefundDeliveries } from "./refunds/refunds.js";
import { gateways } from "./registry.js";

/**
 * The database goes away while a payer is at the gateway (decision 005). A database of the
 * test's own is stopped and started under a running server, so only the PostgreSQL project
 * collects this file, and only where PostgreSQL's server binaries are (its name, vitest.config.ts).
 */
describe("a payment approved at the gateway while our database is down", () => {
	let database: ThrowawayPostgres;
	let server: TestServer;
	let fx: OrderingFixture;
	let customer: { accessToken: string };
	let quietLog: AppDeps["log"];
	const COCONUT = "Fresh young coconut";
	const sandbox = () => gateways(server.deps).sandbox;

	beforeAll(async () => {
		const started = await startThrowawayPostgres();
		if (!started)
			throw new Error("no PostgreSQL server binaries under /usr/lib/postgresql (apt-get install postgresql)");
		database = started;
		server = await startTestServer({ databaseUrl: database.url });
		fx = await new OrderingFixture(server).load();
		await fx.setStock(fx.item(COCONUT).id, null);
		quietLog = server.deps.log;
	});
	afterAll(async () => {
		database?.start();
		await server?.close();
		database?.destroy();
	});
	beforeEach(async () => {
		fx.moveClockToLocal("12:00");
		customer = await server.signIn("13800000003");
	});
	afterEach(async () => {
		database.start();
		sandbox().useCallbackSchedule(CALLBACK_DELAYS_MS);
		server.deps.log = quietLog;
		await settleGatewayRefundDeliveries(server.deps);
		await fx.expectLedgerConsistent();
	});

	const start = () => startSandboxPayment(fx, customer.accessToken, COCONUT);
	const missesOf = (log: ReturnType<typeof recordLog>, paymentId: string) =>
		log.filter((line) => line.level === "warn" && line.data.paymentId === paymentId && "attempt" in line.data);
	const gaveUp = (log: ReturnType<typeof recordLog>, paymentId: string) =>
		log.some((line) => line.level === "error" && line.data.paymentId === paymentId);

	it("ends paid by the gateway's retried callback once the database is back, with no page opened", async () => {
		const log = recordLog(server);
		sandbox().useCallbackSchedule([0, 200, 200, 400, 400, 800, 800, 1000, 1000, 1000, 2000, 2000, 2000, 2000]);
		const { order, redirectUrl, paymentId } = await start();

		database.stop();
		await decideAtSandbox(server, redirectUrl, "approve");
		// The gateway keeps trying; its own reads fail too while the database is away.
		await until(async () => missesOf(log, paymentId).length >= 2);
		database.start();

		await until(async () => (await storedOrder(server, order.id)).payment_status === "paid", 20_000);
		await expectPaidOnceBySandbox(server, order.id);
		expect(await gatewayPaymentOf(server, paymentId)).toMatchObject({ status: "succeeded" });
		expect(gaveUp(log, paymentId)).toBe(false);
	});

	it("ends paid through the expiry job when the callback gave up during the outage and the window passed", async () => {
		const log = recordLog(server);
		sandbox().useCallbackSchedule([0, 100, 100]);
		const { order, redirectUrl, paymentId } = await start();

		database.stop();
		await decideAtSandbox(server, redirectUrl, "approve");
		await until(async () => gaveUp(log, paymentId));
		database.start();
		server.clock.advance(16 * 60);

		expect(await expireUnpaidOrders(server.deps)).toBe(0);
		await expectPaidOnceBySandbox(server, order.id);
	});

	it("books and pays back, through the reconciliation job, a payment approved after its order expired", async () => {
		const log = recordLog(server);
		sandbox().useCallbackSchedule([0, 100, 100]);
		const { order, redirectUrl, paymentId } = await start();
		server.clock.advance(16 * 60);
		expect(await expireUnpaidOrders(server.deps)).toBe(1);

		database.stop();
		await decideAtSandbox(server, redirectUrl, "approve");
		await until(async () => gaveUp(log, paymentId));
		database.start();
		server.clock.advance(10 * 60);

		expect(await reconcileGatewayPayments(server.deps)).toEqual({ refunded_late: 1 });
		await settleGatewayRefundDeliveries(server.deps);
		await expectPaidBackAtSandbox(server, order, paymentId);
	});

	it("answers a callback it could not record with non-success, so the gateway sends it again", async () => {
		const { order, redirectUrl, paymentId } = await start();
		await loseCallbacksOf(server, paymentId);
		await decideAtSandbox(server, redirectUrl, "approve");
		const callback = await sandbox().signedCallback(paymentId);
		if (!callback) throw new Error("no callback");
		const send = () =>
			fetch(`${server.url}/pay/notify/sandbox`, {
				method: "POST",
				headers: callback.headers,
				body: callback.body,
			}).then(async (response) => [response.status, await response.text()]);

		database.stop();
		expect(await send()).toEqual([503, "fail"]);
		database.start();
		expect(await send()).toEqual([200, "success"]);

		expect(await storedOrder(server, order.id)).toMatchObject({ status: "new", payment_status: "paid" });
		expect(await ledgerKindsOf(server, order.id)).toEqual(["order_payment"]);
	});
});
