import { isTelegramLaunch, loadTelegramScript, type TelegramWebApp } from "./telegram";

/** The part of Telegram.WebApp that scans QR codes (Bot API 6.4+). */
interface QrCapableWebApp extends TelegramWebApp {
	showScanQrPopup: (params: { text?: string }, callback?: (text: string) => boolean | undefined) => void;
	closeScanQrPopup?: () => void;
	isVersionAtLeast?: (version: string) => boolean;
}

function canScan(webApp: TelegramWebApp | null | undefined): webApp is QrCapableWebApp {
	if (!webApp || typeof (webApp as Partial<QrCapableWebApp>).showScanQrPopup !== "function") return false;
	const atLeast = (webApp as Partial<QrCapableWebApp>).isVersionAtLeast;
	return typeof atLeast === "function" ? atLeast.call(webApp, "6.4") : true;
}

/** Telegram's QR scanner when running inside a Telegram client that has one, else null. */
export async function telegramScanner(): Promise<QrCapableWebApp | null> {
	if (canScan(window.Telegram?.WebApp)) return window.Telegram?.WebApp as QrCapableWebApp;
	if (!isTelegramLaunch()) return null;
	const webApp = await loadTelegramScript();
	return canScan(webApp) ? webApp : null;
}

/**
 * Opens Telegram's scanner. `onText` decides: true closes the popup (a table code was found),
 * false keeps scanning.
 */
export function scanInTelegram(webApp: QrCapableWebApp, prompt: string, onText: (text: string) => boolean): void {
	webApp.showScanQrPopup({ text: prompt }, (text) => {
		const done = onText(text);
		if (done) webApp.closeScanQrPopup?.();
		return done;
	});
}
