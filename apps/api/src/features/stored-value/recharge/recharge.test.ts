import { ErrorCode, formatMessage, RECHARGE_EXPIRES_AFTER_MINUTES, type RechargeMenu } from "@bayon/contract";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { decideAtSandbox, fireSandboxCallback, loseCallbacksOf, until } from "../../../../test/gateway.js";
import type { TestServer } from "../../../../test/harness.js";
import { expectLedgerInvariants, walletOf } from "../../../../test/ledger-invariants.js";
import { closeLiveSockets, connectLive } from "../../../../test/live-socket.js";
import { insertOtherTenantShop } from "../../../../test/other-tenant.js";
import {
	bonusAccount,
	newKey,
	recharge,
	rechargeCounts,
	rechargeDetail,
	rechargeLedger,
	rechargeMenu,
	savePackage,
	startRechargeServer,
	startSandboxRecharge,
	storedRecharge,
	storedValueAdmin,
} from "../../../../test/recharge.js";
import { reconcileGatewayPayments } from "../../payments/reconciliation/reconciliation.js";
import { expireUnpaidRecharges } from "./recharge-jobs.js";

/**
 * Recharging the stored balance through the sandbox gateway (issue 12, decision 021): credited
 * exactly once whatever the callbacks do, the bonus as its own ledger transaction, never-paid
 * recharges expiring, and a double tap starting one payment. After every story the whole
 * ledger must add up.
 */

let server: TestServer;
let menu: RechargeMenu;
/** The seeded "pay $50, get $55" package. */
let fifty: RechargeMenu["packages"][number];
let mobileCounter = 0;

beforeAll(async () => {
	server = await startRechargeServer();
	menu = (await rechargeMenu(server, { lang: "en" })).data;
	fifty = menu.packages.find((pkg) => pkg.payAmount === 5000) as RechargeMenu["packages"][number];
	expect(fifty).toMatchObject({ payAmount: 5000, bonusAmount: 500 });
});
afterAll(async () => {
	closeLiveSockets();
	await server?.close();
});
afterEach(async () => {
	await expectLedgerInvariants(server.deps.db);
});

/** The owner, signed in afresh (stories move the clock past an access token's life). */
const owner = () => server.signIn("13800000001");

/** A member new to the shop (no balance yet). */
function newMember() {
	return server.signIn(`1390100${String(++mobileCounter).padStart(4, "0")}`);
}

const wallet = (memberId: number) => walletOf(server.deps.db, 1, memberId);

