import { ErrorCode, formatMessage, type Localized, SUPPORTED_LANGUAGES } from "@bayon/contract";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../../../test/harness.js";
import { expectLedgerInvariants } from "../../../test/ledger-invariants.js";
import { MembershipFixture, savedCard } from "../../../test/membership.js";
import { businessAdmin, memberWithRole } from "../../../test/shops.js";

type Caller = { accessToken: string; userId: number };

const OWNER = "13800000001";
const STAFF = "13800000002";
const DAY_MS = 24 * 3600 * 1000;

let server: TestServer;
let vip: MembershipFixture;
let owner: Caller;
let manager: Caller;
/** A second owner who also administers the business (issue 27): card types are changed only by such. */
let partner: Caller;
let staff: Caller;

beforeAll(async () => {
	// Stories sign the same people in again and again (the clock moves on by weeks).
	server = await startTestServer({
		limits: { smsResendSeconds: 0, smsPerPhoneInWindow: 1000, smsPerPhonePerDay: 1000 },
	});
	vip = new MembershipFixture(server);
	manager = await memberWithRole(server, "13900000500", "manager");
	await businessAdmin(server, "13900000501");
});
afterAll(async () => {
	await server?.close();
});
beforeEach(async () => {
	// Sessions live 15 minutes of the test clock, which some stories move on by weeks.
	owner = await server.signIn(OWNER);
	staff = await server.signIn(STAFF);
	manager = await server.signIn("13900000500");
	partner = await server.signIn("13900000501");
});

/** A new member of the tenant, with this much stored value. */
const memberWith = (balance: number): Promise<Caller> => vip.memberWith(balance, "1390000");

describe("the card list and a card's page", () => {
	it("shows a visitor the cards on sale in their order, in the reader's language, with no card or balance", async () => {
		const hidden = await vip.cardType(owner, { onSale: false, sort: 0 });
		const first = await vip.cardType(owner, { sort: 0, name: { "zh-CN": "早鸟卡", en: "Early bird" } });

		const list = await vip.list(undefined, "en");

		expect(list.code).toBe(0);
		expect(list.data.mine).toBeNull();
		expect(list.data.balance).toBeNull();
		const names = list.data.cards.map((card) => card.name);
		expect(names.slice(0, 3)).toEqual(["Early bird", "Silver card", "Gold card"]);
		expect(list.data.cards.map((card) => card.id)).not.toContain(hidden.id);
		expect(list.data.cards.find((card) => card.name === "Gold card")).toMatchObject({
			price: 4900,
			validityDays: 365,
			benefits: { discountPercent: 12, discountCap: 500, freeDelivery: true, pointsPercent: 200 },
			onSale: true,
		});
		expect((await vip.list(undefined, "km")).data.cards.map((card) => card.name)).toContain("កាតសមាជិកមាស");
		expect((await vip.detail(first.id)).data).toMatchObject({
			card: { id: first.id, name: "Early bird" },
			mine: null,
			balance: null,
			purchase: { allowed: true, extends: false },
		});
	});

	it("shows a member their balance, and their card once bought", async () => {
		const member = await memberWith(3000);
		const card = await vip.cardType(owner, { price: 1000, validityDays: 30 });

		expect((await vip.list(member)).data).toMatchObject({ mine: null, balance: 3000 });
		await vip.bought(member, card.id);

		const list = (await vip.list(member)).data;
		expect(list.balance).toBe(2000);
		expect(list.mine).toMatchObject({ cardTypeId: card.id, active: true, name: card.name.en });
		expect(new Date(list.mine?.expiresAt ?? 0).getTime()).toBe(server.clock.now().getTime() + 30 * DAY_MS);
		expect((await vip.detail(card.id, member)).data.purchase).toEqual({ allowed: true, extends: true });
	});

	it("answers not found for an unknown card, and a clear message for a malformed id, in each language", async () => {
		expect((await vip.detail(999_999)).code).toBe(ErrorCode.NotFound);
		for (const lang of SUPPORTED_LANGUAGES) {
			const answer = await vip.detail("abc", undefined, lang);
			expect(answer.code, lang).toBe(ErrorCode.BadRequest);
			expect(answer.msg, lang).toBe(formatMessage("fieldInvalid", lang, { field: "id" }));
		}
	});
});

