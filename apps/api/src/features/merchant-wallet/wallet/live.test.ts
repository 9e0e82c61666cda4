import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../../../../test/harness.js";
import {
	closeLiveSockets,
	connectLive,
	type LiveMessage,
	type LiveSocket,
	ticketFor,
	until,
} from "../../../../test/live-socket.js";
import { type MoneyCaller, MoneyFixture } from "../../../../test/merchant-money.js";
import { addShop } from "../../../../test/shops.js";

/**
 * `wallet.changed` on the websocket (decision 023): a shop's money is heard by its owners and by
 * the platform's operators only: never by its managers or staff, another shop's owner or a
 * customer. A role given or taken away counts from that moment.
 */

let server: TestServer;
let money: MoneyFixture;
let owner: MoneyCaller;
let operator: MoneyCaller;

beforeAll(async () => {
	server = await startTestServer({
		limits: { smsResendSeconds: 0, smsPerPhoneInWindow: 1000, smsPerPhonePerDay: 1000 },
	});
	money = new MoneyFixture(server);
	owner = await money.signIn("13800000001");
	operator = await money.signIn("13800000009");
});
afterAll(async () => {
	closeLiveSockets();
	await server?.close();
});

async function live(caller: MoneyCaller): Promise<LiveSocket> {
	return connectLive(server, `ticket=${await ticketFor(server, caller.accessToken)}`);
}

const walletEvents = (socket: LiveSocket, withdrawalId: number): LiveMessage["data"][] =>
	socket.messages.filter((m) => m.type === "wallet.changed" && m.data.withdrawalId === withdrawalId).map((m) => m.data);

describe("live wallet changes", () => {
	it("reach the shop's owners and the platform's operators, and nobody else", async () => {
		const shopId = await addShop(server, "live-wallet");
		await server.deps.db
			.insertInto("shop_staff")
			.values({ shop_id: shopId, member_id: owner.userId, role: "owner" })
			.execute();
		const manager = await money.withRole("13900001601", "manager", shopId);
		const staff = await money.withRole("13900001602", "staff", shopId);
		const otherOwner = await money.withRole("13900001603", "owner", await addShop(server, "live-other"));
		const customer = await money.signIn("13900001604");
		const card = await money.card(owner, shopId);
		await money.giveAvailable(shopId, 10_000);
		const [ownerSocket, operatorSocket, managerSocket, staffSocket, otherSocket, customerSocket] = await Promise.all([
			live(owner),
			live(operator),
			live(manager),
			live(staff),
			live(otherOwner),
			live(customer),
		]);
		const unheard = [managerSocket, staffSocket, otherSocket, customerSocket];

		const asked = await money.withdraw(owner, shopId, card.id, 3000);
		await until(
			() => walletEvents(ownerSocket, asked.id).length === 1 && walletEvents(operatorSocket, asked.id).length === 1,
		);

		expect(walletEvents(ownerSocket, asked.id)).toEqual([
			{
				type: "wallet.changed",
				tenantId: 1,
				shopId,
				reason: "withdrawalRequested",
				withdrawalId: asked.id,
				withdrawalStatus: 0,
			},
		]);
		for (const socket of unheard) expect(walletEvents(socket, asked.id)).toEqual([]);

		// The manager becomes an owner: from then on they hear the shop's money.
		const promoted = await server.call("POST", "/app-api/merchant/staff/role", {
			token: owner.accessToken,
			body: { shopId, memberId: manager.userId, role: "owner" },
		});
		expect(promoted.code, promoted.msg).toBe(0);
		await until(() => managerSocket.messages.some((m) => m.type === "staff.changed" && m.data.role === "owner"));
		await money.review(operator, "approve", { id: asked.id, version: 0 });
		await until(
			() => walletEvents(managerSocket, asked.id).length === 1 && walletEvents(ownerSocket, asked.id).length === 2,
		);
		expect(walletEvents(managerSocket, asked.id)[0]).toMatchObject({
			reason: "withdrawalApproved",
			withdrawalStatus: 1,
		});
		expect(walletEvents(operatorSocket, asked.id).map((event) => event.reason)).toEqual([
			"withdrawalRequested",
			"withdrawalApproved",
		]);

		// And made a manager again, no longer.
		await server.call("POST", "/app-api/merchant/staff/role", {
			token: owner.accessToken,
			body: { shopId, memberId: manager.userId, role: "manager" },
		});
		await until(() => managerSocket.messages.some((m) => m.type === "staff.changed" && m.data.role === "manager"));
		await money.review(operator, "paid", {
			id: asked.id,
			version: 1,
			reference: "FT-LIVE",
			transferDate: new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Phnom_Penh" }).format(server.clock.now()),
		});
		await until(() => walletEvents(ownerSocket, asked.id).length === 3);
		expect(walletEvents(ownerSocket, asked.id).at(-1)).toMatchObject({ reason: "withdrawalPaid", withdrawalStatus: 3 });
		expect(walletEvents(managerSocket, asked.id)).toHaveLength(1);
		for (const socket of [staffSocket, otherSocket, customerSocket]) expect(walletEvents(socket, asked.id)).toEqual([]);
		// The staff still hear the shop's orders and tables as before: only money is kept from them.
		expect(staffSocket.messages.find((m) => m.type === "ready")?.data.shopIds).toEqual([shopId]);
	});
});
