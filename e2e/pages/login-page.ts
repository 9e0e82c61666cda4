import type { Locator, Page } from "playwright-core";
import { smsCodesSent, waitForSmsCode } from "../support/sms-outbox";
import { AppShell } from "./app-shell";

export class LoginPage extends AppShell {
	constructor(page: Page) {
		super(page);
	}

	get form(): Locator {
		return this.page.getByTestId("login-form");
	}

	get mobile(): Locator {
		return this.page.getByTestId("login-mobile");
	}

	get code(): Locator {
		return this.page.getByTestId("login-code");
	}

	get sendCodeButton(): Locator {
		return this.page.getByTestId("send-code");
	}

	get agreement(): Locator {
		return this.page.getByTestId("login-agree");
	}

	error(field: "mobile" | "code" | "agreement"): Locator {
		return this.page.getByTestId(`${field}-error`);
	}

	async submit(): Promise<void> {
		await this.page.getByTestId("login-submit").click();
	}

	/** Asks for a code and reads it from the server's SMS outbox. */
	async requestCode(mobile: string): Promise<string> {
		const sentBefore = smsCodesSent(mobile);
		await this.mobile.fill(mobile);
		await this.sendCodeButton.click();
		return waitForSmsCode(mobile, sentBefore);
	}

	/** The whole sign-in: phone, code from the outbox, agreement, submit. */
	async signIn(mobile: string): Promise<void> {
		await this.form.waitFor();
		const code = await this.requestCode(mobile);
		await this.code.fill(code);
		await this.agreement.check();
		await this.submit();
		await this.form.waitFor({ state: "detached" });
	}
}
