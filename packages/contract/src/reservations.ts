import { z } from "zod";
import { idField, mobileField, multiLineText, oneLineText, queryIdField, queryInteger } from "./common.js";
import { CART_MAX_LINES, Limits } from "./constants.js";
import { CartLineInput } from "./ordering/cart.js";
import type { OrderLineView, PayMethod } from "./ordering/index.js";
import { RailCurrencyField } from "./payments/checkout.js";
import { localDateField } from "./shop-settings.js";

/**
 * Table reservations (issue 11, decision 020): a guest books a table for a party at a time
 * the server says is free, may carry a pre-order and a deposit, and is seated on arrival.
 *
 * Times are instants (ISO with offset) on the wire and in the database; screens show them
 * in the shop's time zone (`shopTimeZone`). A day's slots belong to the local day their
 * opening window started on, so 00:30 of a window opened at 18:00 belongs to the evening
 * before.
 */

// ---------------------------------------------------------------------------------------------
// Statuses

/**
 * The server's statuses. `awaiting_payment`: held while the guest pays the deposit or the
 * pre-order (released if never paid, as `expired`); `pending`: waits for the staff;
 * `confirmed`; `seated`: the party arrived and the table's bill is open; `completed`.
 * Exits: `cancelled` (by the guest in time, or by the staff), `late_cancelled` (by the guest
 * after the cancel window: the deposit is kept), `rejected` (by the staff, with a reason),
 * `no_show` (not arrived by the end of the grace period), `expired`.
 */
export const RESERVATION_STATUSES = [
	"awaiting_payment",
	"pending",
	"confirmed",
	"seated",
	"completed",
	"cancelled",
	"late_cancelled",
	"rejected",
	"no_show",
	"expired",
] as const;
export type ReservationStatus = (typeof RESERVATION_STATUSES)[number];

/** Statuses that hold their tables (and count against pacing). */
export const HOLDING_RESERVATION_STATUSES = [
	"awaiting_payment",
	"pending",
	"confirmed",
	"seated",
] as const satisfies readonly ReservationStatus[];

/**
 * Spec §3 reservation status: all −1, waiting 0, cancelled 1, completed 3. Statuses the
 * spec does not name get codes of their own, clear of the spec's values, and are listed
 * under the nearest tab (`RESERVATION_TAB_OF`).
 */
export const ReservationStatusCode = {
	All: -1,
	Waiting: 0,
	Cancelled: 1,
	Completed: 3,
	AwaitingPayment: 10,
	Confirmed: 11,
	Seated: 12,
	LateCancelled: 13,
	Rejected: 14,
	NoShow: 15,
	Expired: 16,
} as const;
export type ReservationStatusCode = (typeof ReservationStatusCode)[keyof typeof ReservationStatusCode];

export const RESERVATION_STATUS_CODE: Record<ReservationStatus, ReservationStatusCode> = {
	awaiting_payment: ReservationStatusCode.AwaitingPayment,
	pending: ReservationStatusCode.Waiting,
	confirmed: ReservationStatusCode.Confirmed,
	seated: ReservationStatusCode.Seated,
	completed: ReservationStatusCode.Completed,
	cancelled: ReservationStatusCode.Cancelled,
	late_cancelled: ReservationStatusCode.LateCancelled,
	rejected: ReservationStatusCode.Rejected,
	no_show: ReservationStatusCode.NoShow,
	expired: ReservationStatusCode.Expired,
};

/** The spec's list tabs (all −1, waiting 0, cancelled 1, completed 3). */
export const RESERVATION_TABS = [
	ReservationStatusCode.All,
	ReservationStatusCode.Waiting,
	ReservationStatusCode.Cancelled,
	ReservationStatusCode.Completed,
] as const;
export type ReservationTab = (typeof RESERVATION_TABS)[number];

/** The tab each status is listed under (besides "all"). */
export const RESERVATION_TAB_OF: Record<ReservationStatus, Exclude<ReservationTab, -1>> = {
	awaiting_payment: 0,
	pending: 0,
	confirmed: 0,
	seated: 0,
	completed: 3,
	cancelled: 1,
	late_cancelled: 1,
	rejected: 1,
	no_show: 1,
	expired: 1,
};

export const RESERVATION_OCCASIONS = ["birthday", "anniversary", "business", "date", "celebration", "other"] as const;
export type ReservationOccasion = (typeof RESERVATION_OCCASIONS)[number];

