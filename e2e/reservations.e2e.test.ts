import type {
	MenuItem,
	ReservationSettingsPage,
	ReservationView,
	TableBillView,
	UpdateReservationSettingsInput,
} from "@bayon/contract";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MERCHANT_ORDER_PATH, MerchantBoardPage } from "./pages/merchant-pages";
import { BOOKING_PATH, BookingPage, ReservationDetailPage } from "./pages/reservation-pages";
import { MERCHANT_RESERVATIONS_PATH, StaffReservationsPage } from "./pages/reservation-staff-pages";
import { followServerClock, launchBrowser, newPhone, screenshot, settleAnimations } from "./support/browser";
import { simpleItem } from "./support/demo-orders";
import { apiCall, DEMO_OWNER_MOBILE, openSignedIn, signInByApi } from "./support/http-api";
import { uniqueMobile } from "./support/sms-outbox";

const SHOP_ID = 1;
const STAFF_MOBILE = "13800000002";

let browser: Browser;
let ownerToken: string;
let savedSettings: ReservationSettingsPage["settings"];
let preorderItem: MenuItem;

/**
 * Issue 11's browser walk: a guest books for tonight in Khmer with a pre-order; the merchant's
 * page sees the booking arrive live and confirms it; the guest's page follows live; at the
 * door the staff type the arrival code, the pre-order reaches the order board and the table's
 * bill opens.
 *
 * The demo shop takes bookings with the contract's defaults; for a walk that can end in an
 * arrival within the hour, the owner sets (through the API, as the settings page does) no
 * minimum notice, short stays and every booking waiting for the staff. They are put back after.
 */
beforeAll(async () => {
	browser = await launchBrowser();
	ownerToken = await signInByApi(DEMO_OWNER_MOBILE);
	const page = await apiCall<ReservationSettingsPage>(`/merchant/reservation/settings?shopId=${SHOP_ID}`, {
		token: ownerToken,
	});
	savedSettings = page.settings;
	await saveSettings({
		...withoutShop(page.settings),
		enabled: true,
		minNoticeMinutes: 0,
		autoConfirmPercent: 0,
		turnTimes: [{ upToParty: 50, minutes: 30 }],
		bufferMinutes: 0,
	});
	// The pre-order sheet takes a quantity for an item without options (others open a sheet).
	preorderItem = await simpleItem(SHOP_ID, "desk", "none");
});

afterAll(async () => {
	if (savedSettings) {
		const now = await apiCall<ReservationSettingsPage>(`/merchant/reservation/settings?shopId=${SHOP_ID}`, {
			token: ownerToken,
		});
		await saveSettings({ ...withoutShop(savedSettings), version: now.settings.version });
	}
	await browser?.close();
});

function withoutShop(settings: ReservationSettingsPage["settings"]): Omit<UpdateReservationSettingsInput, "shopId"> {
	const { shopId: _shop, ...rest } = settings;
	return rest as Omit<UpdateReservationSettingsInput, "shopId">;
}

async function saveSettings(settings: Omit<UpdateReservationSettingsInput, "shopId">) {
	await apiCall("/merchant/reservation/settings", {
		method: "POST",
		token: ownerToken,
		body: { ...settings, shopId: SHOP_ID },
	});
}

