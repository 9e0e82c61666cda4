import { type CounterPaymentView, ErrorCode, formatMessage, type PayCodeView } from "@bayon/contract";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { BookingMoneyFixture } from "../../../../test/booking-money.js";
import { decideAtSandbox, until } from "../../../../test/gateway.js";
import type { TestServer } from "../../../../test/harness.js";
import { expectLedgerInvariants } from "../../../../test/ledger-invariants.js";
import { OrderingFixture } from "../../../../test/ordering.js";
import {
	bonusAccount,
	savePackage,
	startRechargeServer,
	startSandboxRecharge,
	storedRecharge,
} from "../../../../test/recharge.js";
import { settleDueEarnings } from "../../merchant-wallet/earnings/settlement.js";
import { moneyBackingBreaches } from "../../wallet/money-backing.js";

/**
 * Money nobody paid never becomes a shop's (issue 27, decision 027). A recharge's bonus is
 * money the business gives away: spent, it goes back to the tenant's bonus account and the
 * shop earns only the part the member paid in; a member on a shop's staff cannot charge their
 * own pay code there. The first story is the one the issue reported: "pay 1.00, get 1,000.00".
 */

let server: TestServer;
let fx: OrderingFixture;
let mobileCounter = 0;
let keyCounter = 0;

beforeAll(async () => {
	server = await startRechargeServer();
	fx = await new OrderingFixture(server).load();
	// The demo shop is open 08:00–22:00: the stories order at 10:00.
	fx.moveClockToLocal("10:00");
	// Earnings settle at once once the order or payment is final: the stories read available money.
	await server.deps.db.updateTable("tenant").set({ settlement_hold_hours: 0 }).where("id", "=", 1).execute();
});
afterAll(async () => {
	await server?.close();
});
afterEach(async () => {
	await expectLedgerInvariants(server.deps.db);
});

const newMember = () => server.signIn(`1390270${String(++mobileCounter).padStart(4, "0")}`);
const staff = () => server.signIn("13800000002");
const owner = () => server.signIn("13800000001");

/** The owner puts a package on sale and answers its id. */
async function packageOnSale(payAmount: number, bonusAmount: number): Promise<number> {
	const name = { "zh-CN": `充${payAmount}送${bonusAmount}`, en: `Pay ${payAmount}`, km: `បង់ ${payAmount}` };
	const saved = await savePackage(server, (await owner()).accessToken, {
		shopId: 1,
		name,
		payAmount,
		bonusAmount,
		sort: 9,
	});
	expect(saved.code, saved.msg).toBe(0);
	const created = saved.data.packages.find((pkg) => pkg.payAmount === payAmount && pkg.bonusAmount === bonusAmount);
	if (!created) throw new Error("the package was not saved");
	return created.id;
}

/** A member buys the package at the sandbox gateway and is credited. */
async function buy(token: string, packageId: number) {
	const { paymentId, view } = await startSandboxRecharge(server, token, packageId);
	await decideAtSandbox(server, `/sandbox-pay/checkout/${paymentId}`, "approve");
	await until(async () => (await storedRecharge(server, view.id)).status === "paid");
}

async function payCode(token: string): Promise<string> {
	const answer = await server.call<PayCodeView>("GET", "/app-api/member/user/pay-code", { token });
	expect(answer.code, answer.msg).toBe(0);
	return answer.data.code;
}

async function charge(code: string, amount: number, lang = "en") {
	return server.call<CounterPaymentView>("POST", "/app-api/merchant/counter/charge", {
		token: (await staff()).accessToken,
		lang,
		headers: { "idempotency-key": `bonus-test-${++keyCounter}` },
		body: { shopId: 1, code, amount },
	});
}

/** A member's wallet: its balance and, of it, the bonus part. */
async function walletParts(memberId: number) {
	const row = await server.deps.db
		.selectFrom("ledger_account")
		.select(["balance", "bonus"])
		.where("kind", "=", "member_wallet")
		.where("member_id", "=", memberId)
		.executeTakeFirst();
	return { balance: row?.balance ?? 0, bonus: row?.bonus ?? 0 };
}

/** The shop's money: pending (earned, not settled) and available (may be withdrawn). */
async function shopMoney(shopId = 1) {
	const rows = await server.deps.db
		.selectFrom("ledger_account")
		.select(["kind", "balance"])
		.where("shop_id", "=", shopId)
		.where("kind", "in", ["shop_revenue", "shop_available"])
		.execute();
	const of = (kind: string) => Number(rows.find((row) => row.kind === kind)?.balance ?? 0);
	return { pending: of("shop_revenue"), available: of("shop_available") };
}

