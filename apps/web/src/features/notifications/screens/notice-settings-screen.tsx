import PlaceholderScreen from "../../../app/routes/placeholder-screen";

/** Issue 15: the member's Telegram message switches (being built). */
export default function NoticeSettingsScreen() {
	return <PlaceholderScreen />;
}
