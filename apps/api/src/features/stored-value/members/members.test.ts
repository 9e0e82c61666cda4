import { ErrorCode, formatMessage, type MemberPage, type MemberSummary, type PayCodeView } from "@bayon/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../../../../test/harness.js";
import { OrderingFixture } from "../../../../test/ordering.js";
import { memberWithRole } from "../../../../test/shops.js";
import { grantBalance } from "../../../../test/wallet-ledger.js";
import { fromLocalMoment } from "../../venues/hours.js";

const PP = "Asia/Phnom_Penh";
const at = (local: string) =>
	fromLocalMoment(local.slice(0, 10), Number(local.slice(11, 13)) * 60 + Number(local.slice(14, 16)), PP);

type Session = { accessToken: string; userId: number };
let server: TestServer;
let fixture: OrderingFixture;
let owner: Session;
let manager: Session;
let staff: Session;
let regular: Session;
let cardHolder: Session;
let counterGuest: Session;

function members(who: Session, query = "", lang = "en") {
	return server.call<MemberPage>("GET", `/app-api/merchant/members?shopId=1${query ? `&${query}` : ""}`, {
		token: who.accessToken,
		lang,
	});
}

async function everyMember(who: Session, query: string, limit: number): Promise<MemberSummary[]> {
	const found: MemberSummary[] = [];
	let cursor: string | null = null;
	for (let pages = 0; pages < 50; pages++) {
		const answer = await members(who, `${query}&limit=${limit}${cursor ? `&cursor=${cursor}` : ""}`);
		expect(answer.code).toBe(0);
		found.push(...answer.data.list);
		cursor = answer.data.nextCursor;
		if (cursor === null) break;
	}
	return found;
}

beforeAll(async () => {
	server = await startTestServer();
	fixture = await new OrderingFixture(server).load();
	server.clock.set(at("2026-12-10 10:00"));
	owner = await server.signIn("13800000001");
	staff = await server.signIn("13800000002");
	manager = await memberWithRole(server, "13900000061", "manager");
	regular = await server.signIn("13900000062");
	cardHolder = await server.signIn("13900000063");
	counterGuest = await server.signIn("13900000064");
	await server.deps.db
		.updateTable("member")
		.set({ nickname: "Bopha 100%_sure" })
		.where("id", "=", regular.userId)
		.execute();
	await grantBalance(server, regular.userId, 2500);
	await grantBalance(server, counterGuest.userId, 900);
	await fixture.paidOrder(regular.accessToken, "Fresh young coconut");

	const now = server.clock.now();
	const name = JSON.stringify({ "zh-CN": "金卡", en: "Gold card", km: "កាតមាស" });
	const type = await server.deps.db
		.insertInto("vip_card_type")
		.values({
			tenant_id: 1,
			name,
			description: JSON.stringify({ "zh-CN": "" }),
			price: 1000,
			validity_days: 30,
			discount_cap: null,
			created_at: now,
			updated_at: now,
		})
		.returning("id")
		.executeTakeFirstOrThrow();
	await server.deps.db
		.insertInto("member_card")
		.values({
			member_id: cardHolder.userId,
			tenant_id: 1,
			card_type_id: type.id,
			name,
			starts_at: now,
			expires_at: at("2027-01-09 10:00"),
			discount_percent: 10,
			discount_cap: null,
			free_delivery: false,
			points_percent: 100,
			updated_at: now,
		})
		.execute();
	server.clock.advance(60);
	const code = await server.call<PayCodeView>("GET", "/app-api/member/user/pay-code", {
		token: counterGuest.accessToken,
	});
	const paid = await server.call("POST", "/app-api/merchant/counter/charge", {
		token: staff.accessToken,
		body: { shopId: 1, code: code.data.code, amount: 400 },
	});
	expect(paid.code).toBe(0);
});
afterAll(async () => {
	await server?.close();
});