describe("buying a card from the balance", () => {
	it("charges the balance once, gives the card, and books the money to the tenant's card sales", async () => {
		const member = await memberWith(2500);
		const card = await vip.cardType(owner, { price: 1000, validityDays: 30, discountPercent: 10 });

		const answer = await vip.buy(member, card.id);

		expect(answer.code).toBe(0);
		expect(answer.data).toMatchObject({
			cardTypeId: card.id,
			status: "paid",
			price: 1000,
			payMethod: "balance",
			card: { cardTypeId: card.id, active: true, benefits: { discountPercent: 10 } },
		});
		expect(await vip.balanceOf(member.userId)).toBe(1500);
		expect(await vip.cardTxnKinds(member.userId)).toEqual(["card_purchase"]);
		const revenue = await server.deps.db
			.selectFrom("ledger_entry as e")
			.innerJoin("ledger_account as a", "a.id", "e.account_id")
			.innerJoin("ledger_txn as t", "t.id", "e.txn_id")
			.select(["a.kind", "e.amount"])
			.where("t.card_purchase_id", "=", answer.data.id)
			.orderBy("a.kind")
			.execute();
		expect(revenue).toEqual([
			{ kind: "member_wallet", amount: -1000 },
			{ kind: "membership_revenue", amount: 1000 },
		]);
		await expectLedgerInvariants(server.deps.db);
	});

	it("extends the card when the same card is bought again, from its current end", async () => {
		const member = await memberWith(5000);
		const card = await vip.cardType(owner, { price: 1000, validityDays: 30 });
		const first = await vip.bought(member, card.id);
		server.clock.advance(5 * 24 * 3600);

		const second = await vip.bought(await server.signIn(await mobileOf(member)), card.id);

		expect(second.card?.startsAt).toBe(first.card?.startsAt);
		expect(new Date(second.card?.expiresAt ?? 0).getTime()).toBe(
			new Date(first.card?.expiresAt ?? 0).getTime() + 30 * DAY_MS,
		);
		expect(await vip.balanceOf(member.userId)).toBe(3000);
	});

	it("starts a new period from now once the card has expired", async () => {
		const member = await memberWith(5000);
		const card = await vip.cardType(owner, { price: 1000, validityDays: 30 });
		await vip.bought(member, card.id);
		server.clock.advance(31 * 24 * 3600);
		const again = await server.signIn(await mobileOf(member));

		expect((await vip.list(again)).data.mine).toMatchObject({ cardTypeId: card.id, active: false });
		expect((await vip.detail(card.id, again)).data.purchase).toEqual({ allowed: true, extends: false });
		const renewed = await vip.bought(again, card.id);

		const now = server.clock.now().getTime();
		expect(new Date(renewed.card?.startsAt ?? 0).getTime()).toBe(now);
		expect(new Date(renewed.card?.expiresAt ?? 0).getTime()).toBe(now + 30 * DAY_MS);
	});

	it.each(SUPPORTED_LANGUAGES)(
		"refuses another card while one is active, saying which and until when, in %s; nothing changes",
		async (lang) => {
			const member = await memberWith(5000);
			const silver = await vip.cardType(owner, {
				name: { "zh-CN": "银卡", en: "Silver", km: "កាតប្រាក់" },
				validityDays: 30,
			});
			const gold = await vip.cardType(owner, { price: 2000 });
			const held = await vip.bought(member, silver.id);
			const before = await vip.purchasesOf(member.userId);

			const answer = await vip.buy(member, gold.id, { lang });

			const date = new Intl.DateTimeFormat({ "zh-CN": "zh-CN", en: "en-GB", km: "km-KH" }[lang], {
				timeZone: "Asia/Phnom_Penh",
				year: "numeric",
				month: "short",
				day: "numeric",
			}).format(new Date(held.card?.expiresAt ?? 0));
			const name = { "zh-CN": "银卡", en: "Silver", km: "កាតប្រាក់" }[lang];
			expect(answer).toMatchObject({
				code: ErrorCode.VipCardOtherActive,
				msg: formatMessage("vipCardOtherActive", lang, { name, date }),
			});
			expect(answer.msg).toContain(name);
			expect((await vip.detail(gold.id, member, lang)).data.purchase).toEqual({ allowed: false, reason: answer.msg });
			expect(await vip.purchasesOf(member.userId)).toEqual(before);
			expect(await vip.balanceOf(member.userId)).toBe(4000);
			expect((await vip.cardOf(member.userId))?.card_type_id).toBe(silver.id);
		},
	);

	it.each(SUPPORTED_LANGUAGES)("says the balance is insufficient in %s, and nothing changes", async (lang) => {
		const member = await memberWith(999);
		const card = await vip.cardType(owner, { price: 1000 });

		const answer = await vip.buy(member, card.id, { lang });

		expect(answer).toMatchObject({
			code: ErrorCode.InsufficientBalance,
			msg: formatMessage("insufficientBalance", lang),
		});
		expect(await vip.balanceOf(member.userId)).toBe(999);
		expect(await vip.purchasesOf(member.userId)).toEqual([]);
		expect(await vip.cardOf(member.userId)).toBeUndefined();
	});

	it("needs an Idempotency-Key, and refuses a key used for another card", async () => {
		const member = await memberWith(5000);
		const card = await vip.cardType(owner);
		const other = await vip.cardType(owner);

		expect(await vip.buy(member, card.id, { key: null, lang: "km" })).toMatchObject({
			code: ErrorCode.IdempotencyKeyRequired,
			msg: formatMessage("idempotencyKeyRequired", "km"),
		});
		const key = vip.newKey();
		const first = await vip.buy(member, card.id, { key });
		const again = await vip.buy(member, card.id, { key });
		const misuse = await vip.buy(member, other.id, { key });

		expect(again.data).toEqual(first.data);
		expect(misuse.code).toBe(ErrorCode.IdempotencyKeyReused);
		expect(await vip.purchasesOf(member.userId)).toHaveLength(1);
		expect(await vip.balanceOf(member.userId)).toBe(4000);
	});

	it.each(SUPPORTED_LANGUAGES)("explains malformed purchases in %s and changes nothing", async (lang) => {
		const member = await memberWith(5000);
		const call = (body: unknown) =>
			server.call("POST", "/app-api/member/user/buyCard", {
				token: member.accessToken,
				lang,
				headers: { "idempotency-key": vip.newKey() },
				body,
			});

		for (const body of [
			{ cardTypeId: "1", payMethod: "balance" },
			{ cardTypeId: 1, payMethod: "cash" },
			{ cardTypeId: 1, payMethod: "balance", extra: true },
			{ payMethod: "balance" },
		]) {
			const answer = await call(body);
			expect(answer.code, JSON.stringify(body)).toBe(ErrorCode.BadRequest);
			expect(answer.msg, JSON.stringify(body)).not.toBe("");
		}
		expect((await call({ cardTypeId: 1, payMethod: "cash" })).msg).toBe(
			formatMessage("fieldInvalid", lang, { field: "payMethod" }),
		);
		expect(await vip.purchasesOf(member.userId)).toEqual([]);
		expect(await vip.balanceOf(member.userId)).toBe(5000);
	});

	it("does not sell a card taken off sale, and shows it only to those who hold one", async () => {
		const holder = await memberWith(5000);
		const latecomer = await memberWith(5000);
		const card = await vip.cardType(owner, { price: 1000 });
		await vip.bought(holder, card.id);
		await vip.cardType(owner, { ...editable(card), version: card.version, onSale: false });

		expect(await vip.buy(latecomer, card.id, { lang: "en" })).toMatchObject({
			code: ErrorCode.VipCardUnavailable,
			msg: formatMessage("vipCardUnavailable", "en"),
		});
		expect((await vip.detail(card.id, latecomer)).code).toBe(ErrorCode.NotFound);
		expect((await vip.detail(card.id)).code).toBe(ErrorCode.NotFound);
		expect((await vip.list(latecomer)).data.cards.map((c) => c.id)).not.toContain(card.id);
		const holderView = await vip.detail(card.id, holder, "zh-CN");
		expect(holderView.data).toMatchObject({
			card: { id: card.id, onSale: false },
			mine: { cardTypeId: card.id, active: true },
			purchase: { allowed: false, reason: formatMessage("vipCardUnavailable", "zh-CN") },
		});
		expect(await vip.balanceOf(latecomer.userId)).toBe(5000);
	});

	it("shows a member their own purchase and no one else's", async () => {
		const member = await memberWith(5000);
		const neighbour = await memberWith(0);
		const card = await vip.cardType(owner);
		const purchase = await vip.bought(member, card.id);

		expect((await vip.purchase(member, purchase.id)).data).toMatchObject({ id: purchase.id, status: "paid" });
		expect((await vip.purchase(neighbour, purchase.id)).code).toBe(ErrorCode.NotFound);
		expect((await vip.purchase(neighbour, 999_999)).code).toBe(ErrorCode.NotFound);
	});
});

