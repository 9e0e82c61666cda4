import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import WebSocket from "ws";
import { startTestServer, type TestServer } from "../../test/harness.js";
import { closeLiveSockets, connectLive, orderEvents, ticketFor, until } from "../../test/live-socket.js";
import { OrderingFixture } from "../../test/ordering.js";

let server: TestServer;
let fx: OrderingFixture;
let customer: { accessToken: string; userId: number };
let staff: { accessToken: string };

beforeAll(async () => {
	server = await startTestServer();
	fx = await new OrderingFixture(server).load();
});
afterAll(async () => {
	closeLiveSockets();
	await server?.close();
});
beforeEach(async () => {
	fx.moveClockToLocal("12:00");
	customer = await server.signIn("13800000003");
	staff = await server.signIn("13800000002");
});

// Several API servers: websocket.postgres.test.ts, and through Redis websocket.redis.test.ts.
describe("live order updates", () => {
	it("tells the customer and the shop's staff about an order, and nobody else", async () => {
		const stranger = await server.signIn("13944440001");
		const mine = await connectLive(server, `ticket=${await ticketFor(server, customer.accessToken)}`);
		const board = await connectLive(server, `ticket=${await ticketFor(server, staff.accessToken)}`);
		const other = await connectLive(server, `token=${stranger.accessToken}`);

		const order = await fx.paidOrder(customer.accessToken, "Fresh young coconut");
		await server.call("POST", "/app-api/merchant/order/action", {
			token: staff.accessToken,
			body: { orderId: order.id, action: "accept" },
		});

		await until(
			() => orderEvents(mine.messages, order.id).length >= 3 && orderEvents(board.messages, order.id).length >= 3,
		);
		expect(orderEvents(mine.messages, order.id).map((m) => m.data.reason)).toEqual(["created", "paid", "accept"]);
		expect(orderEvents(board.messages, order.id).at(-1)?.data).toMatchObject({ status: "in_production", shopId: 1 });
		expect(orderEvents(other.messages, order.id)).toEqual([]);
	});

	it("refuses a connection without a valid ticket or token, an expired ticket, and a foreign origin", async () => {
		const ticket = await ticketFor(server, customer.accessToken);
		const tampered = ticket.replace(/-(\d+)-/, (_m, id: string) => `-${Number(id) + 1}-`);

		await expect(connectLive(server, "")).rejects.toThrow("HTTP 401");
		await expect(connectLive(server, `ticket=${tampered}`)).rejects.toThrow("HTTP 401");
		await expect(connectLive(server, "token=not-a-token")).rejects.toThrow("HTTP 401");
		// A tenant that is not plain digits is not read as tenant 1, and a repeated key is not taken apart.
		await expect(connectLive(server, `token=${customer.accessToken}&tenant=0x1`)).rejects.toThrow("HTTP 401");
		await expect(connectLive(server, `token=${customer.accessToken}&tenant=1e0`)).rejects.toThrow("HTTP 401");
		await expect(connectLive(server, `token=${customer.accessToken}&token=${customer.accessToken}`)).rejects.toThrow(
			"HTTP 401",
		);
		const plain = await connectLive(server, `token=${customer.accessToken}&tenant=1`);
		expect(plain.messages[0]?.type).toBe("ready");
		await expect(connectLive(server, `ticket=${ticket}`, "https://evil.example")).rejects.toThrow("HTTP 403");
		server.clock.advance(61);
		await expect(connectLive(server, `ticket=${ticket}`)).rejects.toThrow("HTTP 401");
	});

	it("closes the sockets of a session that signs out, on its other devices too, and only those", async () => {
		const phone = await connectLive(server, `ticket=${await ticketFor(server, customer.accessToken)}`);
		const tabWithToken = await connectLive(server, `token=${customer.accessToken}`);
		server.clock.advance(61);
		const laptop = await server.signIn("13800000003");
		const laptopSocket = await connectLive(server, `ticket=${await ticketFor(server, laptop.accessToken)}`);
		const closed = (socket: WebSocket) =>
			new Promise<number>((resolve) => socket.once("close", (code: number) => resolve(code)));
		const phoneClosed = closed(phone.socket);
		const tabClosed = closed(tabWithToken.socket);

		const signedOut = await server.call("POST", "/app-api/member/auth/logout", { token: customer.accessToken });

		expect(signedOut.code).toBe(0);
		expect(await phoneClosed).toBe(4401);
		expect(await tabClosed).toBe(4401);
		// The laptop signed in separately: it keeps its session and its live updates.
		expect(laptopSocket.socket.readyState).toBe(WebSocket.OPEN);
		const order = await fx.paidOrder(laptop.accessToken, "Fresh young coconut");
		await until(() => orderEvents(laptopSocket.messages, order.id).length >= 2);
	});

	it("accepts our own origin and Telegram's web client", async () => {
		const ticket = await ticketFor(server, customer.accessToken);

		await expect(connectLive(server, `ticket=${ticket}`, server.url)).resolves.toBeTruthy();
		await expect(connectLive(server, `ticket=${ticket}`, "https://web.telegram.org")).resolves.toBeTruthy();
	});
});
