import type { Address, OrderView, PricedCart, TableBillView, VipCardAdmin } from "@bayon/contract";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { TestServer } from "../../../test/harness.js";
import { expectLedgerInvariants } from "../../../test/ledger-invariants.js";
import { MembershipFixture } from "../../../test/membership.js";
import type { OrderingFixture } from "../../../test/ordering.js";
import { startAtDemoTables, type TableFixture } from "../../../test/tables.js";
import { expireUnpaidOrders } from "../ordering/lifecycle/expiry.js";

/**
 * A member's VIP card in the price of their orders (decision 021): its discount and a waived
 * delivery fee show in the cart, are charged at checkout and appear on the order; an expired
 * card gives nothing. The demo shop is open 08:00–22:00 in Phnom Penh and delivers near the
 * riverside for $1.00 from $5.00.
 */

type Caller = { accessToken: string; userId: number };

const CUSTARD = "Pumpkin custard (sankhya lapov)"; // $2.50
const COCONUT = "Fresh young coconut"; // $2.00
const NEAR_THE_SHOP = { latitude: 11.57, longitude: 104.928 };
const DAY_SECONDS = 24 * 3600;

let server: TestServer;
let fx: OrderingFixture;
let tables: TableFixture;
let vip: MembershipFixture;
let owner: Caller;
let staff: Caller;
/** 10 % off, at most $10.00, free delivery, 30 days. */
let tenPercent: VipCardAdmin;

beforeAll(async () => {
	({ server, fx, tables } = await startAtDemoTables());
	vip = new MembershipFixture(server);
	owner = await server.signIn("13800000001");
	tenPercent = await vip.cardType(owner, {
		name: { "zh-CN": "九折卡", en: "Ten off", km: "កាតបញ្ចុះ ១០" },
		price: 1000,
		validityDays: 30,
		discountPercent: 10,
		discountCap: 1000,
		freeDelivery: true,
	});
	await fx.setStock(fx.item(COCONUT).id, null);
});
afterAll(async () => {
	await server?.close();
});
beforeEach(async () => {
	fx.moveClockToLocal("12:00");
	await expireUnpaidOrders(server.deps);
	owner = await server.signIn("13800000001");
	staff = await server.signIn("13800000002");
});

/** A new member holding `card` (bought from the balance), with `spare` left to spend. */
async function memberHolding(card: VipCardAdmin | null, spare = 5000): Promise<Caller> {
	const member = await vip.memberWith(spare + (card?.price ?? 0), "1391111");
	if (card) await vip.bought(member, card.id);
	return member;
}

const price = (caller: Caller | null, body: Record<string, unknown>, lang = "en") =>
	server.call<PricedCart>("POST", "/app-api/cart/price", {
		token: caller?.accessToken,
		lang,
		body: { shopId: 1, orderType: "takein", ...body },
	});

async function saveAddressNearTheShop(caller: Caller): Promise<Address> {
	const answer = await server.call<Address>("POST", "/app-api/address/addAndEdit", {
		token: caller.accessToken,
		body: { recipient: "Vanna", phone: "13800000003", address: "Street 178", houseNumber: "12B", ...NEAR_THE_SHOP },
	});
	expect(answer.code).toBe(0);
	return answer.data;
}

const orderDetail = async (caller: Caller, id: number) =>
	(await server.call<OrderView>("GET", `/app-api/order/detail/${id}`, { token: caller.accessToken, lang: "en" })).data;

const storedCardColumns = (orderId: number) =>
	server.deps.db
		.selectFrom("customer_order")
		.select(["subtotal", "delivery_fee", "member_discount", "delivery_fee_waived", "member_card_name", "total"])
		.where("id", "=", orderId)
		.executeTakeFirstOrThrow();

describe("the cart", () => {
	it("gives a visitor and a member without a card the plain price", async () => {
		const noCard = await memberHolding(null);
		for (const caller of [null, noCard]) {
			const answer = await price(caller, {
				orderType: "takeout",
				location: NEAR_THE_SHOP,
				lines: [fx.line(CUSTARD, 2)],
			});
			expect(answer.data).toMatchObject({
				subtotal: 500,
				deliveryFee: 100,
				deliveryFeeWaived: null,
				discounts: [],
				total: 600,
			});
		}
	});

	it("shows the card's discount as its own line and waives the delivery fee, named in the reader's language", async () => {
		const member = await memberHolding(tenPercent);

		const en = await price(member, { orderType: "takeout", location: NEAR_THE_SHOP, lines: [fx.line(CUSTARD, 2)] });
		const km = await price(
			member,
			{ orderType: "takeout", location: NEAR_THE_SHOP, lines: [fx.line(CUSTARD, 2)] },
			"km",
		);

		expect(en.data).toMatchObject({
			subtotal: 500,
			deliveryFee: 0,
			deliveryFeeWaived: { by: "Ten off", amount: 100 },
			discounts: [{ kind: "memberCard", name: "Ten off", amount: 50 }],
			total: 450,
			minDeliveryPrice: 500,
			orderable: true,
		});
		expect(km.data.discounts).toEqual([{ kind: "memberCard", name: "កាតបញ្ចុះ ១០", amount: 50 }]);
	});

	it("rounds the discount down to the cent and stops at the card's cap", async () => {
		const fivePercent = await vip.cardType(owner, { discountPercent: 5, price: 500 });
		const capped = await vip.cardType(owner, { discountPercent: 12, discountCap: 50, price: 500 });
		const small = await memberHolding(fivePercent);
		const big = await memberHolding(capped);

		// 5 % of $2.50 is 12.5 cents: 12.
		expect((await price(small, { lines: [fx.line(CUSTARD)] })).data).toMatchObject({
			discounts: [{ amount: 12 }],
			total: 238,
		});
		// 12 % of $20.00 would be $2.40; the card gives at most $0.50 an order.
		expect((await price(big, { lines: [fx.line(COCONUT, 10)] })).data).toMatchObject({
			subtotal: 2000,
			discounts: [{ amount: 50 }],
			total: 1950,
		});
	});

	it("gives nothing once the card has expired", async () => {
		const member = await memberHolding(tenPercent);
		const mobile = await mobileOf(member);
		server.clock.advance(30 * DAY_SECONDS + 60);
		fx.moveClockToLocal("12:00");
		const later = await server.signIn(mobile);

		const answer = await price(later, { orderType: "takeout", location: NEAR_THE_SHOP, lines: [fx.line(CUSTARD, 2)] });

		expect(answer.data).toMatchObject({ deliveryFee: 100, deliveryFeeWaived: null, discounts: [], total: 600 });
		const order = await fx.place(later.accessToken, { lines: [fx.line(CUSTARD, 2)] });
		expect(order.data).toMatchObject({ subtotal: 500, discounts: [], total: 500 });
	});

	it("keeps the discount of a card taken off sale for those who hold one", async () => {
		const card = await vip.cardType(owner, { discountPercent: 20, price: 700 });
		const member = await memberHolding(card);
		await vip.cardType(owner, {
			id: card.id,
			version: card.version,
			name: card.name,
			price: card.price,
			validityDays: card.validityDays,
			discountPercent: 20,
			onSale: false,
		});

		expect((await price(member, { lines: [fx.line(CUSTARD, 2)] })).data).toMatchObject({
			discounts: [{ amount: 100 }],
			total: 400,
		});
	});
});

