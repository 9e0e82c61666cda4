import {
	type ApiEnvelope,
	ErrorCode,
	formatMessage,
	type MoneyCodeSent,
	type RevealedAccount,
	WithdrawalStatus,
	type WithdrawalView,
} from "@bayon/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../../../../test/harness.js";
import { expectLedgerInvariants } from "../../../../test/ledger-invariants.js";
import { type MoneyCaller, MoneyFixture } from "../../../../test/merchant-money.js";
import { addShop } from "../../../../test/shops.js";
import { PAYOUT_CSV_HEADER } from "./payouts.js";

/**
 * Paying withdrawals out (issue 28, decision 023 "Paying out") through HTTP: the operator reads
 * a withdrawal's full account number with their own step-up code, every reading logged and shown
 * to the owner; marks it paid with the bank's reference and the transfer's day, or returns it
 * with a reason (the money back to available); and downloads the bank's bulk-transfer file of
 * every approved withdrawal, each row a logged reading. Every story runs in a shop of its own.
 */

let server: TestServer;
let money: MoneyFixture;
let owner: MoneyCaller;
let operator: MoneyCaller;
let otherOperator: MoneyCaller;
let manager: MoneyCaller;
let staff: MoneyCaller;

const ZONE = "Asia/Phnom_Penh";
const USER_AGENT = "payouts-test/1.0";

beforeAll(async () => {
	server = await startTestServer({
		limits: { smsResendSeconds: 0, smsPerPhoneInWindow: 1000, smsPerPhonePerDay: 1000 },
	});
	money = new MoneyFixture(server);
	owner = await money.signIn("13800000001");
	operator = await money.operator("13900002801");
	otherOperator = await money.operator("13900002802");
	manager = await money.withRole("13900002803", "manager", 1);
	staff = await money.withRole("13900002804", "staff", 1);
});
afterAll(async () => {
	await server?.close();
});

let shopSerial = 0;
/** A shop of the demo owner with one card of a known number and `available` settled money. */
async function shopWithMoney(available: number, fields: { holder?: string; bank?: string } = {}) {
	shopSerial++;
	const shopId = await addShop(server, `payouts-${shopSerial}`);
	await server.deps.db
		.insertInto("shop_staff")
		.values({ shop_id: shopId, member_id: owner.userId, role: "owner" })
		.execute();
	// Managers and staff of this shop too, so their refusal is not for want of a shop.
	await server.deps.db
		.insertInto("shop_staff")
		.values([
			{ shop_id: shopId, member_id: manager.userId, role: "manager" },
			{ shop_id: shopId, member_id: staff.userId, role: "staff" },
		])
		.execute();
	const cardNumber = money.newCardNumber();
	const card = await money.card(owner, shopId, {
		holder: fields.holder ?? "Sok Dara",
		bank: fields.bank ?? "ABA Bank",
		cardNumber,
	});
	await money.giveAvailable(shopId, available);
	return { shopId, card, cardNumber };
}

function today(): string {
	return new Intl.DateTimeFormat("en-CA", { timeZone: ZONE }).format(server.clock.now());
}

async function expectBooksSound() {
	await expectLedgerInvariants(server.deps.db);
	await money.expectWithdrawingMatchesOpenWithdrawals();
}

function post<T>(caller: MoneyCaller, path: string, body: unknown, lang?: string): Promise<ApiEnvelope<T>> {
	return server.call("POST", `/app-api/platform/withdrawals/${path}`, {
		token: caller.accessToken,
		body,
		headers: { "user-agent": USER_AGENT },
		...(lang ? { lang } : {}),
	});
}

/** A fresh step-up code on the caller's own phone, sent by the platform's call. */
async function platformCode(caller: MoneyCaller): Promise<string> {
	const sent = await post<MoneyCodeSent>(caller, "send-code", {});
	expect(sent.code, sent.msg).toBe(0);
	expect(sent.data.mobileMasked).toBe(`${caller.mobile.slice(0, 3)}****${caller.mobile.slice(-4)}`);
	return money.lastCode(caller.mobile);
}

const reveal = (caller: MoneyCaller, body: unknown, lang?: string) =>
	post<RevealedAccount>(caller, "reveal", body, lang);
const decide = (caller: MoneyCaller, action: "approve" | "paid" | "return", body: unknown, lang?: string) =>
	post<WithdrawalView>(caller, action, body, lang);

