import { type MerchantShopRef, roleAllows, type ShopPermission } from "@bayon/contract";
import type { ReactNode } from "react";
import { StaffShop } from "../../ui/staff/staff-shop";
import { NotAllowedState } from "../../ui/states";
import { useLiveMoney } from "./money-api";
import { useMoneyText } from "./money-strings";

/** The permission the server checks for the wallet, the cards and the withdrawals (owner only). */
export const MONEY_PERMISSION: ShopPermission = "money";

/**
 * Every owner money page sits behind this: a signed-in member of the shop's staff (the merchant
 * guard), then the owner only: managers and staff read why instead (the server refuses their
 * calls anyway). While the page is open it follows the shop's `wallet.changed` live.
 */
export function MoneyAccess({ children }: { children: (shop: MerchantShopRef) => ReactNode }) {
	return <StaffShop>{(shop) => <OwnerOnly key={shop.shopId} shop={shop} render={children} />}</StaffShop>;
}

function OwnerOnly({ shop, render }: { shop: MerchantShopRef; render: (shop: MerchantShopRef) => ReactNode }) {
	const { mt } = useMoneyText();
	if (!roleAllows(shop.role, MONEY_PERMISSION))
		return <NotAllowedState message={mt("onlyOwner")} testId="money-not-allowed" />;
	return <LiveMoney shopId={shop.shopId}>{render(shop)}</LiveMoney>;
}

function LiveMoney({ shopId, children }: { shopId: number; children: ReactNode }) {
	useLiveMoney(shopId);
	return <>{children}</>;
}
