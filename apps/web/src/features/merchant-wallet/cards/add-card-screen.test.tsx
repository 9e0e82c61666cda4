import { ErrorCode } from "@bayon/contract";
import { act, fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { applyLanguage } from "../../../lib/i18n";
import { liveClient } from "../../../lib/live-updates";
import { Paths } from "../../../lib/paths";
import { currentToast } from "../../../lib/toast";
import { renderScreen } from "../../../test/render";
import { type Envelope, startAsStaff } from "../../stored-value/staff-testing";
import { bankCard, moneyServer } from "../money-testing";
import AddCardScreen from "./add-card-screen";

const sent = { code: 0, data: { resendAfterSeconds: 60, mobileMasked: "138****8000" } };

beforeEach(async () => {
	await startAsStaff("owner");
});

afterEach(() => {
	liveClient.stop();
	vi.useRealTimers();
	vi.unstubAllGlobals();
});

async function openForm() {
	renderScreen(<AddCardScreen />, { path: Paths.merchantAddCard, otherPaths: [Paths.merchantCashAccount] });
	return screen.findByTestId("add-card-form");
}

function fill({ holder = "Sok Dara", bank = "ABA Bank", number = "6222021234567890123", code = "123456" } = {}) {
	fireEvent.input(screen.getByTestId("card-holder"), { target: { value: holder } });
	fireEvent.input(screen.getByTestId("card-bank"), { target: { value: bank } });
	fireEvent.input(screen.getByTestId("card-number"), { target: { value: number } });
	fireEvent.input(screen.getByTestId("card-code"), { target: { value: code } });
}

/** Past the submit button's debounce (spec §9: 500 ms), so the next tap counts. */
const afterDebounce = () => new Promise((resolve) => setTimeout(resolve, 520));

const cardNumber = () => (screen.getByTestId("card-number") as HTMLInputElement).value;

describe("merchant/addCard", () => {
	it("shows the number in groups of four as it is typed, digits only, at most 19, on the numeric keypad", async () => {
		moneyServer(await startAsStaff("owner"), {});
		await openForm();
		const input = screen.getByTestId("card-number") as HTMLInputElement;
		expect(input.inputMode).toBe("numeric");
		fireEvent.input(input, { target: { value: "62220212" } });
		expect(cardNumber()).toBe("6222 0212");
		fireEvent.input(input, { target: { value: "6222 0212 3" } });
		expect(cardNumber()).toBe("6222 0212 3");
		fireEvent.input(input, { target: { value: "6222-0212-3456-7890-1234-99x" } });
		expect(cardNumber()).toBe("6222 0212 3456 7890 123");
	});

	it("refuses a number of the wrong length with the spec's message, and sends nothing", async () => {
		const server = moneyServer(await startAsStaff("owner"), {});
		await applyLanguage("zh-CN");
		await openForm();
		fill({ number: "62220212345678901" });
		fireEvent.click(screen.getByTestId("add-card-submit"));
		expect((await screen.findByTestId("card-number-error")).textContent).toBe("请输入正确的卡号");
		expect(document.activeElement).toBe(screen.getByTestId("card-number"));

		fill({ holder: "", bank: "", number: "6222021234567890", code: "12" });
		await afterDebounce();
		fireEvent.click(screen.getByTestId("add-card-submit"));
		expect((await screen.findByTestId("card-holder-error")).textContent).toBe("请填写持卡人姓名");
		expect(screen.getByTestId("card-bank-error").textContent).toBe("请填写开户银行");
		expect(screen.queryByTestId("card-number-error")).toBeNull();
		expect(screen.getByTestId("card-code-error").textContent).toBe("请输入6位数字验证码");
		expect(server.to("/merchant/cards/add")).toEqual([]);
	});

	it("sends the code to the owner's phone and counts down until another may be sent", async () => {
		vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ["setTimeout", "setInterval", "Date"] });
		const server = moneyServer(await startAsStaff("owner"), { "POST /merchant/money/send-code": sent });
		await openForm();
		// Before sending: where it will go, from the signed-in member's own phone.
		expect(screen.getByTestId("card-code-hint").textContent).toBe("The code goes to the owner's phone 138****0002");
		const button = screen.getByTestId("card-code-send") as HTMLButtonElement;
		expect(button.textContent).toBe("Get code");
		fireEvent.click(button);
		await waitFor(() => expect(button.textContent).toBe("Resend in 60 s"));
		expect(server.to("/merchant/money/send-code", "POST").map((call) => call.body)).toEqual([{ shopId: 1 }]);
		expect(screen.getByTestId("card-code-hint").textContent).toBe("Code sent to 138****8000");
		expect(button.disabled).toBe(true);
		expect(document.activeElement).toBe(screen.getByTestId("card-code"));

		await act(() => vi.advanceTimersByTimeAsync(1_000));
		expect(button.textContent).toBe("Resend in 59 s");
		fireEvent.click(button);
		await act(() => vi.advanceTimersByTimeAsync(59_000));
		expect(button.textContent).toBe("Get code");
		expect(button.disabled).toBe(false);
		expect(server.to("/merchant/money/send-code")).toHaveLength(1);
	});

	it("waits as long as the server's rate limit says, and says why", async () => {
		moneyServer(await startAsStaff("owner"), {
			"POST /merchant/money/send-code": {
				code: ErrorCode.SmsSendTooFrequent,
				msg: "Codes are sent at most once a minute: try again in 42 seconds",
				data: { retryAfterSeconds: 42 },
			},
		});
		await openForm();
		fireEvent.click(screen.getByTestId("card-code-send"));
		expect((await screen.findByTestId("card-code-error")).textContent).toBe(
			"Codes are sent at most once a minute: try again in 42 seconds",
		);
		expect(screen.getByTestId("card-code-send").textContent).toBe("Resend in 42 s");
	});

	it("adds the card once on a double tap, then goes back to the accounts with a toast", async () => {
		let release: (answer: Envelope) => void = () => {};
		const held = new Promise<Envelope>((resolve) => {
			release = resolve;
		});
		const server = moneyServer(await startAsStaff("owner"), { "POST /merchant/cards/add": () => held });
		await openForm();
		fill({ holder: "  Sok Dara ", number: "6222 0212 3456 7890" });
		const submit = screen.getByTestId("add-card-submit") as HTMLButtonElement;
		act(() => {
			fireEvent.click(submit);
			fireEvent.click(submit);
		});
		await waitFor(() => expect(submit.textContent).toBe("Adding…"));
		expect(submit.disabled).toBe(true);
		await act(async () => release({ code: 0, data: bankCard({ last4: "7890" }) }));
		await screen.findByTestId(`at:${Paths.merchantCashAccount}`);
		expect(server.to("/merchant/cards/add", "POST").map((call) => call.body)).toEqual([
			{ shopId: 1, holder: "Sok Dara", bank: "ABA Bank", cardNumber: "6222021234567890", code: "123456" },
		]);
		expect(currentToast()?.text).toBe("Bank card added");
	});

	it("puts the server's refusal under the field it is about", async () => {
		const answers: Envelope[] = [
			{ code: ErrorCode.SmsCodeWrong, msg: "Wrong verification code" },
			{ code: ErrorCode.BankCardDuplicate, msg: "This card has already been added" },
			{ code: ErrorCode.BankCardLimit, msg: "At most 5 withdrawal accounts: unbind one you no longer use first" },
		];
		moneyServer(await startAsStaff("owner"), {
			"POST /merchant/cards/add": () => answers.shift() ?? { code: 0, data: bankCard() },
		});
		await openForm();
		fill({});
		fireEvent.click(screen.getByTestId("add-card-submit"));
		expect((await screen.findByTestId("card-code-error")).textContent).toBe("Wrong verification code");
		fireEvent.input(screen.getByTestId("card-code"), { target: { value: "654321" } });
		expect(screen.queryByTestId("card-code-error")).toBeNull();

		await afterDebounce();
		fireEvent.click(screen.getByTestId("add-card-submit"));
		expect((await screen.findByTestId("card-number-error")).textContent).toBe("This card has already been added");

		await afterDebounce();
		fireEvent.click(screen.getByTestId("add-card-submit"));
		expect((await screen.findByTestId("add-card-message")).textContent).toBe(
			"At most 5 withdrawal accounts: unbind one you no longer use first",
		);
	});

	it("is the owner's: a manager reads why instead", async () => {
		const server = moneyServer(await startAsStaff("manager"), {});
		renderScreen(<AddCardScreen />, { path: Paths.merchantAddCard });
		expect((await screen.findByTestId("money-not-allowed")).textContent).toBe(
			"Only the shop owner can manage withdrawal accounts and withdrawals.",
		);
		expect(server.calls.filter((call) => call.path.startsWith("/merchant/"))).toEqual([]);
	});
});
