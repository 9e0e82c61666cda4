import {
	ErrorCode,
	formatMessage,
	IDEMPOTENCY_HEADER,
	type MessageKey,
	SmsScene,
	WithdrawalStatus,
} from "@bayon/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../../../../test/harness.js";
import { expectLedgerInvariants } from "../../../../test/ledger-invariants.js";
import { type MoneyCaller, MoneyFixture } from "../../../../test/merchant-money.js";
import { addShop } from "../../../../test/shops.js";
import { DEMO_OPERATOR_MOBILE } from "../../../seed/demo-data.js";
import { arrivalDate } from "./withdrawals.js";

/**
 * Withdrawals and the platform's review (decision 023) through HTTP: the owner asks with an SMS
 * code, the money moves available → in withdrawal at once, the operator approves and pays it
 * out or rejects it (the money back to available). Every story runs in a shop of its own, so
 * its balances are its own; the ledger's invariants are checked after each.
 */

let server: TestServer;
let money: MoneyFixture;
let owner: MoneyCaller;
let operator: MoneyCaller;
let manager: MoneyCaller;
let staff: MoneyCaller;
let customer: MoneyCaller;

const LANGS = ["zh-CN", "en", "km"] as const;
const ZONE = "Asia/Phnom_Penh";

beforeAll(async () => {
	server = await startTestServer({
		limits: { smsResendSeconds: 0, smsPerPhoneInWindow: 1000, smsPerPhonePerDay: 1000 },
	});
	money = new MoneyFixture(server);
	owner = await money.signIn("13800000001");
	// The seeded platform operator.
	operator = await money.signIn(DEMO_OPERATOR_MOBILE);
	manager = await money.withRole("13900001501", "manager", 1);
	staff = await money.signIn("13800000002");
	customer = await money.signIn("13800000003");
});
afterAll(async () => {
	await server?.close();
});

let shopSerial = 0;
/** A shop of the demo tenant owned by the demo owner, with a card and `available` settled money. */
async function shopWithMoney(available: number) {
	shopSerial++;
	const shopId = await addShop(server, `withdrawals-${shopSerial}`);
	await server.deps.db
		.insertInto("shop_staff")
		.values({ shop_id: shopId, member_id: owner.userId, role: "owner" })
		.execute();
	const card = await money.card(owner, shopId, { holder: "Sok Dara", bank: "ABA Bank" });
	if (available > 0) await money.giveAvailable(shopId, available);
	return { shopId, card };
}

async function expectBooksSound() {
	await expectLedgerInvariants(server.deps.db);
	await money.expectWithdrawingMatchesOpenWithdrawals();
}

/** The shop's local today on the test clock: the transfer day a payment is marked with. */
function today(): string {
	return new Intl.DateTimeFormat("en-CA", { timeZone: ZONE }).format(server.clock.now());
}

async function withdrawalRow(id: number) {
	return server.deps.db.selectFrom("shop_withdrawal").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
}

async function ledgerKindsOf(withdrawalId: number) {
	const rows = await server.deps.db
		.selectFrom("ledger_txn")
		.select("kind")
		.where("withdrawal_id", "=", withdrawalId)
		.orderBy("id")
		.execute();
	return rows.map((row) => row.kind);
}

describe("arrival within 10 working days (spec §9)", () => {
	it("counts ten days without Saturdays and Sundays from the shop's local day", () => {
		// Monday 10:00 in Phnom Penh → the Monday two weeks on.
		expect(arrivalDate(new Date("2026-11-23T03:00:00Z"), ZONE)).toBe("2026-12-07");
		// Friday evening → Friday two weeks on.
		expect(arrivalDate(new Date("2026-11-27T12:00:00Z"), ZONE)).toBe("2026-12-11");
		// Still Sunday by UTC, already Monday 01:00 in Phnom Penh: counted from Monday.
		expect(arrivalDate(new Date("2026-11-22T18:00:00Z"), ZONE)).toBe("2026-12-07");
		expect(arrivalDate(new Date("2026-11-22T18:00:00Z"), "UTC")).toBe("2026-12-04");
		// A request at the weekend counts from the Monday after.
		expect(arrivalDate(new Date("2026-11-28T03:00:00Z"), ZONE)).toBe("2026-12-11");
	});
});