describe("a recharge bonus spent at a shop", () => {
	it("earns the shop only the money paid in: 1.00 of 1,001.00 charged, and only that becomes available", async () => {
		const packageId = await packageOnSale(100, 100_000);
		const member = await newMember();
		await buy(member.accessToken, packageId);
		expect(await walletParts(member.userId)).toEqual({ balance: 100_100, bonus: 100_000 });
		await settleDueEarnings(server.deps);
		const before = await shopMoney();
		const bonusBefore = await bonusAccount(server);

		const charged = await charge(await payCode(member.accessToken), 100_100);
		expect(charged.code, charged.msg).toBe(0);
		expect(await walletParts(member.userId)).toEqual({ balance: 0, bonus: 0 });
		// The bonus went back to the business; the shop earned the 1.00 the member paid.
		expect(await bonusAccount(server)).toBe(bonusBefore + 100_000);
		expect(await shopMoney()).toEqual({ pending: before.pending + 100, available: before.available });
		const [earning] = await server.deps.db
			.selectFrom("shop_earning")
			.select(["gross"])
			.where("counter_payment_id", "=", charged.data.id)
			.execute();
		expect(earning).toEqual({ gross: 100 });

		await settleDueEarnings(server.deps);
		expect(await shopMoney()).toEqual({ pending: before.pending, available: before.available + 100 });
		expect(await moneyBackingBreaches(server.deps.db)).toEqual([]);
	});

	it("refunds a counter payment into the same parts it took, and the shop gives back only what it earned", async () => {
		const packageId = await packageOnSale(1000, 500);
		const member = await newMember();
		await buy(member.accessToken, packageId);
		await settleDueEarnings(server.deps);
		const before = await shopMoney();

		// 9.00 of a wallet holding 10.00 paid and 5.00 bonus: a third of it is bonus.
		const charged = await charge(await payCode(member.accessToken), 900);
		expect(charged.code, charged.msg).toBe(0);
		expect(await walletParts(member.userId)).toEqual({ balance: 600, bonus: 200 });
		expect((await shopMoney()).pending).toBe(before.pending + 600);

		const refunded = await server.call<CounterPaymentView>("POST", "/app-api/merchant/counter/refund", {
			token: (await staff()).accessToken,
			body: { shopId: 1, paymentId: charged.data.id },
		});
		expect(refunded.code, refunded.msg).toBe(0);
		expect(await walletParts(member.userId)).toEqual({ balance: 1500, bonus: 500 });
		expect(await shopMoney()).toEqual(before);
	});

	it("pays an order from a balance with bonus: the shop earns the paid part, a refund restores both parts", async () => {
		const packageId = await packageOnSale(1000, 1000);
		const member = await newMember();
		await buy(member.accessToken, packageId);
		await settleDueEarnings(server.deps);
		const before = await shopMoney();
		const line = fx.line("Fresh young coconut");
		const placed = await fx.place(member.accessToken, { lines: [line] });
		expect(placed.code, placed.msg).toBe(0);
		const total = placed.data.total;
		const paid = await fx.pay(member.accessToken, placed.data.id);
		expect(paid.code, paid.msg).toBe(0);
		// Half the wallet is bonus: half the order (rounded down) is paid with it.
		const bonusPart = Math.floor(total / 2);
		expect(await walletParts(member.userId)).toEqual({ balance: 2000 - total, bonus: 1000 - bonusPart });
		expect((await shopMoney()).pending).toBe(before.pending + total - bonusPart);

		const cancelled = await server.call("POST", "/app-api/order/cancel", {
			token: member.accessToken,
			body: { orderId: placed.data.id },
		});
		expect(cancelled.code, cancelled.msg).toBe(0);
		expect(await walletParts(member.userId)).toEqual({ balance: 2000, bonus: 1000 });
		expect(await shopMoney()).toEqual(before);
	});

	it("pays an order wholly with bonus: nothing for the shop to earn, and the refund gives it all back", async () => {
		const packageId = await packageOnSale(1, 100_000);
		const member = await newMember();
		await buy(member.accessToken, packageId);
		// Spend the one paid cent first (its bonus share rounds down to 0), so that only bonus is left.
		const charged = await charge(await payCode(member.accessToken), 1);
		expect(charged.code, charged.msg).toBe(0);
		expect(await walletParts(member.userId)).toEqual({ balance: 100_000, bonus: 100_000 });
		const before = await shopMoney();
		const paid = await fx.paidOrder(member.accessToken, "Fresh young coconut");
		expect((await shopMoney()).pending).toBe(before.pending);
		const earnings = await server.deps.db
			.selectFrom("shop_earning")
			.select("id")
			.where("order_id", "=", paid.id)
			.execute();
		expect(earnings).toEqual([]);
		const cancelled = await server.call("POST", "/app-api/order/cancel", {
			token: member.accessToken,
			body: { orderId: paid.id },
		});
		expect(cancelled.code, cancelled.msg).toBe(0);
		expect(await walletParts(member.userId)).toEqual({ balance: 100_000, bonus: 100_000 });
		expect(await shopMoney()).toEqual(before);
	});

	it("keeps both parts at or above zero and the shops' money backed when one wallet is spent in parallel", async () => {
		const packageId = await packageOnSale(3000, 2000);
		const member = await newMember();
		await buy(member.accessToken, packageId);
		const orders = await Promise.all(
			Array.from({ length: 6 }, () => fx.place(member.accessToken, { lines: [fx.line("Fresh young coconut")] })),
		);
		for (const order of orders) expect(order.code, order.msg).toBe(0);
		// Six order payments and four counter charges (one code each, asked one after another:
		// asking retires the older code) race for the same 50.00.
		const results = await Promise.all([
			...orders.map((order) => fx.pay(member.accessToken, order.data.id)),
			(async () => {
				for (let i = 0; i < 4; i++) {
					const code = await payCode(member.accessToken);
					const answer = await charge(code, 700);
					if (answer.code !== 0) expect(answer.code).toBe(ErrorCode.InsufficientBalance);
				}
				return { code: 0 };
			})(),
		]);
		for (const result of results)
			expect([0, ErrorCode.InsufficientBalance]).toContain((result as { code: number }).code);
		const parts = await walletParts(member.userId);
		expect(parts.bonus).toBeGreaterThanOrEqual(0);
		expect(parts.balance - parts.bonus).toBeGreaterThanOrEqual(0);
		expect(await moneyBackingBreaches(server.deps.db)).toEqual([]);
	});
});

