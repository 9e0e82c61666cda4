import {
	type CouponTemplateAdmin,
	ErrorCode,
	formatMessage,
	type MemberInfo,
	type MessageKey,
	SUPPORTED_LANGUAGES,
} from "@bayon/contract";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { CouponFixture } from "../../../test/coupons.js";
import { startTestServer, type TestServer } from "../../../test/harness.js";
import { memberWithRole } from "../../../test/shops.js";
import { DEMO_EXCHANGE_CODE } from "../../seed/coupons.js";

/**
 * The coupon centre, claiming (from the centre or with an exchange code), the member's coupons
 * and the owner's templates (decision 022), through HTTP on the demo tenant. Its second shop
 * (a branch) is shop 2.
 */

type Caller = { accessToken: string; userId: number };

const DAY_MS = 24 * 3600 * 1000;
const HOUR_MS = 3600 * 1000;

let server: TestServer;
let coupons: CouponFixture;
let owner: Caller;
let manager: Caller;
let staff: Caller;

beforeAll(async () => {
	// Stories sign the same people in again (the clock moves on by days).
	server = await startTestServer({
		limits: { smsResendSeconds: 0, smsPerPhoneInWindow: 1000, smsPerPhonePerDay: 1000 },
	});
	coupons = new CouponFixture(server);
	manager = await memberWithRole(server, "13900000600", "manager");
});
afterAll(async () => {
	await server?.close();
});
beforeEach(async () => {
	// Sessions live 15 minutes of the test clock.
	owner = await server.signIn("13800000001");
	staff = await server.signIn("13800000002");
	manager = await server.signIn("13900000600");
});

const newMember = () => coupons.member("1391000");
const iso = (ms: number) => new Date(ms).toISOString();

describe("the coupon centre", () => {
	it("shows a visitor the listed, switched-on templates still claimable, in the reader's language", async () => {
		const now = server.clock.now().getTime();
		const listed = await coupons.template(owner, {
			title: { "zh-CN": "满十五减三", en: "Three off", km: "បញ្ចុះបី" },
			instructions: { "zh-CN": "说明", en: "How to use", km: "របៀបប្រើ" },
		});
		const upcoming = await coupons.template(owner, {
			validity: { kind: "fixed", from: iso(now + DAY_MS), until: iso(now + 10 * DAY_MS) },
		});
		const over = await coupons.template(owner, {
			validity: { kind: "fixed", from: iso(now - 10 * DAY_MS), until: iso(now - 1000) },
		});
		const off = await coupons.template(owner, { enabled: false });
		const codeOnly = await coupons.template(owner, { listed: false, exchangeCode: "ONLYCODE1" });

		const offers = (await coupons.center(undefined, "", "km")).data;

		const ids = offers.map((offer) => offer.templateId);
		expect(ids).toContain(listed.id);
		expect(ids).toContain(upcoming.id);
		for (const hidden of [over, off, codeOnly]) expect(ids).not.toContain(hidden.id);
		expect(offers.find((offer) => offer.templateId === listed.id)).toEqual({
			templateId: listed.id,
			title: "បញ្ចុះបី",
			instructions: "របៀបប្រើ",
			terms: {
				kind: "amountOff",
				amountOff: 300,
				percentOff: null,
				maxDiscount: null,
				threshold: 1500,
				useType: 0,
				shops: null,
			},
			validFrom: null,
			validUntil: null,
			validDays: 30,
			claimableByMe: 1,
			perMemberLimit: 1,
			remaining: 1000,
			state: "claimable",
		});
		// The seeded demo templates are on offer; the free-delivery one is claimed by its code only.
		expect(offers.map((offer) => offer.title)).toEqual(expect.arrayContaining(["បញ្ចុះ $3.00 ពេលទិញ $15.00"]));
		expect(offers.map((offer) => offer.title)).not.toContain("ដឹកជញ្ជូនឥតគិតថ្លៃ");
	});

	it("offers a shop the templates for every shop and those naming it, with the shops' names", async () => {
		const everywhere = await coupons.template(owner);
		const branchOnly = await coupons.template(owner, { shopIds: [2] });

		const atOne = (await coupons.center(undefined, "?shopId=1")).data.map((offer) => offer.templateId);
		const atTwo = (await coupons.center(undefined, "?shopId=2")).data;

		expect(atOne).toContain(everywhere.id);
		expect(atOne).not.toContain(branchOnly.id);
		expect(atTwo.map((offer) => offer.templateId)).toEqual(expect.arrayContaining([everywhere.id, branchOnly.id]));
		const shops = atTwo.find((offer) => offer.templateId === branchOnly.id)?.terms.shops;
		expect(shops).toHaveLength(1);
		expect(shops?.[0]?.id).toBe(2);
		expect(shops?.[0]?.name).not.toBe("");
	});

	it("tells a member what they may still claim: claimable, claimed at their limit, all gone", async () => {
		const two = await coupons.template(owner, { perMemberLimit: 2, totalQuantity: 3 });
		const member = await newMember();
		const other = await newMember();
		const stateOf = async (caller: Caller) =>
			(await coupons.center(caller)).data.find((offer) => offer.templateId === two.id);

		expect(await stateOf(member)).toMatchObject({ state: "claimable", claimableByMe: 2, remaining: 3 });
		await coupons.claimed(member, two.id);
		expect(await stateOf(member)).toMatchObject({ state: "claimable", claimableByMe: 1, remaining: 2 });
		await coupons.claimed(member, two.id);
		expect(await stateOf(member)).toMatchObject({ state: "claimed", claimableByMe: 0, remaining: 1 });
		expect(await stateOf(other)).toMatchObject({ state: "claimable", claimableByMe: 1 });
		await coupons.claimed(other, two.id);
		// One short of their limit, but none left: all gone, for them and for a newcomer.
		expect(await stateOf(other)).toMatchObject({ state: "allGone", claimableByMe: 0, remaining: 0 });
		const third = await newMember();
		expect(await stateOf(third)).toMatchObject({ state: "allGone", claimableByMe: 0, remaining: 0 });
		expect(await stateOf(member)).toMatchObject({ state: "claimed" });
	});
});

