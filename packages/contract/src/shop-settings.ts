import { z } from "zod";
import { idField, oneLineText } from "./common.js";
import { CART_MAX_LINES } from "./constants.js";
import type { MessageKey } from "./messages.js";
import { CartLineInput, type PricedCart } from "./ordering/cart.js";
import {
	type DeliveryCheck,
	latitudeField,
	longitudeField,
	ORDER_TYPES,
	orderTypeField,
	type ShopOpenState,
} from "./venues.js";

/**
 * The owner's shop settings (issue 10, `merchant/shopInfo`). One schema checks the form in
 * the browser, the save on the server and the draft the rules preview runs on, so a draft the
 * page accepts is a draft the server saves.
 */

const DAY_MINUTES = 24 * 60;
const WEEK_MINUTES = 7 * DAY_MINUTES;

/** "HH:MM" on a 24-hour clock, in the shop's time zone. */
export const clockField = oneLineText("chooseCorrectTime").regex(/^([01]\d|2[0-3]):[0-5]\d$/, {
	error: "chooseCorrectTime",
});

/** A calendar date "YYYY-MM-DD" that exists (no 31 February). */
export const localDateField = oneLineText("chooseCorrectDate")
	.regex(/^\d{4}-\d{2}-\d{2}$/, { error: "chooseCorrectDate", abort: true })
	.refine(
		(value) => {
			// "2026-13-01" passes the pattern but is no date (and toISOString would throw on it).
			const date = new Date(`${value}T00:00:00Z`);
			return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
		},
		{ error: "chooseCorrectDate" },
	);

/** Money in minor units: a whole JSON number, never negative. */
const moneyField = z
	.number({ error: "fieldInvalid" })
	.int({ error: "fieldInvalid" })
	.min(0, { error: "amountNegative" })
	.max(100_000_000, { error: "fieldInvalid" });

/** A text in three languages: zh-CN required (its own message), en and km optional (blank = not given). */
function localizedText(requiredMessage: MessageKey, max: number) {
	const other = oneLineText().trim().max(max, { error: "textTooLong" }).default("");
	return z.strictObject({
		"zh-CN": oneLineText(requiredMessage).trim().min(1, { error: requiredMessage }).max(max, { error: "textTooLong" }),
		en: other,
		km: other,
	});
}
function optionalLocalizedText(max: number) {
	const text = oneLineText().trim().max(max, { error: "textTooLong" }).default("");
	return z.strictObject({ "zh-CN": text, en: text, km: text });
}

export const OpeningWindowInput = z.strictObject({
	/** 0 = Sunday. */
	weekday: z.number({ error: "fieldInvalid" }).int({ error: "fieldInvalid" }).min(0).max(6, { error: "fieldInvalid" }),
	opensAt: clockField,
	/** At or before opensAt the window runs past midnight; equal is refused (ambiguous: none or all day?). */
	closesAt: clockField,
});
export type OpeningWindowInput = z.output<typeof OpeningWindowInput>;

/** How long a closure's label may be, in each language. */
export const CLOSURE_LABEL_MAX_LENGTH = 50;

/**
 * A closure's label in the three languages. All blank: no label. Otherwise zh-CN is required
 * (a customer whose language is missing is shown the Chinese). Only this object is accepted,
 * not the plain string older pages sent: the contract takes one shape per field.
 */
const closureLabel = optionalLocalizedText(CLOSURE_LABEL_MAX_LENGTH).superRefine((label, ctx) => {
	if (!label["zh-CN"] && (label.en || label.km))
		ctx.addIssue({ code: "custom", path: ["zh-CN"], message: "closureLabelZhRequired" });
});

export const ClosureInput = z.strictObject({
	startsOn: localDateField,
	endsOn: localDateField,
	/** A short label the customer sees ("Spring Festival"), in their language; all blank for none. */
	label: closureLabel.default({ "zh-CN": "", en: "", km: "" }),
});

const mapPoint = z.strictObject({ latitude: latitudeField, longitude: longitudeField });
export type MapPoint = z.output<typeof mapPoint>;

export const DeliveryZoneInput = z.strictObject({
	points: z.array(mapPoint).min(3, { error: "zoneTooFewPoints" }).max(100, { error: "zoneTooManyPoints" }),
	fee: moneyField,
	minOrder: moneyField,
});

