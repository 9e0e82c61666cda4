import { ErrorCode, type ResolvedTable } from "@bayon/contract";
import { act, fireEvent, screen, waitFor } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { applyLanguage } from "../../../lib/i18n";
import { Paths, TabPaths, withQuery } from "../../../lib/paths";
import { queryClient } from "../../../lib/query-client";
import { appStore } from "../../../lib/store";
import { hideToast } from "../../../lib/toast";
import { renderScreen } from "../../../test/render";
import OperateScreen from "./operate-screen";

/** The code printed on the table, and the token of the seating scanning it opens. */
const token = "t1-1-3-1.AbCdEfGhIjKlMnOpQrStUv";
const seatingToken = "s1-1-3-1-7.AbCdEfGhIjKlMnOpQrStUv";
const table: ResolvedTable = {
	shopId: 1,
	shopName: "Bayon Tea & Kitchen",
	tableId: 3,
	number: "A3",
	seats: 2,
	area: "Indoor",
	token: seatingToken,
};

let requested: URL[] = [];
function fakeServer(answer: (url: URL) => unknown) {
	requested = [];
	vi.stubGlobal(
		"fetch",
		vi.fn(async (input: RequestInfo | URL) => {
			const url = new URL(String(input), "http://localhost");
			requested.push(url);
			return new Response(JSON.stringify(answer(url)));
		}),
	);
}

const renderOperate = (url: string) =>
	renderScreen(<OperateScreen />, { path: Paths.scanOperate, url, otherPaths: [Paths.scan, TabPaths.menu] });

beforeEach(async () => {
	localStorage.clear();
	appStore.reload();
	queryClient.clear();
	hideToast();
	await applyLanguage("en");
});

describe("scan/operate", () => {
	it("resolves the printed code, keeps the seating's token as the desk and switches to dine-in", async () => {
		fakeServer(() => ({ code: 0, msg: "", data: table }));
		const { router } = renderOperate(withQuery(Paths.scanOperate, { token }));

		expect((await screen.findByTestId("table-name")).textContent).toBe("Table A3 · Indoor · 2 seats");
		expect(screen.getByTestId("table-shop").textContent).toBe("Bayon Tea & Kitchen");
		expect(screen.getByTestId("table-mode").textContent).toBe("You are ordering for dine-in at this table");
		expect(requested[0]?.pathname).toBe("/app-api/table/resolve");
		expect(requested[0]?.searchParams.get("token")).toBe(token);

		await waitFor(() => expect(appStore.getState().desk).not.toBeNull());
		const state = appStore.getState();
		expect(state.desk).toMatchObject({ tableId: 3, number: "A3", token: seatingToken, scanned: true });
		expect(state.orderType).toBe("desk");
		// The printed code leaves the address: going back or reloading cannot rejoin the table.
		expect(router.state.location.pathname).toBe(Paths.scanOperate);
		expect(router.state.location.search).toBe("");
		expect(screen.getByTestId("table-name").textContent).toBe("Table A3 · Indoor · 2 seats");

		await act(async () => {
			fireEvent.click(screen.getByTestId("table-order"));
		});
		expect(router.state.location.pathname).toBe(TabPaths.menu);
	});

	it("shows the server's message for a tampered code, keeps the order type and offers to scan again", async () => {
		fakeServer(() => ({
			code: ErrorCode.TableInvalid,
			msg: "This table code is not valid: scan the QR code on your table again",
			data: null,
		}));
		const { router } = renderOperate(withQuery(Paths.scanOperate, { token: `${token}x` }));

		expect((await screen.findByTestId("table-invalid-message")).textContent).toBe(
			"This table code is not valid: scan the QR code on your table again",
		);
		expect(appStore.getState().desk).toBeNull();
		expect(appStore.getState().orderType).toBe("takein");

		await act(async () => {
			fireEvent.click(screen.getByTestId("table-rescan"));
		});
		expect(router.state.location.pathname).toBe(Paths.scan);
	});

	it("tells a diner whose seating has ended to scan the code on the table again", async () => {
		appStore.setState({ desk: { ...table, scanned: true }, orderType: "desk" });
		fakeServer(() => ({
			code: ErrorCode.SeatingEnded,
			msg: "This seating has ended (the bill was settled or the table cleared): to order again, scan the QR code on your table",
			data: { reason: "paid", bill: null },
		}));
		renderOperate(Paths.scanOperate);

		expect((await screen.findByTestId("table-invalid-message")).textContent).toContain(
			"scan the QR code on your table",
		);
		expect(requested[0]?.searchParams.get("token")).toBe(seatingToken);
		expect(screen.getByTestId("table-rescan").getAttribute("href")).toBe(Paths.scan);
	});

	it("without a token, says the code is invalid without asking the server", async () => {
		fakeServer(() => ({ code: 0, msg: "", data: table }));
		await applyLanguage("km");
		renderOperate(Paths.scanOperate);
		expect((await screen.findByTestId("table-invalid-message")).textContent).toBe(
			"លេខកូដតុនេះមិនត្រឹមត្រូវទេ សូមស្កេនកូដ QR នៅលើតុរបស់អ្នកម្តងទៀត",
		);
		expect(requested).toHaveLength(0);
	});

	it("a failed request can be retried", async () => {
		let fail = true;
		vi.stubGlobal(
			"fetch",
			vi.fn(async () => {
				if (fail) return new Response("", { status: 502 });
				return new Response(JSON.stringify({ code: 0, msg: "", data: table }));
			}),
		);
		renderOperate(withQuery(Paths.scanOperate, { token }));
		await screen.findByTestId("state-error");
		fail = false;
		await act(async () => {
			fireEvent.click(screen.getByTestId("retry"));
		});
		expect((await screen.findByTestId("table-name")).textContent).toBe("Table A3 · Indoor · 2 seats");
	});
});
