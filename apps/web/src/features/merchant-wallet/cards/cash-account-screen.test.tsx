import { BANK_CARDS_MAX, type BankCardView, ErrorCode } from "@bayon/contract";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { liveClient } from "../../../lib/live-updates";
import { Paths } from "../../../lib/paths";
import { currentToast } from "../../../lib/toast";
import { renderScreen } from "../../../test/render";
import { startAsStaff } from "../../stored-value/staff-testing";
import { bankCard, moneyServer } from "../money-testing";
import CashAccountScreen from "./cash-account-screen";

beforeEach(async () => {
	await startAsStaff("owner");
});

afterEach(() => {
	liveClient.stop();
	vi.unstubAllGlobals();
});

function openPage() {
	renderScreen(<CashAccountScreen />, {
		path: Paths.merchantCashAccount,
		otherPaths: [Paths.merchantAddCard, Paths.merchantCash],
	});
}

const aba = bankCard();
const acleda = bankCard({ id: 12, bank: "ACLEDA", holder: "Bayon Riverside Co.", last4: "0099", inUse: true });

describe("merchant/cashAccount", () => {
	it("shows each account as a card: bank, holder, only the last four digits, and which one is in use", async () => {
		const server = moneyServer(await startAsStaff("owner"), { "/merchant/cards": { code: 0, data: [aba, acleda] } });
		openPage();
		await screen.findByTestId("cards-list");
		expect(server.to("/merchant/cards")[0]?.query.get("shopId")).toBe("1");
		expect(screen.getByTestId("card-11-bank").textContent).toBe("ABA Bank");
		expect(screen.getByTestId("card-11-holder").textContent).toBe("Sok Dara");
		expect(screen.getByTestId("card-11-number").textContent).toContain("•••• 4321");
		expect(screen.queryByTestId("card-11-in-use")).toBeNull();
		expect(screen.getByTestId("card-12-in-use").textContent).toBe("Withdrawal in progress");
		expect(screen.getByTestId("cards-count").textContent).toBe(`2/${BANK_CARDS_MAX}`);
		expect(screen.getByTestId("cards-add").getAttribute("href")).toBe(Paths.merchantAddCard);
		expect(screen.queryByTestId("cards-full")).toBeNull();
	});

	it("hides adding at the limit and says how to make room", async () => {
		const five = Array.from({ length: BANK_CARDS_MAX }, (_, i) => bankCard({ id: 20 + i, last4: `000${i}` }));
		moneyServer(await startAsStaff("owner"), { "/merchant/cards": { code: 0, data: five } });
		openPage();
		await screen.findByTestId("cards-list");
		expect(screen.queryByTestId("cards-add")).toBeNull();
		expect(screen.getByTestId("cards-full").textContent).toBe(
			"At most 5 withdrawal accounts. To use another card, unbind one you no longer need first.",
		);
	});

	it("unbinds only after the confirmation, then reads the list again", async () => {
		let cards: BankCardView[] = [aba, acleda];
		const server = moneyServer(await startAsStaff("owner"), {
			"/merchant/cards": () => ({ code: 0, data: cards }),
			"POST /merchant/cards/remove": () => {
				cards = [acleda];
				return { code: 0, data: null };
			},
		});
		openPage();
		fireEvent.click(await screen.findByTestId("card-11-unbind"));
		const dialog = await screen.findByTestId("card-unbind-confirm");
		expect(dialog.textContent).toContain(
			"Unbind the ABA Bank card ending 4321? You will no longer be able to withdraw to it.",
		);
		fireEvent.click(within(dialog).getByTestId("confirm-cancel"));
		expect(screen.queryByTestId("card-unbind-confirm")).toBeNull();
		expect(server.to("/merchant/cards/remove")).toEqual([]);

		fireEvent.click(screen.getByTestId("card-11-unbind"));
		fireEvent.click(within(await screen.findByTestId("card-unbind-confirm")).getByTestId("confirm-ok"));
		await waitFor(() => expect(screen.queryByTestId("card-11")).toBeNull());
		expect(server.to("/merchant/cards/remove", "POST").map((call) => call.body)).toEqual([{ shopId: 1, cardId: 11 }]);
		expect(currentToast()?.text).toBe("ABA Bank card ending 4321 unbound");
		expect(screen.getByTestId("card-12")).toBeTruthy();
	});

	it("shows the server's refusal of a card in use, and the card stays", async () => {
		const refusal = "A withdrawal to this account is still in progress: unbind it once it has arrived or been rejected";
		let cards: BankCardView[] = [{ ...acleda, inUse: false }];
		const server = moneyServer(await startAsStaff("owner"), {
			"/merchant/cards": () => ({ code: 0, data: cards }),
			"POST /merchant/cards/remove": () => {
				// Asked for meanwhile in another tab: the page learns it from the refusal.
				cards = [acleda];
				return { code: ErrorCode.BankCardInUse, msg: refusal };
			},
		});
		openPage();
		fireEvent.click(await screen.findByTestId("card-12-unbind"));
		fireEvent.click(within(await screen.findByTestId("card-unbind-confirm")).getByTestId("confirm-ok"));
		await waitFor(() => expect(currentToast()?.text).toBe(refusal));
		expect(server.to("/merchant/cards/remove")).toHaveLength(1);
		expect((await screen.findByTestId("card-12-in-use")).textContent).toBe("Withdrawal in progress");
		expect(screen.getByTestId("card-12")).toBeTruthy();
	});

	it("says when there is none yet, with the way to add one", async () => {
		moneyServer(await startAsStaff("owner"), { "/merchant/cards": { code: 0, data: [] } });
		openPage();
		expect((await screen.findByTestId("state-empty")).textContent).toContain("No withdrawal account yet");
		fireEvent.click(screen.getByTestId("cards-empty-add"));
		await screen.findByTestId(`at:${Paths.merchantAddCard}`);
	});

	it("lets a failed list be retried", async () => {
		let fail = true;
		moneyServer(await startAsStaff("owner"), {
			"/merchant/cards": () => (fail ? { code: 0, status: 502 } : { code: 0, data: [aba] }),
		});
		openPage();
		await screen.findByTestId("state-error");
		fail = false;
		fireEvent.click(screen.getByTestId("retry"));
		await screen.findByTestId("card-11");
	});

	it("follows a withdrawal's progress live: the card is in use, then free again", async () => {
		let cards: BankCardView[] = [aba];
		const server = moneyServer(await startAsStaff("owner"), { "/merchant/cards": () => ({ code: 0, data: cards }) });
		openPage();
		await screen.findByTestId("card-11");
		await waitFor(() => expect(server.sockets.length).toBeGreaterThan(0));
		server.sockets.at(-1)?.receive({ type: "ready", data: {} });
		await waitFor(() => expect(server.to("/merchant/cards").length).toBeGreaterThanOrEqual(2));

		cards = [{ ...aba, inUse: true }];
		server.sockets.at(-1)?.receive({
			type: "wallet.changed",
			data: { shopId: 1, withdrawalId: 71, withdrawalStatus: 0, reason: "withdrawalRequested" },
		});
		await screen.findByTestId("card-11-in-use");
	});
});
