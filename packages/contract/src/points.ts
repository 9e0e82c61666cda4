import { z } from "zod";
import { idField, multiLineText, oneLineText, queryIdField, queryInteger } from "./common.js";
import { Limits } from "./constants.js";
import type { Localized } from "./i18n.js";
import { localizedNameInput } from "./stored-value.js";

/**
 * Points and the points mall (issue 13, decision 022). Points are earned when an order
 * completes (the owner's rate per currency unit of goods paid, times the VIP card's
 * multiplier), taken back when it is refunded, never earned on stored-value recharges
 * (spec §9). Every change is a row of the points ledger with the balance after it.
 *
 * The mall: items bought with points, one redemption per member per item (spec §9), handed
 * over at a shop or delivered to one of the member's addresses.
 */

export const POINTS_PER_UNIT_MAX = 100;
export const POINTS_ITEM_NAME_MAX = 30;
export const POINTS_ITEM_DESCRIPTION_MAX = 1000;
export const POINTS_PRICE_MAX = 10_000_000;
export const POINTS_STOCK_MAX = 100_000;
export const TRACKING_NOTE_MAX = 200;

/**
 * A redemption's pickup code (issue 27): random, unique in the tenant, what the member shows
 * (text and QR code) and the staff scan or type to hand a reward over. Ten characters of an
 * alphabet without look-alikes (no 0/O, 1/I/L): 31^10 ≈ 8·10^14 codes, so guessing one of a
 * shop's few open rewards is hopeless, yet it can be read aloud in two groups of five.
 */
export const PICKUP_CODE_LENGTH = 10;
export const PICKUP_CODE_ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ";

/**
 * The pickup code in what the staff typed or the camera read: upper-cased, spaces and dashes
 * dropped (codes are read aloud in groups), or the `code` parameter of a link. Null when
 * nothing shaped like a pickup code is there.
 */
