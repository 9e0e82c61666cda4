import type { StaffReservationAction } from "@bayon/contract";
import type { Locator, Page } from "playwright-core";
import { AppShell } from "./app-shell";
import { MerchantBoardPage } from "./merchant-pages";

export const MERCHANT_RESERVATIONS_PATH = "/pages/merchant/reservations";
export const MERCHANT_RESERVATION_SETTINGS_PATH = "/pages/merchant/reservationSettings";

/**
 * merchant/reservations: the day's bookings (cards), the table × time grid, the arrival panel
 * and the staff's booking form. New bookings ring with the order board's sound.
 */
export class StaffReservationsPage extends AppShell {
	private readonly sound: MerchantBoardPage;

	constructor(page: Page) {
		super(page);
		this.sound = new MerchantBoardPage(page);
	}

	async open(): Promise<void> {
		await this.page.goto(MERCHANT_RESERVATIONS_PATH);
		await this.page.getByTestId("res-page").waitFor();
	}

	/** Counts the merchant sound's beeps from now on (the board's counter). */
	countBeeps(): Promise<void> {
		return this.sound.countBeeps();
	}

	beeps(): Promise<number> {
		return this.sound.beeps();
	}

	get list(): Locator {
		return this.page.getByTestId("res-list");
	}

	get grid(): Locator {
		return this.page.getByTestId("res-grid");
	}

	/** "N new bookings" with its acknowledge button. */
	get alert(): Locator {
		return this.page.getByTestId("res-alert");
	}

	get acknowledge(): Locator {
		return this.page.getByTestId("res-ack");
	}

	/** A day chip ("YYYY-MM-DD" on the shop's calendar) or the upcoming list. */
	day(date: string | "upcoming"): Locator {
		return this.page.getByTestId(`res-day-${date}`);
	}

	card(reservationId: number): Locator {
		return this.page.getByTestId(`res-card-${reservationId}`);
	}

	/** `timeout` below the page's 60 s refetch shows that a live event, not the poll, brought it. */
	async waitForStatus(reservationId: number, status: string, timeout?: number): Promise<void> {
		await this.page.locator(`[data-testid="res-card-${reservationId}"][data-status="${status}"]`).waitFor({ timeout });
	}

	/** Whether the card is highlighted as a new, unacknowledged booking. */
	async isRinging(reservationId: number): Promise<boolean> {
		return (await this.card(reservationId).getAttribute("data-ringing")) === "true";
	}

	action(reservationId: number, action: StaffReservationAction): Locator {
		return this.card(reservationId).getByTestId(`res-action-${action}`);
	}

	/** Confirm, or reject / cancel with a reason (asked in a dialog). */
	async act(reservationId: number, action: StaffReservationAction, reason?: string): Promise<void> {
		await this.action(reservationId, action).click();
		if (action === "reject" || action === "cancel") {
			await this.page.getByTestId("reason-input").fill(reason ?? "");
			await this.page.getByTestId("reason-submit").click();
		} else if (action === "complete" || action === "noShow" || action === "undoNoShow") {
			await this.page.getByTestId("confirm-ok").click();
		}
	}

	/** A booking's block on the grid, on one of its tables. */
	block(reservationId: number, tableId: number): Locator {
		return this.page.getByTestId(`res-block-${reservationId}-${tableId}`);
	}

	/** Moves (or combines) the booking's tables through the picker. */
	async assignTables(reservationId: number, tableIds: number[]): Promise<void> {
		await this.action(reservationId, "assign").click();
		const sheet = this.page.getByTestId("res-assign");
		await sheet.waitFor();
		const tiles = sheet.locator('[data-testid^="res-assign-picker-table-"]');
		for (const tile of await tiles.all()) {
			const id = Number((await tile.getAttribute("data-testid"))?.split("-").at(-1));
			const chosen = (await tile.getAttribute("aria-pressed")) === "true";
			if (chosen !== tableIds.includes(id)) await tile.click();
		}
		await this.page.getByTestId("res-assign-save").click();
	}

	get assignError(): Locator {
		return this.page.getByTestId("res-assign-error");
	}

	// Arrival -----------------------------------------------------------------------------------

	async openArrival(): Promise<void> {
		await this.page.getByTestId("res-open-arrival").click();
		await this.page.getByTestId("res-arrival").waitFor();
	}

	/** Types the arrival code and seats the party (the panel must be open). */
	async arrive(code: string): Promise<void> {
		await this.page.getByTestId("res-arrival-code").fill(code);
		await this.page.getByTestId("res-arrival-submit").click();
	}

	get arrivalError(): Locator {
		return this.page.getByTestId("res-arrival-error");
	}

	/** "Seated at table …" once the server seated the party. */
	get arrivalSeated(): Locator {
		return this.page.getByTestId("res-arrival-seated");
	}

	get arrivalPreorder(): Locator {
		return this.page.getByTestId("res-arrival-preorder");
	}

	get arrivalToBoard(): Locator {
		return this.page.getByTestId("res-arrival-board");
	}

	get arrivalToBill(): Locator {
		return this.page.getByTestId("res-arrival-bill");
	}

	// Booking for a caller ----------------------------------------------------------------------

	/** Books for a caller: the time is the `slot`-th offered slot of the day (0 the first). */
	async bookForCaller(input: {
		name: string;
		phone: string;
		party?: number;
		date?: string;
		slot?: number;
	}): Promise<void> {
		await this.page.getByTestId("res-open-booking").click();
		await this.page.getByTestId("res-booking").waitFor();
		await this.page.getByTestId("res-booking-name").fill(input.name);
		await this.page.getByTestId("res-booking-phone").fill(input.phone);
		for (let party = 2; party < (input.party ?? 2); party++)
			await this.page.getByTestId("res-booking-party").getByTestId("stepper-plus").click();
		if (input.date) await this.page.getByTestId(`res-booking-day-${input.date}`).click();
		await this.page.getByTestId("res-booking-time").click();
		await this.page
			.locator('[data-testid^="res-booking-time-option-"]')
			.nth(input.slot ?? 0)
			.click();
		await this.page.getByTestId("res-booking-submit").click();
	}

	get bookingError(): Locator {
		return this.page.getByTestId("res-booking-error");
	}
}

/** merchant/reservationSettings: the owner's booking rules and bookable tables. */
export class StaffReservationSettingsPage extends AppShell {
	async open(): Promise<void> {
		await this.page.goto(MERCHANT_RESERVATION_SETTINGS_PATH);
		await this.page.getByTestId("res-settings").waitFor();
	}

	/** A number field by the contract's name (`graceMinutes`, `depositPerPerson`, …). */
	field(name: string): Locator {
		return this.page.getByTestId(`res-settings-${name}`);
	}

	fieldError(name: string): Locator {
		return this.page.getByTestId(`res-settings-${name}-error`);
	}

	get enabled(): Locator {
		return this.page.getByTestId("res-settings-enabled");
	}

	get save(): Locator {
		return this.page.getByTestId("res-settings-save");
	}

	tableSwitch(tableId: number): Locator {
		return this.page.getByTestId(`res-table-${tableId}-reservable`);
	}
}