describe("the owner's card types", () => {
	it("lets business administrators create and change card types, managers list them; staff and customers are refused", async () => {
		const customer = await memberWith(0);
		const answer = await vip.saveCardType(owner, {
			name: { "zh-CN": "季卡", en: "Season card" },
			description: { "zh-CN": "三个月" },
			price: 2500,
			validityDays: 90,
			discountPercent: 8,
			discountCap: 300,
			freeDelivery: true,
			pointsPercent: 150,
			sort: 5,
		});
		expect(answer.code).toBe(0);
		const created = savedCard(answer.data);
		// The answer is every card type as it now is: the seeded ones too.
		expect(answer.data.map((card) => card.name.en)).toEqual(expect.arrayContaining(["Silver card", "Gold card"]));
		expect(created).toMatchObject({
			version: 1,
			name: { "zh-CN": "季卡", en: "Season card" },
			description: { "zh-CN": "三个月" },
			price: 2500,
			validityDays: 90,
			benefits: { discountPercent: 8, discountCap: 300, freeDelivery: true, pointsPercent: 150 },
			sort: 5,
			onSale: true,
			activeHolders: 0,
		});

		// A manager reads the card types but does not define them for every shop (issue 27).
		const byManager = await vip.saveCardType(manager, { ...editable(created), version: 1, price: 2700 });
		expect(byManager.code).toBe(ErrorCode.NotBusinessAdmin);
		const changed = await vip.saveCardType(partner, { ...editable(created), version: 1, price: 2800 });
		expect(savedCard(changed.data, created.id)).toMatchObject({ version: 2, price: 2800 });

		const list = await server.call<Array<{ id: number; price: number }>>(
			"GET",
			"/app-api/merchant/vip-cards?shopId=1",
			{ token: manager.accessToken },
		);
		expect(list.data.find((card) => card.id === created.id)).toMatchObject({ price: 2800 });
		for (const caller of [staff, customer]) {
			expect(
				(await server.call("GET", "/app-api/merchant/vip-cards?shopId=1", { token: caller.accessToken })).code,
			).toBe(ErrorCode.Forbidden);
			expect((await vip.saveCardType(caller, { ...editable(created), version: 2, price: 1 })).code).toBe(
				ErrorCode.Forbidden,
			);
		}
		const stored = await server.deps.db
			.selectFrom("vip_card_type")
			.select(["price", "version"])
			.where("id", "=", created.id)
			.executeTakeFirstOrThrow();
		expect(stored).toEqual({ price: 2800, version: 2 });
		const logged = await server.deps.db
			.selectFrom("shop_change")
			.select(["action", "member_id"])
			.where("subject", "=", "vip_card_type")
			.where("subject_id", "=", String(created.id))
			.orderBy("id")
			.execute();
		expect(logged).toEqual([
			{ action: "create", member_id: owner.userId },
			{ action: "update", member_id: partner.userId },
		]);
	});

	it("refuses a save made on an older version, and changes nothing", async () => {
		const card = await vip.cardType(owner, { price: 1000 });
		await vip.cardType(partner, { ...editable(card), version: 1, price: 1100 });

		const stale = await vip.saveCardType(owner, { ...editable(card), version: 1, price: 1200 }, "en");

		expect(stale).toMatchObject({ code: ErrorCode.ChangedBySomeoneElse, data: { version: 2 } });
		const stored = await server.deps.db
			.selectFrom("vip_card_type")
			.select("price")
			.where("id", "=", card.id)
			.executeTakeFirstOrThrow();
		expect(stored.price).toBe(1100);
	});

	it("counts active holders, and keeps bought cards valid when the card is taken off sale", async () => {
		const member = await memberWith(5000);
		const card = await vip.cardType(owner, { price: 1000 });
		await vip.bought(member, card.id);

		const off = await vip.cardType(owner, { ...editable(card), version: card.version, onSale: false });

		expect(off).toMatchObject({ onSale: false, activeHolders: 1 });
		expect((await vip.list(member)).data.mine).toMatchObject({ cardTypeId: card.id, active: true });
	});

	it.each(SUPPORTED_LANGUAGES)("explains a bad card type in %s and saves nothing", async (lang) => {
		const before = await countCardTypes();
		const cases: Array<[Record<string, unknown>, string]> = [
			[{ name: { "zh-CN": "" } }, "vipNameRequired"],
			[{ name: { "zh-CN": "x".repeat(31) } }, "vipNameTooLong"],
			[{ price: 0 }, "vipPriceInvalid"],
			[{ price: 9.5 }, "vipPriceInvalid"],
			[{ validityDays: 0 }, "vipValidityInvalid"],
			[{ discountPercent: 91 }, "vipDiscountInvalid"],
			[{ discountCap: 0 }, "vipDiscountCapInvalid"],
			[{ pointsPercent: 600 }, "vipPointsInvalid"],
			[{ discountPercent: 0, freeDelivery: false, pointsPercent: 100 }, "vipNeedsBenefit"],
			[{ description: { "zh-CN": "x".repeat(501) } }, "vipDescriptionTooLong"],
		];
		for (const [fields, key] of cases) {
			const answer = await vip.saveCardType(owner, fields, lang);
			expect(answer.code, key).toBe(ErrorCode.BadRequest);
			expect(answer.msg, key).toBe(formatMessage(key as Parameters<typeof formatMessage>[0], lang));
		}
		expect(await countCardTypes()).toBe(before);
	});
});

/** A saved card type as the editor sends it back. */
function editable(card: {
	id: number;
	name: Localized;
	price: number;
	validityDays: number;
	benefits: { discountPercent: number; discountCap: number | null; freeDelivery: boolean; pointsPercent: number };
}) {
	return {
		id: card.id,
		name: card.name,
		price: card.price,
		validityDays: card.validityDays,
		discountPercent: card.benefits.discountPercent,
		discountCap: card.benefits.discountCap,
		freeDelivery: card.benefits.freeDelivery,
		pointsPercent: card.benefits.pointsPercent,
	};
}

async function countCardTypes(): Promise<number> {
	const row = await server.deps.db
		.selectFrom("vip_card_type")
		.select((eb) => eb.fn.countAll<string>().as("n"))
		.executeTakeFirstOrThrow();
	return Number(row.n);
}

async function mobileOf(member: Caller): Promise<string> {
	const row = await server.deps.db
		.selectFrom("member")
		.select("mobile")
		.where("id", "=", member.userId)
		.executeTakeFirstOrThrow();
	return row.mobile;
}
