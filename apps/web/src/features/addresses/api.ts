import type { Address, DeliveryCheck, SaveAddressInput } from "@bayon/contract";
import { queryOptions } from "@tanstack/react-query";
import { api } from "../../lib/api-client";
import { queryClient } from "../../lib/query-client";
import { appStore } from "../../lib/store";

/** Keys carry the member, so one member never sees another's cached addresses. */
export const addressKeys = {
	all: ["addresses"] as const,
	/** Every list of the member's addresses (one per shop asked about). */
	member: (memberId: number) => ["addresses", memberId, "list"] as const,
	list: (memberId: number, shopId: number | null) => ["addresses", memberId, "list", shopId] as const,
	detail: (memberId: number, id: number) => ["addresses", memberId, "detail", id] as const,
};

export const deliveryKeys = {
	check: (shopId: number, latitude: number, longitude: number) =>
		["delivery-check", shopId, latitude, longitude] as const,
};

/**
 * GET address/list: the member's addresses, default first (also kept as the client's
 * `addresses`); with the shop ordered from, each says whether that shop delivers there.
 */
export const addressListQuery = (memberId: number, shopId: number | null = null) =>
	queryOptions({
		queryKey: addressKeys.list(memberId, shopId),
		queryFn: async () => {
			const list = await api.get<Address[] | null>("/address/list", shopId === null ? undefined : { shopId });
			const addresses = Array.isArray(list) ? list : [];
			appStore.setState({ addresses });
			return addresses;
		},
	});

export const addressDetailQuery = (memberId: number, id: number) =>
	queryOptions({
		queryKey: addressKeys.detail(memberId, id),
		queryFn: () => api.get<Address>(`/address/detail/${id}`),
		staleTime: 0,
	});

/** POST address/addAndEdit: adds (no id) or edits (with id). Errors are toasted by the request layer. */
export async function saveAddress(input: SaveAddressInput): Promise<Address> {
	const saved = await api.post<Address>("/address/addAndEdit", input, { loading: true });
	await queryClient.invalidateQueries({ queryKey: addressKeys.all });
	return saved;
}

export async function deleteAddress(id: number): Promise<void> {
	await api.post<boolean>(`/address/del/${id}`, {}, { loading: true });
	await queryClient.invalidateQueries({ queryKey: addressKeys.all });
}

export async function setDefaultAddress(id: number): Promise<void> {
	await api.post<boolean>(`/address/default/set/${id}`, {}, { loading: true });
	await queryClient.invalidateQueries({ queryKey: addressKeys.all });
}

/** GET store/delivery-check: is the point inside one of the shop's zones, at what fee and minimum. */
export function fetchDeliveryCheck(
	shopId: number,
	point: { latitude: number; longitude: number },
	options: { toast?: boolean; signal?: AbortSignal } = {},
): Promise<DeliveryCheck> {
	return api.get<DeliveryCheck>(
		"/store/delivery-check",
		{ shopId, lat: point.latitude, lng: point.longitude },
		{ login: false, ...options },
	);
}
