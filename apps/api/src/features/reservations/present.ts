import {
	type CustomerReservationAction,
	type Localized,
	localize,
	type OrderLineView,
	RESERVATION_EARLY_ARRIVAL_MINUTES,
	RESERVATION_STATUS_CODE,
	type ReservationPaymentStatus,
	type ReservationSettings,
	type ReservationStatus,
	type ReservationView,
	type StaffReservationAction,
} from "@bayon/contract";
import type { Kysely, Transaction } from "kysely";
import type { DB } from "../../db/schema.js";
import { maskMobile } from "../../lib/mask.js";
import {
	BEFORE_ARRIVAL,
	countStrikes,
	type ReservationRow,
	readReservationSettings,
	type StoredPreorderLine,
} from "./records.js";

type Db = Kysely<DB> | Transaction<DB>;

/** Who reads the bookings: the guest who booked (customer actions) or the shop's staff (staff actions, strikes). */
export type ReservationViewer = { kind: "guest"; memberId: number } | { kind: "staff" };

/** A staff member may undo a no-show this many days after the booking's start. */
export const UNDO_NO_SHOW_DAYS = 14;

export interface ActionFacts {
	row: Pick<ReservationRow, "status" | "starts_at" | "pay_deadline">;
	settings: Pick<ReservationSettings, "cancelWindowMinutes">;
	/** What is still to pay now (due payment rows). */
	amountDue: number;
	now: Date;
}

/**
 * What the guest may do: pay what is due (while the hold lasts), cancel (the shop allows
 * self-cancelling and the booking has not started; after the free window it is a late cancel),
 * and change the pre-order until the party is seated.
 */
export function guestActionsOf(facts: ActionFacts): CustomerReservationAction[] {
	const { row, now } = facts;
	const actions: CustomerReservationAction[] = [];
	const beforeArrival = BEFORE_ARRIVAL.includes(row.status);
	const startsAt = new Date(row.starts_at).getTime();
	const holdOpen = row.status !== "awaiting_payment" || (row.pay_deadline && new Date(row.pay_deadline) > now);
	if (beforeArrival && facts.amountDue > 0 && holdOpen) actions.push("pay");
	if (beforeArrival && facts.settings.cancelWindowMinutes > 0 && now.getTime() < startsAt) actions.push("cancel");
	if (beforeArrival) actions.push("changePreorder");
	return actions;
}

/** What the shop's staff may do with a booking now. */
export function staffActionsOf(facts: Omit<ActionFacts, "settings" | "amountDue">): StaffReservationAction[] {
	const { row, now } = facts;
	const startsAt = new Date(row.starts_at).getTime();
	const actions: StaffReservationAction[] = [];
	if (row.status === "pending") actions.push("confirm");
	if (BEFORE_ARRIVAL.includes(row.status)) actions.push("reject", "cancel");
	// A seated party's tables carry its bill: they are not moved from here.
	if (BEFORE_ARRIVAL.includes(row.status)) actions.push("assign");
	if (
		(row.status === "pending" || row.status === "confirmed") &&
		now.getTime() >= startsAt - RESERVATION_EARLY_ARRIVAL_MINUTES * 60_000
	)
		actions.push("arrive");
	if (row.status === "seated") actions.push("complete");
	if ((row.status === "pending" || row.status === "confirmed") && now.getTime() >= startsAt) actions.push("noShow");
	if (row.status === "no_show" && now.getTime() - startsAt <= UNDO_NO_SHOW_DAYS * 24 * 3600_000)
		actions.push("undoNoShow");
	return actions;
}

/** The instant until which the guest may cancel free of charge; null when only the shop can cancel. */
export function cancelUntilOf(startsAt: Date, settings: Pick<ReservationSettings, "cancelWindowMinutes">): Date | null {
	if (settings.cancelWindowMinutes === 0) return null;
	return new Date(startsAt.getTime() - settings.cancelWindowMinutes * 60_000);
}

