import {
	BANK_CARDS_MAX,
	ErrorCode,
	formatMessage,
	type MessageKey,
	type PageResult,
	type ShopChangeView,
	SmsScene,
} from "@bayon/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../../../../test/harness.js";
import { expectLedgerInvariants } from "../../../../test/ledger-invariants.js";
import { type MoneyCaller, MoneyFixture } from "../../../../test/merchant-money.js";
import { addShop } from "../../../../test/shops.js";
import { decryptCardNumber } from "./card-crypto.js";

/**
 * Bank cards (decision 023) through HTTP: only the owner adds and removes them, with a fresh SMS
 * code; the number is checked (16 or 19 digits), kept encrypted, never answered or logged again
 * but for its last four digits.
 */

let server: TestServer;
let money: MoneyFixture;
let owner: MoneyCaller;
/** Every line the server logged, at the most talkative level. */
const logLines: string[] = [];

const LANGS = ["zh-CN", "en", "km"] as const;

beforeAll(async () => {
	server = await startTestServer({
		// Stories send the owner many codes.
		limits: { smsResendSeconds: 0, smsPerPhoneInWindow: 1000, smsPerPhonePerDay: 1000 },
		logger: { level: "trace", stream: { write: (line: string) => logLines.push(line) } },
	});
	money = new MoneyFixture(server);
	owner = await money.signIn("13800000001");
});
afterAll(async () => {
	await server?.close();
});

/** A shop of its own for a story, owned by the demo owner: its cards do not mix with another story's. */
async function ownShop(code: string): Promise<number> {
	const shopId = await addShop(server, code);
	await server.deps.db
		.insertInto("shop_staff")
		.values({ shop_id: shopId, member_id: owner.userId, role: "owner" })
		.execute();
	return shopId;
}

