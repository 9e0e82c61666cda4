import { randomInt } from "node:crypto";
import {
	ARRIVAL_CODE_ALPHABET,
	type ArrivalResult,
	type ReservationPaymentResult,
	type ReservationStatus,
} from "@bayon/contract";
import { expect } from "vitest";
import { takeStock } from "../src/features/menu/stock.js";
import { releaseBookingMoney } from "../src/features/reservations/money/booking-money.js";
import {
	changeReservationStatus,
	lockReservation,
	type StoredPreorderLine,
} from "../src/features/reservations/records.js";
import { accountBalance } from "../src/features/wallet/ledger.js";
import type { TestServer } from "./harness.js";
import type { OrderingFixture } from "./ordering.js";

/**
 * Stories about the money of bookings and their arrival (issue 11): bookings are written
 * straight into the database as the booking call leaves them (awaiting payment with due
 * rows, or pending/confirmed), so these stories do not depend on the booking rules.
 */
export class BookingMoneyFixture {
	private counter = 0;

	constructor(
		readonly server: TestServer,
		readonly fx: OrderingFixture,
	) {}

	async tableId(number: string): Promise<number> {
		const row = await this.server.deps.db
			.selectFrom("dining_table")
			.select("id")
			.where("shop_id", "=", 1)
			.where("number", "=", number)
			.executeTakeFirstOrThrow();
		return row.id;
	}

	/** A pre-order line of a demo item, priced as the booking call stores it. */
	preorderLine(name: string, quantity = 1): StoredPreorderLine {
		const item = this.fx.item(name);
		return {
			itemId: item.id,
			optionIds: [],
			quantity,
			unitPrice: item.price,
			lineTotal: item.price * quantity,
			name: item.name,
			names: { item: { "zh-CN": item.name, en: item.name }, options: {} },
			options: [],
		};
	}

	/** A booking of the demo shop as the booking call would have written it. */
	async book(args: {
		memberId: number;
		table?: string;
		startsInMinutes?: number;
		party?: number;
		status?: ReservationStatus;
		deposit?: number;
		preorder?: { lines: StoredPreorderLine[]; pay: "now" | "atTable" };
		autoConfirm?: boolean;
	}): Promise<{ id: number; code: string; startsAt: Date }> {
		const db = this.server.deps.db;
		const now = this.server.clock.now();
		const startsAt = new Date(now.getTime() + (args.startsInMinutes ?? 180) * 60_000);
		const endsAt = new Date(startsAt.getTime() + 90 * 60_000);
		const heldUntil = new Date(endsAt.getTime() + 10 * 60_000);
		const preorderTotal = args.preorder?.lines.reduce((sum, line) => sum + line.lineTotal, 0) ?? 0;
		const owes = (args.deposit ?? 0) > 0 || (args.preorder?.pay === "now" && preorderTotal > 0);
		const status = args.status ?? (owes ? "awaiting_payment" : "confirmed");
		const code = Array.from({ length: 6 }, () => ARRIVAL_CODE_ALPHABET[randomInt(ARRIVAL_CODE_ALPHABET.length)]).join(
			"",
		);
		const tableId = await this.tableId(args.table ?? `A${(this.counter++ % 6) + 1}`);
		const reservation = await db
			.insertInto("reservation")
			.values({
				tenant_id: 1,
				shop_id: 1,
				member_id: args.memberId,
				code,
				status,
				party: args.party ?? 2,
				starts_at: startsAt,
				ends_at: endsAt,
				held_until: heldUntil,
				guest_name: "Dara",
				guest_phone: "13800000003",
				source: "web",
				created_by_member_id: args.memberId,
				pay_deadline: status === "awaiting_payment" ? new Date(now.getTime() + 15 * 60_000) : null,
				auto_confirm: args.autoConfirm ?? true,
				created_at: now,
				updated_at: now,
			})
			.returning("id")
			.executeTakeFirstOrThrow();
		await db
			.insertInto("reservation_table")
			.values({
				reservation_id: reservation.id,
				table_id: tableId,
				shop_id: 1,
				stay: `[${startsAt.toISOString()},${heldUntil.toISOString()})`,
			})
			.execute();
		await db
			.insertInto("reservation_history")
			.values({
				reservation_id: reservation.id,
				status,
				actor: "guest",
				actor_member_id: args.memberId,
				note: null,
				at: now,
			})
			.execute();
		if (args.deposit)
			await db
				.insertInto("reservation_payment")
				.values({
					reservation_id: reservation.id,
					kind: "deposit",
					amount: args.deposit,
					status: "due",
					created_at: now,
				})
				.execute();
		if (args.preorder) {
			// As the booking call does: the pre-order's stock is taken when it is stored (its exits give it back).
			const lines = args.preorder.lines;
			await db.transaction().execute((trx) => takeStock(trx, lines));
			await db
				.insertInto("reservation_preorder")
				.values({
					reservation_id: reservation.id,
					pay_mode: args.preorder.pay,
					lines: JSON.stringify(args.preorder.lines),
					total: preorderTotal,
					updated_at: now,
				})
				.execute();
			if (args.preorder.pay === "now" && preorderTotal > 0)
				await db
					.insertInto("reservation_payment")
					.values({
						reservation_id: reservation.id,
						kind: "preorder",
						amount: preorderTotal,
						status: "due",
						created_at: now,
					})
					.execute();
		}
		return { id: reservation.id, code, startsAt };
	}

