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

	/**
	 * Before the first navigation: audio behaves as on a phone or tablet, where a page stays
	 * silent until the user taps it (headless Chromium lets any page play sound at once). A
	 * context reads `suspended` until `resume()` is called while a real (trusted) tap or key
	 * press is being handled. Not navigator.userActivation: Playwright's own evaluate calls
	 * count as user gestures there.
	 */
	async soundNeedsTap(): Promise<void> {
		await this.page.addInitScript(() => {
			let tapping = false;
			for (const type of ["pointerdown", "pointerup", "click", "touchend", "keydown"]) {
				window.addEventListener(
					type,
					(event) => {
						if (!event.isTrusted) return;
						tapping = true;
						setTimeout(() => {
							tapping = false;
						}, 0);
					},
					true,
				);
			}
			const w = window as unknown as { AudioContext: typeof AudioContext };
			const Original = w.AudioContext;
			w.AudioContext = class extends Original {
				#allowed = tapping;
				override get state(): AudioContextState {
					return this.#allowed || super.state === "closed" ? super.state : "suspended";
				}
				override resume(): Promise<void> {
					if (!tapping) return Promise.resolve();
					this.#allowed = true;
					return super.resume();
				}
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

	/** A state's column on a tablet-wide board. */
	column(group: BoardTab): Locator {
		return this.page.getByTestId(`merchant-column-${group}`);
	}

	/** The header's sound switch; `data-sound` is on / blocked / off / unavailable. */
	get soundSwitch(): Locator {
		return this.page.getByTestId("merchant-sound");
	}

	async waitForSound(state: "on" | "blocked" | "off" | "unavailable"): Promise<void> {
		await this.page.waitForFunction(
			(wanted) => document.querySelector('[data-testid="merchant-sound"]')?.getAttribute("data-sound") === wanted,
			state,
		);
	}

	/**
	 * Turns the sound on with the header switch. The page learns on its own, a moment after it
	 * opens, whether the browser already lets it play (blocked → on): a tap that lands just after
	 * that mutes it instead, so the switch is tapped again until it reads on.
	 */
	async turnSoundOn(): Promise<void> {
		for (let attempt = 0; attempt < 3; attempt++) {
			if ((await this.soundSwitch.getAttribute("data-sound")) === "on") return;
			await this.soundSwitch.click();
			try {
				await this.page.waitForFunction(
					() => document.querySelector('[data-testid="merchant-sound"]')?.getAttribute("data-sound") === "on",
					undefined,
					{ timeout: 3000 },
				);
				return;
			} catch {
				// The tap met the page's own switch to on and turned it off: tap again.
			}
		}
		await this.waitForSound("on");
	}

	/** The banner asking for the tap browsers need before a page may make sound. */
	get soundPrompt(): Locator {
		return this.page.getByTestId("merchant-sound-prompt");
	}

	card(orderId: number): Locator {
		return this.page.getByTestId(`merchant-order-${orderId}`);
	}

	/** `columns` from 768 px wide (every state side by side), `tabs` on a phone. */
	async layout(): Promise<"columns" | "tabs"> {
		return (await this.board.getAttribute("data-layout")) === "columns" ? "columns" : "tabs";
	}

	/** Shows a state's orders: its tab on a phone; on a tablet every column shows, so only leaves "tables to pay". */
	async showTab(tab: BoardTab): Promise<void> {
		if ((await this.layout()) === "tabs") {
			await this.page.getByTestId(`merchant-tab-${tab}`).click();
		} else if ((await this.page.getByTestId("merchant-tab-bills").getAttribute("aria-selected")) === "true") {
			await this.page.getByTestId("merchant-tab-orders").click();
		}
	}

	/** The order's card as the board shows it under a state: in its column, or in its tab's list. */
	async cardUnder(tab: BoardTab, orderId: number): Promise<Locator> {
		await this.showTab(tab);
		return (await this.layout()) === "columns"
			? this.column(tab).getByTestId(`merchant-order-${orderId}`)
			: this.card(orderId);
	}

	/** Taps one of the card's actions (merchant-accept, merchant-ready, …). */
	async tap(orderId: number, action: "accept" | "ready" | "dispatch" | "complete" | "reject"): Promise<void> {
		await this.card(orderId).getByTestId(`merchant-${action}`).click();
	}
}
