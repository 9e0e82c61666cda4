import { ErrorCode, Limits, type WithdrawalPage, type WithdrawalView } from "@bayon/contract";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { liveClient } from "../../../../lib/live-updates";
import { Paths, withQuery } from "../../../../lib/paths";
import { localDateOf } from "../../../../lib/shop-clock";
import { currentToast } from "../../../../lib/toast";
import { type FakeWebSocket, fakeWebSockets } from "../../../../test/fake-live-server";
import { testMember } from "../../../../test/member-fixtures";
import { renderScreen } from "../../../../test/render";
import type { StaffCall } from "../../../stored-value/staff-testing";
import { operator, platformServer, startAs, withdrawal } from "../platform-testing";
import PlatformWithdrawalsScreen from "./platform-withdrawals-screen";

const LIST = "/platform/withdrawals";
const DETAIL = "/platform/withdrawals/detail";

const unaudited = withdrawal();
const awaiting = withdrawal({
	id: 13,
	shopId: 2,
	shopName: "Bayon Airport",
	amount: 5_000,
	status: 1,
	version: 1,
	card: { id: 7, holder: "CHAN THEA", bank: "ACLEDA", last4: "9876" },
	events: [
		...withdrawal().events,
		{ from: 0, to: 1, actor: "operator", actorName: "Vanna", note: null, at: "2026-11-25T02:00:00.000Z" },
	],
});

const page = (list: WithdrawalView[], nextCursor: string | null = null): { code: 0; data: WithdrawalPage } => ({
	code: 0,
	data: { list, nextCursor },
});

/** The list answers by the asked status from `byStatus` (read at each call: a decision may change it). */
function listBy(byStatus: Record<string, () => WithdrawalView[]>) {
	return (call: StaffCall) => page(byStatus[call.query.get("status") ?? "all"]?.() ?? []);
}

/** The detail answers the current view of each withdrawal. */
function detailOf(views: () => WithdrawalView[]) {
	return (call: StaffCall) => {
		const found = views().find((view) => view.id === Number(call.query.get("id")));
		return found ? { code: 0, data: found } : { code: 1008026003, msg: "Not found" };
	};
}

let sockets: FakeWebSocket[] = [];

beforeEach(async () => {
	await startAs(operator);
	sockets = fakeWebSockets();
});

afterEach(() => {
	liveClient.stop();
	vi.unstubAllGlobals();
});

function openReview(url: string = Paths.platformWithdrawals) {
	return renderScreen(<PlatformWithdrawalsScreen />, { path: Paths.platformWithdrawals, url });
}

/** The open withdrawal's panel beside the list (the test window is a desk's, 1024 px wide). */
async function openWithdrawal(id: number) {
	fireEvent.click(await screen.findByTestId(`platform-withdrawal-${id}`));
	const panel = await screen.findByTestId("platform-detail-panel");
	await within(panel).findByTestId("platform-detail-amount");
	return panel;
}

/** A phone's window: the open withdrawal comes up in a sheet. */
function atPhoneWidth() {
	vi.stubGlobal(
		"matchMedia",
		vi.fn(() => ({ matches: false, addEventListener: () => {}, removeEventListener: () => {} })),
	);
}