describe("a withdrawal from request to payment", () => {
	it("moves the amount to in withdrawal at once; the platform approves it and pays it out", async () => {
		const { shopId, card } = await shopWithMoney(20_000);

		const asked = await money.withdraw(owner, shopId, card.id, 12_345);

		expect(asked).toMatchObject({
			shopId,
			shopName: "吴哥店",
			amount: 12_345,
			status: WithdrawalStatus.Unaudited,
			card: { id: card.id, holder: "Sok Dara", bank: "ABA Bank", last4: card.last4 },
			rejectReason: null,
			bankReference: null,
			version: 0,
			arrivesBy: arrivalDate(new Date(asked.createdAt), ZONE),
			shopTimezone: ZONE,
			events: [{ from: null, to: 0, actor: "owner", actorName: "Sophea (owner)", note: null, at: asked.createdAt }],
		});
		expect(await money.balances(shopId)).toMatchObject({ available: 7655, withdrawing: 12_345 });
		const payoutsBefore = (await money.balances(shopId)).payouts;
		await expectBooksSound();

		const queue = await money.platformWithdrawals(operator, "status=0");
		expect(queue.data.list.map((row) => row.id)).toContain(asked.id);
		const approved = await money.review(operator, "approve", { id: asked.id, version: 0 });
		expect(approved.code, approved.msg).toBe(0);
		expect(approved.data).toMatchObject({ status: WithdrawalStatus.AwaitingArrival, version: 1 });
		// Operators see which of them decided; the owner is told it was the platform.
		expect(approved.data.events.at(-1)).toMatchObject({
			from: 0,
			to: 1,
			actor: "operator",
			actorName: "Chenda (platform)",
		});
		expect((await money.shopWithdrawal(owner, shopId, asked.id)).data.events.at(-1)).toMatchObject({
			from: 0,
			to: 1,
			actor: "operator",
			actorName: null,
		});
		expect(await money.balances(shopId)).toMatchObject({ available: 7655, withdrawing: 12_345 });

		const paid = await money.review(operator, "paid", {
			id: asked.id,
			version: 1,
			reference: " FT26112400042 ",
			transferDate: today(),
		});

		expect(paid.code, paid.msg).toBe(0);
		expect(paid.data).toMatchObject({
			status: WithdrawalStatus.Received,
			version: 2,
			bankReference: "FT26112400042",
			transferDate: today(),
		});
		expect(await money.balances(shopId)).toEqual({
			available: 7655,
			withdrawing: 0,
			payouts: payoutsBefore + 12_345,
		});
		const seen = (await money.shopWithdrawal(owner, shopId, asked.id)).data;
		expect(seen.events.map((event) => [event.from, event.to, event.actor, event.note])).toEqual([
			[null, 0, "owner", null],
			[0, 1, "operator", null],
			[1, 3, "operator", "FT26112400042"],
		]);
		expect(await ledgerKindsOf(asked.id)).toEqual(["withdrawal_request", "withdrawal_paid"]);
		await expectBooksSound();
	});

	it("returns a rejected withdrawal's money to available, with the reason", async () => {
		const { shopId, card } = await shopWithMoney(8000);
		const asked = await money.withdraw(owner, shopId, card.id, 5000);
		expect(await money.balances(shopId)).toMatchObject({ available: 3000, withdrawing: 5000 });

		const rejected = await money.review(operator, "reject", {
			id: asked.id,
			version: 0,
			reason: "The holder's name does not match\nthe shop's licence",
		});

		expect(rejected.code, rejected.msg).toBe(0);
		expect(rejected.data).toMatchObject({
			status: WithdrawalStatus.Rejected,
			version: 1,
			rejectReason: "The holder's name does not match\nthe shop's licence",
		});
		expect(await money.balances(shopId)).toMatchObject({ available: 8000, withdrawing: 0 });
		expect((await money.cards(owner, shopId)).data[0]?.inUse).toBe(false);
		expect(await ledgerKindsOf(asked.id)).toEqual(["withdrawal_request", "withdrawal_returned"]);
		// The money is withdrawable again.
		await money.withdraw(owner, shopId, card.id, 8000);
		expect(await money.balances(shopId)).toMatchObject({ available: 0, withdrawing: 8000 });
		await expectBooksSound();
	});
});

