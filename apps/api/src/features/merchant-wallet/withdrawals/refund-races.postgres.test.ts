import { ErrorCode, type OrderView, type WalletSummary } from "@bayon/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../../../../test/harness.js";
import { expectLedgerInvariants } from "../../../../test/ledger-invariants.js";
import { type MoneyCaller, MoneyFixture } from "../../../../test/merchant-money.js";
import { OrderingFixture } from "../../../../test/ordering.js";
import { grantBalance } from "../../../../test/wallet-ledger.js";
import { settleDueEarnings } from "../earnings/settlement.js";

/**
 * Refunds arriving while the owner withdraws (issue 14, PostgreSQL: PGlite runs one thing at a
 * time). Orders are earned, completed and settled the real way, then the shop approves refunds
 * of them at the same moment as the owner asks to withdraw everything available. Whatever wins
 * each lock, the books must add up: a withdrawal either takes money that was there when it was
 * asked for (and the refunds then leave a debt) or is refused; the wallet's three amounts are its
 * ledger, and in-withdrawal is exactly the open withdrawals.
 */

const ROUNDS = 3;
const REFUNDS_PER_ROUND = 3;
const COCONUT = "Fresh young coconut";
const SHOP_ID = 1;

describe("refunds while a withdrawal is asked for", () => {
	let server: TestServer;
	let fx: OrderingFixture;
	let money: MoneyFixture;
	let owner: MoneyCaller;

	beforeAll(async () => {
		server = await startTestServer({
			limits: { smsResendSeconds: 0, smsPerPhoneInWindow: 1000, smsPerPhonePerDay: 1000 },
		});
		fx = await new OrderingFixture(server).load();
		money = new MoneyFixture(server);
		owner = await money.signIn("13800000001");
		// Small orders: the platform's minimum (tested in withdrawals.test.ts) must not be what refuses.
		await server.deps.db.updateTable("tenant").set({ minimum_withdrawal: 1 }).where("id", "=", 1).execute();
	}, 120_000);
	afterAll(async () => {
		await server?.close();
	});

	async function wallet(): Promise<WalletSummary> {
		const answer = await server.call<WalletSummary>("GET", `/app-api/merchant/wallet?shopId=${SHOP_ID}`, {
			token: owner.accessToken,
		});
		expect(answer.code, answer.msg).toBe(0);
		return answer.data;
	}

	/**
	 * Orders paid, completed and settled (the hold passed, the job ran); the first `refunding` of
	 * them then asked to be refunded by their customer. More are earned than refunded, so each
	 * round starts with money to withdraw even after the last round's debt.
	 */
	async function settledOrdersAwaitingRefund(
		customerToken: string,
		count: number,
		refunding: number,
	): Promise<OrderView[]> {
		// Refunded orders do not give their stock back: keep the demo's coconuts in stock.
		await server.deps.db.updateTable("menu_item").set({ stock: null }).where("id", "=", fx.item(COCONUT).id).execute();
		const orders: OrderView[] = [];
		for (let i = 0; i < count; i++) {
			const order = await fx.paidOrder(customerToken, COCONUT);
			for (const action of ["accept", "ready", "complete"] as const) {
				const step = await server.call("POST", "/app-api/merchant/order/action", {
					token: owner.accessToken,
					body: { orderId: order.id, action },
				});
				expect(step.code, `${action}: ${step.msg}`).toBe(0);
			}
			orders.push(order);
		}
		server.clock.advance(25 * 3600);
		await settleDueEarnings(server.deps);
		// Tokens live 15 minutes of the server's clock.
		owner = await money.signIn("13800000001");
		for (const order of orders.slice(0, refunding)) {
			const asked = await server.call("POST", "/app-api/order/refund", {
				token: (await server.signIn("13900000801")).accessToken,
				body: { orderId: order.id, reason: "cold" },
			});
			expect(asked.code, asked.msg).toBe(0);
		}
		return orders.slice(0, refunding);
	}

	it("keeps the shop's books whole however the refunds and the withdrawal interleave", async () => {
		const customer = await server.signIn("13900000801");
		await grantBalance(server, customer.userId, 1_000_000);
		const card = await money.card(owner, SHOP_ID);
		const outcomes = new Set<string>();
		for (let round = 0; round < ROUNDS; round++) {
			fx.moveClockToLocal("10:00");
			owner = await money.signIn("13800000001");
			const orders = await settledOrdersAwaitingRefund(
				(await server.signIn("13900000801")).accessToken,
				2 * REFUNDS_PER_ROUND + 1,
				REFUNDS_PER_ROUND,
			);
			const before = await wallet();
			expect(before.withdrawable).toBeGreaterThan(0);
			const code = await money.freshCode(owner, SHOP_ID);

			const [withdrawal, ...refunds] = await Promise.all([
				money.withdrawCall(owner, { shopId: SHOP_ID, amount: before.withdrawable, cardId: card.id, code }),
				...orders.map((order) =>
					server.call<OrderView>("POST", "/app-api/merchant/order/refund-decision", {
						token: owner.accessToken,
						body: { orderId: order.id, approve: true },
					}),
				),
			]);

			for (const refund of refunds) expect(refund.code, refund.msg).toBe(0);
			// The withdrawal saw the money before the refunds or after some of them.
			expect([0, ErrorCode.WithdrawalExceedsAvailable, ErrorCode.NoWithdrawableAmount]).toContain(withdrawal?.code);
			outcomes.add(withdrawal?.code === 0 ? "withdrawn" : "refused");
			const refunded = orders.reduce((sum, order) => sum + order.total, 0);
			const after = await wallet();
			const withdrawn = withdrawal?.code === 0 ? before.withdrawable : 0;
			expect(after.total, `round ${round}`).toBe(before.total - refunded);
			expect(after.withdrawing).toBe(before.withdrawing + withdrawn);
			expect(after.available).toBe(before.available - refunded - withdrawn);
			expect(after.available + after.pending + after.withdrawing).toBe(after.total);
			expect(after.owed).toBe(Math.max(-after.available, 0));
			await expectLedgerInvariants(server.deps.db);
			await money.expectWithdrawingMatchesOpenWithdrawals();
		}
		// Which interleavings happened is up to the database; each is checked above.
		expect(outcomes.size).toBeGreaterThan(0);
	}, 120_000);
});
