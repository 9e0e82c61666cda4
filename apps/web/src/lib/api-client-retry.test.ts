import { ErrorCode } from "@bayon/contract";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { api, RequestError, UNAVAILABLE_RETRIES, unavailableRetryDelay } from "./api-client";
import { formatMessage, loadMessages } from "./i18n/messages";
import { appStore } from "./store";
import { currentToast, hideToast } from "./toast";

/**
 * A call answered HTTP 503 (the server cannot reach its database, or is too busy; issue 27):
 * the app says it will retry and sends the call again, reads always, writes only with their
 * idempotency key (the same key and body), a bounded number of times, then tells the person
 * to try again in a moment. The session is kept throughout.
 */
interface Call {
	url: string;
	method: string;
	headers: Record<string, string>;
	body: string | undefined;
}

let calls: Call[] = [];

function unavailable(): Response {
	return new Response(
		JSON.stringify({ code: ErrorCode.ServiceUnavailable, msg: "unavailable", data: { retryAfterSeconds: 3 } }),
		{ status: 503, headers: { "Content-Type": "application/json", "Retry-After": "3" } },
	);
}

function ok(data: unknown): Response {
	return new Response(JSON.stringify({ code: 0, msg: "", data }), {
		status: 200,
		headers: { "Content-Type": "application/json" },
	});
}

/** The server answers 503 `failures` times, then succeeds. */
function serverUnavailableFor(failures: number) {
	calls = [];
	vi.stubGlobal(
		"fetch",
		vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
			const headers = Object.fromEntries(
				[...new Headers(init.headers).entries()].map(([name, value]) => [name.toLowerCase(), value]),
			);
			calls.push({
				url: String(input),
				method: init.method ?? "GET",
				headers,
				body: typeof init.body === "string" ? init.body : undefined,
			});
			return calls.length <= failures ? unavailable() : ok({ attempt: calls.length });
		}),
	);
}

const text = (key: "serviceUnavailable" | "serviceStillUnavailable") => formatMessage(key, "en");

beforeAll(() => loadMessages("en"));
beforeEach(() => {
	localStorage.clear();
	localStorage.setItem("accessToken", "access-1");
	localStorage.setItem("refreshToken", "refresh-1");
	localStorage.setItem("expiresTime", String(Date.now() + 15 * 60_000));
	appStore.reload();
	appStore.setState({ language: { code: "en", name: "English" } });
	hideToast();
	vi.useFakeTimers();
});
afterEach(() => {
	vi.useRealTimers();
	vi.unstubAllGlobals();
});

/** Lets the retries' waits pass (each at most 10 s). */
async function passRetries(times = UNAVAILABLE_RETRIES) {
	for (let step = 0; step < times; step++) await vi.advanceTimersByTimeAsync(10_000);
}

describe("a call answered 503", () => {
	it("is read again after a wait, telling the person it will retry, and resolves", async () => {
		serverUnavailableFor(2);
		const reading = api.get<{ attempt: number }>("/member/user/get-info");
		await vi.advanceTimersByTimeAsync(0);
		expect(calls).toHaveLength(1);
		expect(currentToast()?.text).toBe(text("serviceUnavailable"));
		await passRetries(2);
		expect(await reading).toEqual({ attempt: 3 });
		expect(calls.map((call) => call.url)).toEqual(Array(3).fill("/app-api/member/user/get-info"));
		// Still signed in: a 503 is not a reason to sign out.
		expect(localStorage.getItem("accessToken")).toBe("access-1");
	});

	it("waits before each retry, not at once", async () => {
		serverUnavailableFor(1);
		const reading = api.get("/member/user/get-info");
		// The server's Retry-After is 3 s: the retry comes after at least half of it.
		await vi.advanceTimersByTimeAsync(1400);
		expect(calls).toHaveLength(1);
		await vi.advanceTimersByTimeAsync(1600);
		expect(calls).toHaveLength(2);
		await reading;
	});

	it("sends a write with an idempotency key again, with the same key and body", async () => {
		serverUnavailableFor(1);
		const placing = api.post(
			"/order/create",
			{ shopId: 1, lines: [] },
			{ headers: { "idempotency-key": "order-key-1" } },
		);
		await passRetries(1);
		await placing;
		expect(calls).toHaveLength(2);
		expect(calls[1]?.headers["idempotency-key"]).toBe("order-key-1");
		expect(calls[1]?.body).toBe(calls[0]?.body);
		expect(calls[1]?.method).toBe("POST");
	});

	it("never repeats a write without an idempotency key: it fails at once with a message to try later", async () => {
		serverUnavailableFor(1);
		const error = await api.post("/member/user/update-nickname", { nickname: "Dara" }).catch((e: unknown) => e);
		expect(calls).toHaveLength(1);
		expect(error).toBeInstanceOf(RequestError);
		expect(error).toMatchObject({ status: 503, message: text("serviceStillUnavailable"), toLogin: false });
		expect(currentToast()?.text).toBe(text("serviceStillUnavailable"));
	});

	it("gives up after a few retries with a clear error, and keeps the session", async () => {
		serverUnavailableFor(Number.POSITIVE_INFINITY);
		let settled = false;
		const reading = api
			.get("/member/user/get-info")
			.catch((error: unknown) => error)
			.finally(() => {
				settled = true;
			});
		// Small steps: the last message is on screen for 2 s only.
		for (let step = 0; step < 100 && !settled; step++) await vi.advanceTimersByTimeAsync(500);
		const error = await reading;
		expect(calls).toHaveLength(1 + UNAVAILABLE_RETRIES);
		expect(error).toMatchObject({ status: 503, message: text("serviceStillUnavailable") });
		expect(currentToast()?.text).toBe(text("serviceStillUnavailable"));
		expect(localStorage.getItem("accessToken")).toBe("access-1");
	});

	it("stops retrying when the screen cancels the call", async () => {
		serverUnavailableFor(Number.POSITIVE_INFINITY);
		const controller = new AbortController();
		const reading = api.get("/member/user/get-info", undefined, { signal: controller.signal }).catch((e: unknown) => e);
		await vi.advanceTimersByTimeAsync(0);
		controller.abort();
		await passRetries();
		await reading;
		expect(calls).toHaveLength(1);
	});
});

describe("the wait before a retry", () => {
	it("doubles from a second, honours Retry-After, stays under 10 s, and is spread", () => {
		const full = () => 1;
		expect([0, 1, 2, 3, 4].map((attempt) => unavailableRetryDelay(attempt, null, full))).toEqual([
			1000, 2000, 4000, 8000, 10_000,
		]);
		expect(unavailableRetryDelay(0, 3, full)).toBe(3000);
		expect(unavailableRetryDelay(0, 600, full)).toBe(10_000);
		expect(unavailableRetryDelay(2, null, () => 0)).toBe(2000);
	});
});
