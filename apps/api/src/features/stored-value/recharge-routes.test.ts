import { ErrorCode, formatMessage, type MessageKey, RECHARGE_PACKAGES_MAX } from "@bayon/contract";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { decideAtSandbox, until } from "../../../test/gateway.js";
import type { TestServer } from "../../../test/harness.js";
import { expectLedgerInvariants } from "../../../test/ledger-invariants.js";
import { insertOtherTenantShop } from "../../../test/other-tenant.js";
import {
	recharge,
	rechargeCounts,
	rechargeMenu,
	saveAgreement,
	savePackage,
	startRechargeServer,
	startSandboxRecharge,
	storedRecharge,
	storedValueAdmin,
} from "../../../test/recharge.js";
import { businessAdmin, memberWithRole } from "../../../test/shops.js";
import { demoRechargePackages } from "../../seed/stored-value.js";
import { DEFAULT_STORED_VALUE_AGREEMENT } from "./recharge/recharge-agreement.js";

/** The recharge menu for members and visitors, bad input in three languages, and the owner's page. */

const LANGS = ["zh-CN", "en", "km"] as const;

let server: TestServer;
let owner: { accessToken: string; userId: number };
let manager: { accessToken: string; userId: number };
/** A second owner who also administers the business (issue 27): packages are changed only by such. */
let partner: { accessToken: string; userId: number };
let staff: { accessToken: string; userId: number };
let customer: { accessToken: string; userId: number };

beforeAll(async () => {
	server = await startRechargeServer();
	owner = await server.signIn("13800000001");
	staff = await server.signIn("13800000002");
	customer = await server.signIn("13800000003");
	manager = await memberWithRole(server, "13900000201", "manager");
	partner = await businessAdmin(server, "13900000204");
});
afterAll(async () => {
	await server?.close();
});
afterEach(async () => {
	await expectLedgerInvariants(server.deps.db);
});

describe("GET /recharge/getMoneyList", () => {
	it("shows a visitor the packages and the agreement in their language, without a balance", async () => {
		for (const lang of LANGS) {
			const menu = await rechargeMenu(server, { lang });
			expect(menu.code).toBe(0);
			expect(menu.data.balance).toBeNull();
			expect(menu.data.packages).toEqual(
				demoRechargePackages.map((pkg) => ({
					id: expect.any(Number),
					name: pkg.name[lang],
					payAmount: pkg.payAmount,
					bonusAmount: pkg.bonusAmount,
				})),
			);
			expect(menu.data.agreement).toBe(DEFAULT_STORED_VALUE_AGREEMENT[lang]);
		}
	});

	it("shows a signed-in member their balance", async () => {
		const menu = await rechargeMenu(server, { token: customer.accessToken, lang: "en" });
		// The demo customer's starting balance ($50.00).
		expect(menu.data.balance).toBe(5000);
		const newcomer = await server.signIn("13900000202");
		expect((await rechargeMenu(server, { token: newcomer.accessToken })).data.balance).toBe(0);
	});
});

describe("POST /member/user/recharge with bad input", () => {
	const cases: Array<[string, Record<string, unknown>, MessageKey]> = [
		["no package", { agree: true }, "selectRechargeAmount"],
		["no agreement", { packageId: 1 }, "agreeStoredValue"],
		["the agreement not ticked", { packageId: 1, agree: false }, "agreeStoredValue"],
		["paid from the balance", { packageId: 1, agree: true, payMethod: "balance" }, "rechargeMethodInvalid"],
		["a package id as text", { packageId: "1", agree: true }, "selectRechargeAmount"],
	];

	it.each(cases)("answers %s with its message in zh-CN, en and km and changes nothing", async (_what, body, key) => {
		const before = await rechargeCounts(server);
		for (const lang of LANGS) {
			const answer = await recharge(server, customer.accessToken, body, { lang });
			expect(answer.code).toBe(ErrorCode.BadRequest);
			expect(answer.msg).toBe(formatMessage(key, lang, { field: "packageId" }));
		}
		expect(await rechargeCounts(server)).toEqual(before);
	});

	it("refuses a visitor", async () => {
		const answer = await server.call("POST", "/app-api/member/user/recharge", {
			body: { packageId: 1, agree: true },
			headers: { "idempotency-key": "visitor-key-123" },
		});
		expect(answer.code).toBe(ErrorCode.Unauthorized);
	});
});

