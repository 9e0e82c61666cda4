import { LiveSocketClose } from "@bayon/contract";
import { sql } from "kysely";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import WebSocket from "ws";
import { startTestServer, type TestServer } from "../../test/harness.js";
import {
	closeLiveSockets,
	closeOf,
	connectLive,
	type LiveSocket,
	orderEvents,
	ticketFor,
	until,
} from "../../test/live-socket.js";
import { OrderingFixture } from "../../test/ordering.js";
import type { WalletChangedEvent } from "./bus.js";

/**
 * Issue 27: rights taken away while a socket is open apply to it at once, on every server, and
 * the socket is told why: a member removed from a shop's staff or given a lower role, a platform
 * operator removed, a member disabled; by the app or with SQL (operators and disabling have no
 * route), and also when the event telling it was missed (the bus was down).
 */

let server: TestServer;
let fx: OrderingFixture;
let owner: { accessToken: string; userId: number };
let customer: { accessToken: string; userId: number };

beforeAll(async () => {
	server = await startTestServer();
	fx = await new OrderingFixture(server).load();
	await fx.grant((await server.signIn("13900002701")).userId, 100_000);
});
afterAll(async () => {
	closeLiveSockets();
	await server?.close();
});
beforeEach(async () => {
	// The shop is open; sessions are signed in after the clock moved, so they are fresh.
	fx.moveClockToLocal("12:00");
	owner = await server.signIn("13800000001");
	customer = await server.signIn("13900002701");
});

const COCONUT = "Fresh young coconut";
const live = async (target: TestServer, token: string) =>
	connectLive(target, `ticket=${await ticketFor(target, token)}`);
const staffChanges = (socket: LiveSocket) =>
	socket.messages.filter((m) => m.type === "staff.changed").map((m) => m.data);

async function addStaff(mobile: string, role: "owner" | "manager" | "staff") {
	const added = await server.call("POST", "/app-api/merchant/staff/add", {
		token: owner.accessToken,
		body: { shopId: 1, mobile, role },
	});
	expect(added.code, added.msg).toBe(0);
	return server.signIn(mobile);
}

/** A wallet event of shop 1, as the money features publish it. */
async function walletNews(reason: string) {
	const event: WalletChangedEvent = {
		type: "wallet.changed",
		tenantId: 1,
		shopId: 1,
		reason,
		withdrawalId: null,
		withdrawalStatus: null,
	};
	await server.deps.events.publish(event);
}
const walletHeard = (socket: LiveSocket, reason: string) =>
	socket.messages.some((m) => m.type === "wallet.changed" && m.data.reason === reason);

describe("a staff member removed", () => {
	it("hears the shop's orders, then nothing more from the removal on, and is told why", async () => {
		const clerk = await addStaff("13900002711", "staff");
		const clerkSocket = await live(server, clerk.accessToken);
		const ownerSocket = await live(server, owner.accessToken);
		const before = await fx.paidOrder(customer.accessToken, COCONUT);
		await until(() => orderEvents(clerkSocket.messages, before.id).length >= 2);

		const removed = await server.call("POST", "/app-api/merchant/staff/remove", {
			token: owner.accessToken,
			body: { shopId: 1, memberId: clerk.userId },
		});
		expect(removed.code, removed.msg).toBe(0);
		await until(() => staffChanges(clerkSocket).length > 0);
		const after = await fx.paidOrder(customer.accessToken, COCONUT);
		await until(() => orderEvents(ownerSocket.messages, after.id).length >= 2);

		// Told once, although both the app and the database announce it.
		expect(staffChanges(clerkSocket)).toEqual([{ shopId: 1, role: null }]);
		expect(orderEvents(clerkSocket.messages, after.id)).toEqual([]);
	});

	it("with SQL, hears nothing more of the shop at once and is told why", async () => {
		const clerk = await addStaff("13900002712", "staff");
		const clerkSocket = await live(server, clerk.accessToken);
		const ownerSocket = await live(server, owner.accessToken);

		await server.deps.db.deleteFrom("shop_staff").where("member_id", "=", clerk.userId).execute();
		await until(() => staffChanges(clerkSocket).length > 0);
		const after = await fx.paidOrder(customer.accessToken, COCONUT);
		await until(() => orderEvents(ownerSocket.messages, after.id).length >= 2);

		expect(staffChanges(clerkSocket)).toEqual([{ shopId: 1, role: null }]);
		expect(orderEvents(clerkSocket.messages, after.id)).toEqual([]);
	});
});

