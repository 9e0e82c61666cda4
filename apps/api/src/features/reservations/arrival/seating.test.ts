import type { TableBillView } from "@bayon/contract";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { BookingMoneyFixture } from "../../../../test/booking-money.js";
import { decideAtSandbox, paymentIdOf } from "../../../../test/gateway.js";
import type { TestServer } from "../../../../test/harness.js";
import { closeLiveSockets, connectLive, type LiveSocket, ticketFor, until } from "../../../../test/live-socket.js";
import type { OrderingFixture } from "../../../../test/ordering.js";
import { startAtDemoTables, type TableFixture } from "../../../../test/tables.js";
import { deliverGatewayRefunds, settleGatewayRefundDeliveries } from "../../payments/refunds/refunds.js";

/**
 * A booking on its table's seating (decision 030): ordering settles the bill and knows no
 * booking; what the booking does then reaches it through the seating hooks that reservations
 * registers. These stories hold the whole way: the bill settled, the booking completed, its
 * unused deposit back, and the guest's pages told after commit.
 */
let server: TestServer;
let fx: OrderingFixture;
let bx: BookingMoneyFixture;
let tables: TableFixture;
let guest: { accessToken: string; userId: number };
let staff: { accessToken: string; userId: number };
const COCONUT = "Fresh young coconut";
const DEPOSIT = 1000;

beforeAll(async () => {
	({ server, fx, staff, tables } = await startAtDemoTables());
	await fx.setStock(fx.item(COCONUT).id, null);
	bx = new BookingMoneyFixture(server, fx);
});
afterAll(async () => {
	closeLiveSockets();
	await server?.close();
});
beforeEach(async () => {
	fx.moveClockToLocal("12:00");
	guest = await server.signIn("13800000003");
	staff = await server.signIn("13800000002");
});

/** A guest's booking of `table` with its deposit paid from the wallet, seated by the staff. */
async function seatedBooking(table: string) {
	await fx.grant(guest.userId, DEPOSIT);
	const booking = await bx.book({ memberId: guest.userId, deposit: DEPOSIT, startsInMinutes: 30, table });
	expect((await bx.pay(guest.accessToken, booking.id)).code).toBe(0);
	const arrived = await bx.arrive(staff.accessToken, booking.code);
	expect(arrived.code).toBe(0);
	return { reservationId: booking.id, billId: arrived.data.billId };
}

const completedNews = (live: LiveSocket, reservationId: number) =>
	live.messages.filter(
		(m) =>
			m.type === "reservation.changed" &&
			m.data.reservationId === reservationId &&
			m.data.reason === "completed" &&
			m.data.status === "completed",
	);

describe("a seated booking's bill", () => {
	it("paid at the table: the booking completes and the guest's pages hear it", async () => {
		const { reservationId, billId } = await seatedBooking("A1");
		const seating = await tables.sitAt("A1");
		await fx.grant(guest.userId, 1200);
		const round = await fx.place(guest.accessToken, {
			orderType: "desk",
			tableToken: seating,
			diners: 2,
			lines: [fx.line(COCONUT, 6)],
		});
		expect(round.code).toBe(0);
		expect(round.data.billId).toBe(billId);
		const live = await connectLive(server, `ticket=${await ticketFor(server, guest.accessToken)}`);
		const walletBefore = await bx.wallet(guest.userId);

		const paid = await tables.payBill(guest, seating, 1200 - DEPOSIT);

		expect(paid.code).toBe(0);
		expect((await bx.stored(reservationId)).reservation.status).toBe("completed");
		expect(await bx.wallet(guest.userId)).toBe(walletBefore - (1200 - DEPOSIT));
		await until(() => completedNews(live, reservationId).length > 0, 3000, "the booking's completed news");
		await bx.expectBooksBalanced();
	});

	it("cleared by the staff with nothing ordered: the whole deposit goes back, once, and the guest hears it", async () => {
		const { reservationId, billId } = await seatedBooking("A2");
		const live = await connectLive(server, `ticket=${await ticketFor(server, guest.accessToken)}`);
		const walletBefore = await bx.wallet(guest.userId);

		const cleared = await server.call<TableBillView>("POST", "/app-api/merchant/bill/clear", {
			token: staff.accessToken,
			body: { billId, expectedTotal: 0 },
		});

		expect(cleared.code).toBe(0);
		const stored = await bx.stored(reservationId);
		expect(stored.reservation.status).toBe("completed");
		expect(await bx.wallet(guest.userId)).toBe(walletBefore + DEPOSIT);
		await until(() => completedNews(live, reservationId).length > 0, 3000, "the booking's completed news");
		expect(completedNews(live, reservationId)).toHaveLength(1);
		await bx.expectBooksBalanced();
	});

	it("a paid round refunded: the part the deposit paid goes back where the deposit came from, the gateway too", async () => {
		// The deposit paid at the gateway, the rest of the round from the wallet.
		const booking = await bx.book({ memberId: guest.userId, deposit: DEPOSIT, startsInMinutes: 30, table: "A3" });
		const started = await bx.pay(guest.accessToken, booking.id, "sandbox");
		expect(started.code).toBe(0);
		const depositPayment = paymentIdOf(started.data.redirectUrl as string);
		await decideAtSandbox(server, started.data.redirectUrl as string, "approve");
		await until(
			async () => (await bx.stored(booking.id)).reservation.status !== "awaiting_payment",
			5000,
			"deposit paid",
		);
		expect((await bx.arrive(staff.accessToken, booking.code)).code).toBe(0);
		const seating = await tables.sitAt("A3");
		await fx.grant(guest.userId, 1200 - DEPOSIT);
		const round = await fx.place(guest.accessToken, {
			orderType: "desk",
			tableToken: seating,
			diners: 2,
			lines: [fx.line(COCONUT, 6)],
		});
		expect(round.code).toBe(0);
		expect((await tables.payBill(guest, seating, 1200 - DEPOSIT)).code).toBe(0);
		const walletBefore = await bx.wallet(guest.userId);

		const rejected = await server.call("POST", "/app-api/merchant/order/action", {
			token: staff.accessToken,
			body: { orderId: round.data.id, action: "reject", reason: "Out of coconuts" },
		});
		expect(rejected.code, rejected.msg).toBe(0);

		// The wallet gets back what it paid; the deposit's share goes back to the card that paid it.
		expect(await bx.wallet(guest.userId)).toBe(walletBefore + (1200 - DEPOSIT));
		await deliverGatewayRefunds(server.deps);
		await settleGatewayRefundDeliveries(server.deps);
		const atSandbox = await server.deps.db
			.selectFrom("sandbox_gateway_refund")
			.select("amount")
			.where("txn_id", "=", depositPayment)
			.execute();
		expect(atSandbox).toEqual([{ amount: DEPOSIT }]);
		await bx.expectBooksBalanced();
	});
});