describe("claiming", () => {
	it("gives a coupon valid for N days from the claim and counts it", async () => {
		const template = await coupons.template(owner, { validity: { kind: "days", days: 7 } });
		const member = await newMember();
		const now = server.clock.now().getTime();

		const answer = await coupons.claim(member, { templateId: template.id }, { lang: "en" });

		expect(answer.code).toBe(0);
		expect(answer.data).toMatchObject({
			templateId: template.id,
			title: template.title.en,
			status: 0,
			validFrom: iso(now),
			validUntil: iso(now + 7 * DAY_MS),
			claimedAt: iso(now),
			usedOrderId: null,
			usedAt: null,
			enabled: true,
		});
		expect((await coupons.templateRow(template.id)).claimed_count).toBe(1);
	});

	it("copies a template's fixed dates", async () => {
		const now = server.clock.now().getTime();
		const from = iso(now + DAY_MS);
		const until = iso(now + 5 * DAY_MS);
		const template = await coupons.template(owner, { validity: { kind: "fixed", from, until } });

		const coupon = await coupons.claimed(await newMember(), template.id);

		expect(coupon).toMatchObject({ validFrom: from, validUntil: until, status: 0 });
	});

	it("claims once when the same key arrives again, and answers the same coupon", async () => {
		const template = await coupons.template(owner, { perMemberLimit: 5 });
		const member = await newMember();
		const key = coupons.newKey();

		const first = await coupons.claim(member, { templateId: template.id }, { key });
		const again = await coupons.claim(member, { templateId: template.id }, { key });

		expect(first.code).toBe(0);
		expect(again).toMatchObject({ code: 0, data: { id: first.data.id } });
		expect((await coupons.templateRow(template.id)).claimed_count).toBe(1);
		// The same key for another template is a different request.
		const other = await coupons.template(owner);
		expect((await coupons.claim(member, { templateId: other.id }, { key })).code).toBe(ErrorCode.IdempotencyKeyReused);
	});

	it.each(SUPPORTED_LANGUAGES)("refuses a claim without an Idempotency-Key, in %s", async (lang) => {
		const template = await coupons.template(owner);
		expect(await coupons.claim(await newMember(), { templateId: template.id }, { key: null, lang })).toMatchObject({
			code: ErrorCode.IdempotencyKeyRequired,
			msg: formatMessage("idempotencyKeyRequired", lang),
		});
		expect((await coupons.templateRow(template.id)).claimed_count).toBe(0);
	});

	it("stops at the member's limit, saying it in the reader's language", async () => {
		const template = await coupons.template(owner, { perMemberLimit: 2 });
		const member = await newMember();
		await coupons.claimed(member, template.id);
		await coupons.claimed(member, template.id);

		for (const lang of SUPPORTED_LANGUAGES) {
			expect(await coupons.claim(member, { templateId: template.id }, { lang })).toMatchObject({
				code: ErrorCode.CouponLimitReached,
				msg: formatMessage("couponLimitReached", lang, { limit: 2 }),
			});
		}
		expect((await coupons.templateRow(template.id)).claimed_count).toBe(2);
	});

	it("gives out exactly the quantity, then says all gone", async () => {
		const template = await coupons.template(owner, { totalQuantity: 2 });
		await coupons.claimed(await newMember(), template.id);
		await coupons.claimed(await newMember(), template.id);

		const late = await coupons.claim(await newMember(), { templateId: template.id });

		expect(late.code).toBe(ErrorCode.CouponAllGone);
		expect((await coupons.templateRow(template.id)).claimed_count).toBe(2);
	});

	it("refuses a template switched off, kept out of the centre, past its fixed end, or unknown", async () => {
		const now = server.clock.now().getTime();
		const off = await coupons.template(owner, { enabled: false });
		const codeOnly = await coupons.template(owner, { listed: false, exchangeCode: "SECRET42" });
		const ending = await coupons.template(owner, {
			validity: { kind: "fixed", from: iso(now - DAY_MS), until: iso(now + HOUR_MS) },
		});
		const member = await newMember();

		for (const templateId of [off.id, codeOnly.id, 999_999]) {
			expect((await coupons.claim(member, { templateId })).code, `template ${templateId}`).toBe(
				ErrorCode.CouponNotClaimable,
			);
		}
		// The last second before its end it is still given out; at the end it no longer is.
		server.clock.set(new Date(now + HOUR_MS - 1000));
		expect((await coupons.claim(await newMember(), { templateId: ending.id })).code).toBe(0);
		server.clock.set(new Date(now + HOUR_MS));
		expect((await coupons.claim(await newMember(), { templateId: ending.id })).code).toBe(ErrorCode.CouponNotClaimable);
		expect((await coupons.templateRow(ending.id)).claimed_count).toBe(1);
	});
});

