import type { WithdrawalView } from "@bayon/contract";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { applyLanguage } from "../../../lib/i18n";
import { liveClient } from "../../../lib/live-updates";
import { Paths, withQuery } from "../../../lib/paths";
import { renderScreen } from "../../../test/render";
import { type StaffAnswer, type StaffCall, startAsStaff } from "../../stored-value/staff-testing";
import { moneyServer, requested, walletSummary, withdrawal } from "../money-testing";
import WithdrawalsScreen from "./withdrawals-screen";

beforeEach(async () => {
	await startAsStaff("owner");
});

afterEach(() => {
	liveClient.stop();
	vi.unstubAllGlobals();
});

async function openPage(answers: Record<string, StaffAnswer>, url: string = Paths.merchantWithdrawal, lang = "en") {
	const member = await startAsStaff("owner");
	await applyLanguage(lang);
	const server = moneyServer(member, { "/merchant/wallet": { code: 0, data: walletSummary() }, ...answers });
	const view = renderScreen(<WithdrawalsScreen />, {
		path: Paths.merchantWithdrawal,
		url,
		otherPaths: [Paths.merchantCash],
	});
	return { server, router: view.router };
}

const page = (list: WithdrawalView[], nextCursor: string | null = null) => ({ code: 0, data: { list, nextCursor } });
const asked = (call: StaffCall | undefined) => Object.fromEntries(call?.query ?? []);

const approved = withdrawal({
	id: 72,
	amount: 50_000,
	status: 1,
	version: 2,
	events: [
		{ ...requested, at: "2026-11-23T02:00:00.000Z" },
		{ from: 0, to: 1, actor: "operator", actorName: "Lina", note: null, at: "2026-11-23T04:00:00.000Z" },
	],
	createdAt: "2026-11-23T02:00:00.000Z",
});
const rejected = withdrawal({
	id: 70,
	amount: 2_000,
	status: 2,
	rejectReason: "The holder's name does not match the account",
	version: 2,
	events: [
		{ ...requested, at: "2026-11-20T02:00:00.000Z" },
		{
			from: 0,
			to: 2,
			actor: "operator",
			actorName: "Lina",
			note: "The holder's name does not match the account",
			at: "2026-11-20T06:00:00.000Z",
		},
	],
});