describe("reservations in the browser", () => {
	it("a guest books tonight in Khmer with a pre-order; staff confirm it live and seat the party by its code", async () => {
		// The staff's reservations page is open on a tablet before the booking is made.
		const staff = await newPhone(browser, { width: 1024, height: 768 });
		await followServerClock(staff.page);
		const reservations = new StaffReservationsPage(staff.page);
		await reservations.countBeeps();
		await openSignedIn(staff.page, STAFF_MOBILE, MERCHANT_RESERVATIONS_PATH);
		await staff.page.getByTestId("res-page").waitFor();

		// The guest books the first free time of today for two, in Khmer, with a dish to be
		// brought to the table and paid with the bill.
		const guestMobile = uniqueMobile();
		const guest = await newPhone(browser, { locale: "km" });
		await followServerClock(guest.page);
		await openSignedIn(guest.page, guestMobile, BOOKING_PATH);
		const booking = await new BookingPage(guest.page).loaded();
		await booking.setParty(2);
		await booking.slots.first().waitFor();
		// The second free time when there is one: the first can pass the shop's minimum notice
		// while the form is filled (the page was loaded at 09:44:59, the booking sent at 09:45:05).
		const slot = (await booking.slots.count()) > 1 ? booking.slots.nth(1) : booking.slots.first();
		await slot.click();
		await booking.name.fill("Sokha");
		await booking.preorder({ [preorderItem.id]: 2 }, "atTable");
		// The policy is shown before booking, in Khmer.
		expect(await booking.policy.textContent()).toMatch(/[\u1780-\u17FF]/);
		await booking.submit();
		// Not ticked: the spec's message, in Khmer, under the agreement.
		await booking.error("agreed").waitFor();
		expect(await booking.error("agreed").textContent()).toContain("សូម");
		await booking.agree();
		await settleAnimations(guest.page);
		await screenshot(guest.page, "km-booking-filled");
		await booking.submit();

		const detail = new ReservationDetailPage(guest.page);
		// Seen twice in a fresh CI, as the first browser file: no detail page after the booking.
		// Whatever the page said instead goes into the failure (a toast, or the form's errors).
		const toast = guest.page.getByTestId("toast");
		await guest.page
			.getByTestId("reservation-detail")
			.or(toast)
			.first()
			.waitFor({ timeout: 30_000 })
			.catch(() => {});
		if (!(await guest.page.getByTestId("reservation-detail").isVisible())) {
			await screenshot(guest.page, "km-booking-not-booked");
			const fieldErrors = await guest.page.locator('[data-testid^="booking-error-"]').allTextContents();
			throw new Error(
				`no reservation page after booking at ${guest.page.url()}; toast: ${(await toast.allTextContents()).join(" / ") || "none"}; field errors: ${fieldErrors.join(" / ") || "none"}`,
			);
		}
		const reservationId = await detail.reservationId();
		await detail.waitForStatus("pending");
		const code = (await detail.code.textContent())?.replace(/\s/g, "") ?? "";
		expect(code).toMatch(/^[2-9A-Z]{6}$/);
		await settleAnimations(guest.page);
		await screenshot(guest.page, "km-reservation-pending");

		// Live on the staff's page, with the board's sound, well before its minute poll.
		await reservations.waitForStatus(reservationId, "pending", 10_000);
		expect(await reservations.isRinging(reservationId)).toBe(true);
		await staff.page.waitForFunction(() => (window as unknown as { __beeps: number }).__beeps >= 1, undefined, {
			timeout: 8000,
		});
		await settleAnimations(staff.page);
		await screenshot(staff.page, "zh-CN-reservations-new-1024", { fullPage: false });

		await reservations.act(reservationId, "confirm");
		await reservations.waitForStatus(reservationId, "confirmed");
		// The guest's page follows without a reload.
		await detail.waitForStatus("confirmed", 10_000);

		// At the door: the staff type the guest's code.
		await reservations.openArrival();
		await reservations.arrive(code.toLowerCase());
		await reservations.arrivalSeated.waitFor();
		await reservations.arrivalPreorder.waitFor();
		// The confirm's toast, two seconds long, does not sit on the sheet's "seated".
		expect(await reservations.toast.count()).toBe(0);
		await settleAnimations(staff.page);
		await screenshot(staff.page, "zh-CN-reservation-arrival-1024", { fullPage: false });
		await detail.waitForStatus("seated", 10_000);

		// The server's record: seated, with the table's bill open and the pre-order on it.
		const seated = await apiCall<ReservationView>(`/merchant/reservation/detail?id=${reservationId}`, {
			token: ownerToken,
		});
		expect(seated.status).toBe("seated");
		expect(seated.billId).not.toBeNull();
		expect(seated.preorderOrderId).not.toBeNull();
		const bills = await apiCall<TableBillView[]>(`/merchant/bill/list?shopId=${SHOP_ID}`, { token: ownerToken });
		const bill = bills.find((candidate) => candidate.id === seated.billId);
		expect(bill?.status).toBe("open");
		expect(bill?.rounds.map((round) => round.orderId)).toContain(seated.preorderOrderId);
		expect(bill?.due).toBe(preorderItem.price * 2);

		// The pre-order is a new order on the staff's board.
		await staff.page.goto(MERCHANT_ORDER_PATH);
		const board = new MerchantBoardPage(staff.page);
		await board.board.waitFor();
		const card = await board.cardUnder("new", seated.preorderOrderId as number);
		await card.waitFor();
		await settleAnimations(staff.page);
		await screenshot(staff.page, "zh-CN-board-with-preorder-1024", { fullPage: false });

		// Tidy the shared demo shop for the files after this one: the table is cleared.
		if (bill)
			await apiCall("/merchant/bill/clear", {
				method: "POST",
				token: ownerToken,
				body: { billId: bill.id, expectedTotal: bill.due },
			});
		await guest.context.close();
		await staff.context.close();
	});

	it("the merchant grid and the guest's booking page at their sizes, in Khmer and Chinese", async () => {
		const staff = await newPhone(browser, { width: 1024, height: 768, locale: "km" });
		await followServerClock(staff.page);
		await openSignedIn(staff.page, STAFF_MOBILE, MERCHANT_RESERVATIONS_PATH);
		await new StaffReservationsPage(staff.page).grid.waitFor();
		await settleAnimations(staff.page);
		await screenshot(staff.page, "km-reservations-grid-1024", { fullPage: false });
		await staff.context.close();

		const phone = await newPhone(browser, { width: 390 });
		await followServerClock(phone.page);
		await openSignedIn(phone.page, STAFF_MOBILE, MERCHANT_RESERVATIONS_PATH);
		await new StaffReservationsPage(phone.page).list.waitFor();
		await settleAnimations(phone.page);
		await screenshot(phone.page, "zh-CN-reservations-390");
		await phone.page.goto(BOOKING_PATH);
		await new BookingPage(phone.page).loaded();
		await settleAnimations(phone.page);
		await screenshot(phone.page, "zh-CN-booking-390");
		await phone.context.close();
	});
});