describe("the members list", () => {
	it("shows owners every member newest first, paged by cursor, with balance, card and last visit", async () => {
		const all = await everyMember(owner, "", 2);
		const ids = all.map((m) => m.memberId);
		expect(ids).toEqual([...ids].sort((a, b) => b - a));
		expect(new Set(ids).size).toBe(ids.length);
		const rows = await server.deps.db.selectFrom("member").select("id").where("tenant_id", "=", 1).execute();
		expect(ids).toHaveLength(rows.length);

		const byId = new Map(all.map((m) => [m.memberId, m]));
		const orders = await server.deps.db
			.selectFrom("customer_order")
			.select("created_at")
			.where("member_id", "=", regular.userId)
			.executeTakeFirstOrThrow();
		expect(byId.get(regular.userId)).toMatchObject({
			nickname: "Bopha 100%_sure",
			// Masked, for owners too: the full number takes a tap that is logged.
			mobile: "139****0062",
			card: null,
			lastVisitAt: orders.created_at.toISOString(),
		});
		expect(byId.get(regular.userId)?.balance).toBeLessThan(2500);
		expect(byId.get(cardHolder.userId)).toMatchObject({
			balance: 0,
			card: { name: "Gold card", expiresAt: at("2027-01-09 10:00").toISOString() },
			lastVisitAt: null,
		});
		expect(byId.get(counterGuest.userId)).toMatchObject({
			balance: 500,
			lastVisitAt: server.clock.now().toISOString(),
		});
		expect(new Date(byId.get(cardHolder.userId)?.joinedAt ?? "").getTime()).toBeGreaterThan(0);
	});

	it("names the card in the reader's language and drops it once expired", async () => {
		const km = await members(owner, "q=0063", "km");
		expect(km.data.list[0]?.card?.name).toBe("កាតមាស");
		await server.deps.db
			.updateTable("member_card")
			.set({ expires_at: server.clock.now() })
			.where("member_id", "=", cardHolder.userId)
			.execute();
		expect((await members(owner, "q=0063")).data.list[0]?.card).toBeNull();
	});

	it("counts a seated booking as a visit, but not one still to come", async () => {
		const booking = (code: string, status: "seated" | "confirmed", startsAt: Date) => ({
			tenant_id: 1,
			shop_id: 1,
			member_id: cardHolder.userId,
			code,
			status,
			party: 2,
			starts_at: startsAt,
			ends_at: new Date(startsAt.getTime() + 90 * 60_000),
			held_until: new Date(startsAt.getTime() + 100 * 60_000),
			guest_name: "Guest",
			guest_phone: "13900000063",
			occasion: null,
			area_preference: null,
			source: "staff" as const,
			created_by_member_id: null,
			pay_deadline: null,
			created_at: server.clock.now(),
			updated_at: server.clock.now(),
		});
		await server.deps.db
			.insertInto("reservation")
			.values([
				booking("SEATED1", "seated", at("2026-12-09 19:00")),
				booking("LATER01", "confirmed", at("2026-12-20 19:00")),
			])
			.execute();
		const found = (await members(owner, "q=0063")).data.list[0];
		expect(found?.lastVisitAt).toBe(at("2026-12-09 19:00").toISOString());
	});

	it("finds members by a part of the nickname (wildcards typed are letters) or by phone digits", async () => {
		expect((await members(manager, "q=bopha")).data.list.map((m) => m.memberId)).toEqual([regular.userId]);
		expect((await members(manager, "q=100%25_")).data.list.map((m) => m.memberId)).toEqual([regular.userId]);
		expect((await members(manager, "q=%25")).data.list.map((m) => m.memberId)).toEqual([regular.userId]);
		expect((await members(manager, "q=139 0000 0064")).data.list.map((m) => m.memberId)).toEqual([counterGuest.userId]);
		expect((await members(manager, "q=nobody-like-this")).data.list).toEqual([]);
	});

	it("shows every phone masked, and finds a phone only by the whole number or its last digits", async () => {
		for (const who of [owner, manager]) {
			const all = await everyMember(who, "", 50);
			expect(all.length).toBeGreaterThan(3);
			for (const found of all) expect(found.mobile).toMatch(/^\d{3}\*{4}\d{4}$/);
		}
		expect((await members(manager, "q=0064")).data.list.map((m) => m.memberId)).toEqual([counterGuest.userId]);
		expect((await members(manager, "q=13900000064")).data.list.map((m) => m.memberId)).toEqual([counterGuest.userId]);
		// Digits the mask hides find nothing: the number cannot be spelt out search by search.
		for (const hidden of ["0000006", "1390000", "00000064", "000"])
			expect(
				(await members(manager, `q=${hidden}`)).data.list.map((m) => m.mobile),
				hidden,
			).not.toContain("139****0064");
	});

	it("is for owners and managers: staff and customers are refused", async () => {
		for (const lang of ["zh-CN", "en", "km"]) {
			const answer = await members(staff, "", lang);
			expect(answer).toMatchObject({ code: ErrorCode.Forbidden, msg: formatMessage("forbidden", lang) });
		}
		expect((await members(regular)).code).toBe(ErrorCode.Forbidden);
		expect((await members(manager)).code).toBe(0);
	});

	it("refuses bad queries with the rule's message", async () => {
		for (const [query, field] of [
			["cursor=abc", "cursor"],
			["limit=0", "limit"],
			["limit=true", "limit"],
			[`q=${"x".repeat(31)}`, "q"],
		] as const) {
			for (const lang of ["zh-CN", "en", "km"]) {
				const answer = await members(owner, query, lang);
				expect(answer.code).toBe(ErrorCode.BadRequest);
				expect(answer.msg).toBe(formatMessage("fieldInvalid", lang, { field }));
			}
		}
		const noShop = await server.call("GET", "/app-api/merchant/members", { token: owner.accessToken });
		expect(noShop.code).toBe(ErrorCode.BadRequest);
	});
});

