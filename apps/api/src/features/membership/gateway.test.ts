import { ErrorCode, type VipCardAdmin } from "@bayon/contract";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { decideAtSandbox, fireSandboxCallback, loseCallbacksOf, paymentIdOf, until } from "../../../test/gateway.js";
import { startTestServer, type TestServer } from "../../../test/harness.js";
import { expectLedgerInvariants } from "../../../test/ledger-invariants.js";
import { closeLiveSockets, connectLive, ticketFor, until as untilLive } from "../../../test/live-socket.js";
import { MembershipFixture } from "../../../test/membership.js";
import { reconcileGatewayPayments } from "../payments/reconciliation/reconciliation.js";
import { settleGatewayRefundDeliveries } from "../payments/refunds/refunds.js";
import { expireCardPurchases } from "./jobs.js";

/**
 * Buying a VIP card through a hosted gateway (the sandbox): the purchase waits for the
 * gateway's report, which gives the card once however often it comes, refunds the money when
 * the card can no longer be given, and is asked for when the callback does not come.
 */

type Caller = { accessToken: string; userId: number };

let server: TestServer;
let vip: MembershipFixture;
let owner: Caller;
let gold: VipCardAdmin;
let silver: VipCardAdmin;

beforeAll(async () => {
	server = await startTestServer({
		limits: { smsResendSeconds: 0, smsPerPhoneInWindow: 1000, smsPerPhonePerDay: 1000 },
	});
	vip = new MembershipFixture(server);
	owner = await server.signIn("13800000001");
	gold = await vip.cardType(owner, { name: { "zh-CN": "金卡", en: "Gold" }, price: 4900, validityDays: 365 });
	silver = await vip.cardType(owner, { name: { "zh-CN": "银卡", en: "Silver" }, price: 990, validityDays: 30 });
});
afterAll(async () => {
	closeLiveSockets();
	await server?.close();
});
beforeEach(() => {
	server.clock.advance(60);
});

/** A new member of the tenant, with this much stored value. */
const memberWith = (balance: number): Promise<Caller> => vip.memberWith(balance, "1393333");

