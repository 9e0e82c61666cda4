import type { RechargeInput, RechargeMenu, RechargeView, StoredValueAdmin } from "@bayon/contract";
import { expect } from "vitest";
import { paymentIdOf } from "./gateway.js";
import { startTestServer, type TestServer } from "./harness.js";

/** Helpers for stories about recharging the stored balance (issue 12). */

/** A server whose members may sign in as often as a story needs (the SMS cooldown is off). */
export function startRechargeServer() {
	return startTestServer({ limits: { smsResendSeconds: 0, smsPerPhoneInWindow: 10_000, smsPerPhonePerDay: 10_000 } });
}

let keyCounter = 0;
export const newKey = () => `recharge-test-${Date.now()}-${++keyCounter}`;

/** POST /member/user/recharge as the app sends it; `key: null` leaves the Idempotency-Key header out. */
export function recharge(
	server: TestServer,
	token: string,
	body: Partial<Record<keyof RechargeInput, unknown>> | Record<string, unknown>,
	options: { key?: string | null; lang?: string } = {},
) {
	const key = options.key === undefined ? newKey() : options.key;
	return server.call<RechargeView>("POST", "/app-api/member/user/recharge", {
		token,
		lang: options.lang,
		body,
		headers: key ? { "idempotency-key": key } : {},
	});
}

/** Starts a recharge of a package through the sandbox; returns the answer and the gateway payment's id. */
export async function startSandboxRecharge(server: TestServer, token: string, packageId: number, key = newKey()) {
	const started = await recharge(server, token, { packageId, agree: true, payMethod: "sandbox" }, { key });
	expect(started.code, started.msg).toBe(0);
	expect(started.data.redirectUrl).toMatch(/^\/sandbox-pay\/checkout\//);
	return { view: started.data, paymentId: paymentIdOf(started.data.redirectUrl as string), key };
}

export function rechargeMenu(server: TestServer, options: { token?: string; lang?: string } = {}) {
	return server.call<RechargeMenu>("GET", "/app-api/recharge/getMoneyList", options);
}

export function rechargeDetail(server: TestServer, token: string, id: number, lang?: string) {
	return server.call<RechargeView>("GET", `/app-api/recharge/detail?id=${id}`, { token, lang });
}

export function storedValueAdmin(server: TestServer, token: string, shopId = 1) {
	return server.call<StoredValueAdmin>("GET", `/app-api/merchant/stored-value?shopId=${shopId}`, { token });
}

export function savePackage(server: TestServer, token: string, body: Record<string, unknown>, lang?: string) {
	return server.call<StoredValueAdmin>("POST", "/app-api/merchant/stored-value/package", { token, body, lang });
}

export function saveAgreement(server: TestServer, token: string, body: Record<string, unknown>, lang?: string) {
	return server.call<StoredValueAdmin>("POST", "/app-api/merchant/stored-value/agreement", { token, body, lang });
}

/** The recharge as stored: read from the database, so no page (which asks the gateway) is opened. */
export const storedRecharge = (server: TestServer, id: number) =>
	server.deps.db.selectFrom("recharge").selectAll().where("id", "=", id).executeTakeFirstOrThrow();

/** The recharge's ledger transactions, oldest first, each with its entries as (account kind, amount). */
export async function rechargeLedger(server: TestServer, rechargeId: number) {
	const rows = await server.deps.db
		.selectFrom("ledger_txn as t")
		.innerJoin("ledger_entry as e", "e.txn_id", "t.id")
		.innerJoin("ledger_account as a", "a.id", "e.account_id")
		.select(["t.id", "t.kind", "t.idempotency_key", "a.kind as account", "e.amount"])
		.where("t.recharge_id", "=", rechargeId)
		.orderBy("t.id")
		.orderBy("e.amount")
		.execute();
	const txns = new Map<number, { kind: string; key: string; entries: Array<[string, number]> }>();
	for (const row of rows) {
		const txn = txns.get(row.id) ?? { kind: row.kind, key: row.idempotency_key, entries: [] };
		txn.entries.push([row.account, row.amount]);
		txns.set(row.id, txn);
	}
	return [...txns.values()];
}

/** The balance of the tenant's stored_value_bonus account (0 before any bonus was given). */
export async function bonusAccount(server: TestServer, tenantId = 1): Promise<number> {
	const row = await server.deps.db
		.selectFrom("ledger_account")
		.select("balance")
		.where("tenant_id", "=", tenantId)
		.where("kind", "=", "stored_value_bonus")
		.executeTakeFirst();
	return row?.balance ?? 0;
}

/** How many recharges and gateway payments for recharges exist: bad requests must leave both alone. */
export async function rechargeCounts(server: TestServer) {
	const [recharges, payments] = await Promise.all([
		server.deps.db
			.selectFrom("recharge")
			.select((eb) => eb.fn.countAll<string>().as("count"))
			.executeTakeFirstOrThrow(),
		server.deps.db
			.selectFrom("payment")
			.select((eb) => eb.fn.countAll<string>().as("count"))
			.where("purpose", "=", "recharge")
			.executeTakeFirstOrThrow(),
	]);
	return { recharges: Number(recharges.count), payments: Number(payments.count) };
}