describe("a recharge paid at the gateway", () => {
	it("is credited once when its callback comes five times at once, and once more a day later", async () => {
		const member = await newMember();
		const live = await connectLive(server, `token=${member.accessToken}`);
		const bonusBefore = await bonusAccount(server);
		const { view, paymentId } = await startSandboxRecharge(server, member.accessToken, fifty.id);
		expect(view).toMatchObject({ status: "pending", payAmount: 5000, bonusAmount: 500, paidAt: null });

		// The payer approves (the sandbox sends its own callback) while five more arrive at once.
		const [returnTo, answers] = await Promise.all([
			decideAtSandbox(server, `/sandbox-pay/checkout/${paymentId}`, "approve"),
			fireSandboxCallback(server, paymentId, 5).catch(() => null),
		]);
		expect(returnTo).toMatch(new RegExp(`/pages/components/pages/balance/balance\\?recharge=${view.id}$`));
		// The five were fired as soon as the decision was stored, or (if they came first) are fired again now.
		const settled = answers ?? (await fireSandboxCallback(server, paymentId, 5));
		expect(settled).toEqual(Array(5).fill("success"));
		await until(async () => (await storedRecharge(server, view.id)).status === "paid");

		expect(await wallet(member.userId)).toEqual({ balance: 5500, entries: 5500 });
		expect(await bonusAccount(server)).toBe(bonusBefore - 500);
		// The paid money and the bonus are separate transactions, so reports can tell them apart.
		expect(await rechargeLedger(server, view.id)).toEqual([
			{
				kind: "recharge",
				key: `recharge:${view.id}:paid`,
				entries: [
					["external_funds", -5000],
					["member_wallet", 5000],
				],
			},
			{
				kind: "recharge_bonus",
				key: `recharge:${view.id}:bonus`,
				entries: [
					["stored_value_bonus", -500],
					["member_wallet", 500],
				],
			},
		]);
		await expectLedgerInvariants(server.deps.db);
		// The member's open pages hear it once, with the new balance.
		await until(async () => live.messages.some((m) => m.type === "balance.changed"));
		expect(live.messages.filter((m) => m.type === "balance.changed").map((m) => m.data)).toEqual([
			expect.objectContaining({ reason: "recharged", balance: 5500, memberId: member.userId }),
		]);

		// A day later the gateway tries once more, and the jobs run: nothing moves again.
		server.clock.advance(24 * 3600 + 60);
		expect(await fireSandboxCallback(server, paymentId, 1)).toEqual(["success"]);
		await reconcileGatewayPayments(server.deps);
		expect(await expireUnpaidRecharges(server.deps)).toBe(0);
		expect(await wallet(member.userId)).toEqual({ balance: 5500, entries: 5500 });
		expect((await rechargeLedger(server, view.id)).map((txn) => txn.kind)).toEqual(["recharge", "recharge_bonus"]);
		const again = await server.signIn(`1390100${String(mobileCounter).padStart(4, "0")}`);
		const detail = await rechargeDetail(server, again.accessToken, view.id, "en");
		expect(detail.data).toMatchObject({ id: view.id, status: "paid", packageName: fifty.name });
		expect(detail.data.paidAt).not.toBeNull();
		expect(live.messages.filter((m) => m.type === "balance.changed")).toHaveLength(1);
	});

	it("refuses a payment of another amount than the package's and credits nothing", async () => {
		const member = await newMember();
		const { view, paymentId } = await startSandboxRecharge(server, member.accessToken, fifty.id);
		await loseCallbacksOf(server, paymentId);
		// The gateway took a cent less than it was asked for.
		await server.deps.db.updateTable("sandbox_gateway_txn").set({ amount: 4999 }).where("id", "=", paymentId).execute();
		await decideAtSandbox(server, `/sandbox-pay/checkout/${paymentId}`, "approve");

		expect(await fireSandboxCallback(server, paymentId, 3)).toEqual(Array(3).fill("fail"));
		// Asking the gateway (the return page does) finds the same mismatch.
		const detail = await rechargeDetail(server, member.accessToken, view.id);

		expect(detail.data.status).toBe("pending");
		expect(await storedRecharge(server, view.id)).toMatchObject({ status: "pending", paid_at: null });
		expect(await rechargeLedger(server, view.id)).toEqual([]);
		expect(await wallet(member.userId)).toEqual({ balance: 0, entries: 0 });
		const payment = await server.deps.db
			.selectFrom("payment")
			.select(["status", "provider_txn_id"])
			.where("id", "=", paymentId)
			.executeTakeFirstOrThrow();
		expect(payment).toEqual({ status: "pending", provider_txn_id: null });
	});

	it("credits a package without a bonus with one ledger transaction", async () => {
		const { accessToken: ownerToken } = await owner();
		const saved = await savePackage(server, ownerToken, {
			shopId: 1,
			name: { "zh-CN": "充 $10", en: "Pay $10" },
			payAmount: 1000,
			bonusAmount: 0,
			sort: 90,
		});
		expect(saved.code).toBe(0);
		const plain = saved.data.packages.find((pkg) => pkg.sort === 90 && pkg.payAmount === 1000);
		const member = await newMember();
		const { view, paymentId } = await startSandboxRecharge(server, member.accessToken, plain?.id as number);

		await decideAtSandbox(server, `/sandbox-pay/checkout/${paymentId}`, "approve");
		await until(async () => (await storedRecharge(server, view.id)).status === "paid");

		expect((await rechargeLedger(server, view.id)).map((txn) => txn.kind)).toEqual(["recharge"]);
		expect(await wallet(member.userId)).toEqual({ balance: 1000, entries: 1000 });
		// Switched off again, so later stories see the seeded menu.
		const off = await savePackage(server, ownerToken, {
			shopId: 1,
			id: plain?.id,
			version: plain?.version,
			name: { "zh-CN": "充 $10", en: "Pay $10" },
			payAmount: 1000,
			bonusAmount: 0,
			sort: 90,
			onSale: false,
		});
		expect(off.code).toBe(0);
	});

	it("shows the outcome on the return page even when the callback was lost", async () => {
		const member = await newMember();
		const { view, paymentId } = await startSandboxRecharge(server, member.accessToken, fifty.id);
		await loseCallbacksOf(server, paymentId);
		await decideAtSandbox(server, `/sandbox-pay/checkout/${paymentId}`, "approve");
		// The lost callback's one attempt has failed.
		await until(async () => {
			const row = await server.deps.db
				.selectFrom("sandbox_gateway_txn")
				.select("status")
				.where("id", "=", paymentId)
				.executeTakeFirst();
			return row?.status === "approved";
		});

		const detail = await rechargeDetail(server, member.accessToken, view.id);

		expect(detail.data.status).toBe("paid");
		expect(await wallet(member.userId)).toEqual({ balance: 5500, entries: 5500 });
	});

	it("gives up a recharge whose payment was declined, crediting nothing", async () => {
		const member = await newMember();
		const { view, paymentId } = await startSandboxRecharge(server, member.accessToken, fifty.id);

		await decideAtSandbox(server, `/sandbox-pay/checkout/${paymentId}`, "decline");
		await until(async () => (await storedRecharge(server, view.id)).status === "expired");

		expect(await rechargeLedger(server, view.id)).toEqual([]);
		expect(await wallet(member.userId)).toEqual({ balance: 0, entries: 0 });
	});
});

