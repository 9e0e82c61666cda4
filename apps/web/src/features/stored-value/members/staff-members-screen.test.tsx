import type { MemberPage, MemberSummary } from "@bayon/contract";
import { fireEvent, screen, waitFor } from "@testing-library/react";
import { beforeEach, describe, expect, it } from "vitest";
import { Paths } from "../../../lib/paths";
import { renderScreen } from "../../../test/render";
import { type StaffCall, staffServer, startAsStaff } from "../staff-testing";
import StaffMembersScreen from "./staff-members-screen";

const HOUR = 3_600_000;

function member(id: number, extra: Partial<MemberSummary> = {}): MemberSummary {
	return {
		memberId: id,
		nickname: `Member ${id}`,
		mobile: `1380000${String(id).padStart(4, "0")}`,
		balance: id * 100,
		card: null,
		lastVisitAt: null,
		joinedAt: "2026-01-05T03:00:00.000Z",
		...extra,
	};
}

/** The server's pages: the first (no cursor) ends at cursor "120", the second ends the list. */
function pages(call: StaffCall): { code: number; data: MemberPage } {
	const q = call.query.get("q") ?? "";
	if (q === "zz") return { code: 0, data: { list: [], nextCursor: null } };
	if (q) return { code: 0, data: { list: [member(7, { nickname: `Found ${q}` })], nextCursor: null } };
	if (call.query.get("cursor") === "120") return { code: 0, data: { list: [member(3), member(2)], nextCursor: null } };
	return {
		code: 0,
		data: {
			list: [
				member(9, {
					nickname: "Dara",
					balance: 8750,
					card: { name: "Gold", expiresAt: "2026-12-31T17:30:00.000Z" },
					lastVisitAt: new Date(Date.now() - 3 * HOUR).toISOString(),
				}),
				member(8),
			],
			nextCursor: "120",
		},
	};
}

beforeEach(async () => {
	await startAsStaff("manager");
});

describe("the members list", () => {
	it("shows balance, card with its end on the shop's calendar, last visit; and loads the next page by cursor", async () => {
		const server = staffServer(await startAsStaff("manager"), {
			"/merchant/members": pages,
			"/store/getShop": { code: 0, data: { id: 1, timezone: "Asia/Phnom_Penh" } },
		});
		renderScreen(<StaffMembersScreen />, { path: Paths.merchantMembers });
		const dara = await screen.findByTestId("member-9");
		expect(dara.textContent).toContain("Dara");
		expect(dara.textContent).toContain("13800000009");
		expect(screen.getByTestId("member-9-balance").textContent).toBe("$87.50");
		// 17:30Z on 31 December is already 00:30 on 1 January in Phnom Penh (UTC+7).
		await waitFor(() => expect(screen.getByTestId("member-9-card").textContent).toBe("Gold · until Jan 1, 2027"));
		expect(screen.getByTestId("member-9-visit").textContent).toBe("Last visit 3 hours ago");
		expect(screen.getByTestId("member-8-card").textContent).toBe("No VIP card");
		expect(screen.getByTestId("member-8-visit").textContent).toBe("No visit yet");

		// The end of the list is in view (a short list): the next page comes by cursor.
		expect(await screen.findByTestId("member-2")).toBeTruthy();
		expect(screen.getByTestId("members-end").textContent).toBe("No more members");
		const asked = server.to("/merchant/members").map((call) => Object.fromEntries(call.query));
		expect(asked).toEqual([
			{ shopId: "1", q: "", limit: "20" },
			{ shopId: "1", q: "", limit: "20", cursor: "120" },
		]);
	});

	it("asks once the typing pauses, with what was typed", async () => {
		const server = staffServer(await startAsStaff("owner"), { "/merchant/members": pages });
		renderScreen(<StaffMembersScreen />, { path: Paths.merchantMembers });
		await screen.findByTestId("member-9");
		const search = screen.getByTestId("members-search");
		fireEvent.input(search, { target: { value: "1" } });
		fireEvent.input(search, { target: { value: "13" } });
		fireEvent.input(search, { target: { value: " 138 " } });
		expect((await screen.findByTestId("member-7")).textContent).toContain("Found 138");
		const searched = server
			.to("/merchant/members")
			.map((call) => call.query.get("q"))
			.filter(Boolean);
		expect(searched).toEqual(["138"]);

		fireEvent.input(search, { target: { value: "zz" } });
		expect((await screen.findByTestId("state-empty")).textContent).toContain("No member matches “zz”");
		fireEvent.click(screen.getByTestId("members-search-clear"));
		expect(await screen.findByTestId("member-9")).toBeTruthy();
	});

	it("shows a load failure with a retry", async () => {
		let fail = true;
		staffServer(await startAsStaff("owner"), {
			"/merchant/members": (call) => (fail ? { code: 500, msg: "Server busy" } : pages(call)),
		});
		renderScreen(<StaffMembersScreen />, { path: Paths.merchantMembers });
		expect((await screen.findByTestId("state-error")).textContent).toContain("Server busy");
		fail = false;
		fireEvent.click(screen.getByTestId("retry"));
		expect(await screen.findByTestId("member-9")).toBeTruthy();
	});

	it("says the list is for the owner and managers to staff, and asks nothing", async () => {
		const server = staffServer(await startAsStaff("staff"), { "/merchant/members": pages });
		renderScreen(<StaffMembersScreen />, { path: Paths.merchantMembers });
		expect(await screen.findByTestId("members-not-allowed")).toBeTruthy();
		expect(server.to("/merchant/members")).toEqual([]);
	});
});

