import { type CounterPaymentView, ErrorCode, type PayCodeView } from "@bayon/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../../../../test/harness.js";
import { expectLedgerInvariants } from "../../../../test/ledger-invariants.js";
import { memberWithRole } from "../../../../test/shops.js";
import { grantBalance, walletBalance } from "../../../../test/wallet-ledger.js";
import { fromLocalMoment } from "../../venues/hours.js";

const TIMES = 10;
type Session = { accessToken: string; userId: number };

/**
 * Many taps at once (truly parallel on PostgreSQL; PGlite has one connection and runs them one
 * after another, which must give the same outcome): the code's and the payment's row locks
 * let exactly one charge and one refund through.
 */
describe("counter payments under concurrent taps", () => {
	let server: TestServer;
	let guest: Session;
	let tills: Session[];

	beforeAll(async () => {
		server = await startTestServer();
		server.clock.set(fromLocalMoment("2026-12-10", 11 * 60, "Asia/Phnom_Penh"));
		guest = await server.signIn("13900000041");
		tills = [await server.signIn("13800000002")];
		for (let i = 1; i < TIMES; i++) tills.push(await memberWithRole(server, `1390000005${i}`, "staff"));
		await grantBalance(server, guest.userId, 10_000);
	}, 60_000);
	afterAll(async () => {
		await server?.close();
	});

	async function payCode(): Promise<string> {
		const answer = await server.call<PayCodeView>("GET", "/app-api/member/user/pay-code", { token: guest.accessToken });
		return answer.data.code;
	}

	function charge(till: Session, code: string, amount: number, key?: string) {
		return server.call<CounterPaymentView>("POST", "/app-api/merchant/counter/charge", {
			token: till.accessToken,
			headers: key ? { "idempotency-key": key } : {},
			body: { shopId: 1, code, amount },
		});
	}

	it("the same code charged by 10 tills at once: exactly one charge", async () => {
		const code = await payCode();
		const answers = await Promise.all(tills.map((till) => charge(till, code, 700)));
		expect(answers.filter((answer) => answer.code === 0)).toHaveLength(1);
		expect(answers.filter((answer) => answer.code === ErrorCode.PayCodeInvalid)).toHaveLength(TIMES - 1);
		expect(await walletBalance(server, guest.userId)).toBe(9300);
		const payments = await server.deps.db.selectFrom("counter_payment").select("id").execute();
		expect(payments).toHaveLength(1);
		await expectLedgerInvariants(server.deps.db);
	});

	it("one till retrying the same tap 10 times at once with one Idempotency-Key: one charge, one answer", async () => {
		const code = await payCode();
		const tap = `race-tap-${Date.now()}`;
		const answers = await Promise.all(Array.from({ length: TIMES }, () => charge(tills[0] as Session, code, 400, tap)));
		expect(answers.map((answer) => answer.code)).toEqual(Array(TIMES).fill(0));
		expect(new Set(answers.map((answer) => answer.data.id)).size).toBe(1);
		expect(await walletBalance(server, guest.userId)).toBe(8900);
		await expectLedgerInvariants(server.deps.db);
	});

	it("one payment refunded by 10 tills at once: refunded once", async () => {
		const paid = await charge(tills[0] as Session, await payCode(), 1000);
		expect(await walletBalance(server, guest.userId)).toBe(7900);
		const answers = await Promise.all(
			tills.map((till) =>
				server.call<CounterPaymentView>("POST", "/app-api/merchant/counter/refund", {
					token: till.accessToken,
					body: { shopId: 1, paymentId: paid.data.id },
				}),
			),
		);
		expect(answers.filter((answer) => answer.code === 0)).toHaveLength(1);
		expect(answers.filter((answer) => answer.code === ErrorCode.CounterRefundNotAllowed)).toHaveLength(TIMES - 1);
		expect(await walletBalance(server, guest.userId)).toBe(8900);
		const refunds = await server.deps.db
			.selectFrom("ledger_txn")
			.select("id")
			.where("kind", "=", "counter_refund")
			.where("counter_payment_id", "=", paid.data.id)
			.execute();
		expect(refunds).toHaveLength(1);
		await expectLedgerInvariants(server.deps.db);
	});

	it("a balance that covers one of two charges, both at once: one goes through, the wallet never below zero", async () => {
		const poor = await server.signIn("13900000042");
		await grantBalance(server, poor.userId, 500);
		const first = (await server.call<PayCodeView>("GET", "/app-api/member/user/pay-code", { token: poor.accessToken }))
			.data.code;
		// The member's code and a counter charge of the whole balance by an order at the same moment
		// are not possible from one screen; two tills charging the one code for 400 and 300 are.
		const answers = await Promise.all([
			charge(tills[1] as Session, first, 400),
			charge(tills[2] as Session, first, 300),
		]);
		expect(answers.filter((answer) => answer.code === 0)).toHaveLength(1);
		expect([100, 200]).toContain(await walletBalance(server, poor.userId));
		await expectLedgerInvariants(server.deps.db);
	});
});