/** Where a booking came from: the web app (or the Telegram Mini App), or the staff for a caller. */
export type ReservationSource = "web" | "telegram" | "staff";

/** A pre-order is paid when booking (with the deposit, if any) or joins the table's bill at arrival. */
export const PREORDER_PAY_MODES = ["now", "atTable"] as const;
export type PreorderPayMode = (typeof PREORDER_PAY_MODES)[number];

// ---------------------------------------------------------------------------------------------
// Limits and defaults (peers.md §2.2; every value is the owner's to change)

export const RESERVATION_NAME_MAX_LENGTH = 30;
export const RESERVATION_NOTE_MAX_LENGTH = 200;
export const RESERVATION_PARTY_MAX = 50;
/** At most this many tables combined for one party (staff only). */
export const RESERVATION_TABLES_MAX = 4;
/** Minutes a booking waits for its deposit or pre-order to be paid before its tables are released. */
export const RESERVATION_PAY_MINUTES = 15;
/** Arrival codes: this many characters from an alphabet without look-alikes (no 0/O, 1/I/L). */
export const ARRIVAL_CODE_LENGTH = 6;
export const ARRIVAL_CODE_ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ";
/** Reminders queued with every confirmed booking, in minutes before it starts. */
export const RESERVATION_REMINDER_MINUTES = [24 * 60, 2 * 60] as const;
/** A guest may arrive this many minutes early and still be seated on their booking. */
export const RESERVATION_EARLY_ARRIVAL_MINUTES = 60;

export const DEFAULT_RESERVATION_SETTINGS: Omit<ReservationSettings, "shopId" | "version"> = {
	enabled: false,
	slotMinutes: 15,
	turnTimes: [
		{ upToParty: 2, minutes: 90 },
		{ upToParty: 4, minutes: 105 },
		{ upToParty: 6, minutes: 120 },
		{ upToParty: RESERVATION_PARTY_MAX, minutes: 150 },
	],
	bufferMinutes: 10,
	minNoticeMinutes: 60,
	maxDaysAhead: 30,
	onlinePartyMax: 12,
	pacingCoversPerSlot: null,
	autoConfirmPercent: 80,
	cancelWindowMinutes: 120,
	graceMinutes: 15,
	depositMinParty: null,
	depositPerPerson: 0,
	depositStrikes: null,
	strikeWindowDays: 180,
};

// ---------------------------------------------------------------------------------------------
// Owner's settings

const minutesField = (min: number, max: number) =>
	z
		.number({ error: "fieldInvalid" })
		.int({ error: "fieldInvalid" })
		.min(min, { error: "fieldInvalid" })
		.max(max, { error: "fieldInvalid" });
const partyField = z
	.number({ error: "selectDiners" })
	.int({ error: "selectDiners" })
	.min(1, { error: "selectDiners" })
	.max(RESERVATION_PARTY_MAX, { error: "selectDiners" });
const amountField = z
	.number({ error: "fieldInvalid" })
	.int({ error: "fieldInvalid" })
	.min(0, { error: "fieldInvalid" })
	.max(100_000_000, { error: "fieldInvalid" });

export interface TurnTimeBand {
	/** The band covers parties up to this size (after the previous band's). */
	upToParty: number;
	/** How long such a party keeps its table. */
	minutes: number;
}

export interface ReservationSettings {
	shopId: number;
	/** Whether guests can book this shop online (staff can always book for a caller). */
	enabled: boolean;
	/** Slots start every this many minutes from the opening time. */
	slotMinutes: number;
	/** Turn time by party size, ascending; the last band covers every larger party. */
	turnTimes: TurnTimeBand[];
	/** Minutes kept free after a stay to reset the table. */
	bufferMinutes: number;
	/** Online bookings start at least this many minutes from now. */
	minNoticeMinutes: number;
	/** Online bookings start at most this many days ahead (today counts as day 0). */
	maxDaysAhead: number;
	/** The largest party that can book online; larger ones are asked to call. */
	onlinePartyMax: number;
	/** At most this many covers may start in one slot; null: no limit. */
	pacingCoversPerSlot: number | null;
	/**
	 * A booking confirms itself while the seats booked for its time stay within this share of
	 * the bookable seats; past it, and for parties over the online maximum, the staff confirm.
	 */
	autoConfirmPercent: number;
	/** Guests may cancel themselves until this many minutes before; 0: they call the shop. */
	cancelWindowMinutes: number;
	/** A party not arrived this many minutes after the start is marked no-show. */
	graceMinutes: number;
	/** A deposit is asked of parties of at least this size; null: not by size. */
	depositMinParty: number | null;
	/** The deposit per person, minor units. */
	depositPerPerson: number;
	/** A deposit is asked of guests with at least this many no-shows in the strike window; null: never. */
	depositStrikes: number | null;
	/** No-shows older than this many days no longer count. */
	strikeWindowDays: number;
	/** Send it back with the save: a save made on an older version is refused. */
	version: number;
}