describe("merchant/withdrawal: the list", () => {
	it("lists the shop's withdrawals newest first with amount, status, card and arrival day", async () => {
		const { server } = await openPage({
			"/merchant/withdrawals": page([withdrawal(), approved, rejected]),
		});
		await screen.findByTestId("withdrawals-list");
		expect(asked(server.to("/merchant/withdrawals")[0])).toEqual({ shopId: "1", pageSize: "20" });
		expect(screen.getByTestId("withdrawals-tab-all").getAttribute("aria-selected")).toBe("true");
		const rows = within(screen.getByTestId("withdrawals-list")).getAllByRole("link");
		expect(rows.map((row) => row.dataset.testid)).toEqual(["withdrawal-71", "withdrawal-72", "withdrawal-70"]);
		expect(screen.getByTestId("withdrawal-71-amount").textContent).toBe("$123.00");
		expect(screen.getByTestId("withdrawal-71-status").textContent).toBe("Unaudited");
		expect(screen.getByTestId("withdrawal-71-arrives").textContent).toBe("Arrives by Dec 8, 2026");
		expect(screen.getByTestId("withdrawal-71").textContent).toContain("ABA Bank •••• 4321");
		expect(screen.getByTestId("withdrawal-71").textContent).toContain("Nov 24, 2026, 12:30");
		expect(screen.getByTestId("withdrawal-72-status").textContent).toBe("Awaiting arrival");
		expect(screen.getByTestId("withdrawal-70-status").textContent).toBe("Review rejected");
		expect(screen.queryByTestId("withdrawal-70-arrives")).toBeNull();
		expect(screen.getByTestId("withdrawal-70-reason").textContent).toBe(
			"Reason: The holder's name does not match the account",
		);
		expect(screen.getByTestId("withdrawal-71").getAttribute("href")).toBe(
			withQuery(Paths.merchantWithdrawal, { id: 71 }),
		);
	});

	it("asks for one status per tab, and says when a tab is empty", async () => {
		const { server, router } = await openPage({
			"/merchant/withdrawals": (call) =>
				call.query.get("status") === "1"
					? page([approved])
					: call.query.get("status")
						? page([])
						: page([withdrawal()]),
		});
		await screen.findByTestId("withdrawal-71");
		fireEvent.click(screen.getByTestId("withdrawals-tab-1"));
		await screen.findByTestId("withdrawal-72");
		expect(router.state.location.search).toBe("?status=1");
		expect(screen.getByTestId("withdrawals-tab-1").getAttribute("aria-selected")).toBe("true");
		expect(screen.getByTestId("withdrawals-tab-1").textContent).toBe("Awaiting arrival");
		expect(asked(server.to("/merchant/withdrawals").at(-1))).toEqual({ shopId: "1", status: "1", pageSize: "20" });

		fireEvent.click(screen.getByTestId("withdrawals-tab-3"));
		expect((await screen.findByTestId("state-empty")).textContent).toContain("No received withdrawals");
		expect(asked(server.to("/merchant/withdrawals").at(-1))).toMatchObject({ status: "3" });
		fireEvent.click(screen.getByTestId("withdrawals-tab-all"));
		await screen.findByTestId("withdrawal-71");
		expect(router.state.location.search).toBe("");
	});

	it("reads the tabs' names in the owner's language", async () => {
		await openPage({ "/merchant/withdrawals": page([withdrawal()]) }, Paths.merchantWithdrawal, "zh-CN");
		await screen.findByTestId("withdrawal-71");
		const tabs = within(screen.getByRole("tablist")).getAllByRole("tab");
		expect(tabs.map((tab) => tab.textContent)).toEqual(["全部", "待审核", "待到账", "审核驳回", "已到账"]);
	});

	it("loads the next page by the cursor, until there is no more", async () => {
		const { server } = await openPage({
			"/merchant/withdrawals": (call) =>
				call.query.get("cursor") === "71" ? page([approved, rejected]) : page([withdrawal()], "71"),
		});
		await screen.findByTestId("withdrawal-71");
		fireEvent.click(screen.getByTestId("withdrawals-more"));
		await screen.findByTestId("withdrawal-70");
		expect(asked(server.to("/merchant/withdrawals")[1])).toEqual({ shopId: "1", cursor: "71", pageSize: "20" });
		expect(screen.queryByTestId("withdrawals-more")).toBeNull();
		expect(screen.getByTestId("withdrawals-end").textContent).toBe("That is all");
		expect(within(screen.getByTestId("withdrawals-list")).getAllByRole("link")).toHaveLength(3);
	});

	it("says when there is none yet, with the way to withdraw", async () => {
		await openPage({ "/merchant/withdrawals": page([]) });
		expect((await screen.findByTestId("state-empty")).textContent).toContain("No withdrawals yet");
		fireEvent.click(screen.getByTestId("withdrawals-withdraw"));
		await screen.findByTestId(`at:${Paths.merchantCash}`);
	});

	it("follows the platform's review live, and reads everything again on a resync", async () => {
		let list = [withdrawal()];
		const { server } = await openPage({ "/merchant/withdrawals": () => page(list) });
		await screen.findByTestId("withdrawal-71");
		await waitFor(() => expect(server.sockets.length).toBeGreaterThan(0));
		const socket = server.sockets.at(-1);
		socket?.receive({ type: "ready", data: {} });
		await waitFor(() => expect(server.to("/merchant/withdrawals")).toHaveLength(2));

		list = [withdrawal({ status: 1 })];
		socket?.receive({
			type: "wallet.changed",
			data: { shopId: 1, withdrawalId: 71, withdrawalStatus: 1, reason: "withdrawalApproved" },
		});
		await waitFor(() => expect(screen.getByTestId("withdrawal-71-status").textContent).toBe("Awaiting arrival"));

		// Another shop's money is not this page's.
		socket?.receive({
			type: "wallet.changed",
			data: { shopId: 2, withdrawalId: 90, withdrawalStatus: 1, reason: "withdrawalApproved" },
		});
		await new Promise((resolve) => setTimeout(resolve, 50));
		expect(server.to("/merchant/withdrawals")).toHaveLength(3);

		list = [withdrawal({ status: 3, bankReference: "FT2611240001" })];
		socket?.receive({ type: "resync", data: {} });
		await waitFor(() => expect(screen.getByTestId("withdrawal-71-status").textContent).toBe("Already received"));
	});
});