describe("asking for a withdrawal", () => {
	it.each(LANGS)("refuses nothing to withdraw, under the minimum and over what is available, in %s", async (lang) => {
		const { shopId, card } = await shopWithMoney(0);
		const code = await money.freshCode(owner, shopId);
		const ask = (amount: number) => money.withdrawCall(owner, { shopId, amount, cardId: card.id, code }, { lang });

		expect(await ask(1000)).toMatchObject({
			code: ErrorCode.NoWithdrawableAmount,
			msg: formatMessage("noWithdrawableAmount", lang),
		});
		await money.giveAvailable(shopId, 5000);
		expect(await ask(999)).toMatchObject({
			code: ErrorCode.WithdrawalBelowMinimum,
			msg: formatMessage("withdrawalBelowMinimum", lang, { minimum: "$10.00" }),
		});
		expect(await ask(5001)).toMatchObject({
			code: ErrorCode.WithdrawalExceedsAvailable,
			msg: formatMessage("withdrawalExceedsAvailable", lang, { available: "$50.00" }),
		});
		// A shop that owes after a refund has nothing to withdraw until the debt is paid back.
		await money.owe(shopId, 6000);
		expect((await ask(1000)).code).toBe(ErrorCode.NoWithdrawableAmount);
		await money.giveAvailable(shopId, 2500);

		// None of that spent the code or moved money (each try counts, five to a code): it asks for all there is now.
		const asked = await ask(1500);
		expect(asked.code, asked.msg).toBe(0);
		expect(await money.balances(shopId)).toMatchObject({ available: 0, withdrawing: 1500 });
		await expectBooksSound();
	});

	it("refuses a card that is not the shop's, removed or unknown", async () => {
		const { shopId, card } = await shopWithMoney(5000);
		const other = await shopWithMoney(0);
		const removed = await money.card(owner, shopId);
		expect((await money.removeCard(owner, shopId, removed.id)).code).toBe(0);
		const code = await money.freshCode(owner, shopId);

		for (const cardId of [other.card.id, removed.id, 999_999]) {
			const refused = await money.withdrawCall(owner, { shopId, amount: 2000, cardId, code }, { lang: "zh-CN" });
			expect(refused).toMatchObject({ code: ErrorCode.BankCardUnknown, msg: "这个提现账户已不存在，请重新选择" });
		}
		expect(await money.balances(shopId)).toMatchObject({ available: 5000, withdrawing: 0 });
		expect((await money.withdrawCall(owner, { shopId, amount: 2000, cardId: card.id, code })).code).toBe(0);
	});

	it("needs a fresh step-up code: none, a wrong one, a sign-in code or one used already are refused", async () => {
		const { shopId, card } = await shopWithMoney(9000);
		const body = (code: string) => ({ shopId, amount: 1000, cardId: card.id, code });
		const second = await money.withRole("13900001502", "owner", shopId);

		expect((await money.withdrawCall(second, body("123456"))).code).toBe(ErrorCode.SmsCodeExpired);
		const code = await money.freshCode(owner, shopId);
		const wrong = code === "000000" ? "111111" : "000000";
		expect((await money.withdrawCall(owner, body(wrong))).code).toBe(ErrorCode.SmsCodeWrong);
		await server.call("POST", "/app-api/member/auth/send-sms-code", {
			body: { mobile: owner.mobile, scene: SmsScene.MemberLogin },
		});
		const signInCode = money.lastCode(owner.mobile, SmsScene.MemberLogin);
		if (signInCode !== code)
			expect((await money.withdrawCall(owner, body(signInCode))).code).toBe(ErrorCode.SmsCodeWrong);
		expect((await money.withdrawCall(owner, body(code))).code).toBe(0);
		expect((await money.withdrawCall(owner, body(code))).code).toBe(ErrorCode.SmsCodeExpired);
		// The other owner's code is sent to their own phone and asks for their own withdrawal.
		expect((await money.withdrawCall(second, body(await money.freshCode(second, shopId)))).code).toBe(0);
		expect(await money.balances(shopId)).toMatchObject({ available: 7000, withdrawing: 2000 });
		await expectBooksSound();
	});

	it("asks once for the same Idempotency-Key, and refuses the key for another request", async () => {
		const { shopId, card } = await shopWithMoney(9000);
		const code = await money.freshCode(owner, shopId);
		const key = money.newKey();
		const body = { shopId, amount: 3000, cardId: card.id, code };

		expect((await money.withdrawCall(owner, body, { key: null })).code).toBe(ErrorCode.IdempotencyKeyRequired);
		expect((await money.withdrawCall(owner, body, { key: "short" })).code).toBe(ErrorCode.IdempotencyKeyRequired);
		const first = await money.withdrawCall(owner, body, { key });
		// Sent again (the code spent by then): the same withdrawal, and no second move.
		const again = await money.withdrawCall(owner, body, { key });
		const otherAmount = await money.withdrawCall(owner, { ...body, amount: 3001 }, { key });

		expect(first.code, first.msg).toBe(0);
		expect(again.code, again.msg).toBe(0);
		expect(again.data.id).toBe(first.data.id);
		expect(otherAmount.code).toBe(ErrorCode.IdempotencyKeyReused);
		expect(await money.balances(shopId)).toMatchObject({ available: 6000, withdrawing: 3000 });
		expect(await ledgerKindsOf(first.data.id)).toEqual(["withdrawal_request"]);
		await expectBooksSound();
	});

	it.each(LANGS)("names the field that is wrong in %s", async (lang) => {
		const valid = { shopId: 1, amount: 1000, cardId: 1, code: "123456" };
		const cases: [Record<string, unknown>, MessageKey][] = [
			[{ amount: undefined }, "enterWithdrawalAmount"],
			[{ amount: 0 }, "enterWithdrawalAmount"],
			[{ amount: -100 }, "enterWithdrawalAmount"],
			[{ amount: 10.5 }, "enterWithdrawalAmount"],
			[{ amount: "1000" }, "enterWithdrawalAmount"],
			[{ cardId: undefined }, "selectWithdrawalAccount"],
			[{ cardId: 0 }, "selectWithdrawalAccount"],
			[{ code: "12a456" }, "smsCodeFormat"],
		];
		for (const [change, key] of cases) {
			const refused = await money.withdrawCall(owner, { ...valid, ...change }, { lang });
			expect(refused.code, JSON.stringify(change)).toBe(ErrorCode.BadRequest);
			expect(refused.msg, JSON.stringify(change)).toBe(formatMessage(key, lang));
		}
		expect(formatMessage("enterWithdrawalAmount", "zh-CN")).toBe("请输入提现金额");
		expect(formatMessage("selectWithdrawalAccount", "zh-CN")).toBe("请选择提现账户");
		const badStatus = await money.shopWithdrawals(owner, "shopId=1&status=7");
		expect(badStatus.code).toBe(ErrorCode.BadRequest);
	});
});