	pay(token: string, reservationId: number, payMethod = "balance", key?: string, lang?: string) {
		return this.server.call<ReservationPaymentResult>("POST", "/app-api/reservation/pay", {
			token,
			lang,
			body: { reservationId, payMethod },
			headers: key ? { "idempotency-key": key } : {},
		});
	}

	arrive(token: string, code: string, lang?: string) {
		return this.server.call<ArrivalResult>("POST", "/app-api/merchant/reservation/arrive", {
			token,
			lang,
			body: { shopId: 1, code },
		});
	}

	/** The tenant's reservation_hold balance. */
	hold() {
		return accountBalance(this.server.deps.db, { kind: "reservation_hold", tenantId: 1 });
	}

	wallet(memberId: number) {
		return accountBalance(this.server.deps.db, { kind: "member_wallet", tenantId: 1, memberId });
	}

	revenue() {
		return accountBalance(this.server.deps.db, { kind: "shop_revenue", tenantId: 1, shopId: 1 });
	}

	async stored(reservationId: number) {
		const db = this.server.deps.db;
		const [reservation, payments, tables, ledger] = await Promise.all([
			db.selectFrom("reservation").selectAll().where("id", "=", reservationId).executeTakeFirstOrThrow(),
			db
				.selectFrom("reservation_payment")
				.select(["kind", "amount", "status", "pay_method"])
				.where("reservation_id", "=", reservationId)
				.orderBy("id")
				.execute(),
			db.selectFrom("reservation_table").select("holding").where("reservation_id", "=", reservationId).execute(),
			db
				.selectFrom("ledger_txn")
				.select(["kind", "idempotency_key"])
				.where("reservation_id", "=", reservationId)
				.orderBy("id")
				.execute(),
		]);
		return { reservation, payments, holding: tables.every((t) => t.holding), ledger: ledger.map((t) => t.kind) };
	}

	/**
	 * An exit of the booking as the booking calls make it (cancel, late cancel, no-show): under
	 * the booking's lock, only from a status before arrival, money released then status changed.
	 * Answers whether this call made the change.
	 */
	exit(
		reservationId: number,
		to: "cancelled" | "late_cancelled" | "no_show" | "rejected",
		options: { checkStatus?: boolean } = {},
	): Promise<boolean> {
		const now = this.server.clock.now();
		return this.server.deps.db.transaction().execute(async (trx) => {
			const row = await lockReservation(trx, 1, reservationId);
			if (!row) throw new Error("no booking");
			if (options.checkStatus !== false && !["awaiting_payment", "pending", "confirmed"].includes(row.status))
				return false;
			await releaseBookingMoney(trx, {
				tenantId: 1,
				reservationId,
				outcome: to === "late_cancelled" || to === "no_show" ? "keepDeposit" : "refund",
				now,
			});
			await changeReservationStatus(trx, row, to, {
				actor: to === "no_show" ? "system" : "guest",
				actorMemberId: null,
				now,
			});
			return true;
		});
	}

	/** The ledger's books balance, and no booking payment row left the hold twice. */
	async expectBooksBalanced() {
		await this.fx.expectLedgerConsistent();
		const keys = await this.server.deps.db
			.selectFrom("ledger_txn")
			.select("idempotency_key")
			.where("reservation_id", "is not", null)
			.execute();
		const perRowOutcome = keys.map((k) => k.idempotency_key).filter((k) => k.startsWith("reservation-payment:"));
		expect(new Set(perRowOutcome).size).toBe(perRowOutcome.length);
	}
}
