import {
	type ApiEnvelope,
	type AuthSession,
	DEFAULT_TENANT_ID,
	DEMO_SHOP_KEY,
	ErrorCode,
	errorMessageKeys,
	Headers as HeaderNames,
	Limits,
	type MessageKey,
} from "@bayon/contract";
import { formatMessage, isMessageKey } from "./i18n/messages";
import { endLoading, hideLoading, showLoading } from "./loading";
import { currentLocation, goToUrl, navigateTo } from "./navigation";
import { clearSession, readAccessToken, readExpiresTime, readRefreshToken, saveSession } from "./session";
import { readString, StorageKeys } from "./storage";
import { appStore } from "./store";
import { showToast } from "./toast";

/**
 * The request layer: every call to the server goes through `request`, which implements the
 * spec's fixed client behaviours (§7 headers and base URL, §8 error catalogue) in one place.
 */

export const APP_API_PREFIX = "/app-api";
export const LOGIN_PATH = "/pages/components/pages/login/login";
export const REFRESH_TOKEN_PATH = "/member/auth/refresh-token";
/** Refresh the access token when it expires within this many ms. */
export const REFRESH_MARGIN_MS = 60_000;

/** A non-zero business code in an HTTP 200 envelope. */
export class ApiError<TData = unknown> extends Error {
	readonly code: number;
	readonly msg: string;
	readonly data: TData;
	/** True when the request layer already showed `msg` to the user. */
	readonly toasted: boolean;

	constructor(code: number, msg: string, data: TData, toasted: boolean) {
		super(msg);
		this.name = "ApiError";
		this.code = code;
		this.msg = msg;
		this.data = data;
		this.toasted = toasted;
	}
}

/**
 * The request did not produce an envelope: transport failure (status 0 network, 1 timeout)
 * or an HTTP status other than 200.
 */
export class RequestError extends Error {
	readonly status: number;
	/** Spec §8: set for a network error or HTTP 401; the user is sent to the login page. */
	readonly toLogin: boolean;
	readonly toasted: boolean;

	constructor(status: number, message: string, toLogin = false, toasted = false) {
		super(message);
		this.name = "RequestError";
		this.status = status;
		this.toLogin = toLogin;
		this.toasted = toasted;
	}
}

export type QueryValue = string | number | boolean | null | undefined;

export interface RequestOptions {
	method?: "GET" | "POST" | "PUT" | "DELETE";
	query?: Record<string, QueryValue>;
	/** Sent as JSON. */
	body?: unknown;
	/** Sent as multipart/form-data instead of `body`. */
	formData?: FormData;
	/**
	 * Spec §6 login flag: whether the call is made for a signed-in member (default true).
	 * When a login call fails with a network error or HTTP 401, the session is cleared and the
	 * login page is opened; public calls (language list, login itself) only reject.
	 */
	login?: boolean;
	/** Shows the blocking loading indicator while the call runs. */
	loading?: boolean;
	/** Toast business errors (default true, spec §8). */
	toast?: boolean;
	timeoutMs?: number;
	signal?: AbortSignal;
	/** Skip the access-token refresh check (the auth calls themselves). */
	skipRefresh?: boolean;
	/** Extra headers for this call (e.g. the idempotency key of an order). */
	headers?: Record<string, string>;
	/** A file download: an answer that is not JSON resolves as a Blob; a refusal is still an envelope. */
	file?: boolean;
}

function currentLanguage(): string {
	return appStore.getState().language.code;
}

function message(key: MessageKey, params?: Record<string, string | number>): string {
	return formatMessage(key, currentLanguage(), params);
}

/** `/api/...` goes to the bare host; everything else is under `/app-api`. */
export function buildUrl(path: string, query?: Record<string, QueryValue>): string {
	const clean = path.startsWith("/") ? path : `/${path}`;
	const isBareHost =
		clean === "/api" || clean.startsWith("/api/") || clean === APP_API_PREFIX || clean.startsWith(`${APP_API_PREFIX}/`);
	let url = isBareHost ? clean : `${APP_API_PREFIX}${clean}`;
	if (query) {
		const params = new URLSearchParams();
		for (const [key, value] of Object.entries(query)) {
			if (value !== undefined && value !== null) params.set(key, String(value));
		}
		const qs = params.toString();
		if (qs) url += `${url.includes("?") ? "&" : "?"}${qs}`;
	}
	return url;
}