describe("adding a card", () => {
	it("takes 16 or 19 digits typed with spaces or dashes, and answers only the last four", async () => {
		const shopId = await ownShop("cards-add");
		const code = await money.freshCode(owner, shopId);
		const sixteen = await money.addCardCall(owner, {
			shopId,
			holder: "  Sok Dara ",
			bank: "ABA Bank",
			cardNumber: "6222 0202 0011 2233",
			code,
		});
		const nineteen = await money.addCardCall(owner, {
			shopId,
			holder: "Chan Vanna",
			bank: "ACLEDA",
			cardNumber: "6217-0000-1111-2222-333",
			code: await money.freshCode(owner, shopId),
		});

		expect(sixteen.code, sixteen.msg).toBe(0);
		expect(sixteen.data).toEqual({
			id: expect.any(Number),
			holder: "Sok Dara",
			bank: "ABA Bank",
			last4: "2233",
			createdAt: expect.any(String),
			inUse: false,
		});
		expect(nineteen.data.last4).toBe("2333");
		const listed = await money.cards(owner, shopId);
		expect(listed.data.map((card) => card.last4)).toEqual(["2233", "2333"]);
		for (const answer of [sixteen, nineteen, listed]) {
			expect(JSON.stringify(answer)).not.toContain("622202020011");
			expect(JSON.stringify(answer)).not.toContain("6217000011112222");
		}
	});

	it("keeps the number encrypted: the stored columns hold no digits of it, and the key reads it back", async () => {
		const shopId = await ownShop("cards-stored");
		const number = "6222020200998877665";

		const card = await money.card(owner, shopId, { cardNumber: number });

		const row = await server.deps.db
			.selectFrom("shop_bank_card")
			.selectAll()
			.where("id", "=", card.id)
			.executeTakeFirstOrThrow();
		expect(row.last4).toBe("7665");
		for (const column of [row.number_encrypted, row.number_hmac, row.holder, row.bank])
			expect(column).not.toContain(number.slice(0, 12));
		expect(row.number_encrypted).not.toContain(number);
		expect(decryptCardNumber(server.deps.config, row.number_encrypted)).toBe(number);
		// Nothing the server logged while adding it (requests, answers, errors) holds the number.
		expect(logLines.length).toBeGreaterThan(0);
		expect(logLines.filter((line) => line.includes(number) || line.includes(number.slice(0, 12)))).toEqual([]);
	});

	it.each(LANGS)("refuses a number of another length or with letters with the spec's message in %s", async (lang) => {
		const shopId = await ownShop(`cards-length-${lang}`);
		const code = await money.freshCode(owner, shopId);
		for (const cardNumber of [
			"6222 0202 0011 223",
			"62220202001122334",
			"622202020011223344",
			"62220202001122334455",
			"6222O20200112233",
			"",
		]) {
			const refused = await money.addCardCall(owner, { shopId, holder: "Sok", bank: "ABA", cardNumber, code }, lang);
			expect(refused.code, cardNumber).toBe(ErrorCode.BadRequest);
			expect(refused.msg).toBe(formatMessage("cardNumber", lang));
		}
		expect(formatMessage("cardNumber", "zh-CN")).toBe("请输入正确的卡号");
		// Refused by its shape, the code was never looked at: it still adds a card.
		expect(
			(await money.addCardCall(owner, { shopId, holder: "Sok", bank: "ABA", cardNumber: money.newCardNumber(), code }))
				.code,
		).toBe(0);
	});

	it.each(LANGS)("names the field that is wrong in %s", async (lang) => {
		const shopId = await ownShop(`cards-fields-${lang}`);
		const valid = { shopId, holder: "Sok Dara", bank: "ABA Bank", cardNumber: money.newCardNumber(), code: "123456" };
		const cases: [Record<string, unknown>, MessageKey][] = [
			[{ holder: "   " }, "fillCardHolder"],
			[{ holder: undefined }, "fillCardHolder"],
			[{ holder: "x".repeat(41) }, "textTooLong"],
			[{ bank: "" }, "fillBankName"],
			[{ bank: "b".repeat(41) }, "textTooLong"],
			[{ cardNumber: undefined }, "cardNumber"],
			[{ cardNumber: 6222020200112233 }, "cardNumber"],
			[{ code: "12345" }, "smsCodeFormat"],
			[{ code: undefined }, "smsCodeFormat"],
		];
		for (const [change, key] of cases) {
			const refused = await money.addCardCall(owner, { ...valid, ...change }, lang);
			expect(refused.code, JSON.stringify(change)).toBe(ErrorCode.BadRequest);
			expect(refused.msg, JSON.stringify(change)).toBe(formatMessage(key, lang));
		}
	});

	it(`keeps at most ${BANK_CARDS_MAX} cards and refuses the same card twice, a refused card leaving the code usable`, async () => {
		const shopId = await ownShop("cards-limit");
		const first = money.newCardNumber();
		await money.card(owner, shopId, { cardNumber: first });
		const code = await money.freshCode(owner, shopId);

		const again = await money.addCardCall(owner, {
			shopId,
			holder: "Someone else",
			bank: "Other bank",
			cardNumber: first.replace(/(\d{4})/g, "$1 ").trim(),
			code,
		});
		expect(again.code).toBe(ErrorCode.BankCardDuplicate);
		expect(
			(await money.addCardCall(owner, { shopId, holder: "Sok", bank: "ABA", cardNumber: money.newCardNumber(), code }))
				.code,
		).toBe(0);
		for (let held = 2; held < BANK_CARDS_MAX; held++) await money.card(owner, shopId);

		const sixth = await money.addCardCall(
			owner,
			{
				shopId,
				holder: "Sok",
				bank: "ABA",
				cardNumber: money.newCardNumber(),
				code: await money.freshCode(owner, shopId),
			},
			"zh-CN",
		);

		expect(sixth.code).toBe(ErrorCode.BankCardLimit);
		expect(sixth.msg).toBe("最多添加5个提现账户，请先解绑不用的账户");
		expect((await money.cards(owner, shopId)).data).toHaveLength(BANK_CARDS_MAX);
	});
});

describe("the SMS step-up", () => {
	it("sends a code to the owner's own phone and says where, masked", async () => {
		const sent = await money.sendCode(owner, 1);

		expect(sent).toMatchObject({ code: 0, data: { mobileMasked: "138****0001", resendAfterSeconds: 0 } });
		expect(money.lastCode(owner.mobile)).toMatch(/^\d{6}$/);
	});

	it("refuses no code, a wrong code, a sign-in code and a code used once already", async () => {
		const shopId = await ownShop("cards-step-up");
		const body = (code: string) => ({ shopId, holder: "Sok", bank: "ABA", cardNumber: money.newCardNumber(), code });
		// A member who never asked for a step-up code has none.
		const fresh = await money.withRole("13900001401", "owner", shopId);

		expect((await money.addCardCall(fresh, body("123456"))).code).toBe(ErrorCode.SmsCodeExpired);

		const code = await money.freshCode(owner, shopId);
		const wrong = code === "000000" ? "111111" : "000000";
		const refusedWrong = await money.addCardCall(owner, body(wrong), "en");
		expect(refusedWrong).toMatchObject({ code: ErrorCode.SmsCodeWrong, msg: "The verification code is wrong" });

		// A sign-in code to the same phone is for signing in only.
		await server.call("POST", "/app-api/member/auth/send-sms-code", {
			body: { mobile: owner.mobile, scene: SmsScene.MemberLogin },
		});
		const signInCode = money.lastCode(owner.mobile, SmsScene.MemberLogin);
		if (signInCode !== code)
			expect((await money.addCardCall(owner, body(signInCode))).code).toBe(ErrorCode.SmsCodeWrong);

		expect((await money.addCardCall(owner, body(code))).code).toBe(0);
		const reused = await money.addCardCall(owner, body(code), "km");
		expect(reused).toMatchObject({ code: ErrorCode.SmsCodeExpired, msg: formatMessage("smsCodeExpired", "km") });
		expect((await money.cards(owner, shopId)).data).toHaveLength(1);
	});

	it("gives up a code after five wrong tries, even though each action was refused", async () => {
		const shopId = await ownShop("cards-tries");
		const code = await money.freshCode(owner, shopId);
		const wrong = code === "000000" ? "111111" : "000000";
		const body = (c: string) => ({ shopId, holder: "Sok", bank: "ABA", cardNumber: money.newCardNumber(), code: c });

		for (let attempt = 0; attempt < 5; attempt++)
			expect((await money.addCardCall(owner, body(wrong))).code).toBe(ErrorCode.SmsCodeWrong);

		expect((await money.addCardCall(owner, body(code))).code).toBe(ErrorCode.SmsCodeExpired);
	});
});

