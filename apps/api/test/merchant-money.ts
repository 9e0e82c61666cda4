import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import {
	type ApiEnvelope,
	type BankCardView,
	IDEMPOTENCY_HEADER,
	type MoneyCodeSent,
	SmsScene,
	type WithdrawalPage,
	type WithdrawalView,
} from "@bayon/contract";
import { sql } from "kysely";
import { expect } from "vitest";
import { postLedgerTxn } from "../src/features/wallet/ledger.js";
import type { TestServer } from "./harness.js";

/** A signed-in member and the phone their codes go to. */
export interface MoneyCaller {
	accessToken: string;
	userId: number;
	mobile: string;
}

export interface CardFields {
	holder?: string;
	bank?: string;
	cardNumber?: string;
}

/**
 * Bank cards, withdrawals and the platform's review through HTTP (decision 023), with the ledger
 * read straight from the database to check where the money is.
 */
export class MoneyFixture {
	private cardSerial = 0;

	constructor(readonly server: TestServer) {}

	async signIn(mobile: string): Promise<MoneyCaller> {
		return { ...(await this.server.signIn(mobile)), mobile };
	}

	/** Signs a member in and puts them on a shop's staff with a role. */
	async withRole(mobile: string, role: "owner" | "manager" | "staff", shopId: number): Promise<MoneyCaller> {
		const caller = await this.signIn(mobile);
		await this.server.deps.db
			.insertInto("shop_staff")
			.values({ shop_id: shopId, member_id: caller.userId, role })
			.execute();
		return caller;
	}

	/** Makes a member a platform operator of the demo tenant. */
	async operator(mobile: string): Promise<MoneyCaller> {
		const caller = await this.signIn(mobile);
		await this.server.deps.db
			.insertInto("platform_operator")
			.values({ tenant_id: 1, member_id: caller.userId })
			.onConflict((oc) => oc.doNothing())
			.execute();
		return caller;
	}

	/**
	 * Settled money for a shop, straight into its available account from the outside world.
	 * Earning it the real way (an order completed, the hold passed, the settlement job run) is
	 * the earnings part's to build and test; here only what a withdrawal does with money counts.
	 */
	async giveAvailable(shopId: number, amount: number): Promise<void> {
		await this.server.deps.db.transaction().execute((trx) =>
			postLedgerTxn(trx, {
				tenantId: 1,
				kind: "wallet_grant",
				idempotencyKey: `test-settled:${shopId}:${randomUUID()}`,
				orderId: null,
				now: this.server.clock.now(),
				moves: [
					{ account: { kind: "external_funds", tenantId: 1 }, amount: -amount },
					{ account: { kind: "shop_available", tenantId: 1, shopId }, amount },
				],
			}),
		);
	}

	/** A refund after settlement larger than the shop's available money: it then owes the difference. */
	async owe(shopId: number, amount: number): Promise<void> {
		await this.server.deps.db.transaction().execute((trx) =>
			postLedgerTxn(trx, {
				tenantId: 1,
				kind: "wallet_grant",
				idempotencyKey: `test-owed:${shopId}:${randomUUID()}`,
				orderId: null,
				now: this.server.clock.now(),
				moves: [
					{ account: { kind: "shop_available", tenantId: 1, shopId }, amount: -amount, mayOwe: true },
					{ account: { kind: "external_funds", tenantId: 1 }, amount },
				],
			}),
		);
	}

	/** The shop's three money accounts as the ledger has them, and what has been paid out to banks. */
	async balances(shopId: number): Promise<{ available: number; withdrawing: number; payouts: number }> {
		const rows = await this.server.deps.db
			.selectFrom("ledger_account")
			.select(["kind", "shop_id", "balance"])
			.where("tenant_id", "=", 1)
			.where("kind", "in", ["shop_available", "shop_withdrawing", "shop_payouts"])
			.execute();
		const of = (kind: string, shop: number | null) =>
			Number(rows.find((row) => row.kind === kind && row.shop_id === shop)?.balance ?? 0);
		return {
			available: of("shop_available", shopId),
			withdrawing: of("shop_withdrawing", shopId),
			payouts: of("shop_payouts", null),
		};
	}

	/** The newest code the SMS outbox holds for a phone and scene. */
	lastCode(mobile: string, scene: SmsScene = SmsScene.MoneyStepUp): string {
		const lines = readFileSync(path.join(this.server.dataDir, "sms-outbox.jsonl"), "utf8").trim().split("\n");
		const sent = lines
			.map((line) => JSON.parse(line) as { mobile: string; code: string; scene: number })
			.filter((message) => message.mobile === mobile && message.scene === scene);
		const last = sent.at(-1);
		if (!last) throw new Error(`no code of scene ${scene} sent to ${mobile}`);
		return last.code;
	}

	sendCode(caller: MoneyCaller, shopId: number, lang?: string): Promise<ApiEnvelope<MoneyCodeSent>> {
		return this.server.call("POST", "/app-api/merchant/money/send-code", {
			token: caller.accessToken,
			body: { shopId },
			...(lang ? { lang } : {}),
		});
	}

	/** Sends a step-up code to the caller's phone and returns it. */
	async freshCode(caller: MoneyCaller, shopId: number): Promise<string> {
		const sent = await this.sendCode(caller, shopId);
		expect(sent.code, sent.msg).toBe(0);
		return this.lastCode(caller.mobile);
	}

