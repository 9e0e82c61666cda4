import {
	type ApiEnvelope,
	ErrorCode,
	formatMessage,
	type MessageKey,
	PICKUP_CODE_ALPHABET,
	PICKUP_CODE_LENGTH,
	type PointsItemAdmin,
	SUPPORTED_LANGUAGES,
} from "@bayon/contract";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../../../test/harness.js";
import { closeLiveSockets, connectLive, ticketFor, until } from "../../../test/live-socket.js";
import { insertOtherTenantShop } from "../../../test/other-tenant.js";
import { expectPointsLedgerInvariants, PointsFixture } from "../../../test/points.js";
import { addShop, memberWithRole } from "../../../test/shops.js";

/**
 * The points mall (issue 13, decision 022): items on the shelf, one redemption per member per
 * item (spec §9), pickup at a shop or delivery to one's own address, the member's and the
 * staff's steps after it, and every refusal in the reader's language. Points are earned the
 * real way (orders of coconuts: 200 points each at the rate set here).
 */

type Caller = { accessToken: string; userId: number };

let server: TestServer;
let pf: PointsFixture;
let owner: Caller;
let staff: Caller;
let manager: Caller;
let members = 0;

beforeAll(async () => {
	server = await startTestServer();
	pf = await new PointsFixture(server).load();
	pf.fx.moveClockToLocal("12:00");
	owner = await server.signIn("13800000001");
	staff = await server.signIn("13800000002");
	manager = await memberWithRole(server, "13900000600", "manager");
	expect((await pf.setRule(owner, 100)).code).toBe(0);
});
afterAll(async () => {
	closeLiveSockets();
	await server?.close();
});
afterEach(async () => {
	await expectPointsLedgerInvariants(server);
});

const newMember = (): Promise<Caller> => server.signIn(`1393200${String(++members).padStart(4, "0")}`);

/** A new member with `coconuts × 200` points, earned with a completed order. */
async function memberWithPoints(coconuts: number): Promise<Caller> {
	const member = await newMember();
	await pf.earnWithOrder(member, staff, coconuts);
	return member;
}

function expectFieldError(answer: ApiEnvelope<unknown>, lang: string, field: string, rule: MessageKey) {
	expect(answer.code, `${field} ${lang}`).toBe(ErrorCode.BadRequest);
	expect(answer.msg, `${field} ${lang}`).toBe(formatMessage(rule, lang, { field }));
	expect((answer.data as { issues: unknown[] }).issues[0], `${field} ${lang}`).toMatchObject({ field, rule });
}

