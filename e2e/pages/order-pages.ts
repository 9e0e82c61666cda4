import type { Locator, Page } from "playwright-core";
import { AppShell } from "./app-shell";

export const PAY_PATH = "/pages/components/pages/pay/pay";
export const ORDER_DETAIL_PATH = "/pages/components/pages/orders/detail";

/** pay/pay: checkout. */
export class PayPage extends AppShell {
	constructor(page: Page) {
		super(page);
	}

	async loaded(): Promise<this> {
		await this.page.getByTestId("pay-page").waitFor();
		await this.page.getByTestId("pay-total").waitFor();
		return this;
	}

	method(name: "balance" | "sandbox" | "wechat" | "alipay"): Locator {
		return this.page.getByTestId(`pay-method-${name}`);
	}

	get total(): Locator {
		return this.page.getByTestId("pay-total");
	}

	async submit(): Promise<void> {
		await this.page.getByTestId("pay-submit").click();
	}
}

/** orders/detail?id=: one order, live. */
export class OrderDetailPage extends AppShell {
	constructor(page: Page) {
		super(page);
	}

	get stage(): Locator {
		return this.page.getByTestId("order-stage");
	}

	get paymentStatus(): Locator {
		return this.page.getByTestId("order-payment-status");
	}

	get refund(): Locator {
		return this.page.getByTestId("order-refund");
	}

	async orderId(): Promise<number> {
		await this.page.getByTestId("order-detail").waitFor();
		return Number(await this.page.getByTestId("order-detail").getAttribute("data-order-id"));
	}

	/** Waits until the headline shows `stage` (the data-stage attribute). */
	async waitForStage(stage: string, timeout = 15_000): Promise<void> {
		await this.page.locator(`[data-testid="order-stage"][data-stage="${stage}"]`).waitFor({ timeout });
	}
}
