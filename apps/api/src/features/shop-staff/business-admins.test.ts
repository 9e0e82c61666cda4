import {
	type BusinessAdmins,
	type CouponTemplateList,
	ErrorCode,
	formatMessage,
	type MemberInfo,
	type PointsMallAdmin,
	type SecondCurrency,
	SUPPORTED_LANGUAGES,
	type VipCardAdmin,
} from "@bayon/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CouponFixture } from "../../../test/coupons.js";
import { startTestServer, type TestServer } from "../../../test/harness.js";
import { MembershipFixture, savedCard } from "../../../test/membership.js";
import { PointsFixture, savedItem } from "../../../test/points.js";
import { saveAgreement, savePackage, storedValueAdmin } from "../../../test/recharge.js";
import { addShop, memberWithRole } from "../../../test/shops.js";

/**
 * Who defines the business's tenant-wide money products (issue 27, migration 0026): recharge
 * packages and the stored-value agreement, VIP card types, coupon templates, the points mall and
 * rule, and the second currency's rate are changed only by a business administrator. A shop's
 * owner or manager who is not one reads them and is refused any change, which changes nothing.
 * Administrators grant the role to owners of the business's shops and take it back; the last stays.
 */

type Caller = { accessToken: string; userId: number };

const RIEL: SecondCurrency = { code: "KHR", symbol: "៛", rate: 4100, roundTo: 100, symbolPosition: "after" };
const NAME = { "zh-CN": "品牌测试", en: "Brand test", km: "សាកល្បងម៉ាក" };

let server: TestServer;
let vip: MembershipFixture;
let coupons: CouponFixture;
let points: PointsFixture;
/** The demo owner: owner of both demo shops and the business's administrator. */
let admin: Caller;
/** A second owner of shop 1 who does not administer the business. */
let shopOwner: Caller;
/** The owner of a third shop, a branch of the same business. */
let branchOwner: Caller;
let manager: Caller;
let staff: Caller;
let customer: Caller;
let angkorShopId: number;

beforeAll(async () => {
	server = await startTestServer();
	vip = new MembershipFixture(server);
	coupons = new CouponFixture(server);
	points = new PointsFixture(server);
	admin = await server.signIn("13800000001");
	staff = await server.signIn("13800000002");
	customer = await server.signIn("13800000003");
	shopOwner = await memberWithRole(server, "13900002701", "owner");
	manager = await memberWithRole(server, "13900002702", "manager");
	angkorShopId = await addShop(server, "angkor");
	branchOwner = await memberWithRole(server, "13900002703", "owner", angkorShopId);
});
afterAll(async () => {
	await server?.close();
});

const memberInfo = async (caller: Caller) =>
	(await server.call<MemberInfo>("GET", "/app-api/member/user/get-info", { token: caller.accessToken })).data;
const setDisplayCurrency = (caller: Caller, body: Record<string, unknown>, lang?: string) =>
	server.call<{ second: SecondCurrency | null }>("POST", "/app-api/merchant/shop/display-currency", {
		token: caller.accessToken,
		body,
		lang,
	});
const listAdmins = (caller: Caller, shopId = 1, lang?: string) =>
	server.call<BusinessAdmins>("GET", `/app-api/merchant/business-admins?shopId=${shopId}`, {
		token: caller.accessToken,
		lang,
	});
const grant = (caller: Caller, body: Record<string, unknown>, lang?: string) =>
	server.call<BusinessAdmins>("POST", "/app-api/merchant/business-admins/grant", {
		token: caller.accessToken,
		body,
		lang,
	});
const revoke = (caller: Caller, body: Record<string, unknown>, lang?: string) =>
	server.call<BusinessAdmins>("POST", "/app-api/merchant/business-admins/revoke", {
		token: caller.accessToken,
		body,
		lang,
	});

