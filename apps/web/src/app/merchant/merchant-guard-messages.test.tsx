import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { formatMessage } from "../../lib/i18n/messages";
import { fakeLiveServer } from "../../test/fake-live-server";
import { testMember } from "../../test/member-fixtures";
import { MerchantGuard } from "./merchant-guard";

// Its own file: the staff table, once loaded, stays loaded for the rest of a file's tests.

afterEach(() => {
	localStorage.clear();
	vi.unstubAllGlobals();
});

const shop = { shopId: 1, shopName: "Bayon", role: "staff" as const };

function answerMemberInfo() {
	vi.stubGlobal(
		"fetch",
		vi.fn(async (url: string) => {
			const data = String(url).includes("get-info")
				? testMember({ isMerchant: true, merchantShops: [shop] })
				: { ticket: "ticket-1", expiresIn: 60 };
			return new Response(JSON.stringify({ code: 0, msg: "", data }), {
				headers: { "Content-Type": "application/json" },
			});
		}),
	);
}

/** Every render of the page, from the first, reads the message, never its key. */
const seen: string[] = [];
function Editor() {
	const text = formatMessage("vipNameRequired", "zh-CN");
	seen.push(text);
	return <p data-testid="editor">{text}</p>;
}

describe("the merchant guard and the merchant area's messages", () => {
	it("opens the page once the merchant area's own messages are here: customers never download them", async () => {
		fakeLiveServer({ isMerchant: true, merchantShops: [shop] });
		answerMemberInfo();
		// Not part of the customers' table: until the guard loads the staff table it reads as its key.
		expect(formatMessage("vipNameRequired", "zh-CN")).toBe("vipNameRequired");
		render(
			<QueryClientProvider client={new QueryClient()}>
				<MemoryRouter>
					<MerchantGuard>{() => <Editor />}</MerchantGuard>
				</MemoryRouter>
			</QueryClientProvider>,
		);
		await screen.findByTestId("editor");
		expect(seen.length).toBeGreaterThan(0);
		expect(new Set(seen)).toEqual(new Set(["请填写会员卡的中文名称"]));
	});
});
