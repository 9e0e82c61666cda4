import { NOTICE_CATEGORIES, type NoticeSettings } from "@bayon/contract";
import { fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { Paths } from "../../../lib/paths";
import { appStore } from "../../../lib/store";
import { currentToast } from "../../../lib/toast";
import { renderScreen } from "../../../test/render";
import { type Envelope, staffServer, startAsStaff } from "../../stored-value/staff-testing";
import NoticeSettingsScreen from "./notice-settings-screen";

function settings(extra: Partial<NoticeSettings> = {}): NoticeSettings {
	return {
		reach: "on",
		botUsername: "bayon_bot",
		categories: NOTICE_CATEGORIES.map((category) => ({ category, enabled: true })),
		...extra,
	};
}

let member: Awaited<ReturnType<typeof startAsStaff>>;
beforeEach(async () => {
	member = await startAsStaff("owner");
});
afterEach(() => {
	vi.unstubAllGlobals();
});

const openPage = () => renderScreen(<NoticeSettingsScreen />, { path: Paths.mineNotices, otherPaths: [Paths.login] });
const switchOf = (category: string) => screen.getByTestId(`notice-switch-${category}`) as HTMLInputElement;

describe("mine/notices", () => {
	it("says messages arrive, and shows one switch per kind with what it covers", async () => {
		staffServer(member, { "/member/notice-settings": { code: 0, data: settings() } });
		openPage();
		const reach = await screen.findByTestId("notices-reach-on");
		expect(reach.textContent).toContain("@bayon_bot tells you in your Telegram chat");
		expect(screen.queryByTestId("notices-open-bot")).toBeNull();
		expect(screen.queryByTestId("notices-pending")).toBeNull();
		for (const category of NOTICE_CATEGORIES) expect(switchOf(category).checked).toBe(true);
		expect(screen.getByTestId("notice-orders").textContent).toContain(
			"Paid, accepted, ready for pickup (with the number), out for delivery, delivered",
		);
		expect(screen.getByTestId("notice-reminders").textContent).toContain("with Confirm and Cancel buttons");
		expect(switchOf("orders").getAttribute("role")).toBe("switch");
	});

	it("tells a member who has not pressed Start to open the bot, and keeps the switches usable", async () => {
		staffServer(member, {
			"/member/notice-settings": { code: 0, data: settings({ reach: "notAllowed", categories: [] }) },
		});
		openPage();
		await screen.findByTestId("notices-reach-notAllowed");
		const open = screen.getByTestId("notices-open-bot");
		expect(open.getAttribute("href")).toBe("https://t.me/bayon_bot");
		expect(open.textContent).toBe("Open @bayon_bot");
		expect(screen.getByTestId("notices-pending").textContent).toBe(
			"Your choices are saved and apply once messages can reach you.",
		);
	});

	it("explains the other states: not linked, blocked, and no bot", async () => {
		const server = { reach: "notLinked" as NoticeSettings["reach"] };
		staffServer(member, {
			"/member/notice-settings": () => ({ code: 0, data: settings({ reach: server.reach }) }),
		});
		const page = openPage();
		expect((await screen.findByTestId("notices-reach-notLinked")).textContent).toContain(
			"Open this shop's Mini App in Telegram and sign in there once",
		);
		expect(screen.queryByTestId("notices-open-bot")).toBeNull();
		page.unmount();

		server.reach = "blocked";
		const { queryClient } = await import("../../../lib/query-client");
		queryClient.clear();
		const again = openPage();
		expect((await screen.findByTestId("notices-reach-blocked")).textContent).toContain(
			"You blocked @bayon_bot or sent it /stop",
		);
		expect(screen.getByTestId("notices-open-bot")).toBeTruthy();
		again.unmount();

		server.reach = "botOff";
		queryClient.clear();
		openPage();
		expect((await screen.findByTestId("notices-reach-botOff")).textContent).toContain(
			"This shop has not set up Telegram messages",
		);
	});

	it("turns a switch off at once, then sends that one switch", async () => {
		let release: () => void = () => {};
		const held = new Promise<void>((resolve) => {
			release = resolve;
		});
		const server = staffServer(member, {
			"GET /member/notice-settings": { code: 0, data: settings() },
			"PUT /member/notice-settings": async () => {
				await held;
				return {
					code: 0,
					data: settings({
						categories: NOTICE_CATEGORIES.map((category) => ({ category, enabled: category !== "orders" })),
					}),
				};
			},
		});
		openPage();
		await screen.findByTestId("notices-switches");
		fireEvent.click(switchOf("orders"));
		// Off before the server has answered.
		await waitFor(() => expect(switchOf("orders").checked).toBe(false));
		expect(server.to("/member/notice-settings", "PUT")).toHaveLength(1);
		expect(server.to("/member/notice-settings", "PUT")[0]?.body).toEqual({ category: "orders", enabled: false });
		release();
		await waitFor(() => expect(switchOf("orders").checked).toBe(false));
		expect(switchOf("refunds").checked).toBe(true);
	});

	it("puts a switch back and says why when the change is refused", async () => {
		let release: () => void = () => {};
		const held = new Promise<void>((resolve) => {
			release = resolve;
		});
		staffServer(member, {
			"GET /member/notice-settings": { code: 0, data: settings() },
			"PUT /member/notice-settings": async (): Promise<Envelope> => {
				await held;
				return { code: 400, msg: "Invalid value" };
			},
		});
		openPage();
		await screen.findByTestId("notices-switches");
		fireEvent.click(switchOf("bookings"));
		await waitFor(() => expect(switchOf("bookings").checked).toBe(false));
		release();
		await waitFor(() => expect(switchOf("bookings").checked).toBe(true));
		expect(currentToast()?.text).toBe("Invalid value");
	});

	it("lets a failed load be retried", async () => {
		let fail = true;
		staffServer(member, {
			"/member/notice-settings": () => (fail ? { code: 0, status: 502 } : { code: 0, data: settings() }),
		});
		openPage();
		await screen.findByTestId("state-error");
		fail = false;
		fireEvent.click(screen.getByTestId("retry"));
		await screen.findByTestId("notices-switches");
	});

	it("asks a visitor to sign in first", async () => {
		localStorage.clear();
		appStore.reload();
		const server = staffServer(member, {});
		openPage();
		expect((await screen.findByTestId("notices-signed-out")).textContent).toContain(
			"Sign in to choose which Telegram messages you get.",
		);
		expect(server.to("/member/notice-settings")).toEqual([]);
	});
});
