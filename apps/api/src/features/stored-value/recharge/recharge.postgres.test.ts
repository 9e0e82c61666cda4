import type { RechargeMenu } from "@bayon/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { decideAtSandbox, fireSandboxCallback, loseCallbacksOf } from "../../../../test/gateway.js";
import type { TestServer } from "../../../../test/harness.js";
import { expectLedgerInvariants, walletOf } from "../../../../test/ledger-invariants.js";
import {
	rechargeDetail,
	rechargeMenu,
	startRechargeServer,
	startSandboxRecharge,
	storedRecharge,
} from "../../../../test/recharge.js";
import { reconcileGatewayPayments } from "../../payments/reconciliation/reconciliation.js";
import { expireUnpaidRecharges } from "./recharge-jobs.js";

let server: TestServer;
/** The seeded "pay $50, get $55" package. */
let fifty: RechargeMenu["packages"][number];
let mobileCounter = 0;

beforeAll(async () => {
	server = await startRechargeServer();
	const menu = (await rechargeMenu(server, { lang: "en" })).data;
	fifty = menu.packages.find((pkg) => pkg.payAmount === 5000) as RechargeMenu["packages"][number];
	expect(fifty).toMatchObject({ payAmount: 5000, bonusAmount: 500 });
});
afterAll(async () => {
	await server?.close();
});

/** A member new to the shop (no balance yet). */
function newMember() {
	return server.signIn(`1390200${String(++mobileCounter).padStart(4, "0")}`);
}

const wallet = (memberId: number) => walletOf(server.deps.db, 1, memberId);

/**
 * Many members at once on PostgreSQL (PGlite has one connection, so nothing runs at the same
 * time there): each paid recharge is credited once and the ledger adds up. Only the PostgreSQL
 * project collects this file (vitest.config.ts).
 */
describe("members recharging at the same moment", () => {
	it("credits each paid recharge once while callbacks, status questions and the jobs race", async () => {
		const members = await Promise.all(Array.from({ length: 12 }, () => newMember()));
		const started = await Promise.all(
			members.map((member) => startSandboxRecharge(server, member.accessToken, fifty.id)),
		);
		for (const { paymentId } of started) await loseCallbacksOf(server, paymentId);
		await Promise.all(
			started.map(({ paymentId }, i) =>
				decideAtSandbox(server, `/sandbox-pay/checkout/${paymentId}`, i % 4 === 3 ? "decline" : "approve"),
			),
		);

		await Promise.all([
			...started.flatMap(({ paymentId }) => [fireSandboxCallback(server, paymentId, 3)]),
			...started.map(({ view }, i) => rechargeDetail(server, members[i]?.accessToken as string, view.id)),
			reconcileGatewayPayments(server.deps),
			expireUnpaidRecharges(server.deps),
		]);

		for (const [i, { view }] of started.entries()) {
			const declined = i % 4 === 3;
			expect((await storedRecharge(server, view.id)).status).toBe(declined ? "expired" : "paid");
			expect(await wallet(members[i]?.userId as number)).toEqual(
				declined ? { balance: 0, entries: 0 } : { balance: 5500, entries: 5500 },
			);
		}
		await expectLedgerInvariants(server.deps.db);
	});
});
