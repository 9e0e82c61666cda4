import type { OrderView } from "@bayon/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../../../../test/harness.js";
import { expectLedgerInvariants } from "../../../../test/ledger-invariants.js";
import { OrderingFixture } from "../../../../test/ordering.js";
import { grantBalance, walletBalance } from "../../../../test/wallet-ledger.js";
import { settleDueEarnings } from "./settlement.js";

const ORDERS = 8;
type Session = { accessToken: string; userId: number };

/**
 * Refunds racing the settlement job (truly parallel on PostgreSQL; PGlite runs them one after
 * another, which must end the same way): each earning's row lock makes it end one way only,
 * either refunded out of pending before it settled, or settled and then refunded out of
 * available with its commission given back; never both, never neither.
 */
describe("refunds racing the settlement job", () => {
	let server: TestServer;
	let fx: OrderingFixture;
	let customer: Session;
	let owner: Session;

	beforeAll(async () => {
		server = await startTestServer();
		fx = await new OrderingFixture(server).load();
		fx.moveClockToLocal("10:00");
		await server.deps.db.updateTable("tenant").set({ commission_bps: 1000 }).where("id", "=", 1).execute();
		customer = await server.signIn("13900000711");
		await grantBalance(server, customer.userId, 1_000_000);
	}, 60_000);
	afterAll(async () => {
		await server?.close();
	});

	async function money() {
		const rows = await server.deps.db
			.selectFrom("ledger_account")
			.select(["kind", "balance"])
			.where("tenant_id", "=", 1)
			.where((eb) =>
				eb.or([
					eb.and([eb("shop_id", "=", 1), eb("kind", "in", ["shop_revenue", "shop_available"])]),
					eb("kind", "=", "platform_commission"),
				]),
			)
			.execute();
		const of = (kind: string) => rows.find((row) => row.kind === kind)?.balance ?? 0;
		return { pending: of("shop_revenue"), available: of("shop_available"), commission: of("platform_commission") };
	}

	it("each order's earning ends either refunded from pending or settled then refunded, and the books add up", async () => {
		owner = await server.signIn("13800000001");
		const before = await money();
		const wallet = await walletBalance(server, customer.userId);
		const orders: OrderView[] = [];
		for (let i = 0; i < ORDERS; i++) {
			const order = await fx.paidOrder(customer.accessToken, "Fresh young coconut");
			for (const action of ["accept", "ready", "complete"] as const) {
				const stepped = await server.call("POST", "/app-api/merchant/order/action", {
					token: owner.accessToken,
					body: { orderId: order.id, action },
				});
				expect(stepped.code, stepped.msg).toBe(0);
			}
			const asked = await server.call("POST", "/app-api/order/refund", {
				token: customer.accessToken,
				body: { orderId: order.id, reason: "changed my mind" },
			});
			expect(asked.code, asked.msg).toBe(0);
			orders.push(order);
		}
		// The hold passes: every earning is due when the refunds are approved.
		server.clock.advance(24 * 3600);
		owner = await server.signIn("13800000001");

		const [decisions, settledByEach] = await Promise.all([
			Promise.all(
				orders.map((order) =>
					server.call("POST", "/app-api/merchant/order/refund-decision", {
						token: owner.accessToken,
						body: { orderId: order.id, approve: true },
					}),
				),
			),
			// Two servers' jobs at once.
			Promise.all([settleDueEarnings(server.deps), settleDueEarnings(server.deps)]),
		]);

		expect(decisions.map((decision) => decision.code)).toEqual(Array(ORDERS).fill(0));
		const earnings = await server.deps.db
			.selectFrom("shop_earning")
			.selectAll()
			.where(
				"order_id",
				"in",
				orders.map((order) => order.id),
			)
			.execute();
		expect(earnings).toHaveLength(ORDERS);
		let settledFirst = 0;
		for (const earning of earnings) {
			expect(earning.status).toBe("reversed");
			const kinds = (
				await server.deps.db
					.selectFrom("ledger_txn")
					.select("kind")
					.where("shop_earning_id", "=", earning.id)
					.orderBy("id")
					.execute()
			).map((txn) => txn.kind);
			if (earning.settled_at === null) expect(kinds).toEqual([]);
			else {
				settledFirst += 1;
				expect(kinds).toEqual(["shop_settlement", "shop_commission", "commission_refund"]);
			}
		}
		expect(settledByEach[0] + settledByEach[1]).toBe(settledFirst);
		// Whichever way each went, the shop and the platform are where they started and the customer has it all back.
		expect(await money()).toEqual(before);
		expect(await walletBalance(server, customer.userId)).toBe(wallet);
		await expectLedgerInvariants(server.deps.db);
	});
});
