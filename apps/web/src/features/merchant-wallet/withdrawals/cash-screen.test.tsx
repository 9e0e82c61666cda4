import { ErrorCode } from "@bayon/contract";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { applyLanguage } from "../../../lib/i18n";
import { liveClient } from "../../../lib/live-updates";
import { Paths } from "../../../lib/paths";
import { currentToast } from "../../../lib/toast";
import { renderScreen } from "../../../test/render";
import { type Envelope, type StaffAnswer, startAsStaff } from "../../stored-value/staff-testing";
import { bankCard, moneyServer, walletSummary, withdrawal } from "../money-testing";
import CashScreen from "./cash-screen";

const aba = bankCard();
const acleda = bankCard({ id: 12, bank: "ACLEDA", holder: "Bayon Riverside Co.", last4: "0099" });

beforeEach(async () => {
	await startAsStaff("owner");
});

afterEach(() => {
	liveClient.stop();
	vi.unstubAllGlobals();
});

/** Past the submit button's debounce (spec §9: 500 ms), so the next tap counts. */
const afterDebounce = () => new Promise((resolve) => setTimeout(resolve, 520));

async function openCash(answers: Record<string, StaffAnswer> = {}, lang = "en") {
	const member = await startAsStaff("owner");
	await applyLanguage(lang);
	const server = moneyServer(member, {
		"/merchant/wallet": { code: 0, data: walletSummary() },
		"/merchant/cards": { code: 0, data: [aba, acleda] },
		...answers,
	});
	const view = renderScreen(<CashScreen />, {
		path: Paths.merchantCash,
		otherPaths: [Paths.merchantWithdrawal, Paths.merchantAddCard],
	});
	await screen.findByTestId("cash-form");
	return { server, router: view.router };
}

function chooseCard(id: number) {
	fireEvent.click(screen.getByTestId("cash-card"));
	fireEvent.click(screen.getByTestId(`cash-card-option-${id}`));
}

function fill({ amount = "12.3", card = 11, code = "123456" }: { amount?: string; card?: number; code?: string }) {
	fireEvent.input(screen.getByTestId("cash-amount"), { target: { value: amount } });
	chooseCard(card);
	fireEvent.input(screen.getByTestId("cash-code"), { target: { value: code } });
}

const creates = (server: Awaited<ReturnType<typeof openCash>>["server"]) =>
	server.to("/merchant/withdrawals/create", "POST");

