import type { MemberInfo } from "@bayon/contract";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { ApiError, api, LOGIN_PATH, RequestError, request } from "./api-client";
import { loadMessages } from "./i18n/messages";
import { isLoading, showLoading } from "./loading";
import { appStore } from "./store";
import { currentToast, hideToast } from "./toast";

/** The server, as seen by the client: a fake `fetch` recording every call. */
interface Call {
	url: string;
	method: string;
	headers: Record<string, string>;
	body: unknown;
	signal: AbortSignal | null | undefined;
}

type Responder = (call: Call) => Response | Promise<Response>;

let calls: Call[] = [];

function json(body: unknown, status = 200): Response {
	return new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });
}

function ok(data: unknown): Response {
	return json({ code: 0, msg: "", data });
}

/** Like a real fetch that never answers: it rejects only when its signal aborts. */
function hangUntilAborted(call: Call): Promise<Response> {
	return new Promise<Response>((_, reject) => {
		const abort = () => reject(new DOMException("aborted", "AbortError"));
		if (call.signal?.aborted) abort();
		else call.signal?.addEventListener("abort", abort);
	});
}

function fakeServer(respond: Responder) {
	calls = [];
	const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
		const headers = Object.fromEntries(
			[...new Headers(init.headers).entries()].map(([name, value]) => [name.toLowerCase(), value]),
		);
		const body =
			typeof init.body === "string"
				? (JSON.parse(init.body) as unknown)
				: init.body instanceof FormData
					? init.body
					: undefined;
		const call: Call = { url: String(input), method: init.method ?? "GET", headers, body, signal: init.signal };
		calls.push(call);
		return respond(call);
	});
	vi.stubGlobal("fetch", fetchMock);
	return fetchMock;
}

const member: MemberInfo = {
	id: 7,
	nickname: "Dara",
	avatar: null,
	mobile: "13800000002",
	gender: 0,
	birthday: null,
	balance: 1250,
	points: 30,
	couponCount: 1,
	userType: "user",
	isMerchant: false,
	merchantShops: [],
	telegramLinked: false,
	isPlatformOperator: false,
	isBusinessAdmin: false,
};

function signIn(expiresInMs = 15 * 60_000) {
	localStorage.setItem("accessToken", "access-1");
	localStorage.setItem("refreshToken", "refresh-1");
	localStorage.setItem("expiresTime", String(Date.now() + expiresInMs));
	localStorage.setItem("userinfo", JSON.stringify(member));
	appStore.reload();
}

// The app loads a language's messages when it switches to it; here the store is set directly.
beforeAll(() => loadMessages("en"));

function useLanguage(code: string) {
	appStore.setState({ language: { code, name: code } });
}

beforeEach(() => {
	localStorage.clear();
	appStore.reload();
	hideToast();
	window.history.replaceState(null, "", "/pages/mine/mine");
});

afterEach(() => {
	vi.useRealTimers();
});

describe("URL and headers (spec §7)", () => {
	it("sends every call under /app-api with the spec headers", async () => {
		signIn();
		useLanguage("km");
		fakeServer(() => ok({ fine: true }));

		const data = await api.get("/member/user/get-info", { page: 1, empty: undefined });

		expect(data).toEqual({ fine: true });
		expect(calls).toHaveLength(1);
		const [call] = calls;
		expect(call?.url).toBe("/app-api/member/user/get-info?page=1");
		expect(call?.headers).toMatchObject({
			authorization: "Bearer access-1",
			"shop-key": "bayon-demo",
			"tenant-id": "1",
			"accept-language": "km",
			"x-lang": "km",
		});
	});

	it("adds the /app-api prefix to a path written without a leading slash", async () => {
		fakeServer(() => ok([]));
		await api.get("system/language/page", undefined, { login: false });
		expect(calls[0]?.url).toBe("/app-api/system/language/page");
	});

	it("sends paths starting with /api to the bare host", async () => {
		fakeServer(() => ok({ linked: false }));
		await api.post("/api/v1/addUser", { initData: "x" }, { login: false });
		expect(calls[0]?.url).toBe("/api/v1/addUser");
		expect(calls[0]?.method).toBe("POST");
		expect(calls[0]?.headers["content-type"]).toBe("application/json");
		expect(calls[0]?.body).toEqual({ initData: "x" });
	});

	it("sends no Authorization header when nobody is signed in", async () => {
		fakeServer(() => ok(null));
		await api.get("/service/list", undefined, { login: false });
		expect(calls[0]?.headers.authorization).toBeUndefined();
		expect(calls[0]?.headers["shop-key"]).toBe("bayon-demo");
	});

	it("uploads a file as multipart under the field name `file`", async () => {
		signIn();
		fakeServer(() => ok({ url: "/uploads/abcdefgh.webp", width: 1, height: 1, size: 10 }));
		const file = new File([new Uint8Array([137, 80, 78, 71])], "me.png", { type: "image/png" });

		const uploaded = await api.upload<{ url: string }>("/infra/file/upload", file, file.name);

		expect(uploaded.url).toBe("/uploads/abcdefgh.webp");
		const form = calls[0]?.body as FormData;
		expect(form).toBeInstanceOf(FormData);
		expect((form.get("file") as File).name).toBe("me.png");
		expect(calls[0]?.headers["content-type"]).toBeUndefined();
		expect(calls[0]?.headers.authorization).toBe("Bearer access-1");
	});
});