describe("exchange codes", () => {
	it("claims the code's template whatever the letters' case, and the demo code works", async () => {
		const template = await coupons.template(owner, { listed: false, exchangeCode: "Spring2026" });
		const member = await newMember();

		const claimed = await coupons.claim(member, { code: "sPRING2026" });
		const demo = await coupons.claim(member, { code: DEMO_EXCHANGE_CODE.toLowerCase() }, { lang: "en" });

		expect(claimed).toMatchObject({ code: 0, data: { templateId: template.id } });
		expect(demo).toMatchObject({
			code: 0,
			data: { title: "Free delivery", terms: { kind: "freeDelivery", useType: 2 } },
		});
		expect((await coupons.templateNow(owner, template.id)).exchangeCode).toBe("SPRING2026");
		expect((await coupons.couponRow(claimed.data.id)).claimed_with_code).toBe(true);
	});

	it.each(SUPPORTED_LANGUAGES)("refuses a wrong code, or one of a switched-off template, in %s", async (lang) => {
		const off = await coupons.template(owner, { exchangeCode: `OFF${lang.replace("-", "")}1`, enabled: false });
		const member = await newMember();

		for (const code of ["NOSUCHCODE", off.exchangeCode ?? ""]) {
			expect(await coupons.claim(member, { code }, { lang })).toMatchObject({
				code: ErrorCode.ExchangeCodeUnknown,
				msg: formatMessage("exchangeCodeUnknown", lang),
			});
		}
		expect((await coupons.templateRow(off.id)).claimed_count).toBe(0);
	});

	it("claims with a code only up to the member's limit", async () => {
		const template = await coupons.template(owner, { exchangeCode: "TWICE2026", perMemberLimit: 2 });
		const member = await newMember();

		const answers = [];
		for (let i = 0; i < 3; i++) answers.push(await coupons.claim(member, { code: "twice2026" }));

		expect(answers.map((answer) => answer.code)).toEqual([0, 0, ErrorCode.CouponLimitReached]);
		expect((await coupons.templateRow(template.id)).claimed_count).toBe(2);
		// Another member may still use it.
		expect((await coupons.claim(await newMember(), { code: "TWICE2026" })).code).toBe(0);
	});

	it.each(SUPPORTED_LANGUAGES)("explains a malformed claim in %s and claims nothing", async (lang) => {
		const template = await coupons.template(owner);
		const member = await newMember();
		for (const body of [
			{},
			{ templateId: template.id, code: "BOTH2026" },
			{ code: "AB1" },
			{ code: "BAD-CODE" },
			{ code: "X".repeat(21) },
		]) {
			const answer = await coupons.claim(member, body, { lang });
			expect(answer.code, JSON.stringify(body)).toBe(ErrorCode.BadRequest);
			expect(answer.msg, JSON.stringify(body)).toBe(formatMessage("exchangeCodeInvalid", lang));
		}
		const notAnId = await coupons.claim(member, { templateId: "one" }, { lang });
		expect(notAnId).toMatchObject({
			code: ErrorCode.BadRequest,
			msg: formatMessage("fieldInvalid", lang, { field: "templateId" }),
		});
		expect((await coupons.templateRow(template.id)).claimed_count).toBe(0);
	});
});

