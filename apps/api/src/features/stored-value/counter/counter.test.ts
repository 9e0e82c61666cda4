import {
	type BillPage,
	type CounterPaymentView,
	ErrorCode,
	formatMessage,
	localize,
	PAY_CODE_LENGTH,
	type PayCodeView,
} from "@bayon/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../../../../test/harness.js";
import { expectLedgerInvariants } from "../../../../test/ledger-invariants.js";
import { closeLiveSockets, connectLive, ticketFor, until } from "../../../../test/live-socket.js";
import { insertOtherTenantShop } from "../../../../test/other-tenant.js";
import { addShop } from "../../../../test/shops.js";
import { grantBalance, walletBalance } from "../../../../test/wallet-ledger.js";
import { fromLocalMoment } from "../../venues/hours.js";
import { deleteStalePayCodes, PAY_CODES_PER_MINUTE } from "./counter-codes.js";

const PP = "Asia/Phnom_Penh";
const at = (local: string) =>
	fromLocalMoment(local.slice(0, 10), Number(local.slice(11, 13)) * 60 + Number(local.slice(14, 16)), PP);

type Session = { accessToken: string; userId: number };
let server: TestServer;
const mobiles = {
	owner: "13800000001",
	staff: "13800000002",
	guest: "13900000031",
	poor: "13900000032",
	customer: "13900000033",
	elsewhere: "13900000034",
} as const;
const s = {} as Record<keyof typeof mobiles, Session>;
let otherShopId: number;
let keyCounter = 0;
const key = () => `counter-test-${++keyCounter}-${Date.now()}`;

async function signInEveryone() {
	for (const [who, mobile] of Object.entries(mobiles)) s[who as keyof typeof mobiles] = await server.signIn(mobile);
}

/** Moves the clock (forward only) and signs everyone in again: access tokens last 15 minutes. */
async function moveClockTo(local: string) {
	server.clock.set(at(local));
	await signInEveryone();
}

async function payCode(who: Session, lang = "en"): Promise<PayCodeView> {
	const answer = await server.call<PayCodeView>("GET", "/app-api/member/user/pay-code", {
		token: who.accessToken,
		lang,
	});
	if (answer.code !== 0) throw new Error(`pay-code failed: ${answer.code} ${answer.msg}`);
	return answer.data;
}

function charge(who: Session, body: Record<string, unknown>, options: { key?: string; lang?: string } = {}) {
	return server.call<CounterPaymentView>("POST", "/app-api/merchant/counter/charge", {
		token: who.accessToken,
		lang: options.lang ?? "en",
		headers: options.key ? { "idempotency-key": options.key } : {},
		body: { shopId: 1, ...body },
	});
}

function refund(who: Session, paymentId: number, shopId = 1, lang = "en") {
	return server.call<CounterPaymentView>("POST", "/app-api/merchant/counter/refund", {
		token: who.accessToken,
		lang,
		body: { shopId, paymentId },
	});
}

function todays(who: Session, shopId = 1) {
	return server.call<CounterPaymentView[]>("GET", `/app-api/merchant/counter/payments?shopId=${shopId}`, {
		token: who.accessToken,
		lang: "en",
	});
}

async function ledgerTxnCount(): Promise<number> {
	const rows = await server.deps.db.selectFrom("ledger_txn").select("id").execute();
	return rows.length;
}

async function codeRow(code: string) {
	return server.deps.db.selectFrom("pay_code").selectAll().where("code", "=", code).executeTakeFirstOrThrow();
}

async function nickname(memberId: number) {
	return (
		await server.deps.db.selectFrom("member").select("nickname").where("id", "=", memberId).executeTakeFirstOrThrow()
	).nickname;
}

beforeAll(async () => {
	server = await startTestServer();
	server.clock.set(at("2026-12-10 10:00"));
	await signInEveryone();
	otherShopId = await addShop(server, "counter-elsewhere");
	await server.deps.db
		.insertInto("shop_staff")
		.values({ shop_id: otherShopId, member_id: s.elsewhere.userId, role: "staff" })
		.execute();
	await grantBalance(server, s.guest.userId, 5000);
	await grantBalance(server, s.poor.userId, 300);
});
afterAll(async () => {
	closeLiveSockets();
	await server?.close();
});

