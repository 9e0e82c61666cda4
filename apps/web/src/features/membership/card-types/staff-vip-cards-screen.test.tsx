import type { VipCardAdmin } from "@bayon/contract";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { beforeEach, describe, expect, it } from "vitest";
import { Paths } from "../../../lib/paths";
import { currentToast } from "../../../lib/toast";
import { renderScreen } from "../../../test/render";
import { staffServer, startAsStaff } from "../../stored-value/staff-testing";
import StaffVipCardsScreen from "./staff-vip-cards-screen";

const gold: VipCardAdmin = {
	id: 21,
	version: 2,
	name: { "zh-CN": "金卡", en: "Gold card", km: "" },
	description: { "zh-CN": "全年九折", en: "10% off all year", km: "" },
	price: 9900,
	validityDays: 365,
	benefits: { discountPercent: 10, discountCap: 500, freeDelivery: true, pointsPercent: 200 },
	sort: 0,
	onSale: true,
	activeHolders: 1,
};

beforeEach(async () => {
	await startAsStaff("owner");
});

async function openPage() {
	renderScreen(<StaffVipCardsScreen />, { path: Paths.merchantVipCards });
	return screen.findByTestId("vip-cards-page");
}

describe("the owner's VIP card types", () => {
	it("lists each card's price, validity, benefits, sale state and holders", async () => {
		staffServer(await startAsStaff("owner"), { "/merchant/vip-cards": { code: 0, data: [gold] } });
		await openPage();
		const row = await screen.findByTestId("vip-card-21");
		expect(row.textContent).toContain("Gold card");
		expect(row.textContent).toContain("$99.00");
		expect(row.textContent).toContain("365 days");
		expect(screen.getByTestId("vip-card-21-benefits").textContent).toBe(
			"10% off orders, up to $5.00 eachFree deliveryPoints ×2",
		);
		expect(row.textContent).toContain("On sale");
		expect(screen.getByTestId("vip-card-21-holders").textContent).toBe("1 active holder");
	});

	it("refuses a card without a benefit with the contract's message, at the discount, and sends nothing", async () => {
		const server = staffServer(await startAsStaff("owner"), { "/merchant/vip-cards": { code: 0, data: [] } });
		await openPage();
		expect(screen.getByTestId("state-empty").textContent).toContain("No VIP cards yet");
		fireEvent.click(screen.getByTestId("vip-add"));
		const sheet = await screen.findByTestId("vip-sheet");
		fireEvent.input(within(sheet).getByTestId("vip-name-zh-CN"), { target: { value: "银卡" } });
		fireEvent.input(within(sheet).getByTestId("vip-price"), { target: { value: "19.9" } });
		fireEvent.input(within(sheet).getByTestId("vip-validity"), { target: { value: "30" } });
		fireEvent.click(within(sheet).getByTestId("vip-save"));
		expect((await within(sheet).findByTestId("vip-discount-error")).textContent).toBe(
			"Give the card at least one benefit: a discount, free delivery or extra points",
		);
		// Choosing a benefit answers it.
		fireEvent.click(within(sheet).getByTestId("vip-free-delivery"));
		expect(within(sheet).queryByTestId("vip-discount-error")).toBeNull();

		fireEvent.input(within(sheet).getByTestId("vip-discount"), { target: { value: "95" } });
		fireEvent.input(within(sheet).getByTestId("vip-validity"), { target: { value: "" } });
		fireEvent.input(within(sheet).getByTestId("vip-cap"), { target: { value: "0" } });
		fireEvent.click(within(sheet).getByTestId("vip-save"));
		expect((await within(sheet).findByTestId("vip-discount-error")).textContent).toBe("The discount is 0 to 90 %");
		expect(within(sheet).getByTestId("vip-validity-error").textContent).toBe("Validity is 1 to 3660 days");
		expect(within(sheet).getByTestId("vip-cap-error").textContent).toBe(
			"The most taken off an order must be above 0, or empty for no cap",
		);
		expect(server.to("/merchant/vip-cards/save")).toEqual([]);
	});

	it("saves a new card in minor units, an empty cap as no cap, the multiplier in percent", async () => {
		const silver: VipCardAdmin = {
			...gold,
			id: 22,
			version: 1,
			name: { "zh-CN": "银卡", en: "Silver", km: "កាតប្រាក់" },
			activeHolders: 0,
		};
		const server = staffServer(await startAsStaff("owner"), {
			"GET /merchant/vip-cards": { code: 0, data: [gold] },
			"POST /merchant/vip-cards/save": { code: 0, data: [gold, silver] },
		});
		await openPage();
		fireEvent.click(screen.getByTestId("vip-add"));
		const sheet = await screen.findByTestId("vip-sheet");
		fireEvent.input(within(sheet).getByTestId("vip-name-zh-CN"), { target: { value: "银卡" } });
		fireEvent.input(within(sheet).getByTestId("vip-name-en"), { target: { value: "Silver" } });
		fireEvent.input(within(sheet).getByTestId("vip-name-km"), { target: { value: "កាតប្រាក់" } });
		fireEvent.input(within(sheet).getByTestId("vip-description-en"), { target: { value: "5% off" } });
		fireEvent.input(within(sheet).getByTestId("vip-price"), { target: { value: "19.90" } });
		fireEvent.input(within(sheet).getByTestId("vip-validity"), { target: { value: "30" } });
		fireEvent.input(within(sheet).getByTestId("vip-discount"), { target: { value: "5" } });
		fireEvent.click(within(sheet).getByTestId("vip-points-300"));
		fireEvent.click(within(sheet).getByTestId("vip-save"));
		await waitFor(() => expect(screen.queryByTestId("vip-sheet")).toBeNull());
		expect(server.to("/merchant/vip-cards/save", "POST").map((call) => call.body)).toEqual([
			{
				shopId: 1,
				name: { "zh-CN": "银卡", en: "Silver", km: "កាតប្រាក់" },
				description: { "zh-CN": "", en: "5% off", km: "" },
				price: 1990,
				validityDays: 30,
				discountPercent: 5,
				discountCap: null,
				freeDelivery: false,
				pointsPercent: 300,
				sort: 0,
				onSale: true,
			},
		]);
		expect(screen.getByTestId("vip-card-22").textContent).toContain("Silver");
		expect(currentToast()?.text).toBe("VIP card saved");
	});

	it("edits a card at its version and reloads when someone else saved first", async () => {
		const theirs = { ...gold, version: 3, price: 12900 };
		const lists = [[gold], [theirs]];
		const server = staffServer(await startAsStaff("owner"), {
			"GET /merchant/vip-cards": () => ({ code: 0, data: lists.length > 1 ? lists.shift() : lists[0] }),
			"POST /merchant/vip-cards/save": { code: 409, msg: "Changed by someone else" },
		});
		await openPage();
		fireEvent.click(await screen.findByTestId("vip-card-21"));
		const sheet = await screen.findByTestId("vip-sheet");
		expect((within(sheet).getByTestId("vip-cap") as HTMLInputElement).value).toBe("5.00");
		fireEvent.input(within(sheet).getByTestId("vip-price"), { target: { value: "109" } });
		fireEvent.click(within(sheet).getByTestId("vip-save"));
		await waitFor(() => expect((screen.getByTestId("vip-price") as HTMLInputElement).value).toBe("129.00"));
		expect(server.to("/merchant/vip-cards/save", "POST")[0]?.body).toMatchObject({ id: 21, version: 2, price: 10900 });
		expect(currentToast()?.text).toBe(
			"Someone else changed this card: the latest version is loaded, make your change again",
		);
	});

	it("tells staff the page is for the owner and managers", async () => {
		const server = staffServer(await startAsStaff("staff"), {});
		renderScreen(<StaffVipCardsScreen />, { path: Paths.merchantVipCards });
		expect((await screen.findByTestId("vip-not-allowed")).textContent).toContain("Only the owner and managers");
		expect(server.to("/merchant/vip-cards")).toEqual([]);
	});
});