describe("HTTP status (spec §8)", () => {
	it("rejects a status other than 200 with 请求失败", async () => {
		fakeServer(() => json({ error: "boom" }, 500));

		const error = await request("/service/list", { login: false }).catch((e: unknown) => e);

		expect(error).toBeInstanceOf(RequestError);
		expect((error as RequestError).message).toBe("请求失败");
		expect((error as RequestError).status).toBe(500);
		expect(currentToast()).toBeNull();
	});

	it("translates 请求失败 into the current language", async () => {
		useLanguage("en");
		fakeServer(() => new Response("bad gateway", { status: 502 }));
		await expect(request("/service/list", { login: false })).rejects.toThrow("Request failed");
	});

	it("toasts the message of an error response whose status is 5109", async () => {
		fakeServer(() => json({ status: 5109, msg: "服务维护中" }, 503));

		const error = await request("/service/list", { login: false }).catch((e: unknown) => e);

		expect((error as RequestError).message).toBe("请求失败");
		expect(currentToast()?.text).toBe("服务维护中");
	});

	it("also recognises code 5109 in an error response", async () => {
		fakeServer(() => json({ code: 5109, message: "稍后再试" }, 500));
		await request("/service/list", { login: false }).catch(() => undefined);
		expect(currentToast()?.text).toBe("稍后再试");
	});

	it("treats HTTP 401 as not signed in: rejects 未登录 with toLogin, clears the session, opens login", async () => {
		signIn();
		fakeServer(() => json({}, 401));

		const error = await request("/member/user/get-info").catch((e: unknown) => e);

		expect(error).toBeInstanceOf(RequestError);
		expect(error).toMatchObject({ status: 401, toLogin: true, message: "未登录" });
		expect(localStorage.getItem("accessToken")).toBeNull();
		expect(localStorage.getItem("userinfo")).toBeNull();
		expect(appStore.getState().member).toBeNull();
		expect(window.location.pathname).toBe(LOGIN_PATH);
		expect(new URLSearchParams(window.location.search).get("redirect")).toBe("/pages/mine/mine");
	});
});

describe("transport errors (spec §8)", () => {
	it("a network error rejects 未登录 with status 0 and toLogin, and signs out", async () => {
		signIn();
		fakeServer(() => {
			throw new TypeError("Failed to fetch");
		});

		const error = await request("/member/user/get-info").catch((e: unknown) => e);

		expect(error).toMatchObject({ status: 0, toLogin: true, message: "未登录" });
		expect(appStore.getState().member).toBeNull();
		expect(localStorage.getItem("refreshToken")).toBeNull();
		expect(window.location.pathname).toBe(LOGIN_PATH);
	});

	it("a network error on a call that needs no login rejects the same way but keeps the session", async () => {
		signIn();
		fakeServer(() => {
			throw new TypeError("Failed to fetch");
		});

		const error = await request("/service/list", { login: false }).catch((e: unknown) => e);

		expect(error).toMatchObject({ status: 0, toLogin: true });
		expect(appStore.getState().member).not.toBeNull();
		expect(window.location.pathname).toBe("/pages/mine/mine");
	});

	it("times out after 60000 ms with status 1 and the timeout in the message", async () => {
		vi.useFakeTimers();
		fakeServer(hangUntilAborted);

		const pending = request("/service/list", { login: false }).catch((e: unknown) => e);
		await vi.advanceTimersByTimeAsync(59_999);
		expect(calls).toHaveLength(1);
		await vi.advanceTimersByTimeAsync(1);
		const error = await pending;

		expect(error).toBeInstanceOf(RequestError);
		expect(error).toMatchObject({ status: 1, toLogin: false });
		expect((error as RequestError).message).toContain("60000");
	});

	it("a call dropped because the page is going away (a reload) keeps the session", async () => {
		signIn();
		fakeServer(() => {
			window.dispatchEvent(new Event("pagehide"));
			throw new TypeError("Failed to fetch");
		});

		const error = await request("/member/user/get-info").catch((e: unknown) => e);
		window.dispatchEvent(new Event("pageshow"));

		expect(error).not.toBeInstanceOf(RequestError);
		expect(localStorage.getItem("refreshToken")).not.toBeNull();
		expect(appStore.getState().member).not.toBeNull();
		expect(window.location.pathname).toBe("/pages/mine/mine");
	});

	it("a call the screen cancels is not reported as a network error", async () => {
		signIn();
		const controller = new AbortController();
		fakeServer(hangUntilAborted);

		const pending = request("/member/user/get-info", { signal: controller.signal }).catch((e: unknown) => e);
		controller.abort();
		const error = await pending;

		expect(error).not.toBeInstanceOf(RequestError);
		expect(appStore.getState().member).not.toBeNull();
	});
});

