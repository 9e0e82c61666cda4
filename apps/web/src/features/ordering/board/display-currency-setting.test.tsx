import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { beforeEach, describe, expect, it } from "vitest";
import { applyLanguage } from "../../../lib/i18n";
import { queryClient } from "../../../lib/query-client";
import { appStore } from "../../../lib/store";
import { currentToast, hideToast } from "../../../lib/toast";
import { testMember } from "../../../test/member-fixtures";
import { fakeServer, usdConfig } from "../../../test/ordering-fixtures";
import { renderScreen } from "../../../test/render";
import { DisplayCurrencySetting } from "./display-currency-setting";

const PATH = "/merchant/shop/display-currency";

/** The owner signed in: the business's administrator unless told otherwise (issue 27). */
function signInOwner(isBusinessAdmin: boolean) {
	const owner = testMember({
		isMerchant: true,
		userType: "merchant_owner",
		merchantShops: [{ shopId: 1, shopName: "Bayon", role: "owner" }],
		isBusinessAdmin,
	});
	localStorage.setItem("accessToken", "access-1");
	localStorage.setItem("refreshToken", "refresh-1");
	localStorage.setItem("expiresTime", String(Date.now() + 15 * 60_000));
	localStorage.setItem("userinfo", JSON.stringify(owner));
}

beforeEach(async () => {
	localStorage.clear();
	signInOwner(true);
	appStore.reload();
	queryClient.clear();
	hideToast();
	await applyLanguage("en");
});

function renderSetting() {
	renderScreen(<DisplayCurrencySetting shopId={1} />, { path: "/" });
	return screen.findByTestId("merchant-display-currency");
}

describe("the owner's second display currency", () => {
	it("starts from riel, saves the owner's rate, and every price then shows it", async () => {
		const server = fakeServer({
			"/system/config": { code: 0, data: usdConfig },
			[PATH]: (body) => ({ shopId: 1, second: (body as { second: unknown }).second }),
		});
		const setting = await renderSetting();
		expect(setting.textContent).toContain("e.g. $2.50 · 10,300៛. Payments stay in USD.");
		expect(screen.queryByTestId("merchant-currency-rate")).toBeNull();

		fireEvent.click(screen.getByTestId("merchant-display-currency-switch"));
		const rate = screen.getByTestId("merchant-currency-rate") as HTMLInputElement;
		expect(rate.value).toBe("4100");
		fireEvent.input(rate, { target: { value: "4,000" } });
		fireEvent.click(within(screen.getByTestId("merchant-currency-round")).getByText("1,000"));
		expect(setting.textContent).toContain("e.g. $2.50 · 10,000៛");
		fireEvent.click(screen.getByTestId("merchant-currency-save"));

		await waitFor(() => expect(currentToast()?.text).toBe("Saved: prices show the second currency"));
		const saved = { code: "KHR", symbol: "៛", rate: 4000, roundTo: 1000, symbolPosition: "after" };
		expect(server.bodies(PATH)).toEqual([{ shopId: 1, second: saved }]);
		expect(appStore.getState().currency.second).toEqual(saved);

		fireEvent.click(screen.getByTestId("merchant-display-currency-switch"));
		await waitFor(() => expect(currentToast()?.text).toBe("Prices now show one currency"));
		expect(server.bodies(PATH).at(-1)).toEqual({ shopId: 1, second: null });
		expect(appStore.getState().currency.second).toBeNull();
		expect(screen.queryByTestId("merchant-currency-rate")).toBeNull();
	});

	it("shows the server's reason when it refuses, and keeps the form open", async () => {
		fakeServer({
			"/system/config": { code: 0, data: usdConfig },
			[PATH]: { code: 400, msg: "Invalid value: second.rate" },
		});
		await renderSetting();
		fireEvent.click(screen.getByTestId("merchant-display-currency-switch"));
		fireEvent.input(screen.getByTestId("merchant-currency-rate"), { target: { value: "" } });
		fireEvent.click(screen.getByTestId("merchant-currency-save"));

		expect((await screen.findByTestId("merchant-currency-error")).textContent).toBe("Invalid value: second.rate");
		expect(screen.getByTestId("merchant-currency-rate")).toBeTruthy();
		expect(appStore.getState().currency.second ?? null).toBeNull();
	});

	it("shows an owner who is not the business's administrator the rate and who sets it, with nothing to change", async () => {
		localStorage.clear();
		signInOwner(false);
		appStore.reload();
		const riel = { code: "KHR", symbol: "៛", rate: 4100, roundTo: 100, symbolPosition: "after" as const };
		const withRiel = { ...usdConfig, currency: { ...usdConfig.currency, second: riel } };
		const server = fakeServer({ "/system/config": { code: 0, data: withRiel } });

		const setting = await renderSetting();

		await waitFor(() =>
			expect(screen.getByTestId("merchant-display-currency-shown").textContent).toBe(
				"Shown now: $2.50 · 10,300៛ (4,100 per $1.00)",
			),
		);
		expect(screen.getByTestId("merchant-display-currency-note").textContent).toBe(
			"Set by the business owner for every shop. You can view it; ask a business owner to change it.",
		);
		expect(within(setting).queryByRole("switch")).toBeNull();
		expect(within(setting).queryByRole("button")).toBeNull();
		expect(server.bodies(PATH)).toEqual([]);
	});
});