describe("the member's coupons", () => {
	it("lists unused (not yet valid too), expired and used apart, newest first, and counts only the usable", async () => {
		const now = server.clock.now().getTime();
		const member = await newMember();
		const soon = await coupons.template(owner, {
			validity: { kind: "fixed", from: iso(now + DAY_MS), until: iso(now + 3 * DAY_MS) },
		});
		const shortLived = await coupons.template(owner, {
			validity: { kind: "fixed", from: iso(now - DAY_MS), until: iso(now + HOUR_MS) },
		});
		const monthly = await coupons.template(owner, { validity: { kind: "days", days: 30 } });
		const toSwitchOff = await coupons.template(owner);
		const first = await coupons.claimed(member, soon.id);
		server.clock.advance(1);
		const second = await coupons.claimed(member, shortLived.id);
		server.clock.advance(1);
		const third = await coupons.claimed(member, monthly.id);
		server.clock.advance(1);
		await coupons.claimed(member, toSwitchOff.id);
		await coupons.template(owner, { ...editable(toSwitchOff), enabled: false });

		const unused = (await coupons.mine(member, 0)).data;
		expect(unused.total).toBe(4);
		expect(unused.list.slice(1).map((coupon) => coupon.id)).toEqual([third.id, second.id, first.id]);
		expect(unused.list[0]).toMatchObject({ templateId: toSwitchOff.id, enabled: false, status: 0 });
		// Usable now: the short-lived and the monthly one (not the one to come, not the switched-off one).
		expect(await coupons.count(member)).toBe(2);
		const info = await server.call<MemberInfo>("GET", "/app-api/member/user/get-info", { token: member.accessToken });
		expect(info.data.couponCount).toBe(2);

		// An hour on, the short-lived one has expired: it moves to its own tab, read from its date.
		server.clock.set(new Date(now + HOUR_MS));
		member.accessToken = (await server.signIn(await mobileOf(member))).accessToken;
		expect((await coupons.mine(member, 2)).data).toMatchObject({ total: 1, list: [{ id: second.id, status: 2 }] });
		expect((await coupons.mine(member, 0)).data.total).toBe(3);
		expect((await coupons.mine(member, 1)).data.total).toBe(0);
		expect(await coupons.count(member)).toBe(1);
	});

	it("pages the list and refuses a bad page or status", async () => {
		const template = await coupons.template(owner, { perMemberLimit: 3 });
		const member = await newMember();
		for (let i = 0; i < 3; i++) await coupons.claimed(member, template.id);

		const page = await server.call<{ list: unknown[]; total: number }>(
			"GET",
			"/app-api/coupon/my?status=0&page=2&pageSize=2",
			{ token: member.accessToken },
		);
		expect(page.data).toMatchObject({ total: 3 });
		expect(page.data.list).toHaveLength(1);
		for (const query of ["status=3", "page=0", "pageSize=1000", "status=x"]) {
			const answer = await server.call("GET", `/app-api/coupon/my?${query}`, { token: member.accessToken });
			expect(answer.code, query).toBe(ErrorCode.BadRequest);
		}
	});

	it("asks a visitor to sign in", async () => {
		for (const path of ["/app-api/coupon/my", "/app-api/coupon/count"])
			expect((await server.call("GET", path)).code).toBe(ErrorCode.Unauthorized);
		expect((await server.call("POST", "/app-api/coupon/receive", { body: { templateId: 1 } })).code).toBe(
			ErrorCode.Unauthorized,
		);
	});
});

