import type { MemberInfo } from "@bayon/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../../../test/harness.js";
import { getInfo, logout, refresh } from "../../../test/sessions-across-servers.js";
import { grantBalance } from "../../../test/wallet-ledger.js";

// Each server remembers live access tokens for a few seconds (decision 025). These tests use a
// token first, so the server has it in memory, then end its session and expect it refused.
// Across servers: session-cache.postgres.test.ts, and through Redis session-cache.redis.test.ts.

let server: TestServer;
let nextPhone = 13970000000;
const newPhone = () => String(++nextPhone);

beforeAll(async () => {
	server = await startTestServer();
});
afterAll(async () => {
	await server?.close();
});

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
