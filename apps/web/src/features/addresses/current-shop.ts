import { useCurrentShop as useOrderingShop } from "../venues/current-shop";

export interface CurrentShop {
	shopId: number | null;
	/** True while the shop is being looked up. */
	pending: boolean;
	error: unknown;
	retry: () => void;
}

/**
 * The shop whose zones and delivery checks the address pages use: the one asked for
 * (`?shop_id=`), else the shop the customer orders from (venues' current shop: chosen, scanned
 * table, cart, nearest).
 */
export function useShopForAddresses(requested: number | null = null): CurrentShop {
	const current = useOrderingShop();
	if (requested !== null) return { shopId: requested, pending: false, error: null, retry: () => undefined };
	return {
		shopId: current.data?.id ?? null,
		pending: current.isPending,
		error: current.isError ? current.error : null,
		retry: () => void current.refetch(),
	};
}

/** A positive integer from a query parameter, else null. */
export function idParam(raw: string | null): number | null {
	if (!raw || !/^\d{1,12}$/.test(raw)) return null;
	const value = Number(raw);
	return value > 0 ? value : null;
}
