import { createHmac } from "node:crypto";
import type { BrowserContext } from "playwright-core";
import { inject } from "vitest";

export interface TelegramUser {
	id: number;
	first_name: string;
	last_name?: string;
	username?: string;
	language_code?: string;
	allows_write_to_pm?: boolean;
}

/**
 * Launch data as Telegram would sign it for our bot (security-and-money.md A5): the sorted
 * key=value lines, HMAC-SHA256 with the key HMAC_SHA256("WebAppData", bot token).
 */
export function signInitData(
	user: TelegramUser,
	// Signed "now" on the server's clock, which checks its age (the browser tests' fixed clock).
	authDate = Math.floor((Date.now() + inject("serverClockOffsetMs")) / 1000),
): string {
	const fields: Record<string, string> = {
		auth_date: String(authDate),
		query_id: `AAE${user.id}`,
		user: JSON.stringify(user),
		// Real launches since Bot API 8.0 carry an Ed25519 `signature` (covered by the hash);
		// the server currently requires the field, so it is present here.
		signature: "e2e-signature-not-checked-by-first-party-validation",
	};
	const dataCheckString = Object.keys(fields)
		.sort()
		.map((key) => `${key}=${fields[key]}`)
		.join("\n");
	const secret = createHmac("sha256", "WebAppData").update(inject("telegramBotToken")).digest();
	const hash = createHmac("sha256", secret).update(dataCheckString).digest("hex");
	return new URLSearchParams({ ...fields, hash }).toString();
}

/** The URL hash Telegram opens a Mini App with. */
export function launchHash(initData: string): string {
	return `#tgWebAppData=${encodeURIComponent(initData)}&tgWebAppVersion=8.0&tgWebAppPlatform=ios`;
}

const TELEGRAM_SCRIPT = "https://telegram.org/js/telegram-web-app.js";

/**
 * Telegram's script cannot be downloaded here: answer it with an empty script (so
 * `Telegram.WebApp` stays undefined and the app falls back to the hash) and count requests.
 */
export async function stubTelegramScript(context: BrowserContext): Promise<{ requests: number }> {
	const counter = { requests: 0 };
	await context.route(TELEGRAM_SCRIPT, (route) => {
		counter.requests += 1;
		return route.fulfill({ status: 200, contentType: "text/javascript", body: "" });
	});
	return counter;
}

/**
 * Links a signed-in member's account to a Telegram user over HTTP, as the Mini App does after an
 * SMS sign-in (/api/v1/syncUser), in `lang` (the bot then speaks it).
 */
export async function linkTelegram(accessToken: string, user: TelegramUser, lang?: string): Promise<void> {
	const response = await fetch(`${inject("baseUrl")}/api/v1/syncUser`, {
		method: "POST",
		headers: {
			"tenant-id": "1",
			"shop-key": "bayon-demo",
			"content-type": "application/json",
			authorization: `Bearer ${accessToken}`,
			...(lang ? { "x-lang": lang } : {}),
		},
		body: JSON.stringify({ initData: signInitData(user) }),
	});
	const envelope = (await response.json()) as { code: number; msg: string };
	if (envelope.code !== 0) throw new Error(`syncUser answered ${envelope.code}: ${envelope.msg}`);
}
