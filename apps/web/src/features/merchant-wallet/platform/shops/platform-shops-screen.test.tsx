import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { liveClient } from "../../../../lib/live-updates";
import { Paths, withQuery } from "../../../../lib/paths";
import { type FakeWebSocket, fakeWebSockets } from "../../../../test/fake-live-server";
import { testMember } from "../../../../test/member-fixtures";
import { renderScreen } from "../../../../test/render";
import {
	operatorMember,
	startAs,
	statementLine,
	statementPage,
	type WalletAnswer,
	walletServer,
	walletSummary,
} from "../../wallet/wallet-testing";
import PlatformShopsScreen from "./platform-shops-screen";

const operator = operatorMember();

const riverside = walletSummary();
const market = walletSummary({
	shopId: 2,
	shopName: "Bayon Central Market",
	available: -2_300,
	withdrawable: 0,
	owed: 2_300,
	pending: 800,
	withdrawing: 0,
});

function serve(answers: Record<string, WalletAnswer> = {}) {
	return walletServer(operator, {
		"/platform/shops": { code: 0, data: { shops: [riverside, market] } },
		"/platform/wallet": (call) => ({
			code: 0,
			data: call.query.get("shopId") === "2" ? market : riverside,
		}),
		"/platform/wallet/statement": statementPage(
			[statementLine(30, { kind: "refund", amount: -2_300, availableChange: -2_300, pendingChange: 0 })],
			null,
			[{ date: "2026-11-24", net: -2_300 }],
		),
		...answers,
	});
}

function openPage(url: string = Paths.platformShops) {
	return renderScreen(<PlatformShopsScreen />, {
		path: Paths.platformShops,
		url,
		otherPaths: [Paths.merchantOrderDetail, Paths.login],
	});
}

beforeEach(async () => {
	await startAs(operator);
});

afterEach(() => {
	liveClient.stop();
});

describe("platform/shops", () => {
	it("lists every shop with its amounts and its debt", async () => {
		const server = serve();
		openPage();
		await screen.findByTestId("platform-shop-2");
		expect(within(screen.getByTestId("platform-shops")).getAllByRole("link")).toHaveLength(2);
		expect(screen.getByTestId("platform-shop-1").textContent).toContain("Bayon Riverside");
		expect(screen.getByTestId("platform-shop-1-withdrawable").textContent).toBe("Available $125.50");
		expect(screen.getByTestId("platform-shop-1-pending").textContent).toBe("Pending $42.00");
		expect(screen.getByTestId("platform-shop-1-withdrawing").textContent).toBe("In withdrawal $50.00");
		expect(screen.queryByTestId("platform-shop-1-owed")).toBeNull();
		expect(screen.getByTestId("platform-shop-2-owed").textContent).toBe("Owes $23.00");
		expect(server.to("/platform/wallet")).toEqual([]);
	});

	it("opens one shop's wallet from the platform's calls, without the owner's ways to withdraw, and comes back", async () => {
		const server = serve();
		const { router } = openPage();
		fireEvent.click(await screen.findByTestId("platform-shop-2"));
		expect(`${router.state.location.pathname}${router.state.location.search}`).toBe(
			withQuery(Paths.platformShops, { shopId: 2 }),
		);
		expect((await screen.findByTestId("wallet-owed")).textContent).toBe(
			"This shop owes $23.00: its next settled earnings pay it back first.",
		);
		expect(screen.getByTestId("wallet-summary").textContent).toContain("Bayon Central Market");
		expect(server.to("/platform/wallet")[0]?.query.get("shopId")).toBe("2");
		const refund = await screen.findByTestId("wallet-line-30");
		expect(server.to("/platform/wallet/statement")[0]?.query.get("shopId")).toBe("2");
		// The order is named, not linked: the operator is not the shop's staff.
		expect(within(refund).getByTestId("wallet-line-order").tagName).toBe("SPAN");
		expect(screen.queryByTestId("wallet-withdraw")).toBeNull();
		expect(screen.queryByTestId("wallet-accounts")).toBeNull();
		expect(screen.queryByTestId("wallet-export")).toBeNull();
		expect(server.calls.filter((call) => call.path.startsWith("/merchant/"))).toEqual([]);

		fireEvent.click(screen.getByTestId("platform-shops-back"));
		expect(await screen.findByTestId("platform-shop-1")).toBeTruthy();
	});

	it("says there is no shop yet, and shows a failure with a retry", async () => {
		let fail = true;
		serve({
			"/platform/shops": () => (fail ? { code: 500, msg: "Server busy" } : { code: 0, data: { shops: [] } }),
		});
		openPage();
		expect((await screen.findByTestId("state-error")).textContent).toContain("Server busy");
		fail = false;
		fireEvent.click(screen.getByTestId("retry"));
		expect((await screen.findByTestId("state-empty")).textContent).toContain("No shops yet");
	});

	it("shows no shop's money to a member who is not a platform operator, and asks nothing", async () => {
		const owner = testMember({
			isMerchant: true,
			userType: "merchant_owner",
			merchantShops: [{ shopId: 1, shopName: "Bayon Riverside", role: "owner" }],
		});
		await startAs(owner);
		const server = walletServer(owner, {});
		openPage();
		await waitFor(() => expect(server.to("/member/user/get-info")).toHaveLength(1));
		await waitFor(() => expect(screen.queryByTestId("state-loading")).toBeNull());
		expect(screen.queryByTestId("platform-shops-page")).toBeNull();
		expect(server.calls.filter((call) => call.path.startsWith("/platform/"))).toEqual([]);
	});
});

describe("platform/shops, live", () => {
	let sockets: FakeWebSocket[] = [];

	beforeEach(() => {
		sockets = fakeWebSockets();
	});

	afterEach(() => {
		vi.unstubAllGlobals();
	});

	it("refetches the list when any shop's money moves", async () => {
		let pending = 4_200;
		const server = serve({
			"/platform/shops": () => ({ code: 0, data: { shops: [walletSummary({ pending }), market] } }),
		});
		openPage();
		await screen.findByTestId("platform-shop-1");
		await waitFor(() => expect(sockets.length).toBeGreaterThan(0));
		sockets.at(-1)?.receive({ type: "ready", data: {} });
		await waitFor(() => expect(server.to("/platform/shops")).toHaveLength(2));

		pending = 9_200;
		sockets.at(-1)?.receive({
			type: "wallet.changed",
			data: { tenantId: 1, shopId: 1, reason: "earned", withdrawalId: null, withdrawalStatus: null },
		});
		await waitFor(() => expect(screen.getByTestId("platform-shop-1-pending").textContent).toBe("Pending $92.00"));
		expect(server.to("/platform/shops")).toHaveLength(3);
	});
});
