import type { Address, DeliveryCheck } from "@bayon/contract";
import { useQuery } from "@tanstack/react-query";
import { useEffect } from "react";
import { appStore, type DeliveryTarget, useAppState } from "../../lib/store";
import { deliveryKeys, fetchDeliveryCheck } from "./api";

/**
 * Where a delivery goes (spec §3 `address`): chosen on the address page, checked by the server
 * against the shop's zones. Only a point inside a zone is kept; the cart and checkout read it
 * with `useDeliveryTarget()` (and send `addressId` or the point to the server, which checks again).
 */

export type ChooseResult = { accepted: true; target: DeliveryTarget } | { accepted: false; check: DeliveryCheck };

async function choose(
	shopId: number,
	point: { latitude: number; longitude: number },
	address: Address | null,
): Promise<ChooseResult> {
	const check = await fetchDeliveryCheck(shopId, point);
	if (!check.inRange) return { accepted: false, check };
	const target: DeliveryTarget = {
		shopId,
		memberId: address ? (appStore.getState().member?.id ?? null) : null,
		address,
		latitude: point.latitude,
		longitude: point.longitude,
		check,
	};
	appStore.setState({ address: target });
	return { accepted: true, target };
}

/** Checks a saved address against the shop's zones; inside one, it becomes the delivery target. */
export function chooseDeliveryAddress(shopId: number, address: Address): Promise<ChooseResult> {
	return choose(shopId, address, address);
}

/** The same for a bare point (a visitor, or "deliver to where I am"). */
export function chooseDeliveryPoint(shopId: number, point: { latitude: number; longitude: number }) {
	return choose(shopId, point, null);
}

export function clearDeliveryTarget(): void {
	appStore.setState({ address: null });
}

/** After a saved address was deleted: stop delivering to it. */
export function forgetDeliveryAddress(addressId: number): void {
	if (appStore.getState().address?.address?.id === addressId) clearDeliveryTarget();
}

/** After a saved address was edited: deliver to its new text and point, if still inside a zone. */
export async function refreshDeliveryAddress(saved: Address): Promise<void> {
	const current = appStore.getState().address;
	if (current?.address?.id !== saved.id) return;
	try {
		const result = await chooseDeliveryAddress(current.shopId, saved);
		if (!result.accepted) clearDeliveryTarget();
	} catch {
		clearDeliveryTarget();
	}
}

export interface DeliveryTargetState {
	/** The chosen address or point, or null (none chosen, or it belongs to another member). */
	target: DeliveryTarget | null;
	/** The server's answer for the target and the current shop (re-asked when the shop changes). */
	check: DeliveryCheck | null;
	checking: boolean;
	error: unknown;
	recheck: () => void;
}

/** The delivery target for the shop being ordered from (the client state's `store`, else its own). */
export function useDeliveryTarget(): DeliveryTargetState {
	const stored = useAppState((s) => s.address);
	const memberId = useAppState((s) => s.member?.id ?? null);
	const storeId = useAppState((s) => s.store?.id ?? null);
	// A saved address only counts for the member it belongs to (not after signing out).
	const target = stored && (stored.address === null || stored.memberId === memberId) ? stored : null;
	// Someone else's saved address (after signing out) is not kept in this browser either.
	useEffect(() => {
		if (stored && !target) clearDeliveryTarget();
	}, [stored, target]);
	const shopId = storeId ?? target?.shopId ?? 0;
	const sameShop = target !== null && target.shopId === shopId;
	const query = useQuery({
		queryKey: deliveryKeys.check(shopId, target?.latitude ?? 0, target?.longitude ?? 0),
		queryFn: ({ signal }) =>
			fetchDeliveryCheck(shopId, target ?? { latitude: 0, longitude: 0 }, { toast: false, signal }),
		enabled: target !== null && shopId > 0,
		initialData: sameShop ? target.check : undefined,
		staleTime: 5 * 60_000,
	});
	return {
		target,
		check: target ? (query.data ?? null) : null,
		checking: query.isFetching,
		error: query.error,
		recheck: () => void query.refetch(),
	};
}
