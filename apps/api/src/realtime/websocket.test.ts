import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import WebSocket from "ws";
import { startTestServer, type TestServer } from "../../test/harness.js";
import { OrderingFixture } from "../../test/ordering.js";

let server: TestServer;
let fx: OrderingFixture;
let customer: { accessToken: string; userId: number };
let staff: { accessToken: string };
const sockets: WebSocket[] = [];

beforeAll(async () => {
	server = await startTestServer();
	fx = await new OrderingFixture(server).load();
});
afterAll(async () => {
	for (const socket of sockets) socket.close();
	await server?.close();
});
beforeEach(async () => {
	fx.moveClockToLocal("12:00");
	customer = await server.signIn("13800000003");
	staff = await server.signIn("13800000002");
});

interface Message {
	type: string;
	data: Record<string, unknown>;
}

/** Opens the websocket and collects what it receives. */
async function connect(
	target: TestServer,
	query: string,
	origin?: string,
): Promise<{ socket: WebSocket; messages: Message[] }> {
	const socket = new WebSocket(`${target.url.replace("http", "ws")}/infra/ws?${query}`, {
		headers: origin ? { origin } : {},
	});
	sockets.push(socket);
	const messages: Message[] = [];
	socket.on("message", (raw) => messages.push(JSON.parse(raw.toString()) as Message));
	await new Promise<void>((resolve, reject) => {
		socket.once("open", () => resolve());
		socket.once("unexpected-response", (_req, res) => reject(new Error(`HTTP ${res.statusCode}`)));
		socket.once("error", reject);
	});
	await until(() => messages.some((m) => m.type === "ready"));
	return { socket, messages };
}

async function ticketFor(target: TestServer, token: string): Promise<string> {
	const answer = await target.call<{ ticket: string }>("POST", "/app-api/infra/ws/ticket", { token });
	return answer.data.ticket;
}

async function until(condition: () => boolean, ms = 3000) {
	const start = Date.now();
	while (!condition()) {
		if (Date.now() - start > ms) throw new Error("timed out waiting for a websocket message");
		await new Promise((resolve) => setTimeout(resolve, 20));
	}
}

const orderEvents = (messages: Message[], orderId: number) =>
	messages.filter((m) => m.type === "order.changed" && m.data.orderId === orderId);

describe("live order updates", () => {
	it("tells the customer and the shop's staff about an order, and nobody else", async () => {
		const stranger = await server.signIn("13944440001");
		const mine = await connect(server, `ticket=${await ticketFor(server, customer.accessToken)}`);
		const board = await connect(server, `ticket=${await ticketFor(server, staff.accessToken)}`);
		const other = await connect(server, `token=${stranger.accessToken}`);

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

		await expect(connect(server, "")).rejects.toThrow("HTTP 401");
		await expect(connect(server, `ticket=${tampered}`)).rejects.toThrow("HTTP 401");
		await expect(connect(server, "token=not-a-token")).rejects.toThrow("HTTP 401");
		await expect(connect(server, `ticket=${ticket}`, "https://evil.example")).rejects.toThrow("HTTP 403");
		server.clock.advance(61);
		await expect(connect(server, `ticket=${ticket}`)).rejects.toThrow("HTTP 401");
	});

	it("closes the sockets of a session that signs out, on its other devices too, and only those", async () => {
		const phone = await connect(server, `ticket=${await ticketFor(server, customer.accessToken)}`);
		const tabWithToken = await connect(server, `token=${customer.accessToken}`);
		server.clock.advance(61);
		const laptop = await server.signIn("13800000003");
		const laptopSocket = await connect(server, `ticket=${await ticketFor(server, laptop.accessToken)}`);
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

		await expect(connect(server, `ticket=${ticket}`, server.url)).resolves.toBeTruthy();
		await expect(connect(server, `ticket=${ticket}`, "https://web.telegram.org")).resolves.toBeTruthy();
	});
});

describe.runIf(process.env.TEST_DATABASE === "postgres")("several API servers", () => {
	let second: TestServer;
	beforeAll(async () => {
		second = await startTestServer({ sameDatabaseAs: server });
	});
	afterAll(async () => {
		await second?.close();
	});

	it("delivers a change made on one server to a client connected to another", async () => {
		const board = await connect(second, `ticket=${await ticketFor(second, staff.accessToken)}`);

		const order = await fx.paidOrder(customer.accessToken, "Fresh young coconut");

		await until(() => orderEvents(board.messages, order.id).some((m) => m.data.reason === "paid"));
		expect(orderEvents(board.messages, order.id).map((m) => m.data.reason)).toEqual(["created", "paid"]);
	});
});

describe.runIf(process.env.TEST_DATABASE === "postgres" && process.env.TEST_REDIS_URL)(
	"several API servers with Redis",
	() => {
		let first: TestServer;
		let second: TestServer;
		beforeAll(async () => {
			first = await startTestServer({ sameDatabaseAs: server, redisUrl: process.env.TEST_REDIS_URL });
			second = await startTestServer({ sameDatabaseAs: server, redisUrl: process.env.TEST_REDIS_URL });
		});
		afterAll(async () => {
			await first?.close();
			await second?.close();
		});

		it("delivers a change made on one server to a client connected to another", async () => {
			// Same database, same moment: the shop is open and SMS limits agree on every server.
			first.clock.set(server.clock.now());
			second.clock.set(server.clock.now());
			const staffOnSecond = await second.signIn("13800000001");
			const board = await connect(second, `ticket=${await ticketFor(second, staffOnSecond.accessToken)}`);
			const buyer = await first.signIn("13955550099");
			const onFirst = await new OrderingFixture(first).load();
			await onFirst.grant(buyer.userId, 1000);

			const order = await onFirst.paidOrder(buyer.accessToken, "Fresh young coconut");

			await until(() => orderEvents(board.messages, order.id).some((m) => m.data.reason === "paid"));
			expect(orderEvents(board.messages, order.id).map((m) => m.data.reason)).toEqual(["created", "paid"]);
		});
	},
);