/** Spec §7: the headers every call carries. */
export function buildHeaders(withAuth = true): Record<string, string> {
	const lang = currentLanguage();
	const headers: Record<string, string> = {
		[HeaderNames.shopKey]: DEMO_SHOP_KEY,
		[HeaderNames.tenant]: String(DEFAULT_TENANT_ID),
		"Accept-Language": lang,
		[HeaderNames.language]: lang,
	};
	const token = withAuth ? readAccessToken() : null;
	if (token) headers.Authorization = `Bearer ${token}`;
	return headers;
}

class TimeoutSignal extends Error {}

async function fetchWithTimeout(
	url: string,
	init: RequestInit,
	timeoutMs: number,
	outer?: AbortSignal,
): Promise<Response> {
	const controller = new AbortController();
	let timedOut = false;
	const timer = setTimeout(() => {
		timedOut = true;
		controller.abort();
	}, timeoutMs);
	const forwardAbort = () => controller.abort(outer?.reason);
	if (outer) {
		if (outer.aborted) controller.abort(outer.reason);
		else outer.addEventListener("abort", forwardAbort, { once: true });
	}
	try {
		return await fetch(url, { ...init, signal: controller.signal });
	} catch (error) {
		if (timedOut) throw new TimeoutSignal();
		throw error;
	} finally {
		clearTimeout(timer);
		outer?.removeEventListener("abort", forwardAbort);
	}
}

/**
 * The browser is leaving this page (a reload, a link to another document): it aborts the
 * calls in flight, and those are not network errors. Signing out because of them would
 * log the user out on every reload that happened to interrupt a request.
 */
let pageLeaving = false;
if (typeof window !== "undefined") {
	window.addEventListener("pagehide", () => {
		pageLeaving = true;
	});
	// Back from the back-forward cache: this page lives again.
	window.addEventListener("pageshow", () => {
		pageLeaving = false;
	});
}

/** Network error or HTTP 401 on a login call: clear the session and ask for the login page. */
function sendToLogin(): void {
	clearSession();
	if (window.location.pathname === LOGIN_PATH) return;
	const back = currentLocation();
	navigateTo(`${LOGIN_PATH}?redirect=${encodeURIComponent(back)}`);
}

function envelopeMessage(body: Partial<ApiEnvelope<unknown>> & { message?: unknown }): string {
	if (typeof body.msg === "string" && body.msg) return body.msg;
	if (typeof body.message === "string" && body.message) return body.message;
	return "";
}

/** The text to show for a business code whose envelope carried no message. */
function fallbackMessage(code: number): string {
	const key = (errorMessageKeys as Record<number, string>)[code];
	return key && isMessageKey(key) ? message(key) : message("requestFailed");
}

let refreshInFlight: Promise<void> | null = null;

/**
 * Before a call: when the access token expires within a minute and a refresh token exists,
 * exchange it once (concurrent calls share the same exchange). A failed exchange signs out.
 */
export async function ensureFreshSession(): Promise<void> {
	const refreshToken = readRefreshToken();
	const expiresTime = readExpiresTime();
	if (!refreshToken || expiresTime === null) return;
	if (expiresTime - Date.now() > REFRESH_MARGIN_MS) return;
	if (!refreshInFlight) {
		refreshInFlight = refreshSession(refreshToken).finally(() => {
			refreshInFlight = null;
		});
	}
	await refreshInFlight;
}

async function refreshSession(refreshToken: string): Promise<void> {
	try {
		const response = await fetchWithTimeout(
			buildUrl(REFRESH_TOKEN_PATH),
			{
				method: "POST",
				headers: { ...buildHeaders(false), "Content-Type": "application/json" },
				body: JSON.stringify({ refreshToken }),
			},
			Limits.requestTimeoutMs,
		);
		const body = response.status === 200 ? ((await response.json()) as ApiEnvelope<AuthSession>) : null;
		if (body && body.code === ErrorCode.Success && body.data?.accessToken) {
			saveSession(body.data);
			return;
		}
	} catch {
		// The page is going away mid-refresh: the next page load refreshes again.
		if (pageLeaving) return;
		// Otherwise fall through: a refresh that cannot complete ends the session.
	}
	// Another tab refreshed first (both sent the same token; the server refused the second):
	// the new pair is already in the shared storage, and this tab goes on with it.
	if (readRefreshToken() !== refreshToken && readRefreshToken() !== null) return;
	clearSession();
}