describe("the platform's review", () => {
	it("refuses every move that is not the next one, or made on a version seen before, and changes nothing", async () => {
		const { shopId, card } = await shopWithMoney(10_000);
		const approveTwice = await money.withdraw(owner, shopId, card.id, 2000);
		const payUnaudited = await money.withdraw(owner, shopId, card.id, 2000);
		const rejectPaid = await money.withdraw(owner, shopId, card.id, 2000);
		const rejectApproved = await money.withdraw(owner, shopId, card.id, 2000);

		const decide = async (action: "approve" | "paid", body: Record<string, unknown>) => {
			const answer = await money.review(operator, action, body);
			expect(answer.code, answer.msg).toBe(0);
		};
		await decide("approve", { id: approveTwice.id, version: 0 });
		await decide("approve", { id: rejectPaid.id, version: 0 });
		await decide("paid", { id: rejectPaid.id, version: 1, reference: "FT2", transferDate: today() });
		await decide("approve", { id: rejectApproved.id, version: 0 });
		const before = await money.balances(shopId);

		const refusals: [string, "approve" | "reject" | "paid", Record<string, unknown>][] = [
			["approve twice (the current version)", "approve", { id: approveTwice.id, version: 1 }],
			["pay an unaudited one", "paid", { id: payUnaudited.id, version: 0, reference: "FT3", transferDate: today() }],
			["reject an approved one", "reject", { id: rejectApproved.id, version: 1, reason: "late" }],
			["approve on a version never seen", "approve", { id: payUnaudited.id, version: 5 }],
			["reject on an old version", "reject", { id: rejectApproved.id, version: 0, reason: "late" }],
		];
		for (const [what, action, body] of refusals) {
			const refused = await money.review(operator, action, body, "en");
			expect(refused, what).toMatchObject({
				code: ErrorCode.WithdrawalStateChanged,
				msg: "This withdrawal has changed meanwhile: refresh to see where it stands",
			});
		}
		// A paid one says so, with its reference and day, whatever was asked of it.
		const paidAlready: [string, "reject" | "paid", Record<string, unknown>][] = [
			["reject a paid one", "reject", { id: rejectPaid.id, version: 2, reason: "late" }],
			["pay a paid one", "paid", { id: rejectPaid.id, version: 2, reference: "FT4", transferDate: today() }],
		];
		for (const [what, action, body] of paidAlready) {
			const refused = await money.review(operator, action, body, "en");
			expect(refused, what).toMatchObject({
				code: ErrorCode.WithdrawalAlreadyPaid,
				msg: formatMessage("withdrawalAlreadyPaid", "en", { date: today(), reference: "FT2" }),
			});
		}
		expect((await money.review(operator, "approve", { id: 999_999, version: 0 })).code).toBe(ErrorCode.NotFound);
		// The same operator's approval sent again on the version it was made on: a retry, answered as it stands.
		const retried = await money.review(operator, "approve", { id: approveTwice.id, version: 0 });
		expect(retried.code, retried.msg).toBe(0);
		expect(retried.data).toMatchObject({ status: 1, version: 1 });
		expect(retried.data.events).toHaveLength(2);

		expect(await money.balances(shopId)).toEqual(before);
		expect(await withdrawalRow(approveTwice.id)).toMatchObject({ status: 1, version: 1 });
		expect(await withdrawalRow(payUnaudited.id)).toMatchObject({ status: 0, version: 0 });
		expect(await withdrawalRow(rejectPaid.id)).toMatchObject({ status: 3, version: 2, reject_reason: null });
		expect(await withdrawalRow(rejectApproved.id)).toMatchObject({ status: 1, version: 1 });
		expect((await money.platformWithdrawal(operator, rejectPaid.id)).data.events).toHaveLength(3);
		await expectBooksSound();
	});

	it.each(LANGS)("names the field that is wrong in %s", async (lang) => {
		const cases: ["approve" | "reject" | "paid", Record<string, unknown>, MessageKey][] = [
			["reject", { id: 1, version: 0, reason: "  " }, "fillRejectReason"],
			["reject", { id: 1, version: 0 }, "fillRejectReason"],
			["reject", { id: 1, version: 0, reason: "x".repeat(201) }, "textTooLong"],
			["paid", { id: 1, version: 1, reference: "", transferDate: "2026-11-24" }, "fillBankReference"],
			["paid", { id: 1, version: 1, reference: "r".repeat(61), transferDate: "2026-11-24" }, "textTooLong"],
			["paid", { id: 1, version: 1, reference: "FT1", transferDate: "2026-02-30" }, "chooseCorrectDate"],
			["paid", { id: 1, version: 1, reference: "FT1" }, "chooseCorrectDate"],
			["approve", { id: 0, version: 0 }, "fieldInvalid"],
		];
		for (const [action, body, key] of cases) {
			const refused = await money.review(operator, action, body, lang);
			expect(refused.code, JSON.stringify(body)).toBe(ErrorCode.BadRequest);
			expect(refused.msg, JSON.stringify(body)).toBe(formatMessage(key, lang, { field: "id" }));
		}
	});

	it("lists every shop's withdrawals newest first, by status and shop, a page at a time", async () => {
		const a = await shopWithMoney(10_000);
		const b = await shopWithMoney(10_000);
		const first = await money.withdraw(owner, a.shopId, a.card.id, 1000);
		const second = await money.withdraw(owner, b.shopId, b.card.id, 1100);
		const third = await money.withdraw(owner, a.shopId, a.card.id, 1200);
		await money.review(operator, "approve", { id: first.id, version: 0 });

		const all = await money.platformWithdrawals(operator, "pageSize=50");
		const ids = all.data.list.map((row) => row.id);
		expect(ids.indexOf(third.id)).toBeLessThan(ids.indexOf(second.id));
		expect(ids.indexOf(second.id)).toBeLessThan(ids.indexOf(first.id));
		expect((await money.platformWithdrawals(operator, `shopId=${a.shopId}`)).data.list.map((row) => row.id)).toEqual([
			third.id,
			first.id,
		]);
		expect(
			(await money.platformWithdrawals(operator, `shopId=${a.shopId}&status=1`)).data.list.map((row) => row.id),
		).toEqual([first.id]);
		const page1 = await money.platformWithdrawals(operator, `shopId=${a.shopId}&pageSize=1`);
		expect(page1.data.list.map((row) => row.id)).toEqual([third.id]);
		const page2 = await money.platformWithdrawals(
			operator,
			`shopId=${a.shopId}&pageSize=1&cursor=${page1.data.nextCursor}`,
		);
		expect(page2.data).toMatchObject({ list: [{ id: first.id }], nextCursor: null });

		// The owner's list is the shop's alone.
		const mine = await money.shopWithdrawals(owner, `shopId=${b.shopId}`);
		expect(mine.data.list.map((row) => row.id)).toEqual([second.id]);
		expect((await money.shopWithdrawals(owner, `shopId=${a.shopId}&status=0`)).data.list.map((row) => row.id)).toEqual([
			third.id,
		]);
		expect((await money.platformWithdrawal(operator, second.id)).data).toMatchObject({
			id: second.id,
			shopId: b.shopId,
		});
	});
});