describe("the mall's items", () => {
	it("shows what is on the shelf in its order, in the reader's language, and finds names in any language", async () => {
		const later = await pf.item(owner, { sort: 900, name: { "zh-CN": "保温杯", en: "Tumbler", km: "កែវរក្សាកំដៅ" } });
		const first = await pf.item(owner, {
			sort: 800,
			name: { "zh-CN": "搪瓷杯", en: "Enamel mug", km: "ពែងអេម៉ាយ" },
			description: { "zh-CN": "结实耐用", en: "Sturdy", km: "រឹងមាំ" },
			fulfilments: ["pickup"],
		});
		const hidden = await pf.item(owner, { sort: 850, onShelf: false, name: { "zh-CN": "下架品", en: "Hidden" } });

		const list = await pf.list(undefined, "", "en");

		expect(list.code).toBe(0);
		const ids = list.data.map((item) => item.id);
		expect(ids).not.toContain(hidden.id);
		expect(ids.indexOf(first.id)).toBeLessThan(ids.indexOf(later.id));
		// The demo's four items are there too, in the order the seed gave them.
		expect(list.data.map((item) => item.name).slice(0, 4)).toEqual([
			"Canvas tote bag",
			"Free drink voucher",
			"Insulated tumbler",
			"Mondulkiri coffee gift box",
		]);
		expect(list.data.find((item) => item.id === first.id)).toEqual({
			id: first.id,
			name: "Enamel mug",
			description: "Sturdy",
			image: null,
			pointsPrice: 400,
			stock: 10,
			redeemedCount: 0,
			fulfilments: ["pickup"],
			myRedemptionId: null,
		});
		expect((await pf.list(undefined, "", "km")).data.find((item) => item.id === first.id)?.name).toBe("ពែងអេម៉ាយ");
		for (const keyword of ["ENAMEL", "搪瓷", "អេម៉ាយ"]) {
			const found = await pf.list(undefined, `keyword=${encodeURIComponent(keyword)}`);
			expect(
				found.data.map((item) => item.id),
				keyword,
			).toEqual([first.id]);
		}
		// Wildcards are letters, and the language keys of the stored names are not searched.
		expect((await pf.list(undefined, "keyword=%25")).data).toEqual([]);
		expect((await pf.list(undefined, "keyword=zh-CN")).data).toEqual([]);
	});

	it("tells a visitor to sign in, and a member whether they can redeem or why not", async () => {
		const item = await pf.item(owner, { pointsPrice: 600, stock: 1 });
		const poor = await memberWithPoints(1);
		const rich = await memberWithPoints(3);

		const visitor = await pf.detail(item.id, undefined, "km");
		expect(visitor.data).toMatchObject({
			item: { id: item.id, pointsPrice: 600 },
			balance: null,
			redeem: { allowed: false, reason: formatMessage("pleaseSignIn", "km") },
		});
		expect((await pf.detail(item.id, poor, "en")).data).toMatchObject({
			balance: 200,
			redeem: { allowed: false, reason: formatMessage("pointsInsufficient", "en", { need: 600, have: 200 }) },
		});
		expect((await pf.detail(item.id, rich)).data).toMatchObject({ balance: 600, redeem: { allowed: true } });

		const redeemed = await pf.redeemPickup(rich, item.id);
		expect(redeemed.code).toBe(0);

		expect((await pf.detail(item.id, rich, "zh-CN")).data).toMatchObject({
			item: { myRedemptionId: redeemed.data.id, stock: 0, redeemedCount: 1 },
			redeem: { allowed: false, reason: formatMessage("pointsItemAlreadyRedeemed", "zh-CN") },
		});
		expect((await pf.detail(item.id, poor, "en")).data.redeem).toEqual({
			allowed: false,
			reason: formatMessage("pointsItemSoldOut", "en"),
		});
		await pf.item(owner, { ...editable(item), id: item.id, version: item.version, onShelf: false });
		expect((await pf.detail(item.id, rich, "en")).data.redeem).toEqual({
			allowed: false,
			reason: formatMessage("pointsItemUnavailable", "en"),
		});
		expect((await pf.detail(999_999)).code).toBe(ErrorCode.NotFound);
		for (const lang of SUPPORTED_LANGUAGES)
			expectFieldError(await pf.detail("abc", undefined, lang), lang, "id", "fieldInvalid");
	});
});

/** What a save sends to keep an item as it is. */
function editable(item: PointsItemAdmin) {
	return { name: item.name, pointsPrice: item.pointsPrice, stock: item.stock, fulfilments: item.fulfilments };
}

