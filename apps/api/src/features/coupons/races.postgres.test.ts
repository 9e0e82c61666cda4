import { type ApiEnvelope, ErrorCode, type OrderView } from "@bayon/contract";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { CouponFixture } from "../../../test/coupons.js";
import type { TestServer } from "../../../test/harness.js";
import { expectLedgerInvariants } from "../../../test/ledger-invariants.js";
import type { OrderingFixture } from "../../../test/ordering.js";
import { startAtDemoTables } from "../../../test/tables.js";

/**
 * Coupons at the same moment on PostgreSQL (PGlite has one connection, so nothing runs at the
 * same time there): claims of a template take turns on its row lock, so never more are given
 * than are left; orders using one coupon take turns on the coupon's row lock, so one gets it
 * and the other is refused with nothing written (decision 022).
 */

type Caller = { accessToken: string; userId: number };

const MEMBERS = 200;
const LEFT = 50;
const CUSTARD = "Pumpkin custard (sankhya lapov)"; // $2.50
const COCONUT = "Fresh young coconut"; // $2.00
const ROUNDS = 5;

describe("coupons at the same moment", () => {
	let server: TestServer;
	let fx: OrderingFixture;
	let coupons: CouponFixture;
	let owner: Caller;

	beforeAll(async () => {
		({ server, fx } = await startAtDemoTables());
		coupons = new CouponFixture(server);
	}, 120_000);
	// After every race: money moved, never made, and none a shop may withdraw that nobody paid (decision 027).
	afterEach(async () => {
		await expectLedgerInvariants(server.deps.db);
	});
	afterAll(async () => {
		await server?.close();
	});
	beforeEach(async () => {
		fx.moveClockToLocal("12:00");
		owner = await server.signIn("13800000001");
	});

	/** Signs members in, a few at a time (two HTTP calls each). */
	async function signInMany(count: number, prefix: string): Promise<Caller[]> {
		const members: Caller[] = [];
		for (let i = 0; i < count; i += 20) {
			const batch = Array.from({ length: Math.min(20, count - i) }, (_, j) =>
				server.signIn(`${prefix}${String(10_000 + i + j)}`),
			);
			members.push(...(await Promise.all(batch)));
		}
		return members;
	}

	it(`gives exactly ${LEFT} coupons to ${MEMBERS} members claiming the last ${LEFT} at once`, async () => {
		const template = await coupons.template(owner, { totalQuantity: LEFT });
		const members = await signInMany(MEMBERS, "139300");

		const answers = await Promise.all(members.map((member) => coupons.claim(member, { templateId: template.id })));

		expect(answers.filter((answer) => answer.code === 0)).toHaveLength(LEFT);
		expect(answers.filter((answer) => answer.code === ErrorCode.CouponAllGone)).toHaveLength(MEMBERS - LEFT);
		expect((await coupons.templateRow(template.id)).claimed_count).toBe(LEFT);
		const held = await server.deps.db
			.selectFrom("member_coupon")
			.select(["member_id"])
			.where("template_id", "=", template.id)
			.execute();
		expect(held).toHaveLength(LEFT);
		// One each: no member got two.
		expect(new Set(held.map((row) => row.member_id)).size).toBe(LEFT);
	}, 120_000);

	it("gives one member at their limit of one a single coupon when they tap many times at once", async () => {
		const template = await coupons.template(owner, { totalQuantity: 100 });
		const [member] = await signInMany(1, "139301");
		if (!member) throw new Error("no member");

		const answers = await Promise.all(
			Array.from({ length: 10 }, () => coupons.claim(member, { templateId: template.id })),
		);

		expect(answers.filter((answer) => answer.code === 0)).toHaveLength(1);
		expect(answers.filter((answer) => answer.code === ErrorCode.CouponLimitReached)).toHaveLength(9);
		expect((await coupons.templateRow(template.id)).claimed_count).toBe(1);
	});

	it("claims once for a double tap with one key, every answer the same coupon", async () => {
		const template = await coupons.template(owner, { totalQuantity: 100, perMemberLimit: 5 });
		const [member] = await signInMany(1, "139304");
		if (!member) throw new Error("no member");
		const key = coupons.newKey();

		const answers = await Promise.all(
			Array.from({ length: 10 }, () => coupons.claim(member, { templateId: template.id }, { key })),
		);

		expect(answers.map((answer) => answer.code)).toEqual(Array(10).fill(0));
		expect(new Set(answers.map((answer) => answer.data.id)).size).toBe(1);
		expect((await coupons.templateRow(template.id)).claimed_count).toBe(1);
	});

	it("lets one of two orders placed at once use a coupon, and writes nothing of the other", async () => {
		const template = await coupons.template(owner, { perMemberLimit: ROUNDS });
		const [member] = await signInMany(1, "139302");
		if (!member) throw new Error("no member");
		// Two carts of different items, so that nothing but the coupon is shared between them (an
		// item's row would make the orders take turns by itself).
		const custard = fx.item(CUSTARD).id;
		const coconut = fx.item(COCONUT).id;
		await fx.setStock(custard, 1000);
		await fx.setStock(coconut, 1000);
		const carts = [
			{ itemId: custard, lines: [fx.line(CUSTARD, 6)], quantity: 6 },
			{ itemId: coconut, lines: [fx.line(COCONUT, 8)], quantity: 8 },
		];

		for (let round = 0; round < ROUNDS; round++) {
			const coupon = await coupons.claimed(member, template.id);
			const ordersBefore = await countOrders(member.userId);
			const stockBefore = await Promise.all(carts.map((cart) => fx.stockOf(cart.itemId)));

			const answers: Array<ApiEnvelope<OrderView>> = await Promise.all(
				carts.map((cart) => fx.place(member.accessToken, { lines: cart.lines, couponId: coupon.id }, fx.newKey())),
			);

			const winner = answers.findIndex((answer) => answer.code === 0);
			expect(
				answers.filter((answer) => answer.code === 0),
				`round ${round}`,
			).toHaveLength(1);
			expect(answers.filter((answer) => answer.code === ErrorCode.CouponNotUsable)).toHaveLength(1);
			expect(await countOrders(member.userId)).toBe(ordersBefore + 1);
			// The placed order took its items; the refused one's stock is untouched.
			const stockAfter = await Promise.all(carts.map((cart) => fx.stockOf(cart.itemId)));
			carts.forEach((cart, i) => {
				expect(stockAfter[i]).toBe((stockBefore[i] ?? 0) - (i === winner ? cart.quantity : 0));
			});
			expect(await coupons.couponRow(coupon.id)).toMatchObject({
				status: "used",
				order_id: answers[winner]?.data.id,
			});
		}
	});

	it("answers the same order to a double tap with one key, the coupon used once", async () => {
		const template = await coupons.template(owner, { perMemberLimit: 1 });
		const [member] = await signInMany(1, "139303");
		if (!member) throw new Error("no member");
		const coupon = await coupons.claimed(member, template.id);
		const key = fx.newKey();
		const body = { lines: [fx.line(CUSTARD, 6)], couponId: coupon.id };

		const answers = await Promise.all(Array.from({ length: 5 }, () => fx.place(member.accessToken, body, key)));

		expect(answers.map((answer) => answer.code)).toEqual([0, 0, 0, 0, 0]);
		expect(new Set(answers.map((answer) => answer.data.id)).size).toBe(1);
		expect(await countOrders(member.userId)).toBe(1);
	});

	async function countOrders(memberId: number): Promise<number> {
		const row = await server.deps.db
			.selectFrom("customer_order")
			.select((eb) => eb.fn.countAll<string>().as("n"))
			.where("member_id", "=", memberId)
			.executeTakeFirstOrThrow();
		return Number(row.n);
	}
});