describe("merchant/cash", () => {
	it("shows the withdrawable amount big, the other amounts, and the rules: 10 working days, the minimum", async () => {
		const { server } = await openCash({
			"/merchant/wallet": { code: 0, data: walletSummary({ withdrawing: 5_000, owed: 0 }) },
		});
		expect(server.to("/merchant/wallet")[0]?.query.get("shopId")).toBe("1");
		expect(screen.getByTestId("cash-withdrawable").textContent).toBe("$523.40");
		expect(screen.getByTestId("cash-pending").textContent).toContain("$18.00 pending");
		expect(screen.getByTestId("cash-withdrawing").textContent).toBe("$50.00 being withdrawn");
		expect(screen.getByTestId("cash-arrives").textContent).toBe("Arrives within 10 working days of the request");
		expect(screen.getByTestId("cash-minimum").textContent).toBe("Minimum per withdrawal: $10.00");
		expect(screen.queryByTestId("cash-amount-hint")).toBeNull();
	});

	it("shows nothing red before the owner types, and checks the amount when they leave it (issue 27)", async () => {
		await openCash({}, "zh-CN");
		expect(screen.queryByTestId("cash-amount-error")).toBeNull();
		expect(document.querySelector(".field__error")).toBeNull();
		// Entering and leaving the empty field is no mistake either.
		fireEvent.blur(screen.getByTestId("cash-amount"));
		expect(screen.queryByTestId("cash-amount-error")).toBeNull();
		fireEvent.input(screen.getByTestId("cash-amount"), { target: { value: "600" } });
		expect(screen.queryByTestId("cash-amount-error")).toBeNull();
		fireEvent.blur(screen.getByTestId("cash-amount"));
		expect((await screen.findByTestId("cash-amount-error")).textContent).toBe("提现金额不能超过可提现金额$523.40");
		// The card and the code were not touched: they wait for the submit.
		expect(screen.queryByTestId("cash-card-error")).toBeNull();
		expect(screen.queryByTestId("cash-code-error")).toBeNull();
	});

	it("says what is missing in the spec's words, and sends nothing", async () => {
		const { server } = await openCash({}, "zh-CN");
		fireEvent.click(screen.getByTestId("cash-submit"));
		expect((await screen.findByTestId("cash-amount-error")).textContent).toBe("请输入提现金额");
		expect(screen.getByTestId("cash-card-error").textContent).toBe("请选择提现账户");
		expect(screen.getByTestId("cash-code-error").textContent).toBe("请输入6位数字验证码");
		expect(document.activeElement).toBe(screen.getByTestId("cash-amount"));

		fireEvent.input(screen.getByTestId("cash-amount"), { target: { value: "600" } });
		await afterDebounce();
		fireEvent.click(screen.getByTestId("cash-submit"));
		expect((await screen.findByTestId("cash-amount-error")).textContent).toBe("提现金额不能超过可提现金额$523.40");
		fireEvent.input(screen.getByTestId("cash-amount"), { target: { value: "9.99" } });
		await afterDebounce();
		fireEvent.click(screen.getByTestId("cash-submit"));
		expect((await screen.findByTestId("cash-amount-error")).textContent).toBe("单次提现不能少于$10.00");
		expect(creates(server)).toEqual([]);
	});

	it("with nothing withdrawable says so and cannot be sent", async () => {
		const { server } = await openCash(
			{ "/merchant/wallet": { code: 0, data: walletSummary({ available: 0, withdrawable: 0 }) } },
			"zh-CN",
		);
		// Said plainly under the amount, not as an error of the owner's (issue 27).
		expect(screen.queryByTestId("cash-amount-error")).toBeNull();
		expect(screen.getByTestId("cash-amount-hint").textContent).toBe("暂无可提现金额");
		expect((screen.getByTestId("cash-submit") as HTMLButtonElement).disabled).toBe(true);
		expect(screen.queryByTestId("cash-all")).toBeNull();
		expect(creates(server)).toEqual([]);
	});

	it("sends the amount in minor units exactly, withdraw all included, and opens the withdrawal", async () => {
		const { server, router } = await openCash({
			"POST /merchant/withdrawals/create": { code: 0, data: withdrawal({ id: 71, amount: 1_230 }) },
		});
		fill({ amount: "12.3", card: 12 });
		expect(screen.getByTestId("cash-amount-hint").textContent).toBe("You will withdraw $12.30");
		fireEvent.click(screen.getByTestId("cash-submit"));
		await screen.findByTestId(`at:${Paths.merchantWithdrawal}`);
		expect(router.state.location.search).toBe("?id=71");
		expect(currentToast()?.text).toBe("Withdrawal requested: the platform will review it");
		const [sent] = creates(server);
		expect(sent?.body).toEqual({ shopId: 1, amount: 1_230, cardId: 12, code: "123456" });
		expect(sent?.headers["idempotency-key"]).toMatch(/^[\w-]{16,}$/);
	});

	it.each([
		// 19.99 × 100 and 16.08 × 100 are 1998.999… and 1607.999… in floating point.
		["19.99", 1_999],
		["16.08", 1_608],
		["523.4", 52_340],
		["100", 10_000],
	])("reads %s as %i cents, not through a float", async (typed, cents) => {
		const { server } = await openCash({ "POST /merchant/withdrawals/create": { code: 0, data: withdrawal() } });
		fill({ amount: typed });
		fireEvent.click(screen.getByTestId("cash-submit"));
		await waitFor(() => expect(creates(server)).toHaveLength(1));
		expect(creates(server)[0]?.body).toMatchObject({ amount: cents });
	});

	it("withdraw all fills the exact withdrawable amount", async () => {
		const { server } = await openCash({
			"/merchant/wallet": { code: 0, data: walletSummary({ available: 100_007, withdrawable: 100_007 }) },
			"POST /merchant/withdrawals/create": { code: 0, data: withdrawal() },
		});
		fireEvent.click(screen.getByTestId("cash-all"));
		expect((screen.getByTestId("cash-amount") as HTMLInputElement).value).toBe("1000.07");
		chooseCard(11);
		fireEvent.input(screen.getByTestId("cash-code"), { target: { value: "123456" } });
		fireEvent.click(screen.getByTestId("cash-submit"));
		await waitFor(() => expect(creates(server)).toHaveLength(1));
		expect(creates(server)[0]?.body).toMatchObject({ amount: 100_007 });
	});

	it("retries a request that got no answer with the same key, and a changed one with a new key", async () => {
		const answers: Envelope[] = [
			{ code: 0, status: 502 },
			{ code: 0, status: 502 },
			{ code: ErrorCode.SmsCodeWrong, msg: "Wrong verification code" },
			{ code: 0, data: withdrawal() },
		];
		const { server } = await openCash({
			"POST /merchant/withdrawals/create": () => answers.shift() ?? { code: 0, data: withdrawal() },
		});
		fill({});
		fireEvent.click(screen.getByTestId("cash-submit"));
		expect((await screen.findByTestId("cash-unknown")).textContent).toContain("never made twice");
		await afterDebounce();
		fireEvent.click(screen.getByTestId("cash-submit"));
		await waitFor(() => expect(creates(server)).toHaveLength(2));
		await afterDebounce();
		fireEvent.click(screen.getByTestId("cash-submit"));
		// The server answered the third: a wrong code, under the code.
		expect((await screen.findByTestId("cash-code-error")).textContent).toBe("Wrong verification code");
		const [first, retry, third] = creates(server);
		expect(retry?.headers["idempotency-key"]).toBe(first?.headers["idempotency-key"]);
		expect(third?.headers["idempotency-key"]).toBe(first?.headers["idempotency-key"]);
		expect(screen.queryByTestId("cash-unknown")).toBeNull();

		// Answered: the corrected request is a new intent with its own key.
		fireEvent.input(screen.getByTestId("cash-code"), { target: { value: "654321" } });
		await afterDebounce();
		fireEvent.click(screen.getByTestId("cash-submit"));
		await screen.findByTestId(`at:${Paths.merchantWithdrawal}`);
		const fourth = creates(server)[3];
		expect(fourth?.body).toMatchObject({ code: "654321" });
		expect(fourth?.headers["idempotency-key"]).not.toBe(first?.headers["idempotency-key"]);
	});

	it("puts the server's refusal of the amount under it and reads the wallet again", async () => {
		let wallet = walletSummary();
		const { server } = await openCash({
			"/merchant/wallet": () => ({ code: 0, data: wallet }),
			"POST /merchant/withdrawals/create": () => {
				wallet = walletSummary({ available: 1_000, withdrawable: 1_000 });
				return { code: ErrorCode.WithdrawalExceedsAvailable, msg: "You can withdraw at most $10.00" };
			},
		});
		fill({ amount: "500" });
		fireEvent.click(screen.getByTestId("cash-submit"));
		expect((await screen.findByTestId("cash-amount-error")).textContent).toBe("You can withdraw at most $10.00");
		await waitFor(() => expect(screen.getByTestId("cash-withdrawable").textContent).toBe("$10.00"));
		expect(creates(server)).toHaveLength(1);
	});

	it("takes the only account without asking, and offers to add one when there is none", async () => {
		const { server } = await openCash({
			"/merchant/cards": { code: 0, data: [aba] },
			"POST /merchant/withdrawals/create": { code: 0, data: withdrawal() },
		});
		expect(screen.getByTestId("cash-card").getAttribute("aria-label")).toBe(
			"Withdrawal account: ABA Bank •••• 4321 · Sok Dara",
		);
		fireEvent.input(screen.getByTestId("cash-amount"), { target: { value: "20" } });
		fireEvent.input(screen.getByTestId("cash-code"), { target: { value: "123456" } });
		fireEvent.click(screen.getByTestId("cash-submit"));
		await waitFor(() => expect(creates(server)).toHaveLength(1));
		expect(creates(server)[0]?.body).toMatchObject({ cardId: 11, amount: 2_000 });
	});

	it("with no account links to adding one", async () => {
		await openCash({ "/merchant/cards": { code: 0, data: [] } });
		const none = screen.getByTestId("cash-no-cards");
		expect(none.textContent).toContain("No withdrawal account yet: add a bank card first.");
		fireEvent.click(within(none).getByTestId("cash-add-card"));
		await screen.findByTestId(`at:${Paths.merchantAddCard}`);
	});

	it("takes a card added meanwhile as the account once the list is read again", async () => {
		let cards = [] as (typeof aba)[];
		const { server } = await openCash({ "/merchant/cards": () => ({ code: 0, data: cards }) });
		expect(screen.getByTestId("cash-no-cards")).toBeTruthy();
		await waitFor(() => expect(server.sockets.length).toBeGreaterThan(0));
		cards = [aba];
		server.sockets.at(-1)?.receive({ type: "ready", data: {} });
		await waitFor(() =>
			expect(screen.getByTestId("cash-card").getAttribute("aria-label")).toBe(
				"Withdrawal account: ABA Bank •••• 4321 · Sok Dara",
			),
		);
	});

	it("sends the step-up code from the page", async () => {
		const { server } = await openCash({
			"POST /merchant/money/send-code": { code: 0, data: { resendAfterSeconds: 60, mobileMasked: "138****8000" } },
		});
		fireEvent.click(screen.getByTestId("cash-code-send"));
		await waitFor(() => expect(screen.getByTestId("cash-code-hint").textContent).toBe("Code sent to 138****8000"));
		expect(server.to("/merchant/money/send-code", "POST").map((call) => call.body)).toEqual([{ shopId: 1 }]);
	});
});