describe("revealing one member's phone number", () => {
	function reveal(who: Session, body: unknown, lang = "en") {
		return server.call<{ memberId: number; mobile: string }>("POST", "/app-api/merchant/members/mobile", {
			token: who.accessToken,
			body,
			lang,
		});
	}
	const reveals = () =>
		server.deps.db
			.selectFrom("shop_change")
			.selectAll()
			.where("subject", "=", "member")
			.where("action", "=", "reveal_mobile")
			.orderBy("id")
			.execute();

	it("gives an owner the full number of the member tapped, and logs who looked at whom and when", async () => {
		const before = (await reveals()).length;

		const answer = await reveal(owner, { shopId: 1, memberId: regular.userId });

		expect(answer).toMatchObject({ code: 0, data: { memberId: regular.userId, mobile: "13900000062" } });
		const logged = (await reveals()).slice(before);
		expect(logged).toHaveLength(1);
		expect(logged[0]).toMatchObject({
			tenant_id: 1,
			shop_id: 1,
			member_id: owner.userId,
			subject_id: String(regular.userId),
			// The log's readers include managers: it keeps the masked number only.
			after: { nickname: "Bopha 100%_sure", mobile: "139****0062" },
		});
		expect(new Date(logged[0]?.created_at ?? 0).getTime()).toBeGreaterThan(0);
		// Every look is logged, the second too.
		await reveal(owner, { shopId: 1, memberId: regular.userId });
		expect((await reveals()).length).toBe(before + 2);
	});

	it("refuses managers, staff and customers, and logs nothing", async () => {
		const before = (await reveals()).length;
		for (const who of [manager, staff, regular])
			for (const lang of ["zh-CN", "en", "km"]) {
				const answer = await reveal(who, { shopId: 1, memberId: counterGuest.userId }, lang);
				expect(answer).toMatchObject({ code: ErrorCode.Forbidden, msg: formatMessage("forbidden", lang), data: null });
			}
		expect((await reveals()).length).toBe(before);
	});

	it("answers not found for a member of no one's, and refuses bad input with the rule's message", async () => {
		const before = (await reveals()).length;
		expect((await reveal(owner, { shopId: 1, memberId: 987_654 })).code).toBe(ErrorCode.NotFound);
		for (const [body, field] of [
			[{ shopId: 1, memberId: "12" }, "memberId"],
			[{ shopId: 1 }, "memberId"],
			[{ shopId: 1, memberId: 0 }, "memberId"],
		] as const)
			for (const lang of ["zh-CN", "en", "km"]) {
				const answer = await reveal(owner, body, lang);
				expect(answer.code).toBe(ErrorCode.BadRequest);
				expect(answer.msg, `${JSON.stringify(body)} in ${lang}`).toBe(formatMessage("fieldInvalid", lang, { field }));
			}
		expect((await reveals()).length).toBe(before);
	});
});
