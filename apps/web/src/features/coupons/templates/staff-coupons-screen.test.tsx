import { type CouponTemplateAdmin, type CouponTemplateList, ErrorCode } from "@bayon/contract";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { beforeEach, describe, expect, it } from "vitest";
import { applyLanguage } from "../../../lib/i18n";
import { Paths } from "../../../lib/paths";
import { currentToast } from "../../../lib/toast";
import { shop } from "../../../test/ordering-fixtures";
import { renderScreen } from "../../../test/render";
import { type StaffAnswer, staffServer, startAsStaff } from "../../stored-value/staff-testing";
import StaffCouponsScreen from "./staff-coupons-screen";

const shops = [
	{ id: 1, name: "Bayon Riverside" },
	{ id: 2, name: "Bayon BKK1" },
];

/** $3.00 off from $15.00, any order type, every shop, 30 days from claiming; 12 of 100 claimed. */
const amountOff: CouponTemplateAdmin = {
	id: 31,
	version: 2,
	title: { "zh-CN": "满15减3", en: "$3 off $15", km: "" },
	instructions: { "zh-CN": "", en: "", km: "" },
	kind: "amountOff",
	amountOff: 300,
	percentOff: null,
	maxDiscount: null,
	threshold: 1500,
	useType: 0,
	shopIds: null,
	validity: { kind: "days", days: 30 },
	totalQuantity: 100,
	perMemberLimit: 3,
	exchangeCode: null,
	listed: true,
	enabled: true,
	claimed: 12,
	used: 5,
	termsLocked: true,
};

/** 10% off up to $2.00, self-pickup, at the second shop, in December on the shop's clock. */
const percentOff: CouponTemplateAdmin = {
	...amountOff,
	id: 32,
	version: 1,
	title: { "zh-CN": "自取九折", en: "10% off pickup", km: "" },
	kind: "percentOff",
	amountOff: null,
	percentOff: 10,
	maxDiscount: 200,
	threshold: 0,
	useType: 1,
	shopIds: [2],
	// Phnom Penh is UTC+7: 1 Dec 00:00 there is 30 Nov 17:00 UTC, the end is 31 Dec 24:00.
	validity: { kind: "fixed", from: "2026-11-30T17:00:00.000Z", until: "2026-12-31T17:00:00.000Z" },
	claimed: 0,
	used: 0,
	termsLocked: false,
};

/** Free delivery, delivery only, claimed with a code, switched off. */
const freeDelivery: CouponTemplateAdmin = {
	...amountOff,
	id: 33,
	version: 4,
	title: { "zh-CN": "外送免配送费", en: "Free delivery", km: "" },
	kind: "freeDelivery",
	amountOff: null,
	threshold: 0,
	useType: 2,
	validity: { kind: "days", days: 1 },
	totalQuantity: 50,
	perMemberLimit: 1,
	exchangeCode: "BAYON2026",
	listed: false,
	enabled: false,
	claimed: 50,
	used: 0,
	termsLocked: true,
};

const listOf = (...templates: CouponTemplateAdmin[]): { code: number; data: CouponTemplateList } => ({
	code: 0,
	data: { templates, shops },
});

const shopAnswer = { code: 0, data: shop({ name: "Bayon Riverside", timezone: "Asia/Phnom_Penh" }) };

async function serve(answers: Record<string, StaffAnswer>, role: "owner" | "manager" | "staff" = "owner") {
	return staffServer(await startAsStaff(role), { "/store/getShop": shopAnswer, ...answers });
}

async function openPage() {
	renderScreen(<StaffCouponsScreen />, { path: Paths.merchantCoupons });
	return screen.findByTestId("coupons-page");
}

const text = (testId: string) => screen.getByTestId(testId).textContent;

beforeEach(async () => {
	await startAsStaff("owner");
});

