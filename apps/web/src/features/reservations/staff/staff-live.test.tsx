import type { ReservationGridView, ReservationView } from "@bayon/contract";
import { screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { applyLanguage } from "../../../lib/i18n";
import { Paths } from "../../../lib/paths";
import { queryClient } from "../../../lib/query-client";
import { appStore } from "../../../lib/store";
import { type FakeWebSocket, fakeWebSockets } from "../../../test/fake-live-server";
import { testMember } from "../../../test/member-fixtures";
import { renderScreen } from "../../../test/render";
import { reservationAlarm } from "./staff-alarm";
import StaffReservationsScreen from "./staff-reservations-screen";

const TZ = "Asia/Phnom_Penh";
const member = testMember({
	isMerchant: true,
	userType: "merchant_owner",
	merchantShops: [{ shopId: 1, shopName: "Bayon BKK1", role: "owner" }],
});

function reservation(id: number, extra: Partial<ReservationView> = {}): ReservationView {
	const startsAt = new Date(Date.now() + 3 * 3600_000).toISOString();
	return {
		id,
		code: `K7M2Q${id}`,
		shopId: 1,
		shopName: "Bayon BKK1",
		shopPhone: "012345678",
		shopAddress: "",
		shopTimeZone: TZ,
		status: "confirmed",
		statusCode: 11,
		party: 4,
		startsAt,
		endsAt: new Date(Date.parse(startsAt) + 105 * 60_000).toISOString(),
		name: `Guest ${id}`,
		phone: "012888777",
		occasion: null,
		areaPreference: null,
		areaPreferenceName: null,
		areaPreferenceMet: null,
		note: "",
		source: "web",
		tables: [{ id: 10, number: "A1" }],
		preorder: null,
		payments: [],
		amountDue: 0,
		payDeadline: null,
		cancelUntil: null,
		rejectReason: null,
		billId: null,
		preorderOrderId: null,
		timeline: [],
		createdAt: new Date().toISOString(),
		actions: ["reject", "cancel", "assign"],
		strikes: 0,
		member: null,
		...extra,
	};
}

const grid: ReservationGridView = {
	shopId: 1,
	date: "2026-11-24",
	shopTimeZone: TZ,
	windows: [],
	slotMinutes: 15,
	tables: [{ id: 10, number: "A1", seats: 4, minSeats: 1, area: null, reservable: true }],
	bookings: [],
};

let lists: ReservationView[][] = [];
let listCalls = 0;
let sockets: FakeWebSocket[] = [];

/** The server: member info, the shop, the list (one answer per call, the last repeating), the grid, the socket ticket. */
function fakeServer() {
	listCalls = 0;
	sockets = fakeWebSockets();
	vi.stubGlobal(
		"fetch",
		vi.fn(async (input: RequestInfo | URL) => {
			const path = (String(input).split("?")[0] ?? "").replace("/app-api", "");
			const data = (() => {
				switch (path) {
					case "/infra/ws/ticket":
						return { ticket: "ticket-1", expiresIn: 60 };
					case "/member/user/get-info":
						return member;
					case "/store/getShop":
						return { id: 1, name: "Bayon BKK1", timezone: TZ };
					case "/merchant/reservation/list": {
						const list = lists[Math.min(listCalls, lists.length - 1)] ?? [];
						listCalls++;
						return { list, total: list.length };
					}
					case "/merchant/reservation/grid":
						return grid;
					default:
						return null;
				}
			})();
			return new Response(JSON.stringify({ code: 0, msg: "", data }), {
				headers: { "Content-Type": "application/json" },
			});
		}),
	);
}

beforeEach(async () => {
	localStorage.clear();
	localStorage.setItem("accessToken", "access-1");
	localStorage.setItem("refreshToken", "refresh-1");
	localStorage.setItem("expiresTime", String(Date.now() + 15 * 60_000));
	localStorage.setItem("userinfo", JSON.stringify(member));
	appStore.reload();
	queryClient.clear();
	await applyLanguage("en");
	fakeServer();
});

afterEach(() => {
	reservationAlarm().acknowledge();
	vi.unstubAllGlobals();
});

async function openPage() {
	renderScreen(<StaffReservationsScreen />, { path: Paths.merchantReservations });
	await screen.findByTestId("res-card-1");
	await waitFor(() => expect(sockets).toHaveLength(1));
	sockets[0]?.receive({ type: "ready", data: {} });
	// The first connection counts as a resync: wait for its refetch before the test's events.
	await waitFor(() => expect(listCalls).toBeGreaterThanOrEqual(2));
	return listCalls;
}

describe("the reservations page, live", () => {
	it("shows a booking made meanwhile at once, ringing, and stops ringing when acknowledged", async () => {
		const fresh = reservation(2, {
			status: "pending",
			statusCode: 0,
			actions: ["confirm", "reject", "cancel", "assign"],
		});
		lists = [[reservation(1)], [reservation(1)], [reservation(1), fresh]];
		const before = await openPage();
		expect(screen.queryByTestId("res-alert")).toBeNull();

		sockets[0]?.receive({
			type: "reservation.changed",
			data: { shopId: 1, reservationId: 2, status: "pending", reason: "created" },
		});
		const card = await screen.findByTestId("res-card-2");
		expect(listCalls).toBe(before + 1);
		expect(card.dataset.ringing).toBe("true");
		expect(within(card).getByTestId("res-action-confirm")).toBeTruthy();
		expect(screen.getByTestId("res-alert").dataset.count).toBe("1");
		expect(screen.getByTestId("res-card-1").dataset.ringing).toBeUndefined();

		screen.getByTestId("res-ack").click();
		await waitFor(() => expect(screen.queryByTestId("res-alert")).toBeNull());
		expect(screen.getByTestId("res-card-2").dataset.ringing).toBeUndefined();
	});

	it("ignores another shop's bookings, and refetches on the server's resync", async () => {
		lists = [[reservation(1)]];
		const before = await openPage();
		sockets[0]?.receive({
			type: "reservation.changed",
			data: { shopId: 2, reservationId: 9, status: "pending", reason: "created" },
		});
		await new Promise((resolve) => setTimeout(resolve, 50));
		expect(listCalls).toBe(before);
		expect(screen.queryByTestId("res-alert")).toBeNull();

		sockets[0]?.receive({ type: "resync", data: {} });
		await waitFor(() => expect(listCalls).toBe(before + 1));
	});

	it("shows that the guest confirmed on the bot's reminder, live", async () => {
		const confirmed = reservation(1, { guestConfirmedAt: new Date().toISOString() });
		lists = [[reservation(1)], [reservation(1)], [confirmed]];
		await openPage();
		expect(screen.queryByTestId("res-card-guest-confirmed")).toBeNull();
		sockets[0]?.receive({
			type: "reservation.changed",
			data: { shopId: 1, reservationId: 1, status: "confirmed", reason: "guestConfirmed" },
		});
		const badge = await screen.findByTestId("res-card-guest-confirmed");
		expect(badge.textContent).toBe("Guest confirmed");
		expect(screen.queryByTestId("res-alert")).toBeNull();
	});

	it("refetches when a booking of the shop changes status", async () => {
		lists = [[reservation(1)], [reservation(1)], [reservation(1, { status: "seated", actions: ["complete"] })]];
		await openPage();
		sockets[0]?.receive({
			type: "reservation.changed",
			data: { shopId: 1, reservationId: 1, status: "seated", reason: "arrived" },
		});
		await waitFor(() => expect(screen.getByTestId("res-card-1").dataset.status).toBe("seated"));
		expect(within(screen.getByTestId("res-card-1")).getByTestId("res-action-complete")).toBeTruthy();
	});
});
