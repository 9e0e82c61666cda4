import { Limits, type PlatformSettings } from "@bayon/contract";
import { fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { Paths } from "../../../../lib/paths";
import { currentToast } from "../../../../lib/toast";
import { testMember } from "../../../../test/member-fixtures";
import { renderScreen } from "../../../../test/render";
import { operator, platformServer, startAs } from "../platform-testing";
import PlatformSettingsScreen from "./platform-settings-screen";

const SETTINGS = "/platform/settings";
const terms: PlatformSettings = { commissionBps: 250, holdHours: 24, minimumWithdrawal: 1000 };

beforeEach(() => startAs(operator));
afterEach(() => vi.unstubAllGlobals());

function openSettings() {
	renderScreen(<PlatformSettingsScreen />, { path: Paths.platformSettings });
	return screen.findByTestId("platform-settings");
}

const field = (testId: string) => screen.getByTestId(testId) as HTMLInputElement;
const type = (testId: string, value: string) => fireEvent.input(field(testId), { target: { value } });

describe("the platform's terms", () => {
	it("is refused to a member who is not an operator, and asks nothing", async () => {
		const member = testMember();
		await startAs(member);
		const server = platformServer(member, { [SETTINGS]: { code: 0, data: terms } });
		renderScreen(<PlatformSettingsScreen />, { path: Paths.platformSettings });
		await screen.findByTestId("platform-only");
		expect(server.to(SETTINGS)).toEqual([]);
	});

	it("shows the terms as typed: the commission in percent, the hold in hours, the minimum in dollars, each explained", async () => {
		platformServer(operator, { [SETTINGS]: { code: 0, data: terms } });
		await openSettings();
		expect(field("platform-commission").value).toBe("2.5");
		expect(field("platform-hold").value).toBe("24");
		expect(field("platform-minimum").value).toBe("10.00");
		expect(screen.getByTestId("platform-commission-hint").textContent).toContain("Applies to money earned from now on");
		expect(screen.getByTestId("platform-hold-hint").textContent).toContain("Applies to orders completed from now on");
		expect(screen.getByTestId("platform-commission-example").textContent).toBe(
			"For example: earning $100.00, commission $2.50, the shop keeps $97.50",
		);
	});

	it("sends the percent as exact basis points and the minimum in cents, and says it is saved", async () => {
		let saved = terms;
		const server = platformServer(operator, {
			[`GET ${SETTINGS}`]: () => ({ code: 0, data: saved }),
			[`POST ${SETTINGS}`]: (call) => {
				saved = call.body as PlatformSettings;
				return { code: 0, data: saved };
			},
		});
		await openSettings();
		type("platform-commission", "2.55");
		expect(screen.getByTestId("platform-commission-example").textContent).toBe(
			"For example: earning $100.00, commission $2.55, the shop keeps $97.45",
		);
		type("platform-hold", "48");
		type("platform-minimum", "12.34");
		fireEvent.click(screen.getByTestId("platform-settings-save"));
		await waitFor(() => expect(currentToast()?.text).toBe("Platform terms saved"));
		expect(server.to(SETTINGS, "POST").map((call) => call.body)).toEqual([
			{ commissionBps: 255, holdHours: 48, minimumWithdrawal: 1234 },
		]);
		expect(field("platform-commission").value).toBe("2.55");
	});

	it("refuses what the contract refuses, under each field in the server's words, and sends nothing", async () => {
		const server = platformServer(operator, { [`GET ${SETTINGS}`]: { code: 0, data: terms } });
		await openSettings();
		type("platform-commission", "50.5");
		type("platform-hold", "721");
		type("platform-minimum", "0");
		fireEvent.click(screen.getByTestId("platform-settings-save"));
		expect((await screen.findByTestId("platform-commission-error")).textContent).toBe(
			"The commission must be 0% to 50%",
		);
		expect(screen.getByTestId("platform-hold-error").textContent).toBe("The hold must be 0 to 720 hours");
		expect(screen.getByTestId("platform-minimum-error").textContent).toBe("Enter a valid minimum withdrawal");
		expect(screen.queryByTestId("platform-commission-example")).toBeNull();
		// More than two decimals of a percent is no whole number of basis points.
		type("platform-commission", "2.555");
		expect(screen.queryByTestId("platform-commission-error")).toBeNull();
		// Taps within the debounce of the previous one are ignored (spec §9): this one comes later.
		await new Promise((resolve) => setTimeout(resolve, Limits.debounceMs + 50));
		fireEvent.click(screen.getByTestId("platform-settings-save"));
		expect((await screen.findByTestId("platform-commission-error")).textContent).toBe(
			"The commission must be 0% to 50%",
		);
		expect(server.to(SETTINGS, "POST")).toEqual([]);
	});

	it("shows the server's refusal of a field under it", async () => {
		platformServer(operator, {
			[`GET ${SETTINGS}`]: { code: 0, data: terms },
			[`POST ${SETTINGS}`]: {
				code: 400,
				msg: "The hold must be 0 to 720 hours",
				data: { issues: [{ field: "holdHours", message: "The hold must be 0 to 720 hours" }] },
			},
		});
		await openSettings();
		fireEvent.click(screen.getByTestId("platform-settings-save"));
		expect((await screen.findByTestId("platform-hold-error")).textContent).toBe("The hold must be 0 to 720 hours");
		expect(currentToast()?.text).toBe("The hold must be 0 to 720 hours");
	});

	it("says what went wrong when the terms cannot be read, and reads them again on request", async () => {
		let fail = true;
		platformServer(operator, {
			[`GET ${SETTINGS}`]: () => (fail ? { code: 500, msg: "Server busy" } : { code: 0, data: terms }),
		});
		renderScreen(<PlatformSettingsScreen />, { path: Paths.platformSettings });
		expect((await screen.findByTestId("state-error")).textContent).toContain("Server busy");
		fail = false;
		fireEvent.click(screen.getByTestId("retry"));
		await screen.findByTestId("platform-settings");
		expect(field("platform-commission").value).toBe("2.5");
	});
});