describe("the owner's templates", () => {
	it("lets the owner and managers read, only a business administrator change, and no one else in", async () => {
		for (const caller of [owner, manager]) {
			const list = await server.call("GET", "/app-api/merchant/coupons?shopId=1", { token: caller.accessToken });
			expect(list.code).toBe(0);
		}
		const customer = await newMember();
		for (const caller of [staff, customer]) {
			expect((await server.call("GET", "/app-api/merchant/coupons?shopId=1", { token: caller.accessToken })).code).toBe(
				ErrorCode.Forbidden,
			);
			expect((await coupons.saveTemplate(caller)).code).toBe(ErrorCode.Forbidden);
		}
		// Templates are the same in every shop: a manager (or an owner who is not a business administrator) only reads them (issue 27).
		expect((await coupons.saveTemplate(manager)).code).toBe(ErrorCode.NotBusinessAdmin);
	});

	it("saves a template with its shops and code (upper-case), counts claims and uses, and logs the change", async () => {
		const list = await coupons.saveTemplate(owner, {
			kind: "percentOff",
			amountOff: null,
			percentOff: 15,
			maxDiscount: 500,
			threshold: 0,
			useType: 1,
			shopIds: [2, 1],
			exchangeCode: "pickup15",
		});
		expect(list.code).toBe(0);
		expect(list.data.shops.map((shop) => shop.id)).toEqual([1, 2]);
		const saved = list.data.templates[0];
		expect(saved).toMatchObject({
			version: 1,
			kind: "percentOff",
			percentOff: 15,
			maxDiscount: 500,
			amountOff: null,
			useType: 1,
			shopIds: [1, 2],
			exchangeCode: "PICKUP15",
			validity: { kind: "days", days: 30 },
			claimed: 0,
			used: 0,
			termsLocked: false,
		});
		const logged = await server.deps.db
			.selectFrom("shop_change")
			.selectAll()
			.where("subject", "=", "coupon_template")
			.where("subject_id", "=", String(saved?.id))
			.execute();
		expect(logged).toHaveLength(1);
		expect(logged[0]).toMatchObject({ action: "create", shop_id: 1 });
	});

	it("refuses a save on an older version and changes nothing", async () => {
		const template = await coupons.template(owner);
		const changed = await coupons.template(owner, { ...editable(template), threshold: 2000 });
		expect(changed.version).toBe(2);

		const stale = await coupons.saveTemplate(owner, { ...editable(template), threshold: 1000 });

		expect(stale.code).toBe(ErrorCode.ChangedBySomeoneElse);
		expect((await coupons.templateNow(owner, template.id)).threshold).toBe(2000);
	});

	it("fixes the terms once claimed, but lets text, quantity (not below the claims), code and on/off change", async () => {
		const template = await coupons.template(owner, { totalQuantity: 10, perMemberLimit: 2 });
		const member = await newMember();
		await coupons.claimed(member, template.id);
		await coupons.claimed(member, template.id);
		const locked = await coupons.templateNow(owner, template.id);
		expect(locked).toMatchObject({ termsLocked: true, claimed: 2 });

		for (const change of [
			{ amountOff: 200 },
			{ threshold: 0 },
			{ useType: 2 },
			{ shopIds: [1] },
			{ validity: { kind: "days", days: 10 } },
			{ kind: "freeDelivery", amountOff: null, threshold: 0 },
		]) {
			const answer = await coupons.saveTemplate(owner, { ...editable(locked), ...change }, "en");
			expect(answer.code, JSON.stringify(change)).toBe(ErrorCode.CouponTermsLocked);
		}
		expect(await coupons.saveTemplate(owner, { ...editable(locked), totalQuantity: 1 }, "km")).toMatchObject({
			code: ErrorCode.CouponQuantityBelowClaimed,
			msg: formatMessage("couponQuantityBelowClaimed", "km", { claimed: 2 }),
		});

		const edited = await coupons.template(owner, {
			...editable(locked),
			title: { "zh-CN": "新名字", en: "New name" },
			totalQuantity: 2,
			perMemberLimit: 3,
			exchangeCode: "LOCKED22",
			enabled: false,
		});
		expect(edited).toMatchObject({ totalQuantity: 2, perMemberLimit: 3, exchangeCode: "LOCKED22", enabled: false });
		expect(edited.title).toEqual({ "zh-CN": "新名字", en: "New name" });
	});

	it("keeps exchange codes unique in the business, whatever the case", async () => {
		const first = await coupons.template(owner, { exchangeCode: "UNIQUE26" });

		for (const lang of SUPPORTED_LANGUAGES) {
			expect(await coupons.saveTemplate(owner, { exchangeCode: "unique26" }, lang)).toMatchObject({
				code: ErrorCode.ExchangeCodeTaken,
				msg: formatMessage("exchangeCodeTaken", lang),
			});
		}
		expect((await coupons.saveTemplate(owner, { exchangeCode: DEMO_EXCHANGE_CODE })).code).toBe(
			ErrorCode.ExchangeCodeTaken,
		);
		// The template keeps its own code when saved again.
		expect((await coupons.saveTemplate(owner, { ...editable(first), perMemberLimit: 2 })).code).toBe(0);
	});

	it("refuses shops of another business and amounts of another kind", async () => {
		expect(await coupons.saveTemplate(owner, { shopIds: [1, 999] }, "en")).toMatchObject({
			code: ErrorCode.BadRequest,
			msg: formatMessage("fieldInvalid", "en", { field: "shopIds" }),
		});
		expect((await coupons.saveTemplate(owner, { percentOff: 10 }, "en")).msg).toBe(
			formatMessage("couponPercentInvalid", "en"),
		);
		expect((await coupons.saveTemplate(owner, { maxDiscount: 100 }, "en")).msg).toBe(
			formatMessage("couponCapInvalid", "en"),
		);
		expect(
			(await coupons.saveTemplate(owner, { kind: "freeDelivery", threshold: 0 }, "en")).msg,
			"an amount on a free-delivery coupon",
		).toBe(formatMessage("couponAmountInvalid", "en"));
		const otherId = await coupons.saveTemplate(owner, { id: 999_999, version: 1 });
		expect(otherId.code).toBe(ErrorCode.NotFound);
	});

	it.each(SUPPORTED_LANGUAGES)("explains a bad template in %s and saves nothing", async (lang) => {
		const before = await countTemplates();
		const now = server.clock.now().getTime();
		const cases: Array<[Record<string, unknown>, MessageKey]> = [
			[{ title: { "zh-CN": "" } }, "couponTitleRequired"],
			[{ title: { "zh-CN": "x".repeat(31) } }, "couponTitleTooLong"],
			[{ instructions: { "zh-CN": "x".repeat(501) } }, "couponInstructionsTooLong"],
			[{ kind: "cashBack" }, "couponKindInvalid"],
			[{ amountOff: 0 }, "couponAmountInvalid"],
			[{ amountOff: null }, "couponAmountInvalid"],
			[{ amountOff: 2000, threshold: 1500 }, "couponAmountOverThreshold"],
			[{ kind: "percentOff", amountOff: null, percentOff: 91 }, "couponPercentInvalid"],
			[{ kind: "percentOff", amountOff: null, percentOff: 10, maxDiscount: 0 }, "couponCapInvalid"],
			[{ threshold: -1 }, "couponThresholdInvalid"],
			[{ shopIds: [] }, "couponShopsRequired"],
			[{ validity: { kind: "fixed", from: iso(now), until: iso(now) } }, "couponDatesInvalid"],
			[{ validity: { kind: "fixed", from: "tomorrow", until: iso(now) } }, "couponDatesInvalid"],
			[{ validity: { kind: "days", days: 0 } }, "couponDaysInvalid"],
			[{ totalQuantity: -1 }, "couponQuantityInvalid"],
			[{ perMemberLimit: 0 }, "couponLimitInvalid"],
			[{ exchangeCode: "no-way" }, "exchangeCodeInvalid"],
			[{ listed: false }, "couponNeedsCode"],
		];
		for (const [fields, key] of cases) {
			const answer = await coupons.saveTemplate(owner, fields, lang);
			expect(answer.code, key).toBe(ErrorCode.BadRequest);
			expect(answer.msg, key).toBe(formatMessage(key, lang));
		}
		expect(await countTemplates()).toBe(before);
	});
});

/** A saved template as the editor sends it back. */
function editable(template: CouponTemplateAdmin) {
	const { claimed: _claimed, used: _used, termsLocked: _locked, ...fields } = template;
	return fields;
}

async function countTemplates(): Promise<number> {
	const row = await server.deps.db
		.selectFrom("coupon_template")
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
