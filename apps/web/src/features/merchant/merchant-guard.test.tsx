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
