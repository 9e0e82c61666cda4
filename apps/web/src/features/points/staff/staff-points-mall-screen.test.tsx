import type { PointsItemAdmin, PointsMallAdmin } from "@bayon/contract";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { beforeEach, describe, expect, it } from "vitest";
import { Paths } from "../../../lib/paths";
import { currentToast } from "../../../lib/toast";
import { renderScreen } from "../../../test/render";
import { staffServer, startAsStaff } from "../../stored-value/staff-testing";
import StaffPointsMallScreen from "./staff-points-mall-screen";

const mug: PointsItemAdmin = {
	id: 31,
	version: 2,
	name: { "zh-CN": "马克杯", en: "Bayon mug", km: "" },
	description: { "zh-CN": "陶瓷", en: "Ceramic", km: "" },
	image: "/uploads/mug.webp",
	pointsPrice: 1200,
	stock: 8,
	redeemedCount: 4,
	fulfilments: ["pickup", "delivery"],
	sort: 0,
	onShelf: true,
};

const mall = (extra: Partial<PointsMallAdmin> = {}): PointsMallAdmin => ({
	items: [mug],
	rule: { pointsPerUnit: 10 },
	...extra,
});

beforeEach(async () => {
	await startAsStaff("owner");
});

async function openPage() {
	renderScreen(<StaffPointsMallScreen />, { path: Paths.merchantPointsMall });
	return screen.findByTestId("points-mall-page");
}