describe("a role lowered", () => {
	it("an owner made a manager with SQL hears the shop's money no more, and is told", async () => {
		const partner = await addStaff("13900002721", "owner");
		const partnerSocket = await live(server, partner.accessToken);
		const ownerSocket = await live(server, owner.accessToken);
		await walletNews("earned");
		await until(() => walletHeard(partnerSocket, "earned"));

		await server.deps.db
			.updateTable("shop_staff")
			.set({ role: "manager" })
			.where("member_id", "=", partner.userId)
			.execute();
		await until(() => staffChanges(partnerSocket).length > 0);
		await walletNews("settled");
		await until(() => walletHeard(ownerSocket, "settled"));

		expect(staffChanges(partnerSocket)).toEqual([{ shopId: 1, role: "manager" }]);
		expect(walletHeard(partnerSocket, "settled")).toBe(false);
	});
});

describe("a platform operator removed", () => {
	it("hears no shop's money from then on and is told", async () => {
		const operator = await server.signIn("13800000009");
		const operatorSocket = await live(server, operator.accessToken);
		const ownerSocket = await live(server, owner.accessToken);
		await walletNews("withdrawalRequested");
		await until(() => walletHeard(operatorSocket, "withdrawalRequested"));

		await server.deps.db.deleteFrom("platform_operator").where("member_id", "=", operator.userId).execute();
		await until(() => operatorSocket.messages.some((m) => m.type === "operator.changed"));
		await walletNews("withdrawalApproved");
		await until(() => walletHeard(ownerSocket, "withdrawalApproved"));

		expect(operatorSocket.messages.find((m) => m.type === "operator.changed")?.data).toEqual({
			platformOperator: false,
		});
		expect(walletHeard(operatorSocket, "withdrawalApproved")).toBe(false);
		await server.deps.db.insertInto("platform_operator").values({ tenant_id: 1, member_id: operator.userId }).execute();
	});
});

describe("a member disabled", () => {
	it("has their sockets closed with the reason", async () => {
		const clerk = await addStaff("13900002731", "staff");
		const clerkSocket = await live(server, clerk.accessToken);
		const closed = closeOf(clerkSocket.socket);

		await server.deps.db.updateTable("member").set({ status: "disabled" }).where("id", "=", clerk.userId).execute();

		// At once, not at the next periodic re-check.
		await until(() => clerkSocket.socket.readyState === WebSocket.CLOSED, 3000, "the socket to close");
		expect(await closed).toEqual({ code: LiveSocketClose.SessionEnded, reason: "member disabled" });
	});
});

describe("a change whose announcement was missed", () => {
	it("applies when the bus recovers (resync), as on the periodic re-check", async () => {
		const clerk = await addStaff("13900002741", "staff");
		const clerkSocket = await live(server, clerk.accessToken);
		const ownerSocket = await live(server, owner.accessToken);

		// Removed without the database's announcement (triggers off for this transaction), as
		// if the bus had been down when it was sent.
		await server.deps.db.transaction().execute(async (trx) => {
			await sql`SET LOCAL session_replication_role = replica`.execute(trx);
			await trx.deleteFrom("shop_staff").where("member_id", "=", clerk.userId).execute();
		});
		await server.deps.events.publish({ type: "bus.resync" });
		await until(() => staffChanges(clerkSocket).length > 0);
		const after = await fx.paidOrder(customer.accessToken, COCONUT);
		await until(() => orderEvents(ownerSocket.messages, after.id).length >= 2);

		expect(staffChanges(clerkSocket)).toEqual([{ shopId: 1, role: null }]);
		expect(orderEvents(clerkSocket.messages, after.id)).toEqual([]);
	});
});
