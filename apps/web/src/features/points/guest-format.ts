import type { PointsFulfilment, RedemptionStatus, RedemptionView } from "@bayon/contract";
import type { PointsTextKey } from "./guest-strings";

/** 200 → "2", 150 → "1.5", 125 → "1.25": a VIP card's points multiplier as people write it. */
export function multiplierText(percent: number): string {
	return String(Math.round(percent) / 100);
}

/** `?id=` and the like: a positive whole number, else null. */
export function positiveId(value: string | null): number | null {
	const id = Number(value);
	return value && Number.isSafeInteger(id) && id > 0 ? id : null;
}

/**
 * A redemption's state in words: "to collect" or "to ship" while pending, "collected" or
 * "received" once done, by how the member gets it.
 */
export function statusKey(redemption: Pick<RedemptionView, "status" | "fulfilment">): PointsTextKey {
	switch (redemption.status) {
		case "pending":
			return `status.pending.${redemption.fulfilment}`;
		case "received":
			return `status.received.${redemption.fulfilment}`;
		default:
			return `status.${redemption.status}`;
	}
}

export type StepKey = "step.redeemed" | "step.handedOver" | "step.shipped" | "step.received";

/** The step line: a pickup is redeemed then collected; a delivery redeemed, shipped, received. */
export function redemptionSteps(fulfilment: PointsFulfilment): StepKey[] {
	return fulfilment === "pickup"
		? ["step.redeemed", "step.handedOver"]
		: ["step.redeemed", "step.shipped", "step.received"];
}

/** How many steps of the line are done; null for a cancelled redemption (no line, the state says it). */
export function stepsReached(status: RedemptionStatus, fulfilment: PointsFulfilment): number | null {
	switch (status) {
		case "pending":
			return 1;
		case "shipped":
			return 2;
		case "received":
			return redemptionSteps(fulfilment).length;
		default:
			return null;
	}
}