describe("who may", () => {
	it("refuses managers, staff, customers and the platform operator every owner's money call", async () => {
		const { shopId, card } = await shopWithMoney(5000);
		const asked = await money.withdraw(owner, shopId, card.id, 1000);
		const shopManager = await money.withRole("13900001503", "manager", shopId);
		const shopStaff = await money.withRole("13900001504", "staff", shopId);
		const calls: [string, "GET" | "POST", string, unknown][] = [
			["send-code", "POST", "/app-api/merchant/money/send-code", { shopId }],
			["cards", "GET", `/app-api/merchant/cards?shopId=${shopId}`, undefined],
			[
				"add a card",
				"POST",
				"/app-api/merchant/cards/add",
				{ shopId, holder: "Sok", bank: "ABA", cardNumber: money.newCardNumber(), code: "123456" },
			],
			["remove a card", "POST", "/app-api/merchant/cards/remove", { shopId, cardId: card.id }],
			[
				"withdraw",
				"POST",
				"/app-api/merchant/withdrawals/create",
				{ shopId, amount: 1000, cardId: card.id, code: "123456" },
			],
			["withdrawals", "GET", `/app-api/merchant/withdrawals?shopId=${shopId}`, undefined],
			["a withdrawal", "GET", `/app-api/merchant/withdrawals/detail?shopId=${shopId}&id=${asked.id}`, undefined],
		];
		for (const caller of [shopManager, shopStaff, manager, staff, customer, operator]) {
			for (const [what, method, url, body] of calls) {
				const answer = await server.call(method, url, {
					token: caller.accessToken,
					body,
					headers: { [IDEMPOTENCY_HEADER]: money.newKey() },
				});
				expect(answer.code, `${caller.mobile}: ${what}`).toBe(ErrorCode.Forbidden);
			}
		}
		// Nothing moved and no card went.
		expect(await money.balances(shopId)).toMatchObject({ available: 4000, withdrawing: 1000 });
		expect((await money.cards(owner, shopId)).data).toHaveLength(1);
	});

	it("keeps another shop's wallet, cards and withdrawals out of reach", async () => {
		const mine = await shopWithMoney(5000);
		const theirs = await shopWithMoney(5000);
		const theirWithdrawal = await money.withdraw(owner, theirs.shopId, theirs.card.id, 1000);
		// The owner of another shop only.
		const stranger = await money.withRole("13900001505", "owner", await addShop(server, "withdrawals-stranger"));

		expect((await money.cards(stranger, mine.shopId)).code).toBe(ErrorCode.Forbidden);
		expect((await money.shopWithdrawals(stranger, `shopId=${theirs.shopId}`)).code).toBe(ErrorCode.Forbidden);
		expect((await money.shopWithdrawal(stranger, theirs.shopId, theirWithdrawal.id)).code).toBe(ErrorCode.Forbidden);
		// The same owner asking through the wrong shop: the withdrawal and the card are not that shop's.
		expect((await money.shopWithdrawal(owner, mine.shopId, theirWithdrawal.id)).code).toBe(ErrorCode.NotFound);
		const code = await money.freshCode(owner, mine.shopId);
		expect(
			(await money.withdrawCall(owner, { shopId: mine.shopId, amount: 1000, cardId: theirs.card.id, code })).code,
		).toBe(ErrorCode.BankCardUnknown);
		expect((await money.shopWithdrawals(owner, `shopId=${mine.shopId}`)).data.list).toEqual([]);
		expect(await money.balances(mine.shopId)).toMatchObject({ available: 5000, withdrawing: 0 });
	});

	it.each(LANGS)("refuses the platform's calls to everyone but platform operators, in %s", async (lang) => {
		const { shopId, card } = await shopWithMoney(5000);
		const asked = await money.withdraw(owner, shopId, card.id, 1000);
		const calls: [string, "GET" | "POST", string, unknown][] = [
			["list", "GET", "/app-api/platform/withdrawals", undefined],
			["detail", "GET", `/app-api/platform/withdrawals/detail?id=${asked.id}`, undefined],
			["approve", "POST", "/app-api/platform/withdrawals/approve", { id: asked.id, version: 0 }],
			["reject", "POST", "/app-api/platform/withdrawals/reject", { id: asked.id, version: 0, reason: "no" }],
			[
				"paid",
				"POST",
				"/app-api/platform/withdrawals/paid",
				{ id: asked.id, version: 0, reference: "FT", transferDate: "2026-11-24" },
			],
			["return", "POST", "/app-api/platform/withdrawals/return", { id: asked.id, version: 0, reason: "no" }],
		];
		for (const caller of [owner, manager, staff, customer]) {
			for (const [what, method, url, body] of calls) {
				const answer = await server.call(method, url, { token: caller.accessToken, body, lang });
				expect(answer, `${caller.mobile}: ${what}`).toMatchObject({
					code: ErrorCode.NotPlatformOperator,
					msg: formatMessage("notPlatformOperator", lang),
				});
			}
		}
		expect(await withdrawalRow(asked.id)).toMatchObject({ status: 0, version: 0 });
		expect((await server.call("GET", "/app-api/platform/withdrawals")).code).toBe(ErrorCode.Unauthorized);
	});
});
