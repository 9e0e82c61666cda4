import type { Locator, Page } from "playwright-core";
import { AppShell } from "./app-shell";

export const SCAN_PATH = "/pages/components/pages/scan/scan";

/** scan/scan */
export class ScanPage extends AppShell {
	constructor(page: Page) {
		super(page);
	}

	async open(): Promise<this> {
		await this.page.goto(SCAN_PATH);
		await this.page.getByTestId("scan-page").waitFor();
		return this;
	}

	get cameraProblem(): Locator {
		return this.page.getByTestId("camera-problem");
	}

	get notTableCode(): Locator {
		return this.page.getByTestId("not-table-code");
	}

	async enter(code: string): Promise<void> {
		await this.page.getByTestId("scan-manual-input").fill(code);
		await this.page.getByTestId("scan-manual-submit").click();
	}
}

/** scan/operate: what a table's QR code opens. */
export class TablePage extends AppShell {
	constructor(page: Page) {
		super(page);
	}

	get name(): Locator {
		return this.page.getByTestId("table-name");
	}

	get shop(): Locator {
		return this.page.getByTestId("table-shop");
	}

	get invalidMessage(): Locator {
		return this.page.getByTestId("table-invalid-message");
	}

	async startOrdering(): Promise<void> {
		await this.page.getByTestId("table-order").click();
	}
}