/** An approved withdrawal of `amount` in a shop of its own. */
async function approved(amount: number, available = amount + 5000, fields: { holder?: string; bank?: string } = {}) {
	const shop = await shopWithMoney(available, fields);
	const asked = await money.withdraw(owner, shop.shopId, shop.card.id, amount);
	const answer = await decide(operator, "approve", { id: asked.id, version: 0 });
	expect(answer.code, answer.msg).toBe(0);
	return { ...shop, withdrawal: answer.data };
}

async function revealRows(withdrawalId: number) {
	return server.deps.db
		.selectFrom("shop_withdrawal_reveal")
		.selectAll()
		.where("withdrawal_id", "=", withdrawalId)
		.orderBy("id")
		.execute();
}

async function nickname(memberId: number): Promise<string> {
	const row = await server.deps.db
		.selectFrom("member")
		.select("nickname")
		.where("id", "=", memberId)
		.executeTakeFirstOrThrow();
	return row.nickname;
}

/** RFC 4180 as a bank's upload reads it: quoted fields may hold commas, quotes (doubled) and line breaks. */
function parse(text: string): string[][] {
	const rows: string[][] = [];
	let row: string[] = [];
	let field = "";
	let quoted = false;
	for (let i = 0; i < text.length; i++) {
		const char = text[i];
		if (quoted) {
			if (char === '"' && text[i + 1] === '"') {
				field += '"';
				i++;
			} else if (char === '"') quoted = false;
			else field += char;
		} else if (char === '"') quoted = true;
		else if (char === ",") {
			row.push(field);
			field = "";
		} else if (char === "\r" && text[i + 1] === "\n") {
			row.push(field);
			rows.push(row);
			row = [];
			field = "";
			i++;
		} else field += char;
	}
	if (field !== "" || row.length > 0) rows.push([...row, field]);
	return rows;
}

async function exportCsv(caller: MoneyCaller, body: unknown) {
	const response = await fetch(`${server.url}/app-api/platform/withdrawals/export`, {
		method: "POST",
		headers: {
			"tenant-id": "1",
			"shop-key": "bayon-demo",
			authorization: `Bearer ${caller.accessToken}`,
			"content-type": "application/json",
			"user-agent": USER_AGENT,
		},
		body: JSON.stringify(body),
	});
	return response;
}