describe("removing a card", () => {
	it("unbinds a card softly; the same number may be added again afterwards", async () => {
		const shopId = await ownShop("cards-remove");
		const number = money.newCardNumber();
		const card = await money.card(owner, shopId, { cardNumber: number });
		const kept = await money.card(owner, shopId);

		const left = await money.removeCard(owner, shopId, card.id);

		expect(left.code, left.msg).toBe(0);
		expect(left.data.map((row) => row.id)).toEqual([kept.id]);
		const row = await server.deps.db
			.selectFrom("shop_bank_card")
			.selectAll()
			.where("id", "=", card.id)
			.executeTakeFirstOrThrow();
		expect(row.removed_at).not.toBeNull();
		expect(row.removed_by_member_id).toBe(owner.userId);
		expect((await money.removeCard(owner, shopId, card.id)).code).toBe(ErrorCode.NotFound);
		expect((await money.card(owner, shopId, { cardNumber: number })).last4).toBe(number.slice(-4));

		// The shop's change log says who added and removed which account, by its last four digits only.
		const log = await server.call<PageResult<ShopChangeView>>(
			"GET",
			`/app-api/merchant/changes/page?shopId=${shopId}&pageSize=10`,
			{ token: owner.accessToken },
		);
		expect(log.code, log.msg).toBe(0);
		const cardChanges = log.data.list.filter((change) => change.subject === "bank_card").reverse();
		expect(cardChanges.map((change) => [change.action, change.subjectId, change.by.memberId])).toEqual([
			["create", String(card.id), owner.userId],
			["create", String(kept.id), owner.userId],
			["delete", String(card.id), owner.userId],
			["create", expect.any(String), owner.userId],
		]);
		expect(cardChanges[2]?.label).toBe(`ABA Bank •••• ${number.slice(-4)}`);
		expect(JSON.stringify(log.data)).not.toContain(number.slice(0, 12));
	});

	it("refuses a card a withdrawal in progress points at, and lets it go once the withdrawal is decided", async () => {
		const shopId = await ownShop("cards-in-use");
		const operator = await money.operator("13900001409");
		const card = await money.card(owner, shopId);
		await money.giveAvailable(shopId, 5000);
		const withdrawal = await money.withdraw(owner, shopId, card.id, 2000);

		expect((await money.cards(owner, shopId)).data[0]?.inUse).toBe(true);
		const refused = await money.removeCard(owner, shopId, card.id);
		expect(refused.code).toBe(ErrorCode.BankCardInUse);
		const approved = await money.review(operator, "approve", { id: withdrawal.id, version: withdrawal.version });
		expect((await money.removeCard(owner, shopId, card.id)).code).toBe(ErrorCode.BankCardInUse);
		await money.review(operator, "paid", {
			id: withdrawal.id,
			version: approved.data.version,
			reference: "FT1",
			transferDate: new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Phnom_Penh" }).format(server.clock.now()),
		});

		expect((await money.cards(owner, shopId)).data[0]?.inUse).toBe(false);
		expect((await money.removeCard(owner, shopId, card.id)).code).toBe(0);
		await expectLedgerInvariants(server.deps.db);
	});

	it("answers NotFound for another shop's card, even the same owner's", async () => {
		const shopId = await ownShop("cards-mine");
		const otherShop = await ownShop("cards-theirs");
		const theirs = await money.card(owner, otherShop);

		expect((await money.removeCard(owner, shopId, theirs.id)).code).toBe(ErrorCode.NotFound);
		expect((await money.removeCard(owner, shopId, 999_999)).code).toBe(ErrorCode.NotFound);
		expect((await money.cards(owner, otherShop)).data.map((card) => card.id)).toEqual([theirs.id]);
	});
});
