import type { RechargePackageAdmin, StoredValueAdmin } from "@bayon/contract";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { beforeEach, describe, expect, it } from "vitest";
import { Paths } from "../../../lib/paths";
import { currentToast } from "../../../lib/toast";
import { renderScreen } from "../../../test/render";
import { staffServer, startAsStaff } from "../staff-testing";
import StaffStoredValueScreen from "./staff-stored-value-screen";

const hundred: RechargePackageAdmin = {
	id: 11,
	version: 3,
	name: { "zh-CN": "充100送20", en: "Pay 100 get 120", km: "" },
	payAmount: 10000,
	bonusAmount: 2000,
	sort: 1,
	onSale: true,
	soldCount: 1,
};

const admin = (extra: Partial<StoredValueAdmin> = {}): StoredValueAdmin => ({
	packages: [hundred],
	agreement: { "zh-CN": "储值不可退款", en: "Stored value is not refundable", km: "" },
	totals: { balances: 1234500, bonusGiven: 40000, members: 57 },
	...extra,
});

beforeEach(async () => {
	await startAsStaff("owner");
});

async function openPage() {
	renderScreen(<StaffStoredValueScreen />, { path: Paths.merchantStoredValue });
	return screen.findByTestId("stored-value-page");
}

describe("the owner's recharge packages", () => {
	it("shows what members hold and each package's pay, get, bonus and sales", async () => {
		staffServer(await startAsStaff("owner"), { "/merchant/stored-value": { code: 0, data: admin() } });
		await openPage();
		expect(screen.getByTestId("totals-balances").textContent).toBe("$12,345.00");
		expect(screen.getByTestId("totals-bonus").textContent).toBe("$400.00");
		expect(screen.getByTestId("totals-members").textContent).toBe("57");
		const row = screen.getByTestId("package-11");
		expect(row.textContent).toContain("Pay 100 get 120");
		expect(row.textContent).toContain("Pay $100.00 · Get $120.00");
		expect(row.textContent).toContain("+$20.00 bonus");
		expect(row.textContent).toContain("On sale");
		expect(row.textContent).toContain("1 sale");
	});

	it("checks a new package with the contract's rules, each at its field, and sends nothing", async () => {
		const server = staffServer(await startAsStaff("owner"), { "/merchant/stored-value": { code: 0, data: admin() } });
		await openPage();
		fireEvent.click(screen.getByTestId("package-add"));
		const sheet = await screen.findByTestId("package-sheet");
		fireEvent.input(within(sheet).getByTestId("package-bonus"), { target: { value: "5.555" } });
		fireEvent.click(within(sheet).getByTestId("package-save"));
		expect((await within(sheet).findByTestId("package-name-zh-CN-error")).textContent).toBe(
			"Fill in the package's Chinese name",
		);
		expect(within(sheet).getByTestId("package-pay-error").textContent).toBe("Enter a valid amount to pay");
		expect(within(sheet).getByTestId("package-bonus-error").textContent).toBe("Enter an amount such as 12.50");
		expect(server.to("/merchant/stored-value/package")).toEqual([]);
	});

	it("saves a new package in minor units and shows the server's list", async () => {
		const added: RechargePackageAdmin = {
			...hundred,
			id: 12,
			version: 1,
			name: { "zh-CN": "充50", en: "Pay 50", km: "" },
			payAmount: 5000,
			bonusAmount: 0,
			sort: 2,
			soldCount: 0,
		};
		const server = staffServer(await startAsStaff("owner"), {
			"GET /merchant/stored-value": { code: 0, data: admin() },
			"POST /merchant/stored-value/package": { code: 0, data: admin({ packages: [hundred, added] }) },
		});
		await openPage();
		fireEvent.click(screen.getByTestId("package-add"));
		const sheet = await screen.findByTestId("package-sheet");
		fireEvent.input(within(sheet).getByTestId("package-name-zh-CN"), { target: { value: "充50" } });
		fireEvent.input(within(sheet).getByTestId("package-name-en"), { target: { value: "Pay 50" } });
		fireEvent.input(within(sheet).getByTestId("package-pay"), { target: { value: "50" } });
		fireEvent.input(within(sheet).getByTestId("package-sort"), { target: { value: "2" } });
		expect(within(sheet).getByTestId("package-preview").textContent).toBe("The member pays $50.00 and gets $50.00");
		fireEvent.click(within(sheet).getByTestId("package-save"));
		await waitFor(() => expect(screen.queryByTestId("package-sheet")).toBeNull());
		expect(server.to("/merchant/stored-value/package", "POST").map((call) => call.body)).toEqual([
			{
				shopId: 1,
				name: { "zh-CN": "充50", en: "Pay 50", km: "" },
				payAmount: 5000,
				bonusAmount: 0,
				sort: 2,
				onSale: true,
			},
		]);
		expect(screen.getByTestId("package-12").textContent).toContain("Pay 50");
		expect(currentToast()?.text).toBe("Recharge package saved");
	});

	it("edits a package at the version it was loaded at, and can take it off sale", async () => {
		const server = staffServer(await startAsStaff("owner"), {
			"GET /merchant/stored-value": { code: 0, data: admin() },
			"POST /merchant/stored-value/package": {
				code: 0,
				data: admin({ packages: [{ ...hundred, version: 4, onSale: false }] }),
			},
		});
		await openPage();
		fireEvent.click(screen.getByTestId("package-11"));
		const sheet = await screen.findByTestId("package-sheet");
		expect((within(sheet).getByTestId("package-pay") as HTMLInputElement).value).toBe("100.00");
		expect((within(sheet).getByTestId("package-bonus") as HTMLInputElement).value).toBe("20.00");
		fireEvent.click(within(sheet).getByTestId("package-on-sale"));
		fireEvent.click(within(sheet).getByTestId("package-save"));
		await waitFor(() => expect(screen.getByTestId("package-11").textContent).toContain("Off sale"));
		expect(server.to("/merchant/stored-value/package", "POST")[0]?.body).toMatchObject({
			id: 11,
			version: 3,
			payAmount: 10000,
			bonusAmount: 2000,
			onSale: false,
		});
	});
});