describe("redeeming an item", () => {
	it("redeems for pickup once: points, stock and the count move together, and the same key answers the same", async () => {
		const item = await pf.item(owner, { pointsPrice: 300, stock: 3 });
		const member = await memberWithPoints(2);
		const key = pf.newKey();

		const redeemed = await pf.redeemPickup(member, item.id, { key, lang: "en" });
		const repeated = await pf.redeemPickup(member, item.id, { key });
		const second = await pf.redeemPickup(member, item.id, { lang: "km" });

		expect(redeemed.code).toBe(0);
		expect(redeemed.data).toMatchObject({
			itemId: item.id,
			itemName: item.name.en,
			pointsPrice: 300,
			fulfilment: "pickup",
			status: "pending",
			shop: { id: 1 },
			deliveryAddress: null,
			actions: ["cancel"],
		});
		expect(redeemed.data.shop?.name).toEqual(expect.any(String));
		expect(repeated.data.id).toBe(redeemed.data.id);
		expect(second).toMatchObject({
			code: ErrorCode.PointsItemAlreadyRedeemed,
			msg: formatMessage("pointsItemAlreadyRedeemed", "km"),
		});
		expect(await pf.pointsOf(member.userId)).toBe(100);
		expect(await pf.itemRow(item.id)).toMatchObject({ stock: 2, redeemed_count: 1 });
		expect((await pf.list(member)).data.find((row) => row.id === item.id)?.myRedemptionId).toBe(redeemed.data.id);
		expect((await pf.redeemPickup(member, item.id, { key: null })).code).toBe(ErrorCode.IdempotencyKeyRequired);
		// The key of this redemption, sent again for another item, is a mistake, not a second redemption.
		const another = await pf.item(owner, { pointsPrice: 100 });
		expect((await pf.redeemPickup(member, another.id, { key })).code).toBe(ErrorCode.IdempotencyKeyReused);
		expect(await pf.pointsOf(member.userId)).toBe(100);
	});

	it("redeems for delivery to the member's own address, copied as it was", async () => {
		const item = await pf.item(owner, { pointsPrice: 200, fulfilments: ["delivery"] });
		const member = await memberWithPoints(1);
		const address = await pf.address(member, "Dara");

		const redeemed = await pf.redeem(member, { itemId: item.id, fulfilment: "delivery", addressId: address.id });

		expect(redeemed.code).toBe(0);
		expect(redeemed.data).toMatchObject({
			fulfilment: "delivery",
			shop: null,
			deliveryAddress: {
				recipient: "Dara",
				phone: "13800000099",
				address: "Street 240, Phnom Penh",
				houseNumber: "12A",
			},
		});
		// Pickup is not offered for it.
		const other = await memberWithPoints(1);
		const pickup = await pf.redeemPickup(other, item.id, { lang: "en" });
		expect(pickup).toMatchObject({
			code: ErrorCode.PointsFulfilmentUnavailable,
			msg: formatMessage("pointsFulfilmentUnavailable", "en"),
		});
	});

	it("refuses another member's address as if it did not exist, and changes nothing", async () => {
		const item = await pf.item(owner, { pointsPrice: 200 });
		const member = await memberWithPoints(1);
		const stranger = await newMember();
		const theirs = await pf.address(stranger);

		const answer = await pf.redeem(member, { itemId: item.id, fulfilment: "delivery", addressId: theirs.id });

		expect(answer.code).toBe(ErrorCode.NotFound);
		expect(await pf.pointsOf(member.userId)).toBe(200);
		expect(await pf.itemRow(item.id)).toMatchObject({ stock: 10, redeemed_count: 0 });
	});

	it("refuses an item off the shelf, sold out, or a pickup shop not of this business", async () => {
		const member = await memberWithPoints(2);
		const off = await pf.item(owner, { onShelf: false });
		const gone = await pf.item(owner, { stock: 0 });
		const open = await pf.item(owner, { pointsPrice: 200 });
		const elsewhere = await insertOtherTenantShop(server, {
			code: "other-points",
			name: { "zh-CN": "别家" },
			at: { lat: 11.55, lng: 104.92 },
		});

		expect((await pf.redeemPickup(member, off.id, { lang: "en" })).msg).toBe(
			formatMessage("pointsItemUnavailable", "en"),
		);
		expect((await pf.redeemPickup(member, off.id)).code).toBe(ErrorCode.PointsItemUnavailable);
		expect((await pf.redeemPickup(member, gone.id)).code).toBe(ErrorCode.PointsItemSoldOut);
		expect((await pf.redeemPickup(member, 999_999)).code).toBe(ErrorCode.NotFound);
		for (const shopId of [elsewhere, 999_999])
			expectFieldError(
				await pf.redeem(member, { itemId: open.id, fulfilment: "pickup", shopId }, { lang: "en" }),
				"en",
				"shopId",
				"choosePickupShop",
			);
		expect(await pf.pointsOf(member.userId)).toBe(400);
		expect((await pf.itemRow(gone.id)).stock).toBe(0);
	});

	it("lets the member cancel a pending one: points and stock go back once, and the item can be redeemed again", async () => {
		const item = await pf.item(owner, { pointsPrice: 400, stock: 1 });
		const member = await memberWithPoints(2);
		const redeemed = await pf.redeemPickup(member, item.id);

		const cancelled = await pf.memberCall(member, "cancel", redeemed.data.id);
		const again = await pf.memberCall(member, "cancel", redeemed.data.id);

		expect(cancelled.data).toMatchObject({ status: "cancelled", actions: [], cancelReason: null });
		expect(cancelled.data.cancelledAt).toEqual(expect.any(String));
		expect(again.data.status).toBe("cancelled");
		expect(await pf.pointsOf(member.userId)).toBe(400);
		expect((await pf.entriesOf(member.userId)).map((entry) => [entry.kind, entry.amount])).toEqual([
			["order_earned", 400],
			["redeemed", -400],
			["redemption_returned", 400],
		]);
		expect(await pf.itemRow(item.id)).toMatchObject({ stock: 1, redeemed_count: 0 });
		expect((await pf.detail(item.id, member)).data.item.myRedemptionId).toBeNull();

		const redeemedAgain = await pf.redeemPickup(member, item.id);
		expect(redeemedAgain.code).toBe(0);
		expect(redeemedAgain.data.id).not.toBe(redeemed.data.id);
		expect(await pf.itemRow(item.id)).toMatchObject({ stock: 0, redeemed_count: 1 });
	});

	it("keeps each member's redemptions their own", async () => {
		const item = await pf.item(owner, { pointsPrice: 200 });
		const member = await memberWithPoints(1);
		const stranger = await newMember();
		const redeemed = await pf.redeemPickup(member, item.id);

		expect((await pf.myRedemption(stranger, redeemed.data.id)).code).toBe(ErrorCode.NotFound);
		expect((await pf.memberCall(stranger, "cancel", redeemed.data.id)).code).toBe(ErrorCode.NotFound);
		expect((await pf.memberCall(stranger, "take", redeemed.data.id)).code).toBe(ErrorCode.NotFound);
		expect((await pf.myRedemptions(stranger)).data).toEqual({ list: [], total: 0 });
		expect((await pf.myRedemption(member, redeemed.data.id)).data).toMatchObject({ id: redeemed.data.id });
		expect((await pf.myRedemption(member, 999_999)).code).toBe(ErrorCode.NotFound);
		expect(await pf.pointsOf(member.userId)).toBe(0);
	});

	it("lists the member's redemptions newest first, by state, a page at a time", async () => {
		const member = await memberWithPoints(3);
		const ids: number[] = [];
		for (let i = 0; i < 3; i++) {
			const item = await pf.item(owner, { pointsPrice: 200 });
			ids.push((await pf.redeemPickup(member, item.id)).data.id);
		}
		await pf.memberCall(member, "cancel", ids[0]);

		const all = await pf.myRedemptions(member, "pageSize=2");
		const second = await pf.myRedemptions(member, "pageSize=2&page=2");
		const pending = await pf.myRedemptions(member, "status=pending");

		expect(all.data.total).toBe(3);
		expect(all.data.list.map((row) => row.id)).toEqual([ids[2], ids[1]]);
		expect(second.data.list.map((row) => row.id)).toEqual([ids[0]]);
		expect(pending.data).toMatchObject({ total: 2 });
		expect(pending.data.list.map((row) => row.id)).toEqual([ids[2], ids[1]]);
	});
});