/** Minutes since Sunday 00:00 at which a weekly window starts, and how long it lasts. */
export function weeklySpan(window: OpeningWindowInput): { start: number; length: number } {
	const opens = minutesOf(window.opensAt);
	const closes = minutesOf(window.closesAt);
	return {
		start: window.weekday * DAY_MINUTES + opens,
		length: closes > opens ? closes - opens : closes + DAY_MINUTES - opens,
	};
}

function minutesOf(clock: string): number {
	const [hours, minutes] = clock.split(":").map(Number) as [number, number];
	return hours * 60 + minutes;
}

/** Whether two weekly windows share a minute, on the week's circle (Saturday night runs into Sunday). */
export function windowsOverlap(a: OpeningWindowInput, b: OpeningWindowInput): boolean {
	const x = weeklySpan(a);
	const y = weeklySpan(b);
	const startsInside = (from: number, span: { start: number; length: number }) =>
		(((from - span.start) % WEEK_MINUTES) + WEEK_MINUTES) % WEEK_MINUTES < span.length;
	return startsInside(x.start, y) || startsInside(y.start, x);
}

type Vertex = { latitude: number; longitude: number };

function orientation(a: Vertex, b: Vertex, c: Vertex): number {
	const value =
		(b.longitude - a.longitude) * (c.latitude - a.latitude) - (b.latitude - a.latitude) * (c.longitude - a.longitude);
	return Math.abs(value) < 1e-14 ? 0 : Math.sign(value);
}

function onSegment(a: Vertex, b: Vertex, p: Vertex): boolean {
	return (
		Math.min(a.latitude, b.latitude) <= p.latitude &&
		p.latitude <= Math.max(a.latitude, b.latitude) &&
		Math.min(a.longitude, b.longitude) <= p.longitude &&
		p.longitude <= Math.max(a.longitude, b.longitude)
	);
}

function segmentsTouch(a: Vertex, b: Vertex, c: Vertex, d: Vertex): boolean {
	const o1 = orientation(a, b, c);
	const o2 = orientation(a, b, d);
	const o3 = orientation(c, d, a);
	const o4 = orientation(c, d, b);
	if (o1 !== o2 && o3 !== o4) return true;
	return (
		(o1 === 0 && onSegment(a, b, c)) ||
		(o2 === 0 && onSegment(a, b, d)) ||
		(o3 === 0 && onSegment(c, d, a)) ||
		(o4 === 0 && onSegment(c, d, b))
	);
}

/**
 * Whether a closed polygon's edges cross or touch anywhere but at the corners they share
 * (a bow tie, or a corner placed twice). Such a zone has no clear inside: refused.
 */
export function polygonSelfCrosses(points: readonly Vertex[]): boolean {
	const n = points.length;
	for (let i = 0; i < n; i++) {
		for (let j = i + 1; j < n; j++) {
			// Neighbouring edges share a corner; the first and last edges too.
			if (j === i + 1 || (i === 0 && j === n - 1)) continue;
			const a = points[i] as Vertex;
			const b = points[(i + 1) % n] as Vertex;
			const c = points[j] as Vertex;
			const d = points[(j + 1) % n] as Vertex;
			if (segmentsTouch(a, b, c, d)) return true;
		}
	}
	// A corner placed twice in a row makes a zero-length edge.
	return points.some((p, i) => {
		const q = points[(i + 1) % n] as Vertex;
		return p.latitude === q.latitude && p.longitude === q.longitude;
	});
}