describe("revealing a withdrawal's account number", () => {
	it("answers the full number and holder with the operator's own code, logs who, when and from which request, and shows the owner", async () => {
		const { shopId, cardNumber, withdrawal } = await approved(3000);
		const code = await platformCode(operator);

		const revealed = await reveal(operator, { id: withdrawal.id, code });

		expect(revealed.code, revealed.msg).toBe(0);
		expect(revealed.data).toEqual({
			withdrawalId: withdrawal.id,
			holder: "Sok Dara",
			bank: "ABA Bank",
			accountNumber: cardNumber,
		});
		const [logged, ...more] = await revealRows(withdrawal.id);
		expect(more).toEqual([]);
		expect(logged).toMatchObject({ member_id: operator.userId, via: "reveal", user_agent: USER_AGENT, tenant_id: 1 });
		expect(logged?.request_id).toMatch(/^[0-9a-f-]{36}$/);
		expect(logged?.ip).toMatch(/127\.0\.0\.1/);
		expect(new Date(logged?.at ?? 0).getTime()).toBe(server.clock.now().getTime());

		// The owner sees that the platform read it and when, not which of its people.
		const seen = (await money.shopWithdrawal(owner, shopId, withdrawal.id)).data;
		expect(seen.reveals).toEqual([{ via: "reveal", actorName: null, at: server.clock.now().toISOString() }]);
		const platformSeen = (await money.platformWithdrawal(operator, withdrawal.id)).data;
		expect(platformSeen.reveals).toEqual([
			{ via: "reveal", actorName: await nickname(operator.userId), at: server.clock.now().toISOString() },
		]);

		// The code was spent: reading again needs a new one, and each reading is a line of its own.
		const again = await reveal(operator, { id: withdrawal.id, code });
		expect(again.code).toBe(ErrorCode.SmsCodeExpired);
		server.clock.advance(60);
		expect((await reveal(operator, { id: withdrawal.id, code: await platformCode(operator) })).code).toBe(0);
		expect((await revealRows(withdrawal.id)).map((row) => row.via)).toEqual(["reveal", "reveal"]);
		expect((await money.shopWithdrawal(owner, shopId, withdrawal.id)).data.reveals).toHaveLength(2);
	});

	it("is refused without the step-up code, with a wrong one, and with someone else's, and logs nothing", async () => {
		const { withdrawal } = await approved(2000);
		const missing = await reveal(operator, { id: withdrawal.id }, "en");
		expect(missing).toMatchObject({ code: ErrorCode.BadRequest, msg: formatMessage("smsCodeFormat", "en") });
		const noneSent = await reveal(operator, { id: withdrawal.id, code: "000000" });
		expect([ErrorCode.SmsCodeExpired, ErrorCode.SmsCodeWrong]).toContain(noneSent.code);

		const right = await platformCode(operator);
		const wrong = right === "111111" ? "222222" : "111111";
		expect((await reveal(operator, { id: withdrawal.id, code: wrong })).code).toBe(ErrorCode.SmsCodeWrong);
		// Another operator's code is bound to their phone, not this one's.
		const theirs = await platformCode(otherOperator);
		if (theirs !== right)
			expect((await reveal(operator, { id: withdrawal.id, code: theirs })).code).toBe(ErrorCode.SmsCodeWrong);
		expect(await revealRows(withdrawal.id)).toEqual([]);
		// The right one still works after the wrong tries.
		expect((await reveal(operator, { id: withdrawal.id, code: right })).code).toBe(0);
	});

	it.each(["zh-CN", "en", "km"])(
		"is refused to shop owners, managers and staff (only the platform operator), in %s",
		async (lang) => {
			const { shopId, withdrawal } = await approved(2000);
			for (const caller of [owner, manager, staff]) {
				// Even with a live step-up code of their own (the owner's money code).
				const ownCode = caller === owner ? await money.freshCode(owner, shopId) : "123456";
				const calls: [string, unknown][] = [
					["send-code", {}],
					["reveal", { id: withdrawal.id, code: ownCode }],
					["export", { code: ownCode }],
					["return", { id: withdrawal.id, version: 1, reason: "no" }],
					["paid", { id: withdrawal.id, version: 1, reference: "FT1", transferDate: today() }],
				];
				for (const [path, body] of calls) {
					const answer = await post(caller, path, body, lang);
					expect(answer, `${caller.mobile} ${path}`).toMatchObject({
						code: ErrorCode.NotPlatformOperator,
						msg: formatMessage("notPlatformOperator", lang),
					});
				}
			}
			expect(await revealRows(withdrawal.id)).toEqual([]);
			expect((await server.call("POST", "/app-api/platform/withdrawals/reveal", { body: {} })).code).toBe(
				ErrorCode.Unauthorized,
			);
		},
	);

	it("reads only an approved or paid withdrawal's number; an unaudited or rejected one is refused before the code is spent", async () => {
		const { shopId, card } = await shopWithMoney(10_000);
		const unaudited = await money.withdraw(owner, shopId, card.id, 1500);
		const code = await platformCode(operator);
		const refused = await reveal(operator, { id: unaudited.id, code }, "en");
		expect(refused).toMatchObject({
			code: ErrorCode.WithdrawalNotRevealable,
			msg: formatMessage("withdrawalNotRevealable", "en"),
		});
		expect((await reveal(operator, { id: 999_999, code })).code).toBe(ErrorCode.NotFound);
		// Still usable: nothing was read.
		const approvedNow = await decide(operator, "approve", { id: unaudited.id, version: 0 });
		expect((await reveal(operator, { id: approvedNow.data.id, code })).code).toBe(0);
		expect(await revealRows(unaudited.id)).toHaveLength(1);
	});
});

describe("a stored number the server's key no longer opens", () => {
	it("is refused with its own code in the caller's language, the code not spent and nothing logged", async () => {
		const { card, withdrawal } = await approved(1500);
		await server.deps.db
			.updateTable("shop_bank_card")
			.set({ number_encrypted: "v1.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA" })
			.where("id", "=", card.id)
			.execute();
		const code = await platformCode(operator);
		for (const lang of ["zh-CN", "en", "km"]) {
			const refused = await reveal(operator, { id: withdrawal.id, code }, lang);
			expect(refused).toMatchObject({
				code: ErrorCode.BankCardUnreadable,
				msg: formatMessage("bankCardUnreadable", lang),
			});
		}
		expect(await revealRows(withdrawal.id)).toEqual([]);
		// The bulk file of its shop is refused the same way, and logs nothing either.
		const file = await exportCsv(operator, { code, shopId: withdrawal.shopId });
		expect(((await file.json()) as ApiEnvelope<unknown>).code).toBe(ErrorCode.BankCardUnreadable);
		expect(await revealRows(withdrawal.id)).toEqual([]);
	});
});