describe("merchant/withdrawal: one withdrawal", () => {
	it("shows the amount, status, card, arrival day and the timeline with who and when", async () => {
		const { server } = await openPage(
			{ "/merchant/withdrawals/detail": { code: 0, data: approved } },
			withQuery(Paths.merchantWithdrawal, { id: 72 }),
		);
		await screen.findByTestId("withdrawal-detail");
		expect(asked(server.to("/merchant/withdrawals/detail")[0])).toEqual({ shopId: "1", id: "72" });
		expect(screen.getByTestId("withdrawal-amount").textContent).toBe("$500.00");
		expect(screen.getByTestId("withdrawal-status").textContent).toBe("Awaiting arrival");
		expect(screen.getByTestId("withdrawal-status").className).toContain("money-badge--waiting");
		expect(screen.getByTestId("withdrawal-card").textContent).toBe("ABA Bank •••• 4321");
		expect(screen.getByTestId("withdrawal-holder").textContent).toBe("Sok Dara");
		expect(screen.getByTestId("withdrawal-arrives").textContent).toBe(
			"Dec 8, 2026Within 10 working days (Saturdays and Sundays not counted)",
		);
		const steps = within(screen.getByTestId("withdrawal-timeline")).getAllByRole("listitem");
		expect(steps.map((step) => step.textContent)).toEqual([
			"Withdrawal requestedOwner Sokha · Nov 23, 2026, 09:00",
			"Approved by the platform, awaiting arrivalPlatform Lina · Nov 23, 2026, 11:00",
		]);
		expect(steps[1]?.getAttribute("aria-current")).toBe("step");
		expect(screen.queryByTestId("withdrawal-reason")).toBeNull();
	});

	it("shows a rejection's reason, on the timeline too, and that the money is back", async () => {
		await openPage(
			{ "/merchant/withdrawals/detail": { code: 0, data: rejected } },
			withQuery(Paths.merchantWithdrawal, { id: 70 }),
		);
		await screen.findByTestId("withdrawal-detail");
		expect(screen.getByTestId("withdrawal-status").className).toContain("money-badge--refused");
		expect(screen.getByTestId("withdrawal-reason").textContent).toBe("The holder's name does not match the account");
		expect(screen.getByTestId("withdrawal-returned")).toBeTruthy();
		expect(screen.queryByTestId("withdrawal-arrives")).toBeNull();
		expect(screen.getByTestId("withdrawal-event-1-note").textContent).toBe(
			"Reason: The holder's name does not match the account",
		);
	});

	it("shows a payment's reference and transfer day, and every time the platform viewed the account number (issue 28)", async () => {
		const paid = withdrawal({
			...approved,
			status: 3,
			version: 3,
			bankReference: "FT2611250042",
			transferDate: "2026-11-25",
			reveals: [
				{ via: "reveal", actorName: null, at: "2026-11-25T03:00:00.000Z" },
				{ via: "export", actorName: null, at: "2026-11-25T04:30:00.000Z" },
			],
		});
		await openPage(
			{ "/merchant/withdrawals/detail": { code: 0, data: paid } },
			withQuery(Paths.merchantWithdrawal, { id: 72 }),
		);
		await screen.findByTestId("withdrawal-detail");
		expect(screen.getByTestId("withdrawal-reference").textContent).toBe("FT2611250042");
		expect(screen.getByTestId("withdrawal-transfer-date").textContent).toBe("Nov 25, 2026");
		expect(screen.getByTestId("withdrawal-reveal-0").textContent).toBe(
			"The platform viewed the account number at Nov 25, 2026, 10:00",
		);
		expect(screen.getByTestId("withdrawal-reveal-1").textContent).toBe(
			"The platform viewed the account number at Nov 25, 2026, 11:30 (bulk payment file)",
		);
	});

	it("says the platform returned it, with the reason, when it could not be paid out", async () => {
		const returned = withdrawal({
			...approved,
			status: 2,
			version: 3,
			returned: true,
			rejectReason: "The bank refused: account closed",
			events: [
				...approved.events,
				{
					from: 1,
					to: 2,
					actor: "operator",
					actorName: null,
					note: "The bank refused: account closed",
					at: "2026-11-24T02:00:00.000Z",
				},
			],
		});
		await openPage(
			{ "/merchant/withdrawals/detail": { code: 0, data: returned } },
			withQuery(Paths.merchantWithdrawal, { id: 72 }),
		);
		await screen.findByTestId("withdrawal-detail");
		expect(screen.getByTestId("withdrawal-status").textContent).toBe("Returned");
		expect(screen.getByTestId("withdrawal-returned").textContent).toContain("could not pay it out");
		expect(screen.getByTestId("withdrawal-event-2").textContent).toContain("Returned by the platform, not paid out");
		expect(screen.getByTestId("withdrawal-reveals-none").textContent).toBe(
			"The platform has not viewed the full account number",
		);
	});

	it("follows the review live: approved, then paid with the bank's reference", async () => {
		let view: WithdrawalView = withdrawal();
		const { server } = await openPage(
			{ "/merchant/withdrawals/detail": () => ({ code: 0, data: view }) },
			withQuery(Paths.merchantWithdrawal, { id: 71 }),
		);
		await screen.findByTestId("withdrawal-detail");
		expect(screen.getByTestId("withdrawal-status").textContent).toBe("Unaudited");
		await waitFor(() => expect(server.sockets.length).toBeGreaterThan(0));
		const socket = server.sockets.at(-1);

		view = withdrawal({
			status: 3,
			bankReference: "FT2611240001",
			version: 3,
			events: [
				requested,
				{ from: 0, to: 1, actor: "operator", actorName: "Lina", note: null, at: "2026-11-24T06:00:00.000Z" },
				{ from: 1, to: 3, actor: "operator", actorName: null, note: "FT2611240001", at: "2026-11-25T03:00:00.000Z" },
			],
		});
		socket?.receive({
			type: "wallet.changed",
			data: { shopId: 1, withdrawalId: 71, withdrawalStatus: 3, reason: "withdrawalPaid" },
		});
		await waitFor(() => expect(screen.getByTestId("withdrawal-status").textContent).toBe("Already received"));
		expect(screen.getByTestId("withdrawal-status").className).toContain("money-badge--done");
		expect(screen.getByTestId("withdrawal-reference").textContent).toBe("FT2611240001");
		expect(screen.queryByTestId("withdrawal-arrives")).toBeNull();
		const steps = within(screen.getByTestId("withdrawal-timeline")).getAllByRole("listitem");
		expect(steps).toHaveLength(3);
		expect(steps[2]?.textContent).toBe("Paid out to the cardPlatform · Nov 25, 2026, 10:00Reference: FT2611240001");
	});

	it("says so when it cannot be read, and leads back to the list", async () => {
		await openPage(
			{ "/merchant/withdrawals/detail": { code: 1_008_026_009, msg: "This withdrawal does not exist" } },
			withQuery(Paths.merchantWithdrawal, { id: 999 }),
		);
		expect((await screen.findByTestId("state-error")).textContent).toContain("This withdrawal does not exist");
		expect(screen.getByTestId("withdrawal-back").getAttribute("href")).toBe(Paths.merchantWithdrawal);
	});
});
