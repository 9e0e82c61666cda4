import { ErrorCode, formatMessage, type PointsItemAdmin, type PointsMallAdmin } from "@bayon/contract";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../../../test/harness.js";
import { expectPointsLedgerInvariants, PointsFixture } from "../../../test/points.js";

/**
 * Issue 27: an owner's save of a mall item never loses a redemption made between opening the
 * item and saving it: the save adds the difference typed − read to the stock as it is now
 * (decision 022). Both databases: on PGlite the parallel requests take turns, on PostgreSQL
 * they really race.
 */

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
afterAll(async () => {
	await server?.close();
});
afterEach(async () => {
	await expectPointsLedgerInvariants(server);
});

/** A new member with 200 points, earned with a completed order. */
async function memberWithPoints(): Promise<Caller> {
	const member = await server.signIn(`1393400${String(++members).padStart(4, "0")}`);
	await pf.earnWithOrder(member, staff, 1);
	return member;
}

/** The owner's save of `read` (as the editor read it) with the stock typed. */
function saveTyped(read: PointsItemAdmin, stock: number, lang?: string) {
	return pf.saveItem(
		owner,
		{
			id: read.id,
			version: read.version,
			name: read.name,
			pointsPrice: read.pointsPrice,
			fulfilments: read.fulfilments,
			stockRead: read.stock,
			stock,
		},
		lang,
	);
}

const stockIn = (mall: PointsMallAdmin, id: number) => mall.items.find((item) => item.id === id)?.stock;

describe("an owner's save of a mall item keeps what members redeemed meanwhile", () => {
	it("adds the difference typed − read to the stock as it is now", async () => {
		const read = await pf.item(owner, { pointsPrice: 200, stock: 10 });
		// Two members redeem while the owner types 12 (two more came in).
		for (const member of [await memberWithPoints(), await memberWithPoints()])
			expect((await pf.redeemPickup(member, read.id)).code).toBe(0);
		const saved = await saveTyped(read, 12);
		expect(saved.code).toBe(0);
		expect(stockIn(saved.data, read.id)).toBe(10);
		expect(await pf.itemRow(read.id)).toMatchObject({ stock: 10, redeemed_count: 2, version: read.version + 1 });
	});

	it.each(["zh-CN", "en", "km"])("refuses, in %s, to take off more than is left now", async (lang) => {
		const read = await pf.item(owner, { pointsPrice: 200, stock: 2 });
		expect((await pf.redeemPickup(await memberWithPoints(), read.id)).code).toBe(0);
		// The owner saw 2 and types 0: only 1 is left to take off.
		const refused = await saveTyped(read, 0, lang);
		expect(refused).toEqual({
			code: ErrorCode.StockBelowWhatIsLeft,
			msg: formatMessage("stockBelowWhatIsLeft", lang, { left: 1 }),
			data: { stock: 1 },
		});
		expect(await pf.itemRow(read.id)).toMatchObject({ stock: 1, version: read.version });
		// Typing 1 (take off one) leaves none.
		expect(stockIn((await saveTyped(read, 1)).data, read.id)).toBe(0);
	});

	it("keeps the stock when only the shelf switch is saved (it sends the stock it read)", async () => {
		const read = await pf.item(owner, { pointsPrice: 200, stock: 5 });
		expect((await pf.redeemPickup(await memberWithPoints(), read.id)).code).toBe(0);
		const off = await pf.saveItem(owner, {
			id: read.id,
			version: read.version,
			name: read.name,
			pointsPrice: read.pointsPrice,
			fulfilments: read.fulfilments,
			stockRead: read.stock,
			stock: read.stock,
			onShelf: false,
		});
		expect(off.code).toBe(0);
		expect(await pf.itemRow(read.id)).toMatchObject({ stock: 4, on_shelf: false });
	});

	it("loses no redemption made in parallel with the save", async () => {
		for (let round = 0; round < 2; round++) {
			const read = await pf.item(owner, { pointsPrice: 200, stock: 20 });
			const redeemers = [];
			for (let i = 0; i < 6; i++) redeemers.push(await memberWithPoints());
			// The save leaves once the first redemption went through, while the others still arrive.
			let firstDone: () => void = () => {};
			const oneDone = new Promise<void>((resolve) => {
				firstDone = resolve;
			});
			const redemptions = redeemers.map(async (member, index) => {
				await new Promise((resolve) => setTimeout(resolve, index * 5));
				const answer = await pf.redeemPickup(member, read.id);
				firstDone();
				return answer;
			});
			const save = oneDone.then(() => saveTyped(read, 25));
			const [saved, ...answers] = await Promise.all([save, ...redemptions]);
			expect(saved.code, `round ${round}`).toBe(0);
			expect(answers.map((answer) => answer.code)).toEqual(Array(6).fill(0));
			// 20 + 5 added − 6 redeemed, whatever came first.
			expect(await pf.itemRow(read.id), `round ${round}`).toMatchObject({ stock: 19, redeemed_count: 6 });
		}
	});
});
