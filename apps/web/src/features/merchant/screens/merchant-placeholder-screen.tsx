import PlaceholderScreen from "../../../app/routes/placeholder-screen";
import { MerchantGuard } from "../merchant-guard";

/** Merchant pages a later issue fills (wallet, cash, …): still merchants only. */
export default function MerchantPlaceholderScreen() {
	return <MerchantGuard>{() => <PlaceholderScreen />}</MerchantGuard>;
}