export const UpdateReservationSettingsInput = z
	.strictObject({
		shopId: idField,
		version: z.number({ error: "fieldInvalid" }).int({ error: "fieldInvalid" }).min(1, { error: "fieldInvalid" }),
		enabled: z.boolean({ error: "fieldInvalid" }),
		slotMinutes: z.union([z.literal(5), z.literal(10), z.literal(15), z.literal(20), z.literal(30), z.literal(60)], {
			error: "fieldInvalid",
		}),
		turnTimes: z
			.array(z.strictObject({ upToParty: partyField, minutes: minutesField(15, 600) }), { error: "fieldInvalid" })
			.min(1, { error: "fieldInvalid" })
			.max(8, { error: "fieldInvalid" })
			.refine((bands) => bands.every((band, i) => i === 0 || band.upToParty > (bands[i - 1]?.upToParty ?? 0)), {
				error: "turnTimesOrder",
			}),
		bufferMinutes: minutesField(0, 120),
		minNoticeMinutes: minutesField(0, 7 * 24 * 60),
		maxDaysAhead: minutesField(0, 365),
		onlinePartyMax: partyField,
		pacingCoversPerSlot: minutesField(1, 1000).nullable(),
		autoConfirmPercent: minutesField(0, 100),
		cancelWindowMinutes: minutesField(0, 7 * 24 * 60),
		graceMinutes: minutesField(0, 240),
		depositMinParty: partyField.nullable(),
		depositPerPerson: amountField,
		depositStrikes: minutesField(1, 100).nullable(),
		strikeWindowDays: minutesField(1, 730),
	})
	.superRefine((value, ctx) => {
		const asksDeposit = value.depositMinParty !== null || value.depositStrikes !== null;
		if (asksDeposit && value.depositPerPerson === 0)
			ctx.addIssue({ code: "custom", path: ["depositPerPerson"], message: "depositAmountRequired" });
	});
export type UpdateReservationSettingsInput = z.infer<typeof UpdateReservationSettingsInput>;

/** Owner or manager: whether a table takes bookings, and the smallest party it is given to. */
export const UpdateReservableTableInput = z.strictObject({
	tableId: idField,
	reservable: z.boolean({ error: "fieldInvalid" }),
	minSeats: partyField,
});
export type UpdateReservableTableInput = z.infer<typeof UpdateReservableTableInput>;

export interface ReservableTableView {
	id: number;
	number: string;
	/** The most guests it seats (the table's seats). */
	seats: number;
	minSeats: number;
	reservable: boolean;
	area: string | null;
}

/** GET /merchant/reservation/settings: the settings and the shop's tables with their booking fields. */
export interface ReservationSettingsPage {
	settings: ReservationSettings;
	tables: ReservableTableView[];
	shopTimeZone: string;
}

// ---------------------------------------------------------------------------------------------
// Availability and terms

/** The slots free for a party on a local day of the shop. */
export const AvailabilityQuery = z.object({
	shopId: queryIdField,
	date: localDateField,
	party: queryInteger({ min: 1, max: RESERVATION_PARTY_MAX }, "selectDiners"),
});
export type AvailabilityQuery = z.infer<typeof AvailabilityQuery>;

export interface ReservationSlot {
	/** The instant the stay starts. */
	startsAt: string;
	/** "19:15" on the shop's clock. */
	time: string;
	/**
	 * The seating areas (keys of `areas`) with a table free for the party then: a preferred
	 * area missing here cannot be honoured at this time, and the guest is told before booking.
	 */
	freeAreas: string[];
}

/** Why a day has no slots, when it has none. */
export type NoSlotsReason = "closedDay" | "pastWindow" | "tooFarAhead" | "partyTooLarge" | "fullyBooked" | "notTaking";

