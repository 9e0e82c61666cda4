import type { Locator, Page } from "playwright-core";
import { AppShell } from "./app-shell";

export const BOOKING_PATH = "/pages/components/pages/due/index";
export const RESERVATION_DETAIL_PATH = "/pages/components/pages/due/detail";
export const MY_RESERVATIONS_PATH = "/pages/components/pages/due/list";

/** due/index: the guest books a table. */
export class BookingPage extends AppShell {
	constructor(page: Page) {
		super(page);
	}

	/** The page with its days strip (the server's booking window) shown. */
	async loaded(): Promise<this> {
		await this.page.getByTestId("booking-days").waitFor();
		return this;
	}

	/** A local day of the strip ("2026-11-24"). */
	day(date: string): Locator {
		return this.page.getByTestId(`booking-day-${date}`);
	}

	/** Sets the party: the first tap chooses 2, then the stepper moves one at a time. */
	async setParty(party: number): Promise<void> {
		const choose = this.page.getByTestId("booking-party-choose");
		if (await choose.isVisible()) await choose.click();
		const stepper = this.page.getByTestId("booking-party");
		for (;;) {
			const current = Number(await stepper.getByTestId("stepper-value").textContent());
			if (current === party) return;
			await stepper.getByTestId(current < party ? "stepper-plus" : "stepper-minus").click();
		}
	}

	/** A free slot by its time on the shop's clock ("19:30"). */
	slot(time: string): Locator {
		return this.page.getByTestId(`booking-slot-${time}`);
	}

	get slots(): Locator {
		return this.page.locator('[data-testid^="booking-slot-"]');
	}

	get noSlots(): Locator {
		return this.page.getByTestId("booking-no-slots");
	}

	get name(): Locator {
		return this.page.getByTestId("booking-name");
	}

	get phone(): Locator {
		return this.page.getByTestId("booking-phone");
	}

	occasion(key: string): Locator {
		return this.page.getByTestId(`booking-occasion-${key}`);
	}

	area(key: string): Locator {
		return this.page.getByTestId(`booking-area-${key}`);
	}

	get note(): Locator {
		return this.page.getByTestId("booking-note");
	}

	get policy(): Locator {
		return this.page.getByTestId("booking-policy");
	}

	/** The message under a field: startsAt, party, name, phone, note, preorder, agreed. */
	error(field: string): Locator {
		return this.page.getByTestId(`booking-error-${field}`);
	}

	/**
	 * Adds dishes to the pre-order: item id → quantity (items without options), then how it is
	 * paid ("now" or "atTable").
	 */
	async preorder(quantities: Record<number, number>, pay: "now" | "atTable"): Promise<void> {
		await this.page.getByTestId("booking-preorder").click();
		const sheet = this.page.getByTestId("preorder-sheet");
		for (const [itemId, quantity] of Object.entries(quantities)) {
			const stepper = sheet.getByTestId(`preorder-qty-${itemId}`);
			for (let i = 0; i < quantity; i++) await stepper.getByTestId("stepper-plus").click();
		}
		await sheet.getByTestId("preorder-done").click();
		await this.page.getByTestId(`booking-preorder-pay-${pay}`).click();
	}

	async agree(): Promise<void> {
		await this.page.getByTestId("booking-agree").check();
	}

	async submit(): Promise<void> {
		await this.page.getByTestId("booking-submit").click();
	}

	/** The pay sheet opened after booking when a deposit or pre-order is due now. */
	get paySheet(): Locator {
		return this.page.getByTestId("reservation-pay-sheet");
	}

	async pay(method: "balance" | "sandbox"): Promise<void> {
		await this.paySheet.getByTestId(`pay-method-${method}`).click();
		await this.paySheet.getByTestId("reservation-pay-submit").click();
	}
}

/** due/detail?id=: one booking, live. */
export class ReservationDetailPage extends AppShell {
	constructor(page: Page) {
		super(page);
	}

	async reservationId(): Promise<number> {
		await this.page.getByTestId("reservation-detail").waitFor();
		return Number(await this.page.getByTestId("reservation-detail").getAttribute("data-reservation-id"));
	}

	get status(): Locator {
		return this.page.getByTestId("reservation-status");
	}

	/** Waits until the status is `status` (the server's name, e.g. "confirmed"). */
	async waitForStatus(status: string, timeout = 15_000): Promise<void> {
		await this.page.locator(`[data-testid="reservation-status"][data-status="${status}"]`).waitFor({ timeout });
	}

	get code(): Locator {
		return this.page.getByTestId("reservation-code");
	}

	/** The QR code's text (what the staff's scanner reads). */
	async qrText(): Promise<string | null> {
		return this.page.getByTestId("reservation-qr").getAttribute("data-text");
	}

	get tables(): Locator {
		return this.page.getByTestId("reservation-tables");
	}

	get timeline(): Locator {
		return this.page.getByTestId("reservation-timeline");
	}

	get payments(): Locator {
		return this.page.getByTestId("reservation-payments");
	}

	get preorder(): Locator {
		return this.page.getByTestId("reservation-preorder");
	}

	get cancelClosed(): Locator {
		return this.page.getByTestId("reservation-cancel-closed");
	}

	async cancel(): Promise<void> {
		await this.page.getByTestId("reservation-cancel").click();
		await this.page.getByTestId("reservation-cancel-confirm").getByTestId("confirm-ok").click();
	}

	async openPay(): Promise<void> {
		await this.page.getByTestId("reservation-pay").click();
		await this.page.getByTestId("reservation-pay-sheet").waitFor();
	}
}

/** due/list: my reservations under the spec's tabs (all −1, waiting 0, cancelled 1, completed 3). */
export class MyReservationsPage extends AppShell {
	constructor(page: Page) {
		super(page);
	}

	listTab(code: -1 | 0 | 1 | 3): Locator {
		return this.page.getByTestId(`reservation-tab-${code}`);
	}

	row(id: number): Locator {
		return this.page.getByTestId(`reservation-row-${id}`);
	}

	get rows(): Locator {
		return this.page.locator('[data-testid^="reservation-row-"][data-status]');
	}
}