describe("a member's own pay code at a shop they work at", () => {
	it("is refused with a clear message, and nothing is charged", async () => {
		const me = await owner();
		await buy(me.accessToken, await packageOnSale(500, 500));
		const before = await walletParts(me.userId);
		const money = await shopMoney();
		const code = await payCode(me.accessToken);
		const refused = await charge(code, 100, "zh-CN");
		expect(refused.code).toBe(ErrorCode.PayCodeOwnShop);
		expect(refused.msg).toBe(formatMessage("payCodeOwnShop", "zh-CN"));
		expect(await walletParts(me.userId)).toEqual(before);
		expect(await shopMoney()).toEqual(money);
		const used = await server.deps.db
			.selectFrom("pay_code")
			.select("used_at")
			.where("code", "=", code)
			.executeTakeFirst();
		expect(used?.used_at).toBeNull();
	});
});

describe("a booking's deposit paid from a balance with bonus", () => {
	it("takes only money paid in, and a balance short of it without its bonus is told so", async () => {
		const bx = new BookingMoneyFixture(server, fx);
		const member = await newMember();
		await buy(member.accessToken, await packageOnSale(1000, 1000));
		// 15.00 is in the balance, but only 10.00 of it was paid in.
		const tooMuch = await bx.book({ memberId: member.userId, deposit: 1500 });
		const refused = await bx.pay(member.accessToken, tooMuch.id, "balance", `deposit-${++keyCounter}`, "km");
		expect(refused.code).toBe(ErrorCode.BonusNotForBooking);
		expect(refused.msg).toBe(formatMessage("bonusNotForBooking", "km"));
		expect(await walletParts(member.userId)).toEqual({ balance: 2000, bonus: 1000 });

		const fits = await bx.book({ memberId: member.userId, deposit: 800 });
		const paid = await bx.pay(member.accessToken, fits.id, "balance", `deposit-${++keyCounter}`);
		expect(paid.code, paid.msg).toBe(0);
		expect(await walletParts(member.userId)).toEqual({ balance: 1200, bonus: 1000 });
	});
});
