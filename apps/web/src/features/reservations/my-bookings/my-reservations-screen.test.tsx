import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { beforeEach, describe, expect, it } from "vitest";
import { Paths, withQuery } from "../../../lib/paths";
import { usdConfig } from "../../../test/ordering-fixtures";
import { renderScreen } from "../../../test/render";
import { guestServer, reservationView, startAsGuest } from "../guest-testing";
import MyReservationsScreen from "./my-reservations-screen";

function renderList(url: string = Paths.dueList) {
	return renderScreen(<MyReservationsScreen />, {
		path: Paths.dueList,
		url,
		otherPaths: [Paths.login, Paths.dueIndex, Paths.dueDetail],
	});
}

beforeEach(startAsGuest);

describe("due/list", () => {
	it("asks for the spec's tab codes (all −1, waiting 0, cancelled 1, completed 3) and labels each booking's status", async () => {
		const server = guestServer({
			"/system/config": { code: 0, data: usdConfig },
			"/reservation/list": (_, url) => {
				const status = Number(url.searchParams.get("status"));
				const list =
					status === 1
						? [reservationView({ id: 2, status: "no_show" }), reservationView({ id: 3, status: "late_cancelled" })]
						: [reservationView({ id: 1, status: "confirmed", party: 1, tables: [{ id: 4, number: "A4" }] })];
				return { list, total: list.length };
			},
		});
		const { router } = renderList();
		const first = await screen.findByTestId("reservation-row-1");
		expect(within(first).getByTestId("reservation-row-status").textContent).toBe("已确认");
		expect(within(first).getByTestId("reservation-row-when").textContent).toBe("2099年11月24日 周二 19:30");
		expect(first.textContent).toContain("1 人 · 桌号 A4");
		expect(screen.getAllByRole("tab").map((tab) => tab.textContent)).toEqual(["全部", "待就餐", "已取消", "已完成"]);

		fireEvent.click(screen.getByTestId("reservation-tab-1"));
		await screen.findByTestId("reservation-row-2");
		expect(within(screen.getByTestId("reservation-row-2")).getByTestId("reservation-row-status").textContent).toBe(
			"未到店",
		);
		expect(within(screen.getByTestId("reservation-row-3")).getByTestId("reservation-row-status").textContent).toBe(
			"逾时取消",
		);
		expect(router.state.location.search).toBe("?status=1");
		fireEvent.click(screen.getByTestId("reservation-tab-3"));
		fireEvent.click(screen.getByTestId("reservation-tab-0"));
		await waitFor(() =>
			expect(server.to("/reservation/list").map((call) => call.query.get("status"))).toEqual(["-1", "1", "3", "0"]),
		);
		fireEvent.click(screen.getByTestId("reservation-row-1").querySelector("a") as HTMLAnchorElement);
		expect(`${router.state.location.pathname}${router.state.location.search}`).toBe(
			withQuery(Paths.dueDetail, { id: 1 }),
		);
	});

	it("an unknown tab reads as all; an empty list offers to book a table", async () => {
		const server = guestServer({ "/reservation/list": () => ({ list: [], total: 0 }) });
		const { router } = renderList(withQuery(Paths.dueList, { status: 12 }));
		fireEvent.click(await screen.findByTestId("reservations-book"));
		expect(server.to("/reservation/list")[0]?.query.get("status")).toBe("-1");
		expect(router.state.location.pathname).toBe(Paths.dueIndex);
	});
});