describe("the stored-value agreement", () => {
	it("requires the Chinese text and saves the three languages", async () => {
		const server = staffServer(await startAsStaff("owner"), {
			"GET /merchant/stored-value": { code: 0, data: admin() },
			"POST /merchant/stored-value/agreement": {
				code: 0,
				data: admin({ agreement: { "zh-CN": "新协议", en: "New terms", km: "លក្ខខណ្ឌថ្មី" } }),
			},
		});
		await openPage();
		const zh = screen.getByTestId("agreement-text-zh-CN") as HTMLTextAreaElement;
		expect(zh.value).toBe("储值不可退款");
		fireEvent.input(zh, { target: { value: "  " } });
		fireEvent.click(screen.getByTestId("agreement-save"));
		expect((await screen.findByTestId("agreement-text-zh-CN-error")).textContent).toBe(
			"Fill in the stored-value agreement in Chinese",
		);
		expect(server.to("/merchant/stored-value/agreement")).toEqual([]);

		fireEvent.input(zh, { target: { value: "新协议" } });
		fireEvent.input(screen.getByTestId("agreement-text-en"), { target: { value: "New terms" } });
		fireEvent.input(screen.getByTestId("agreement-text-km"), { target: { value: "លក្ខខណ្ឌថ្មី" } });
		fireEvent.click(screen.getByTestId("agreement-save"));
		await waitFor(() => expect(currentToast()?.text).toBe("Stored-value agreement saved"));
		expect(server.to("/merchant/stored-value/agreement", "POST")[0]?.body).toEqual({
			shopId: 1,
			agreement: { "zh-CN": "新协议", en: "New terms", km: "លក្ខខណ្ឌថ្មី" },
		});
	});

	it("loads the other person's text after a conflict, and says to make the change again", async () => {
		const pages = [admin(), admin({ agreement: { "zh-CN": "店长改过的协议", en: "", km: "" } })];
		staffServer(await startAsStaff("owner"), {
			"GET /merchant/stored-value": () => ({ code: 0, data: pages.length > 1 ? pages.shift() : pages[0] }),
			"POST /merchant/stored-value/agreement": { code: 409, msg: "Changed by someone else" },
		});
		await openPage();
		fireEvent.input(screen.getByTestId("agreement-text-zh-CN"), { target: { value: "我的修改" } });
		fireEvent.click(screen.getByTestId("agreement-save"));
		await waitFor(() =>
			expect((screen.getByTestId("agreement-text-zh-CN") as HTMLTextAreaElement).value).toBe("店长改过的协议"),
		);
		expect(currentToast()?.text).toBe(
			"Someone else changed the agreement: their version is loaded, make your change again",
		);
	});
});

describe("who sees the page", () => {
	it("shows an owner who is not the business's administrator the packages and agreement read-only, and why", async () => {
		const server = staffServer(await startAsStaff("owner", false), {
			"/merchant/stored-value": { code: 0, data: admin() },
		});
		await openPage();

		expect(screen.getByTestId("business-admin-note").textContent).toBe(
			"Set by the business owner for every shop. You can view it; ask a business owner to change it.",
		);
		expect(screen.getByTestId("package-11").tagName).toBe("DIV");
		expect(screen.getByTestId("package-11").textContent).toContain("Pay $100.00 · Get $120.00");
		expect(screen.getByTestId("agreement-read-only").textContent).toBe("Stored value is not refundable");
		expect(screen.queryByTestId("package-add")).toBeNull();
		expect(screen.queryByTestId("agreement-save")).toBeNull();
		expect(screen.queryByRole("button", { name: /Edit/ })).toBeNull();
		expect(server.calls.filter((call) => call.path.startsWith("/merchant/") && call.method === "POST")).toEqual([]);
	});

	it("tells staff it is for the owner and managers, and asks the server nothing", async () => {
		const server = staffServer(await startAsStaff("staff"), {});
		renderScreen(<StaffStoredValueScreen />, { path: Paths.merchantStoredValue });
		expect((await screen.findByTestId("stored-value-not-allowed")).textContent).toContain(
			"Only the owner and managers",
		);
		expect(server.to("/merchant/stored-value")).toEqual([]);
	});

	it("shows a load failure with a retry", async () => {
		let fail = true;
		staffServer(await startAsStaff("manager"), {
			"/merchant/stored-value": () => (fail ? { code: 500, msg: "Server busy" } : { code: 0, data: admin() }),
		});
		renderScreen(<StaffStoredValueScreen />, { path: Paths.merchantStoredValue });
		expect((await screen.findByTestId("state-error")).textContent).toContain("Server busy");
		fail = false;
		fireEvent.click(screen.getByTestId("retry"));
		expect(await screen.findByTestId("package-11")).toBeTruthy();
	});
});
