import type { PageResult, RedemptionView } from "@bayon/contract";
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { beforeEach, describe, expect, it } from "vitest";
import { Paths } from "../../../lib/paths";
import { currentToast } from "../../../lib/toast";
import { renderScreen } from "../../../test/render";
import { type StaffCall, staffServer, startAsStaff } from "../../stored-value/staff-testing";
import StaffPointsMallScreen from "./staff-points-mall-screen";
import StaffRedemptionsScreen from "./staff-redemptions-screen";

function redemption(extra: Partial<RedemptionView> = {}): RedemptionView {
	return {
		id: 41,
		itemId: 31,
		itemName: "Bayon mug",
		itemImage: "/uploads/mug.webp",
		pointsPrice: 1200,
		fulfilment: "pickup",
		status: "pending",
		shop: { id: 1, name: "Bayon 河畔店", address: "Street 178" },
		deliveryAddress: null,
		trackingNote: null,
		cancelReason: null,
		createdAt: "2026-11-24T05:30:00.000Z",
		shippedAt: null,
		receivedAt: null,
		cancelledAt: null,
		actions: [],
		member: { nickname: "Dara", mobile: "138****0003" },
		...extra,
	};
}

const pickup = redemption();
const delivery = redemption({
	id: 42,
	itemName: "Scarf",
	pointsPrice: 500,
	fulfilment: "delivery",
	shop: null,
	deliveryAddress: { recipient: "Sokha", phone: "012 345 678", address: "Riverside, Phnom Penh", houseNumber: "12B" },
	member: { nickname: "Sokha", mobile: "138****0004" },
});

const page = (list: RedemptionView[], total = list.length): { code: 0; data: PageResult<RedemptionView> } => ({
	code: 0,
	data: { list, total },
});

/** The list answers by the asked state (pending: `pending`, which an action may change). */
function listAnswer(byStatus: Partial<Record<string, () => RedemptionView[]>>) {
	return (call: StaffCall) => page(byStatus[call.query.get("status") ?? ""]?.() ?? []);
}

beforeEach(async () => {
	await startAsStaff("staff");
});

async function openPage(url: string = Paths.merchantRedemptions) {
	renderScreen(<StaffRedemptionsScreen />, { path: Paths.merchantRedemptions, url });
	return screen.findByTestId("redemptions-list");
}

