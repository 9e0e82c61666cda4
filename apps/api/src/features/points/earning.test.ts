import { ErrorCode, formatMessage, type RechargeMenu, SUPPORTED_LANGUAGES, type TableBillView } from "@bayon/contract";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { decideAtSandbox, until } from "../../../test/gateway.js";
import { startTestServer, type TestServer } from "../../../test/harness.js";
import { MembershipFixture } from "../../../test/membership.js";
import { COCONUT, expectPointsLedgerInvariants, PointsFixture } from "../../../test/points.js";
import { rechargeMenu, startSandboxRecharge, storedRecharge } from "../../../test/recharge.js";
import { TableFixture } from "../../../test/tables.js";

/**
 * Earning points (issue 13, decision 022): an order earns once it is both completed and paid,
 * at the owner's rate times the VIP card's multiplier, rounded down; a refund takes the points
 * back once, even below zero; recharges and card purchases earn nothing. Every change is a
 * ledger row whose balance_after adds up.
 */

type Caller = { accessToken: string; userId: number };

let server: TestServer;
let pf: PointsFixture;
let vip: MembershipFixture;
let tables: TableFixture;
let owner: Caller;
let staff: Caller;
let members = 0;

beforeAll(async () => {
	server = await startTestServer();
	pf = await new PointsFixture(server).load();
	vip = new MembershipFixture(server);
	// The demo shop is open at noon; the clock stays there (sessions live 15 minutes of it).
	pf.fx.moveClockToLocal("12:00");
	owner = await server.signIn("13800000001");
	staff = await server.signIn("13800000002");
	tables = await new TableFixture(server).load(staff);
});
afterAll(async () => {
	await server?.close();
});
afterEach(async () => {
	await expectPointsLedgerInvariants(server);
});

const newMember = (): Promise<Caller> => server.signIn(`1393100${String(++members).padStart(4, "0")}`);

async function rule(pointsPerUnit: number) {
	const saved = await pf.setRule(owner, pointsPerUnit);
	expect(saved).toMatchObject({ code: 0, data: { pointsPerUnit } });
}

const customerCall = (who: Caller, path: string, body: Record<string, unknown>) =>
	server.call("POST", `/app-api${path}`, { token: who.accessToken, body });