describe("the platform's withdrawal review", () => {
	it("is refused to a shop owner: the refusal, and no platform call", async () => {
		const owner = testMember({ isMerchant: true, merchantShops: [{ shopId: 1, shopName: "Bayon", role: "owner" }] });
		await startAs(owner);
		const server = platformServer(owner, { [LIST]: page([unaudited]) });
		openReview();
		expect((await screen.findByTestId("platform-only")).textContent).toContain(
			"Only platform operators can open this page",
		);
		expect(screen.queryByTestId("platform-withdrawals")).toBeNull();
		expect(server.to(LIST)).toEqual([]);
	});

	it("opens on the unaudited tab with every shop's withdrawals: shop, amount, account, requested, status, arrives by", async () => {
		const server = platformServer(operator, { [LIST]: page([unaudited]) });
		openReview();
		const row = await screen.findByTestId("platform-withdrawal-12");
		expect(Object.fromEntries(server.to(LIST)[0]?.query ?? [])).toEqual({ status: "0", pageSize: "20" });
		expect(screen.getByTestId("platform-tab-0").getAttribute("aria-selected")).toBe("true");
		expect(row.textContent).toContain("Bayon Riverside");
		expect(screen.getByTestId("platform-withdrawal-12-amount").textContent).toBe("$125.50");
		expect(screen.getByTestId("platform-withdrawal-12-account").textContent).toBe("ABA Bank •••• 1234SOK DARA");
		expect(screen.getByTestId("platform-withdrawal-12-status").textContent).toBe("Unaudited");
		expect(screen.getByTestId("platform-withdrawal-12-arrives").textContent).toBe("Dec 8, 2026");
		expect(row.textContent).toContain("Nov 24, 2026");
		// Requested 05:30 UTC: read on the shop's clock (Phnom Penh), wherever the operator's desk is.
		expect(row.textContent).toContain("12:30");
	});

	it("asks for the tab's status: awaiting arrival sends 1, all sends none", async () => {
		const server = platformServer(operator, {
			[LIST]: listBy({ "0": () => [unaudited], "1": () => [awaiting], all: () => [awaiting, unaudited] }),
		});
		openReview();
		await screen.findByTestId("platform-withdrawal-12");
		fireEvent.click(screen.getByTestId("platform-tab-1"));
		expect((await screen.findByTestId("platform-withdrawal-13-status")).textContent).toBe("Awaiting arrival");
		expect(server.to(LIST).at(-1)?.query.get("status")).toBe("1");
		fireEvent.click(screen.getByTestId("platform-tab-all"));
		await screen.findByTestId("platform-withdrawal-12");
		expect(server.to(LIST).at(-1)?.query.has("status")).toBe(false);
		fireEvent.click(screen.getByTestId("platform-tab-2"));
		expect((await screen.findByTestId("state-empty")).textContent).toContain("No rejected withdrawals");
		expect(server.to(LIST).at(-1)?.query.get("status")).toBe("2");
	});

	it("shows one shop's withdrawals when linked with ?shopId=, and every shop's again on request", async () => {
		const server = platformServer(operator, { [LIST]: page([unaudited]) });
		openReview(withQuery(Paths.platformWithdrawals, { shopId: 1 }));
		await screen.findByTestId("platform-withdrawal-12");
		expect(screen.getByTestId("platform-shop-filter").textContent).toBe("Only Bayon Riverside");
		expect(server.to(LIST)[0]?.query.get("shopId")).toBe("1");
		fireEvent.click(screen.getByTestId("platform-shop-filter-clear"));
		await waitFor(() => expect(server.to(LIST).at(-1)?.query.has("shopId")).toBe(false));
		expect(screen.queryByTestId("platform-shop-filter")).toBeNull();
	});

	it("loads more with the server's cursor", async () => {
		const server = platformServer(operator, {
			[LIST]: (call) => (call.query.get("cursor") === "12" ? page([withdrawal({ id: 11 })]) : page([unaudited], "12")),
		});
		openReview();
		fireEvent.click(await screen.findByTestId("platform-withdrawals-more"));
		await screen.findByTestId("platform-withdrawal-11");
		expect(server.to(LIST).at(-1)?.query.get("cursor")).toBe("12");
		expect(screen.getByTestId("platform-withdrawals-end").textContent).toBe("No more");
	});

	it("opens a withdrawal with its history, and approves it after the confirmation with the version it showed", async () => {
		let views = [unaudited];
		let answerApproval = () => {};
		const server = platformServer(operator, {
			[`GET ${LIST}`]: listBy({ "0": () => views.filter((view) => view.status === 0) }),
			[DETAIL]: detailOf(() => views),
			[`POST ${LIST}/approve`]: async () => {
				// Held until the test lets it through: the page is seen while the approval is on its way.
				await new Promise<void>((resolve) => {
					answerApproval = resolve;
				});
				const approved = { ...unaudited, status: 1 as const, version: 1, events: awaiting.events };
				views = [approved];
				return { code: 0, data: approved };
			},
		});
		openReview();
		const panel = await openWithdrawal(12);
		expect(within(panel).getByTestId("platform-detail-amount").textContent).toBe("$125.50");
		expect(within(panel).getByTestId("platform-detail-shop").textContent).toBe("Bayon Riverside");
		expect(within(panel).getByTestId("platform-detail-account").textContent).toBe("ABA Bank ••••\u00a01234");
		expect(within(panel).getByTestId("platform-detail-holder").textContent).toBe("SOK DARA");
		expect(within(panel).getByTestId("platform-detail-timeline").textContent).toContain("Withdrawal requested");
		expect(within(panel).getByTestId("platform-detail-timeline").textContent).toContain("Owner Sokha");
		expect(server.to(DETAIL)[0]?.query.get("id")).toBe("12");
		expect(within(panel).queryByTestId("platform-mark-paid")).toBeNull();

		fireEvent.click(within(panel).getByTestId("platform-approve"));
		const dialog = await screen.findByTestId("platform-approve-confirm");
		expect(dialog.textContent).toContain(
			"Approve withdrawal #12 of Bayon Riverside: $125.50 to ABA Bank ••••\u00a01234 (SOK DARA)? Pay it by Dec 8, 2026.",
		);
		// Cancelling the confirmation decides nothing.
		fireEvent.click(within(dialog).getByTestId("confirm-cancel"));
		expect(server.to(`${LIST}/approve`)).toEqual([]);

		fireEvent.click(within(panel).getByTestId("platform-approve"));
		const again = await screen.findByTestId("platform-approve-confirm");
		fireEvent.click(within(again).getByTestId("confirm-ok"));
		// While it is on its way the decisions cannot be tapped again.
		await waitFor(() => expect(server.to(`${LIST}/approve`)).toHaveLength(1));
		expect((within(panel).getByTestId("platform-approve") as HTMLButtonElement).disabled).toBe(true);
		expect((within(panel).getByTestId("platform-reject") as HTMLButtonElement).disabled).toBe(true);
		answerApproval();
		await waitFor(() => expect(currentToast()?.text).toBe("Withdrawal #12 approved"));
		expect(server.to(`${LIST}/approve`, "POST").map((call) => call.body)).toEqual([{ id: 12, version: 0 }]);
		// It left the unaudited tab; the open withdrawal now offers the payment.
		await waitFor(() => expect(screen.queryByTestId("platform-withdrawal-12")).toBeNull());
		await waitFor(() =>
			expect(within(panel).getByTestId("platform-detail-status").textContent).toBe("Awaiting arrival"),
		);
		expect(within(panel).getByTestId("platform-mark-paid")).toBeTruthy();
	});

	it("rejects only with a reason, which it sends with the id and version", async () => {
		const server = platformServer(operator, {
			[`GET ${LIST}`]: page([unaudited]),
			[DETAIL]: { code: 0, data: unaudited },
			[`POST ${LIST}/reject`]: {
				code: 0,
				data: { ...unaudited, status: 2, version: 1, rejectReason: "Holder name does not match" },
			},
		});
		openReview();
		fireEvent.click(within(await openWithdrawal(12)).getByTestId("platform-reject"));
		const sheet = await screen.findByTestId("platform-reject-sheet");
		expect(within(sheet).getByTestId("platform-reject-notice").textContent).toBe(
			"$125.50 goes back to what Bayon Riverside can withdraw.",
		);
		fireEvent.input(within(sheet).getByTestId("platform-reject-input"), { target: { value: "   " } });
		fireEvent.click(within(sheet).getByTestId("platform-reject-submit"));
		expect((await within(sheet).findByTestId("platform-reject-error")).textContent).toBe("Fill in why it is rejected");
		expect(server.to(`${LIST}/reject`)).toEqual([]);

		fireEvent.input(within(sheet).getByTestId("platform-reject-input"), {
			target: { value: " Holder name does not match " },
		});
		expect(within(sheet).queryByTestId("platform-reject-error")).toBeNull();
		// Taps within the debounce of the previous one are ignored (spec §9): this one comes later.
		await new Promise((resolve) => setTimeout(resolve, Limits.debounceMs + 50));
		fireEvent.click(within(sheet).getByTestId("platform-reject-submit"));
		await waitFor(() => expect(screen.queryByTestId("platform-reject-sheet")).toBeNull());
		expect(server.to(`${LIST}/reject`, "POST").map((call) => call.body)).toEqual([
			{ id: 12, version: 0, reason: "Holder name does not match" },
		]);
		expect(currentToast()?.text).toBe("Withdrawal #12 rejected; the money went back to the shop");
	});

	it("marks paid only with the bank's reference, after a confirmation that repeats it", async () => {
		const server = platformServer(operator, {
			[`GET ${LIST}`]: page([awaiting]),
			[DETAIL]: { code: 0, data: awaiting },
			[`POST ${LIST}/paid`]: { code: 0, data: { ...awaiting, status: 3, version: 2, bankReference: "FT2611250001" } },
		});
		openReview(withQuery(Paths.platformWithdrawals, { status: 1 }));
		const detail = await openWithdrawal(13);
		expect(within(detail).queryByTestId("platform-approve")).toBeNull();
		expect(within(detail).getByTestId("platform-detail-timeline").textContent).toContain("Platform Vanna");
		fireEvent.click(within(detail).getByTestId("platform-mark-paid"));
		const sheet = await screen.findByTestId("platform-paid-sheet");
		expect(within(sheet).getByTestId("platform-paid-notice").textContent).toBe(
			"First transfer $50.00 to ACLEDA ••••\u00a09876 (CHAN THEA), then fill in that transfer's bank reference.",
		);
		fireEvent.click(within(sheet).getByTestId("platform-paid-submit"));
		expect((await within(sheet).findByTestId("platform-paid-error")).textContent).toBe(
			"Fill in the bank's transfer reference",
		);
		expect(screen.queryByTestId("platform-paid-confirm")).toBeNull();

		fireEvent.input(within(sheet).getByTestId("platform-paid-input"), { target: { value: "FT2611250001" } });
		fireEvent.click(within(sheet).getByTestId("platform-paid-submit"));
		const dialog = await screen.findByTestId("platform-paid-confirm");
		// The transfer day is the shop's today unless the operator picks another.
		const today = localDateOf(new Date(), "Asia/Phnom_Penh");
		const [year, month, day] = today.split("-").map(Number) as [number, number, number];
		const shown = new Intl.DateTimeFormat("en", { month: "short", day: "numeric", year: "numeric" }).format(
			new Date(year, month - 1, day),
		);
		expect(dialog.textContent).toContain(
			`Transferred $50.00 to ACLEDA ••••\u00a09876 (CHAN THEA) on ${shown} with reference FT2611250001? This cannot be undone.`,
		);
		expect(server.to(`${LIST}/paid`)).toEqual([]);
		fireEvent.click(within(dialog).getByTestId("confirm-ok"));
		await waitFor(() => expect(screen.queryByTestId("platform-paid-sheet")).toBeNull());
		expect(server.to(`${LIST}/paid`, "POST").map((call) => call.body)).toEqual([
			{ id: 13, version: 1, reference: "FT2611250001", transferDate: today },
		]);
		expect(currentToast()?.text).toBe("Withdrawal #13 marked as received");
	});

	it("says so and shows where it stands when another operator decided meanwhile (WithdrawalStateChanged)", async () => {
		let current = unaudited;
		const server = platformServer(operator, {
			[`GET ${LIST}`]: (call) => page(call.query.get("status") === "0" && current.status === 0 ? [current] : []),
			[DETAIL]: () => ({ code: 0, data: current }),
			[`POST ${LIST}/approve`]: () => {
				// The other operator's rejection got there first.
				current = { ...unaudited, status: 2, version: 1, rejectReason: "Duplicate request" };
				return {
					code: ErrorCode.WithdrawalStateChanged,
					msg: "This withdrawal has changed meanwhile: refresh to see where it stands",
				};
			},
		});
		openReview();
		const panel = await openWithdrawal(12);
		const detailsBefore = server.to(DETAIL).length;
		fireEvent.click(within(panel).getByTestId("platform-approve"));
		fireEvent.click(within(await screen.findByTestId("platform-approve-confirm")).getByTestId("confirm-ok"));
		await waitFor(() =>
			expect(currentToast()?.text).toBe(
				"Someone else has just decided on this withdrawal: it now shows where it stands.",
			),
		);
		expect(server.to(`${LIST}/approve`, "POST").map((call) => call.body)).toEqual([{ id: 12, version: 0 }]);
		// Read again: the detail shows the rejection and offers nothing; the unaudited tab is empty.
		const after = panel;
		await waitFor(() =>
			expect(within(after).getByTestId("platform-detail-status").textContent).toBe("Review rejected"),
		);
		expect(server.to(DETAIL).length).toBeGreaterThan(detailsBefore);
		expect(within(after).getByTestId("platform-detail-reason").textContent).toBe("Duplicate request");
		expect(within(after).getByTestId("platform-detail-done")).toBeTruthy();
		expect(within(after).queryByTestId("platform-approve")).toBeNull();
		await waitFor(() => expect(screen.queryByTestId("platform-withdrawal-12")).toBeNull());
	});

	it("follows every shop's withdrawals live: a wallet.changed about a withdrawal, and each (re)connection, read the list again", async () => {
		let list = [unaudited];
		const server = platformServer(operator, { [`GET ${LIST}`]: () => page(list) });
		openReview();
		await screen.findByTestId("platform-withdrawal-12");
		await waitFor(() => expect(sockets.length).toBeGreaterThan(0));
		const socket = sockets.at(-1) as FakeWebSocket;

		const asked = server.to(LIST).length;
		socket.receive({ type: "ready", data: {} });
		await waitFor(() => expect(server.to(LIST).length).toBe(asked + 1));

		list = [withdrawal({ id: 14, shopId: 3, shopName: "Bayon Market" }), unaudited];
		socket.receive({
			type: "wallet.changed",
			data: { shopId: 3, reason: "withdrawalRequested", withdrawalId: 14, withdrawalStatus: 0 },
		});
		expect((await screen.findByTestId("platform-withdrawal-14")).textContent).toContain("Bayon Market");

		// An earning settling moves no withdrawal: the list is not read for it.
		const before = server.to(LIST).length;
		socket.receive({
			type: "wallet.changed",
			data: { shopId: 3, reason: "settled", withdrawalId: null, withdrawalStatus: null },
		});
		await new Promise((resolve) => setTimeout(resolve, 50));
		expect(server.to(LIST).length).toBe(before);
	});

	it("shows the list and the open withdrawal side by side on a desk", async () => {
		platformServer(operator, { [`GET ${LIST}`]: page([unaudited]), [DETAIL]: { code: 0, data: unaudited } });
		openReview();
		const panel = await screen.findByTestId("platform-detail-panel");
		expect(panel.textContent).toBe("Select a withdrawal to see it and decide");
		await openWithdrawal(12);
		expect(within(screen.getByTestId("platform-withdrawal-12")).getByRole("button").getAttribute("aria-current")).toBe(
			"true",
		);
		expect(screen.queryByTestId("platform-detail-sheet")).toBeNull();
		fireEvent.click(within(panel).getByTestId("platform-detail-close"));
		expect(panel.textContent).toBe("Select a withdrawal to see it and decide");
	});

	it("opens a withdrawal in a sheet on a phone, where it is decided on as on a desk", async () => {
		atPhoneWidth();
		const server = platformServer(operator, {
			[`GET ${LIST}`]: page([unaudited]),
			[DETAIL]: { code: 0, data: unaudited },
			[`POST ${LIST}/approve`]: { code: 0, data: { ...unaudited, status: 1, version: 1 } },
		});
		openReview();
		const card = await screen.findByTestId("platform-withdrawal-12");
		expect(card.textContent).toContain("Arrives by Dec 8, 2026");
		expect(screen.getByTestId("platform-withdrawal-12-account").textContent).toBe("ABA Bank •••• 1234SOK DARA");
		fireEvent.click(card);
		expect(screen.queryByTestId("platform-detail-panel")).toBeNull();
		const sheet = await screen.findByTestId("platform-detail-sheet");
		expect(sheet.textContent).toContain("Withdrawal #12");
		expect(within(sheet).getByTestId("platform-detail-amount").textContent).toBe("$125.50");
		fireEvent.click(within(sheet).getByTestId("platform-approve"));
		fireEvent.click(within(await screen.findByTestId("platform-approve-confirm")).getByTestId("confirm-ok"));
		await waitFor(() => expect(currentToast()?.text).toBe("Withdrawal #12 approved"));
		expect(server.to(`${LIST}/approve`, "POST").map((call) => call.body)).toEqual([{ id: 12, version: 0 }]);
		const after = await screen.findByTestId("platform-detail-sheet");
		await waitFor(() =>
			expect(within(after).getByTestId("platform-detail-status").textContent).toBe("Awaiting arrival"),
		);
		fireEvent.click(within(after).getByTestId("sheet-close"));
		await waitFor(() => expect(screen.queryByTestId("platform-detail-sheet")).toBeNull());
	});
});