describe("a recharge never paid", () => {
	it("expires after its time and credits nothing", async () => {
		const member = await newMember();
		const { view } = await startSandboxRecharge(server, member.accessToken, fifty.id);
		server.clock.advance(RECHARGE_EXPIRES_AFTER_MINUTES * 60 - 5);
		expect(await expireUnpaidRecharges(server.deps)).toBe(0);
		expect((await storedRecharge(server, view.id)).status).toBe("pending");

		server.clock.advance(10);
		// The gateway is asked first: the payer never decided, so the recharge is given up.
		expect(await expireUnpaidRecharges(server.deps)).toBe(1);

		expect((await storedRecharge(server, view.id)).status).toBe("expired");
		expect(await rechargeLedger(server, view.id)).toEqual([]);
		expect(await wallet(member.userId)).toEqual({ balance: 0, entries: 0 });
		const again = await server.signIn(`1390100${String(mobileCounter).padStart(4, "0")}`);
		expect((await rechargeDetail(server, again.accessToken, view.id)).data.status).toBe("expired");
	});

	it("is still credited, once, when the gateway confirms it after it expired", async () => {
		const member = await newMember();
		const { view, paymentId } = await startSandboxRecharge(server, member.accessToken, fifty.id);
		server.clock.advance(RECHARGE_EXPIRES_AFTER_MINUTES * 60 + 5);
		expect(await expireUnpaidRecharges(server.deps)).toBe(1);
		expect((await storedRecharge(server, view.id)).status).toBe("expired");

		// The payer had the gateway's page open all along, and pays now.
		await decideAtSandbox(server, `/sandbox-pay/checkout/${paymentId}`, "approve");
		await until(async () => (await storedRecharge(server, view.id)).status === "paid");
		expect(await fireSandboxCallback(server, paymentId, 3)).toEqual(Array(3).fill("success"));

		expect(await wallet(member.userId)).toEqual({ balance: 5500, entries: 5500 });
		expect((await rechargeLedger(server, view.id)).map((txn) => txn.kind)).toEqual(["recharge", "recharge_bonus"]);
		expect(await expireUnpaidRecharges(server.deps)).toBe(0);
		expect((await storedRecharge(server, view.id)).status).toBe("paid");
	});

	it("is credited instead of expired when the gateway, asked at expiry, says it was paid", async () => {
		const member = await newMember();
		const { view, paymentId } = await startSandboxRecharge(server, member.accessToken, fifty.id);
		await loseCallbacksOf(server, paymentId);
		await decideAtSandbox(server, `/sandbox-pay/checkout/${paymentId}`, "approve");
		server.clock.advance(RECHARGE_EXPIRES_AFTER_MINUTES * 60 + 5);

		expect(await expireUnpaidRecharges(server.deps)).toBe(0);

		expect((await storedRecharge(server, view.id)).status).toBe("paid");
		expect(await wallet(member.userId)).toEqual({ balance: 5500, entries: 5500 });
	});

	it("credits once when the expiry job and the late callbacks race", async () => {
		const member = await newMember();
		const { view, paymentId } = await startSandboxRecharge(server, member.accessToken, fifty.id);
		await loseCallbacksOf(server, paymentId);
		server.clock.advance(RECHARGE_EXPIRES_AFTER_MINUTES * 60 + 5);
		await decideAtSandbox(server, `/sandbox-pay/checkout/${paymentId}`, "approve");

		const [expired, answers] = await Promise.all([
			expireUnpaidRecharges(server.deps),
			fireSandboxCallback(server, paymentId, 5),
			rechargeDetail(server, member.accessToken, view.id),
		]);

		expect(expired).toBe(0);
		expect(answers).toEqual(Array(5).fill("success"));
		expect((await storedRecharge(server, view.id)).status).toBe("paid");
		expect(await wallet(member.userId)).toEqual({ balance: 5500, entries: 5500 });
		expect((await rechargeLedger(server, view.id)).map((txn) => txn.kind)).toEqual(["recharge", "recharge_bonus"]);
	});
});