describe("the owner's coupon templates", () => {
	it("shows each kind with what it gives, where, when, claims and how members get it", async () => {
		await serve({ "/merchant/coupons": listOf(amountOff, percentOff, freeDelivery) });
		await openPage();
		await screen.findByTestId("coupon-31");

		expect(text("coupon-31-gives")).toBe("$3.00 off from $15.00");
		expect(text("coupon-31-use-type")).toBe("Any order type");
		expect(text("coupon-31-shops")).toBe("All shops");
		expect(text("coupon-31-validity")).toBe("Valid 30 days after claiming");
		expect(text("coupon-31-claimed")).toBe("Claimed 12 / 100");
		expect(text("coupon-31-used")).toBe("Used 5");
		expect(text("coupon-31-listed")).toBe("In the coupon centre");
		expect(screen.queryByTestId("coupon-31-code")).toBeNull();
		expect((screen.getByTestId("coupon-31-switch") as HTMLInputElement).checked).toBe(true);

		expect(text("coupon-32-gives")).toBe("10% off up to $2.00");
		expect(text("coupon-32-use-type")).toBe("Self-pickup only");
		expect(text("coupon-32-shops")).toBe("Bayon BKK1");
		// The shop's clock, not the test machine's: 1 December 00:00 to 31 December 24:00 in Phnom Penh.
		expect(text("coupon-32-validity")).toBe("Dec 1, 2026 00:00 – Dec 31, 2026 24:00");

		expect(text("coupon-33-gives")).toBe("Free delivery");
		expect(text("coupon-33-use-type")).toBe("Delivery only");
		expect(text("coupon-33-validity")).toBe("Valid 1 day after claiming");
		expect(text("coupon-33-claimed")).toBe("Claimed 50 / 50");
		expect(text("coupon-33-code")).toBe("Code BAYON2026");
		expect(text("coupon-33-listed")).toBe("Code only");
		expect((screen.getByTestId("coupon-33-switch") as HTMLInputElement).checked).toBe(false);
		expect(screen.getByTestId("coupon-33").className).toContain("is-off");
	});

	it("explains what coupons do when there are none, and retries a list that failed", async () => {
		let failures = 1;
		await serve({
			"/merchant/coupons": () => (failures-- > 0 ? { code: 500, msg: "Server busy" } : listOf()),
		});
		renderScreen(<StaffCouponsScreen />, { path: Paths.merchantCoupons });
		expect((await screen.findByTestId("state-error")).textContent).toContain("Server busy");
		fireEvent.click(screen.getByTestId("retry"));
		const empty = await screen.findByTestId("state-empty");
		expect(empty.textContent).toContain("No coupons yet");
		expect(empty.textContent).toContain("an amount off, a percentage off or free delivery");
	});

	it("refuses a new amount-off coupon field by field, then sends it in minor units", async () => {
		const created = { ...amountOff, id: 34, version: 1, claimed: 0, used: 0, termsLocked: false };
		const server = await serve({
			"GET /merchant/coupons": listOf(),
			"POST /merchant/coupons/save": listOf(created),
		});
		await openPage();
		fireEvent.click(screen.getByTestId("coupon-add"));
		const sheet = await screen.findByTestId("coupon-sheet");
		// Amount off is the first kind: its amount and minimum spend, no percent or cap.
		expect(within(sheet).queryByTestId("coupon-percent")).toBeNull();
		expect(within(sheet).queryByTestId("coupon-cap")).toBeNull();

		fireEvent.input(within(sheet).getByTestId("coupon-amount"), { target: { value: "5" } });
		fireEvent.input(within(sheet).getByTestId("coupon-threshold"), { target: { value: "3" } });
		fireEvent.click(within(sheet).getByTestId("coupon-listed"));
		fireEvent.click(within(sheet).getByTestId("coupon-save"));
		expect((await within(sheet).findByTestId("coupon-title-zh-CN-error")).textContent).toBe(
			"Fill in the coupon's Chinese name",
		);
		expect(within(sheet).getByTestId("coupon-total-error").textContent).toBe("The quantity must be 0 to 1,000,000");

		// The rules between fields are the schema's second round, once each field reads well.
		fireEvent.input(within(sheet).getByTestId("coupon-title-zh-CN"), { target: { value: "满15减3" } });
		fireEvent.input(within(sheet).getByTestId("coupon-total"), { target: { value: "100" } });
		fireEvent.click(within(sheet).getByTestId("coupon-save"));
		expect((await within(sheet).findByTestId("coupon-amount-error")).textContent).toBe(
			"The amount off cannot be more than the minimum spend",
		);
		expect(within(sheet).getByTestId("coupon-code-error").textContent).toBe(
			"A coupon not shown in the coupon centre needs an exchange code",
		);

		fireEvent.input(within(sheet).getByTestId("coupon-amount"), { target: { value: "1.234" } });
		fireEvent.click(within(sheet).getByTestId("coupon-save"));
		expect((await within(sheet).findByTestId("coupon-amount-error")).textContent).toBe("Enter an amount such as 12.50");
		expect(server.to("/merchant/coupons/save")).toEqual([]);

		fireEvent.input(within(sheet).getByTestId("coupon-title-en"), { target: { value: "$3 off $15" } });
		fireEvent.input(within(sheet).getByTestId("coupon-amount"), { target: { value: "3" } });
		fireEvent.input(within(sheet).getByTestId("coupon-threshold"), { target: { value: "15.5" } });
		fireEvent.input(within(sheet).getByTestId("coupon-per-member"), { target: { value: "3" } });
		fireEvent.input(within(sheet).getByTestId("coupon-code"), { target: { value: "spring 26" } });
		fireEvent.click(within(sheet).getByTestId("coupon-shops-chosen"));
		fireEvent.click(within(sheet).getByTestId("coupon-shop-2"));
		fireEvent.click(within(sheet).getByTestId("coupon-use-type-2"));
		fireEvent.input(within(sheet).getByTestId("coupon-days"), { target: { value: "14" } });
		fireEvent.click(within(sheet).getByTestId("coupon-save"));

		await waitFor(() => expect(screen.queryByTestId("coupon-sheet")).toBeNull());
		expect(server.to("/merchant/coupons/save", "POST").map((call) => call.body)).toEqual([
			{
				shopId: 1,
				title: { "zh-CN": "满15减3", en: "$3 off $15", km: "" },
				instructions: { "zh-CN": "", en: "", km: "" },
				kind: "amountOff",
				amountOff: 300,
				percentOff: null,
				maxDiscount: null,
				threshold: 1550,
				useType: 2,
				shopIds: [2],
				validity: { kind: "days", days: 14 },
				totalQuantity: 100,
				perMemberLimit: 3,
				exchangeCode: "SPRING26",
				listed: false,
				enabled: true,
			},
		]);
		expect(screen.getByTestId("coupon-34")).toBeTruthy();
		expect(currentToast()?.text).toBe("Coupon saved");
	});

	it("shows a field's message in the reader's language", async () => {
		await serve({ "/merchant/coupons": listOf() });
		await applyLanguage("km");
		await openPage();
		fireEvent.click(screen.getByTestId("coupon-add"));
		const sheet = await screen.findByTestId("coupon-sheet");
		fireEvent.click(within(sheet).getByTestId("coupon-save"));
		expect((await within(sheet).findByTestId("coupon-title-zh-CN-error")).textContent).toBe("សូមបំពេញឈ្មោះគូប៉ុងជាភាសាចិន");
		expect(within(sheet).getByTestId("coupon-total-error").textContent).toBe("ចំនួនសរុបត្រូវពី 0 ដល់ 1,000,000");
	});

	it("edits a percent-off coupon with fixed dates chosen on the shop's clock", async () => {
		const server = await serve({
			"GET /merchant/coupons": listOf(percentOff),
			"POST /merchant/coupons/save": listOf(percentOff),
		});
		await openPage();
		fireEvent.click(await screen.findByTestId("coupon-32-edit"));
		const sheet = await screen.findByTestId("coupon-sheet");
		expect((within(sheet).getByTestId("coupon-percent") as HTMLInputElement).value).toBe("10");
		expect((within(sheet).getByTestId("coupon-cap") as HTMLInputElement).value).toBe("2.00");
		expect(within(sheet).queryByTestId("coupon-amount")).toBeNull();
		expect(within(sheet).getByTestId("coupon-from-date").dataset.value).toBe("2026-12-01");
		expect(within(sheet).getByTestId("coupon-until-date").dataset.value).toBe("2026-12-31");
		expect(within(sheet).getByTestId("coupon-until-time").dataset.value).toBe("24:00");

		// The end moves to 15 December 18:30 Phnom Penh time (11:30 UTC); no cap any more.
		fireEvent.click(within(sheet).getByTestId("coupon-until-date-day"));
		fireEvent.click(await screen.findByTestId("coupon-until-date-day-option-15"));
		fireEvent.click(within(sheet).getByTestId("coupon-until-time"));
		fireEvent.click(await screen.findByTestId("coupon-until-time-option-18:30"));
		fireEvent.input(within(sheet).getByTestId("coupon-cap"), { target: { value: "" } });
		fireEvent.click(within(sheet).getByTestId("coupon-save"));

		await waitFor(() => expect(server.to("/merchant/coupons/save", "POST")).toHaveLength(1));
		expect(server.to("/merchant/coupons/save", "POST")[0]?.body).toMatchObject({
			id: 32,
			version: 1,
			kind: "percentOff",
			amountOff: null,
			percentOff: 10,
			maxDiscount: null,
			threshold: 0,
			useType: 1,
			shopIds: [2],
			// The untouched start is sent as the server gave it.
			validity: { kind: "fixed", from: "2026-11-30T17:00:00.000Z", until: "2026-12-15T11:30:00.000Z" },
		});
	});

	it("shows a claimed coupon's terms read-only with why, and sends them unchanged", async () => {
		// An end to the second (23:59:59 in Phnom Penh) that the editor's minutes could not say.
		const validity = { kind: "fixed" as const, from: "2026-11-30T17:00:00.000Z", until: "2026-12-31T16:59:59.000Z" };
		const server = await serve({
			"GET /merchant/coupons": listOf({ ...amountOff, validity }),
			"POST /merchant/coupons/save": {
				code: ErrorCode.CouponQuantityBelowClaimed,
				msg: "The quantity cannot be less than the 12 already claimed",
			},
		});
		await openPage();
		fireEvent.click(await screen.findByTestId("coupon-31-edit"));
		const sheet = await screen.findByTestId("coupon-sheet");
		expect(within(sheet).getByTestId("coupon-terms-locked-note").textContent).toBe(
			"Members have claimed it: what it gives, its shops and dates can no longer change",
		);
		expect(within(sheet).getByTestId("coupon-locked-gives").textContent).toBe("$3.00 off from $15.00");
		expect(within(sheet).getByTestId("coupon-locked-validity").textContent).toBe(
			"Dec 1, 2026 00:00 – Dec 31, 2026 23:59",
		);
		for (const control of ["coupon-kind", "coupon-amount", "coupon-threshold", "coupon-use-type", "coupon-shops"])
			expect(within(sheet).queryByTestId(control)).toBeNull();

		fireEvent.input(within(sheet).getByTestId("coupon-title-en"), { target: { value: "$3 off" } });
		fireEvent.input(within(sheet).getByTestId("coupon-total"), { target: { value: "10" } });
		fireEvent.click(within(sheet).getByTestId("coupon-save"));
		expect((await within(sheet).findByTestId("coupon-total-error")).textContent).toBe(
			"The quantity cannot be less than the 12 already claimed",
		);
		expect(server.to("/merchant/coupons/save", "POST")[0]?.body).toEqual({
			shopId: 1,
			id: 31,
			version: 2,
			title: { "zh-CN": "满15减3", en: "$3 off", km: "" },
			instructions: { "zh-CN": "", en: "", km: "" },
			kind: "amountOff",
			amountOff: 300,
			percentOff: null,
			maxDiscount: null,
			threshold: 1500,
			useType: 0,
			shopIds: null,
			validity,
			totalQuantity: 10,
			perMemberLimit: 3,
			exchangeCode: null,
			listed: true,
			enabled: true,
		});
	});

	it("switches a coupon off at its version, and reloads when someone else changed it first", async () => {
		const theirs = { ...amountOff, version: 3, enabled: false };
		const lists = [listOf(amountOff), listOf(theirs)];
		const server = await serve({
			"GET /merchant/coupons": () => (lists.length > 1 ? (lists.shift() ?? listOf()) : (lists[0] ?? listOf())),
			"POST /merchant/coupons/save": { code: ErrorCode.ChangedBySomeoneElse, msg: "Changed by someone else" },
		});
		await openPage();
		fireEvent.click(await screen.findByTestId("coupon-31-switch"));
		await waitFor(() =>
			expect(currentToast()?.text).toBe("Someone else changed this coupon: the latest version is loaded, try again"),
		);
		expect(server.to("/merchant/coupons/save", "POST")[0]?.body).toMatchObject({
			id: 31,
			version: 2,
			enabled: false,
			kind: "amountOff",
			amountOff: 300,
			threshold: 1500,
			validity: { kind: "days", days: 30 },
		});
		// The reloaded list shows their change.
		await waitFor(() => expect((screen.getByTestId("coupon-31-switch") as HTMLInputElement).checked).toBe(false));
	});

	it("switches a coupon on and says so", async () => {
		const server = await serve({
			"GET /merchant/coupons": listOf(freeDelivery),
			"POST /merchant/coupons/save": listOf({ ...freeDelivery, version: 5, enabled: true }),
		});
		await openPage();
		fireEvent.click(await screen.findByTestId("coupon-33-switch"));
		await waitFor(() => expect((screen.getByTestId("coupon-33-switch") as HTMLInputElement).checked).toBe(true));
		expect(server.to("/merchant/coupons/save", "POST")[0]?.body).toMatchObject({ id: 33, version: 4, enabled: true });
		expect(currentToast()?.text).toBe("Switched on: Free delivery");
	});

	it("tells staff the page is for the owner and managers", async () => {
		const server = await serve({}, "staff");
		renderScreen(<StaffCouponsScreen />, { path: Paths.merchantCoupons });
		expect((await screen.findByTestId("coupons-not-allowed")).textContent).toContain("Only the owner and managers");
		expect(server.to("/merchant/coupons")).toEqual([]);
	});
});
