import type { Locator, Page } from "playwright-core";
import { AppShell } from "./app-shell";
import { MerchantBoardPage } from "./merchant-pages";

export const MERCHANT_BELL_PATH = "/pages/components/pages/merchant/bell";

/** merchant/bell: the staff's grid of tables, ringing while a diner's call is unanswered. */
export class BellPage extends AppShell {
	/** The order board's beep counter: both pages sound the same alarm. */
	private readonly sound: MerchantBoardPage;

	constructor(page: Page) {
		super(page);
		this.sound = new MerchantBoardPage(page);
	}

	countBeeps(): Promise<void> {
		return this.sound.countBeeps();
	}

	beeps(): Promise<number> {
		return this.sound.beeps();
	}

	get grid(): Locator {
		return this.page.getByTestId("bell-grid");
	}

	get alert(): Locator {
		return this.page.getByTestId("bell-alert");
	}

	tile(number: string): Locator {
		return this.page.getByTestId(`bell-table-${number}`);
	}

	/** `timeout` below the page's 30 s refetch shows that a live event, not the poll, brought it. */
	async waitForState(number: string, state: string, timeout?: number): Promise<void> {
		await this.page.locator(`[data-testid="bell-table-${number}"][data-state="${state}"]`).waitFor({ timeout });
	}

	get answerAll(): Locator {
		return this.page.getByTestId("bell-answer-all");
	}
}

/** The bell on the table page (scan/operate). */
export class TableBell {
	constructor(readonly page: Page) {}

	get waiter(): Locator {
		return this.page.getByTestId("table-call-waiter");
	}

	get bill(): Locator {
		return this.page.getByTestId("table-call-bill");
	}

	get wait(): Locator {
		return this.page.getByTestId("table-call-wait");
	}

	async secondsLeft(): Promise<number> {
		return Number(await this.wait.getAttribute("data-seconds"));
	}
}
