import { screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { Paths } from "../../../lib/paths";
import { fakeWebSockets } from "../../../test/fake-live-server";
import { testMember } from "../../../test/member-fixtures";
import { renderScreen } from "../../../test/render";
import { PlatformGuard } from "./platform-guard";
import { operator, platformServer, startAs } from "./platform-testing";

const PAGE = Paths.platformSettings;

function renderGuarded() {
	return renderScreen(<PlatformGuard>{() => <p data-testid="operator-content">terms</p>}</PlatformGuard>, {
		path: PAGE,
	});
}

beforeEach(() => startAs(null));
afterEach(() => vi.unstubAllGlobals());

describe("the platform guard", () => {
	it("refuses a signed-in member who is not an operator, in the server's words, and never shows the page", async () => {
		const owner = testMember({ isMerchant: true, merchantShops: [{ shopId: 1, shopName: "Bayon", role: "owner" }] });
		await startAs(owner);
		platformServer(owner, {});
		renderGuarded();
		expect((await screen.findByTestId("platform-only-message")).textContent).toBe(
			"Only platform operators can open this page",
		);
		expect(screen.getByTestId("platform-only").textContent).toContain("Platform operators only");
		expect(screen.queryByTestId("platform-only-sign-in")).toBeNull();
		expect(screen.getByTestId("platform-only-home").getAttribute("href")).toBe(Paths.home);
		expect(screen.queryByTestId("operator-content")).toBeNull();
	});

	it("offers a visitor the sign-in, coming back to the page", async () => {
		platformServer(testMember(), {});
		renderGuarded();
		const signIn = await screen.findByTestId("platform-only-sign-in");
		expect(signIn.getAttribute("href")).toBe(`${Paths.login}?redirect=${encodeURIComponent(PAGE)}`);
		expect(screen.queryByTestId("operator-content")).toBeNull();
	});

	it("shows the page to an operator", async () => {
		await startAs(operator);
		platformServer(operator, {});
		renderGuarded();
		expect(await screen.findByTestId("operator-content")).toBeTruthy();
		expect(screen.queryByTestId("platform-only")).toBeNull();
	});

	it("asks the server once when the stored member is not (yet) an operator: one made an operator meanwhile gets in", async () => {
		const stored = testMember({ id: 9 });
		await startAs(stored);
		platformServer({ ...stored, isPlatformOperator: true }, {});
		renderGuarded();
		expect(await screen.findByTestId("operator-content")).toBeTruthy();
	});

	it("turns an operator away once the server says they no longer are one", async () => {
		await startAs(operator);
		platformServer({ ...operator, isPlatformOperator: false }, {});
		renderGuarded();
		expect(await screen.findByTestId("platform-only")).toBeTruthy();
		expect(screen.queryByTestId("operator-content")).toBeNull();
	});
});

describe("an operator removed while the page is open", () => {
	it("is turned away as soon as the server says so on the live socket", async () => {
		await startAs(operator);
		const sockets = fakeWebSockets();
		let stillOperator = true;
		vi.stubGlobal(
			"fetch",
			vi.fn(async (input: RequestInfo | URL) => {
				const path = new URL(String(input), "http://localhost").pathname.replace("/app-api", "");
				const data =
					path === "/member/user/get-info"
						? { ...operator, isPlatformOperator: stillOperator }
						: path === "/infra/ws/ticket"
							? { ticket: "ticket-1", expiresIn: 60 }
							: null;
				return new Response(JSON.stringify({ code: 0, msg: "", data }), {
					headers: { "Content-Type": "application/json" },
				});
			}),
		);
		renderGuarded();
		expect(await screen.findByTestId("operator-content")).toBeTruthy();
		await waitFor(() => expect(sockets).toHaveLength(1));
		sockets[0]?.receive({ type: "ready", data: {} });
		await new Promise((resolve) => setTimeout(resolve, 50));
		expect(screen.getByTestId("operator-content")).toBeTruthy();

		stillOperator = false;
		sockets[0]?.receive({ type: "operator.changed", data: { platformOperator: false } });

		expect(await screen.findByTestId("platform-only")).toBeTruthy();
		expect(screen.queryByTestId("operator-content")).toBeNull();
	});
});