describe("points for an order", () => {
	it("earns once when the shop completes a paid order, at the owner's rate", async () => {
		await rule(3);
		const member = await newMember();
		const order = await pf.paidCoconuts(member, 2);
		await pf.step(staff, order.id, "accept");
		await pf.step(staff, order.id, "ready");
		// Paid but not yet completed: nothing yet.
		expect(await pf.pointsOf(member.userId)).toBe(0);

		expect((await pf.step(staff, order.id, "complete")).code).toBe(0);
		const again = await pf.step(staff, order.id, "complete");

		expect(again.code).toBe(ErrorCode.OrderStateChanged);
		// $4.00 at 3 points a dollar.
		expect(await pf.pointsOf(member.userId)).toBe(12);
		expect(await pf.entriesOf(member.userId)).toEqual([
			{ kind: "order_earned", amount: 12, balance_after: 12, order_id: order.id, redemption_id: null },
		]);
		expect((await pf.summary(member)).data).toEqual({ balance: 12, pointsPerUnit: 3, multiplierPercent: 100 });
	});

	it("earns when the customer confirms receipt of a ready order", async () => {
		await rule(5);
		const member = await newMember();
		const order = await pf.paidCoconuts(member, 1);
		await pf.step(staff, order.id, "accept");
		await pf.step(staff, order.id, "ready");

		expect((await customerCall(member, "/order/take", { orderId: order.id })).code).toBe(0);
		// A second tap (answered as done) earns nothing more.
		await customerCall(member, "/order/take", { orderId: order.id });

		expect(await pf.pointsOf(member.userId)).toBe(10);
		expect((await pf.entriesOf(member.userId)).map((entry) => entry.kind)).toEqual(["order_earned"]);
	});

	it("multiplies by the active VIP card's points percent and rounds down", async () => {
		await rule(1);
		const card = await vip.cardType(owner, { discountPercent: 0, pointsPercent: 175, price: 500 });
		const plain = await newMember();
		const holder = await newMember();
		await vip.grant(holder.userId, 500);
		await vip.bought(holder, card.id);

		await pf.earnWithOrder(plain, staff, 1);
		await pf.earnWithOrder(holder, staff, 1);

		// $2.00 at 1 point a dollar: 2 points, and 2 × 1.75 = 3.5, rounded down to 3.
		expect(await pf.pointsOf(plain.userId)).toBe(2);
		expect(await pf.pointsOf(holder.userId)).toBe(3);
		expect((await pf.summary(holder)).data).toEqual({ balance: 3, pointsPerUnit: 1, multiplierPercent: 175 });
		// Buying the card was no order: it earned nothing.
		expect(await pf.entriesOf(holder.userId)).toHaveLength(1);
	});

	it("earns nothing while the owner has points switched off", async () => {
		await rule(0);
		const member = await newMember();
		await pf.earnWithOrder(member, staff, 3);
		expect(await pf.pointsOf(member.userId)).toBe(0);
		expect(await pf.entriesOf(member.userId)).toEqual([]);
		expect((await pf.summary(member)).data).toEqual({ balance: 0, pointsPerUnit: 0, multiplierPercent: 100 });
	});

	it("earns nothing for a table round completed before its bill is paid, and earns when the bill is paid", async () => {
		await rule(10);
		const member = await newMember();
		await pf.fx.grant(member.userId, 10_000);
		const seating = await tables.sitAt("A1");
		const placed = await pf.fx.place(member.accessToken, {
			orderType: "desk",
			tableToken: seating,
			diners: 2,
			lines: [pf.fx.line(COCONUT, 2)],
		});
		expect(placed.code, placed.msg).toBe(0);
		await pf.complete(staff, placed.data.id);
		const completedUnpaid = await server.deps.db
			.selectFrom("customer_order")
			.select(["status", "payment_status"])
			.where("id", "=", placed.data.id)
			.executeTakeFirstOrThrow();
		expect(completedUnpaid).toEqual({ status: "completed", payment_status: "unpaid" });
		expect(await pf.pointsOf(member.userId)).toBe(0);

		const bill = (await tables.billOf(member, seating)).data as TableBillView;
		const paid = await tables.payBill(member, seating, bill.due);

		expect(paid.code, paid.msg).toBe(0);
		// $4.00 at 10 points a dollar, once.
		expect(await pf.pointsOf(member.userId)).toBe(40);
		expect(await pf.entriesOf(member.userId)).toEqual([
			{ kind: "order_earned", amount: 40, balance_after: 40, order_id: placed.data.id, redemption_id: null },
		]);
	});

	it("earns nothing for an order never paid", async () => {
		await rule(10);
		const member = await newMember();
		const placed = await pf.fx.place(member.accessToken, { lines: [pf.fx.line(COCONUT)] });
		expect(placed.code).toBe(0);
		// Staff cannot move an unpaid pickup order along, so it can never complete unpaid.
		expect((await pf.step(staff, placed.data.id, "accept")).code).toBe(ErrorCode.OrderStateChanged);
		expect((await customerCall(member, "/order/cancel", { orderId: placed.data.id })).code).toBe(0);
		expect(await pf.entriesOf(member.userId)).toEqual([]);
	});
});

describe("points taken back with a refund", () => {
	const refund = async (member: Caller, orderId: number) => {
		expect((await customerCall(member, "/order/refund", { orderId, reason: "Cold" })).code).toBe(0);
		return server.call("POST", "/app-api/merchant/order/refund-decision", {
			token: owner.accessToken,
			body: { orderId, approve: true },
		});
	};

	it("takes back what a completed order earned, once, when its refund is approved", async () => {
		await rule(10);
		const member = await newMember();
		const order = await pf.earnWithOrder(member, staff, 2);
		expect(await pf.pointsOf(member.userId)).toBe(40);

		expect((await refund(member, order.id)).code).toBe(0);
		const again = await server.call("POST", "/app-api/merchant/order/refund-decision", {
			token: owner.accessToken,
			body: { orderId: order.id, approve: true },
		});

		expect(again.code).toBe(ErrorCode.OrderStateChanged);
		expect(await pf.pointsOf(member.userId)).toBe(0);
		expect(await pf.entriesOf(member.userId)).toEqual([
			{ kind: "order_earned", amount: 40, balance_after: 40, order_id: order.id, redemption_id: null },
			{ kind: "order_reversed", amount: -40, balance_after: 0, order_id: order.id, redemption_id: null },
		]);
	});

	it("goes below zero when the points were already spent, and the mall refuses until they are earned again", async () => {
		await rule(100);
		const member = await newMember();
		const order = await pf.earnWithOrder(member, staff, 2);
		const item = await pf.item(owner, { pointsPrice: 400, stock: 5 });
		expect((await pf.redeemPickup(member, item.id)).code).toBe(0);
		expect(await pf.pointsOf(member.userId)).toBe(0);

		expect((await refund(member, order.id)).code).toBe(0);

		expect(await pf.pointsOf(member.userId)).toBe(-400);
		expect((await pf.summary(member)).data.balance).toBe(-400);
		const other = await pf.item(owner, { pointsPrice: 200, stock: 5 });
		const refused = await pf.redeemPickup(member, other.id, { lang: "en" });
		expect(refused).toMatchObject({
			code: ErrorCode.PointsInsufficient,
			msg: formatMessage("pointsInsufficient", "en", { need: 200, have: -400 }),
		});
		expect((await pf.itemRow(other.id)).stock).toBe(5);
	});

	it("takes nothing back from an order that earned nothing", async () => {
		await rule(0);
		const member = await newMember();
		const order = await pf.earnWithOrder(member, staff, 1);
		expect((await refund(member, order.id)).code).toBe(0);
		expect(await pf.entriesOf(member.userId)).toEqual([]);
	});
});

