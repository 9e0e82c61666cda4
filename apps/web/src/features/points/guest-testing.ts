import type {
	Address,
	PointsEntry,
	PointsItemDetail,
	PointsItemView,
	PointsSummary,
	RedemptionView,
} from "@bayon/contract";
import { shop, usdConfig } from "../../test/ordering-fixtures";
import { type RecordedAnswer, recordingServer } from "../../test/recording-server";

/** Fixtures of the member's points tests (never imported by the app). */

export function summary(extra: Partial<PointsSummary> = {}): PointsSummary {
	return { balance: 1500, pointsPerUnit: 2, multiplierPercent: 100, ...extra };
}

/** A tumbler for 1,200 points, 8 left, pickup or delivery, not redeemed by the reader. */
export function tumbler(extra: Partial<PointsItemView> = {}): PointsItemView {
	return {
		id: 11,
		name: "Bayon 随行杯",
		description: "不锈钢保温杯。\n容量 500 ml。",
		image: null,
		pointsPrice: 1200,
		stock: 8,
		redeemedCount: 2,
		fulfilments: ["pickup", "delivery"],
		myRedemptionId: null,
		...extra,
	};
}

/** A tote bag for 300 points, pickup only, with a picture. */
export function toteBag(extra: Partial<PointsItemView> = {}): PointsItemView {
	return {
		id: 12,
		name: "帆布袋",
		description: "",
		image: "/uploads/tote.webp",
		pointsPrice: 300,
		stock: 20,
		redeemedCount: 0,
		fulfilments: ["pickup"],
		myRedemptionId: null,
		...extra,
	};
}

export function itemDetail(extra: Partial<PointsItemDetail> = {}): PointsItemDetail {
	return { item: tumbler(), balance: 1500, redeem: { allowed: true }, ...extra };
}

export function redemption(extra: Partial<RedemptionView> = {}): RedemptionView {
	return {
		id: 305,
		itemId: 11,
		itemName: "Bayon 随行杯",
		itemImage: null,
		pointsPrice: 1200,
		fulfilment: "pickup",
		status: "pending",
		shop: { id: 1, name: "Bayon 河畔店", address: "金边西索瓦码头路 123 号" },
		deliveryAddress: null,
		trackingNote: null,
		cancelReason: null,
		createdAt: "2026-11-24T05:07:00.000Z",
		shippedAt: null,
		receivedAt: null,
		cancelledAt: null,
		actions: ["cancel"],
		pickupCode: "K7M2QXAB9C",
		...extra,
	};
}

/** The same redemption as a delivery to Dara's home, shipped with a courier's note. */
export function shippedDelivery(extra: Partial<RedemptionView> = {}): RedemptionView {
	return redemption({
		fulfilment: "delivery",
		status: "shipped",
		shop: null,
		deliveryAddress: { recipient: "Dara", phone: "13800000002", address: "金边堆谷区 51 街", houseNumber: "12B" },
		trackingNote: "J&T 6201 8894 1123",
		shippedAt: "2026-11-25T02:00:00.000Z",
		actions: ["confirmReceipt"],
		...extra,
	});
}

export function pointsEntry(id: number, extra: Partial<PointsEntry> = {}): PointsEntry {
	return {
		id,
		kind: "orderEarned",
		amount: 24,
		balanceAfter: 1500,
		orderId: 900 + id,
		orderNo: `B${1000 + id}`,
		redemptionId: null,
		itemName: null,
		createdAt: "2026-11-24T05:07:00.000Z",
		...extra,
	};
}

export function address(id: number, extra: Partial<Address> = {}): Address {
	return {
		id,
		recipient: "Dara",
		phone: "13800000002",
		address: `金边堆谷区 ${id} 街`,
		houseNumber: "",
		latitude: 11.56,
		longitude: 104.92,
		isDefault: false,
		deliverable: null,
		...extra,
	};
}

/** Two branches: the riverside one (1) and BKK1 (2). */
export const riverside = shop();
export const bkk1 = shop({ id: 2, name: "Bayon BKK1 店", address: "金边堆谷区 278 街 9 号" });

/**
 * Stubs fetch with answers per path (without /app-api); the app's configuration (USD) and
 * the live socket's ticket are answered unless given. Unknown paths answer an empty success.
 * Every call is recorded.
 */
export function pointsServer(byPath: Record<string, RecordedAnswer>) {
	return recordingServer({
		"/system/config": { code: 0, data: usdConfig },
		"/infra/ws/ticket": () => ({ ticket: "ticket-1", expiresIn: 60 }),
		...byPath,
	});
}