describe("pickup codes (issue 27)", () => {
	it("gives each redemption a random ten-character code, shown only to its member while it waits", async () => {
		const item = await pf.item(owner, { pointsPrice: 200, stock: 50 });
		const codes: string[] = [];
		for (let i = 0; i < 6; i++) {
			const member = await memberWithPoints(1);
			const redeemed = await pf.redeemPickup(member, item.id);
			const code = redeemed.data.pickupCode ?? "";
			expect(code).toMatch(new RegExp(`^[${PICKUP_CODE_ALPHABET}]{${PICKUP_CODE_LENGTH}}$`));
			expect((await pf.myRedemption(member, redeemed.data.id)).data.pickupCode).toBe(code);
			expect(await pf.pickupCodeOf(redeemed.data.id)).toBe(code);
			codes.push(code);
		}
		expect(new Set(codes).size).toBe(codes.length);
		// Not a count: consecutive redemptions share no long common start, unlike "1, 2, 3".
		for (let i = 1; i < codes.length; i++) expect(codes[i]?.slice(0, 4)).not.toBe(codes[i - 1]?.slice(0, 4));
		const unique = await server.deps.db
			.selectFrom("points_redemption")
			.select((eb) => [eb.fn.countAll<string>().as("rows"), eb.fn.count<string>("pickup_code").distinct().as("codes")])
			.executeTakeFirstOrThrow();
		expect(unique.codes).toBe(unique.rows);
	});

	it("hands over by the scanned or typed code, and answers anything else with one refusal in the staff's language", async () => {
		const item = await pf.item(owner, { pointsPrice: 200 });
		const member = await memberWithPoints(1);
		const redeemed = (await pf.redeemPickup(member, item.id)).data;
		const code = redeemed.pickupCode ?? "";
		const wrong = code.slice(0, -1) + (code.endsWith("2") ? "3" : "2");

		for (const lang of SUPPORTED_LANGUAGES)
			for (const typed of [wrong, "1", "0000000000", `${code}X`, "漢字漢字漢字漢字漢字"]) {
				const answer = await pf.staffCall(staff, "hand-over", { code: typed }, lang);
				expect(answer, `${typed} ${lang}`).toMatchObject({
					code: ErrorCode.RedemptionCodeUnknown,
					msg: formatMessage("redemptionCodeUnknown", lang),
				});
			}
		// The code, an id, nothing: a clear field error, nothing changed.
		expectFieldError(
			await pf.staffCall(staff, "hand-over", { code: "  " }, "km"),
			"km",
			"code",
			"redemptionCodeRequired",
		);
		expect((await pf.staffCall(staff, "hand-over", { id: redeemed.id })).code).toBe(ErrorCode.BadRequest);
		expect((await pf.myRedemption(member, redeemed.id)).data.status).toBe("pending");

		// Read aloud in groups, in lower case, or scanned as a link: the same code.
		const typed = `${code.slice(0, 5).toLowerCase()} - ${code.slice(5)}`;
		const handed = await pf.staffCall(staff, "hand-over", { code: typed });
		expect(handed.data).toMatchObject({ id: redeemed.id, status: "received" });
		expect((await pf.myRedemption(member, redeemed.id)).data).not.toHaveProperty("pickupCode");
	});

	it("refuses another tenant's code like an unknown one", async () => {
		const item = await pf.item(owner, { pointsPrice: 200 });
		const redeemed = (await pf.redeemPickup(await memberWithPoints(1), item.id)).data;
		// The redemption moved to another tenant (its shop id kept): its code opens nothing here.
		const otherTenant = await server.deps.db.selectFrom("tenant").select("id").where("id", "<>", 1).executeTakeFirst();
		if (!otherTenant)
			await insertOtherTenantShop(server, {
				code: "other-codes",
				name: { "zh-CN": "别家" },
				at: { lat: 11.55, lng: 104.92 },
			});
		const tenantId = otherTenant?.id ?? 2;
		await server.deps.db
			.updateTable("points_redemption")
			.set({ tenant_id: tenantId })
			.where("id", "=", redeemed.id)
			.execute();
		expect((await pf.staffCall(staff, "hand-over", { code: redeemed.pickupCode })).code).toBe(
			ErrorCode.RedemptionCodeUnknown,
		);
		await server.deps.db.updateTable("points_redemption").set({ tenant_id: 1 }).where("id", "=", redeemed.id).execute();
		expect((await pf.staffCall(staff, "hand-over", { code: redeemed.pickupCode })).data.status).toBe("received");
	});
});