describe("paying out (issue 28)", () => {
	it("shows the full account only after the operator's code, says it is logged, and lists the viewing", async () => {
		let current = awaiting;
		const server = platformServer(operator, {
			[`GET ${LIST}`]: listBy({ "1": () => [current] }),
			[DETAIL]: () => ({ code: 0, data: current }),
			[`POST ${LIST}/send-code`]: { code: 0, data: { resendAfterSeconds: 60, mobileMasked: "138****0009" } },
			[`POST ${LIST}/reveal`]: () => {
				current = {
					...awaiting,
					reveals: [{ via: "reveal", actorName: "Vanna", at: "2026-11-25T03:00:00.000Z" }],
				};
				return {
					code: 0,
					data: { withdrawalId: 13, holder: "CHAN THEA", bank: "ACLEDA", accountNumber: "6222020200119876" },
				};
			},
		});
		openReview(withQuery(Paths.platformWithdrawals, { status: 1 }));
		const detail = await openWithdrawal(13);
		expect(within(detail).getByTestId("platform-detail-reveals-none").textContent).toBe(
			"Nobody has viewed the full account yet",
		);
		expect(detail.textContent).not.toContain("6222");
		fireEvent.click(within(detail).getByTestId("platform-reveal"));
		const sheet = await screen.findByTestId("platform-reveal-sheet");
		expect(within(sheet).getByTestId("platform-reveal-notice").textContent).toContain("every viewing is logged");

		// Without a code nothing is asked of the server.
		fireEvent.click(within(sheet).getByTestId("platform-reveal-submit"));
		await within(sheet).findByTestId("platform-reveal-code-error");
		expect(server.to(`${LIST}/reveal`)).toEqual([]);

		fireEvent.click(within(sheet).getByTestId("platform-reveal-code-send"));
		await within(sheet).findByText("Code sent to 138****0009");
		expect(server.to(`${LIST}/send-code`, "POST")).toHaveLength(1);
		fireEvent.input(within(sheet).getByTestId("platform-reveal-code"), { target: { value: "123456" } });
		await new Promise((resolve) => setTimeout(resolve, 600));
		fireEvent.click(within(sheet).getByTestId("platform-reveal-submit"));
		expect((await within(sheet).findByTestId("platform-revealed-number")).textContent).toBe("6222 0202 0011 9876");
		expect(server.to(`${LIST}/reveal`, "POST").map((call) => call.body)).toEqual([{ id: 13, code: "123456" }]);
		// The detail is read again and lists the viewing with the operator's name.
		await waitFor(() =>
			expect(within(detail).getByTestId("platform-detail-reveals").textContent).toContain("Single view"),
		);
		fireEvent.click(within(sheet).getByTestId("platform-reveal-done"));
		await waitFor(() => expect(screen.queryByTestId("platform-reveal-sheet")).toBeNull());
		expect(document.body.textContent).not.toContain("6222 0202");
	});

	it("returns an approved withdrawal with the reason the owner reads", async () => {
		let current = awaiting;
		const server = platformServer(operator, {
			[`GET ${LIST}`]: listBy({ "1": () => (current.status === 1 ? [current] : []) }),
			[DETAIL]: () => ({ code: 0, data: current }),
			[`POST ${LIST}/return`]: () => {
				current = {
					...awaiting,
					status: 2,
					version: 2,
					returned: true,
					rejectReason: "Account closed",
					events: [
						...awaiting.events,
						{ from: 1, to: 2, actor: "operator", actorName: "Vanna", note: "Account closed", at: awaiting.createdAt },
					],
				};
				return { code: 0, data: current };
			},
		});
		openReview(withQuery(Paths.platformWithdrawals, { status: 1 }));
		const detail = await openWithdrawal(13);
		fireEvent.click(within(detail).getByTestId("platform-return"));
		const sheet = await screen.findByTestId("platform-return-sheet");
		expect(within(sheet).getByTestId("platform-return-notice").textContent).toBe(
			"For a transfer the bank sent back or one that cannot be paid. $50.00 goes back to Bayon Airport's available amount.",
		);
		fireEvent.click(within(sheet).getByTestId("platform-return-submit"));
		expect((await within(sheet).findByTestId("platform-return-error")).textContent).toBe("Fill in why it is returned");
		fireEvent.input(within(sheet).getByTestId("platform-return-input"), { target: { value: "Account closed" } });
		await new Promise((resolve) => setTimeout(resolve, 600));
		fireEvent.click(within(sheet).getByTestId("platform-return-submit"));
		await waitFor(() => expect(screen.queryByTestId("platform-return-sheet")).toBeNull());
		expect(server.to(`${LIST}/return`, "POST").map((call) => call.body)).toEqual([
			{ id: 13, version: 1, reason: "Account closed" },
		]);
		expect(currentToast()?.text).toBe("Withdrawal #13 returned; the money is back with the shop");
		await waitFor(() => expect(within(detail).getByTestId("platform-detail-status").textContent).toBe("Returned"));
		expect(within(detail).getByTestId("platform-detail-timeline").textContent).toContain("Returned to the shop");
	});

	it("downloads the bank's bulk-transfer file of the shop it is filtered to, after the operator's code", async () => {
		const saved: { name: string; blob: Blob }[] = [];
		const blobs = new Map<string, Blob>();
		vi.spyOn(URL, "createObjectURL").mockImplementation((blob) => {
			const url = `blob:payouts-${blobs.size}`;
			blobs.set(url, blob as Blob);
			return url;
		});
		vi.spyOn(URL, "revokeObjectURL").mockImplementation(() => undefined);
		vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (this: HTMLAnchorElement) {
			const blob = blobs.get(this.getAttribute("href") ?? "");
			if (blob) saved.push({ name: this.download, blob });
		});
		const csv =
			"Beneficiary name,Account number,Bank,Amount,Reference\r\nCHAN THEA,6222020200119876,ACLEDA,50.00,BAYON-W13\r\n";
		platformServer(operator, {
			[`GET ${LIST}`]: listBy({ "1": () => [awaiting] }),
			[DETAIL]: { code: 0, data: awaiting },
			[`POST ${LIST}/send-code`]: { code: 0, data: { resendAfterSeconds: 60, mobileMasked: "138****0009" } },
		});
		// The file is not an envelope: its calls are answered here, the rest by the platform's fake server.
		const envelopes = globalThis.fetch;
		const exports: unknown[] = [];
		vi.stubGlobal("fetch", async (input: RequestInfo | URL, init?: RequestInit) => {
			if (!String(input).endsWith(`${LIST}/export`)) return envelopes(input, init);
			exports.push(JSON.parse(String(init?.body)));
			if (exports.length === 1)
				return new Response(JSON.stringify({ code: ErrorCode.SmsCodeWrong, msg: "Wrong code", data: null }), {
					headers: { "Content-Type": "application/json" },
				});
			return new Response(csv, { headers: { "Content-Type": "text/csv; charset=utf-8" } });
		});
		openReview(withQuery(Paths.platformWithdrawals, { status: 1, shopId: 2 }));
		await screen.findByTestId("platform-withdrawal-13");
		fireEvent.click(screen.getByTestId("platform-export"));
		const sheet = await screen.findByTestId("platform-export-sheet");
		expect(within(sheet).getByTestId("platform-export-notice").textContent).toContain("the oldest 500");
		fireEvent.click(within(sheet).getByTestId("platform-export-code-send"));
		await within(sheet).findByText("Code sent to 138****0009");
		fireEvent.input(within(sheet).getByTestId("platform-export-code"), { target: { value: "654321" } });
		fireEvent.click(within(sheet).getByTestId("platform-export-submit"));
		// A refused code: said under the field, nothing saved, the sheet stays.
		expect((await within(sheet).findByTestId("platform-export-code-error")).textContent).toBe("Wrong code");
		expect(saved).toEqual([]);
		await new Promise((resolve) => setTimeout(resolve, 600));
		fireEvent.click(within(sheet).getByTestId("platform-export-submit"));
		await waitFor(() => expect(saved).toHaveLength(1));
		expect(saved[0]?.name).toMatch(/^payouts-\d{8}-\d{4}\.csv$/);
		expect(await saved[0]?.blob.text()).toBe(csv);
		expect(exports).toEqual([
			{ code: "654321", shopId: 2 },
			{ code: "654321", shopId: 2 },
		]);
		await waitFor(() => expect(currentToast()?.text).toBe("Downloaded 1 withdrawals to pay"));
		await waitFor(() => expect(screen.queryByTestId("platform-export-sheet")).toBeNull());
	});

	it("says it was paid meanwhile, with the server's words, when another operator got there first", async () => {
		let current = awaiting;
		platformServer(operator, {
			[`GET ${LIST}`]: listBy({ "1": () => (current.status === 1 ? [current] : []) }),
			[DETAIL]: () => ({ code: 0, data: current }),
			[`POST ${LIST}/paid`]: () => {
				current = { ...awaiting, status: 3, version: 2, bankReference: "FT-OTHER", transferDate: "2026-11-25" };
				return {
					code: ErrorCode.WithdrawalAlreadyPaid,
					msg: "This withdrawal was already marked paid on 2026-11-25 (bank reference FT-OTHER): nothing more to do",
				};
			},
		});
		openReview(withQuery(Paths.platformWithdrawals, { status: 1 }));
		const detail = await openWithdrawal(13);
		fireEvent.click(within(detail).getByTestId("platform-mark-paid"));
		const sheet = await screen.findByTestId("platform-paid-sheet");
		fireEvent.input(within(sheet).getByTestId("platform-paid-input"), { target: { value: "FT-MINE" } });
		fireEvent.click(within(sheet).getByTestId("platform-paid-submit"));
		fireEvent.click(within(await screen.findByTestId("platform-paid-confirm")).getByTestId("confirm-ok"));
		await waitFor(() => expect(screen.queryByTestId("platform-paid-sheet")).toBeNull());
		expect(currentToast()?.text).toContain("already marked paid on 2026-11-25 (bank reference FT-OTHER)");
		await waitFor(() => expect(within(detail).getByTestId("platform-detail-reference").textContent).toBe("FT-OTHER"));
	});
});