describe("business codes (spec §8)", () => {
	it("resolves with data when code is 0", async () => {
		fakeServer(() => ok([{ code: "en", name: "English" }]));
		await expect(api.get("/system/language/page", undefined, { login: false })).resolves.toEqual([
			{ code: "en", name: "English" },
		]);
	});

	it("code 401 hides loading, signs out, toasts the server message for 2 s and rejects", async () => {
		vi.useFakeTimers();
		signIn();
		showLoading(); // a blocking indicator left by another call
		fakeServer(() => json({ code: 401, msg: "请先登录", data: null }));

		const error = await request("/member/user/get-info", { loading: true }).catch((e: unknown) => e);

		expect(error).toBeInstanceOf(ApiError);
		expect(error).toMatchObject({ code: 401, msg: "请先登录" });
		expect(isLoading()).toBe(false);
		expect(appStore.getState().member).toBeNull();
		expect(appStore.getState().token).toBeNull();
		expect(localStorage.getItem("accessToken")).toBeNull();
		expect(localStorage.getItem("refreshToken")).toBeNull();
		expect(currentToast()?.text).toBe("请先登录");
		vi.advanceTimersByTime(1999);
		expect(currentToast()).not.toBeNull();
		vi.advanceTimersByTime(1);
		expect(currentToast()).toBeNull();
		// It does not navigate: the user stays where they are, signed out.
		expect(window.location.pathname).toBe("/pages/mine/mine");
	});

	it("code 1004004002 redirects to the stored index_url", async () => {
		localStorage.setItem("index_url", `${window.location.origin}/pages/index/index?from=wechat`);
		fakeServer(() => json({ code: 1004004002, msg: "登录失败", data: null }));

		const error = await request("/member/user/get-info").catch((e: unknown) => e);

		expect(error).toMatchObject({ code: 1004004002 });
		expect(window.location.pathname).toBe("/pages/index/index");
		expect(window.location.search).toBe("?from=wechat");
	});

	it("any other code toasts msg for 2 s and rejects with an ApiError carrying code, msg and data", async () => {
		vi.useFakeTimers();
		fakeServer(() => json({ code: 1004001002, msg: "发送太频繁，请60秒后再试", data: { resendAfterSeconds: 60 } }));

		const error = await api
			.post("/member/auth/send-sms-code", { mobile: "13800000002", scene: 1 }, { login: false })
			.catch((e: unknown) => e);

		expect(error).toBeInstanceOf(ApiError);
		expect(error).toMatchObject({
			code: 1004001002,
			msg: "发送太频繁，请60秒后再试",
			data: { resendAfterSeconds: 60 },
			toasted: true,
		});
		expect(currentToast()?.text).toBe("发送太频繁，请60秒后再试");
		vi.advanceTimersByTime(2000);
		expect(currentToast()).toBeNull();
	});

	it("uses `message` when the envelope has no msg", async () => {
		fakeServer(() => json({ code: 500, message: "系统繁忙", data: null }));
		await expect(request("/service/list", { login: false })).rejects.toMatchObject({ code: 500, msg: "系统繁忙" });
		expect(currentToast()?.text).toBe("系统繁忙");
	});

	it("can be asked not to toast", async () => {
		fakeServer(() => json({ code: 404, msg: "不存在", data: null }));
		await expect(request("/service/content", { login: false, toast: false })).rejects.toMatchObject({
			code: 404,
			toasted: false,
		});
		expect(currentToast()).toBeNull();
	});

	it("rejects 请求失败 when a 200 answer is not an envelope", async () => {
		fakeServer(() => new Response("<html>", { status: 200 }));
		await expect(request("/service/list", { login: false })).rejects.toThrow("请求失败");
	});

	it("keeps the loading indicator up only while the call runs", async () => {
		let release: (r: Response) => void = () => undefined;
		fakeServer(() => new Promise<Response>((resolve) => (release = resolve)));

		const pending = request("/member/user/get-info", { loading: true });
		await vi.waitFor(() => expect(calls).toHaveLength(1));
		expect(isLoading()).toBe(true);
		release(ok(member));
		await pending;

		expect(isLoading()).toBe(false);
	});
});