describe("payment codes", () => {
	it("gives a fresh 18-digit code good for 60 seconds with the balance, and retires the one before", async () => {
		const first = await payCode(s.guest);
		expect(first.code).toMatch(new RegExp(`^\\d{${PAY_CODE_LENGTH}}$`));
		expect(new Date(first.expiresAt).getTime() - server.clock.now().getTime()).toBe(60_000);
		expect(first.balance).toBe(5000);
		const second = await payCode(s.guest);
		expect(second.code).not.toBe(first.code);
		expect((await codeRow(first.code)).retired_at).not.toBeNull();
		const refused = await charge(s.staff, { code: first.code, amount: 100 });
		expect(refused.code).toBe(ErrorCode.PayCodeInvalid);
		expect(await walletBalance(server, s.guest.userId)).toBe(5000);
	});

	it("refuses more than a person would ask for in a minute, and the code on screen keeps working", async () => {
		const member = await server.signIn("13900000039");
		let last: PayCodeView | null = null;
		for (let i = 0; i < PAY_CODES_PER_MINUTE; i++) last = await payCode(member);
		for (const lang of ["zh-CN", "en", "km"]) {
			const refused = await server.call("GET", "/app-api/member/user/pay-code", { token: member.accessToken, lang });
			expect(refused).toMatchObject({ code: ErrorCode.TooManyRequests, msg: formatMessage("tooManyRequests", lang) });
		}
		const onScreen = await codeRow(last?.code ?? "");
		expect(onScreen.retired_at).toBeNull();
		server.clock.advance(61);
		expect((await payCode(member)).code).toMatch(/^\d{18}$/);
	});
});