/** Everything tenant-wide a refused call could have touched, and the change log's length. */
async function productsSnapshot() {
	const db = server.deps.db;
	const [packages, agreement, cards, templates, items, rule, tenant, changes] = await Promise.all([
		db.selectFrom("recharge_package").selectAll().orderBy("id").execute(),
		db.selectFrom("stored_value_settings").selectAll().execute(),
		db.selectFrom("vip_card_type").selectAll().orderBy("id").execute(),
		db.selectFrom("coupon_template").selectAll().orderBy("id").execute(),
		db.selectFrom("points_item").selectAll().orderBy("id").execute(),
		db.selectFrom("points_rule").selectAll().execute(),
		db.selectFrom("tenant").selectAll().where("id", "=", 1).executeTakeFirstOrThrow(),
		db
			.selectFrom("shop_change")
			.select((eb) => eb.fn.countAll<string>().as("n"))
			.executeTakeFirstOrThrow(),
	]);
	return { packages, agreement, cards, templates, items, rule, tenant, changes: Number(changes.n) };
}

/** One existing product of each kind, made by the administrator, for the refused edits to aim at. */
async function existingProducts() {
	const created = await savePackage(server, admin.accessToken, {
		shopId: 1,
		name: NAME,
		payAmount: 100,
		bonusAmount: 0,
	});
	expect(created.code).toBe(0);
	const pack = created.data.packages.at(-1);
	if (!pack) throw new Error("no package");
	const card = await vip.cardType(admin);
	const template = await coupons.template(admin);
	const item = await points.item(admin, { pointsPrice: 100, stock: 5 });
	return { pack, card, template, item };
}

type Existing = Awaited<ReturnType<typeof existingProducts>>;

/**
 * Every change to a tenant-wide product a caller might try, named for the failure message; each
 * names `shopId`, the caller's own shop (where their permission is checked).
 */
async function tryEveryChange(caller: Caller, shopId: number, lang: string, existing: Existing) {
	const { pack, card, template, item } = existing;
	const packageEdit = { shopId, id: pack.id, version: pack.version, name: NAME, payAmount: 100, bonusAmount: 0 };
	const itemEdit = {
		shopId,
		id: item.id,
		version: item.version,
		name: item.name,
		pointsPrice: 1,
		stock: item.stock,
		fulfilments: item.fulfilments,
	};
	const cardEdit = { shopId, id: card.id, version: card.version, name: card.name, price: card.price };
	return {
		"recharge package: create": await savePackage(
			server,
			caller.accessToken,
			{ shopId, name: NAME, payAmount: 100, bonusAmount: 100_000 },
			lang,
		),
		"recharge package: raise the bonus": await savePackage(
			server,
			caller.accessToken,
			{ ...packageEdit, bonusAmount: 100_000 },
			lang,
		),
		"recharge package: switch off": await savePackage(
			server,
			caller.accessToken,
			{ ...packageEdit, onSale: false },
			lang,
		),
		"stored-value agreement": await saveAgreement(
			server,
			caller.accessToken,
			{ shopId, agreement: { "zh-CN": "改了" } },
			lang,
		),
		"VIP card type: create": await vip.saveCardType(caller, { shopId, discountPercent: 90 }, lang),
		"VIP card type: edit": await vip.saveCardType(caller, { ...cardEdit, price: 1, discountPercent: 90 }, lang),
		"VIP card type: take off sale": await vip.saveCardType(caller, { ...cardEdit, onSale: false }, lang),
		"coupon template: create": await coupons.saveTemplate(caller, { shopId, amountOff: 1000 }, lang),
		"coupon template: switch off": await coupons.saveTemplate(
			caller,
			{ shopId, id: template.id, version: template.version, enabled: false },
			lang,
		),
		"points item: create": await points.saveItem(caller, { shopId, pointsPrice: 1, stock: 100 }, lang),
		"points item: edit": await points.saveItem(caller, itemEdit, lang),
		"points item: off the shelf": await points.saveItem(
			caller,
			{ ...itemEdit, pointsPrice: item.pointsPrice, onShelf: false },
			lang,
		),
		"points rule": await points.setRule(caller, 7, lang, shopId),
		"riel rate": await setDisplayCurrency(caller, { shopId, second: { ...RIEL, rate: 1000 } }, lang),
		"display currency off": await setDisplayCurrency(caller, { shopId, second: null }, lang),
	};
}