/**
 * Booking rows → what the guest and the shop see: shop, tables, pre-order, payments, the
 * timeline and what the reader may do now (judged at `now`, the server's clock).
 */
/** A preferred area's name in the reader's language; the key itself once no table has that area. */
function areaNameOf(
	areas: ReadonlyArray<{ shop_id: number; area: Localized | null }>,
	shopId: number,
	key: string,
	lang: string,
): string {
	const found = areas.find((table) => table.shop_id === shopId && table.area?.["zh-CN"] === key)?.area;
	return found ? localize(found, lang) : key;
}

export async function presentReservations(
	db: Db,
	rows: ReservationRow[],
	viewer: ReservationViewer,
	lang: string,
	now: Date,
): Promise<ReservationView[]> {
	if (rows.length === 0) return [];
	const ids = rows.map((row) => row.id);
	const shopIds = [...new Set(rows.map((row) => row.shop_id))];
	const [shops, tables, preorders, payments, history, settingsList, areas] = await Promise.all([
		db.selectFrom("shop").select(["id", "name", "phone", "address", "timezone"]).where("id", "in", shopIds).execute(),
		db
			.selectFrom("reservation_table as rt")
			.innerJoin("dining_table as t", "t.id", "rt.table_id")
			.select(["rt.reservation_id", "t.id", "t.number"])
			.where("rt.reservation_id", "in", ids)
			.orderBy("t.sort")
			.orderBy("t.id")
			.execute(),
		db.selectFrom("reservation_preorder").selectAll().where("reservation_id", "in", ids).execute(),
		db
			.selectFrom("reservation_payment")
			.select(["reservation_id", "kind", "amount", "status", "pay_method"])
			.where("reservation_id", "in", ids)
			.where("status", "!=", "void")
			.orderBy("id")
			.execute(),
		db
			.selectFrom("reservation_history")
			.select(["reservation_id", "status", "at", "note", "actor"])
			.where("reservation_id", "in", ids)
			.orderBy("id")
			.execute(),
		Promise.all(shopIds.map((shopId) => readReservationSettings(db, shopId))),
		// The preferred area is kept by its key (its zh-CN name): its name in the reader's language
		// comes from the shop's tables (issue 27).
		db
			.selectFrom("dining_table")
			.select(["shop_id", "area"])
			.where("shop_id", "in", shopIds)
			.where("area", "is not", null)
			.execute(),
	]);
	const settingsOf = new Map(settingsList.map((settings) => [settings.shopId, settings]));
	const staffExtras = viewer.kind === "staff" ? await staffExtrasOf(db, rows, settingsOf, now) : null;

	return rows.map((row): ReservationView => {
		const shop = shops.find((candidate) => candidate.id === row.shop_id);
		const settings = settingsOf.get(row.shop_id) as ReservationSettings;
		const preorder = preorders.find((candidate) => candidate.reservation_id === row.id);
		const ownPayments = payments.filter((payment) => payment.reservation_id === row.id);
		// A payment left at the gateway (`paying`) is still owed: the guest may start it again,
		// and money that arrives later for the abandoned checkout is refunded (payments.ts).
		const amountDue = ownPayments
			.filter((payment) => payment.status === "due" || payment.status === "paying")
			.reduce((sum, payment) => sum + Number(payment.amount), 0);
		const startsAt = new Date(row.starts_at);
		const facts: ActionFacts = { row, settings, amountDue, now };
		const view: ReservationView = {
			id: row.id,
			code: row.code,
			shopId: row.shop_id,
			shopName: shop ? localize(shop.name, lang) : "",
			shopPhone: shop?.phone ?? "",
			shopAddress: shop ? localize(shop.address, lang) : "",
			shopTimeZone: shop?.timezone ?? "UTC",
			status: row.status,
			statusCode: RESERVATION_STATUS_CODE[row.status],
			party: row.party,
			startsAt: startsAt.toISOString(),
			endsAt: new Date(row.ends_at).toISOString(),
			name: row.guest_name,
			phone: row.guest_phone,
			occasion: row.occasion,
			areaPreference: row.area_preference,
			areaPreferenceName: row.area_preference ? areaNameOf(areas, row.shop_id, row.area_preference, lang) : null,
			areaPreferenceMet: row.area_preference_met,
			note: row.note,
			source: row.source,
			tables: tables
				.filter((table) => table.reservation_id === row.id)
				.map((table) => ({ id: table.id, number: table.number })),
			preorder: preorder
				? {
						lines: (preorder.lines as StoredPreorderLine[]).map((line) => presentLine(line, lang)),
						total: Number(preorder.total),
						pay: preorder.pay_mode,
					}
				: null,
			payments: ownPayments.map((payment) => ({
				kind: payment.kind,
				amount: Number(payment.amount),
				status: payment.status as ReservationPaymentStatus,
				payMethod: payment.pay_method,
			})),
			amountDue,
			payDeadline: row.pay_deadline ? new Date(row.pay_deadline).toISOString() : null,
			cancelUntil: cancelUntilOf(startsAt, settings)?.toISOString() ?? null,
			rejectReason: row.reject_reason ?? null,
			billId: row.bill_id ?? null,
			preorderOrderId: row.preorder_order_id ?? null,
			timeline: history
				.filter((entry) => entry.reservation_id === row.id)
				.map((entry) => ({
					status: entry.status as ReservationStatus,
					at: new Date(entry.at).toISOString(),
					note: entry.note,
					by: entry.actor,
				})),
			createdAt: new Date(row.created_at).toISOString(),
			actions: viewer.kind === "staff" ? staffActionsOf(facts) : guestActionsOf(facts),
		};
		if (staffExtras) {
			view.strikes = staffExtras.strikes.get(row.id) ?? 0;
			view.member = staffExtras.members.get(row.id) ?? null;
			view.guestConfirmedAt = row.guest_confirmed_at ? new Date(row.guest_confirmed_at).toISOString() : null;
		}
		return view;
	});
}

