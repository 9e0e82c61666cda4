import type { TelegramAddUserResult, TelegramSyncUserResult } from "@bayon/contract";
import { api } from "../../lib/api-client";
import { appStore, isLoggedIn } from "../../lib/store";
import { getTelegramLaunch, type TelegramLaunch } from "../../lib/telegram";
import { startSession } from "./api";

let launch: TelegramLaunch | null = null;

/**
 * At start inside Telegram: post the user's data and the raw initData to /api/v1/addUser.
 * When the identity is linked, the answer carries a session and the user is signed in.
 * Outside Telegram nothing happens (and Telegram's script is never loaded).
 */
export async function startTelegramSession(): Promise<void> {
	launch = await getTelegramLaunch();
	if (!launch) return;
	const { payload } = launch;
	appStore.setState({
		telegramUser: { chatId: String(payload.chat_id ?? ""), userName: payload.user_name ?? "" },
	});
	try {
		const result = await api.post<TelegramAddUserResult>("/api/v1/addUser", payload, {
			login: false,
			toast: false,
		});
		if (result.session) {
			await startSession(result.session);
		} else if (!result.linked && isLoggedIn()) {
			// Signed in by SMS earlier in this WebView: link the identity now.
			await syncTelegramIdentity();
		}
	} catch (error) {
		console.warn("Telegram sign-in failed", error);
	}
}

/** After an SMS login inside Telegram: link the Telegram identity to the member. */
export async function syncTelegramIdentity(): Promise<TelegramSyncUserResult | null> {
	if (!launch) return null;
	return api.post<TelegramSyncUserResult>("/api/v1/syncUser", launch.payload);
}

export function isInsideTelegram(): boolean {
	return launch !== null;
}