export function pickupCodeOf(text: string): string | null {
	const upper = text.trim().toUpperCase();
	const candidate = /(?:^|[?&#\s])CODE=([A-Z0-9]+)/.exec(upper)?.[1] ?? upper.replace(/[\s-]+/g, "");
	if (candidate.length !== PICKUP_CODE_LENGTH) return null;
	return [...candidate].every((char) => PICKUP_CODE_ALPHABET.includes(char)) ? candidate : null;
}

/** A pickup code as people read it: two groups of five ("K7M2Q-XAB9C"). */
export function groupPickupCode(code: string): string {
	return `${code.slice(0, 5)}-${code.slice(5)}`;
}

// ---------------------------------------------------------------------------------------------
// The points ledger

export type PointsEntryKind = "orderEarned" | "orderReversed" | "redeemed" | "redemptionReturned";

export interface PointsEntry {
	id: number;
	kind: PointsEntryKind;
	/** Signed: positive earned or returned, negative spent or taken back. */
	amount: number;
	balanceAfter: number;
	orderId: number | null;
	orderNo: string | null;
	redemptionId: number | null;
	/** The mall item's name for redemptions, in the reader's language. */
	itemName: string | null;
	createdAt: string;
}

/** `GET /points/summary`: the balance and how points are earned. */
export interface PointsSummary {
	/** May be below zero after a refund took back points already spent. */
	balance: number;
	/** Points per one unit of the currency (e.g. per 1.00), before the VIP multiplier; 0 = no points. */
	pointsPerUnit: number;
	/** The member's active VIP card multiplier in percent (100 = ×1). */
	multiplierPercent: number;
}

/** `GET /points/bill?cursor=`: newest first. */
export const PointsBillQuery = z.object({
	cursor: oneLineText().max(40).regex(/^\d+$/, { error: "fieldInvalid" }).optional(),
	pageSize: queryInteger({ min: 1, max: Limits.pageSizeMax }).default(20),
});

export interface PointsBillPage {
	entries: PointsEntry[];
	nextCursor: string | null;
}

/** `POST /merchant/points/rule`: points per currency unit of goods paid (0 switches earning off). */
export const SavePointsRuleInput = z.strictObject({
	shopId: idField,
	pointsPerUnit: z
		.number({ error: "pointsRateInvalid" })
		.int({ error: "pointsRateInvalid" })
		.min(0, { error: "pointsRateInvalid" })
		.max(POINTS_PER_UNIT_MAX, { error: "pointsRateInvalid" }),
});
export type SavePointsRuleInput = z.input<typeof SavePointsRuleInput>;

export interface PointsRule {
	pointsPerUnit: number;
}

// ---------------------------------------------------------------------------------------------
// The mall

export const POINTS_FULFILMENTS = ["pickup", "delivery"] as const;
export type PointsFulfilment = (typeof POINTS_FULFILMENTS)[number];

/** An item as members see it (`GET /score-product/list`, `/score-product/detail`). */
export interface PointsItemView {
	id: number;
	name: string;
	description: string;
	image: string | null;
	pointsPrice: number;
	stock: number;
	redeemedCount: number;
	fulfilments: PointsFulfilment[];
	/** Signed in: the reader's open or finished redemption of this item (one per member, spec §9). */
	myRedemptionId: number | null;
}

export const PointsItemListQuery = z.object({
	keyword: oneLineText().trim().max(30).optional(),
});

export const PointsItemIdQuery = z.object({ id: queryIdField });

export interface PointsItemDetail {
	item: PointsItemView;
	/** Null for a visitor. */
	balance: number | null;
	/** Whether the reader can redeem it now, and if not why, in the reader's language. */
	redeem: { allowed: true } | { allowed: false; reason: string };
}

/** `POST /score-order/submit` (Idempotency-Key header required: a double tap redeems once). */
export const RedeemPointsItemInput = z
	.strictObject({
		itemId: idField,
		fulfilment: z.enum(POINTS_FULFILMENTS, { error: "chooseFulfilment" }),
		/** Pickup: the shop to collect it at. */
		shopId: idField.optional(),
		/** Delivery: one of the member's own addresses. */
		addressId: idField.optional(),
	})
	.refine((input) => input.fulfilment !== "pickup" || input.shopId !== undefined, {
		error: "choosePickupShop",
		path: ["shopId"],
	})
	.refine((input) => input.fulfilment !== "delivery" || input.addressId !== undefined, {
		error: "enterRecipientAndAddress",
		path: ["addressId"],
	});
export type RedeemPointsItemInput = z.input<typeof RedeemPointsItemInput>;

/** pending: to hand over (pickup) or to ship (delivery). */
export const REDEMPTION_STATUSES = ["pending", "shipped", "received", "cancelled"] as const;
export type RedemptionStatus = (typeof REDEMPTION_STATUSES)[number];

export interface RedemptionView {
	id: number;
	itemId: number;
	itemName: string;
	itemImage: string | null;
	pointsPrice: number;
	fulfilment: PointsFulfilment;
	status: RedemptionStatus;
	/** Pickup: where. */
	shop: { id: number; name: string; address: string } | null;
	/** Delivery: to whom and where. */
	deliveryAddress: { recipient: string; phone: string; address: string; houseNumber: string } | null;
	trackingNote: string | null;
	cancelReason: string | null;
	createdAt: string;
	shippedAt: string | null;
	receivedAt: string | null;
	cancelledAt: string | null;
	/** What the reader may do now: the member confirms receipt of a shipped item or cancels a pending one. */
	actions: Array<"confirmReceipt" | "cancel">;
	/**
	 * The member's own views of a pending pickup: the code they show at the counter. Never in
	 * the staff's views: the staff learn it only from the member's phone.
	 */
	pickupCode?: string;
	/** Staff views: who redeemed it. */
	member?: { nickname: string; mobile: string };
}

/** `GET /score-order/list?status=`: all, or one state. */
export const RedemptionListQuery = z.object({
	status: z.enum(REDEMPTION_STATUSES, { error: "fieldInvalid" }).optional(),
	page: queryInteger({ min: 1 }).default(1),
	pageSize: queryInteger({ min: 1, max: Limits.pageSizeMax }).default(20),
});

export const RedemptionIdQuery = z.object({ id: queryIdField });
/** `POST /score-order/take` (the member confirms receipt), `/score-order/cancel`. */
export const RedemptionIdInput = z.strictObject({ id: idField });

// Owner and staff pages

const itemDescription = multiLineText()
	.trim()
	.max(POINTS_ITEM_DESCRIPTION_MAX, { error: "pointsItemDescriptionTooLong" });
const versionField = z
	.number({ error: "fieldInvalid" })
	.int({ error: "fieldInvalid" })
	.min(1, { error: "fieldInvalid" });

const pointsStock = z
	.number({ error: "pointsStockInvalid" })
	.int({ error: "pointsStockInvalid" })
	.min(0, { error: "pointsStockInvalid" })
	.max(POINTS_STOCK_MAX, { error: "pointsStockInvalid" });

/** `POST /merchant/points-mall/items/save` (absent `id`: a new item). */
export const SavePointsItemInput = z
	.strictObject({
		shopId: idField,
		id: idField.optional(),
		version: versionField.optional(),
		name: localizedNameInput("pointsItemNameRequired", POINTS_ITEM_NAME_MAX, "pointsItemNameTooLong"),
		description: z
			.strictObject({
				"zh-CN": itemDescription.default(""),
				en: itemDescription.default(""),
				km: itemDescription.default(""),
			})
			.default({ "zh-CN": "", en: "", km: "" }),
		/** An uploaded image's URL (infra/file/upload), or null. */
		image: oneLineText().max(500).nullable().default(null),
		pointsPrice: z
			.number({ error: "pointsPriceInvalid" })
			.int({ error: "pointsPriceInvalid" })
			.min(1, { error: "pointsPriceInvalid" })
			.max(POINTS_PRICE_MAX, { error: "pointsPriceInvalid" }),
		stock: pointsStock,
		/**
		 * Saving an existing item: the stock the editor showed. Redemptions take stock while the
		 * owner types, so the server adds the difference typed − read to the stock as it is now
		 * (decision 022, issue 27); the on-shelf switch sends the stock it read twice (no change).
		 */
		stockRead: pointsStock.optional(),
		fulfilments: z
			.array(z.enum(POINTS_FULFILMENTS, { error: "fieldInvalid" }))
			.min(1, { error: "chooseFulfilment" })
			.max(2)
			.refine((list) => new Set(list).size === list.length, { error: "fieldInvalid" }),
		sort: z.number({ error: "fieldInvalid" }).int({ error: "fieldInvalid" }).min(0).max(1000).default(0),
		onShelf: z.boolean({ error: "fieldInvalid" }).default(true),
	})
	.refine((input) => input.id === undefined || input.version !== undefined, {
		error: "fieldInvalid",
		path: ["version"],
	})
	.refine((input) => input.id === undefined || input.stockRead !== undefined, {
		error: "fieldInvalid",
		path: ["stockRead"],
	});
export type SavePointsItemInput = z.input<typeof SavePointsItemInput>;

export interface PointsItemAdmin {
	id: number;
	version: number;
	name: Localized;
	description: Localized;
	image: string | null;
	pointsPrice: number;
	stock: number;
	redeemedCount: number;
	fulfilments: PointsFulfilment[];
	sort: number;
	onShelf: boolean;
}

/** `GET /merchant/points-mall?shopId=`: the items, the earning rule. */
export interface PointsMallAdmin {
	items: PointsItemAdmin[];
	rule: PointsRule;
}

/** `GET /merchant/points-mall/redemptions?shopId=&status=`: pickups at this shop and every delivery. */
export const MerchantRedemptionListQuery = z.object({
	shopId: queryIdField,
	status: z.enum(REDEMPTION_STATUSES, { error: "fieldInvalid" }).optional(),
	page: queryInteger({ min: 1 }).default(1),
	pageSize: queryInteger({ min: 1, max: Limits.pageSizeMax }).default(20),
});

/**
 * Hand over a pickup at the counter (it is then received), by the code the member shows:
 * scanned (the QR code's text) or typed. Anything that is not a code of a reward waiting at
 * this shop gets one answer, redemptionCodeUnknown.
 */
export const HandOverRedemptionInput = z.strictObject({
	shopId: idField,
	code: oneLineText("redemptionCodeUnknown")
		.trim()
		.min(1, { error: "redemptionCodeRequired", abort: true })
		.max(200, { error: "redemptionCodeUnknown" }),
});
/** Ship a delivery, with the courier and tracking number or a note. */
export const ShipRedemptionInput = z.strictObject({
	shopId: idField,
	id: idField,
	trackingNote: oneLineText()
		.trim()
		.min(1, { error: "enterTrackingNote" })
		.max(TRACKING_NOTE_MAX, { error: "enterTrackingNote" }),
});
/** Cancel a pending redemption: its points and stock go back. */
export const CancelRedemptionInput = z.strictObject({
	shopId: idField,
	id: idField,
	reason: multiLineText().trim().min(1, { error: "enterReason" }).max(100, { error: "enterReason" }),
});
