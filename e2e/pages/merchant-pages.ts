import type { Locator, Page } from "playwright-core";
import { AppShell } from "./app-shell";

export const MERCHANT_ORDER_PATH = "/pages/components/pages/merchant/order";
export const MERCHANT_INDEX_PATH = "/pages/components/pages/merchant/index";

export type BoardTab = "new" | "production" | "ready" | "refunds";

/**
 * merchant/order, the shop's live board. Counts the Web Audio oscillators the page starts
 * (each beep starts two), so a test can tell whether the new-order alarm is sounding.
 */
export class MerchantBoardPage extends AppShell {
	constructor(page: Page) {
		super(page);
	}

	/** Before the first navigation: wraps AudioContext so beeps can be counted. */
	async countBeeps(): Promise<void> {
		await this.page.addInitScript(() => {
			const w = window as unknown as { __beeps: number; AudioContext: typeof AudioContext };
			w.__beeps = 0;
			const original = w.AudioContext.prototype.createOscillator;
			w.AudioContext.prototype.createOscillator = function (this: AudioContext) {
				w.__beeps += 0.5;
				return original.call(this);
			};
		});
	}

	async beeps(): Promise<number> {
		return this.page.evaluate(() => (window as unknown as { __beeps: number }).__beeps);
	}

	async open(): Promise<this> {
		await this.page.goto(MERCHANT_ORDER_PATH);
		await this.board.waitFor();
		return this;
	}

	get board(): Locator {
		return this.page.getByTestId("merchant-board");
	}

	get alert(): Locator {
		return this.page.getByTestId("merchant-alert");
	}

	get merchantsOnly(): Locator {
		return this.page.getByTestId("merchant-only");
	}

	card(orderId: number): Locator {
		return this.page.getByTestId(`merchant-order-${orderId}`);
	}

	async showTab(tab: BoardTab): Promise<void> {
		await this.page.getByTestId(`merchant-tab-${tab}`).click();
	}

	/** Taps one of the card's actions (merchant-accept, merchant-ready, …). */
	async tap(orderId: number, action: "accept" | "ready" | "dispatch" | "complete" | "reject"): Promise<void> {
		await this.card(orderId).getByTestId(`merchant-${action}`).click();
	}
}
