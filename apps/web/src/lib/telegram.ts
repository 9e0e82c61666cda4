import type { TelegramUserInput } from "@bayon/contract";

/**
 * The Telegram Mini App bridge. Telegram opens the app either with `Telegram.WebApp` already
 * present (its script was loaded by the page) or with the launch data in the URL hash
 * (`#tgWebAppData=…`). Only in the second case is Telegram's script injected: outside
 * Telegram it is never downloaded.
 */

export const TELEGRAM_SCRIPT_URL = "https://telegram.org/js/telegram-web-app.js";
const SCRIPT_TIMEOUT_MS = 5000;
/** Navigation inside the app drops the hash; a reload inside the WebView still knows it is in Telegram. */
const SESSION_KEY = "bayon.telegramLaunch";

export interface TelegramWebApp {
	initData: string;
	version?: string;
	platform?: string;
	ready?: () => void;
	expand?: () => void;
}

declare global {
	interface Window {
		Telegram?: { WebApp?: TelegramWebApp };
	}
}

export interface TelegramLaunch {
	/** The body posted to /api/v1/addUser and /api/v1/syncUser. */
	payload: TelegramUserInput;
	webApp: TelegramWebApp | null;
}

interface TelegramUserJson {
	id?: number | string;
	username?: string;
	first_name?: string;
	last_name?: string;
	language_code?: string;
	allows_write_to_pm?: boolean;
	photo_url?: string;
}

function parseUser(raw: string | null): TelegramUserJson | null {
	if (!raw) return null;
	try {
		const value: unknown = JSON.parse(raw);
		return value && typeof value === "object" ? (value as TelegramUserJson) : null;
	} catch {
		return null;
	}
}

function definedOnly<T extends Record<string, unknown>>(value: T): T {
	return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined && v !== null && v !== "")) as T;
}

/**
 * Spec §3 messaging-user fields taken from the raw initData, plus the raw string itself
 * (the server trusts only what its signature proves).
 */
export function buildTelegramPayload(
	initData: string,
	client: { version?: string | null; platform?: string | null } = {},
): TelegramUserInput {
	const params = new URLSearchParams(initData);
	const user = parseUser(params.get("user"));
	return definedOnly({
		initData,
		chat_id: user?.id,
		user_name: user?.username,
		query_id: params.get("query_id") ?? undefined,
		last_name: user?.last_name,
		first_name: user?.first_name,
		language_code: user?.language_code,
		allows_write_to_pm: typeof user?.allows_write_to_pm === "boolean" ? user.allows_write_to_pm : undefined,
		photo_url: user?.photo_url,
		auth_date: params.get("auth_date") ?? undefined,
		signature: params.get("signature") ?? undefined,
		hash: params.get("hash") ?? undefined,
		version: client.version ?? undefined,
		platform: client.platform ?? undefined,
	}) as TelegramUserInput;
}

/** The Telegram launch parameters carried in a URL hash, if any. */
export function readHashLaunch(
	hash: string,
): { initData: string; version: string | null; platform: string | null } | null {
	if (!hash.includes("tgWebAppData=")) return null;
	const params = new URLSearchParams(hash.replace(/^#/, ""));
	const initData = params.get("tgWebAppData");
	if (!initData) return null;
	return { initData, version: params.get("tgWebAppVersion"), platform: params.get("tgWebAppPlatform") };
}

let scriptPromise: Promise<TelegramWebApp | null> | null = null;

/** Injects Telegram's script once and resolves with `Telegram.WebApp` (null if it fails to load). */
export function loadTelegramScript(): Promise<TelegramWebApp | null> {
	if (window.Telegram?.WebApp) return Promise.resolve(window.Telegram.WebApp);
	scriptPromise ??= new Promise((resolve) => {
		const script = document.createElement("script");
		script.src = TELEGRAM_SCRIPT_URL;
		script.async = true;
		const timer = setTimeout(() => resolve(window.Telegram?.WebApp ?? null), SCRIPT_TIMEOUT_MS);
		script.onload = () => {
			clearTimeout(timer);
			resolve(window.Telegram?.WebApp ?? null);
		};
		script.onerror = () => {
			clearTimeout(timer);
			resolve(null);
		};
		document.head.appendChild(script);
	});
	return scriptPromise;
}

function readSessionLaunch(): { initData: string; version: string | null; platform: string | null } | null {
	try {
		const raw = sessionStorage.getItem(SESSION_KEY);
		return raw ? (JSON.parse(raw) as { initData: string; version: string | null; platform: string | null }) : null;
	} catch {
		return null;
	}
}

function rememberLaunch(value: { initData: string; version: string | null; platform: string | null }): void {
	try {
		sessionStorage.setItem(SESSION_KEY, JSON.stringify(value));
	} catch {
		// ignore: only reloads lose the Telegram context
	}
}

/**
 * Synchronous check at start: is this page running inside Telegram? Launch data found in the
 * hash is remembered at once, so a reload or an early navigation (which drop the hash) still
 * knows it.
 */
export function isTelegramLaunch(): boolean {
	if (window.Telegram?.WebApp?.initData) return true;
	const fromHash = readHashLaunch(window.location.hash);
	if (fromHash) {
		rememberLaunch(fromHash);
		return true;
	}
	return readSessionLaunch() !== null;
}

/**
 * Detects a Telegram launch: `Telegram.WebApp.initData` non-empty, or `tgWebAppData=` in the
 * hash (then Telegram's script is injected). Returns null outside Telegram.
 */
export async function getTelegramLaunch(): Promise<TelegramLaunch | null> {
	const present = window.Telegram?.WebApp;
	if (present?.initData) {
		present.ready?.();
		return { payload: buildTelegramPayload(present.initData, present), webApp: present };
	}
	const fromHash = readHashLaunch(window.location.hash) ?? readSessionLaunch();
	if (!fromHash) return null;
	rememberLaunch(fromHash);
	const webApp = await loadTelegramScript();
	webApp?.ready?.();
	webApp?.expand?.();
	const initData = webApp?.initData || fromHash.initData;
	return {
		payload: buildTelegramPayload(initData, {
			version: webApp?.version ?? fromHash.version,
			platform: webApp?.platform ?? fromHash.platform,
		}),
		webApp,
	};
}
