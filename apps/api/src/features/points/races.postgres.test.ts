import { ErrorCode } from "@bayon/contract";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../../../test/harness.js";
import { expectLedgerInvariants } from "../../../test/ledger-invariants.js";
import { expectPointsLedgerInvariants, PointsFixture } from "../../../test/points.js";

/**
 * Redemptions at the same moment on PostgreSQL (PGlite has one connection, so nothing runs at
 * the same time there): the member's row lock makes one member's tabs take turns, the item's
 * row lock and the conditional stock update make everyone's redemptions of one item take
 * turns, and the partial unique index is the last word on one redemption per member per item.
 */
describe("redeeming at the same moment", () => {
	type Caller = { accessToken: string; userId: number };
	let server: TestServer;
	let pf: PointsFixture;
	let owner: Caller;
	let staff: Caller;
	let members = 0;

	beforeAll(async () => {
		server = await startTestServer();
		pf = await new PointsFixture(server).load();
		pf.fx.moveClockToLocal("12:00");
		owner = await server.signIn("13800000001");
		staff = await server.signIn("13800000002");
		expect((await pf.setRule(owner, 100)).code).toBe(0);
	}, 120_000);
	// After every race: money moved, never made, and none a shop may withdraw that nobody paid (decision 027).
	afterEach(async () => {
		await expectLedgerInvariants(server.deps.db);
	});
	afterAll(async () => {
		await server?.close();
	});

	/** A new member with `coconuts × 200` points, earned with a completed order. */
	async function memberWithPoints(coconuts: number): Promise<Caller> {
		const member = await server.signIn(`1393300${String(++members).padStart(4, "0")}`);
		await pf.earnWithOrder(member, staff, coconuts);
		return member;
	}

	const ROUNDS = 8;

	it("gives the last one to exactly one, when a member taps in two tabs and another member taps too", async () => {
		const twoTabs = await memberWithPoints(ROUNDS);
		const other = await memberWithPoints(ROUNDS);
		for (let round = 0; round < ROUNDS; round++) {
			const item = await pf.item(owner, { pointsPrice: 200, stock: 1 });

			const [tabA, tabB, theirs] = await Promise.all([
				pf.redeemPickup(twoTabs, item.id),
				pf.redeemPickup(twoTabs, item.id),
				pf.redeemPickup(other, item.id),
			]);

			const answers = [tabA, tabB, theirs];
			expect(
				answers.filter((answer) => answer.code === 0),
				`round ${round}`,
			).toHaveLength(1);
			for (const answer of answers.filter((a) => a.code !== 0))
				expect([ErrorCode.PointsItemSoldOut, ErrorCode.PointsItemAlreadyRedeemed]).toContain(answer.code);
			expect(await pf.itemRow(item.id)).toMatchObject({ stock: 0, redeemed_count: 1 });
		}
		const spent = (memberId: number) => pf.pointsOf(memberId).then((points) => ROUNDS * 200 - points);
		// Every round's one unit went to one of them, and each paid for exactly what they got.
		const redemptions = await server.deps.db
			.selectFrom("points_redemption")
			.select(["member_id"])
			.where("member_id", "in", [twoTabs.userId, other.userId])
			.execute();
		expect(redemptions).toHaveLength(ROUNDS);
		const countOf = (memberId: number) => redemptions.filter((row) => row.member_id === memberId).length;
		expect(await spent(twoTabs.userId)).toBe(countOf(twoTabs.userId) * 200);
		expect(await spent(other.userId)).toBe(countOf(other.userId) * 200);
		await expectPointsLedgerInvariants(server);
	});

	it("gives one to each member when two are left, however many tabs the first one taps in", async () => {
		const twoTabs = await memberWithPoints(ROUNDS);
		const other = await memberWithPoints(ROUNDS);
		for (let round = 0; round < ROUNDS; round++) {
			const item = await pf.item(owner, { pointsPrice: 200, stock: 2 });

			const answers = await Promise.all([
				pf.redeemPickup(twoTabs, item.id),
				pf.redeemPickup(twoTabs, item.id),
				pf.redeemPickup(twoTabs, item.id),
				pf.redeemPickup(other, item.id),
			]);

			expect(
				answers.filter((answer) => answer.code === 0),
				`round ${round}`,
			).toHaveLength(2);
			expect(answers.filter((answer) => answer.code === ErrorCode.PointsItemAlreadyRedeemed)).toHaveLength(2);
			expect(await pf.itemRow(item.id)).toMatchObject({ stock: 0, redeemed_count: 2 });
		}
		expect(await pf.pointsOf(twoTabs.userId)).toBe(0);
		expect(await pf.pointsOf(other.userId)).toBe(0);
		await expectPointsLedgerInvariants(server);
	});

	it("sells exactly the stock to a crowd, never below zero", async () => {
		const crowd = await Promise.all(Array.from({ length: 12 }, () => memberWithPoints(1)));
		const item = await pf.item(owner, { pointsPrice: 200, stock: 5 });

		const answers = await Promise.all(crowd.map((member) => pf.redeemPickup(member, item.id)));

		expect(answers.filter((answer) => answer.code === 0)).toHaveLength(5);
		expect(answers.filter((answer) => answer.code === ErrorCode.PointsItemSoldOut)).toHaveLength(7);
		expect(await pf.itemRow(item.id)).toMatchObject({ stock: 0, redeemed_count: 5 });
		await expectPointsLedgerInvariants(server);
	});

	it("redeems once when the same key arrives many times at once", async () => {
		const member = await memberWithPoints(1);
		const item = await pf.item(owner, { pointsPrice: 200, stock: 5 });
		const key = pf.newKey();

		const answers = await Promise.all(Array.from({ length: 8 }, () => pf.redeemPickup(member, item.id, { key })));

		expect(answers.every((answer) => answer.code === 0)).toBe(true);
		expect(new Set(answers.map((answer) => answer.data.id)).size).toBe(1);
		expect(await pf.itemRow(item.id)).toMatchObject({ stock: 4, redeemed_count: 1 });
		expect(await pf.pointsOf(member.userId)).toBe(0);
		await expectPointsLedgerInvariants(server);
	});

	it("gives points and stock back once when the member and the staff cancel at once, or the staff hands it over meanwhile", async () => {
		const item = await pf.item(owner, { pointsPrice: 200, stock: 10 });
		for (let round = 0; round < 4; round++) {
			const member = await memberWithPoints(1);
			const redeemed = await pf.redeemPickup(member, item.id);
			expect(redeemed.code).toBe(0);

			const answers = await Promise.all([
				pf.memberCall(member, "cancel", redeemed.data.id),
				pf.memberCall(member, "cancel", redeemed.data.id),
				pf.staffCall(staff, "cancel", { id: redeemed.data.id, reason: "Closed" }),
				pf.staffCall(staff, "hand-over", { code: redeemed.data.pickupCode }),
			]);

			const final = (await pf.myRedemption(member, redeemed.data.id)).data.status;
			expect(["cancelled", "received"]).toContain(final);
			expect(await pf.pointsOf(member.userId)).toBe(final === "cancelled" ? 200 : 0);
			for (const answer of answers)
				expect([0, ErrorCode.RedemptionStateChanged, ErrorCode.RedemptionCodeUnknown], `round ${round}`).toContain(
					answer.code,
				);
		}
		await expectPointsLedgerInvariants(server);
		const row = await pf.itemRow(item.id);
		const live = await server.deps.db
			.selectFrom("points_redemption")
			.select((eb) => eb.fn.countAll<string>().as("n"))
			.where("item_id", "=", item.id)
			.where("status", "<>", "cancelled")
			.executeTakeFirstOrThrow();
		expect(row.stock + Number(live.n)).toBe(10);
	});

	it("hands a reward over once when two counters scan its code at the same moment", async () => {
		const item = await pf.item(owner, { pointsPrice: 200, stock: 10 });
		for (let round = 0; round < 3; round++) {
			const member = await memberWithPoints(1);
			const code = (await pf.redeemPickup(member, item.id)).data.pickupCode;

			const answers = await Promise.all([
				pf.staffCall(staff, "hand-over", { code }),
				pf.staffCall(staff, "hand-over", { code }),
				pf.staffCall(staff, "hand-over", { code }),
			]);

			expect(
				answers.filter((answer) => answer.code === 0),
				`round ${round}`,
			).toHaveLength(1);
			expect(answers.filter((answer) => answer.code === ErrorCode.RedemptionAlreadyHandedOver)).toHaveLength(2);
		}
	});
});