export interface DepositTerms {
	/** Minor units to pay when booking, for this party and this guest; 0: none. */
	amount: number;
	perPerson: number;
	/** Why it is asked: the party's size, or the guest's earlier no-shows. */
	reason: "partySize" | "strikes" | null;
}

/** What a guest is told before booking: the policy the booking is made under. */
export interface BookingTerms {
	cancelWindowMinutes: number;
	graceMinutes: number;
	minNoticeMinutes: number;
	maxDaysAhead: number;
	onlinePartyMax: number;
	/** The first and last local days that can be booked online. */
	firstDate: string;
	lastDate: string;
	deposit: DepositTerms;
	/** The shop's phone, for parties too large and cancellations past the window. */
	shopPhone: string;
}

export interface AvailabilityView {
	shopId: number;
	shopName: string;
	shopTimeZone: string;
	date: string;
	party: number;
	/** How long the party keeps its table, minutes (the turn time for its size). */
	stayMinutes: number;
	slots: ReservationSlot[];
	/** Set when `slots` is empty. */
	noSlotsReason: NoSlotsReason | null;
	/** Seating areas the guest may prefer: the shop's areas of bookable tables. */
	areas: Array<{ key: string; name: string }>;
	terms: BookingTerms;
}

// ---------------------------------------------------------------------------------------------
// Booking

const guestNameField = oneLineText("fillName")
	.trim()
	.min(1, { error: "fillName", abort: true })
	.max(RESERVATION_NAME_MAX_LENGTH, { error: "nameTooLong" });
const noteField = multiLineText()
	.trim()
	.max(RESERVATION_NOTE_MAX_LENGTH, { error: "reservationNoteTooLong" })
	.default("");
const startsAtField = z.iso.datetime({ offset: true, error: "selectReservationTime" });
const areaKeyField = oneLineText().trim().min(1).max(60);

export const PreorderInput = z.strictObject({
	lines: z.array(CartLineInput).min(1, { error: "fieldInvalid" }).max(CART_MAX_LINES, { error: "fieldInvalid" }),
	pay: z.enum(PREORDER_PAY_MODES, { error: "fieldInvalid" }),
});
export type PreorderInput = z.input<typeof PreorderInput>;

const bookingFields = {
	shopId: idField,
	startsAt: startsAtField,
	party: partyField,
	name: guestNameField,
	phone: mobileField,
	occasion: z.enum(RESERVATION_OCCASIONS, { error: "fieldInvalid" }).nullable().default(null),
	areaPreference: areaKeyField.nullable().default(null),
	note: noteField,
	preorder: PreorderInput.nullable().default(null),
};

/**
 * A guest books (POST /reservation/create, with an idempotency key). When a deposit or a
 * pre-order paid now is due, the booking holds its table for RESERVATION_PAY_MINUTES while
 * the guest pays it (POST /reservation/pay).
 */
export const CreateReservationInput = z.strictObject({
	...bookingFields,
	agreed: z.literal(true, { error: "tickAgreement" }),
	/**
	 * The guest was told that their preferred area has no free table at this time and books
	 * anyway; without it such a booking is refused (ReservationAreaTaken), never quietly seated
	 * elsewhere (issue 27).
	 */
	otherAreaAccepted: z.boolean({ error: "fieldInvalid" }).default(false),
});
export type CreateReservationInput = z.input<typeof CreateReservationInput>;

/**
 * Staff book for a caller (POST /merchant/reservation/create): labelled a staff booking, no
 * deposit asked, online limits (notice, window, party size) waived but never opening hours
 * or a table's other bookings. `tableIds` pins the tables; otherwise the server picks one.
 */
export const StaffCreateReservationInput = z.strictObject({
	...bookingFields,
	/** The caller's arrival time (spec §5 "arrival time"): the staff book it for them. */
	startsAt: z.iso.datetime({ offset: true, error: "arrivalTime" }),
	tableIds: z.array(idField).min(1).max(RESERVATION_TABLES_MAX).optional(),
});
export type StaffCreateReservationInput = z.input<typeof StaffCreateReservationInput>;

export const PayReservationInput = z.strictObject({
	reservationId: idField,
	payMethod: z.enum(["balance", "sandbox", "wechat", "alipay", "khqr"], { error: "fieldInvalid" }),
	railCurrency: RailCurrencyField,
});
export type PayReservationInput = z.infer<typeof PayReservationInput>;

