import { z } from "zod";
import { idField, oneLineText, queryDecimal, queryIdField } from "./common.js";

/** Spec §3: orderType defaults to takein (self-pickup); takeout is delivery; desk is dine-in at a scanned table. */
export const OrderType = { Takein: "takein", Takeout: "takeout", Desk: "desk" } as const;
export type OrderType = (typeof OrderType)[keyof typeof OrderType];
export const ORDER_TYPES = [OrderType.Takein, OrderType.Takeout, OrderType.Desk] as const;
export const orderTypeField = z.enum(ORDER_TYPES, { error: "fieldInvalid" });

/** A point in a JSON body: JSON numbers only (a blank, `false` or `[]` is no place, not 0). */
export const latitudeField = z
	.number({ error: "fieldInvalid" })
	.min(-90, { error: "fieldInvalid" })
	.max(90, { error: "fieldInvalid" });
export const longitudeField = z
	.number({ error: "fieldInvalid" })
	.min(-180, { error: "fieldInvalid" })
	.max(180, { error: "fieldInvalid" });
/** A point in a query string: plain decimals. */
const latitudeQuery = queryDecimal({ min: -90, max: 90 });
const longitudeQuery = queryDecimal({ min: -180, max: 180 });

/** A window of opening hours in the shop's local time; closesAt <= opensAt means it ends after midnight. */
export interface OpeningWindow {
	opensAt: string;
	closesAt: string;
}

export interface ShopOpenState {
	/** Open now: inside a window, not on a closure day, and accepting orders. */
	isOpen: boolean;
	acceptingOrders: boolean;
	/** Today's windows in the shop's local time (empty when closed all day). */
	todayHours: OpeningWindow[];
	/** Today is one of the shop's dated closures. */
	closedToday: boolean;
	/** The next moment the shop opens, when it is closed now (ISO instant), within a week. */
	nextOpenAt: string | null;
	/** New orders are paused (busy kitchen) until this instant; null when not paused now. */
	pausedUntil: string | null;
}

/** Spec §3 map fields for a drawn delivery zone. */
export interface MapPolygon {
	points: Array<{ latitude: number; longitude: number }>;
	strokeWidth: number;
	strokeColor: string;
	fillColor: string;
	dashArray: string;
	zIndex: number;
}

export interface DeliveryZone {
	id: number;
	name: string;
	/** Money in minor units. */
	fee: number;
	minOrder: number;
	polygon: MapPolygon;
}

export interface DeliverySummary {
	offered: boolean;
	/** Cheapest fee and lowest minimum across zones (and the radius fallback). */
	minFee: number | null;
	minOrder: number | null;
}

export interface ShopSummary {
	id: number;
	name: string;
	logo: string | null;
	address: string;
	phone: string;
	latitude: number;
	longitude: number;
	/** Metres from the point asked about, when one was given. */
	distanceMeters: number | null;
	notice: string | null;
	/** IANA time zone of the shop: opening hours and "opens at" are in it. */
	timezone: string;
	preparationMinutes: number;
	/** Dine-in orders go to the kitchen at once and the table pays its bill after the meal. */
	deskPayAfterMeal: boolean;
	orderTypes: OrderType[];
	openState: ShopOpenState;
	delivery: DeliverySummary;
}

export interface ShopDetail extends ShopSummary {
	photos: string[];
	/** weekday 0 = Sunday. */
	weeklyHours: Array<{ weekday: number; windows: OpeningWindow[] }>;
	/** Upcoming dated closures in local dates (inclusive). */
	closures: Array<{ startsOn: string; endsOn: string; reason: string | null }>;
	zones: DeliveryZone[];
	deliveryRadius: { meters: number; fee: number; minOrder: number } | null;
}

export const StoreListQuery = z.object({
	lat: latitudeQuery.optional(),
	lng: longitudeQuery.optional(),
	kw: oneLineText().trim().max(50).optional(),
});
export type StoreListQuery = z.infer<typeof StoreListQuery>;

export const ShopIdQuery = z.object({ shop_id: queryIdField });

export const DeliveryCheckQuery = z.object({ shopId: queryIdField, lat: latitudeQuery, lng: longitudeQuery });

export interface DeliveryCheck {
	inRange: boolean;
	zoneId: number | null;
	fee: number | null;
	minOrder: number | null;
	distanceMeters: number;
}

/**
 * What scanning a table's QR code resolves to. `token` is not the printed code: it is the
 * token of the table's current seating (scanning opens or joins it), which rounds, the bill
 * and paying it require. It stops working when the seating ends (bill settled, table cleared,
 * code reprinted); the diner then scans the code on the table again.
 */
export interface ResolvedTable {
	shopId: number;
	shopName: string;
	tableId: number;
	number: string;
	seats: number;
	area: string | null;
	token: string;
}

/**
 * A printed table code (opens or joins the table's seating) or a seating token (checked to
 * be current). Any string: a malformed code is answered TableInvalid, like a forged one.
 */
export const TableTokenQuery = z.object({ token: oneLineText().max(2000).default("") });

/** A table as the shop's staff see it, with the URL its QR code encodes. */
export interface MerchantTable {
	id: number;
	number: string;
	seats: number;
	area: string | null;
	qrUrl: string;
}

/** The owner chooses whether dine-in guests pay each round up front or the table's bill after the meal. */
export const DineInPaymentInput = z.strictObject({
	shopId: idField,
	payAfterMeal: z.boolean({ error: "fieldInvalid" }),
});

/** Limits of a second display currency (decision 011). */
export const SecondCurrencyLimits = { rateMax: 10_000_000, roundToMax: 100_000, symbolMax: 8 } as const;

const wholeNumber = (max: number) =>
	z.number({ error: "fieldInvalid" }).int({ error: "fieldInvalid" }).min(1, { error: "fieldInvalid" }).max(max, {
		error: "fieldInvalid",
	});

/**
 * The owner's second display currency: e.g. riel at 4100 per dollar, rounded to 100, symbol
 * after. The rate is a whole number of the second currency's units per one major unit of the
 * shop's, so conversion stays in integers; the rounding unit may not exceed it.
 */
export const SecondCurrencyInput = z
	.strictObject({
		code: oneLineText().regex(/^[A-Z]{3}$/, { error: "fieldInvalid" }),
		symbol: oneLineText()
			.trim()
			.min(1, { error: "fieldInvalid" })
			.max(SecondCurrencyLimits.symbolMax, { error: "fieldInvalid" }),
		rate: wholeNumber(SecondCurrencyLimits.rateMax),
		roundTo: wholeNumber(SecondCurrencyLimits.roundToMax),
		symbolPosition: z.enum(["before", "after"], { error: "fieldInvalid" }),
	})
	.refine((second) => second.roundTo <= second.rate, { error: "fieldInvalid", path: ["roundTo"] });

/** Owner only: show prices also in a second currency, or (null) in the shop's alone. */
export const DisplayCurrencyInput = z.strictObject({
	shopId: idField,
	second: SecondCurrencyInput.nullable(),
});
