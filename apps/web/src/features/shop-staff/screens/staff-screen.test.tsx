import type { BusinessAdminPerson, BusinessAdmins, StaffMember } from "@bayon/contract";
import { fireEvent, screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { Paths } from "../../../lib/paths";
import { currentToast } from "../../../lib/toast";
import { renderScreen } from "../../../test/render";
import { staffServer, startAsStaff } from "../../stored-value/staff-testing";
import StaffScreen from "./staff-screen";

/** The business's administrators on the staff page (issue 27). */

const sophea: BusinessAdminPerson = {
	memberId: 3,
	mobile: "13800000001",
	nickname: "Sophea",
	ownedShops: ["Riverside", "BKK1"],
};
const dara: BusinessAdminPerson = { memberId: 8, mobile: "13900000008", nickname: "Dara", ownedShops: ["Angkor"] };
const staffList: StaffMember[] = [
	{
		memberId: 3,
		mobile: "13800000001",
		nickname: "Sophea",
		role: "owner",
		addedAt: "2026-11-01T00:00:00.000Z",
		hasSignedIn: true,
	},
];
const admins = (extra: Partial<BusinessAdmins>): BusinessAdmins => ({
	admins: [sophea],
	candidates: [],
	readerIsAdmin: true,
	...extra,
});

async function openPage() {
	renderScreen(<StaffScreen />, { path: Paths.merchantStaff });
	return screen.findByTestId("business-admin-list");
}

describe("the business's administrators on the staff page", () => {
	it("lets an administrator make another shop's owner one, and shows who owns what", async () => {
		const server = staffServer(await startAsStaff("owner"), {
			"/merchant/staff/list": { code: 0, data: staffList },
			"GET /merchant/business-admins": { code: 0, data: admins({ candidates: [dara] }) },
			"POST /merchant/business-admins/grant": { code: 0, data: admins({ admins: [sophea, dara] }) },
		});
		await openPage();
		expect(screen.getByTestId("business-admin-13800000001").textContent).toContain("Owner of Riverside, BKK1");
		// The only administrator cannot be removed: no button for it.
		expect(screen.queryByTestId("business-admin-remove-13800000001")).toBeNull();

		fireEvent.click(screen.getByTestId("business-admin-grant-13900000008"));

		await waitFor(() => expect(currentToast()?.text).toBe("Dara is now a business owner"));
		expect(server.to("/merchant/business-admins/grant", "POST").map((call) => call.body)).toEqual([
			{ shopId: 1, memberId: 8 },
		]);
		await screen.findByTestId("business-admin-13900000008");
		expect(screen.queryByTestId("business-admin-candidate-13900000008")).toBeNull();
	});

	it("removes an administrator once confirmed, when another stays", async () => {
		const server = staffServer(await startAsStaff("owner"), {
			"/merchant/staff/list": { code: 0, data: staffList },
			"GET /merchant/business-admins": { code: 0, data: admins({ admins: [sophea, dara] }) },
			"POST /merchant/business-admins/revoke": { code: 0, data: admins({ candidates: [dara] }) },
		});
		await openPage();

		fireEvent.click(screen.getByTestId("business-admin-remove-13900000008"));
		fireEvent.click(await screen.findByTestId("confirm-ok"));

		await waitFor(() => expect(currentToast()?.text).toBe("Dara is no longer a business owner"));
		expect(server.to("/merchant/business-admins/revoke", "POST").map((call) => call.body)).toEqual([
			{ shopId: 1, memberId: 8 },
		]);
	});

	it("shows an owner who is not an administrator the list only, and says who changes it", async () => {
		const server = staffServer(await startAsStaff("owner", false), {
			"/merchant/staff/list": { code: 0, data: staffList },
			"GET /merchant/business-admins": {
				code: 0,
				data: admins({ admins: [sophea, dara], candidates: [], readerIsAdmin: false }),
			},
		});
		await openPage();

		expect(screen.getByTestId("business-admins-reader-not").textContent).toBe(
			"Only a business owner can add or remove business owners.",
		);
		expect(screen.queryByTestId("business-admin-remove-13900000008")).toBeNull();
		expect(screen.queryByTestId("business-admin-candidates")).toBeNull();
		expect(server.calls.filter((call) => call.path.startsWith("/merchant/business-admins/"))).toEqual([]);
	});
});
