import type { AuthSession, MemberInfo } from "@bayon/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../../../test/harness.js";
import { grantBalance } from "../../../test/wallet-ledger.js";
import type { DomainEvent } from "../../realtime/bus.js";

// Each server remembers live access tokens for a few seconds (decision 025). These tests use a
// token first, so the server has it in memory, then end its session and expect it refused.

let server: TestServer;
let nextPhone = 13970000000;
const newPhone = () => String(++nextPhone);

beforeAll(async () => {
	server = await startTestServer();
});
afterAll(async () => {
	await server?.close();
});

const getInfo = (on: TestServer, token: string) =>
	on.call<MemberInfo>("GET", "/app-api/member/user/get-info", { token });
const refresh = (on: TestServer, refreshToken: string) =>
	on.call<AuthSession>("POST", "/app-api/member/auth/refresh-token", { body: { refreshToken } });
const logout = (on: TestServer, token: string) => on.call("POST", "/app-api/member/auth/logout", { token });

/** Resolves once this server's bus has delivered a matching event to its listeners. */
function delivered(on: TestServer, matches: (event: DomainEvent) => boolean): Promise<void> {
	return new Promise((resolve, reject) => {
		const timer = setTimeout(() => {
			stop();
			reject(new Error("the bus did not deliver the event within 5 s"));
		}, 5000);
		const stop = on.deps.events.subscribe((event) => {
			if (!matches(event)) return;
			clearTimeout(timer);
			stop();
			// Every listener of this delivery has run by now (they are called in one go).
			setImmediate(resolve);
		});
	});
}
const sessionEndedFor = (memberId: number) => (event: DomainEvent) =>
	event.type === "session.ended" && event.memberId === memberId;

describe("a remembered token on one server", () => {
	it("is refused at once after logout and after a replayed refresh token ends its family", async () => {
		const loggingOut = await server.signIn(newPhone());
		expect((await getInfo(server, loggingOut.accessToken)).code).toBe(0);
		await logout(server, loggingOut.accessToken);
		expect((await getInfo(server, loggingOut.accessToken)).code).toBe(401);

		const leaked = await server.signIn(newPhone());
		const rotated = await refresh(server, leaked.refreshToken);
		expect((await getInfo(server, rotated.data.accessToken)).code).toBe(0);
		server.clock.advance(11);
		expect((await refresh(server, leaked.refreshToken)).code).not.toBe(0);
		expect((await getInfo(server, rotated.data.accessToken)).code).toBe(401);
	});

	it("is refused once the token expires, though it was remembered a moment before", async () => {
		const session = await server.signIn(newPhone());
		expect((await getInfo(server, session.accessToken)).code).toBe(0);

		server.clock.advance(15 * 60 + 1);

		expect((await getInfo(server, session.accessToken)).code).toBe(401);
	});

	it("does not keep get-info from showing a balance change at once", async () => {
		const session = await server.signIn(newPhone());
		expect((await getInfo(server, session.accessToken)).data.balance).toBe(0);

		await grantBalance(server, session.userId, 1234);

		expect((await getInfo(server, session.accessToken)).data.balance).toBe(1234);
	});
});

describe("get-info, one query", () => {
	it("shows a new role, the platform operator flag and a balance at once", async () => {
		const session = await server.signIn(newPhone());
		expect((await getInfo(server, session.accessToken)).data).toMatchObject({
			userType: "user",
			isMerchant: false,
			merchantShops: [],
			isPlatformOperator: false,
			balance: 0,
		});
		const shop = await server.deps.db
			.selectFrom("shop")
			.select(["id", "name"])
			.where("tenant_id", "=", 1)
			.orderBy("id")
			.executeTakeFirstOrThrow();

		await server.deps.db
			.insertInto("shop_staff")
			.values({ shop_id: shop.id, member_id: session.userId, role: "manager" })
			.execute();
		await server.deps.db.insertInto("platform_operator").values({ tenant_id: 1, member_id: session.userId }).execute();
		await grantBalance(server, session.userId, 250);

		const info = await server.call<MemberInfo>("GET", "/app-api/member/user/get-info", {
			token: session.accessToken,
			lang: "en",
		});
		expect(info.data).toMatchObject({
			userType: "merchant_staff",
			isMerchant: true,
			merchantShops: [{ shopId: shop.id, shopName: shop.name.en ?? shop.name["zh-CN"], role: "manager" }],
			isPlatformOperator: true,
			balance: 250,
		});
	});
});

/** Logout, then a replayed refresh token, on `first`: `second` refuses each once its bus delivered. */
async function endedOnOneRefusedOnTheOther(first: TestServer, second: TestServer) {
	second.clock.set(first.clock.now());
	const member = await first.signIn(newPhone());
	expect((await getInfo(second, member.accessToken)).code).toBe(0);
	const heard = delivered(second, sessionEndedFor(member.userId));

	expect((await logout(first, member.accessToken)).code).toBe(0);
	await heard;

	expect((await getInfo(second, member.accessToken)).code).toBe(401);

	const leaked = await first.signIn(newPhone());
	const rotated = await refresh(first, leaked.refreshToken);
	expect((await getInfo(second, rotated.data.accessToken)).code).toBe(0);
	first.clock.advance(11);
	const heardReplay = delivered(second, sessionEndedFor(leaked.userId));

	expect((await refresh(first, leaked.refreshToken)).code).not.toBe(0);
	await heardReplay;

	expect((await getInfo(second, rotated.data.accessToken)).code).toBe(401);
}

// PGlite is one process: two servers share a database only on PostgreSQL.
describe.runIf(process.env.TEST_DATABASE === "postgres")("two servers on one database", () => {
	let second: TestServer;
	beforeAll(async () => {
		second = await startTestServer({ sameDatabaseAs: server });
	});
	afterAll(async () => {
		await second?.close();
	});

	it("refuses on one server a remembered token whose session the other ended, once the bus delivered it", async () => {
		await endedOnOneRefusedOnTheOther(server, second);
	});

	it("shows on one server a balance changed through the other at once", async () => {
		second.clock.set(server.clock.now());
		const session = await server.signIn(newPhone());
		expect((await getInfo(second, session.accessToken)).data.balance).toBe(0);

		await grantBalance(server, session.userId, 500);

		expect((await getInfo(second, session.accessToken)).data.balance).toBe(500);
	});
});

describe.runIf(process.env.TEST_DATABASE === "postgres" && process.env.TEST_REDIS_URL)("two servers with Redis", () => {
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

	it("refuses on one server a remembered token whose session the other ended, once the bus delivered it", async () => {
		first.clock.set(server.clock.now());
		await endedOnOneRefusedOnTheOther(first, second);
	});
});
