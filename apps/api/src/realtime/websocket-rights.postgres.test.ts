import { LiveSocketClose } from "@bayon/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
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

/**
 * Issue 27, on several API servers sharing one PostgreSQL database: rights taken away on one
 * server apply at once to the sockets held by another (websocket-rights.test.ts tells the rest).
 */

let server: TestServer;
let second: TestServer;
let fx: OrderingFixture;

beforeAll(async () => {
	server = await startTestServer();
	second = await startTestServer({ sameDatabaseAs: server });
	fx = await new OrderingFixture(server).load();
});
afterAll(async () => {
	closeLiveSockets();
	await second?.close();
	await server?.close();
});

const live = async (target: TestServer, token: string) =>
	connectLive(target, `ticket=${await ticketFor(target, token)}`);
const staffChanges = (socket: LiveSocket) =>
	socket.messages.filter((m) => m.type === "staff.changed").map((m) => m.data);

describe("several API servers", () => {
	it("a staff member removed on one server stops hearing the shop on another, and is told why; a member disabled there is closed", async () => {
		fx.moveClockToLocal("12:00");
		second.clock.set(server.clock.now());
		const owner = await server.signIn("13800000001");
		const customer = await server.signIn("13900002761");
		await fx.grant(customer.userId, 100_000);
		const added = await server.call("POST", "/app-api/merchant/staff/add", {
			token: owner.accessToken,
			body: { shopId: 1, mobile: "13900002751", role: "staff" },
		});
		expect(added.code, added.msg).toBe(0);
		const clerk = await server.signIn("13900002751");
		// Sessions are the database's: a token from one server opens a socket on the other.
		const onSecond = await live(second, clerk.accessToken);
		const ownerOnSecond = await live(second, owner.accessToken);
		const disabledOnSecond = await live(second, (await server.signIn("13900002752")).accessToken);
		const closed = closeOf(disabledOnSecond.socket);
		const before = await fx.paidOrder(customer.accessToken, "Fresh young coconut");
		await until(() => orderEvents(onSecond.messages, before.id).length >= 2);

		await server.call("POST", "/app-api/merchant/staff/remove", {
			token: owner.accessToken,
			body: { shopId: 1, memberId: clerk.userId },
		});
		await server.deps.db
			.updateTable("member")
			.set({ status: "disabled" })
			.where("mobile", "=", "13900002752")
			.where("tenant_id", "=", 1)
			.execute();
		await until(() => staffChanges(onSecond).length > 0);
		const after = await fx.paidOrder(customer.accessToken, "Fresh young coconut");
		await until(() => orderEvents(ownerOnSecond.messages, after.id).length >= 2);

		expect(staffChanges(onSecond)).toEqual([{ shopId: 1, role: null }]);
		expect(orderEvents(onSecond.messages, after.id)).toEqual([]);
		expect(await closed).toEqual({ code: LiveSocketClose.SessionEnded, reason: "member disabled" });
		expect(disabledOnSecond.socket.readyState).toBe(WebSocket.CLOSED);
	});
});
