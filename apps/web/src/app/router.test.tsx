import { QueryClientProvider } from "@tanstack/react-query";
import { act, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { createMemoryRouter, type RouteObject, RouterProvider } from "react-router";
import { beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { LOGIN_PATH } from "../lib/api-client";
import { applyLanguage } from "../lib/i18n";
import { chooseLanguage } from "../lib/i18n/language";
import { Paths, TabPaths } from "../lib/paths";
import { queryClient } from "../lib/query-client";
import { appStore } from "../lib/store";
import { hideToast } from "../lib/toast";
import { RootLayout } from "./layouts/root-layout";
import { SubPageLayout } from "./layouts/sub-page-layout";
import { routes } from "./router";

/** Whatever a screen asks for, the server answers with an empty success. */
function fakeServer() {
	vi.stubGlobal(
		"fetch",
		vi.fn(async (input: RequestInfo | URL) => {
			const url = String(input);
			let data: unknown = [];
			if (url.includes("/news/list")) data = { list: [], total: 0 };
			if (url.includes("/system/config")) {
				data = {
					tenantId: 1,
					tenantName: "Bayon",
					currency: { code: "USD", symbol: "$", decimals: 2, rate: 1, symbolPosition: "before" },
					telegramLoginEnabled: false,
				};
			}
			return new Response(JSON.stringify({ code: 0, msg: "", data }));
		}),
	);
}

function renderAt(url: string, appRoutes: RouteObject[] = routes) {
	const router = createMemoryRouter(appRoutes, { initialEntries: [url] });
	render(
		<QueryClientProvider client={queryClient}>
			<RouterProvider router={router} />
		</QueryClientProvider>,
	);
	return router;
}

beforeAll(async () => {
	await applyLanguage("zh-CN");
});

beforeEach(() => {
	localStorage.clear();
	appStore.reload();
	queryClient.clear();
	hideToast();
	fakeServer();
});

describe("routes (spec §2)", () => {
	const subPages = Object.entries(Paths).filter(([name]) => name !== "root" && !(name in TabPaths));

	it.each(Object.entries(TabPaths))("tab page %s renders with the tab bar", async (_, path) => {
		renderAt(path);
		expect(await screen.findByTestId("tab-bar")).toBeTruthy();
		expect(screen.queryByTestId("not-found")).toBeNull();
	});

	it("the request layer sends people to the registered login page", () => {
		expect(LOGIN_PATH).toBe(Paths.login);
	});

	it("serves the home tab at /", async () => {
		renderAt("/");
		expect(await screen.findByTestId("home")).toBeTruthy();
		expect(screen.getByTestId("tab-home").getAttribute("aria-current")).toBe("page");
	});

	it.each(subPages)("sub-page %s is registered, with a back button and a title", async (_, path) => {
		renderAt(path);
		expect(await screen.findByTestId("back")).toBeTruthy();
		expect(screen.queryByTestId("not-found")).toBeNull();
		expect(screen.getByTestId("page-title").textContent).not.toBe("");
		expect(screen.queryByTestId("tab-bar")).toBeNull();
	});

	it("shows a translated not-found page with a way home for an unknown path", async () => {
		const router = renderAt("/pages/nope/nope");
		const page = await screen.findByTestId("not-found");
		expect(within(page).getByText("页面不存在")).toBeTruthy();

		await act(async () => {
			fireEvent.click(screen.getByTestId("go-home"));
		});
		await waitFor(() => expect(router.state.location.pathname).toBe(TabPaths.home));
	});

	it("a placeholder page shows its title and the feature-not-open notice", async () => {
		// Since issue 13 every customer page of spec §2 has its screen: the placeholder is what a
		// page added before its screen gets, so the test adds one.
		const soon = "/pages/soon/soon";
		renderAt(soon, [
			{
				element: <RootLayout />,
				children: [
					{
						element: <SubPageLayout />,
						children: [
							{
								path: soon,
								lazy: async () => ({ Component: (await import("./routes/placeholder-screen")).default }),
								handle: { titleKey: "page.coupons" },
							},
						],
					},
				],
			},
		]);
		expect((await screen.findByTestId("feature-not-open")).textContent).toBe("功能暂未开放");
		expect(screen.getByTestId("page-title").textContent).toBe("我的卡券");
	});

	it("a merchant page opened without a session asks to sign in and comes back (issue 27)", async () => {
		const router = renderAt(Paths.merchantWallet);
		await waitFor(() => expect(router.state.location.pathname).toBe(Paths.login));
		expect(new URLSearchParams(router.state.location.search).get("redirect")).toBe(Paths.merchantWallet);
		// Replaced: "back" from the login page does not bounce to the merchant page again.
		expect(router.state.historyAction).toBe("REPLACE");
		expect(screen.queryByTestId("merchant-only")).toBeNull();
		expect(screen.queryByTestId("feature-not-open")).toBeNull();
	});
});

describe("navigation", () => {
	it("switches tabs by replacing the history entry", async () => {
		const router = renderAt(TabPaths.home);
		await screen.findByTestId("home");

		await act(async () => {
			fireEvent.click(screen.getByTestId("tab-mine"));
		});

		await waitFor(() => expect(router.state.location.pathname).toBe(TabPaths.mine));
		expect(router.state.historyAction).toBe("REPLACE");
		expect(screen.getByTestId("tab-mine").getAttribute("aria-current")).toBe("page");
	});

	it("back on a page opened directly goes to the home tab", async () => {
		const router = renderAt(Paths.coupons);
		await screen.findByTestId("back");

		await act(async () => {
			fireEvent.click(screen.getByTestId("back"));
		});

		await waitFor(() => expect(router.state.location.pathname).toBe(TabPaths.home));
	});

	it("retranslates the tab bar when the language changes", async () => {
		renderAt(TabPaths.home);
		expect((await screen.findByTestId("tab-menu")).textContent).toBe("点餐");

		await act(async () => {
			await chooseLanguage({ code: "en", name: "English" });
		});
		expect(screen.getByTestId("tab-menu").textContent).toBe("Order food");

		await act(async () => {
			await chooseLanguage({ code: "zh-CN", name: "简体中文" });
		});
	});
});