describe("no points without an order", () => {
	it("earns nothing on a stored-value recharge", async () => {
		await rule(100);
		const member = await newMember();
		const menu: RechargeMenu = (await rechargeMenu(server, { lang: "en" })).data;
		const fifty = menu.packages.find((pkg) => pkg.payAmount === 5000) as RechargeMenu["packages"][number];
		const { view, paymentId } = await startSandboxRecharge(server, member.accessToken, fifty.id);

		await decideAtSandbox(server, `/sandbox-pay/checkout/${paymentId}`, "approve");
		await until(async () => (await storedRecharge(server, view.id)).status === "paid");

		expect(await vip.balanceOf(member.userId)).toBe(5500);
		expect(await pf.pointsOf(member.userId)).toBe(0);
		expect(await pf.entriesOf(member.userId)).toEqual([]);
	});
});

describe("the points bill", () => {
	it("lists every change newest first, with its order or item, and balances that add up", async () => {
		await rule(100);
		const member = await newMember();
		const first = await pf.earnWithOrder(member, staff, 2); // +400
		const second = await pf.earnWithOrder(member, staff, 1); // +200
		const item = await pf.item(owner, {
			pointsPrice: 300,
			name: { "zh-CN": "帆布袋", en: "Tote bag", km: "កាបូបក្រណាត់" },
		});
		const redeemed = await pf.redeemPickup(member, item.id);
		expect(redeemed.code).toBe(0);
		expect((await pf.memberCall(member, "cancel", redeemed.data.id)).code).toBe(0);

		const bill = await pf.bill(member);

		expect(bill.code).toBe(0);
		expect(bill.data.nextCursor).toBeNull();
		expect(
			bill.data.entries.map(({ kind, amount, balanceAfter, orderNo, itemName }) => ({
				kind,
				amount,
				balanceAfter,
				orderNo,
				itemName,
			})),
		).toEqual([
			{ kind: "redemptionReturned", amount: 300, balanceAfter: 600, orderNo: null, itemName: "Tote bag" },
			{ kind: "redeemed", amount: -300, balanceAfter: 300, orderNo: null, itemName: "Tote bag" },
			{ kind: "orderEarned", amount: 200, balanceAfter: 600, orderNo: second.orderNo, itemName: null },
			{ kind: "orderEarned", amount: 400, balanceAfter: 400, orderNo: first.orderNo, itemName: null },
		]);
		expect(bill.data.entries[0]).toMatchObject({ redemptionId: redeemed.data.id, orderId: null });
		const sum = bill.data.entries.reduce((total, entry) => total + entry.amount, 0);
		expect(sum).toBe(await pf.pointsOf(member.userId));
		expect((await pf.bill(member, "", "km")).data.entries[0]?.itemName).toBe("កាបូបក្រណាត់");
	});

	it("pages by cursor without skipping or repeating a line", async () => {
		await rule(100);
		const member = await newMember();
		for (let i = 0; i < 5; i++) await pf.earnWithOrder(member, staff, 1);

		const pages: number[][] = [];
		let cursor: string | null = null;
		do {
			const page = await pf.bill(member, `pageSize=2${cursor ? `&cursor=${cursor}` : ""}`);
			expect(page.code).toBe(0);
			pages.push(page.data.entries.map((entry) => entry.balanceAfter));
			cursor = page.data.nextCursor;
		} while (cursor);

		expect(pages).toEqual([[1000, 800], [600, 400], [200]]);
		// Nobody else's lines: a new member's bill is empty.
		expect((await pf.bill(await newMember())).data).toEqual({ entries: [], nextCursor: null });
	});

	it("refuses a malformed cursor or page size in each language", async () => {
		const member = await newMember();
		for (const lang of SUPPORTED_LANGUAGES) {
			const badCursor = await pf.bill(member, "cursor=abc", lang);
			expect(badCursor.code, lang).toBe(ErrorCode.BadRequest);
			expect(badCursor.msg, lang).toBe(formatMessage("fieldInvalid", lang, { field: "cursor" }));
			const badSize = await pf.bill(member, "pageSize=0", lang);
			expect(badSize.msg, lang).toBe(formatMessage("fieldInvalid", lang, { field: "pageSize" }));
		}
		expect((await server.call("GET", "/app-api/points/summary")).code).toBe(ErrorCode.Unauthorized);
	});
});