/** Starts buying a card at the sandbox; returns the purchase and its payment's id. */
async function startAtSandbox(member: Caller, card: VipCardAdmin, key = vip.newKey()) {
	const answer = await vip.buy(member, card.id, { payMethod: "sandbox", key });
	expect(answer.code).toBe(0);
	expect(answer.data).toMatchObject({ status: "pending", payMethod: "sandbox", price: card.price, card: null });
	const redirectUrl = answer.data.redirectUrl as string;
	expect(redirectUrl).toMatch(/^\/sandbox-pay\/checkout\//);
	return { purchase: answer.data, redirectUrl, paymentId: paymentIdOf(redirectUrl), key };
}

const storedPurchase = (id: number) =>
	server.deps.db.selectFrom("card_purchase").selectAll().where("id", "=", id).executeTakeFirstOrThrow();

describe("buying a card through the sandbox", () => {
	it("gives the card once however often the callback comes, and sends the payer back to the card's page", async () => {
		const member = await memberWith(0);
		const { purchase, redirectUrl, paymentId, key } = await startAtSandbox(member, gold);
		const retried = await vip.buy(member, gold.id, { payMethod: "sandbox", key });
		expect(retried.data).toMatchObject({ id: purchase.id, status: "pending", redirectUrl });

		const location = await decideAtSandbox(server, redirectUrl, "approve");
		expect(location).toContain(`/pages/components/pages/vip/detail?id=${gold.id}&purchase=${purchase.id}`);
		const answers = await fireSandboxCallback(server, paymentId, 5);

		expect(answers).toEqual(Array(5).fill("success"));
		await until(async () => (await storedPurchase(purchase.id)).status === "paid");
		expect((await fireSandboxCallback(server, paymentId, 1))[0]).toBe("success");
		const seen = await vip.purchase(member, purchase.id);
		expect(seen.data).toMatchObject({
			id: purchase.id,
			status: "paid",
			card: { cardTypeId: gold.id, active: true, name: "Gold" },
		});
		expect(await vip.cardTxnKinds(member.userId)).toEqual(["card_purchase"]);
		expect(await vip.balanceOf(member.userId)).toBe(0);
		await expectLedgerInvariants(server.deps.db);
	});

	it("ends the purchase when the payer declines, giving nothing", async () => {
		const member = await memberWith(0);
		const { purchase, redirectUrl } = await startAtSandbox(member, silver);

		await decideAtSandbox(server, redirectUrl, "decline");

		await until(async () => (await storedPurchase(purchase.id)).status === "expired");
		expect(await vip.cardOf(member.userId)).toBeUndefined();
		expect(await vip.cardTxnKinds(member.userId)).toEqual([]);
	});

	it("refunds the money when another card became active while the payer was at the gateway", async () => {
		const member = await memberWith(2000);
		const { purchase, redirectUrl, paymentId } = await startAtSandbox(member, gold);
		// Meanwhile, in another tab, the member buys the Silver card from their balance.
		await vip.bought(member, silver.id);

		await decideAtSandbox(server, redirectUrl, "approve");

		await until(async () => (await storedPurchase(purchase.id)).status === "refunded");
		await settleGatewayRefundDeliveries(server.deps);
		expect((await vip.cardOf(member.userId))?.card_type_id).toBe(silver.id);
		expect(await vip.cardTxnKinds(member.userId)).toEqual(["card_purchase", "card_purchase", "card_refund"]);
		const refunds = await server.deps.db
			.selectFrom("gateway_refund")
			.select(["amount", "reason", "status"])
			.where("gateway_payment_id", "=", paymentId)
			.execute();
		expect(refunds).toEqual([{ amount: gold.price, reason: "card_refund", status: "succeeded" }]);
		const atSandbox = await server.deps.db
			.selectFrom("sandbox_gateway_refund")
			.select("amount")
			.where("txn_id", "=", paymentId)
			.execute();
		expect(atSandbox).toEqual([{ amount: gold.price }]);
		expect((await vip.purchase(member, purchase.id)).data).toMatchObject({ status: "refunded", card: null });
		await expectLedgerInvariants(server.deps.db);
	});

	it("asks the gateway when the member comes back before the callback", async () => {
		const member = await memberWith(0);
		const { purchase, redirectUrl, paymentId } = await startAtSandbox(member, silver);
		await loseCallbacksOf(server, paymentId);
		await decideAtSandbox(server, redirectUrl, "approve");

		const seen = await vip.purchase(member, purchase.id);

		expect(seen.data).toMatchObject({ status: "paid", card: { cardTypeId: silver.id } });
	});

	it("keeps a purchase paid at the gateway whose callback was lost, when its window passes", async () => {
		const member = await memberWith(0);
		const { purchase, redirectUrl, paymentId } = await startAtSandbox(member, silver);
		await loseCallbacksOf(server, paymentId);
		await decideAtSandbox(server, redirectUrl, "approve");
		server.clock.advance(31 * 60);

		await expireCardPurchases(server.deps);

		expect(await storedPurchase(purchase.id)).toMatchObject({ status: "paid" });
		expect((await vip.cardOf(member.userId))?.card_type_id).toBe(silver.id);
	});

	it("gives up a purchase never paid after 30 minutes, and still gives the card if the money comes later", async () => {
		const member = await memberWith(0);
		const { purchase, redirectUrl } = await startAtSandbox(member, silver);

		server.clock.advance(29 * 60);
		expect(await expireCardPurchases(server.deps)).toBe(0);
		server.clock.advance(2 * 60);
		await expireCardPurchases(server.deps);
		expect(await storedPurchase(purchase.id)).toMatchObject({ status: "expired" });
		expect(await vip.cardOf(member.userId)).toBeUndefined();

		await decideAtSandbox(server, redirectUrl, "approve");

		await until(async () => (await storedPurchase(purchase.id)).status === "paid");
		expect((await vip.cardOf(member.userId))?.card_type_id).toBe(silver.id);
		await reconcileGatewayPayments(server.deps);
		await expectLedgerInvariants(server.deps.db);
	});

	it("refuses a gateway purchase while another card is active, before sending anyone to pay", async () => {
		const member = await memberWith(1000);
		await vip.bought(member, silver.id);

		const answer = await vip.buy(member, gold.id, { payMethod: "sandbox", lang: "en" });

		expect(answer.code).toBe(ErrorCode.VipCardOtherActive);
		expect(await vip.purchasesOf(member.userId)).toHaveLength(1);
		const payments = await server.deps.db
			.selectFrom("payment")
			.select("id")
			.where("payer_member_id", "=", member.userId)
			.execute();
		expect(payments).toEqual([]);
	});

	it("tells the member's own page live that their card was bought", async () => {
		const member = await memberWith(1000);
		const live = await connectLive(server, `ticket=${await ticketFor(server, member.accessToken)}`);

		await vip.bought(member, silver.id);

		await untilLive(() => live.messages.some((message) => message.type === "balance.changed"));
		expect(live.messages.find((message) => message.type === "balance.changed")?.data).toMatchObject({
			memberId: member.userId,
			reason: "cardBought",
			balance: 10,
		});
	});
});