describe("marking a withdrawal paid", () => {
	it("goes request → approve → paid with the bank's reference and the transfer day, which the owner reads", async () => {
		const { shopId, withdrawal } = await approved(4321);
		const before = await money.balances(shopId);

		const paid = await decide(operator, "paid", {
			id: withdrawal.id,
			version: 1,
			reference: "FT26120600042",
			transferDate: today(),
		});

		expect(paid.code, paid.msg).toBe(0);
		expect(paid.data).toMatchObject({
			status: WithdrawalStatus.Received,
			bankReference: "FT26120600042",
			transferDate: today(),
			returned: false,
			version: 2,
		});
		expect(await money.balances(shopId)).toEqual({
			available: before.available,
			withdrawing: before.withdrawing - 4321,
			payouts: before.payouts + 4321,
		});
		const seen = (await money.shopWithdrawal(owner, shopId, withdrawal.id)).data;
		expect(seen).toMatchObject({ status: 3, bankReference: "FT26120600042", transferDate: today() });
		await expectBooksSound();
	});

	it("answers the same request again without a second payment, and refuses another reference or another operator", async () => {
		const { shopId, withdrawal } = await approved(2500);
		const body = { id: withdrawal.id, version: 1, reference: "FT-A", transferDate: today() };
		expect((await decide(operator, "paid", body)).code).toBe(0);
		const payouts = (await money.balances(shopId)).payouts;

		const repeat = await decide(operator, "paid", body);
		expect(repeat.code, repeat.msg).toBe(0);
		expect(repeat.data).toMatchObject({ status: 3, version: 2, bankReference: "FT-A" });

		for (const [caller, changed] of [
			[operator, { reference: "FT-B" }],
			[operator, { transferDate: "2020-01-01" }],
			[otherOperator, {}],
		] as const) {
			const refused = await decide(caller, "paid", { ...body, ...changed }, "en");
			expect(refused).toMatchObject({
				code: ErrorCode.WithdrawalAlreadyPaid,
				msg: formatMessage("withdrawalAlreadyPaid", "en", { date: today(), reference: "FT-A" }),
			});
		}
		expect((await money.balances(shopId)).payouts).toBe(payouts);
		const kinds = await server.deps.db
			.selectFrom("ledger_txn")
			.select("kind")
			.where("withdrawal_id", "=", withdrawal.id)
			.execute();
		expect(kinds.map((row) => row.kind).sort()).toEqual(["withdrawal_paid", "withdrawal_request"]);
		await expectBooksSound();
	});

	it("refuses a transfer day after the shop's today or before the request", async () => {
		const { withdrawal } = await approved(2000);
		const tomorrow = new Intl.DateTimeFormat("en-CA", { timeZone: ZONE }).format(
			new Date(server.clock.now().getTime() + 86_400_000),
		);
		const future = await decide(
			operator,
			"paid",
			{ id: withdrawal.id, version: 1, reference: "FT1", transferDate: tomorrow },
			"en",
		);
		expect(future).toMatchObject({
			code: ErrorCode.TransferDateInFuture,
			msg: formatMessage("transferDateInFuture", "en"),
		});
		const early = await decide(
			operator,
			"paid",
			{ id: withdrawal.id, version: 1, reference: "FT1", transferDate: "2020-01-01" },
			"km",
		);
		expect(early).toMatchObject({
			code: ErrorCode.TransferDateBeforeRequest,
			msg: formatMessage("transferDateBeforeRequest", "km", { date: today() }),
		});
		expect((await money.platformWithdrawal(operator, withdrawal.id)).data).toMatchObject({ status: 1, version: 1 });
	});

	it("two operators marking one withdrawal paid at once: one wins, the other is clearly refused, paid once", async () => {
		for (let round = 0; round < 3; round++) {
			const { shopId, withdrawal } = await approved(1800);
			const payouts = (await money.balances(shopId)).payouts;
			const answers = await Promise.all([
				decide(operator, "paid", { id: withdrawal.id, version: 1, reference: "FT-ONE", transferDate: today() }),
				decide(otherOperator, "paid", { id: withdrawal.id, version: 1, reference: "FT-TWO", transferDate: today() }),
			]);
			const won = answers.filter((answer) => answer.code === 0);
			const lost = answers.filter((answer) => answer.code !== 0);
			expect(won).toHaveLength(1);
			expect(lost.map((answer) => answer.code)).toEqual([ErrorCode.WithdrawalAlreadyPaid]);
			expect(lost[0]?.msg).toContain(won[0]?.data.bankReference ?? "?");
			expect((await money.balances(shopId)).payouts).toBe(payouts + 1800);
			const events = (await money.platformWithdrawal(operator, withdrawal.id)).data.events;
			expect(events.filter((event) => event.to === WithdrawalStatus.Received)).toHaveLength(1);
		}
		await expectBooksSound();
	});

	it("a payment racing a return ends with exactly one of them", async () => {
		const { shopId, withdrawal } = await approved(1700, 1700);
		const answers = await Promise.all([
			decide(operator, "paid", { id: withdrawal.id, version: 1, reference: "FT-R", transferDate: today() }),
			decide(otherOperator, "return", { id: withdrawal.id, version: 1, reason: "Account closed" }),
		]);
		expect(answers.filter((answer) => answer.code === 0)).toHaveLength(1);
		const codes = answers.map((answer) => answer.code).filter((code) => code !== 0);
		expect([[ErrorCode.WithdrawalAlreadyPaid], [ErrorCode.WithdrawalAlreadyReturned]]).toContainEqual(codes);
		const balances = await money.balances(shopId);
		expect(balances.withdrawing).toBe(0);
		expect(balances.available === 1700 || balances.available === 0).toBe(true);
		await expectBooksSound();
	});
});