describe("the shop's side", () => {
	it("lets every role hand over a pickup at its shop, and only a business administrator edits the mall", async () => {
		const item = await pf.item(owner, { pointsPrice: 200 });
		const member = await memberWithPoints(1);
		const redeemed = await pf.redeemPickup(member, item.id);

		expect((await pf.saveItem(staff, {}, "en")).code).toBe(ErrorCode.Forbidden);
		expect((await pf.setRule(staff, 5)).code).toBe(ErrorCode.Forbidden);
		expect(
			(await server.call("GET", "/app-api/merchant/points-mall?shopId=1", { token: staff.accessToken })).code,
		).toBe(ErrorCode.Forbidden);
		expect((await pf.staffCall(member, "hand-over", { code: redeemed.data.pickupCode })).code).toBe(
			ErrorCode.Forbidden,
		);
		expect((await pf.shopRedemptions(member)).code).toBe(ErrorCode.Forbidden);

		const handed = await pf.staffCall(staff, "hand-over", { code: redeemed.data.pickupCode });
		const twice = await pf.staffCall(staff, "hand-over", { code: redeemed.data.pickupCode }, "en");

		expect(handed.code).toBe(0);
		expect(handed.data).toMatchObject({ id: redeemed.data.id, status: "received", actions: [] });
		expect(handed.data.member?.mobile).toMatch(/^139\*{4}\d{4}$/);
		// The staff's view never carries the code, and a used code is refused, never handed over twice.
		expect(handed.data).not.toHaveProperty("pickupCode");
		expect(twice).toMatchObject({
			code: ErrorCode.RedemptionAlreadyHandedOver,
			msg: formatMessage("redemptionAlreadyHandedOver", "en"),
		});
		const stored = await server.deps.db
			.selectFrom("points_redemption")
			.select(["handled_by_member_id", "received_at"])
			.where("id", "=", redeemed.data.id)
			.executeTakeFirstOrThrow();
		expect(stored.handled_by_member_id).toBe(staff.userId);
		expect((await pf.myRedemption(member, redeemed.data.id)).data).toMatchObject({ status: "received", actions: [] });
		// Handed over: no longer the member's to cancel, nor the staff's.
		expect((await pf.memberCall(member, "cancel", redeemed.data.id, "en")).msg).toBe(
			formatMessage("redemptionStateChanged", "en"),
		);
		expect((await pf.staffCall(staff, "cancel", { id: redeemed.data.id, reason: "Oops" })).code).toBe(
			ErrorCode.RedemptionStateChanged,
		);
		expect(await pf.pointsOf(member.userId)).toBe(0);
		// The manager reads the mall (below) but the business's administrator defines it (issue 27).
		expect((await pf.saveItem(manager)).code).toBe(ErrorCode.NotBusinessAdmin);
		expect((await pf.saveItem(owner)).code).toBe(0);
	});

	it("ships a delivery with its tracking note, and the member confirms receipt", async () => {
		const item = await pf.item(owner, { pointsPrice: 200, fulfilments: ["delivery"] });
		const member = await memberWithPoints(1);
		const address = await pf.address(member);
		const redeemed = await pf.redeem(member, { itemId: item.id, fulfilment: "delivery", addressId: address.id });
		expect((await pf.memberCall(member, "take", redeemed.data.id)).code).toBe(ErrorCode.RedemptionStateChanged);
		const deliveryCode = await pf.pickupCodeOf(redeemed.data.id);
		expect(redeemed.data).not.toHaveProperty("pickupCode");
		expect((await pf.staffCall(staff, "hand-over", { code: deliveryCode })).code).toBe(ErrorCode.RedemptionCodeUnknown);

		const shipped = await pf.staffCall(staff, "ship", { id: redeemed.data.id, trackingNote: "  J&T 12345  " });

		expect(shipped.data).toMatchObject({ status: "shipped", trackingNote: "J&T 12345", actions: [] });
		const mine = (await pf.myRedemption(member, redeemed.data.id)).data;
		expect(mine).toMatchObject({ status: "shipped", trackingNote: "J&T 12345", actions: ["confirmReceipt"] });
		expect(mine.shippedAt).toEqual(expect.any(String));
		expect((await pf.memberCall(member, "cancel", redeemed.data.id)).code).toBe(ErrorCode.RedemptionStateChanged);

		const received = await pf.memberCall(member, "take", redeemed.data.id);
		const twice = await pf.memberCall(member, "take", redeemed.data.id);

		expect(received.data).toMatchObject({ status: "received", actions: [] });
		expect(received.data.receivedAt).toEqual(expect.any(String));
		expect(twice.data.status).toBe("received");
		expect((await pf.staffCall(staff, "ship", { id: redeemed.data.id, trackingNote: "again" })).code).toBe(
			ErrorCode.RedemptionStateChanged,
		);
	});

	it("tells the member's own pages at once when the shop hands over or cancels, and nobody else", async () => {
		const item = await pf.item(owner, { pointsPrice: 200 });
		const member = await memberWithPoints(2);
		const first = (await pf.redeemPickup(member, item.id)).data;
		const live = await connectLive(server, `ticket=${await ticketFor(server, member.accessToken)}`);
		const staffLive = await connectLive(server, `ticket=${await ticketFor(server, staff.accessToken)}`);

		await pf.staffCall(staff, "hand-over", { code: first.pickupCode });
		await pf.staffCall(staff, "hand-over", { code: first.pickupCode });
		const other = await pf.item(owner, { pointsPrice: 200 });
		const second = (await pf.redeemPickup(member, other.id)).data;
		await pf.staffCall(staff, "cancel", { id: second.id, reason: "Broken" });

		const heard = () => live.messages.filter((m) => m.type === "redemption.changed").map((m) => m.data);
		await until(() => heard().length === 3);
		expect(heard()).toEqual([
			expect.objectContaining({ redemptionId: first.id, status: "received", reason: "handedOver", points: 200 }),
			expect.objectContaining({ redemptionId: second.id, status: "pending", reason: "redeemed", points: 0 }),
			expect.objectContaining({ redemptionId: second.id, status: "cancelled", reason: "cancelled", points: 200 }),
		]);
		expect(staffLive.messages.filter((m) => m.type === "redemption.changed")).toEqual([]);
	});

	it("cancels a pending redemption with a reason: points and stock go back once", async () => {
		const item = await pf.item(owner, { pointsPrice: 200, stock: 2 });
		const member = await memberWithPoints(1);
		const redeemed = await pf.redeemPickup(member, item.id);

		const cancelled = await pf.staffCall(staff, "cancel", { id: redeemed.data.id, reason: "Out of bags" });
		const twice = await pf.staffCall(staff, "cancel", { id: redeemed.data.id, reason: "Out of bags" });

		expect(cancelled.data).toMatchObject({ status: "cancelled", cancelReason: "Out of bags" });
		expect(twice.data.status).toBe("cancelled");
		expect(await pf.pointsOf(member.userId)).toBe(200);
		expect(await pf.itemRow(item.id)).toMatchObject({ stock: 2, redeemed_count: 0 });
		expect((await pf.myRedemption(member, redeemed.data.id)).data).toMatchObject({
			status: "cancelled",
			cancelReason: "Out of bags",
		});
	});

	it("shows a shop its own pickups and every delivery, and hides other shops' pickups", async () => {
		const angkor = await addShop(server, "angkor-points");
		const angkorStaff = await memberWithRole(server, "13900000601", "staff", angkor);
		const item = await pf.item(owner, { pointsPrice: 200 });
		const here = await memberWithPoints(1);
		const there = await memberWithPoints(1);
		const far = await memberWithPoints(1);
		const atHere = (await pf.redeemPickup(here, item.id)).data;
		const atThere = (await pf.redeem(there, { itemId: item.id, fulfilment: "pickup", shopId: angkor })).data;
		const delivered = (
			await pf.redeem(far, { itemId: item.id, fulfilment: "delivery", addressId: (await pf.address(far)).id })
		).data;

		// This story's redemptions in a shop's list (earlier stories left deliveries of their own).
		const mine = [atHere.id, atThere.id, delivered.id];
		const ids = async (caller: Caller, shopId: number, status = "") =>
			(await pf.shopRedemptions(caller, `shopId=${shopId}&pageSize=50${status}`)).data.list
				.map((row) => row.id)
				.filter((id) => mine.includes(id));

		expect(await ids(staff, 1)).toEqual([delivered.id, atHere.id]);
		expect(await ids(angkorStaff, angkor)).toEqual([delivered.id, atThere.id]);
		expect(await ids(angkorStaff, angkor, "&status=pending")).toEqual([delivered.id, atThere.id]);
		expect(await ids(angkorStaff, angkor, "&status=shipped")).toEqual([]);
		expect((await pf.shopRedemptions(staff, `shopId=${angkor}`)).code).toBe(ErrorCode.Forbidden);
		// Another shop's pickup is not this shop's to hand over or cancel; a delivery is anyone's to ship.
		expect((await pf.staffCall(staff, "hand-over", { code: atThere.pickupCode })).code).toBe(
			ErrorCode.RedemptionCodeUnknown,
		);
		expect((await pf.staffCall(staff, "cancel", { id: atThere.id, reason: "No" })).code).toBe(ErrorCode.NotFound);
		expect(
			(await pf.staffCall(angkorStaff, "ship", { shopId: angkor, id: delivered.id, trackingNote: "Grab" })).data.status,
		).toBe("shipped");
		const listed = (await pf.shopRedemptions(angkorStaff, `shopId=${angkor}`)).data.list[0];
		expect(listed?.member).toEqual({ nickname: expect.any(String), mobile: expect.stringMatching(/^139\*{4}\d{4}$/) });
	});

	it("saves items on their current version, with pictures the business uploaded, and logs the change", async () => {
		const created = await pf.item(owner, { stock: 5, fulfilments: ["delivery"], onShelf: false });
		const admin = await server.call<{ items: Array<{ id: number }>; rule: { pointsPerUnit: number } }>(
			"GET",
			"/app-api/merchant/points-mall?shopId=1",
			{ token: manager.accessToken },
		);
		expect(admin.data.rule).toEqual({ pointsPerUnit: 100 });
		expect(admin.data.items.map((item) => item.id)).toContain(created.id);
		expect(created).toMatchObject({ version: 1, stock: 5, fulfilments: ["delivery"], onShelf: false });

		const updated = await pf.item(owner, {
			...editable(created),
			id: created.id,
			version: 1,
			stock: 7,
			fulfilments: ["pickup", "delivery"],
		});
		const stale = await pf.saveItem(owner, { ...editable(created), id: created.id, version: 1, stock: 1 }, "en");

		expect(updated).toMatchObject({ version: 2, stock: 7, fulfilments: ["pickup", "delivery"] });
		expect(stale).toMatchObject({
			code: ErrorCode.ChangedBySomeoneElse,
			msg: formatMessage("changedBySomeoneElse", "en"),
			data: { version: 2 },
		});
		expect((await pf.saveItem(owner, { id: 999_999, version: 1 })).code).toBe(ErrorCode.NotFound);

		for (const lang of SUPPORTED_LANGUAGES)
			expectFieldError(
				await pf.saveItem(owner, { image: "/uploads/nobody.webp" }, lang),
				lang,
				"image",
				"menuImageNotUploaded",
			);
		// A picture the manager uploaded is the business's: the owner may use it.
		await server.deps.db
			.insertInto("uploaded_file")
			.values({
				id: crypto.randomUUID(),
				tenant_id: 1,
				member_id: manager.userId,
				path: "/uploads/manager-bag.webp",
				mime_type: "image/webp",
				size_bytes: 100,
				width: 10,
				height: 10,
			})
			.execute();
		const pictured = await pf.item(owner, { image: "/uploads/manager-bag.webp" });
		expect(pictured.image).toBe("/uploads/manager-bag.webp");

		const log = await server.deps.db
			.selectFrom("shop_change")
			.select(["action", "member_id"])
			.where("subject", "=", "points_item")
			.where("subject_id", "=", String(created.id))
			.orderBy("id")
			.execute();
		expect(log).toEqual([
			{ action: "create", member_id: owner.userId },
			{ action: "update", member_id: owner.userId },
		]);
	});
});

