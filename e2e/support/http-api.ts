import { existsSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { inject } from "vitest";
import { smsCodesSent, waitForSmsCode } from "./sms-outbox";

/** Calls the API the way the web app does (spec §7 headers), outside the browser. */
export async function apiCall<T>(
	path: string,
	options: {
		method?: "GET" | "POST";
		body?: unknown;
		token?: string;
		lang?: string;
		headers?: Record<string, string>;
	} = {},
): Promise<T> {
	const headers: Record<string, string> = {
		"tenant-id": "1",
		"shop-key": "bayon-demo",
		"x-lang": options.lang ?? "zh-CN",
		"accept-language": options.lang ?? "zh-CN",
	};
	if (options.token) headers.authorization = `Bearer ${options.token}`;
	if (options.body !== undefined) headers["content-type"] = "application/json";
	Object.assign(headers, options.headers);
	const response = await fetch(`${inject("baseUrl")}/app-api${path}`, {
		method: options.method ?? "GET",
		headers,
		body: options.body === undefined ? undefined : JSON.stringify(options.body),
	});
	const envelope = (await response.json()) as { code: number; msg: string; data: T };
	if (envelope.code !== 0) throw new Error(`${path} answered ${envelope.code}: ${envelope.msg}`);
	return envelope.data;
}

export interface ApiSession {
	accessToken: string;
	refreshToken: string;
	expiresTime: number;
}

/**
 * Signs a member in by SMS code (read from the outbox) and returns the access token.
 * Sessions are kept per phone in the shared data folder, so test files that run one after
 * another reuse them instead of asking the server for codes faster than its real limits
 * allow (one code per number per minute).
 */
export async function signInByApi(mobile: string): Promise<string> {
	return (await sessionFor(mobile)).accessToken;
}

export async function sessionFor(mobile: string): Promise<ApiSession> {
	const file = path.join(inject("dataDir"), "e2e-sessions.json");
	const cache = existsSync(file) ? (JSON.parse(readFileSync(file, "utf8")) as Record<string, ApiSession>) : {};
	const cached = cache[mobile];
	// Fresh on both clocks: the server's gave the expiry and runs up to a day ahead of this
	// machine's (the fixed clock, global-setup.ts); a page refreshes a session a minute before it
	// expires on the page's clock (the server's, or one a test installed), and a refresh the cache
	// does not know of makes its copy a reused refresh token, which ends the whole session.
	if (cached && cached.expiresTime - Math.max(Date.now(), await serverNow()) > 120_000) return cached;
	const session = await signInFresh(mobile);
	cache[mobile] = session;
	writeFileSync(file, JSON.stringify(cache));
	return session;
}

/**
 * Renews the cached session of `mobile` with its refresh token, as the app does when a member
 * comes back after the access token expired: after a test moved the server's clock forward, the
 * cached access token has expired on the server although this machine's clock says it has not.
 * No SMS code is sent.
 */
export async function refreshSession(mobile: string): Promise<ApiSession> {
	const file = path.join(inject("dataDir"), "e2e-sessions.json");
	const cache = JSON.parse(readFileSync(file, "utf8")) as Record<string, ApiSession>;
	const cached = cache[mobile];
	if (!cached) throw new Error(`no session of ${mobile} to refresh`);
	const session = await apiCall<ApiSession>("/member/auth/refresh-token", {
		method: "POST",
		body: { refreshToken: cached.refreshToken },
	});
	cache[mobile] = session;
	writeFileSync(file, JSON.stringify(cache));
	return session;
}

async function signInFresh(mobile: string): Promise<ApiSession> {
	const sentBefore = smsCodesSent(mobile);
	const sent = await rawCall<{ retryAfterSeconds?: number }>("/member/auth/send-sms-code", { mobile, scene: 1 });
	if (sent.code === RESEND_TOO_SOON) {
		// A browser test signed this number in through the page a moment ago: wait, as a user would.
		await new Promise((resolve) => setTimeout(resolve, ((sent.data?.retryAfterSeconds ?? 60) + 1) * 1000));
		return signInFresh(mobile);
	}
	if (sent.code !== 0) throw new Error(`send-sms-code answered ${sent.code}: ${sent.msg}`);
	const code = await waitForSmsCode(mobile, sentBefore);
	return apiCall<ApiSession>("/member/auth/sms-login", { method: "POST", body: { mobile, code } });
}

const RESEND_TOO_SOON = 1004001002;

async function rawCall<T>(urlPath: string, body: unknown): Promise<{ code: number; msg: string; data: T | null }> {
	const response = await fetch(`${inject("baseUrl")}/app-api${urlPath}`, {
		method: "POST",
		headers: { "tenant-id": "1", "shop-key": "bayon-demo", "content-type": "application/json" },
		body: JSON.stringify(body),
	});
	return (await response.json()) as { code: number; msg: string; data: T | null };
}

/** The demo merchant owner (README). */
export const DEMO_OWNER_MOBILE = "13800000001";

/**
 * Opens the app signed in as this member, the way a returning user finds it: the session
 * and profile already in the app's storage (keys of apps/web/src/lib/storage.ts). For
 * stories about something other than signing in, which account.e2e.test.ts covers.
 */
export async function openSignedIn(
	page: import("playwright-core").Page,
	mobile: string,
	urlPath: string,
): Promise<void> {
	const session = await sessionFor(mobile);
	const member = await apiCall<unknown>("/member/user/get-info", { token: session.accessToken });
	await page.goto("/pages/index/index");
	await page.evaluate(
		({ session, member }) => {
			localStorage.setItem("accessToken", session.accessToken);
			localStorage.setItem("refreshToken", session.refreshToken);
			localStorage.setItem("expiresTime", String(session.expiresTime));
			localStorage.setItem("userinfo", JSON.stringify(member));
		},
		{ session, member },
	);
	await page.goto(urlPath);
}

/** The server's clock now, in ms (GET /app-api/test/clock: the browser tests' server always runs a fake clock). */
export async function serverNow(): Promise<number> {
	const response = await fetch(`${inject("baseUrl")}/app-api/test/clock`, { headers: { "tenant-id": "1" } });
	const envelope = (await response.json()) as { code: number; msg: string; data: { now: string } | null };
	if (envelope.code !== 0 || !envelope.data) throw new Error(`/test/clock answered ${envelope.code}: ${envelope.msg}`);
	return Date.parse(envelope.data.now);
}