export const CancelReservationInput = z.strictObject({
	reservationId: idField,
	reason: multiLineText().trim().max(200, { error: "reasonTooLong" }).optional(),
	/**
	 * The most of a paid deposit the guest was told the cancel keeps (0 when the screen said it is
	 * refunded): a cancel that would keep more is refused (ReservationCancelKeepsDeposit), so a
	 * screen whose clock is behind never keeps a deposit it did not warn of. Absent: the rules apply.
	 */
	depositKeptAtMost: amountField.optional(),
});
export type CancelReservationInput = z.infer<typeof CancelReservationInput>;

/** Replace the pre-order (before arrival); `preorder: null` removes it. */
export const ChangePreorderInput = z.strictObject({
	reservationId: idField,
	preorder: PreorderInput.nullable(),
});
export type ChangePreorderInput = z.input<typeof ChangePreorderInput>;

export const MyReservationListQuery = z.object({
	status: queryInteger({ min: -1, max: 3 })
		.refine((v) => (RESERVATION_TABS as readonly number[]).includes(v), { error: "fieldInvalid" })
		.default(ReservationStatusCode.All),
	page: queryInteger({ min: 1 }).default(1),
	pageSize: queryInteger({ min: 1, max: Limits.pageSizeMax }).default(10),
});
export type MyReservationListQuery = z.infer<typeof MyReservationListQuery>;

/** GET /reservation/detail?id= and GET /reservation/ics?id= (text/calendar). */
export const ReservationIdQuery = z.object({ id: queryIdField });

// ---------------------------------------------------------------------------------------------
// Staff

/** Staff decisions on a booking. `reason` is required to reject (the guest reads it). */
export const StaffReservationActionInput = z.strictObject({
	reservationId: idField,
	action: z.enum(["confirm", "reject", "cancel", "complete", "noShow", "undoNoShow"], { error: "fieldInvalid" }),
	reason: multiLineText("enterReason")
		.trim()
		.min(1, { error: "enterReason", abort: true })
		.max(200, { error: "reasonTooLong" })
		.optional(),
});
export type StaffReservationActionInput = z.infer<typeof StaffReservationActionInput>;

/** Staff put the party at other tables (two or more combined for a large party). */
export const AssignReservationTablesInput = z.strictObject({
	reservationId: idField,
	tableIds: z.array(idField).min(1, { error: "fieldInvalid" }).max(RESERVATION_TABLES_MAX, { error: "fieldInvalid" }),
});
export type AssignReservationTablesInput = z.infer<typeof AssignReservationTablesInput>;

/**
 * The party arrived: staff scan the guest's QR code or type its short code. Seats the party,
 * opens the table's bill with the booking on it, and sends the pre-order to the kitchen.
 */
export const ArriveReservationInput = z.strictObject({
	shopId: idField,
	code: oneLineText("arrivalCodeUnknown")
		.trim()
		.toUpperCase()
		.min(1, { error: "arrivalCodeRequired", abort: true })
		.max(200, { error: "arrivalCodeUnknown" }),
});
export type ArriveReservationInput = z.infer<typeof ArriveReservationInput>;

/** The staff's list: one local day of the shop (default today), or everything from today on. */
export const MerchantReservationListQuery = z.object({
	shopId: queryIdField,
	date: localDateField.optional(),
	scope: z.enum(["day", "upcoming"], { error: "fieldInvalid" }).default("day"),
	page: queryInteger({ min: 1 }).default(1),
	pageSize: queryInteger({ min: 1, max: Limits.pageSizeMax }).default(50),
});
export type MerchantReservationListQuery = z.infer<typeof MerchantReservationListQuery>;

/** The table × time grid of one local day. */
export const ReservationGridQuery = z.object({ shopId: queryIdField, date: localDateField });
export type ReservationGridQuery = z.infer<typeof ReservationGridQuery>;

// ---------------------------------------------------------------------------------------------
// Views

export type CustomerReservationAction = "pay" | "cancel" | "changePreorder";
export type StaffReservationAction =
	| "confirm"
	| "reject"
	| "cancel"
	| "assign"
	| "arrive"
	| "complete"
	| "noShow"
	| "undoNoShow";

