import type { ResolvedTable } from "@bayon/contract";
import { screen } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { applyLanguage } from "../../lib/i18n";
import { Paths, TabPaths } from "../../lib/paths";
import { queryClient } from "../../lib/query-client";
import { appStore, setMember } from "../../lib/store";
import { testMember } from "../../test/member-fixtures";
import { renderScreen } from "../../test/render";
import TableScreen from "./table-screen";

const table: ResolvedTable = {
	shopId: 1,
	shopName: "Bayon Tea & Kitchen",
	tableId: 3,
	number: "A3",
	seats: 2,
	area: "Indoor",
	token: "s1-1-3-1-7.AbCdEfGhIjKlMnOpQrStUv",
};

function fakeServer(bill: unknown) {
	vi.stubGlobal(
		"fetch",
		vi.fn(async (input: RequestInfo | URL) => {
			const url = new URL(String(input), "http://localhost");
			const data = url.pathname === "/app-api/order/bill" ? bill : table;
			return new Response(JSON.stringify({ code: 0, msg: "", data }));
		}),
	);
}

const renderTable = () =>
	renderScreen(<TableScreen />, {
		path: Paths.scanOperate,
		url: `${Paths.scanOperate}?token=t1-1-3-1.AbCdEfGhIjKlMnOpQrStUv`,
		otherPaths: [Paths.scan, Paths.tableBill, TabPaths.menu],
	});

beforeEach(async () => {
	localStorage.clear();
	appStore.reload();
	queryClient.clear();
	setMember(testMember());
	await applyLanguage("en");
});

describe("the table's page as the shell composes it", () => {
	it("links to the bill the table already owes", async () => {
		fakeServer({ status: "open", due: 1250 });
		renderTable();
		const link = await screen.findByTestId("table-open-bill");
		expect(link.getAttribute("href")).toBe(Paths.tableBill);
		expect(link.textContent).toContain("12.50");
	});

	it("shows no bill link when the table owes nothing", async () => {
		fakeServer(null);
		renderTable();
		await screen.findByTestId("table-name");
		expect(screen.queryByTestId("table-open-bill")).toBeNull();
	});
});