describe("checkout and the order", () => {
	it("charges the discounted total and shows the discount on the order", async () => {
		const member = await memberHolding(tenPercent, 1000);
		const home = await saveAddressNearTheShop(member);

		const placed = await fx.place(
			member.accessToken,
			{ orderType: "takeout", addressId: home.id, lines: [fx.line(CUSTARD, 2)] },
			fx.newKey(),
			"en",
		);
		expect(placed.code).toBe(0);
		expect(placed.data).toMatchObject({
			subtotal: 500,
			deliveryFee: 0,
			deliveryFeeWaived: { by: "Ten off", amount: 100 },
			discounts: [{ kind: "memberCard", name: "Ten off", amount: 50 }],
			total: 450,
		});
		const paid = await fx.pay(member.accessToken, placed.data.id);

		expect(paid.data.paymentStatus).toBe("paid");
		expect(await vip.balanceOf(member.userId)).toBe(1000 - 450);
		expect(await orderDetail(member, placed.data.id)).toMatchObject({
			deliveryFeeWaived: { by: "Ten off", amount: 100 },
			discounts: [{ kind: "memberCard", name: "Ten off", amount: 50 }],
			total: 450,
		});
		expect(await storedCardColumns(placed.data.id)).toEqual({
			subtotal: 500,
			delivery_fee: 0,
			member_discount: 50,
			delivery_fee_waived: 100,
			member_card_name: { "zh-CN": "九折卡", en: "Ten off", km: "កាតបញ្ចុះ ១០" },
			total: 450,
		});
		await expectLedgerInvariants(server.deps.db);
	});

	it("prices a staff member's order for a customer with the customer's card, not the staff member's", async () => {
		const customer = await memberHolding(tenPercent);
		// The staff member taking the order holds a card of their own.
		await vip.grant(staff.userId, tenPercent.price);
		await vip.bought(staff, tenPercent.id);
		const order = (mobile: string) =>
			server.call<OrderView>("POST", "/app-api/merchant/order/create", {
				token: staff.accessToken,
				lang: "en",
				headers: { "idempotency-key": fx.newKey() },
				body: { shopId: 1, orderType: "takein", lines: [fx.line(CUSTARD, 2)], customerMobile: mobile },
			});

		const forHolder = await order(await mobileOf(customer));
		const forOther = await order(await mobileOf(await memberHolding(null)));

		expect(forHolder.data).toMatchObject({ source: "staff", discounts: [{ amount: 50 }], total: 450 });
		expect(forOther.data).toMatchObject({ source: "staff", discounts: [], total: 500 });
	});

	it("discounts each dine-in round, and the table's bill asks the discounted total", async () => {
		const member = await memberHolding(tenPercent, 1000);
		const seating = await tables.sitAt("A3");

		const round = await fx.place(member.accessToken, {
			orderType: "desk",
			tableToken: seating,
			diners: 2,
			lines: [fx.line(COCONUT, 3)],
		});

		expect(round.data).toMatchObject({ subtotal: 600, discounts: [{ amount: 60 }], total: 540 });
		const bill = await server.call<TableBillView>(
			"GET",
			`/app-api/order/bill?tableToken=${encodeURIComponent(seating)}`,
			{ token: member.accessToken },
		);
		expect(bill.data.due).toBe(540);
		expect((await tables.payBill(member, seating, 540)).code).toBe(0);
		expect(await vip.balanceOf(member.userId)).toBe(1000 - 540);
		await expectLedgerInvariants(server.deps.db);
	});
});

async function mobileOf(member: Caller): Promise<string> {
	const row = await server.deps.db
		.selectFrom("member")
		.select("mobile")
		.where("id", "=", member.userId)
		.executeTakeFirstOrThrow();
	return row.mobile;
}
