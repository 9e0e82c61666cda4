import type { ReservationView } from "@bayon/contract";
import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { applyLanguage } from "../../../lib/i18n";
import { liveClient } from "../../../lib/live-updates";
import { Paths, withQuery } from "../../../lib/paths";
import { fakeLiveServer } from "../../../test/fake-live-server";
import { menu, usdConfig } from "../../../test/ordering-fixtures";
import { renderScreen } from "../../../test/render";
import { guestServer, reservationView, signInGuest, startAsGuest } from "../guest-testing";
import ReservationDetailScreen from "./reservation-detail-screen";

function renderDetail(id = 31) {
	return renderScreen(<ReservationDetailScreen />, {
		path: Paths.dueDetail,
		url: withQuery(Paths.dueDetail, { id }),
		otherPaths: [Paths.login, Paths.dueIndex],
	});
}

const common = {
	"/system/config": { code: 0, data: usdConfig },
	"/product/products": () => menu,
	"/member/user/get-info": () => JSON.parse(localStorage.getItem("userinfo") ?? "null"),
};

beforeEach(startAsGuest);

afterEach(() => {
	vi.unstubAllGlobals();
});

describe("due/detail", () => {
	it("shows the status, the time on the shop's clock, the arrival QR and code, and a timeline in the reader's language", async () => {
		guestServer({ ...common, "/reservation/detail": () => reservationView() });
		renderDetail();
		expect((await screen.findByTestId("reservation-status")).textContent).toBe("已确认");
		// 12:30Z is 19:30 in Phnom Penh; the stay ends at 21:00.
		expect(screen.getByTestId("reservation-when").textContent).toBe("2099年11月24日 周二 19:30–21:00");
		expect(screen.getByTestId("reservation-code").textContent).toBe("K7M3QX");
		expect(screen.getByTestId("reservation-qr").dataset.text).toBe("K7M3QX");
		expect(screen.getByTestId("reservation-qr").querySelector("path")?.getAttribute("d")).toMatch(/^M\d/);
		const timeline = screen.getByTestId("reservation-timeline");
		expect(
			within(timeline)
				.getAllByRole("listitem")
				.map((entry) => entry.firstChild?.textContent),
		).toEqual(["待确认", "已确认"]);
		expect(screen.getByTestId("reservation-tables").textContent).toContain("到店前由门店安排");
	});

	it("reads the server's timeline codes in the guest's language and keeps people's reasons as written", async () => {
		guestServer({
			...common,
			"/reservation/detail": () =>
				reservationView({
					status: "rejected",
					rejectReason: "包场",
					actions: [],
					timeline: [
						{ status: "awaiting_payment", at: "2099-11-20T05:00:00.000Z", note: null, by: "guest" },
						{ status: "pending", at: "2099-11-20T05:01:00.000Z", note: "paid", by: "guest" },
						{ status: "rejected", at: "2099-11-20T06:00:00.000Z", note: "包场", by: "staff" },
						{ status: "rejected", at: "2099-11-20T06:00:01.000Z", note: "refund_sent", by: "system" },
					],
				}),
		});
		renderDetail();
		const timeline = await screen.findByTestId("reservation-timeline");
		expect(timeline.textContent).toContain("已付款");
		expect(timeline.textContent).toContain("包场");
		expect(timeline.textContent).not.toContain("paid");
		expect(timeline.textContent).not.toContain("refund_sent");
		expect(screen.getByTestId("reservation-reject-reason").textContent).toBe("门店说明：包场");
	});

	it("cancels inside the window after a confirmation that says the deposit comes back", async () => {
		let current: ReservationView = reservationView({
			payments: [{ kind: "deposit", amount: 2000, status: "paid", payMethod: "balance" }],
		});
		const server = guestServer({
			...common,
			"/reservation/detail": () => current,
			"/reservation/cancel": () => {
				current = reservationView({ status: "cancelled", actions: [], cancelUntil: current.cancelUntil });
				return current;
			},
		});
		renderDetail();
		expect((await screen.findByTestId("reservation-cancel-until")).textContent).toBe(
			"2099年11月24日 17:30 前可免费取消",
		);
		fireEvent.click(screen.getByTestId("reservation-cancel"));
		const dialog = screen.getByTestId("reservation-cancel-confirm");
		expect(dialog.textContent).toContain("定金 $20.00 将原路退回");
		await act(async () => {
			fireEvent.click(within(dialog).getByTestId("confirm-ok"));
		});
		await waitFor(() => expect(screen.getByTestId("reservation-status").textContent).toBe("已取消"));
		// The dialog said the deposit comes back: the cancel may keep none of it.
		expect(server.to("/reservation/cancel").map((call) => call.body)).toEqual([
			{ reservationId: 31, depositKeptAtMost: 0 },
		]);
		expect(screen.queryByTestId("reservation-code")).toBeNull();
		expect(screen.getByTestId("reservation-book-again")).toBeTruthy();
	});

	it("past the free window warns of a late cancel only when a paid deposit would be kept", async () => {
		const pastWindow = { cancelUntil: "2020-01-01T00:00:00.000Z", actions: ["cancel" as const] };
		let current = reservationView(pastWindow);
		guestServer({ ...common, "/reservation/detail": () => current });
		const first = renderDetail();
		await screen.findByTestId("reservation-cancel");
		expect(screen.queryByTestId("reservation-cancel-late")).toBeNull();
		expect(screen.queryByTestId("reservation-cancel-until")).toBeNull();
		first.unmount();

		current = reservationView({
			...pastWindow,
			payments: [{ kind: "deposit", amount: 2000, status: "paid", payMethod: "balance" }],
		});
		const server = guestServer({
			...common,
			"/reservation/detail": () => current,
			"/reservation/cancel": () => {
				current = reservationView({ status: "late_cancelled", actions: [], cancelUntil: pastWindow.cancelUntil });
				return current;
			},
		});
		renderDetail();
		expect((await screen.findByTestId("reservation-cancel-late")).textContent).toContain("逾时取消");
		fireEvent.click(screen.getByTestId("reservation-cancel"));
		const dialog = screen.getByTestId("reservation-cancel-confirm");
		expect(dialog.textContent).toContain("$20.00");
		await act(async () => {
			fireEvent.click(within(dialog).getByTestId("confirm-ok"));
		});
		// The deposit the dialog named is what the cancel may keep.
		await waitFor(() =>
			expect(server.to("/reservation/cancel").map((call) => call.body)).toEqual([
				{ reservationId: 31, depositKeptAtMost: 2000 },
			]),
		);
	});

	it("outside the window offers no cancel: it says why and whom to call", async () => {
		guestServer({
			...common,
			"/reservation/detail": () => reservationView({ actions: [], cancelUntil: "2020-01-01T00:00:00.000Z" }),
		});
		renderDetail();
		const notice = await screen.findByTestId("reservation-cancel-closed");
		expect(screen.queryByTestId("reservation-cancel")).toBeNull();
		expect(notice.textContent).toContain("已过在线取消时间");
		expect(within(notice).getByTestId("reservation-cancel-call").getAttribute("href")).toBe("tel:+85523900123");
	});

	it("an unpaid booking shows its deadline and pays from the pay sheet", async () => {
		signInGuest({ balance: 5000 });
		const awaiting = reservationView({
			status: "awaiting_payment",
			amountDue: 2000,
			payDeadline: "2099-11-20T05:15:00.000Z",
			payments: [{ kind: "deposit", amount: 2000, status: "due", payMethod: null }],
			actions: ["pay", "cancel"],
		});
		let current = awaiting;
		const server = guestServer({
			...common,
			"/reservation/detail": () => current,
			"/reservation/pay": () => {
				current = { ...awaiting, status: "confirmed", amountDue: 0, actions: ["cancel"] };
				return { reservation: current, balance: 3000 };
			},
		});
		renderDetail();
		expect((await screen.findByTestId("reservation-pay-deadline")).textContent).toBe(
			"请在 12:15 前支付，否则预约将自动失效",
		);
		expect(screen.queryByTestId("reservation-code")).toBeNull();
		fireEvent.click(screen.getByTestId("reservation-pay"));
		const sheet = await screen.findByTestId("reservation-pay-sheet");
		await act(async () => {
			fireEvent.click(within(sheet).getByTestId("reservation-pay-submit"));
		});
		await waitFor(() => expect(screen.getByTestId("reservation-status").textContent).toBe("已确认"));
		expect(server.to("/reservation/pay").map((call) => call.body)).toEqual([
			{ reservationId: 31, payMethod: "balance" },
		]);
		expect(screen.getByTestId("reservation-payments").textContent).toContain("$20.00");
	});

	it("changes the pre-order: the dishes already chosen, then the new lines sent", async () => {
		const server = guestServer({
			...common,
			"/reservation/detail": () =>
				reservationView({
					preorder: {
						lines: [{ itemId: 10, name: "鲜椰青", options: [], unitPrice: 200, quantity: 1, lineTotal: 200 }],
						total: 200,
						pay: "atTable",
					},
				}),
			"/reservation/preorder": (body) => reservationView({ id: (body as { reservationId: number }).reservationId }),
		});
		renderDetail();
		expect((await screen.findByTestId("reservation-preorder")).textContent).toContain("鲜椰青");
		fireEvent.click(screen.getByTestId("reservation-change-preorder"));
		const sheet = await screen.findByTestId("preorder-sheet");
		const coconut = await within(sheet).findByTestId("preorder-qty-10");
		expect(within(coconut).getByTestId("stepper-value").textContent).toBe("1");
		fireEvent.click(within(coconut).getByTestId("stepper-plus"));
		await act(async () => {
			fireEvent.click(within(sheet).getByTestId("preorder-done"));
		});
		await waitFor(() => expect(server.to("/reservation/preorder")).toHaveLength(1));
		expect(server.to("/reservation/preorder")[0]?.body).toEqual({
			reservationId: 31,
			preorder: { lines: [{ itemId: 10, quantity: 2, optionIds: [], seenUnitPrice: 200 }], pay: "atTable" },
		});
	});

	it("names every status in Khmer too", async () => {
		await applyLanguage("km");
		guestServer({ ...common, "/reservation/detail": () => reservationView({ status: "no_show", actions: [] }) });
		renderDetail();
		expect((await screen.findByTestId("reservation-status")).textContent).toBe("មិនបានមក");
	});

	it("updates live when the shop changes the booking", async () => {
		const { sockets } = fakeLiveServer();
		let current = reservationView({ status: "pending", actions: ["cancel"] });
		guestServer({
			...common,
			"/infra/ws/ticket": () => ({ ticket: "ticket-1", expiresIn: 60 }),
			"/reservation/detail": () => current,
		});
		renderDetail();
		expect((await screen.findByTestId("reservation-status")).textContent).toBe("待确认");
		await waitFor(() => expect(sockets.length).toBeGreaterThan(0));
		current = reservationView({ status: "confirmed", tables: [{ id: 4, number: "A4" }] });
		sockets.at(-1)?.receive({
			type: "reservation.changed",
			data: { reservationId: 31, status: "confirmed", reason: "" },
		});
		await waitFor(() => expect(screen.getByTestId("reservation-status").textContent).toBe("已确认"));
		expect(screen.getByTestId("reservation-tables").textContent).toContain("A4");
		liveClient.stop();
	});
});
