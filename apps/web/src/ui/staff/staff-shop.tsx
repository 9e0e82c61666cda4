import type { MerchantShopRef } from "@bayon/contract";
import { createContext, type ReactNode, useContext } from "react";

const StaffShopContext = createContext<MerchantShopRef | null>(null);

/**
 * Given by the staff frame (`app/merchant/merchant-guard.tsx`), which the router puts around
 * every staff page: the shop the signed-in staff member works in, with their role there. A page
 * is rendered only once the frame has let the member in, so the shop is always there.
 */
export const StaffShopProvider = StaffShopContext.Provider;

/** The shop of the staff page being shown (the frame's answer). */
export function useStaffShop(): MerchantShopRef {
	const shop = useContext(StaffShopContext);
	if (!shop) throw new Error("a staff page rendered outside the staff frame (app/merchant/)");
	return shop;
}

/** A staff page's content, handed the frame's shop. */
export function StaffShop({ children }: { children: (shop: MerchantShopRef) => ReactNode }) {
	return <>{children(useStaffShop())}</>;
}
