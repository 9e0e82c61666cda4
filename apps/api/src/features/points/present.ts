import {
	localize,
	type PointsFulfilment,
	type PointsItemAdmin,
	type PointsItemView,
	type RedemptionView,
} from "@bayon/contract";
import { maskMobile } from "../../lib/mask.js";
import type { ItemRow, RedemptionRow, ShopNameRow } from "./queries.js";

/** Items and redemptions as the apps see them. */

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

export function fulfilmentsOf(row: Pick<ItemRow, "allow_pickup" | "allow_delivery">): PointsFulfilment[] {
	return [...(row.allow_pickup ? ["pickup" as const] : []), ...(row.allow_delivery ? ["delivery" as const] : [])];
}

export function presentItem(row: ItemRow, lang: string, myRedemptionId: number | null): PointsItemView {
	return {
		id: row.id,
		name: localize(row.name, lang),
		description: localize(row.description, lang),
		image: row.image,
		pointsPrice: row.points_price,
		stock: row.stock,
		redeemedCount: row.redeemed_count,
		fulfilments: fulfilmentsOf(row),
		myRedemptionId,
	};
}

export function presentItemAdmin(row: ItemRow): PointsItemAdmin {
	return {
		id: row.id,
		version: row.version,
		name: row.name,
		description: row.description,
		image: row.image,
		pointsPrice: row.points_price,
		stock: row.stock,
		redeemedCount: row.redeemed_count,
		fulfilments: fulfilmentsOf(row),
		sort: row.sort,
		onShelf: row.on_shelf,
	};
}

/**
 * Who reads a redemption decides what they are offered: the member cancels a pending one or
 * confirms receipt of a shipped one; the staff may cancel a pending one (handing over and
 * shipping follow from its fulfilment and state).
 */
export type RedemptionReader = { kind: "member" } | { kind: "staff"; member: { nickname: string; mobile: string } };

function actionsOf(row: RedemptionRow, reader: RedemptionReader): RedemptionView["actions"] {
	if (row.status === "pending") return ["cancel"];
	if (row.status === "shipped" && reader.kind === "member") return ["confirmReceipt"];
	return [];
}

export function presentRedemption(
	row: RedemptionRow,
	shop: ShopNameRow | undefined,
	lang: string,
	reader: RedemptionReader,
): RedemptionView {
	return {
		id: row.id,
		itemId: row.item_id,
		itemName: localize(row.item_name, lang),
		itemImage: row.item_image,
		pointsPrice: row.points_price,
		fulfilment: row.fulfilment,
		status: row.status,
		shop: shop ? { id: shop.id, name: localize(shop.name, lang), address: localize(shop.address, lang) } : null,
		deliveryAddress: row.delivery_address,
		trackingNote: row.tracking_note,
		cancelReason: row.cancel_reason,
		createdAt: new Date(row.created_at).toISOString(),
		shippedAt: iso(row.shipped_at),
		receivedAt: iso(row.received_at),
		cancelledAt: iso(row.cancelled_at),
		actions: actionsOf(row, reader),
		// The code is the member's proof at the counter: only they see it, and only while it opens something.
		...(reader.kind === "member" && row.fulfilment === "pickup" && row.status === "pending"
			? { pickupCode: row.pickup_code }
			: {}),
		// 138****0003: enough for the counter to tell members apart, not to call them.
		...(reader.kind === "staff"
			? { member: { nickname: reader.member.nickname, mobile: maskMobile(reader.member.mobile) } }
			: {}),
	};
}
