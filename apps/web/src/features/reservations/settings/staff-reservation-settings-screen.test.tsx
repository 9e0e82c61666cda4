import { DEFAULT_RESERVATION_SETTINGS, type ReservationSettingsPage } from "@bayon/contract";
import { fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { applyLanguage } from "../../../lib/i18n";
import { Paths } from "../../../lib/paths";
import { queryClient } from "../../../lib/query-client";
import { appStore } from "../../../lib/store";
import { currentToast, hideToast } from "../../../lib/toast";
import { testMember } from "../../../test/member-fixtures";
import { renderScreen } from "../../../test/render";
import StaffReservationSettingsScreen from "./staff-reservation-settings-screen";

const owner = testMember({
	isMerchant: true,
	userType: "merchant_owner",
	merchantShops: [{ shopId: 1, shopName: "Bayon", role: "owner" }],
});

const pageAt = (
	version: number,
	patch: Partial<ReservationSettingsPage["settings"]> = {},
): ReservationSettingsPage => ({
	settings: { ...DEFAULT_RESERVATION_SETTINGS, shopId: 1, version, ...patch },
	tables: [{ id: 10, number: "A1", seats: 4, minSeats: 1, reservable: true, area: null }],
	shopTimeZone: "Asia/Phnom_Penh",
});

type Answer = { code: number; msg?: string; data?: unknown };
let settingsAnswers: ReservationSettingsPage[] = [];
let saveAnswers: Answer[] = [];
let saved: unknown[] = [];

function fakeServer() {
	saved = [];
	vi.stubGlobal(
		"fetch",
		vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
			const path = (String(input).split("?")[0] ?? "").replace("/app-api", "");
			let answer: Answer = { code: 0, data: null };
			if (path === "/member/user/get-info") answer = { code: 0, data: owner };
			else if (path === "/merchant/reservation/settings" && init?.method === "POST") {
				saved.push(JSON.parse(String(init.body)));
				answer = saveAnswers.shift() ?? { code: 0, data: settingsAnswers.at(-1) };
			} else if (path === "/merchant/reservation/settings")
				answer = { code: 0, data: settingsAnswers.length > 1 ? settingsAnswers.shift() : settingsAnswers[0] };
			return new Response(JSON.stringify({ msg: "", ...answer }), { headers: { "Content-Type": "application/json" } });
		}),
	);
}

beforeEach(async () => {
	localStorage.clear();
	localStorage.setItem("accessToken", "access-1");
	localStorage.setItem("expiresTime", String(Date.now() + 15 * 60_000));
	localStorage.setItem("userinfo", JSON.stringify(owner));
	appStore.reload();
	queryClient.clear();
	hideToast();
	await applyLanguage("en");
	fakeServer();
});

afterEach(() => vi.unstubAllGlobals());

async function openSettings() {
	renderScreen(<StaffReservationSettingsScreen />, { path: Paths.merchantReservationSettings });
	return (await screen.findByTestId("res-settings-graceMinutes")) as HTMLInputElement;
}

describe("the owner's booking settings page", () => {
	it("says what is wrong per field and sends nothing while the form is invalid", async () => {
		settingsAnswers = [pageAt(1)];
		const grace = await openSettings();
		fireEvent.input(grace, { target: { value: "999" } });
		fireEvent.input(screen.getByTestId("res-band-1-party"), { target: { value: "1" } });
		fireEvent.click(screen.getByTestId("res-settings-save"));
		expect((await screen.findByTestId("res-settings-graceMinutes-error")).textContent).toBe(
			"Enter a whole number from 0 to 240",
		);
		expect(screen.getByTestId("res-bands-error").textContent).toBe(
			"List the party sizes of the dining times from small to large",
		);
		expect(saved).toEqual([]);
	});

	it("saves the version it was loaded at, with the values typed", async () => {
		settingsAnswers = [pageAt(3)];
		saveAnswers = [{ code: 0, data: pageAt(4, { graceMinutes: 20, pacingCoversPerSlot: 24 }) }];
		const grace = await openSettings();
		fireEvent.input(grace, { target: { value: "20" } });
		fireEvent.input(screen.getByTestId("res-settings-pacingCoversPerSlot"), { target: { value: "24" } });
		fireEvent.click(screen.getByTestId("res-settings-save"));
		await waitFor(() => expect(currentToast()?.text).toBe("Booking settings saved"));
		expect(saved).toEqual([
			expect.objectContaining({
				shopId: 1,
				version: 3,
				graceMinutes: 20,
				pacingCoversPerSlot: 24,
				depositPerPerson: 0,
			}),
		]);
	});

	it("loads the other person's version after a conflict, and says to make the change again", async () => {
		settingsAnswers = [pageAt(1), pageAt(2, { bufferMinutes: 25 })];
		saveAnswers = [{ code: 409, msg: "Changed by someone else" }];
		const grace = await openSettings();
		fireEvent.input(grace, { target: { value: "30" } });
		fireEvent.click(screen.getByTestId("res-settings-save"));
		await waitFor(() =>
			expect((screen.getByTestId("res-settings-bufferMinutes") as HTMLInputElement).value).toBe("25"),
		);
		expect((screen.getByTestId("res-settings-graceMinutes") as HTMLInputElement).value).toBe("15");
		expect(currentToast()?.text).toBe(
			"Someone else changed the settings: their version is loaded, make your change again",
		);
	});

	it("shows the server's refusal of a field under that field, in the words it sent", async () => {
		settingsAnswers = [pageAt(1)];
		saveAnswers = [
			{
				code: 400,
				msg: "Invalid value: graceMinutes",
				data: [{ field: "graceMinutes", rule: "fieldInvalid", message: "Invalid value: graceMinutes" }],
			},
		];
		await openSettings();
		fireEvent.click(screen.getByTestId("res-settings-save"));
		expect((await screen.findByTestId("res-settings-graceMinutes-error")).textContent).toBe(
			"Invalid value: graceMinutes",
		);
	});

	it("tells staff the page is for the owner and managers", async () => {
		const staff = testMember({
			isMerchant: true,
			userType: "merchant_staff",
			merchantShops: [{ shopId: 1, shopName: "Bayon", role: "staff" }],
		});
		localStorage.setItem("userinfo", JSON.stringify(staff));
		appStore.reload();
		settingsAnswers = [pageAt(1)];
		renderScreen(<StaffReservationSettingsScreen />, { path: Paths.merchantReservationSettings });
		expect((await screen.findByTestId("res-settings-not-allowed")).textContent).toContain(
			"Only the owner and managers",
		);
	});
});