describe("who changes the business's tenant-wide products", () => {
	it("refuses shop owners who are not business administrators, in their language, for every kind, and changes nothing", async () => {
		const existing = await existingProducts();
		const callers = [
			{ caller: shopOwner, shopId: 1, lang: "zh-CN" },
			{ caller: branchOwner, shopId: angkorShopId, lang: "km" },
			{ caller: shopOwner, shopId: 1, lang: "en" },
		];
		for (const { caller, shopId, lang } of callers) {
			const before = await productsSnapshot();

			const answers = await tryEveryChange(caller, shopId, lang, existing);

			for (const [what, answer] of Object.entries(answers)) {
				expect(answer, what).toEqual({
					code: ErrorCode.NotBusinessAdmin,
					msg: formatMessage("notBusinessAdmin", lang),
					data: null,
				});
			}
			expect(await productsSnapshot()).toEqual(before);
		}
	});

	it("refuses managers too (the products only; the rate is an owner's money setting), and changes nothing", async () => {
		const existing = await existingProducts();
		const before = await productsSnapshot();

		const answers = await tryEveryChange(manager, 1, "en", existing);

		const { "riel rate": rate, "display currency off": off, ...products } = answers;
		for (const [what, answer] of Object.entries(products)) expect(answer.code, what).toBe(ErrorCode.NotBusinessAdmin);
		expect([rate.code, off.code]).toEqual([ErrorCode.Forbidden, ErrorCode.Forbidden]);
		expect(await productsSnapshot()).toEqual(before);
	});

	it("lets shop owners and managers who are not administrators read every list; staff and customers are refused as before", async () => {
		for (const caller of [shopOwner, manager]) {
			const reads = await Promise.all([
				storedValueAdmin(server, caller.accessToken),
				server.call<VipCardAdmin[]>("GET", "/app-api/merchant/vip-cards?shopId=1", { token: caller.accessToken }),
				server.call<CouponTemplateList>("GET", "/app-api/merchant/coupons?shopId=1", { token: caller.accessToken }),
				server.call<PointsMallAdmin>("GET", "/app-api/merchant/points-mall?shopId=1", { token: caller.accessToken }),
			]);
			for (const read of reads) expect(read.code).toBe(0);
		}
		expect((await storedValueAdmin(server, branchOwner.accessToken, angkorShopId)).code).toBe(0);
		for (const caller of [staff, customer]) {
			expect((await points.setRule(caller, 10)).code).toBe(ErrorCode.Forbidden);
			expect((await vip.saveCardType(caller)).code).toBe(ErrorCode.Forbidden);
			expect((await setDisplayCurrency(caller, { shopId: 1, second: null })).code).toBe(ErrorCode.Forbidden);
		}
	});

	it("lets the business administrator change each of them, and get-info tells who is one", async () => {
		expect((await memberInfo(admin)).isBusinessAdmin).toBe(true);
		expect((await memberInfo(shopOwner)).isBusinessAdmin).toBe(false);
		expect((await memberInfo(manager)).isBusinessAdmin).toBe(false);

		const { pack, card, template, item } = await existingProducts();
		const edited = await savePackage(server, admin.accessToken, {
			shopId: 1,
			id: pack.id,
			version: pack.version,
			name: NAME,
			payAmount: 100,
			bonusAmount: 10,
			onSale: false,
		});
		expect(edited.data.packages.find((p) => p.id === pack.id)).toMatchObject({ bonusAmount: 10, onSale: false });
		expect((await saveAgreement(server, admin.accessToken, { shopId: 1, agreement: { "zh-CN": "新协议" } })).code).toBe(
			0,
		);
		const cardSaved = await vip.saveCardType(admin, {
			id: card.id,
			version: card.version,
			name: card.name,
			price: 2000,
		});
		expect(savedCard(cardSaved.data, card.id).price).toBe(2000);
		const templateSaved = await coupons.saveTemplate(admin, {
			id: template.id,
			version: template.version,
			enabled: false,
		});
		expect(templateSaved.data.templates.find((t) => t.id === template.id)?.enabled).toBe(false);
		const itemSaved = await points.saveItem(admin, {
			id: item.id,
			version: item.version,
			name: item.name,
			pointsPrice: 150,
			stock: item.stock,
			fulfilments: item.fulfilments,
		});
		expect(savedItem(itemSaved.data.items, item.id).pointsPrice).toBe(150);
		expect((await points.setRule(admin, 100)).data).toEqual({ pointsPerUnit: 100 });
		const rate = await setDisplayCurrency(admin, { shopId: 1, second: { ...RIEL, rate: 4000 } });
		expect(rate.data.second?.rate).toBe(4000);
		expect((await setDisplayCurrency(admin, { shopId: 1, second: RIEL })).code).toBe(0);
	});
});

