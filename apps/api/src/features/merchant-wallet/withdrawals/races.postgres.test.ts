import { ErrorCode, WithdrawalStatus } from "@bayon/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../../../../test/harness.js";
import { expectLedgerInvariants } from "../../../../test/ledger-invariants.js";
import { type MoneyCaller, MoneyFixture } from "../../../../test/merchant-money.js";
import { addShop } from "../../../../test/shops.js";

/**
 * Withdrawals at the same moment on PostgreSQL (PGlite has one connection, so nothing runs at
 * the same time there): requests of one shop take turns on its available account's row lock, so
 * two that together ask for more than there is end with one withdrawal; review decisions take
 * turns on the withdrawal's row and hold only on the version they saw, so an approval racing a
 * rejection ends with one of them; one Idempotency-Key sent many times asks once.
 */

const ROUNDS = 5;

describe("withdrawals at the same moment", () => {
	let server: TestServer;
	let money: MoneyFixture;
	let owner: MoneyCaller;
	let operators: MoneyCaller[];

	beforeAll(async () => {
		server = await startTestServer({
			limits: { smsResendSeconds: 0, smsPerPhoneInWindow: 1000, smsPerPhonePerDay: 1000 },
		});
		money = new MoneyFixture(server);
		owner = await money.signIn("13800000001");
		operators = [await money.signIn("13800000009"), await money.operator("13900001709")];
	}, 120_000);
	afterAll(async () => {
		await server?.close();
	});

	async function expectBooksSound() {
		await expectLedgerInvariants(server.deps.db);
		await money.expectWithdrawingMatchesOpenWithdrawals();
	}

	let shopSerial = 0;
	async function shopOf(owners: MoneyCaller[], available: number) {
		shopSerial++;
		const shopId = await addShop(server, `races-${shopSerial}`);
		await server.deps.db
			.insertInto("shop_staff")
			.values(owners.map((member) => ({ shop_id: shopId, member_id: member.userId, role: "owner" as const })))
			.execute();
		const card = await money.card(owners[0] ?? owner, shopId);
		await money.giveAvailable(shopId, available);
		return { shopId, card };
	}

	it("lets one of two withdrawals that together exceed the available money through", async () => {
		// Two owners, so that each request carries its own step-up code.
		const second = await money.signIn("13900001701");
		for (let round = 0; round < ROUNDS; round++) {
			const { shopId, card } = await shopOf([owner, second], 10_000);
			const codes = [await money.freshCode(owner, shopId), await money.freshCode(second, shopId)];

			const answers = await Promise.all(
				[owner, second].map((caller, i) =>
					money.withdrawCall(caller, { shopId, amount: 6000 + round, cardId: card.id, code: codes[i] }),
				),
			);

			expect(answers.map((answer) => answer.code).sort(), `round ${round}`).toEqual(
				[0, ErrorCode.WithdrawalExceedsAvailable].sort(),
			);
			expect(await money.balances(shopId)).toMatchObject({ available: 4000 - round, withdrawing: 6000 + round });
			const rows = await server.deps.db
				.selectFrom("shop_withdrawal")
				.select("id")
				.where("shop_id", "=", shopId)
				.execute();
			expect(rows).toHaveLength(1);
		}
		await expectBooksSound();
	});

	it("ends an approval racing a rejection with one of them, the money where that one put it", async () => {
		const { shopId, card } = await shopOf([owner], 100_000);
		const outcomes: string[] = [];
		for (let round = 0; round < ROUNDS * 2; round++) {
			const asked = await money.withdraw(owner, shopId, card.id, 1000);
			const before = await money.balances(shopId);
			const [approve, reject] = operators;
			if (!approve || !reject) throw new Error("two operators expected");

			const [approved, rejected] = await Promise.all([
				money.review(approve, "approve", { id: asked.id, version: 0 }),
				money.review(reject, "reject", { id: asked.id, version: 0, reason: "duplicate request" }),
			]);

			const codes = [approved.code, rejected.code];
			expect(
				codes.filter((code) => code === 0),
				`round ${round}`,
			).toHaveLength(1);
			expect(codes.filter((code) => code === ErrorCode.WithdrawalStateChanged)).toHaveLength(1);
			const row = await server.deps.db
				.selectFrom("shop_withdrawal")
				.select(["status", "version"])
				.where("id", "=", asked.id)
				.executeTakeFirstOrThrow();
			expect(row.version).toBe(1);
			const events = await server.deps.db
				.selectFrom("shop_withdrawal_event")
				.select("to_status")
				.where("withdrawal_id", "=", asked.id)
				.execute();
			expect(events).toHaveLength(2);
			if (approved.code === 0) {
				outcomes.push("approved");
				expect(row.status).toBe(WithdrawalStatus.AwaitingArrival);
				expect(await money.balances(shopId)).toEqual(before);
			} else {
				outcomes.push("rejected");
				expect(row.status).toBe(WithdrawalStatus.Rejected);
				expect(await money.balances(shopId)).toEqual({
					...before,
					available: before.available + 1000,
					withdrawing: before.withdrawing - 1000,
				});
			}
		}
		expect(outcomes).toHaveLength(ROUNDS * 2);
		await expectBooksSound();
	});

	it("asks once when the same Idempotency-Key arrives several times at once", async () => {
		for (let round = 0; round < ROUNDS; round++) {
			const { shopId, card } = await shopOf([owner], 10_000);
			const code = await money.freshCode(owner, shopId);
			const key = money.newKey();
			// A double tap, up to as many as a code has tries (each request's check counts one).
			const copies = round % 2 === 0 ? 2 : 5;

			const answers = await Promise.all(
				Array.from({ length: copies }, () =>
					money.withdrawCall(owner, { shopId, amount: 2500, cardId: card.id, code }, { key }),
				),
			);

			expect(
				answers.map((answer) => answer.code),
				`round ${round}: ${answers.map((answer) => answer.msg).join(" | ")}`,
			).toEqual(Array(copies).fill(0));
			expect(new Set(answers.map((answer) => answer.data.id)).size).toBe(1);
			expect(await money.balances(shopId)).toMatchObject({ available: 7500, withdrawing: 2500 });
			const txns = await server.deps.db
				.selectFrom("ledger_txn")
				.select("id")
				.where("withdrawal_id", "=", answers[0]?.data.id ?? 0)
				.execute();
			expect(txns).toHaveLength(1);
		}
		await expectBooksSound();
	});
});