describe("returning an approved withdrawal", () => {
	it("puts the money back in available with its ledger line, with the reason the owner reads", async () => {
		const { shopId, withdrawal } = await approved(6000, 9000);
		expect(await money.balances(shopId)).toMatchObject({ available: 3000, withdrawing: 6000 });

		const returned = await decide(operator, "return", {
			id: withdrawal.id,
			version: 1,
			reason: " The bank refused: account closed ",
		});

		expect(returned.code, returned.msg).toBe(0);
		expect(returned.data).toMatchObject({
			status: WithdrawalStatus.Rejected,
			returned: true,
			rejectReason: "The bank refused: account closed",
			transferDate: null,
			version: 2,
		});
		expect(await money.balances(shopId)).toMatchObject({ available: 9000, withdrawing: 0 });
		const kinds = await server.deps.db
			.selectFrom("ledger_txn")
			.select("kind")
			.where("withdrawal_id", "=", withdrawal.id)
			.orderBy("id")
			.execute();
		expect(kinds.map((row) => row.kind)).toEqual(["withdrawal_request", "withdrawal_returned"]);
		const seen = (await money.shopWithdrawal(owner, shopId, withdrawal.id)).data;
		expect(seen).toMatchObject({ status: 2, returned: true, rejectReason: "The bank refused: account closed" });
		expect(seen.events.at(-1)).toMatchObject({ from: 1, to: 2, actor: "operator", actorName: null });
		await expectBooksSound();

		// Again: the same answer, the money not moved twice; paying it now is refused.
		const repeat = await decide(operator, "return", {
			id: withdrawal.id,
			version: 1,
			reason: "The bank refused: account closed",
		});
		expect(repeat.code, repeat.msg).toBe(0);
		expect(await money.balances(shopId)).toMatchObject({ available: 9000, withdrawing: 0 });
		const pay = await decide(
			otherOperator,
			"paid",
			{ id: withdrawal.id, version: 1, reference: "FT9", transferDate: today() },
			"zh-CN",
		);
		expect(pay).toMatchObject({
			code: ErrorCode.WithdrawalAlreadyReturned,
			msg: formatMessage("withdrawalAlreadyReturned", "zh-CN"),
		});
		// The money is withdrawable again.
		const again = await money.withdraw(owner, shopId, withdrawal.card.id, 9000);
		expect(again.amount).toBe(9000);
		await expectBooksSound();
	});

	it("returns only an approved one and names a missing reason", async () => {
		const { shopId, card } = await shopWithMoney(5000);
		const unaudited = await money.withdraw(owner, shopId, card.id, 1000);
		const refused = await decide(operator, "return", { id: unaudited.id, version: 0, reason: "x" });
		expect(refused.code).toBe(ErrorCode.WithdrawalStateChanged);
		for (const lang of ["zh-CN", "en", "km"]) {
			const blank = await decide(operator, "return", { id: unaudited.id, version: 0, reason: "  " }, lang);
			expect(blank).toMatchObject({ code: ErrorCode.BadRequest, msg: formatMessage("fillReturnReason", lang) });
		}
		expect(await money.balances(shopId)).toMatchObject({ available: 4000, withdrawing: 1000 });
	});
});

