import type { MemberInfo } from "@bayon/contract";
import { act, fireEvent, screen, waitFor } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { applyLanguage } from "../../../lib/i18n";
import { Paths, TabPaths } from "../../../lib/paths";
import { queryClient } from "../../../lib/query-client";
import { appStore } from "../../../lib/store";
import { currentToast, hideToast } from "../../../lib/toast";
import { testMember } from "../../../test/member-fixtures";
import { renderScreen } from "../../../test/render";
import LoginScreen from "./login-screen";

const member: MemberInfo = testMember({ id: 3, nickname: "用户0002", mobile: "13800000002" });

interface Call {
	url: string;
	body: unknown;
}
let calls: Call[] = [];

/** The identity endpoints as the server answers them; `overrides` replace single answers. */
function fakeServer(overrides: Record<string, unknown> = {}) {
	calls = [];
	const answers: Record<string, unknown> = {
		"/app-api/member/auth/send-sms-code": { code: 0, msg: "", data: { resendAfterSeconds: 60 } },
		"/app-api/member/auth/sms-login": {
			code: 0,
			msg: "",
			data: { userId: 3, accessToken: "tok-a", refreshToken: "tok-r", expiresTime: Date.now() + 900_000 },
		},
		"/app-api/member/user/get-info": { code: 0, msg: "", data: member },
		...overrides,
	};
	vi.stubGlobal(
		"fetch",
		vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
			const url = String(input);
			calls.push({ url, body: typeof init.body === "string" ? JSON.parse(init.body) : undefined });
			const answer = answers[url.split("?")[0] ?? url];
			return new Response(JSON.stringify(answer ?? { code: 404, msg: "not found", data: null }));
		}),
	);
}

function renderLogin(url: string = Paths.login) {
	return renderScreen(<LoginScreen />, { path: Paths.login, url, otherPaths: [TabPaths.mine, Paths.orders] });
}

const phone = () => screen.getByLabelText("手机号");
const code = () => screen.getByLabelText("验证码");
const agree = () => screen.getByTestId("login-agree");
const submit = () => fireEvent.click(screen.getByTestId("login-submit"));

beforeEach(async () => {
	localStorage.clear();
	sessionStorage.clear();
	appStore.reload();
	queryClient.clear();
	hideToast();
	fakeServer();
	await applyLanguage("zh-CN");
});

describe("login form validation", () => {
	it("labels its inputs and shows every translated message when submitted empty", async () => {
		renderLogin();

		submit();

		expect(await screen.findByTestId("mobile-error")).toHaveProperty("textContent", "请填写手机号");
		expect(screen.getByTestId("code-error").textContent).toBe("请输入6位数字验证码");
		expect(screen.getByTestId("agreement-error").textContent).toBe("请先阅读并勾选用户协议");
		expect(phone().getAttribute("aria-invalid")).toBe("true");
		expect(phone().getAttribute("aria-describedby")).toBe(screen.getByTestId("mobile-error").id);
		expect(calls).toHaveLength(0);
	});

	it("keeps only digits in the phone and code fields, also when a typed letter changes nothing", async () => {
		renderLogin();
		fireEvent.input(phone(), { target: { value: "128" } });
		// The digits are the same as before: the field must still drop the letter (Preact does not
		// put a controlled field back by itself, lib/controlled-input.ts).
		fireEvent.input(phone(), { target: { value: "128a" } });
		expect(phone()).toHaveProperty("value", "128");
		fireEvent.input(code(), { target: { value: "12x" } });
		expect(code()).toHaveProperty("value", "12");
	});

	it("rejects a phone number that breaks the rule", async () => {
		renderLogin();
		fireEvent.input(phone(), { target: { value: "12800000001" } });
		fireEvent.input(code(), { target: { value: "123456" } });
		fireEvent.click(agree());

		submit();

		expect((await screen.findByTestId("mobile-error")).textContent).toBe("手机号格式错误");
		expect(screen.queryByTestId("code-error")).toBeNull();
		expect(calls).toHaveLength(0);
	});

	it("shows the messages in English when the language is English", async () => {
		await applyLanguage("en");
		renderLogin();
		fireEvent.input(screen.getByLabelText("Phone number"), { target: { value: "1380000" } });
		fireEvent.input(screen.getByLabelText("Verification code"), { target: { value: "12" } });

		submit();

		expect((await screen.findByTestId("mobile-error")).textContent).toBe("Phone number format is wrong");
		expect(screen.getByTestId("code-error").textContent).toBe("Enter the 6-digit verification code");
		expect(screen.getByTestId("agreement-error").textContent).toBe("Please read and tick the agreement");
	});

	it("shows the messages in Khmer when the language is Khmer", async () => {
		await applyLanguage("km");
		renderLogin();

		submit();

		expect((await screen.findByTestId("mobile-error")).textContent).toBe("សូមបំពេញលេខទូរស័ព្ទ");
	});

	it("asks to tick the agreement (inline and as a toast) when only that is missing", async () => {
		renderLogin();
		fireEvent.input(phone(), { target: { value: "13800000002" } });
		fireEvent.input(code(), { target: { value: "123456" } });

		submit();

		expect((await screen.findByTestId("agreement-error")).textContent).toBe("请先阅读并勾选用户协议");
		expect(currentToast()?.text).toBe("请先阅读并勾选用户协议");
		expect(calls).toHaveLength(0);
	});

	it("keeps only digits in the phone and code fields, up to their length", () => {
		renderLogin();
		fireEvent.input(phone(), { target: { value: "138-0000 0002" } });
		expect((phone() as HTMLInputElement).value).toBe("13800000002");
		expect(code().getAttribute("maxlength")).toBe("6");
		expect(code().getAttribute("autocomplete")).toBe("one-time-code");
	});

	it("links the agreement and the privacy policy to their content pages", () => {
		renderLogin();
		expect(screen.getByTestId("link-user-agreement").getAttribute("href")).toContain(Paths.mineContent);
		expect(screen.getByTestId("link-privacy-policy").getAttribute("href")).toContain("privacy");
	});
});

