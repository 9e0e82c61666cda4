import { type MerchantShopRef, roleAllows } from "@bayon/contract";
import { StaffShop } from "../../../ui/staff/staff-shop";
import { NotAllowedState } from "../../../ui/states";
import { useWalletText } from "../wallet-strings";
import { ownerWalletSource } from "./wallet-api";
import { WalletView } from "./wallet-view";
import "../../../ui/controls.css";
import "../../../ui/staff/merchant.css";

/**
 * merchant/wallet (owner only, the `money` permission): what the shop earned, what it can take
 * out and every movement of its money (issue 14, decision 023). Managers and staff see why the
 * page is closed to them; the server refuses their calls anyway.
 */
export default function WalletScreen() {
	return <StaffShop>{(shop) => <WalletAccess key={shop.shopId} shop={shop} />}</StaffShop>;
}

function WalletAccess({ shop }: { shop: MerchantShopRef }) {
	const { wt } = useWalletText();
	if (!roleAllows(shop.role, "money"))
		return <NotAllowedState message={wt("notAllowed")} testId="wallet-not-allowed" />;
	return (
		<div className="merchant wallet-page" data-testid="wallet-page">
			<WalletView source={ownerWalletSource} shopId={shop.shopId} />
		</div>
	);
}