function presentLine(line: StoredPreorderLine, lang: string): OrderLineView {
	return {
		itemId: line.itemId,
		name: line.names ? localize(line.names.item, lang) : line.name,
		options: line.options.map((option) => {
			const optionNames = line.names?.options[String(option.id)];
			return optionNames ? { ...option, name: localize(optionNames, lang) } : option;
		}),
		unitPrice: line.unitPrice,
		quantity: line.quantity,
		lineTotal: line.lineTotal,
	};
}

async function staffExtrasOf(
	db: Db,
	rows: ReservationRow[],
	settingsOf: Map<number, ReservationSettings>,
	now: Date,
): Promise<{ strikes: Map<number, number>; members: Map<number, { nickname: string; mobile: string }> }> {
	const memberIds = [...new Set(rows.flatMap((row) => (row.member_id ? [row.member_id] : [])))];
	const members =
		memberIds.length > 0
			? await db.selectFrom("member").select(["id", "nickname", "mobile"]).where("id", "in", memberIds).execute()
			: [];
	const strikes = new Map<number, number>();
	const memberOf = new Map<number, { nickname: string; mobile: string }>();
	for (const row of rows) {
		const settings = settingsOf.get(row.shop_id) as ReservationSettings;
		strikes.set(
			row.id,
			await countStrikes(db, {
				tenantId: row.tenant_id,
				memberId: row.member_id,
				phone: row.guest_phone,
				windowDays: settings.strikeWindowDays,
				now,
			}),
		);
		const member = members.find((candidate) => candidate.id === row.member_id);
		if (member) memberOf.set(row.id, { nickname: member.nickname, mobile: maskMobile(member.mobile) });
	}
	return { strikes, members: memberOf };
}