export const ShopSettingsInput = z
	.strictObject({
		name: localizedText("fillShopName", 60),
		logo: oneLineText().max(300).nullable(),
		photos: z.array(oneLineText().max(300)).max(9, { error: "tooManyPhotos" }),
		notice: optionalLocalizedText(200),
		phone: oneLineText("fillPhone").trim().min(1, { error: "fillPhone" }).max(30, { error: "textTooLong" }),
		address: localizedText("fillShopAddress", 200),
		latitude: latitudeField,
		longitude: longitudeField,
		orderTypes: z.array(orderTypeField).min(1, { error: "chooseOrderTypes" }).max(ORDER_TYPES.length),
		preparationMinutes: z
			.number({ error: "fieldInvalid" })
			.int({ error: "fieldInvalid" })
			.min(0, { error: "fieldInvalid" })
			.max(240, { error: "fieldInvalid" }),
		weeklyHours: z.array(OpeningWindowInput).max(42),
		closures: z.array(ClosureInput).max(30),
		deliveryZones: z.array(DeliveryZoneInput).max(5),
	})
	.superRefine((settings, ctx) => {
		settings.weeklyHours.forEach((window, index) => {
			if (window.opensAt === window.closesAt)
				ctx.addIssue({ code: "custom", path: ["weeklyHours", index, "closesAt"], message: "closesEqualsOpens" });
		});
		settings.weeklyHours.forEach((window, index) => {
			const earlier = settings.weeklyHours.slice(0, index);
			if (
				window.opensAt !== window.closesAt &&
				earlier.some((other) => other.opensAt !== other.closesAt && windowsOverlap(window, other))
			)
				ctx.addIssue({ code: "custom", path: ["weeklyHours", index, "opensAt"], message: "hoursOverlap" });
		});
		settings.closures.forEach((closure, index) => {
			if (closure.endsOn < closure.startsOn)
				ctx.addIssue({ code: "custom", path: ["closures", index, "endsOn"], message: "closureDatesReversed" });
		});
		settings.deliveryZones.forEach((zone, index) => {
			if (polygonSelfCrosses(zone.points))
				ctx.addIssue({ code: "custom", path: ["deliveryZones", index, "points"], message: "zoneSelfCrossing" });
		});
		if (settings.orderTypes.length !== new Set(settings.orderTypes).size)
			ctx.addIssue({ code: "custom", path: ["orderTypes"], message: "fieldInvalid" });
	});
export type ShopSettingsInput = z.input<typeof ShopSettingsInput>;
export type ShopSettings = z.output<typeof ShopSettingsInput>;

/** Saves the settings seen at `version`; a save on an older version is refused (ChangedBySomeoneElse). */
export const SaveShopSettingsInput = z.strictObject({
	shopId: idField,
	version: z.number({ error: "fieldInvalid" }).int({ error: "fieldInvalid" }).min(1, { error: "fieldInvalid" }),
	settings: ShopSettingsInput,
});

/** Minutes a busy kitchen may pause new orders for. */
export const PAUSE_MINUTES = [15, 30, 60] as const;

/** Pauses new orders for 15, 30 or 60 minutes from now; 0 takes orders again at once. */
export const PauseShopInput = z.strictObject({
	shopId: idField,
	minutes: z.literal([...PAUSE_MINUTES, 0], { error: "fieldInvalid" }),
});

/**
 * `POST /merchant/shop/accepting-orders`: the owner or a manager opens the shop for orders, or
 * closes it until opened again. A new branch starts closed (decision 018, issue 27), so that it
 * takes no order before its owner has set its stock, tables and zone.
 */
export const SetAcceptingOrdersInput = z.strictObject({
	shopId: idField,
	accepting: z.boolean({ error: "fieldInvalid" }),
});
export type SetAcceptingOrdersInput = z.input<typeof SetAcceptingOrdersInput>;

/**
 * The rules preview: a draft of the settings (not saved) and a sample order: what would a
 * customer be told at that time, with that cart, for that order type and delivery point?
 */
export const PreviewShopRulesInput = z.strictObject({
	shopId: idField,
	settings: ShopSettingsInput,
	orderType: orderTypeField,
	lines: z.array(CartLineInput).min(1, { error: "previewPickItems" }).max(CART_MAX_LINES),
	location: mapPoint.optional(),
	/** The moment to judge at (ISO instant). */
	at: z.iso.datetime({ offset: true, error: "chooseCorrectTime" }),
});
export type PreviewShopRulesInput = z.input<typeof PreviewShopRulesInput>;

/** The settings page: what is saved, at which version, and the shop's state now. */
export interface ShopSettingsView {
	shopId: number;
	/** Send it back with the save: a save made on an older version is refused. */
	version: number;
	/** IANA zone the hours and closures are in. */
	timezone: string;
	settings: ShopSettings;
	/** When new orders are paused, until when (ISO instant); null when not paused. */
	pausedUntil: string | null;
	openState: ShopOpenState;
}

/** What a customer would be told, computed by the same rules checkout runs, on the draft. */
export interface ShopRulesPreview {
	at: string;
	openState: ShopOpenState;
	/** Delivery only: whether the point is served, and at which fee and minimum. */
	delivery: DeliveryCheck | null;
	/** The sample cart priced as the cart page and checkout would price it. */
	cart: PricedCart;
}

/** After a pause or resume. */
export interface ShopPauseState {
	shopId: number;
	pausedUntil: string | null;
	openState: ShopOpenState;
}