describe("the counter's points-mall redemptions", () => {
	it("opens on the pending tab: the number big, the item, the member, where it goes and when", async () => {
		const server = staffServer(await startAsStaff("staff"), {
			"/merchant/points-mall/redemptions": page([pickup, delivery]),
		});
		await openPage();
		const asked = server.to("/merchant/points-mall/redemptions")[0]?.query;
		expect(Object.fromEntries(asked ?? [])).toEqual({ shopId: "1", status: "pending", page: "1", pageSize: "20" });
		expect(screen.getByTestId("redemptions-tab-pending").getAttribute("aria-selected")).toBe("true");
		expect(screen.getByTestId("redemptions-total").textContent).toBe("2 redemptions");

		expect(screen.getByTestId("redemption-41-number").textContent).toBe("Redemption number #41");
		expect(screen.getByTestId("redemption-41-status").textContent).toBe("To hand over");
		const first = screen.getByTestId("redemption-41");
		expect(first.textContent).toContain("Bayon mug");
		expect(first.textContent).toContain("1,200 points");
		expect(screen.getByTestId("redemption-41-member").textContent).toBe("Dara · 138****0003");
		expect(screen.getByTestId("redemption-41-where").textContent).toBe("Bayon 河畔店");
		expect(first.textContent).toContain("Redeemed");
		expect(within(first).getByTestId("redemption-41-hand-over")).toBeTruthy();
		expect(within(first).queryByTestId("redemption-41-ship")).toBeNull();

		expect(screen.getByTestId("redemption-42-status").textContent).toBe("To ship");
		expect(screen.getByTestId("redemption-42-where").textContent).toBe("Sokha · 012 345 678Riverside, Phnom Penh 12B");
		expect(screen.getByTestId("redemption-42-ship")).toBeTruthy();
		expect(screen.queryByTestId("redemption-42-hand-over")).toBeNull();
	});

	it("hands a pickup over by the code the member shows, says to whom, then reads the list again", async () => {
		let pending = [pickup, delivery];
		const server = staffServer(await startAsStaff("staff"), {
			"GET /merchant/points-mall/redemptions": listAnswer({ pending: () => pending }),
			"POST /merchant/points-mall/redemptions/hand-over": (call: StaffCall) => {
				if ((call.body as { code: string }).code !== "K7M2QXAB9C")
					return { code: 1008025006, msg: "No reward waits here with this pickup code. Check it and try again" };
				pending = [delivery];
				return { code: 0, data: { ...pickup, status: "received", receivedAt: "2026-11-24T06:00:00.000Z" } };
			},
		});
		await openPage();
		// The card's button and the page's button open the same scan sheet: no way around the code.
		fireEvent.click(screen.getByTestId("redemption-41-hand-over"));
		const sheet = await screen.findByTestId("redemption-hand-over");
		const input = within(sheet).getByTestId("redemption-hand-over-code");
		fireEvent.input(input, { target: { value: "k7m2q" } });
		fireEvent.click(within(sheet).getByTestId("redemption-hand-over-submit"));
		expect((await within(sheet).findByTestId("redemption-hand-over-error")).textContent).toBe(
			"A pickup code has 10 letters or digits",
		);
		fireEvent.input(input, { target: { value: "K7M2Q-XAB9D" } });
		fireEvent.click(within(sheet).getByTestId("redemption-hand-over-submit"));
		expect((await within(sheet).findByTestId("redemption-hand-over-error")).textContent).toBe(
			"No reward waits here with this pickup code. Check it and try again",
		);
		fireEvent.input(input, { target: { value: "k7m2q xab9c" } });
		fireEvent.click(within(sheet).getByTestId("redemption-hand-over-submit"));
		expect((await within(sheet).findByTestId("redemption-hand-over-done")).textContent).toContain(
			"“Bayon mug” handed to Dara (138****0003)",
		);
		expect(server.to("/merchant/points-mall/redemptions/hand-over", "POST").map((call) => call.body)).toEqual([
			{ shopId: 1, code: "K7M2QXAB9D" },
			{ shopId: 1, code: "K7M2QXAB9C" },
		]);
		await waitFor(() => expect(screen.queryByTestId("redemption-41")).toBeNull());
	});

	it("ships a delivery only with a tracking note", async () => {
		const server = staffServer(await startAsStaff("staff"), {
			"GET /merchant/points-mall/redemptions": page([delivery]),
			"POST /merchant/points-mall/redemptions/ship": {
				code: 0,
				data: { ...delivery, status: "shipped", trackingNote: "J&T 889900" },
			},
		});
		await openPage();
		fireEvent.click(screen.getByTestId("redemption-42-ship"));
		const sheet = await screen.findByTestId("redemption-ship-sheet");
		fireEvent.input(within(sheet).getByTestId("redemption-ship-input"), { target: { value: "   " } });
		fireEvent.click(within(sheet).getByTestId("redemption-ship-submit"));
		expect((await within(sheet).findByTestId("redemption-ship-error")).textContent).toBe(
			"Enter the courier and tracking number (at most 200 characters)",
		);
		expect(server.to("/merchant/points-mall/redemptions/ship")).toEqual([]);

		fireEvent.input(within(sheet).getByTestId("redemption-ship-input"), { target: { value: " J&T 889900 " } });
		expect(within(sheet).queryByTestId("redemption-ship-error")).toBeNull();
		fireEvent.click(within(sheet).getByTestId("redemption-ship-submit"));
		await waitFor(() => expect(screen.queryByTestId("redemption-ship-sheet")).toBeNull());
		expect(server.to("/merchant/points-mall/redemptions/ship", "POST").map((call) => call.body)).toEqual([
			{ shopId: 1, id: 42, trackingNote: "J&T 889900" },
		]);
		expect(currentToast()?.text).toBe("#42 shipped");
	});

	it("cancels with a reason, saying the points and the stock go back", async () => {
		const server = staffServer(await startAsStaff("staff"), {
			"GET /merchant/points-mall/redemptions": page([pickup]),
			"POST /merchant/points-mall/redemptions/cancel": { code: 0, data: { ...pickup, status: "cancelled" } },
		});
		await openPage();
		fireEvent.click(screen.getByTestId("redemption-41-cancel"));
		const sheet = await screen.findByTestId("redemption-cancel-sheet");
		expect(within(sheet).getByTestId("redemption-cancel-notice").textContent).toBe(
			"Cancelling gives the member back 1,200 points and puts 1 back in stock.",
		);
		fireEvent.click(within(sheet).getByTestId("redemption-cancel-submit"));
		expect((await within(sheet).findByTestId("redemption-cancel-error")).textContent).toBe("Please give a reason");
		expect(server.to("/merchant/points-mall/redemptions/cancel")).toEqual([]);

		fireEvent.input(within(sheet).getByTestId("redemption-cancel-input"), {
			target: { value: "Member asked at the counter" },
		});
		fireEvent.click(within(sheet).getByTestId("redemption-cancel-submit"));
		await waitFor(() => expect(screen.queryByTestId("redemption-cancel-sheet")).toBeNull());
		expect(server.to("/merchant/points-mall/redemptions/cancel", "POST").map((call) => call.body)).toEqual([
			{ shopId: 1, id: 41, reason: "Member asked at the counter" },
		]);
		expect(currentToast()?.text).toBe("#41 cancelled, points given back");
	});

	it("says so and shows the list as it now is when someone else handled it first", async () => {
		let pending = [pickup, delivery];
		const server = staffServer(await startAsStaff("staff"), {
			"GET /merchant/points-mall/redemptions": listAnswer({ pending: () => pending }),
			"POST /merchant/points-mall/redemptions/ship": () => {
				pending = [pickup];
				return { code: 1008025005, msg: "This redemption has changed. Refresh and try again" };
			},
		});
		await openPage();
		fireEvent.click(screen.getByTestId("redemption-42-ship"));
		const sheet = await screen.findByTestId("redemption-ship-sheet");
		fireEvent.input(within(sheet).getByTestId("redemption-ship-input"), { target: { value: "J&T 1" } });
		fireEvent.click(within(sheet).getByTestId("redemption-ship-submit"));
		await waitFor(() => expect(screen.queryByTestId("redemption-ship-sheet")).toBeNull());
		expect(currentToast()?.text).toBe("This redemption has changed. Refresh and try again");
		await waitFor(() => expect(screen.queryByTestId("redemption-42")).toBeNull());
		expect(server.to("/merchant/points-mall/redemptions", "GET").length).toBeGreaterThan(1);
	});

	it("switches tabs by state, and loads the next page on request", async () => {
		const shipped = (id: number) =>
			redemption({ id, fulfilment: "delivery", status: "shipped", trackingNote: `J&T ${id}`, shop: null });
		const server = staffServer(await startAsStaff("staff"), {
			"GET /merchant/points-mall/redemptions": (call) => {
				if (call.query.get("status") !== "shipped") return page([pickup]);
				return call.query.get("page") === "1" ? page([shipped(50), shipped(49)], 3) : page([shipped(48)], 3);
			},
		});
		await openPage();
		fireEvent.click(screen.getByTestId("redemptions-tab-shipped"));
		expect(await screen.findByTestId("redemption-50")).toBeTruthy();
		expect(screen.getByTestId("redemptions-tab-shipped").getAttribute("aria-selected")).toBe("true");
		expect(screen.getByTestId("redemption-50-tracking").textContent).toBe("J&T 50");
		expect(screen.queryByTestId("redemption-50-cancel")).toBeNull();
		expect(screen.queryByTestId("redemption-48")).toBeNull();

		fireEvent.click(screen.getByTestId("redemptions-more"));
		expect(await screen.findByTestId("redemption-48")).toBeTruthy();
		expect(screen.getByTestId("redemptions-end").textContent).toBe("No more");
		const shippedCalls = server
			.to("/merchant/points-mall/redemptions")
			.filter((c) => c.query.get("status") === "shipped");
		expect(shippedCalls.map((c) => c.query.get("page"))).toEqual(["1", "2"]);
	});

	it("says when a tab has nothing", async () => {
		staffServer(await startAsStaff("staff"), { "/merchant/points-mall/redemptions": page([]) });
		renderScreen(<StaffRedemptionsScreen />, {
			path: Paths.merchantRedemptions,
			url: `${Paths.merchantRedemptions}?status=cancelled`,
		});
		expect((await screen.findByTestId("state-empty")).textContent).toContain("No cancelled redemptions");
	});

	it("is open to every role: staff see it, while the mall editor refuses them", async () => {
		const server = staffServer(await startAsStaff("staff"), {
			"/merchant/points-mall/redemptions": page([pickup]),
		});
		await openPage();
		expect(screen.queryByTestId("redemptions-not-allowed")).toBeNull();
		expect(screen.getByTestId("redemption-41-hand-over")).toBeTruthy();

		cleanup();
		renderScreen(<StaffPointsMallScreen />, { path: Paths.merchantPointsMall });
		expect((await screen.findByTestId("points-mall-not-allowed")).textContent).toContain("Only the owner and managers");
		expect(server.to("/merchant/points-mall")).toEqual([]);
	});
});
