import { initI18n } from "../lib/i18n";
import { initLanguage } from "../lib/i18n/language";
import { setNavigator } from "../lib/navigation";
import { Paths } from "../lib/paths";
import { StorageKeys, writeString } from "../lib/storage";
import { appStore } from "../lib/store";
import { isTelegramLaunch } from "../lib/telegram";
import type { AppRouter } from "./router";

/**
 * Spec §3 index_url: the page the app was opened on, where business code 1004004002 sends
 * the user back to. Login and logout pages are never stored (they would loop).
 */
function rememberIndexUrl(): void {
	const { origin, pathname, search } = window.location;
	const isAuthPage = pathname === Paths.login || pathname === Paths.logout;
	writeString(StorageKeys.indexUrl, isAuthPage ? `${origin}${Paths.home}` : `${origin}${pathname}${search}`);
}

/** Everything that must happen before the first screen renders (and what may run beside it). */
export async function boot(router: AppRouter): Promise<void> {
	setNavigator((to, options) => {
		void router.navigate(to, { replace: options?.replace ?? false });
	});
	rememberIndexUrl();

	// Another tab signed in or out: follow it.
	window.addEventListener("storage", (event) => {
		if (event.key === null || event.key === StorageKeys.accessToken || event.key === StorageKeys.member) {
			appStore.reload();
		}
	});

	// Telegram sign-in runs beside the first render (security-and-money.md D3); outside
	// Telegram its code is not even downloaded.
	if (isTelegramLaunch()) {
		void import("../features/identity/telegram-session").then((module) => module.startTelegramSession());
	}

	await initI18n();
	await initLanguage();
}