describe("charging at the counter", () => {
	it("charges the code once, tells the member live, and shows it in the member's bill", async () => {
		const live = await connectLive(server, `ticket=${await ticketFor(server, s.guest.accessToken)}`);
		const staffLive = await connectLive(server, `ticket=${await ticketFor(server, s.staff.accessToken)}`);
		const { code } = await payCode(s.guest);
		const answer = await charge(s.staff, {
			code: `${code.slice(0, 4)} ${code.slice(4)}`,
			amount: 1200,
			note: "Table 4",
		});
		expect(answer.code).toBe(0);
		expect(answer.data).toMatchObject({
			shopId: 1,
			amount: 1200,
			note: "Table 4",
			payer: { nickname: await nickname(s.guest.userId), mobileTail: "0031" },
			balanceAfter: 3800,
			status: "paid",
			refundedAt: null,
			refundable: true,
			takenBy: await nickname(s.staff.userId),
		});
		await until(() => live.messages.some((m) => m.type === "balance.changed"));
		const shop = await server.deps.db.selectFrom("shop").select("name").where("id", "=", 1).executeTakeFirstOrThrow();
		expect(live.messages.find((m) => m.type === "balance.changed")?.data).toMatchObject({
			memberId: s.guest.userId,
			reason: "counterPaid",
			balance: 3800,
			counter: { paymentId: answer.data.id, shopName: shop.name, amount: 1200, status: "paid" },
		});
		// The staff's socket never hears a member's balance.
		await new Promise((resolve) => setTimeout(resolve, 100));
		expect(staffLive.messages.some((m) => m.type === "balance.changed")).toBe(false);

		const again = await charge(s.staff, { code, amount: 100 }, { lang: "km" });
		expect(again).toMatchObject({ code: ErrorCode.PayCodeInvalid, msg: formatMessage("payCodeExpired", "km") });
		const bill = await server.call<BillPage>("GET", "/app-api/member/user/getBill?limit=1", {
			token: s.guest.accessToken,
			lang: "km",
		});
		expect(bill.data.list[0]).toMatchObject({
			kind: "counterPayment",
			amount: -1200,
			balanceAfter: 3800,
			link: { kind: "counter", id: answer.data.id, shopName: localize(shop.name, "km") },
		});
		expect(await walletBalance(server, s.guest.userId)).toBe(3800);
		await expectLedgerInvariants(server.deps.db);
	});

	it("refuses a code after its minute (61 s), with the same answer as an unknown one", async () => {
		const { code } = await payCode(s.guest);
		server.clock.advance(61);
		for (const lang of ["zh-CN", "en", "km"]) {
			const late = await charge(s.staff, { code, amount: 100 }, { lang });
			expect(late).toMatchObject({ code: ErrorCode.PayCodeInvalid, msg: formatMessage("payCodeExpired", lang) });
		}
		const unknown = await charge(s.staff, { code: "1".repeat(PAY_CODE_LENGTH), amount: 100 });
		expect(unknown.code).toBe(ErrorCode.PayCodeInvalid);
		expect(await walletBalance(server, s.guest.userId)).toBe(3800);
	});

	it("refuses a code of another tenant's member", async () => {
		await insertOtherTenantShop(server, {
			code: "other-1",
			name: { "zh-CN": "别家", en: "Other" },
			at: { lat: 11.5, lng: 104.9 },
		});
		const headers = { "tenant-id": "2", "shop-key": "other" };
		const mobile = "13900000038";
		await server.call("POST", "/app-api/member/auth/send-sms-code", { headers, body: { mobile, scene: 1 } });
		const login = await server.call<{ accessToken: string; userId: number }>("POST", "/app-api/member/auth/sms-login", {
			headers,
			body: { mobile, code: server.lastSmsCode(mobile) },
		});
		expect(login.code).toBe(0);
		await grantBalance(server, login.data.userId, 1000, 2);
		const theirs = await server.call<PayCodeView>("GET", "/app-api/member/user/pay-code", {
			headers,
			token: login.data.accessToken,
		});
		expect(theirs.code).toBe(0);
		const refused = await charge(s.staff, { code: theirs.data.code, amount: 100 });
		expect(refused.code).toBe(ErrorCode.PayCodeInvalid);
		expect(await walletBalance(server, login.data.userId, 2)).toBe(1000);
		expect((await codeRow(theirs.data.code)).used_at).toBeNull();
	});

	it("refuses more than the balance and leaves the code usable for what the balance covers", async () => {
		const { code } = await payCode(s.poor);
		const txns = await ledgerTxnCount();
		for (const lang of ["zh-CN", "en", "km"]) {
			const tooMuch = await charge(s.staff, { code, amount: 301 }, { lang });
			expect(tooMuch).toMatchObject({
				code: ErrorCode.InsufficientBalance,
				msg: formatMessage("insufficientBalance", lang),
			});
		}
		expect(await ledgerTxnCount()).toBe(txns);
		expect((await codeRow(code)).used_at).toBeNull();
		const payments = await server.deps.db
			.selectFrom("counter_payment")
			.select("id")
			.where("member_id", "=", s.poor.userId)
			.execute();
		expect(payments).toEqual([]);
		const fits = await charge(s.staff, { code, amount: 300 });
		expect(fits.data).toMatchObject({ amount: 300, balanceAfter: 0 });
		expect(await walletBalance(server, s.poor.userId)).toBe(0);
		await expectLedgerInvariants(server.deps.db);
	});

	it("answers a retried charge with the same Idempotency-Key with the first result, charging once", async () => {
		const { code } = await payCode(s.guest);
		const tap = key();
		const first = await charge(s.staff, { code, amount: 200 }, { key: tap });
		const retry = await charge(s.staff, { code, amount: 200 }, { key: tap });
		expect(retry.code).toBe(0);
		expect(retry.data).toEqual(first.data);
		expect(await walletBalance(server, s.guest.userId)).toBe(3600);
		const reused = await charge(s.staff, { code, amount: 250 }, { key: tap });
		expect(reused.code).toBe(ErrorCode.IdempotencyKeyReused);
		// Another staff member's key is their own: it does not answer the first.
		const owners = await charge(s.owner, { code, amount: 200 }, { key: tap });
		expect(owners.code).toBe(ErrorCode.PayCodeInvalid);
		const malformed = await charge(s.staff, { code, amount: 200 }, { key: "no spaces allowed" });
		expect(malformed.code).toBe(ErrorCode.IdempotencyKeyRequired);
		expect(await walletBalance(server, s.guest.userId)).toBe(3600);
	});

	it("is for staff of the shop: a customer and another shop's staff are refused, and the code is left alone", async () => {
		const { code } = await payCode(s.guest);
		const customer = await charge(s.customer, { code, amount: 100 });
		expect(customer.code).toBe(ErrorCode.Forbidden);
		const elsewhere = await charge(s.elsewhere, { code, amount: 100 });
		expect(elsewhere.code).toBe(ErrorCode.Forbidden);
		expect((await todays(s.customer)).code).toBe(ErrorCode.Forbidden);
		expect((await todays(s.elsewhere)).code).toBe(ErrorCode.Forbidden);
		expect((await codeRow(code)).used_at).toBeNull();
		expect(await walletBalance(server, s.guest.userId)).toBe(3600);
		// Every role of the shop may take payments.
		const owner = await charge(s.owner, { code, amount: 100 });
		expect(owner.code).toBe(0);
	});

	it("refuses bad input with the contract's message in each language, changing nothing", async () => {
		const { code } = await payCode(s.guest);
		const txns = await ledgerTxnCount();
		const cases: Array<[Record<string, unknown>, string, string]> = [
			[{ code, amount: true }, "enterCounterAmount", "amount"],
			[{ code, amount: "0x10" }, "enterCounterAmount", "amount"],
			[{ code, amount: 0 }, "enterCounterAmount", "amount"],
			[{ code, amount: -5 }, "enterCounterAmount", "amount"],
			[{ code, amount: 1.5 }, "fieldInvalid", "amount"],
			[{ code, amount: 100_000_001 }, "counterAmountTooHigh", "amount"],
			[{ code }, "enterCounterAmount", "amount"],
			[{ code: "12345678901234567a", amount: 100 }, "payCodeInvalid", "code"],
			[{ code: code.slice(1), amount: 100 }, "payCodeInvalid", "code"],
			[{ code: "", amount: 100 }, "payCodeRequired", "code"],
			[{ amount: 100 }, "payCodeRequired", "code"],
			[{ code, amount: 100, extra: 1 }, "fieldNotAllowed", "extra"],
		];
		for (const [body, rule, field] of cases) {
			for (const lang of ["zh-CN", "en", "km"]) {
				const answer = await charge(s.staff, body, { lang });
				expect(answer.code, JSON.stringify(body)).toBe(ErrorCode.BadRequest);
				if (rule !== "fieldNotAllowed")
					expect(answer.msg, JSON.stringify(body)).toBe(formatMessage(rule as "fieldInvalid", lang, { field }));
			}
		}
		for (const body of [{ paymentId: "1" }, { paymentId: 0 }, {}]) {
			const answer = await server.call("POST", "/app-api/merchant/counter/refund", {
				token: s.staff.accessToken,
				body: { shopId: 1, ...body },
			});
			expect(answer.code).toBe(ErrorCode.BadRequest);
		}
		const list = await server.call("GET", "/app-api/merchant/counter/payments?shopId=0x1", {
			token: s.staff.accessToken,
		});
		expect(list.code).toBe(ErrorCode.BadRequest);
		expect(await ledgerTxnCount()).toBe(txns);
		expect((await codeRow(code)).used_at).toBeNull();
		expect(await walletBalance(server, s.guest.userId)).toBe(3500);
	});
});