describe("starting a recharge", () => {
	it("starts one recharge and one gateway payment for a double tap with one Idempotency-Key", async () => {
		const member = await newMember();
		const before = await rechargeCounts(server);
		const key = newKey();
		const body = { packageId: fifty.id, agree: true };

		const taps = await Promise.all(
			Array.from({ length: 5 }, () => recharge(server, member.accessToken, body, { key })),
		);

		expect(taps.map((tap) => tap.code)).toEqual([0, 0, 0, 0, 0]);
		const ids = new Set(taps.map((tap) => tap.data.id));
		expect(ids.size).toBe(1);
		expect(await rechargeCounts(server)).toEqual({
			recharges: before.recharges + 1,
			payments: before.payments + 1,
		});
		const first = taps.find((tap) => tap.data.redirectUrl)?.data;
		expect(first?.redirectUrl).toMatch(/^\/sandbox-pay\/checkout\//);
		// Once the first has its checkout, a retry is sent to the same one.
		const retry = await recharge(server, member.accessToken, body, { key });
		expect(retry.data).toEqual(first);
		// The same key for something else is refused.
		const other = await recharge(server, member.accessToken, { ...body, packageId: menu.packages[1]?.id }, { key });
		expect(other.code).toBe(ErrorCode.IdempotencyKeyReused);
		expect(await rechargeCounts(server)).toEqual({
			recharges: before.recharges + 1,
			payments: before.payments + 1,
		});
	});

	it("refuses a recharge without an Idempotency-Key, changing nothing", async () => {
		const member = await newMember();
		const before = await rechargeCounts(server);

		for (const lang of ["zh-CN", "en", "km"]) {
			const answer = await recharge(
				server,
				member.accessToken,
				{ packageId: fifty.id, agree: true },
				{ key: null, lang },
			);
			expect(answer.code).toBe(ErrorCode.IdempotencyKeyRequired);
			expect(answer.msg).toBe(formatMessage("idempotencyKeyRequired", lang));
		}

		expect(await rechargeCounts(server)).toEqual(before);
	});

	it("refuses a package off sale, missing or of another tenant, in the member's language", async () => {
		const member = await newMember();
		const admin = await storedValueAdmin(server, (await owner()).accessToken);
		const hidden = admin.data.packages.find((pkg) => !pkg.onSale);
		expect(hidden).toBeDefined();
		const otherShop = await insertOtherTenantShop(server, {
			code: "other-recharge",
			name: { "zh-CN": "别家", en: "Elsewhere" },
			at: { lat: 11.56, lng: 104.92 },
		});
		expect(otherShop).toBeGreaterThan(0);
		const foreign = await server.deps.db
			.insertInto("recharge_package")
			.values({
				tenant_id: 2,
				name: JSON.stringify({ "zh-CN": "别家套餐" }),
				pay_amount: 5000,
				bonus_amount: 5000,
				created_at: new Date(),
				updated_at: new Date(),
			})
			.returning("id")
			.executeTakeFirstOrThrow();
		const before = await rechargeCounts(server);

		for (const packageId of [hidden?.id, 999_999, foreign.id])
			for (const lang of ["zh-CN", "en", "km"]) {
				const answer = await recharge(server, member.accessToken, { packageId, agree: true }, { lang });
				expect(answer.code).toBe(ErrorCode.RechargePackageUnavailable);
				expect(answer.msg).toBe(formatMessage("rechargePackageUnavailable", lang));
			}

		expect(await rechargeCounts(server)).toEqual(before);
	});

	it("shows a member only their own recharges", async () => {
		const member = await newMember();
		const stranger = await newMember();
		const { view } = await startSandboxRecharge(server, member.accessToken, fifty.id);

		const theirs = await rechargeDetail(server, stranger.accessToken, view.id, "en");
		expect(theirs.code).toBe(ErrorCode.NotFound);
		expect(theirs.data).toBeNull();
		expect((await rechargeDetail(server, stranger.accessToken, 999_999)).code).toBe(ErrorCode.NotFound);
		const visitor = await server.call("GET", `/app-api/recharge/detail?id=${view.id}`);
		expect(visitor.code).toBe(ErrorCode.Unauthorized);
		// A staff member is a member like any other here.
		expect((await rechargeDetail(server, (await owner()).accessToken, view.id)).code).toBe(ErrorCode.NotFound);
		expect((await rechargeDetail(server, member.accessToken, view.id)).data).toMatchObject({
			id: view.id,
			status: "pending",
		});
	});
});
