import type { ShopTelegramGroup } from "@bayon/contract";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { liveClient } from "../../../lib/live-updates";
import { Paths } from "../../../lib/paths";
import { currentToast } from "../../../lib/toast";
import { renderScreen } from "../../../test/render";
import { moneyServer } from "../../merchant-wallet/money-testing";
import { startAsStaff } from "../../stored-value/staff-testing";
import StaffTelegramGroupScreen from "./staff-telegram-group-screen";

afterEach(() => {
	liveClient.stop();
	vi.unstubAllGlobals();
});

function groupView(extra: Partial<ShopTelegramGroup> = {}): ShopTelegramGroup {
	return { shopId: 1, botOn: true, botUsername: "bayon_bot", group: null, ...extra };
}

const linked = { title: "Riverside kitchen", linkedAt: "2026-11-24T05:30:00.000Z", reachable: true };
const LINK = "https://t.me/bayon_bot?startgroup=AbCdEfGhIjKlMnOpQrStUv";

const openPage = () => renderScreen(<StaffTelegramGroupScreen />, { path: Paths.merchantTelegram });

describe("merchant/telegram", () => {
	it("makes a one-time link with the steps, a copy and an Open in Telegram button, and its expiry", async () => {
		const server = moneyServer(await startAsStaff("owner"), {
			"/merchant/telegram-group": { code: 0, data: groupView() },
			"POST /merchant/telegram-group/link": {
				code: 0,
				data: { url: LINK, expiresAt: "2026-11-24T06:00:00.000Z" },
			},
		});
		openPage();
		await screen.findByTestId("tg-no-group");
		expect(server.to("/merchant/telegram-group")[0]?.query.get("shopId")).toBe("1");
		expect(screen.getByTestId("tg-steps").textContent).toContain("Pick your staff group and add the bot to it.");
		fireEvent.click(screen.getByTestId("tg-create-link"));
		expect((await screen.findByTestId("tg-link-url")).textContent).toBe(LINK);
		expect(server.to("/merchant/telegram-group/link", "POST").map((call) => call.body)).toEqual([{ shopId: 1 }]);
		expect(screen.getByTestId("tg-link-open").getAttribute("href")).toBe(LINK);
		expect(screen.getByTestId("tg-link-expiry").textContent).toMatch(/^Works once, until Nov 24, 2026, \d\d:\d\d$/);

		const writeText = vi.fn(async () => {});
		vi.stubGlobal("navigator", { ...navigator, clipboard: { writeText } });
		fireEvent.click(screen.getByTestId("tg-link-copy"));
		await waitFor(() => expect(currentToast()?.text).toBe("Link copied"));
		expect(writeText).toHaveBeenCalledWith(LINK);
	});

	it("shows the group once the bot has claimed the link, and puts the used link away", async () => {
		let group: ShopTelegramGroup = groupView();
		moneyServer(await startAsStaff("owner"), {
			"/merchant/telegram-group": () => ({ code: 0, data: group }),
			"POST /merchant/telegram-group/link": {
				code: 0,
				data: { url: LINK, expiresAt: "2026-11-24T06:00:00.000Z" },
			},
		});
		openPage();
		fireEvent.click(await screen.findByTestId("tg-create-link"));
		await screen.findByTestId("tg-link-made");
		group = groupView({ group: linked });
		fireEvent.click(screen.getByTestId("tg-refresh"));
		expect((await screen.findByTestId("tg-group-title")).textContent).toBe("Riverside kitchen");
		expect(screen.getByTestId("tg-group-since").textContent).toMatch(/^Linked since Nov 24, 2026/);
		expect(screen.getByTestId("tg-group-ok").textContent).toBe("Receiving messages");
		expect(screen.queryByTestId("tg-link-made")).toBeNull();
		expect(screen.getByTestId("tg-link").textContent).toContain("Link another group");
	});

	it("says when the bot was removed from the group", async () => {
		moneyServer(await startAsStaff("owner"), {
			"/merchant/telegram-group": { code: 0, data: groupView({ group: { ...linked, reachable: false } }) },
		});
		openPage();
		expect((await screen.findByTestId("tg-group-removed")).textContent).toBe(
			"The bot was removed from this group — link it again",
		);
	});

	it("unlinks only after the confirmation", async () => {
		let group: ShopTelegramGroup = groupView({ group: linked });
		const server = moneyServer(await startAsStaff("owner"), {
			"/merchant/telegram-group": () => ({ code: 0, data: group }),
			"POST /merchant/telegram-group/unlink": () => {
				group = groupView();
				return { code: 0, data: group };
			},
		});
		openPage();
		fireEvent.click(await screen.findByTestId("tg-unlink"));
		const dialog = await screen.findByTestId("tg-unlink-confirm");
		expect(dialog.textContent).toContain("Unlink “Riverside kitchen”? The group will stop hearing about this shop.");
		fireEvent.click(within(dialog).getByTestId("confirm-cancel"));
		expect(screen.queryByTestId("tg-unlink-confirm")).toBeNull();
		expect(server.to("/merchant/telegram-group/unlink")).toEqual([]);

		fireEvent.click(screen.getByTestId("tg-unlink"));
		fireEvent.click(within(await screen.findByTestId("tg-unlink-confirm")).getByTestId("confirm-ok"));
		await screen.findByTestId("tg-no-group");
		expect(server.to("/merchant/telegram-group/unlink", "POST").map((call) => call.body)).toEqual([{ shopId: 1 }]);
		expect(currentToast()?.text).toBe("Group unlinked");
	});

	it("says the bot is off instead of offering a link", async () => {
		moneyServer(await startAsStaff("owner"), {
			"/merchant/telegram-group": { code: 0, data: groupView({ botOn: false, botUsername: null }) },
		});
		openPage();
		expect((await screen.findByTestId("tg-bot-off")).textContent).toContain("This server has no Telegram bot set up");
		expect(screen.queryByTestId("tg-create-link")).toBeNull();
	});

	it("shows the server's refusal of a link and no link", async () => {
		moneyServer(await startAsStaff("owner"), {
			"/merchant/telegram-group": { code: 0, data: groupView() },
			"POST /merchant/telegram-group/link": {
				code: 1004003004,
				msg: "Telegram is not reachable right now, please try again",
			},
		});
		openPage();
		fireEvent.click(await screen.findByTestId("tg-create-link"));
		await waitFor(() => expect(currentToast()?.text).toBe("Telegram is not reachable right now, please try again"));
		expect(screen.queryByTestId("tg-link-made")).toBeNull();
	});

	it("is for owners only", async () => {
		const server = moneyServer(await startAsStaff("manager"), {});
		openPage();
		expect((await screen.findByTestId("tg-no-access")).textContent).toBe(
			"Only an owner can set up the Telegram staff group.",
		);
		expect(server.to("/merchant/telegram-group")).toEqual([]);
	});

	it("lets a failed load be retried", async () => {
		let fail = true;
		moneyServer(await startAsStaff("owner"), {
			"/merchant/telegram-group": () => (fail ? { code: 0, status: 502 } : { code: 0, data: groupView() }),
		});
		openPage();
		await screen.findByTestId("state-error");
		fail = false;
		fireEvent.click(screen.getByTestId("retry"));
		await screen.findByTestId("tg-no-group");
	});
});