describe("sending the code", () => {
	it("checks the phone before asking the server", async () => {
		renderLogin();
		fireEvent.click(screen.getByTestId("send-code"));
		expect((await screen.findByTestId("mobile-error")).textContent).toBe("请填写手机号");
		expect(calls).toHaveLength(0);
	});

	it("sends the code for scene 1 and counts down 60 s before a resend", async () => {
		renderLogin();
		fireEvent.input(phone(), { target: { value: "13800000002" } });

		fireEvent.click(screen.getByTestId("send-code"));

		await waitFor(() => expect(screen.getByTestId("send-code").textContent).toBe("60 秒后重发"));
		expect(calls).toEqual([{ url: "/app-api/member/auth/send-sms-code", body: { mobile: "13800000002", scene: 1 } }]);
		expect(screen.getByTestId("send-code")).toHaveProperty("disabled", true);
		expect(currentToast()?.text).toBe("验证码已发送");
	});

	it("shows the server's rate-limit message and waits as long as it says", async () => {
		fakeServer({
			"/app-api/member/auth/send-sms-code": {
				code: 1004001002,
				msg: "发送太频繁，请42秒后再试",
				data: { resendAfterSeconds: 42 },
			},
		});
		renderLogin();
		fireEvent.input(phone(), { target: { value: "13800000002" } });

		fireEvent.click(screen.getByTestId("send-code"));

		await waitFor(() => expect(currentToast()?.text).toBe("发送太频繁，请42秒后再试"));
		await waitFor(() => expect(screen.getByTestId("send-code").textContent).toBe("42 秒后重发"));
	});

	it("says plainly when no provider could send the code, and lets the customer tap send again at once", async () => {
		// The server's answer when every SMS provider failed (issue 30): nothing was used up.
		fakeServer({
			"/app-api/member/auth/send-sms-code": { code: 1008030000, msg: "验证码没能发出，请稍后再试", data: null },
		});
		renderLogin();
		fireEvent.input(phone(), { target: { value: "13800000002" } });
		const idleLabel = screen.getByTestId("send-code").textContent;

		fireEvent.click(screen.getByTestId("send-code"));

		await waitFor(() => expect(currentToast()?.text).toBe("验证码没能发出，请稍后再试"));
		await waitFor(() => expect(screen.getByTestId("send-code")).toHaveProperty("disabled", false));
		expect(screen.getByTestId("send-code").textContent).toBe(idleLabel);
		// "In a moment": past the button's double-tap guard, with no countdown to wait out.
		vi.spyOn(Date, "now").mockReturnValue(Date.now() + 3_000);
		fireEvent.click(screen.getByTestId("send-code"));
		await waitFor(() => expect(calls.filter((call) => call.url.endsWith("/send-sms-code"))).toHaveLength(2));
		vi.restoreAllMocks();
	});
});

describe("signing in", () => {
	async function fillAndSubmit() {
		fireEvent.input(phone(), { target: { value: "13800000002" } });
		fireEvent.input(code(), { target: { value: "654321" } });
		fireEvent.click(agree());
		await act(async () => {
			submit();
		});
	}

	it("signs in, stores the session and the member, and opens the mine tab", async () => {
		renderLogin();

		await fillAndSubmit();

		expect(await screen.findByTestId(`at:${TabPaths.mine}`)).toBeTruthy();
		expect(calls.map((c) => c.url)).toEqual(["/app-api/member/auth/sms-login", "/app-api/member/user/get-info"]);
		expect(calls[0]?.body).toEqual({ mobile: "13800000002", code: "654321" });
		expect(localStorage.getItem("accessToken")).toBe("tok-a");
		expect(localStorage.getItem("refreshToken")).toBe("tok-r");
		expect(JSON.parse(localStorage.getItem("userinfo") ?? "null")).toMatchObject({ id: 3 });
		expect(appStore.getState().member?.nickname).toBe("用户0002");
	});

	it("goes back to where the user came from", async () => {
		renderLogin(`${Paths.login}?redirect=${encodeURIComponent(Paths.orders)}`);
		await fillAndSubmit();
		expect(await screen.findByTestId(`at:${Paths.orders}`)).toBeTruthy();
	});

	it("stays on the page when the code is wrong, showing the server's message", async () => {
		fakeServer({ "/app-api/member/auth/sms-login": { code: 1004001000, msg: "验证码错误", data: null } });
		renderLogin();

		await fillAndSubmit();

		await waitFor(() => expect(currentToast()?.text).toBe("验证码错误"));
		expect(screen.getByTestId("login-form")).toBeTruthy();
		expect(appStore.getState().member).toBeNull();
	});
});