describe("a member's phone number", () => {
	const masked = (page: MemberPage): MemberPage => ({
		...page,
		list: page.list.map((row) => ({ ...row, mobile: `${row.mobile.slice(0, 3)}****${row.mobile.slice(-4)}` })),
	});

	it("is masked; the owner's tap asks the server for that member's full number and shows it, asking nothing before", async () => {
		const server = staffServer(await startAsStaff("owner"), {
			"/merchant/members": (call: StaffCall) => ({ code: 0, data: masked(pages(call).data) }),
			"POST /merchant/members/mobile": { code: 0, data: { memberId: 9, mobile: "13800000009" } },
		});
		renderScreen(<StaffMembersScreen />, { path: Paths.merchantMembers });
		expect((await screen.findByTestId("member-9-phone")).textContent).toBe("138****0009");
		expect(server.to("/merchant/members/mobile")).toEqual([]);

		fireEvent.click(screen.getByTestId("member-9-reveal"));

		await waitFor(() => expect(screen.getByTestId("member-9-phone").textContent).toBe("13800000009"));
		expect(screen.getByTestId("member-9-phone").getAttribute("href")).toBe("tel:13800000009");
		expect(server.to("/merchant/members/mobile").map((call) => call.body)).toEqual([{ shopId: 1, memberId: 9 }]);
		// Only the member tapped: the others stay masked.
		expect(screen.getByTestId("member-8-phone").textContent).toBe("138****0008");
	});

	it("says so when the number could not be had, and keeps it masked", async () => {
		staffServer(await startAsStaff("owner"), {
			"/merchant/members": (call: StaffCall) => ({ code: 0, data: masked(pages(call).data) }),
			"POST /merchant/members/mobile": { code: 1004000403, data: null },
		});
		renderScreen(<StaffMembersScreen />, { path: Paths.merchantMembers });
		fireEvent.click(await screen.findByTestId("member-9-reveal"));

		expect((await screen.findByTestId("member-9-reveal-error")).textContent).toBe(
			"The number could not be shown. Please try again",
		);
		expect(screen.getByTestId("member-9-phone").textContent).toBe("138****0009");
	});

	it("offers managers no way to the full number", async () => {
		staffServer(await startAsStaff("manager"), {
			"/merchant/members": (call: StaffCall) => ({ code: 0, data: masked(pages(call).data) }),
		});
		renderScreen(<StaffMembersScreen />, { path: Paths.merchantMembers });
		expect((await screen.findByTestId("member-9-phone")).textContent).toBe("138****0009");
		expect(screen.queryByTestId("member-9-reveal")).toBeNull();
	});
});