describe("session refresh", () => {
	it("refreshes a token expiring within 60 s once, shared by concurrent calls, and uses the new token", async () => {
		signIn(30_000);
		const newExpiry = Date.now() + 15 * 60_000;
		fakeServer((call) => {
			if (call.url === "/app-api/member/auth/refresh-token") {
				return ok({ userId: 7, accessToken: "access-2", refreshToken: "refresh-2", expiresTime: newExpiry });
			}
			return ok(call.url);
		});

		await Promise.all([api.get("/member/user/get-info"), api.get("/service/list"), api.get("/news/list")]);

		const refreshes = calls.filter((c) => c.url === "/app-api/member/auth/refresh-token");
		expect(refreshes).toHaveLength(1);
		expect(refreshes[0]?.method).toBe("POST");
		expect(refreshes[0]?.body).toEqual({ refreshToken: "refresh-1" });
		const others = calls.filter((c) => c.url !== "/app-api/member/auth/refresh-token");
		expect(others).toHaveLength(3);
		for (const call of others) expect(call.headers.authorization).toBe("Bearer access-2");
		expect(localStorage.getItem("accessToken")).toBe("access-2");
		expect(localStorage.getItem("refreshToken")).toBe("refresh-2");
		expect(localStorage.getItem("expiresTime")).toBe(String(newExpiry));
		expect(appStore.getState().token).toBe("access-2");
	});

	it("does not refresh a token with more than 60 s left", async () => {
		signIn(61_000);
		fakeServer(() => ok(member));
		await api.get("/member/user/get-info");
		expect(calls.map((c) => c.url)).toEqual(["/app-api/member/user/get-info"]);
	});

	it("signs out when the refresh is refused, then sends the call without a token", async () => {
		signIn(10_000);
		fakeServer((call) => {
			if (call.url.endsWith("/refresh-token")) return json({ code: 1004002000, msg: "登录已过期", data: null });
			return ok([]);
		});

		await api.get("/service/list", undefined, { login: false });

		expect(appStore.getState().member).toBeNull();
		expect(localStorage.getItem("refreshToken")).toBeNull();
		expect(calls[1]?.url).toBe("/app-api/service/list");
		expect(calls[1]?.headers.authorization).toBeUndefined();
	});

	it("goes on with the new session when another tab refreshed first", async () => {
		signIn(10_000);
		fakeServer((call) => {
			if (call.url.endsWith("/refresh-token")) {
				// The other tab's refresh landed while ours was on its way.
				localStorage.setItem("accessToken", "access-from-other-tab");
				localStorage.setItem("refreshToken", "refresh-from-other-tab");
				localStorage.setItem("expiresTime", String(Date.now() + 15 * 60_000));
				return json({ code: 1004002000, msg: "登录已过期", data: null });
			}
			return ok([]);
		});

		await api.get("/member/user/get-info");

		expect(appStore.getState().member).not.toBeNull();
		expect(localStorage.getItem("refreshToken")).toBe("refresh-from-other-tab");
		expect(calls[1]?.headers.authorization).toBe("Bearer access-from-other-tab");
	});

	it("signs out when the refresh cannot reach the server", async () => {
		signIn(-1000);
		fakeServer((call) => {
			if (call.url.endsWith("/refresh-token")) throw new TypeError("Failed to fetch");
			return ok([]);
		});

		await api.get("/service/list", undefined, { login: false });

		expect(appStore.getState().member).toBeNull();
		expect(localStorage.getItem("accessToken")).toBeNull();
	});

	it("skips the refresh for the auth calls themselves", async () => {
		signIn(10_000);
		fakeServer(() => ok({ resendAfterSeconds: 60 }));
		await api.post(
			"/member/auth/send-sms-code",
			{ mobile: "13800000002", scene: 1 },
			{ login: false, skipRefresh: true },
		);
		expect(calls.map((c) => c.url)).toEqual(["/app-api/member/auth/send-sms-code"]);
	});
});