describe("granting and revoking the business role", () => {
	const adminIds = async (caller: Caller = admin) => (await listAdmins(caller)).data.admins.map((a) => a.memberId);
	const adminChanges = () =>
		server.deps.db
			.selectFrom("shop_change")
			.select(["shop_id", "member_id", "subject", "subject_id", "action", "before", "after"])
			.where("subject", "=", "business_admin")
			.orderBy("id")
			.execute();

	it("shows owners who administers the business and whom it could be granted to; managers and staff are refused", async () => {
		const list = await listAdmins(admin, 1, "en");
		expect(list.data.readerIsAdmin).toBe(true);
		expect(list.data.admins).toEqual([
			expect.objectContaining({ memberId: admin.userId, mobile: "13800000001", ownedShops: expect.any(Array) }),
		]);
		expect(list.data.admins[0]?.ownedShops).toHaveLength(2);
		expect(list.data.candidates.map((c) => c.memberId)).toEqual(
			expect.arrayContaining([shopOwner.userId, branchOwner.userId]),
		);
		expect(list.data.candidates.map((c) => c.memberId)).not.toContain(manager.userId);
		expect(list.data.candidates.find((c) => c.memberId === branchOwner.userId)?.ownedShops).toEqual(["Angkor"]);
		expect((await listAdmins(shopOwner)).data.readerIsAdmin).toBe(false);
		for (const caller of [manager, staff, customer]) expect((await listAdmins(caller)).code).toBe(ErrorCode.Forbidden);
	});

	it("refuses a grant by a non-administrator and a grant to someone who owns no shop, changing nothing", async () => {
		const before = { admins: await adminIds(), log: (await adminChanges()).length };
		const byOwner = await grant(shopOwner, { shopId: 1, memberId: shopOwner.userId }, "km");
		const byManager = await grant(manager, { shopId: 1, memberId: manager.userId });
		const toManager = await grant(admin, { shopId: 1, memberId: manager.userId }, "en");
		const toCustomer = await grant(admin, { shopId: 1, memberId: customer.userId }, "zh-CN");
		const toNobody = await grant(admin, { shopId: 1, memberId: 987_654 });
		const revokeByOwner = await revoke(shopOwner, { shopId: 1, memberId: admin.userId }, "en");
		const badBody = await grant(admin, { shopId: 1, memberId: "5" });
		const extraField = await grant(admin, { shopId: 1, memberId: shopOwner.userId, forever: true });

		expect(byOwner).toEqual({
			code: ErrorCode.NotBusinessAdmin,
			msg: formatMessage("notBusinessAdmin", "km"),
			data: null,
		});
		expect(byManager.code).toBe(ErrorCode.Forbidden);
		expect(toManager).toMatchObject({
			code: ErrorCode.BusinessAdminNotOwner,
			msg: formatMessage("businessAdminNotOwner", "en"),
		});
		expect(toCustomer).toMatchObject({
			code: ErrorCode.BusinessAdminNotOwner,
			msg: formatMessage("businessAdminNotOwner", "zh-CN"),
		});
		expect(toNobody.code).toBe(ErrorCode.BusinessAdminNotOwner);
		expect(revokeByOwner).toMatchObject({
			code: ErrorCode.NotBusinessAdmin,
			msg: formatMessage("notBusinessAdmin", "en"),
		});
		expect(badBody.code).toBe(ErrorCode.BadRequest);
		expect(extraField.code).toBe(ErrorCode.BadRequest);
		expect({ admins: await adminIds(), log: (await adminChanges()).length }).toEqual(before);
	});

	it("grants the role to a branch's owner, who may then change the products, records it, and takes it back", async () => {
		const granted = await grant(admin, { shopId: 1, memberId: branchOwner.userId });
		expect(granted.data.admins.map((a) => a.memberId)).toEqual([admin.userId, branchOwner.userId]);
		expect(granted.data.candidates.map((c) => c.memberId)).not.toContain(branchOwner.userId);
		expect((await adminChanges()).at(-1)).toEqual({
			shop_id: 1,
			member_id: admin.userId,
			subject: "business_admin",
			subject_id: String(branchOwner.userId),
			action: "create",
			before: null,
			after: { mobile: "13900002703" },
		});
		// Granting again changes and records nothing.
		const logLength = (await adminChanges()).length;
		expect((await grant(admin, { shopId: 1, memberId: branchOwner.userId })).code).toBe(0);
		expect((await adminChanges()).length).toBe(logLength);

		expect((await memberInfo(branchOwner)).isBusinessAdmin).toBe(true);
		expect((await points.setRule(branchOwner, 50, undefined, angkorShopId)).code).toBe(0);
		expect((await setDisplayCurrency(branchOwner, { shopId: angkorShopId, second: RIEL })).code).toBe(0);

		// The new administrator takes it back from the first; the first is told so on the next change.
		const revoked = await revoke(branchOwner, { shopId: angkorShopId, memberId: admin.userId });
		expect(revoked.data.admins.map((a) => a.memberId)).toEqual([branchOwner.userId]);
		expect((await adminChanges()).at(-1)).toMatchObject({
			shop_id: angkorShopId,
			member_id: branchOwner.userId,
			subject_id: String(admin.userId),
			action: "delete",
			before: { mobile: "13800000001" },
			after: null,
		});
		expect((await points.setRule(admin, 100)).code).toBe(ErrorCode.NotBusinessAdmin);
		expect((await memberInfo(admin)).isBusinessAdmin).toBe(false);

		// Handed back, so the rest of the file's stories keep the demo owner as administrator.
		expect((await grant(branchOwner, { shopId: angkorShopId, memberId: admin.userId })).code).toBe(0);
		expect((await revoke(admin, { shopId: 1, memberId: branchOwner.userId })).code).toBe(0);
		expect(await adminIds()).toEqual([admin.userId]);
	});

	it("never removes the last administrator, not even by themselves", async () => {
		const before = { admins: await adminIds(), log: (await adminChanges()).length };
		for (const lang of SUPPORTED_LANGUAGES) {
			expect(await revoke(admin, { shopId: 1, memberId: admin.userId }, lang)).toEqual({
				code: ErrorCode.BusinessAdminLast,
				msg: formatMessage("businessAdminLast", lang),
				data: null,
			});
		}
		// Someone who is not an administrator is "not found", not removed.
		expect((await revoke(admin, { shopId: 1, memberId: shopOwner.userId })).code).toBe(ErrorCode.NotFound);
		expect({ admins: await adminIds(), log: (await adminChanges()).length }).toEqual(before);
	});

	it("lets only one of two administrators revoking each other at the same moment succeed", async () => {
		for (let round = 0; round < 3; round++) {
			await grant(admin, { shopId: 1, memberId: shopOwner.userId });
			expect(await adminIds()).toEqual([admin.userId, shopOwner.userId]);

			const answers = await Promise.all([
				revoke(admin, { shopId: 1, memberId: shopOwner.userId }),
				revoke(shopOwner, { shopId: 1, memberId: admin.userId }),
			]);

			expect(answers.map((answer) => answer.code).sort()).toEqual([0, ErrorCode.NotBusinessAdmin].sort());
			const left = await server.deps.db
				.selectFrom("tenant_admin")
				.select("member_id")
				.where("tenant_id", "=", 1)
				.execute();
			expect(left).toHaveLength(1);
			// The demo owner administers again for the next round.
			const [remaining] = left;
			if (remaining?.member_id !== admin.userId) {
				await grant(shopOwner, { shopId: 1, memberId: admin.userId });
				await revoke(admin, { shopId: 1, memberId: shopOwner.userId });
			}
		}
	});
});