describe("refunds and the day's list", () => {
	let payment: CounterPaymentView;

	it("refunds once at the shop that took it, back to the member's balance", async () => {
		const { code } = await payCode(s.guest);
		payment = (await charge(s.staff, { code, amount: 500 })).data;
		expect(await walletBalance(server, s.guest.userId)).toBe(3000);
		const live = await connectLive(server, `ticket=${await ticketFor(server, s.guest.accessToken)}`);

		const fromElsewhere = await refund(s.elsewhere, payment.id, otherShopId, "zh-CN");
		expect(fromElsewhere).toMatchObject({
			code: ErrorCode.CounterRefundNotAllowed,
			msg: formatMessage("counterRefundNotAllowed", "zh-CN"),
		});
		expect((await refund(s.elsewhere, payment.id, 1)).code).toBe(ErrorCode.Forbidden);
		expect((await refund(s.customer, payment.id, 1)).code).toBe(ErrorCode.Forbidden);

		const refunded = await refund(s.staff, payment.id);
		expect(refunded.code).toBe(0);
		expect(refunded.data).toMatchObject({ id: payment.id, status: "refunded", refundable: false, balanceAfter: 3500 });
		expect(refunded.data.refundedAt).not.toBeNull();
		// (On PostgreSQL the charge's event may still arrive after this socket opened.)
		const refundEvent = () =>
			live.messages.find((m) => m.type === "balance.changed" && m.data.reason === "counterRefunded");
		await until(() => refundEvent() !== undefined);
		expect(refundEvent()?.data).toMatchObject({
			memberId: s.guest.userId,
			balance: 3500,
			counter: { paymentId: payment.id, amount: 500, status: "refunded" },
		});
		const twice = await refund(s.owner, payment.id, 1, "km");
		expect(twice).toMatchObject({
			code: ErrorCode.CounterRefundNotAllowed,
			msg: formatMessage("counterRefundNotAllowed", "km"),
		});
		expect(await walletBalance(server, s.guest.userId)).toBe(3500);
		const bill = await server.call<BillPage>("GET", "/app-api/member/user/getBill?limit=2", {
			token: s.guest.accessToken,
		});
		expect(bill.data.list.map(({ kind, amount }) => ({ kind, amount }))).toEqual([
			{ kind: "refund", amount: 500 },
			{ kind: "counterPayment", amount: -500 },
		]);
		await expectLedgerInvariants(server.deps.db);
	});

	it("lists today's payments of the shop newest first, with the payer's balance after each", async () => {
		const list = await todays(s.staff);
		expect(list.code).toBe(0);
		const ids = list.data.map((p) => p.id);
		expect(ids).toEqual([...ids].sort((a, b) => b - a));
		expect(list.data[0]).toMatchObject({ id: payment.id, status: "refunded", balanceAfter: 3500 });
		expect(list.data.every((p) => p.shopId === 1)).toBe(true);
		expect(list.data.find((p) => p.amount === 1200)).toMatchObject({ balanceAfter: 3800, refundable: true });
		expect((await todays(s.elsewhere, otherShopId)).data).toEqual([]);
	});

	it("refunds until the shop's midnight, refuses the next local day, and lists only that day's payments", async () => {
		await moveClockTo("2026-12-10 23:58");
		const first = (await charge(s.staff, { code: (await payCode(s.guest)).code, amount: 100 })).data;
		const second = (await charge(s.staff, { code: (await payCode(s.guest)).code, amount: 100 })).data;
		expect(second.refundable).toBe(true);
		server.clock.advance(60);
		expect((await refund(s.staff, first.id)).code).toBe(0);
		// 00:01 on the 11th in Phnom Penh (17:01 UTC on the 10th): a new day at the shop.
		await moveClockTo("2026-12-11 00:01");
		const nextDay = await refund(s.staff, second.id);
		expect(nextDay.code).toBe(ErrorCode.CounterRefundNotAllowed);
		expect(await walletBalance(server, s.guest.userId)).toBe(3400);
		expect((await todays(s.staff)).data).toEqual([]);
		await expectLedgerInvariants(server.deps.db);
	});
});

describe("stale payment codes", () => {
	it("are deleted a day after they expired unused; used codes stay with their payment", async () => {
		await moveClockTo("2026-12-20 10:00");
		const member = await server.signIn("13900000041");
		await grantBalance(server, member.userId, 1000);
		const unused = await payCode(member);
		const used = await payCode(member);
		expect((await charge(s.staff, { code: used.code, amount: 100 })).code).toBe(0);
		await moveClockTo("2026-12-21 09:30");
		await deleteStalePayCodes(server.deps);
		expect(await codeRow(unused.code)).toBeDefined();
		await moveClockTo("2026-12-21 10:30");
		expect(await deleteStalePayCodes(server.deps)).toBeGreaterThanOrEqual(1);
		expect(
			await server.deps.db.selectFrom("pay_code").select("id").where("code", "=", unused.code).executeTakeFirst(),
		).toBeUndefined();
		expect((await codeRow(used.code)).used_at).not.toBeNull();
	});
});