/** Sends one call and unwraps the `{code, msg, data}` envelope. Resolves with `data`. */
export async function request<T>(path: string, options: RequestOptions = {}): Promise<T> {
	const {
		method = "GET",
		query,
		body,
		formData,
		login = true,
		loading = false,
		toast = true,
		timeoutMs = Limits.requestTimeoutMs,
		signal,
		skipRefresh = false,
		headers: extraHeaders,
		file = false,
	} = options;

	if (!skipRefresh) await ensureFreshSession();

	const headers = { ...buildHeaders(), ...extraHeaders };
	let payload: BodyInit | undefined;
	if (formData) payload = formData;
	else if (body !== undefined) {
		headers["Content-Type"] = "application/json";
		payload = JSON.stringify(body);
	}

	if (loading) showLoading();
	const retryable = mayRetryWhenUnavailable(method, headers);
	let response: Response;
	for (let attempt = 0; ; attempt++) {
		try {
			response = await fetchWithTimeout(
				buildUrl(path, query),
				{ method, headers, body: payload, credentials: "same-origin" },
				timeoutMs,
				signal,
			);
		} catch (error) {
			if (loading) endLoading();
			if (error instanceof TimeoutSignal) {
				throw new RequestError(1, message("requestTimeout", { ms: timeoutMs }));
			}
			// A call the screen itself cancelled (unmount, new search), or one the browser dropped
			// because the page is going away, is not a network failure.
			if (signal?.aborted || pageLeaving) throw error;
			if (login) sendToLogin();
			throw new RequestError(0, message("notLoggedIn"), true);
		}
		if (!(await isUnavailable(response)) || !retryable || attempt >= UNAVAILABLE_RETRIES) break;
		// "Unavailable for a moment, we'll retry" once, then the same call again after a wait.
		if (attempt === 0 && toast) showToast(message("serviceUnavailable"), Limits.toastMs);
		try {
			await waitBeforeRetry(unavailableRetryDelay(attempt, retryAfterSeconds(response)), signal);
		} catch (error) {
			if (loading) endLoading();
			throw error;
		}
	}
	if (loading) endLoading();

	if (await isUnavailable(response)) {
		// Still unavailable after the retries, or a write that cannot be repeated safely (no
		// idempotency key): nothing was done, and the person can try again in a moment.
		const text = message("serviceStillUnavailable");
		if (toast) showToast(text, Limits.toastMs);
		throw new RequestError(503, text, false, toast);
	}

	if (response.status === 401) {
		if (login) sendToLogin();
		throw new RequestError(401, message("notLoggedIn"), true);
	}

	if (response.status !== 200) {
		const errorBody = await readJsonBody(response);
		let toasted = false;
		if (errorBody && (errorBody.status === ErrorCode.ServiceNotice || errorBody.code === ErrorCode.ServiceNotice)) {
			const text = envelopeMessage(errorBody);
			if (text) {
				showToast(text, Limits.toastMs);
				toasted = true;
			}
		}
		throw new RequestError(response.status, message("requestFailed"), false, toasted);
	}

	if (file && !response.headers.get("content-type")?.includes("json")) return (await response.blob()) as T;
	const envelope = await readJsonBody(response);
	if (!envelope || typeof envelope.code !== "number") {
		throw new RequestError(response.status, message("requestFailed"));
	}
	if (envelope.code === ErrorCode.Success) return envelope.data as T;

	const code = envelope.code;
	const msg = envelopeMessage(envelope) || fallbackMessage(code);

	if (code === ErrorCode.Unauthorized) {
		hideLoading();
		clearSession();
		if (toast) showToast(msg, Limits.toastMs);
		throw new ApiError(code, msg, envelope.data ?? null, toast);
	}
	if (code === ErrorCode.WechatLoginFailed) {
		goToUrl(readString(StorageKeys.indexUrl) || "/");
		throw new ApiError(code, msg, envelope.data ?? null, false);
	}
	if (toast) showToast(msg, Limits.toastMs);
	throw new ApiError(code, msg, envelope.data ?? null, toast);
}

