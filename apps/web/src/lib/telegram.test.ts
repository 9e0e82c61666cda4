import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
	buildTelegramPayload,
	getTelegramLaunch,
	isTelegramLaunch,
	readHashLaunch,
	TELEGRAM_SCRIPT_URL,
} from "./telegram";

const user = {
	id: 5123456789,
	first_name: "Sok",
	last_name: "Dara",
	username: "sokdara",
	language_code: "km",
	allows_write_to_pm: true,
	photo_url: "https://t.me/i/userpic/320/sok.jpg",
};
const initData = new URLSearchParams({
	query_id: "AAHdF6IQAAAAAN0XohDhrOrc",
	user: JSON.stringify(user),
	auth_date: "1763700000",
	signature: "sig-abc",
	hash: "c0ffee",
}).toString();

function telegramScripts() {
	return [...document.querySelectorAll("script")].filter((s) => s.src === TELEGRAM_SCRIPT_URL);
}

beforeEach(() => {
	sessionStorage.clear();
	window.history.replaceState(null, "", "/pages/index/index");
	delete window.Telegram;
	for (const script of telegramScripts()) script.remove();
});

afterEach(() => {
	delete window.Telegram;
});

describe("Telegram launch data", () => {
	it("takes the spec's fields from initData and keeps the raw string", () => {
		expect(buildTelegramPayload(initData, { version: "8.0", platform: "ios" })).toEqual({
			initData,
			chat_id: 5123456789,
			user_name: "sokdara",
			query_id: "AAHdF6IQAAAAAN0XohDhrOrc",
			first_name: "Sok",
			last_name: "Dara",
			language_code: "km",
			allows_write_to_pm: true,
			photo_url: "https://t.me/i/userpic/320/sok.jpg",
			auth_date: "1763700000",
			signature: "sig-abc",
			hash: "c0ffee",
			version: "8.0",
			platform: "ios",
		});
	});

	it("leaves out fields Telegram did not send", () => {
		const minimal = new URLSearchParams({ user: JSON.stringify({ id: 1 }), auth_date: "1", hash: "h" }).toString();
		expect(buildTelegramPayload(minimal)).toEqual({ initData: minimal, chat_id: 1, auth_date: "1", hash: "h" });
	});

	it("reads the launch parameters from the hash, decoding initData once", () => {
		const hash = `#tgWebAppData=${encodeURIComponent(initData)}&tgWebAppVersion=8.0&tgWebAppPlatform=android`;
		expect(readHashLaunch(hash)).toEqual({ initData, version: "8.0", platform: "android" });
		expect(readHashLaunch("#section")).toBeNull();
	});
});

describe("detecting Telegram at start", () => {
	it("outside Telegram: nothing is detected and Telegram's script is never loaded", async () => {
		expect(isTelegramLaunch()).toBe(false);
		await expect(getTelegramLaunch()).resolves.toBeNull();
		expect(telegramScripts()).toHaveLength(0);
	});

	it("uses Telegram.WebApp when it is already there", async () => {
		let ready = false;
		window.Telegram = {
			WebApp: {
				initData,
				version: "7.10",
				platform: "tdesktop",
				ready: () => {
					ready = true;
				},
			},
		};
		expect(isTelegramLaunch()).toBe(true);

		const launch = await getTelegramLaunch();

		expect(launch?.payload).toMatchObject({ initData, chat_id: 5123456789, version: "7.10", platform: "tdesktop" });
		expect(ready).toBe(true);
		expect(telegramScripts()).toHaveLength(0);
	});

	it("injects Telegram's script when the launch data is in the hash", async () => {
		window.history.replaceState(
			null,
			"",
			`/pages/index/index#tgWebAppData=${encodeURIComponent(initData)}&tgWebAppVersion=8.0&tgWebAppPlatform=ios`,
		);
		expect(isTelegramLaunch()).toBe(true);

		const pending = getTelegramLaunch();
		const [script] = telegramScripts();
		expect(script).toBeDefined();
		// The WebView answers: the script defines Telegram.WebApp and fires load.
		window.Telegram = { WebApp: { initData, version: "8.0", platform: "ios" } };
		script?.dispatchEvent(new Event("load"));
		const launch = await pending;

		expect(launch?.payload).toMatchObject({ initData, user_name: "sokdara", version: "8.0", platform: "ios" });
	});

	it("remembers a hash launch at once, so a reload without the hash is still inside Telegram", () => {
		window.history.replaceState(null, "", `/pages/index/index#tgWebAppData=${encodeURIComponent(initData)}`);
		expect(isTelegramLaunch()).toBe(true);

		window.history.replaceState(null, "", "/pages/mine/mine");
		expect(isTelegramLaunch()).toBe(true);
		sessionStorage.clear();
		expect(isTelegramLaunch()).toBe(false);
	});
});