export type ReservationPaymentKind = "deposit" | "preorder";
/**
 * `due`: to pay before the hold ends; `paid`: held for the booking; `refunded`: given back;
 * `kept`: the shop kept it (late cancel, no-show); `applied`: used at the table (the
 * pre-order's payment paid its order, the deposit was credited to the bill).
 */
export type ReservationPaymentStatus = "due" | "paying" | "paid" | "refunded" | "kept" | "applied" | "void";

export interface ReservationPaymentView {
	kind: ReservationPaymentKind;
	amount: number;
	status: ReservationPaymentStatus;
	payMethod: PayMethod | null;
}

export interface PreorderView {
	lines: OrderLineView[];
	total: number;
	pay: PreorderPayMode;
}

export interface ReservationTimelineEntry {
	status: ReservationStatus;
	at: string;
	/** A reason given with it (rejection, cancellation), as written. */
	note: string | null;
	/** Who did it: the guest, the staff, or the system (a job). */
	by: "guest" | "staff" | "system";
}

export interface ReservationView {
	id: number;
	/** The short arrival code (also in the QR code); only to the guest and the shop's staff. */
	code: string;
	shopId: number;
	shopName: string;
	shopPhone: string;
	shopAddress: string;
	shopTimeZone: string;
	status: ReservationStatus;
	/** Spec §3 code (or one of ours for statuses it does not name). */
	statusCode: ReservationStatusCode;
	party: number;
	startsAt: string;
	/** When the stay ends (start + turn time), before the reset buffer. */
	endsAt: string;
	name: string;
	phone: string;
	occasion: ReservationOccasion | null;
	areaPreference: string | null;
	/** The preferred area's name in the reader's language (`areaPreference` is its key). */
	areaPreferenceName: string | null;
	/** Whether the tables held are in the preferred area; null when no area was preferred. */
	areaPreferenceMet: boolean | null;
	note: string;
	source: ReservationSource;
	tables: Array<{ id: number; number: string }>;
	preorder: PreorderView | null;
	payments: ReservationPaymentView[];
	/** What is still to pay now to keep the booking (deposit + pre-order paid now). */
	amountDue: number;
	/** When an unpaid hold is released. */
	payDeadline: string | null;
	/** Until when the guest may cancel themselves, free of charge; null: only by calling the shop. */
	cancelUntil: string | null;
	rejectReason: string | null;
	/** Set once the party is seated: the table's bill, and the pre-order's order on it. */
	billId: number | null;
	preorderOrderId: number | null;
	timeline: ReservationTimelineEntry[];
	createdAt: string;
	/** What the reader may do now (customer's in customer views, staff's in the shop's). */
	actions: Array<CustomerReservationAction | StaffReservationAction>;
	/** Staff views only: the guest's no-shows inside the strike window. */
	strikes?: number;
	/** Staff views only: the member who booked, when a member did. */
	member?: { nickname: string; mobile: string } | null;
	/** Staff views only: when the guest pressed Confirm on the bot's reminder (they are coming), else null. */
	guestConfirmedAt?: string | null;
}

export interface ReservationPaymentResult {
	reservation: ReservationView;
	/** Hosted gateways: where to send the payer to approve the payment. */
	redirectUrl?: string;
	/** The payer's wallet balance after paying from it. */
	balance?: number;
}

export interface ArrivalResult {
	reservation: ReservationView;
	billId: number;
	tableNumbers: string[];
	/** The pre-order sent to the kitchen, when there was one. */
	preorderOrderId: number | null;
}

export interface ReservationGridTable {
	id: number;
	number: string;
	seats: number;
	minSeats: number;
	area: string | null;
	reservable: boolean;
}

export interface ReservationGridBooking {
	reservationId: number;
	tableIds: number[];
	startsAt: string;
	endsAt: string;
	/** Until when the tables are held (end + reset buffer). */
	heldUntil: string;
	status: ReservationStatus;
	party: number;
	name: string;
}

export interface ReservationGridView {
	shopId: number;
	date: string;
	shopTimeZone: string;
	/** The day's opening windows as instants, for the grid's time axis. */
	windows: Array<{ opensAt: string; closesAt: string }>;
	slotMinutes: number;
	tables: ReservationGridTable[];
	bookings: ReservationGridBooking[];
}

/** A guest's next bookings for the home and mine tabs (GET /reservation/upcoming). */
export interface UpcomingReservations {
	list: ReservationView[];
}
