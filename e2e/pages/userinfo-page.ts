import type { Locator, Page } from "playwright-core";
import { AppShell } from "./app-shell";

export class UserinfoPage extends AppShell {
	constructor(page: Page) {
		super(page);
	}

	get nickname(): Locator {
		return this.page.getByTestId("nickname-input");
	}

	get avatarImage(): Locator {
		return this.page.getByTestId("userinfo-form").getByTestId("avatar-image");
	}

	async setNickname(value: string): Promise<void> {
		await this.nickname.fill(value);
		await this.page.getByTestId("profile-save").click();
	}

	async uploadAvatar(file: { name: string; mimeType: string; buffer: Buffer }): Promise<void> {
		await this.page.getByTestId("avatar-input").setInputFiles(file);
	}

	error(field: "nickname" | "avatar"): Locator {
		return this.page.getByTestId(`${field}-error`);
	}
}
