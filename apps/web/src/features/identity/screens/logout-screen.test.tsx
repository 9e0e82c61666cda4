import type { MemberInfo } from "@bayon/contract";
import { screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { applyLanguage } from "../../../lib/i18n";
import { Paths, TabPaths } from "../../../lib/paths";
import { appStore } from "../../../lib/store";
import { renderScreen } from "../../../test/render";
import LogoutScreen from "./logout-screen";

let logoutCalls = 0;

function fakeServer(fail: boolean) {
	logoutCalls = 0;
	vi.stubGlobal(
		"fetch",
		vi.fn(async (input: RequestInfo | URL) => {
			if (String(input) === "/app-api/member/auth/logout") logoutCalls += 1;
			if (fail) throw new TypeError("Failed to fetch");
			return new Response(JSON.stringify({ code: 0, msg: "", data: true }));
		}),
	);
}

function signIn() {
	localStorage.setItem("accessToken", "a");
	localStorage.setItem("refreshToken", "r");
	localStorage.setItem("expiresTime", String(Date.now() + 900_000));
	localStorage.setItem("userinfo", JSON.stringify({ id: 1, nickname: "x" } as Partial<MemberInfo>));
	appStore.reload();
}

const renderLogout = () =>
	renderScreen(<LogoutScreen />, { path: Paths.logout, otherPaths: [Paths.login, TabPaths.home] });

beforeEach(async () => {
	localStorage.clear();
	await applyLanguage("zh-CN");
});

afterEach(() => {
	vi.restoreAllMocks();
});

describe("logout", () => {
	it("ends the session on the server, clears member and tokens, and opens the login page", async () => {
		signIn();
		fakeServer(false);
		renderLogout();

		expect(await screen.findByTestId(`at:${Paths.login}`)).toBeTruthy();
		expect(logoutCalls).toBe(1);
		expect(appStore.getState().member).toBeNull();
		for (const key of ["accessToken", "refreshToken", "expiresTime", "userinfo"]) {
			expect(localStorage.getItem(key)).toBeNull();
		}
	});

	it("clears the session even when the server cannot be reached", async () => {
		signIn();
		fakeServer(true);
		renderLogout();

		expect(await screen.findByTestId(`at:${Paths.login}`)).toBeTruthy();
		expect(appStore.getState().member).toBeNull();
		expect(localStorage.getItem("accessToken")).toBeNull();
	});

	it("goes to the home tab inside the WeChat browser", async () => {
		signIn();
		fakeServer(false);
		vi.spyOn(navigator, "userAgent", "get").mockReturnValue(
			"Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) MicroMessenger/8.0.44",
		);
		renderLogout();

		expect(await screen.findByTestId(`at:${TabPaths.home}`)).toBeTruthy();
	});
});