describe("the bank's bulk-transfer file", () => {
	it("lists every approved withdrawal of the shop with holder, account, bank, amount and reference; each row is logged", async () => {
		const { shopId, card, cardNumber } = await shopWithMoney(50_000, {
			holder: '=HYPERLINK("http://evil")',
			bank: "+ACLEDA",
		});
		const first = await money.withdraw(owner, shopId, card.id, 12_345);
		const second = await money.withdraw(owner, shopId, card.id, 1000);
		const waiting = await money.withdraw(owner, shopId, card.id, 2000);
		for (const withdrawal of [first, second])
			expect((await decide(operator, "approve", { id: withdrawal.id, version: 0 })).code).toBe(0);

		const response = await exportCsv(operator, { code: await platformCode(operator), shopId });

		expect(response.status).toBe(200);
		expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
		expect(response.headers.get("content-disposition")).toMatch(/^attachment; filename="payouts-\d{8}-\d{4}\.csv"$/);
		expect(response.headers.get("cache-control")).toBe("no-store");
		expect(response.headers.get("x-payout-rows")).toBe("2");
		const text = await response.text();
		expect(text.charCodeAt(0)).not.toBe(0xfeff);
		expect(text).toContain("\r\n");
		const rows = parse(text) as string[][];
		expect(rows).toEqual([
			[...PAYOUT_CSV_HEADER],
			['\'=HYPERLINK("http://evil")', cardNumber, "'+ACLEDA", "123.45", `BAYON-W${first.id}`],
			['\'=HYPERLINK("http://evil")', cardNumber, "'+ACLEDA", "10.00", `BAYON-W${second.id}`],
		]);

		for (const withdrawal of [first, second]) {
			const [logged, ...more] = await revealRows(withdrawal.id);
			expect(more).toEqual([]);
			expect(logged).toMatchObject({ member_id: operator.userId, via: "export", user_agent: USER_AGENT });
			const seen = (await money.shopWithdrawal(owner, shopId, withdrawal.id)).data;
			expect(seen.reveals).toEqual([{ via: "export", actorName: null, at: server.clock.now().toISOString() }]);
		}
		// The one not approved is neither in the file nor logged.
		expect(await revealRows(waiting.id)).toEqual([]);
	});

	it("needs the operator's code, refuses an empty file without spending it", async () => {
		const shopId = await addShop(server, `payouts-empty-${++shopSerial}`);
		const code = await platformCode(operator);
		const empty = await exportCsv(operator, { code, shopId });
		expect(empty.headers.get("content-type")).toMatch(/application\/json/);
		expect(await empty.json()).toMatchObject({
			code: ErrorCode.NoPayoutsToExport,
			msg: formatMessage("noPayoutsToExport", "zh-CN"),
		});
		const missing = await exportCsv(operator, { shopId });
		expect(((await missing.json()) as ApiEnvelope<unknown>).code).toBe(ErrorCode.BadRequest);
		// The code is still good for a file that has rows.
		const { shopId: paying, withdrawal } = await approved(1111);
		const file = await exportCsv(operator, { code, shopId: paying });
		expect(file.status).toBe(200);
		expect(parse(await file.text())).toHaveLength(2);
		expect(await revealRows(withdrawal.id)).toHaveLength(1);
		// Spent now.
		const again = await exportCsv(operator, { code, shopId: paying });
		expect(((await again.json()) as ApiEnvelope<unknown>).code).toBe(ErrorCode.SmsCodeExpired);
		expect(await revealRows(withdrawal.id)).toHaveLength(1);
	});
});
