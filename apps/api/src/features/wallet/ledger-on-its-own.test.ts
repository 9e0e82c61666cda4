import { ErrorCode } from "@bayon/contract";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../../../test/harness.js";
import { expectLedgerInvariants } from "../../../test/ledger-invariants.js";
import { BusinessError } from "../../http/business-error.js";
import { type AccountRef, LedgerGuardFailed, type LedgerTxnInput, postLedgerMoves } from "./ledger.js";

/**
 * A posting given the database instead of a transaction (decision 025: a balance payment) is
 * one statement on its own: it writes everything or, refused on the way, nothing at all.
 */
describe("a ledger posting on its own, without a transaction around it", () => {
	let server: TestServer;
	let memberId: number;
	const external: AccountRef = { kind: "external_funds", tenantId: 1 };
	let wallet: AccountRef;
	const shop: AccountRef = { kind: "shop_revenue", tenantId: 1, shopId: 1 };

	beforeAll(async () => {
		server = await startTestServer();
		memberId = (await server.signIn("13955553001")).userId;
		wallet = { kind: "member_wallet", tenantId: 1, memberId };
	});
	afterAll(async () => {
		await server?.close();
	});

	const txnsWithKey = async (key: string) =>
		(await server.deps.db.selectFrom("ledger_txn").select("id").where("idempotency_key", "=", key).execute()).length;
	const nickname = async () =>
		(await server.deps.db.selectFrom("member").select("nickname").where("id", "=", memberId).executeTakeFirstOrThrow())
			.nickname;
	const renameTo = (name: string) =>
		server.deps.db.updateTable("member").set({ nickname: name }).where("id", "=", memberId);

	it("makes the accounts it uses for the first time, then posts the moves and what goes with them", async () => {
		const grant = (alsoWrite?: LedgerTxnInput["alsoWrite"]) =>
			postLedgerMoves(server.deps.db, {
				tenantId: 1,
				kind: "wallet_grant",
				idempotencyKey: "alone:grant",
				orderId: null,
				now: server.clock.now(),
				moves: [
					{ account: external, amount: -1_000 },
					{ account: wallet, amount: 1_000 },
				],
				...(alsoWrite ? { alsoWrite } : {}),
			});
		const posted = await grant(() => [renameTo("granted")]);
		expect(posted?.balanceAfter(wallet)).toBe(1_000);
		expect(await txnsWithKey("alone:grant")).toBe(1);
		expect(await nickname()).toBe("granted");
		// The same key again: nothing moves, and it says so.
		const again = await grant();
		expect(again).toBeNull();
		expect(await txnsWithKey("alone:grant")).toBe(1);
		// Shop money posted straight to the ledger, with no earning behind it: the ledger's own invariants.
		await expectLedgerInvariants(server.deps.db, { ledgerOnly: true });
	});

	it("undoes itself, what goes with it included, when the wallet is short", async () => {
		const balanceBefore = await sql<{
			balance: string;
		}>`SELECT balance FROM ledger_account WHERE kind = 'member_wallet' AND member_id = ${memberId}`.execute(
			server.deps.db,
		);
		const refused = postLedgerMoves(server.deps.db, {
			tenantId: 1,
			kind: "order_payment",
			idempotencyKey: "alone:too-much",
			orderId: null,
			now: server.clock.now(),
			moves: [
				{ account: wallet, amount: -1_001 },
				{ account: shop, amount: 1_001 },
			],
			alsoWrite: () => [renameTo("paid too much")],
		});
		await expect(refused).rejects.toBeInstanceOf(BusinessError);
		await expect(refused).rejects.toMatchObject({ code: ErrorCode.InsufficientBalance });
		expect(await txnsWithKey("alone:too-much")).toBe(0);
		expect(await nickname()).toBe("granted");
		const balanceAfter = await sql<{
			balance: string;
		}>`SELECT balance FROM ledger_account WHERE kind = 'member_wallet' AND member_id = ${memberId}`.execute(
			server.deps.db,
		);
		expect(balanceAfter.rows).toEqual(balanceBefore.rows);
		// Shop money posted straight to the ledger, with no earning behind it: the ledger's own invariants.
		await expectLedgerInvariants(server.deps.db, { ledgerOnly: true });
	});

	it("writes nothing when its guard finds no row, and posts when it does", async () => {
		const post = (guardId: number, key: string) =>
			postLedgerMoves(server.deps.db, {
				tenantId: 1,
				kind: "order_payment",
				idempotencyKey: key,
				orderId: null,
				now: server.clock.now(),
				moves: [
					{ account: wallet, amount: -100 },
					{ account: shop, amount: 100 },
				],
				alsoWrite: () => [renameTo(key)],
				onlyIf: sql`SELECT id FROM member WHERE id = ${guardId}::bigint FOR UPDATE`,
			});
		await expect(post(-1, "alone:guarded")).rejects.toBeInstanceOf(LedgerGuardFailed);
		expect(await txnsWithKey("alone:guarded")).toBe(0);
		expect(await nickname()).toBe("granted");

		const posted = await post(memberId, "alone:guarded");
		expect(posted?.balanceAfter(wallet)).toBe(900);
		expect(await nickname()).toBe("alone:guarded");
		// Shop money posted straight to the ledger, with no earning behind it: the ledger's own invariants.
		await expectLedgerInvariants(server.deps.db, { ledgerOnly: true });
	});

	it("refuses to move one account twice without a transaction", async () => {
		await expect(
			postLedgerMoves(server.deps.db, {
				tenantId: 1,
				kind: "order_refund",
				idempotencyKey: "alone:twice",
				orderId: null,
				now: server.clock.now(),
				moves: [
					{ account: shop, amount: -50 },
					{ account: wallet, amount: 20 },
					{ account: wallet, amount: 30 },
				],
			}),
		).rejects.toThrow(/needs a transaction/);
		expect(await txnsWithKey("alone:twice")).toBe(0);
	});
});
