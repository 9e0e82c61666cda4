import MerchantPlaceholderScreen from "../../merchant/screens/merchant-placeholder-screen";

/** Issue 15: the owner links the shop's Telegram staff group (being built). */
export default function StaffTelegramGroupScreen() {
	return <MerchantPlaceholderScreen />;
}