describe("bad input, in each language", () => {
	it("refuses a redemption's missing or malformed fields and changes nothing", async () => {
		const member = await memberWithPoints(1);
		const item = await pf.item(owner, { pointsPrice: 200 });
		for (const lang of SUPPORTED_LANGUAGES) {
			const redeem = (body: Record<string, unknown>) => pf.redeem(member, body, { lang });
			expectFieldError(await redeem({ itemId: item.id }), lang, "fulfilment", "chooseFulfilment");
			expectFieldError(await redeem({ itemId: item.id, fulfilment: "post" }), lang, "fulfilment", "chooseFulfilment");
			expectFieldError(await redeem({ itemId: item.id, fulfilment: "pickup" }), lang, "shopId", "choosePickupShop");
			expectFieldError(
				await redeem({ itemId: item.id, fulfilment: "delivery" }),
				lang,
				"addressId",
				"enterRecipientAndAddress",
			);
			expectFieldError(await redeem({ itemId: "1", fulfilment: "pickup", shopId: 1 }), lang, "itemId", "fieldInvalid");
			const missingKey = await pf.redeemPickup(member, item.id, { key: null, lang });
			expect(missingKey).toMatchObject({
				code: ErrorCode.IdempotencyKeyRequired,
				msg: formatMessage("idempotencyKeyRequired", lang),
			});
		}
		expect(await pf.pointsOf(member.userId)).toBe(200);
		expect((await pf.itemRow(item.id)).stock).toBe(10);
	});

	it("refuses an item, a rule or a staff step with a field wrong", async () => {
		const member = await memberWithPoints(1);
		const item = await pf.item(owner, { pointsPrice: 200 });
		const redeemed = (await pf.redeemPickup(member, item.id)).data;
		for (const lang of SUPPORTED_LANGUAGES) {
			const save = (fields: Record<string, unknown>) => pf.saveItem(owner, fields, lang);
			expectFieldError(await save({ name: { "zh-CN": " " } }), lang, "name.zh-CN", "pointsItemNameRequired");
			expectFieldError(await save({ name: { "zh-CN": "长".repeat(31) } }), lang, "name.zh-CN", "pointsItemNameTooLong");
			expectFieldError(
				await save({ description: { "zh-CN": "长".repeat(1001) } }),
				lang,
				"description.zh-CN",
				"pointsItemDescriptionTooLong",
			);
			expectFieldError(await save({ pointsPrice: 0 }), lang, "pointsPrice", "pointsPriceInvalid");
			expectFieldError(await save({ pointsPrice: 1.5 }), lang, "pointsPrice", "pointsPriceInvalid");
			expectFieldError(await save({ stock: -1 }), lang, "stock", "pointsStockInvalid");
			expectFieldError(await save({ fulfilments: [] }), lang, "fulfilments", "chooseFulfilment");
			expectFieldError(await save({ id: item.id }), lang, "version", "fieldInvalid");
			expectFieldError(await pf.setRule(owner, 101, lang), lang, "pointsPerUnit", "pointsRateInvalid");
			expectFieldError(await pf.setRule(owner, "5", lang), lang, "pointsPerUnit", "pointsRateInvalid");
			expectFieldError(
				await pf.staffCall(staff, "ship", { id: redeemed.id, trackingNote: "  " }, lang),
				lang,
				"trackingNote",
				"enterTrackingNote",
			);
			expectFieldError(
				await pf.staffCall(staff, "cancel", { id: redeemed.id, reason: "" }, lang),
				lang,
				"reason",
				"enterReason",
			);
			expectFieldError(await pf.memberCall(member, "cancel", "x", lang), lang, "id", "fieldInvalid");
		}
		expect((await pf.myRedemption(member, redeemed.id)).data.status).toBe("pending");
		expect((await pf.summary(member)).data.pointsPerUnit).toBe(100);
	});
});
