import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen, waitFor } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { fakeLiveServer } from "../../test/fake-live-server";
import { testMember } from "../../test/member-fixtures";
import { MerchantGuard } from "./merchant-guard";

afterEach(() => {
	localStorage.clear();
	vi.unstubAllGlobals();
});

const shop = { shopId: 1, shopName: "Bayon", role: "staff" as const };

/** The server: a ticket for the socket, and member info that says whether they still work at a shop. */
function answerMemberInfo(isMerchant: () => boolean) {
	vi.stubGlobal(
		"fetch",
		vi.fn(async (url: string) => {
			const data = String(url).includes("get-info")
				? testMember({ isMerchant: isMerchant(), merchantShops: isMerchant() ? [shop] : [] })
				: { ticket: "ticket-1", expiresIn: 60 };
			return new Response(JSON.stringify({ code: 0, msg: "", data }), {
				headers: { "Content-Type": "application/json" },
			});
		}),
	);
}

describe("the merchant guard", () => {
	it("reads the roles again when its socket connects: a removal made before it listened is not missed", async () => {
		const { sockets } = fakeLiveServer({ isMerchant: true, merchantShops: [shop] });
		let stillStaff = true;
		answerMemberInfo(() => stillStaff);
		render(
			<QueryClientProvider client={new QueryClient()}>
				<MemoryRouter>
					<MerchantGuard>{() => <p data-testid="board">board</p>}</MerchantGuard>
				</MemoryRouter>
			</QueryClientProvider>,
		);
		await screen.findByTestId("board");
		await waitFor(() => expect(sockets).toHaveLength(1));

		// Removed by the owner while the socket was still connecting: no staff.changed reaches it.
		stillStaff = false;
		sockets[0]?.receive({ type: "ready", data: {} });
		await screen.findByTestId("merchant-only");
		expect(screen.queryByTestId("board")).toBeNull();
	});
});

describe("a link that names its shop (the bot's buttons)", () => {
	const riverside = { shopId: 1, shopName: "Bayon Riverside", role: "owner" as const };
	const angkor = { shopId: 2, shopName: "Bayon Angkor", role: "owner" as const };

	/** An owner of two shops, the merchant area on the first, opening `search`. */
	function open(search: string) {
		localStorage.setItem("merchantShopId", "1");
		fakeLiveServer({ isMerchant: true, merchantShops: [riverside, angkor] });
		vi.stubGlobal(
			"fetch",
			vi.fn(async (url: string) => {
				const data = String(url).includes("get-info")
					? testMember({ isMerchant: true, merchantShops: [riverside, angkor] })
					: { ticket: "ticket-1", expiresIn: 60 };
				return new Response(JSON.stringify({ code: 0, msg: "", data }), {
					headers: { "Content-Type": "application/json" },
				});
			}),
		);
		render(
			<QueryClientProvider client={new QueryClient()}>
				<MemoryRouter initialEntries={[`/pages/components/pages/merchant/wallet${search}`]}>
					<MerchantGuard>{(shop) => <p data-testid="wallet">{shop.shopName}</p>}</MerchantGuard>
				</MemoryRouter>
			</QueryClientProvider>,
		);
	}

	it("opens the shop it names, not the one the merchant area had chosen, and stays on it", async () => {
		open("?tenant=1&shopId=2");
		expect((await screen.findByTestId("wallet")).textContent).toBe("Bayon Angkor");
		expect(localStorage.getItem("merchantShopId")).toBe("2");
	});

	it("says a shop the reader does not work at, or another tenant's, is not theirs, never showing another shop", async () => {
		open("?tenant=1&shopId=3");
		await screen.findByTestId("merchant-only");
		expect(screen.queryByTestId("wallet")).toBeNull();
	});

	it("does the same for another tenant's shop of the same number", async () => {
		open("?tenant=2&shopId=1");
		await screen.findByTestId("merchant-only");
		expect(screen.queryByTestId("wallet")).toBeNull();
	});

	it("without a shop in the address, keeps the one the merchant area had chosen", async () => {
		open("");
		expect((await screen.findByTestId("wallet")).textContent).toBe("Bayon Riverside");
	});
});
