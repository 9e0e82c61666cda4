import { afterAll, beforeAll, describe, expect, it } from "vitest";
import WebSocket from "ws";
import { startTestServer, type TestServer } from "../../../../test/harness.js";
import { type LiveMessage, until } from "../../../../test/live-socket.js";
import { OrderingFixture } from "../../../../test/ordering.js";
import { addShop } from "../../../../test/shops.js";
import { SHOP_FEED_PER_ADDRESS } from "./shop-feed.js";

let server: TestServer;
let fx: OrderingFixture;
let owner: string;
let staff: string;
let otherShopId: number;
const opened: WebSocket[] = [];

interface Feed {
	socket: WebSocket;
	messages: LiveMessage[];
}

/** Opens the public shop feed with a query, without signing in, and waits for `ready`. */
async function openFeed(query: string, origin?: string): Promise<Feed> {
	const socket = new WebSocket(`${server.url.replace("http", "ws")}/infra/ws/shop?${query}`, {
		headers: origin ? { origin } : {},
	});
	opened.push(socket);
	const messages: LiveMessage[] = [];
	socket.on("message", (raw) => messages.push(JSON.parse(raw.toString()) as LiveMessage));
	await new Promise<void>((resolve, reject) => {
		socket.once("open", () => resolve());
		socket.once("unexpected-response", (_req, res) => reject(new Error(`HTTP ${res.statusCode}`)));
		socket.once("error", reject);
	});
	await until(() => messages.some((m) => m.type === "ready"));
	return { socket, messages };
}

const closeAll = async () => {
	const sockets = opened.splice(0);
	for (const socket of sockets) socket.close();
	await until(() => sockets.every((socket) => socket.readyState === WebSocket.CLOSED), 3000, "the feeds to close");
};

const ofType = (feed: Feed, type: string) => feed.messages.filter((m) => m.type === type);

beforeAll(async () => {
	server = await startTestServer();
	fx = await new OrderingFixture(server).load();
	fx.moveClockToLocal("12:00");
	owner = (await server.signIn("13800000001")).accessToken;
	staff = (await server.signIn("13800000002")).accessToken;
	otherShopId = await addShop(server, "feed-other");
});
afterAll(async () => {
	await closeAll();
	await server?.close();
});

describe("the public shop feed (issue 27: customers see changes without reloading)", () => {
	it("tells anyone looking at the shop about a sold-out tap (any menu change) and a pause, and nobody looking at another shop", async () => {
		const guest = await openFeed("shopId=1");
		const otherShop = await openFeed(`shopId=${otherShopId}`);
		expect(guest.messages[0]).toEqual({ type: "ready", data: { shopId: 1 } });
		const item = fx.item("Fresh young coconut");

		const soldOut = await server.call("POST", "/app-api/merchant/menu/sold-out", {
			token: staff,
			body: { shopId: 1, kind: "item", id: item.id, soldOut: true },
		});
		expect(soldOut.code).toBe(0);
		await until(() => ofType(guest, "menu.changed").length === 1);
		expect(ofType(guest, "menu.changed")[0]?.data).toMatchObject({ shopId: 1, version: expect.any(Number) });

		const back = await server.call("POST", "/app-api/merchant/menu/sold-out", {
			token: staff,
			body: { shopId: 1, kind: "item", id: item.id, soldOut: false },
		});
		expect(back.code).toBe(0);
		await until(() => ofType(guest, "menu.changed").length === 2);

		const paused = await server.call("POST", "/app-api/merchant/shop/pause", {
			token: owner,
			body: { shopId: 1, minutes: 15 },
		});
		expect(paused.code).toBe(0);
		await until(() => ofType(guest, "shop.changed").length === 1);
		expect(ofType(guest, "shop.changed")[0]?.data).toEqual({ shopId: 1 });
		await server.call("POST", "/app-api/merchant/shop/pause", { token: owner, body: { shopId: 1, minutes: 0 } });
		await until(() => ofType(guest, "shop.changed").length === 2);

		// Nothing of shop 1 reaches a page of another shop, and nothing about orders reaches anyone.
		await fx.paidOrder((await server.signIn("13800000003")).accessToken, "Fresh young coconut");
		expect(otherShop.messages.map((m) => m.type)).toEqual(["ready"]);
		expect(guest.messages.filter((m) => m.type === "order.changed")).toEqual([]);
		await closeAll();
	});

	it("refuses a shop that does not exist, a malformed shop or tenant, and a foreign page", async () => {
		await expect(openFeed("shopId=999999")).rejects.toThrow("HTTP 404");
		await expect(openFeed("")).rejects.toThrow("HTTP 404");
		await expect(openFeed("shopId=0x1")).rejects.toThrow("HTTP 404");
		await expect(openFeed("shopId=1&tenant=999")).rejects.toThrow("HTTP 404");
		await expect(openFeed("shopId=1", "https://evil.example")).rejects.toThrow("HTTP 403");
		const own = await openFeed("shopId=1&tenant=1", server.url);
		expect(own.messages[0]?.type).toBe("ready");
		await closeAll();
	});

	it(`holds at most ${SHOP_FEED_PER_ADDRESS} feeds from one address, and takes another once one closes`, async () => {
		const feeds = await Promise.all(Array.from({ length: SHOP_FEED_PER_ADDRESS }, () => openFeed("shopId=1")));
		await expect(openFeed("shopId=1")).rejects.toThrow("HTTP 429");
		const first = feeds[0];
		if (!first) throw new Error("no feed");
		first.socket.close();
		await until(
			async () => {
				try {
					await openFeed("shopId=1");
					return true;
				} catch {
					return false;
				}
			},
			3000,
			"a free place after a close",
		);
		await closeAll();
	});
});
