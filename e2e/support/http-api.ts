import { inject } from "vitest";
import { waitForSmsCode } from "./sms-outbox";

/** Calls the API the way the web app does (spec §7 headers), outside the browser. */
export async function apiCall<T>(
	path: string,
	options: { method?: "GET" | "POST"; body?: unknown; token?: string; lang?: string } = {},
): Promise<T> {
	const headers: Record<string, string> = {
		"tenant-id": "1",
		"shop-key": "bayon-demo",
		"x-lang": options.lang ?? "zh-CN",
		"accept-language": options.lang ?? "zh-CN",
	};
	if (options.token) headers.authorization = `Bearer ${options.token}`;
	if (options.body !== undefined) headers["content-type"] = "application/json";
	const response = await fetch(`${inject("baseUrl")}/app-api${path}`, {
		method: options.method ?? "GET",
		headers,
		body: options.body === undefined ? undefined : JSON.stringify(options.body),
	});
	const envelope = (await response.json()) as { code: number; msg: string; data: T };
	if (envelope.code !== 0) throw new Error(`${path} answered ${envelope.code}: ${envelope.msg}`);
	return envelope.data;
}

/** Signs a member in by SMS code (read from the outbox) and returns the access token. */
export async function signInByApi(mobile: string): Promise<string> {
	const since = Date.now();
	await apiCall("/member/auth/send-sms-code", { method: "POST", body: { mobile, scene: 1 } });
	const code = await waitForSmsCode(mobile, since);
	const session = await apiCall<{ accessToken: string }>("/member/auth/sms-login", {
		method: "POST",
		body: { mobile, code },
	});
	return session.accessToken;
}

/** The demo merchant owner (README). */
export const DEMO_OWNER_MOBILE = "13800000001";