describe("the owner's points rule and mall items", () => {
	it("shows the rule per currency unit and each item's price, stock, redeemed count, ways and shelf", async () => {
		const server = staffServer(await startAsStaff("owner"), { "/merchant/points-mall": { code: 0, data: mall() } });
		await openPage();
		expect(screen.getByTestId("points-rule-rate").textContent).toBe("10 points per $1.00 paid");
		expect(screen.getByTestId("points-rule-vip-note").textContent).toBe(
			"VIP cards multiply it by their points multiplier.",
		);
		const row = screen.getByTestId("points-item-31");
		expect(row.textContent).toContain("Bayon mug");
		expect(screen.getByTestId("points-item-31-price").textContent).toBe("1,200 points");
		expect(screen.getByTestId("points-item-31-stock").textContent).toBe("8 in stock·4 redeemed");
		expect(screen.getByTestId("points-item-31-ways").textContent).toBe("PickupDelivery");
		expect((screen.getByTestId("points-item-31-shelf") as HTMLInputElement).checked).toBe(true);
		expect(within(row).getByTestId("item-image").getAttribute("src")).toBe("/uploads/mug.webp");
		expect(server.to("/merchant/points-mall")[0]?.query.get("shopId")).toBe("1");
	});

	it("says earning is off at 0, and an empty mall invites the first item", async () => {
		staffServer(await startAsStaff("manager"), {
			"/merchant/points-mall": { code: 0, data: mall({ items: [], rule: { pointsPerUnit: 0 } }) },
		});
		await openPage();
		expect(screen.getByTestId("points-rule-rate").textContent).toBe("Off: orders earn no points");
		expect(screen.getByTestId("state-empty").textContent).toContain("No mall items yet");
	});

	it("shows a load failure with a retry", async () => {
		let fail = true;
		staffServer(await startAsStaff("owner"), {
			"/merchant/points-mall": () =>
				fail ? { code: 500, msg: "The server is resting" } : { code: 0, data: mall({ items: [] }) },
		});
		renderScreen(<StaffPointsMallScreen />, { path: Paths.merchantPointsMall });
		expect((await screen.findByTestId("state-error")).textContent).toContain("The server is resting");
		fail = false;
		fireEvent.click(screen.getByTestId("retry"));
		expect(await screen.findByTestId("points-mall-page")).toBeTruthy();
	});

	it("saves the rule: refuses 150 with the contract's words, then switches earning off with 0", async () => {
		const server = staffServer(await startAsStaff("owner"), {
			"GET /merchant/points-mall": { code: 0, data: mall() },
			"POST /merchant/points/rule": { code: 0, data: { pointsPerUnit: 0 } },
		});
		await openPage();
		fireEvent.click(screen.getByTestId("points-rule-edit"));
		const sheet = await screen.findByTestId("points-rule-sheet");
		const input = within(sheet).getByTestId("points-rule-rate-input") as HTMLInputElement;
		expect(input.value).toBe("10");
		expect(within(sheet).getByTestId("points-rule-preview").textContent).toBe(
			"An order paying $10.00 earns 100 points",
		);
		expect(within(sheet).getByTestId("points-rule-vip").textContent).toContain("a ×2 card earns twice as many");

		fireEvent.input(input, { target: { value: "150" } });
		fireEvent.click(within(sheet).getByTestId("points-rule-save"));
		expect((await within(sheet).findByTestId("points-rule-rate-input-error")).textContent).toBe(
			"Points per currency unit must be 0 to 100",
		);
		expect(server.to("/merchant/points/rule")).toEqual([]);

		fireEvent.input(input, { target: { value: "0" } });
		expect(within(sheet).getByTestId("points-rule-preview").textContent).toBe("Orders will earn no points");
		fireEvent.click(within(sheet).getByTestId("points-rule-save"));
		await waitFor(() => expect(screen.queryByTestId("points-rule-sheet")).toBeNull());
		expect(server.to("/merchant/points/rule", "POST").map((call) => call.body)).toEqual([
			{ shopId: 1, pointsPerUnit: 0 },
		]);
		expect(screen.getByTestId("points-rule-rate").textContent).toBe("Off: orders earn no points");
		expect(currentToast()?.text).toBe("Points rule saved");
	});

	it("creates an item: every missing field said under it, nothing sent; then the whole body once filled in", async () => {
		const scarf: PointsItemAdmin = {
			...mug,
			id: 32,
			version: 1,
			name: { "zh-CN": "围巾", en: "Scarf", km: "កន្សែង" },
			image: "/uploads/scarf.webp",
			fulfilments: ["delivery"],
		};
		const server = staffServer(await startAsStaff("owner"), {
			"GET /merchant/points-mall": { code: 0, data: mall() },
			"POST /infra/file/upload": { code: 0, data: { url: "/uploads/scarf.webp", width: 8, height: 8, size: 90 } },
			"POST /merchant/points-mall/items/save": { code: 0, data: mall({ items: [mug, scarf] }) },
		});
		await openPage();
		fireEvent.click(screen.getByTestId("points-item-add"));
		const sheet = await screen.findByTestId("points-item-sheet");
		// A new item starts with pickup ticked; untick it to leave no way at all.
		expect((within(sheet).getByTestId("points-item-pickup") as HTMLInputElement).checked).toBe(true);
		fireEvent.click(within(sheet).getByTestId("points-item-pickup"));
		fireEvent.click(within(sheet).getByTestId("points-item-save"));

		expect((await within(sheet).findByTestId("points-item-name-zh-CN-error")).textContent).toBe(
			"Fill in the item's Chinese name",
		);
		expect(within(sheet).getByTestId("points-item-price-error").textContent).toBe("Enter a valid price in points");
		expect(within(sheet).getByTestId("points-item-stock-error").textContent).toBe("Stock must be 0 to 100,000");
		expect(within(sheet).getByTestId("points-item-fulfilments-error").textContent).toBe(
			"Choose pickup at a shop or delivery",
		);
		expect(server.to("/merchant/points-mall/items/save")).toEqual([]);

		fireEvent.input(within(sheet).getByTestId("points-item-name-zh-CN"), { target: { value: "围巾" } });
		expect(within(sheet).queryByTestId("points-item-name-zh-CN-error")).toBeNull();
		fireEvent.input(within(sheet).getByTestId("points-item-name-en"), { target: { value: "Scarf" } });
		fireEvent.input(within(sheet).getByTestId("points-item-name-km"), { target: { value: "កន្សែង" } });
		fireEvent.input(within(sheet).getByTestId("points-item-description-en"), { target: { value: "Warm" } });
		fireEvent.input(within(sheet).getByTestId("points-item-price"), { target: { value: "2500" } });
		fireEvent.input(within(sheet).getByTestId("points-item-stock"), { target: { value: "0" } });
		fireEvent.click(within(sheet).getByTestId("points-item-delivery"));
		expect(within(sheet).queryByTestId("points-item-fulfilments-error")).toBeNull();
		fireEvent.input(within(sheet).getByTestId("points-item-sort"), { target: { value: "3" } });
		fireEvent.click(within(sheet).getByTestId("points-item-on-shelf"));
		const file = new File([new Uint8Array([137, 80, 78, 71])], "scarf.png", { type: "image/png" });
		fireEvent.change(within(sheet).getByTestId("points-item-image-input"), { target: { files: [file] } });
		await waitFor(() =>
			expect(within(sheet).getByTestId("item-image").getAttribute("src")).toBe("/uploads/scarf.webp"),
		);

		fireEvent.click(within(sheet).getByTestId("points-item-save"));
		await waitFor(() => expect(screen.queryByTestId("points-item-sheet")).toBeNull());
		expect(server.to("/merchant/points-mall/items/save", "POST").map((call) => call.body)).toEqual([
			{
				shopId: 1,
				name: { "zh-CN": "围巾", en: "Scarf", km: "កន្សែង" },
				description: { "zh-CN": "", en: "Warm", km: "" },
				image: "/uploads/scarf.webp",
				pointsPrice: 2500,
				stock: 0,
				fulfilments: ["delivery"],
				sort: 3,
				onShelf: false,
			},
		]);
		expect(screen.getByTestId("points-item-32").textContent).toContain("Scarf");
		expect(currentToast()?.text).toBe("Mall item saved");
	});

	it("shows the server's refusal of a field under that field, in the reader's words", async () => {
		staffServer(await startAsStaff("owner"), {
			"GET /merchant/points-mall": { code: 0, data: mall() },
			"POST /merchant/points-mall/items/save": {
				code: 400,
				msg: "At most 30 characters",
				data: { issues: [{ field: "name.en", rule: "pointsItemNameTooLong", message: "At most 30 characters" }] },
			},
		});
		await openPage();
		fireEvent.click(screen.getByTestId("points-item-31-edit"));
		const sheet = await screen.findByTestId("points-item-sheet");
		fireEvent.click(within(sheet).getByTestId("points-item-save"));
		expect((await within(sheet).findByTestId("points-item-name-en-error")).textContent).toBe("At most 30 characters");
		expect(screen.getByTestId("points-item-sheet")).toBeTruthy();
	});

	it("edits an item at its version and reloads when someone else saved first", async () => {
		const theirs = { ...mug, version: 3, pointsPrice: 1500 };
		const lists = [mall(), mall({ items: [theirs] })];
		const server = staffServer(await startAsStaff("owner"), {
			"GET /merchant/points-mall": () => ({ code: 0, data: lists.length > 1 ? lists.shift() : lists[0] }),
			"POST /merchant/points-mall/items/save": { code: 409, msg: "Changed by someone else" },
		});
		await openPage();
		fireEvent.click(screen.getByTestId("points-item-31-edit"));
		const sheet = await screen.findByTestId("points-item-sheet");
		expect((within(sheet).getByTestId("points-item-delivery") as HTMLInputElement).checked).toBe(true);
		fireEvent.input(within(sheet).getByTestId("points-item-price"), { target: { value: "1300" } });
		fireEvent.click(within(sheet).getByTestId("points-item-save"));
		await waitFor(() => expect((screen.getByTestId("points-item-price") as HTMLInputElement).value).toBe("1500"));
		expect(server.to("/merchant/points-mall/items/save", "POST")[0]?.body).toMatchObject({
			id: 31,
			version: 2,
			pointsPrice: 1300,
		});
		expect(currentToast()?.text).toBe(
			"Someone else changed this item: the latest version is loaded, make your change again",
		);
	});

	it("sends the stock it read with the stock typed, and says the stock now when members redeemed meanwhile", async () => {
		// 8 shown, 10 typed (two more came in), one redeemed meanwhile: the server answers 9.
		const saved = { ...mug, version: 3, stock: 9 };
		const server = staffServer(await startAsStaff("owner"), {
			"GET /merchant/points-mall": { code: 0, data: mall() },
			"POST /merchant/points-mall/items/save": { code: 0, data: mall({ items: [saved] }) },
		});
		await openPage();
		fireEvent.click(screen.getByTestId("points-item-31-edit"));
		const sheet = await screen.findByTestId("points-item-sheet");
		expect(within(sheet).getByTestId("points-item-stock-hint").textContent).toContain("8 left now");
		fireEvent.input(within(sheet).getByTestId("points-item-stock"), { target: { value: "10" } });
		fireEvent.click(within(sheet).getByTestId("points-item-save"));
		await waitFor(() =>
			expect(currentToast()?.text).toBe("Mall item saved. Members redeemed some while you edited: 9 in stock now"),
		);
		expect(server.to("/merchant/points-mall/items/save", "POST")[0]?.body).toMatchObject({
			id: 31,
			version: 2,
			stockRead: 8,
			stock: 10,
		});
	});

	it("starts the stock again from what is left when members took more than the owner meant to take off", async () => {
		const server = staffServer(await startAsStaff("owner"), {
			"GET /merchant/points-mall": { code: 0, data: mall() },
			"POST /merchant/points-mall/items/save": {
				code: 1008003009,
				msg: "Orders or redemptions took some while you were editing: only 1 left now",
				data: { stock: 1 },
			},
		});
		await openPage();
		fireEvent.click(screen.getByTestId("points-item-31-edit"));
		const sheet = await screen.findByTestId("points-item-sheet");
		fireEvent.input(within(sheet).getByTestId("points-item-stock"), { target: { value: "2" } });
		fireEvent.click(within(sheet).getByTestId("points-item-save"));
		expect((await within(sheet).findByTestId("points-item-stock-error")).textContent).toContain("only 1 left now");
		expect((within(sheet).getByTestId("points-item-stock") as HTMLInputElement).value).toBe("1");
		// The next save counts from what is left now.
		fireEvent.click(within(sheet).getByTestId("points-item-save"));
		await waitFor(() => expect(server.to("/merchant/points-mall/items/save", "POST")).toHaveLength(2));
		expect(server.to("/merchant/points-mall/items/save", "POST")[1]?.body).toMatchObject({ stockRead: 1, stock: 1 });
	});

	it("takes an item off the shelf from the list, saving it as it is at its version", async () => {
		const off = { ...mug, version: 3, onShelf: false };
		const server = staffServer(await startAsStaff("owner"), {
			"GET /merchant/points-mall": { code: 0, data: mall() },
			"POST /merchant/points-mall/items/save": { code: 0, data: mall({ items: [off] }) },
		});
		await openPage();
		fireEvent.click(screen.getByTestId("points-item-31-shelf"));
		await waitFor(() => expect((screen.getByTestId("points-item-31-shelf") as HTMLInputElement).checked).toBe(false));
		expect(server.to("/merchant/points-mall/items/save", "POST").map((call) => call.body)).toEqual([
			{
				shopId: 1,
				id: 31,
				version: 2,
				name: mug.name,
				description: mug.description,
				image: mug.image,
				pointsPrice: 1200,
				// The stock it read, sent as typed too: no change, redemptions meanwhile stay counted.
				stock: 8,
				stockRead: 8,
				fulfilments: ["pickup", "delivery"],
				sort: 0,
				onShelf: false,
			},
		]);
		expect(screen.getByTestId("points-item-31-ways").textContent).toContain("Off the shelf");
		expect(currentToast()?.text).toBe("Bayon mug is off the shelf");
	});

	it("tells staff the page is for the owner and managers, and asks the server nothing", async () => {
		const server = staffServer(await startAsStaff("staff"), {});
		renderScreen(<StaffPointsMallScreen />, { path: Paths.merchantPointsMall });
		expect((await screen.findByTestId("points-mall-not-allowed")).textContent).toContain("Only the owner and managers");
		expect(server.to("/merchant/points-mall")).toEqual([]);
	});
});