/**
 * A call answered HTTP 503 (the server cannot reach its database, or is too busy: nothing was
 * done, issue 27) is sent again this many times, with waits of about 1, 2 and 4 s (or the
 * server's Retry-After, at most 10 s). Only calls that are safe to repeat: reads, and writes
 * that carry an idempotency key (the server does such a write once, however often it is sent).
 */
export const UNAVAILABLE_RETRIES = 3;
const RETRY_BASE_MS = 1000;
const RETRY_MAX_MS = 10_000;

/**
 * HTTP 503 from our server (its envelope, code ServiceUnavailable) or from a proxy in front of
 * it; not the spec's service notice (5109, whose message is shown as it is).
 */
async function isUnavailable(response: Response): Promise<boolean> {
	if (response.status !== 503) return false;
	const body = await readJsonBody(response.clone());
	return body?.status !== ErrorCode.ServiceNotice && body?.code !== ErrorCode.ServiceNotice;
}

/** Whether a call may be sent again after a 503: a read, or a write with its idempotency key. */
export function mayRetryWhenUnavailable(method: string, headers: Record<string, string>): boolean {
	if (method === "GET") return true;
	return Object.entries(headers).some(([name, value]) => name.toLowerCase() === "idempotency-key" && value !== "");
}

/**
 * The wait before retry number `attempt + 1`: doubling from 1 s, at least the server's
 * Retry-After, at most 10 s, scaled into 50–100 % so that many clients do not come back at once.
 */
export function unavailableRetryDelay(attempt: number, retryAfter: number | null, random = Math.random): number {
	const step = Math.min(RETRY_MAX_MS, Math.max(RETRY_BASE_MS * 2 ** attempt, (retryAfter ?? 0) * 1000));
	return Math.round(step * (0.5 + random() / 2));
}

/** Retry-After in seconds (the server sends whole seconds); null when absent or not a number. */
function retryAfterSeconds(response: Response): number | null {
	const value = response.headers.get("retry-after");
	return value && /^\d{1,4}$/.test(value.trim()) ? Number(value.trim()) : null;
}

function waitBeforeRetry(ms: number, signal: AbortSignal | undefined): Promise<void> {
	return new Promise((resolve, reject) => {
		if (signal?.aborted) return reject(signal.reason);
		const timer = setTimeout(() => {
			signal?.removeEventListener("abort", abort);
			resolve();
		}, ms);
		const abort = () => {
			clearTimeout(timer);
			reject(signal?.reason);
		};
		signal?.addEventListener("abort", abort, { once: true });
	});
}

type LooseBody = Partial<ApiEnvelope<unknown>> & { message?: unknown; status?: unknown };

async function readJsonBody(response: Response): Promise<LooseBody | null> {
	try {
		const text = await response.text();
		if (!text) return null;
		const parsed: unknown = JSON.parse(text);
		return parsed && typeof parsed === "object" ? (parsed as LooseBody) : null;
	} catch {
		return null;
	}
}

type Shortcut = Omit<RequestOptions, "method" | "body" | "query" | "formData">;

export const api = {
	get<T>(path: string, query?: Record<string, QueryValue>, options?: Shortcut): Promise<T> {
		return request<T>(path, { ...options, method: "GET", query });
	},
	post<T>(path: string, body?: unknown, options?: Shortcut): Promise<T> {
		return request<T>(path, { ...options, method: "POST", body: body ?? {} });
	},
	/** Multipart upload of one file under the field name `file`. */
	upload<T>(path: string, file: Blob, fileName?: string, options?: Shortcut): Promise<T> {
		const form = new FormData();
		if (fileName) form.append("file", file, fileName);
		else form.append("file", file);
		return request<T>(path, { ...options, method: "POST", formData: form });
	},
};

/** The text to show for any error thrown by the request layer (or anything else). */
export function errorText(error: unknown): string {
	if (error instanceof ApiError || error instanceof RequestError) return error.message;
	return message("requestFailed");
}

/** Whether the request layer already told the user about this error. */
export function wasToasted(error: unknown): boolean {
	return (error instanceof ApiError || error instanceof RequestError) && error.toasted;
}
