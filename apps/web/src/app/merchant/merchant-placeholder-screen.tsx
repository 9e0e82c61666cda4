import { MerchantGuard } from "../../features/merchant/merchant-guard";
import PlaceholderScreen from "../routes/placeholder-screen";

/** Merchant pages a later issue fills (wallet, cash, …): still merchants only. */
export default function MerchantPlaceholderScreen() {
	return <MerchantGuard>{() => <PlaceholderScreen />}</MerchantGuard>;
}
