import { sql } from "kysely";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { postLedgerTxn } from "../src/features/wallet/ledger.js";
import type { TestServer } from "./harness.js";
import { expectLedgerInvariants } from "./ledger-invariants.js";
import { startRechargeServer } from "./recharge.js";

/** The helper other stories trust must fail when the ledger is wrong, naming what is wrong. */

let server: TestServer;
let memberId: number;

beforeAll(async () => {
	server = await startRechargeServer();
	memberId = (await server.signIn("13900000301")).userId;
});
afterAll(async () => {
	await server?.close();
});

let counter = 0;
beforeEach(async () => {
	// A fresh movement each time, so each story damages rows of its own.
	await server.deps.db.transaction().execute((trx) =>
		postLedgerTxn(trx, {
			tenantId: 1,
			kind: "wallet_grant",
			idempotencyKey: `invariants-test:${++counter}`,
			orderId: null,
			now: new Date(),
			moves: [
				{ account: { kind: "external_funds", tenantId: 1 }, amount: -700 },
				{ account: { kind: "member_wallet", tenantId: 1, memberId }, amount: 700 },
			],
		}),
	);
});

const lastEntryOfWallet = () =>
	server.deps.db
		.selectFrom("ledger_entry as e")
		.innerJoin("ledger_account as a", "a.id", "e.account_id")
		.select(["e.id", "e.txn_id", "e.account_id", "e.amount", "e.balance_after"])
		.where("a.kind", "=", "member_wallet")
		.where("a.member_id", "=", memberId)
		.orderBy("e.id", "desc")
		.executeTakeFirstOrThrow();

describe("expectLedgerInvariants", () => {
	it("passes on a sound ledger", async () => {
		await expectLedgerInvariants(server.deps.db);
	});

	it("fails when an entry's balance_after disagrees with its account's running sum", async () => {
		const entry = await lastEntryOfWallet();
		await server.deps.db
			.updateTable("ledger_entry")
			.set({ balance_after: (entry.balance_after ?? 0) + 1 })
			.where("id", "=", entry.id)
			.execute();
		await expect(expectLedgerInvariants(server.deps.db)).rejects.toThrow(/balance_after/);
		await server.deps.db
			.updateTable("ledger_entry")
			.set({ balance_after: entry.balance_after })
			.where("id", "=", entry.id)
			.execute();
	});

	it("fails when an account's balance drifts from its entries", async () => {
		const entry = await lastEntryOfWallet();
		await sql`UPDATE ledger_account SET balance = balance + 1 WHERE id = ${entry.account_id}`.execute(server.deps.db);
		await expect(expectLedgerInvariants(server.deps.db)).rejects.toThrow(/balance differs/);
		await sql`UPDATE ledger_account SET balance = balance - 1 WHERE id = ${entry.account_id}`.execute(server.deps.db);
	});

	it("fails when a transaction's entries do not sum to zero", async () => {
		const entry = await lastEntryOfWallet();
		await server.deps.db
			.updateTable("ledger_entry")
			.set({ amount: entry.amount + 1 })
			.where("id", "=", entry.id)
			.execute();
		await expect(expectLedgerInvariants(server.deps.db)).rejects.toThrow(/do not sum to zero/);
		await server.deps.db.updateTable("ledger_entry").set({ amount: entry.amount }).where("id", "=", entry.id).execute();
		await expectLedgerInvariants(server.deps.db);
	});

	it("fails when a shop's pending money and its pending earnings disagree", async () => {
		const earning = await server.deps.db
			.insertInto("shop_earning")
			.values({
				tenant_id: 1,
				shop_id: 1,
				source: "opening",
				ledger_txn_id: null,
				gross: 5,
				commission: 0,
				releases_at: null,
				created_at: new Date(),
			})
			.returning("id")
			.executeTakeFirstOrThrow();
		await expect(expectLedgerInvariants(server.deps.db)).rejects.toThrow(/pending account differs/);
		await server.deps.db.deleteFrom("shop_earning").where("id", "=", earning.id).execute();
		await expectLedgerInvariants(server.deps.db);
	});

	it("fails when a shop's in-withdrawal money and its open withdrawals disagree", async () => {
		const card = await server.deps.db
			.insertInto("shop_bank_card")
			.values({
				tenant_id: 1,
				shop_id: 1,
				holder: "Test",
				bank: "Test bank",
				last4: "1234",
				number_encrypted: "x",
				number_hmac: "invariants-test",
				added_by_member_id: memberId,
				created_at: new Date(),
			})
			.returning("id")
			.executeTakeFirstOrThrow();
		const withdrawal = await server.deps.db
			.insertInto("shop_withdrawal")
			.values({
				tenant_id: 1,
				shop_id: 1,
				card_id: card.id,
				amount: 100,
				requested_by_member_id: memberId,
				created_at: new Date(),
				updated_at: new Date(),
			})
			.returning("id")
			.executeTakeFirstOrThrow();
		await expect(expectLedgerInvariants(server.deps.db)).rejects.toThrow(/in-withdrawal account differs/);
		await server.deps.db.deleteFrom("shop_withdrawal").where("id", "=", withdrawal.id).execute();
		await server.deps.db.deleteFrom("shop_bank_card").where("id", "=", card.id).execute();
		await expectLedgerInvariants(server.deps.db);
	});
});