describe("the owner's stored-value page", () => {
	const name = { "zh-CN": "充 $30 得 $33", en: "Pay $30, get $33", km: "បង់ $30 បាន $33" };

	it("lists every package with its sales and the agreement in all languages, for owners and managers", async () => {
		const page = await storedValueAdmin(server, owner.accessToken);
		expect(page.code).toBe(0);
		expect(page.data.packages.slice(0, 3)).toEqual(
			demoRechargePackages.map((pkg, index) => ({
				id: expect.any(Number),
				version: 1,
				name: pkg.name,
				payAmount: pkg.payAmount,
				bonusAmount: pkg.bonusAmount,
				sort: index + 1,
				onSale: true,
				soldCount: 0,
			})),
		);
		expect(page.data.agreement).toEqual(DEFAULT_STORED_VALUE_AGREEMENT);
		// The demo customer's $50.00 is all members hold; no bonus given yet.
		expect(page.data.totals).toEqual({ balances: 5000, bonusGiven: 0, members: 1 });
		expect((await storedValueAdmin(server, manager.accessToken)).data).toEqual(page.data);
	});

	it("counts a paid recharge in the package's sales and the totals", async () => {
		const before = (await storedValueAdmin(server, owner.accessToken)).data;
		const pkg = before.packages[1];
		const member = await server.signIn("13900000203");
		const { view, paymentId } = await startSandboxRecharge(server, member.accessToken, pkg?.id as number);
		await decideAtSandbox(server, `/sandbox-pay/checkout/${paymentId}`, "approve");
		await until(async () => (await storedRecharge(server, view.id)).status === "paid");

		const after = (await storedValueAdmin(server, owner.accessToken)).data;

		expect(after.packages[1]?.soldCount).toBe((pkg?.soldCount ?? 0) + 1);
		expect(after.totals).toEqual({
			balances: before.totals.balances + 11_500,
			bonusGiven: before.totals.bonusGiven + 1500,
			members: before.totals.members + 1,
		});
	});

	it("creates a package and changes it on the version it was read at; a stale save is refused and changes nothing", async () => {
		const created = await savePackage(server, owner.accessToken, {
			shopId: 1,
			name,
			payAmount: 3000,
			bonusAmount: 300,
			sort: 4,
		});
		expect(created.code).toBe(0);
		const fresh = created.data.packages.find((pkg) => pkg.payAmount === 3000);
		expect(fresh).toMatchObject({ version: 1, name, bonusAmount: 300, sort: 4, onSale: true, soldCount: 0 });
		const menu = await rechargeMenu(server, { lang: "km" });
		expect(menu.data.packages.at(-1)).toEqual({ id: fresh?.id, name: name.km, payAmount: 3000, bonusAmount: 300 });

		const edit = { shopId: 1, id: fresh?.id, version: 1, name, payAmount: 3000, bonusAmount: 500, sort: 4 };
		const [first, second] = await Promise.all([
			savePackage(server, owner.accessToken, edit),
			savePackage(server, partner.accessToken, { ...edit, bonusAmount: 900 }),
		]);
		// Two editors on version 1: one wins, the other is told someone else changed it.
		expect([first.code, second.code].sort()).toEqual([0, ErrorCode.ChangedBySomeoneElse].sort());
		const winner = first.code === 0 ? 500 : 900;
		const stale = await savePackage(server, owner.accessToken, { ...edit, bonusAmount: 1 }, "en");
		expect(stale.code).toBe(ErrorCode.ChangedBySomeoneElse);
		expect(stale.msg).toBe(formatMessage("changedBySomeoneElse", "en"));
		expect(stale.data).toEqual({ version: 2 });
		const now = (await storedValueAdmin(server, owner.accessToken)).data.packages.find((p) => p.id === fresh?.id);
		expect(now).toMatchObject({ version: 2, bonusAmount: winner });

		// Off sale: gone from the menu, still on the owner's page.
		const off = await savePackage(server, owner.accessToken, {
			...edit,
			version: 2,
			bonusAmount: winner,
			onSale: false,
		});
		expect(off.data.packages.find((p) => p.id === fresh?.id)).toMatchObject({ version: 3, onSale: false });
		expect((await rechargeMenu(server)).data.packages.map((p) => p.id)).not.toContain(fresh?.id);
		// A package that does not exist (or is another tenant's) is not found.
		expect((await savePackage(server, owner.accessToken, { ...edit, id: 999_999 })).code).toBe(ErrorCode.NotFound);
		// The change log names who changed it.
		const changes = await server.deps.db
			.selectFrom("shop_change")
			.select(["action", "member_id"])
			.where("subject", "=", "recharge_package")
			.where("subject_id", "=", String(fresh?.id))
			.orderBy("id")
			.execute();
		expect(changes.map((c) => c.action)).toEqual(["create", "update", "update"]);
	});

	it("answers bad package input with its message in three languages and saves nothing", async () => {
		const good = { shopId: 1, name, payAmount: 3000, bonusAmount: 300 };
		const cases: Array<[Record<string, unknown>, MessageKey]> = [
			[{ ...good, name: { en: "Only English" } }, "rechargeNameRequired"],
			[{ ...good, name: { "zh-CN": "长".repeat(31) } }, "rechargeNameTooLong"],
			[{ ...good, payAmount: 0 }, "rechargeAmountInvalid"],
			[{ ...good, payAmount: 12.5 }, "rechargeAmountInvalid"],
			[{ ...good, bonusAmount: -1 }, "rechargeBonusInvalid"],
			[{ ...good, id: 1 }, "fieldInvalid"],
		];
		const before = await server.deps.db
			.selectFrom("recharge_package")
			.select((eb) => eb.fn.countAll<string>().as("count"))
			.executeTakeFirstOrThrow();
		for (const [body, key] of cases)
			for (const lang of LANGS) {
				const answer = await savePackage(server, owner.accessToken, body, lang);
				expect(answer.code, JSON.stringify(body)).toBe(ErrorCode.BadRequest);
				expect(answer.msg).toBe(formatMessage(key, lang, { field: "version" }));
			}
		const after = await server.deps.db
			.selectFrom("recharge_package")
			.select((eb) => eb.fn.countAll<string>().as("count"))
			.executeTakeFirstOrThrow();
		expect(after.count).toBe(before.count);
	});

	it("refuses staff, customers and shops of another tenant", async () => {
		const otherShop = await insertOtherTenantShop(server, {
			code: "other-sv",
			name: { "zh-CN": "别家", en: "Elsewhere" },
			at: { lat: 11.56, lng: 104.92 },
		});
		const body = { shopId: 1, name, payAmount: 4000, bonusAmount: 0 };
		const agreement = { shopId: 1, agreement: { "zh-CN": "改" } };
		const before = (await storedValueAdmin(server, owner.accessToken)).data;
		for (const who of [staff, customer]) {
			expect((await storedValueAdmin(server, who.accessToken)).code).toBe(ErrorCode.Forbidden);
			expect((await savePackage(server, who.accessToken, body)).code).toBe(ErrorCode.Forbidden);
			expect((await saveAgreement(server, who.accessToken, agreement)).code).toBe(ErrorCode.Forbidden);
		}
		// The owner of this tenant's shops has no say in another tenant's shop: it does not exist for them.
		expect((await storedValueAdmin(server, owner.accessToken, otherShop)).code).toBe(ErrorCode.NotFound);
		expect((await savePackage(server, owner.accessToken, { ...body, shopId: otherShop })).code).toBe(
			ErrorCode.NotFound,
		);
		expect((await storedValueAdmin(server, owner.accessToken)).data).toEqual(before);
	});

	it("stops at the most packages a tenant may have", async () => {
		const count = (await storedValueAdmin(server, owner.accessToken)).data.packages.length;
		for (let i = count; i < RECHARGE_PACKAGES_MAX; i++) {
			const saved = await savePackage(server, owner.accessToken, {
				shopId: 1,
				name: { "zh-CN": `套餐 ${i}` },
				payAmount: 100 * (i + 1),
				bonusAmount: 0,
				onSale: false,
			});
			expect(saved.code).toBe(0);
		}
		for (const lang of LANGS) {
			const refused = await savePackage(
				server,
				owner.accessToken,
				{ shopId: 1, name: { "zh-CN": "太多" }, payAmount: 100, bonusAmount: 0 },
				lang,
			);
			expect(refused.code).toBe(ErrorCode.BadRequest);
			expect(refused.msg).toBe(formatMessage("rechargePackagesLimit", lang, { max: RECHARGE_PACKAGES_MAX }));
		}
		expect((await storedValueAdmin(server, owner.accessToken)).data.packages).toHaveLength(RECHARGE_PACKAGES_MAX);
	});

	it("saves the agreement; members read it in their language, falling back to Chinese", async () => {
		for (const lang of LANGS) {
			const empty = await saveAgreement(server, owner.accessToken, { shopId: 1, agreement: { "zh-CN": " " } }, lang);
			expect(empty.code).toBe(ErrorCode.BadRequest);
			expect(empty.msg).toBe(formatMessage("agreementRequired", lang));
			const long = await saveAgreement(
				server,
				owner.accessToken,
				{ shopId: 1, agreement: { "zh-CN": "字".repeat(5001) } },
				lang,
			);
			expect(long.msg).toBe(formatMessage("agreementTooLong", lang));
		}
		expect((await storedValueAdmin(server, owner.accessToken)).data.agreement).toEqual(DEFAULT_STORED_VALUE_AGREEMENT);

		const saved = await saveAgreement(server, partner.accessToken, {
			shopId: 1,
			agreement: { "zh-CN": "储值不退不换。\n线上线下通用。", en: "No refunds.\nUse it online and in our shops." },
		});

		expect(saved.code).toBe(0);
		expect(saved.data.agreement).toEqual({
			"zh-CN": "储值不退不换。\n线上线下通用。",
			en: "No refunds.\nUse it online and in our shops.",
		});
		expect((await rechargeMenu(server, { lang: "en" })).data.agreement).toBe(
			"No refunds.\nUse it online and in our shops.",
		);
		expect((await rechargeMenu(server, { lang: "km" })).data.agreement).toBe("储值不退不换。\n线上线下通用。");
	});
});
