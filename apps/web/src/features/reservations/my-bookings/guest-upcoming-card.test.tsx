import { fireEvent, screen, waitFor } from "@testing-library/react";
import { beforeEach, describe, expect, it } from "vitest";
import { applyLanguage } from "../../../lib/i18n";
import { Paths, TabPaths, withQuery } from "../../../lib/paths";
import { queryClient } from "../../../lib/query-client";
import { appStore } from "../../../lib/store";
import { renderScreen } from "../../../test/render";
import { guestServer, reservationView, signInGuest } from "../guest-testing";
import { GuestUpcomingCard } from "./guest-upcoming-card";

function renderCard(variant: "home" | "mine") {
	return renderScreen(
		<div>
			<span data-testid="page" />
			<GuestUpcomingCard variant={variant} />
		</div>,
		{ path: TabPaths.home, otherPaths: [Paths.dueDetail, Paths.dueIndex, Paths.dueList] },
	);
}

beforeEach(async () => {
	localStorage.clear();
	appStore.reload();
	queryClient.clear();
	await applyLanguage("zh-CN");
});

describe("the upcoming bookings card", () => {
	it("on home lists the next bookings, each to its page", async () => {
		signInGuest();
		guestServer({
			"/reservation/upcoming": () => ({
				list: [reservationView({ id: 8, party: 4 }), reservationView({ id: 9, status: "pending" })],
			}),
		});
		const { router } = renderCard("home");
		const first = await screen.findByTestId("upcoming-8");
		expect(first.textContent).toContain("2099年11月24日 周二 19:30");
		expect(first.textContent).toContain("4 人");
		expect(screen.getByTestId("upcoming-9").textContent).toContain("待确认");
		fireEvent.click(first);
		expect(`${router.state.location.pathname}${router.state.location.search}`).toBe(
			withQuery(Paths.dueDetail, { id: 8 }),
		);
	});

	it("on home shows nothing without a booking; on mine it offers to book and to see them all", async () => {
		signInGuest();
		const server = guestServer({ "/reservation/upcoming": () => ({ list: [] }) });
		renderCard("home");
		await waitFor(() => expect(server.to("/reservation/upcoming")).toHaveLength(1));
		expect(screen.queryByTestId("upcoming-reservations")).toBeNull();

		queryClient.clear();
		renderCard("mine");
		expect((await screen.findByTestId("upcoming-book")).getAttribute("href")).toBe(Paths.dueIndex);
		expect(screen.getByTestId("upcoming-all").getAttribute("href")).toBe(Paths.dueList);
	});

	it("asks nothing for a visitor", async () => {
		const server = guestServer({});
		renderCard("mine");
		expect(await screen.findByTestId("upcoming-book")).toBeTruthy();
		expect(screen.queryByTestId("upcoming-all")).toBeNull();
		expect(server.to("/reservation/upcoming")).toHaveLength(0);
	});
});