	/** A 16-digit number no other test card has. */
	newCardNumber(): string {
		this.cardSerial++;
		return `6222${String(Date.now() % 1e8).padStart(8, "0")}${String(this.cardSerial).padStart(4, "0")}`;
	}

	addCardCall(caller: MoneyCaller, body: Record<string, unknown>, lang?: string): Promise<ApiEnvelope<BankCardView>> {
		return this.server.call("POST", "/app-api/merchant/cards/add", {
			token: caller.accessToken,
			body,
			...(lang ? { lang } : {}),
		});
	}

	/** Adds a card with a fresh code; fails the test if refused. */
	async card(caller: MoneyCaller, shopId: number, fields: CardFields = {}): Promise<BankCardView> {
		const code = await this.freshCode(caller, shopId);
		const added = await this.addCardCall(caller, {
			shopId,
			holder: fields.holder ?? "Sok Dara",
			bank: fields.bank ?? "ABA Bank",
			cardNumber: fields.cardNumber ?? this.newCardNumber(),
			code,
		});
		expect(added.code, added.msg).toBe(0);
		return added.data;
	}

	cards(caller: MoneyCaller, shopId: number): Promise<ApiEnvelope<BankCardView[]>> {
		return this.server.call("GET", `/app-api/merchant/cards?shopId=${shopId}`, { token: caller.accessToken });
	}

	removeCard(caller: MoneyCaller, shopId: number, cardId: number): Promise<ApiEnvelope<BankCardView[]>> {
		return this.server.call("POST", "/app-api/merchant/cards/remove", {
			token: caller.accessToken,
			body: { shopId, cardId },
		});
	}

	newKey(): string {
		return `withdraw-${randomUUID()}`;
	}

	withdrawCall(
		caller: MoneyCaller,
		body: Record<string, unknown>,
		options: { key?: string | null; lang?: string } = {},
	): Promise<ApiEnvelope<WithdrawalView>> {
		const key = options.key === undefined ? this.newKey() : options.key;
		return this.server.call("POST", "/app-api/merchant/withdrawals/create", {
			token: caller.accessToken,
			body,
			headers: key === null ? {} : { [IDEMPOTENCY_HEADER]: key },
			...(options.lang ? { lang: options.lang } : {}),
		});
	}

	/** Asks for a withdrawal with a fresh code; fails the test if refused. */
	async withdraw(caller: MoneyCaller, shopId: number, cardId: number, amount: number): Promise<WithdrawalView> {
		const code = await this.freshCode(caller, shopId);
		const asked = await this.withdrawCall(caller, { shopId, amount, cardId, code });
		expect(asked.code, asked.msg).toBe(0);
		return asked.data;
	}

	shopWithdrawals(caller: MoneyCaller, query: string): Promise<ApiEnvelope<WithdrawalPage>> {
		return this.server.call("GET", `/app-api/merchant/withdrawals?${query}`, { token: caller.accessToken });
	}

	shopWithdrawal(caller: MoneyCaller, shopId: number, id: number): Promise<ApiEnvelope<WithdrawalView>> {
		return this.server.call("GET", `/app-api/merchant/withdrawals/detail?shopId=${shopId}&id=${id}`, {
			token: caller.accessToken,
		});
	}

	platformWithdrawals(caller: MoneyCaller, query = ""): Promise<ApiEnvelope<WithdrawalPage>> {
		return this.server.call("GET", `/app-api/platform/withdrawals${query ? `?${query}` : ""}`, {
			token: caller.accessToken,
		});
	}

	platformWithdrawal(caller: MoneyCaller, id: number): Promise<ApiEnvelope<WithdrawalView>> {
		return this.server.call("GET", `/app-api/platform/withdrawals/detail?id=${id}`, { token: caller.accessToken });
	}

	review(
		caller: MoneyCaller,
		action: "approve" | "reject" | "paid",
		body: Record<string, unknown>,
		lang?: string,
	): Promise<ApiEnvelope<WithdrawalView>> {
		return this.server.call("POST", `/app-api/platform/withdrawals/${action}`, {
			token: caller.accessToken,
			body,
			...(lang ? { lang } : {}),
		});
	}

	/**
	 * What must hold of a shop's in-withdrawal money besides the ledger's own invariants: it is
	 * exactly the amounts of its unaudited and awaiting-arrival withdrawals.
	 */
	async expectWithdrawingMatchesOpenWithdrawals(): Promise<void> {
		const drifted = await sql<{ shop_id: number; balance: string; open: string }>`
			SELECT a.shop_id, a.balance, coalesce((SELECT sum(w.amount) FROM shop_withdrawal w
				WHERE w.shop_id = a.shop_id AND w.status IN (0, 1)), 0) AS open
			FROM ledger_account a WHERE a.kind = 'shop_withdrawing'
				AND a.balance <> coalesce((SELECT sum(w.amount) FROM shop_withdrawal w
					WHERE w.shop_id = a.shop_id AND w.status IN (0, 1)), 0)`.execute(this.server.deps.db);
		expect(drifted.rows, "shops whose in-withdrawal money differs from their open withdrawals").toEqual([]);
	}
}
