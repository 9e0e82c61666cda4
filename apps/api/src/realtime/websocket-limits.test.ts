import { LiveSocketClose } from "@bayon/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../../test/harness.js";
import { closeLiveSockets, closeOf, openLive, ticketFor } from "../../test/live-socket.js";
import { MAX_SOCKETS_PER_ADDRESS, MAX_SOCKETS_PER_MEMBER } from "./socket-limits.js";

/**
 * Issue 27: one member opened 3,000 websockets and none was refused. A server holds at most
 * MAX_SOCKETS_PER_MEMBER per member and MAX_SOCKETS_PER_ADDRESS per client address; one more is
 * closed with 4429 and a reason, before `ready`, so the app can tell and back off.
 */

let server: TestServer;
let proxied: TestServer;

beforeAll(async () => {
	server = await startTestServer();
	// Behind our proxy: the client's address is the one X-Forwarded-For names.
	proxied = await startTestServer({
		configure: (config) => {
			config.trustProxy = true;
		},
	});
});
afterAll(async () => {
	closeLiveSockets();
	await proxied?.close();
	await server?.close();
});

const TOO_MANY = { code: LiveSocketClose.TooManySockets, reason: "too many live connections" };

async function openMany(target: TestServer, count: number, query: string, headers: Record<string, string> = {}) {
	const opened = [];
	for (let index = 0; index < count; index++) {
		const answer = await openLive(target, query, headers);
		if (answer.outcome !== "ready") throw new Error(`socket ${index + 1} refused: ${JSON.stringify(answer.close)}`);
		opened.push(answer.live);
	}
	return opened;
}

describe("live sockets per member", () => {
	it("refuses the member's socket past the cap with a close code and reason, and takes one again once one closes", async () => {
		const member = await server.signIn("13944441001");
		const query = `ticket=${await ticketFor(server, member.accessToken)}`;
		const sockets = await openMany(server, MAX_SOCKETS_PER_MEMBER, query);

		expect(await openLive(server, query)).toEqual({ outcome: "closed", close: TOO_MANY });
		// The token way in counts the same member.
		expect(await openLive(server, `token=${member.accessToken}`)).toEqual({ outcome: "closed", close: TOO_MANY });
		// Someone else from the same address is still let in.
		const other = await server.signIn("13944441002");
		expect((await openLive(server, `token=${other.accessToken}`)).outcome).toBe("ready");

		const first = sockets[0];
		if (!first) throw new Error("no socket");
		const closed = closeOf(first.socket);
		first.socket.close();
		await closed;
		// The server counts the closed one out when it hears the close: try until it has.
		let again = await openLive(server, query);
		for (let tries = 0; again.outcome !== "ready" && tries < 50; tries++) {
			await new Promise((resolve) => setTimeout(resolve, 20));
			again = await openLive(server, query);
		}
		expect(again.outcome).toBe("ready");
		expect(await openLive(server, query)).toEqual({ outcome: "closed", close: TOO_MANY });
	});
});

describe("live sockets per address", () => {
	it("refuses an address's socket past the cap, whoever opens it, counting the address the trusted proxy names", async () => {
		const crowded = { "x-forwarded-for": "203.0.113.7" };
		const perMember = MAX_SOCKETS_PER_MEMBER;
		const members = Math.ceil(MAX_SOCKETS_PER_ADDRESS / perMember);
		let left = MAX_SOCKETS_PER_ADDRESS;
		const tokens: string[] = [];
		for (let index = 0; index < members + 1; index++)
			tokens.push((await proxied.signIn(`139444420${String(index).padStart(2, "0")}`)).accessToken);
		for (let index = 0; index < members; index++) {
			const count = Math.min(perMember, left);
			await openMany(proxied, count, `token=${tokens[index]}`, crowded);
			left -= count;
		}
		const newcomer = `token=${tokens[members]}`;

		expect(await openLive(proxied, newcomer, crowded)).toEqual({ outcome: "closed", close: TOO_MANY });
		// The same member from another address is let in.
		expect((await openLive(proxied, newcomer, { "x-forwarded-for": "203.0.113.8" })).outcome).toBe("ready");
	});

	it("does not believe X-Forwarded-For without TRUST_PROXY: a client cannot pick a fresh address", async () => {
		const member = await server.signIn("13944443001");
		const query = `token=${member.accessToken}`;
		const sockets = await openMany(server, MAX_SOCKETS_PER_MEMBER - 1, query, { "x-forwarded-for": "198.51.100.1" });
		expect(sockets).toHaveLength(MAX_SOCKETS_PER_MEMBER - 1);
		// Up to the address cap from 127.0.0.1, whatever each socket claims to come from.
		const fillers: string[] = [];
		for (let index = 0; index < 3; index++) fillers.push((await server.signIn(`1394444310${index}`)).accessToken);
		let opened = 0;
		let refused: unknown = null;
		for (const token of fillers) {
			// Below the member cap: only the address cap can refuse.
			for (let index = 0; index < MAX_SOCKETS_PER_MEMBER - 1 && refused === null; index++) {
				const answer = await openLive(server, `token=${token}`, { "x-forwarded-for": `198.51.100.${10 + opened}` });
				if (answer.outcome === "closed") refused = answer.close;
				else opened++;
			}
		}
		expect(refused).toEqual(TOO_MANY);
	});
});
