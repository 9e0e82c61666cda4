import { ErrorCode } from "@bayon/contract";
import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { beforeEach, describe, expect, it } from "vitest";
import { Paths } from "../../../lib/paths";
import { currentToast } from "../../../lib/toast";
import { renderScreen } from "../../../test/render";
import { counterPayment, type Envelope, staffServer, startAsStaff } from "../staff-testing";
import StaffCounterScreen from "./staff-counter-screen";

const CODE = "123456789012345678";

beforeEach(async () => {
	await startAsStaff("staff");
});

async function openCounter() {
	renderScreen(<StaffCounterScreen />, { path: Paths.merchantCounter });
	return screen.findByTestId("counter-form");
}

function fill({ code = CODE, amount = "12.50", note = "" }: { code?: string; amount?: string; note?: string }) {
	fireEvent.input(screen.getByTestId("counter-code"), { target: { value: code } });
	fireEvent.input(screen.getByTestId("counter-amount"), { target: { value: amount } });
	if (note) fireEvent.input(screen.getByTestId("counter-note"), { target: { value: note } });
}

describe("the counter: charging a member's payment code", () => {
	it("sends one charge with one idempotency key on a double tap, the amount in minor units, and shows who paid", async () => {
		let release: (answer: Envelope) => void = () => {};
		const held = new Promise<Envelope>((resolve) => {
			release = resolve;
		});
		const server = staffServer(await startAsStaff("staff"), {
			"/merchant/counter/payments": { code: 0, data: [] },
			"POST /merchant/counter/charge": () => held,
		});
		await openCounter();
		fill({ code: "1234 5678 9012 3456 78", amount: "12.50", note: "Table 4" });
		expect((screen.getByTestId("counter-code") as HTMLInputElement).value).toBe("1234 5678 9012 3456 78");

		const charge = screen.getByTestId("counter-charge");
		// Two taps that land before the page has drawn the first one's pending state…
		act(() => {
			fireEvent.click(charge);
			fireEvent.click(charge);
		});
		// …and one more on the pending button.
		await waitFor(() => expect(charge.textContent).toBe("Charging…"));
		expect((charge as HTMLButtonElement).disabled).toBe(true);
		fireEvent.click(charge);

		await act(async () => {
			release({ code: 0, data: counterPayment({ amount: 1250, balanceAfter: 8750, note: "Table 4" }) });
		});
		const result = await screen.findByTestId("counter-result");
		const charges = server.to("/merchant/counter/charge", "POST");
		expect(charges).toHaveLength(1);
		expect(charges[0]?.body).toEqual({ shopId: 1, code: CODE, amount: 1250, note: "Table 4" });
		expect(charges[0]?.headers["idempotency-key"]).toMatch(/^[\w-]{16,}$/);
		expect(within(result).getByTestId("counter-result-amount").textContent).toBe("$12.50");
		expect(within(result).getByTestId("counter-result-payer").textContent).toBe("Dara · phone ending 0002");
		expect(within(result).getByTestId("counter-result-balance").textContent).toBe("$87.50");

		// The next payment is a new intent: a new key.
		fireEvent.click(screen.getByTestId("counter-next"));
		await screen.findByTestId("counter-form");
		fill({ amount: "3" });
		fireEvent.click(screen.getByTestId("counter-charge"));
		await waitFor(() => expect(server.to("/merchant/counter/charge", "POST")).toHaveLength(2));
		const second = server.to("/merchant/counter/charge", "POST")[1];
		expect(second?.body).toMatchObject({ amount: 300 });
		expect(second?.headers["idempotency-key"]).not.toBe(charges[0]?.headers["idempotency-key"]);
	});

	it("retries a charge that got no answer with the same key, and a changed one with a new key", async () => {
		const answers: Envelope[] = [
			{ code: 0, status: 502 },
			{ code: 0, status: 502 },
			{ code: 0, data: counterPayment({ amount: 1300 }) },
		];
		const server = staffServer(await startAsStaff("staff"), {
			"/merchant/counter/payments": { code: 0, data: [] },
			"POST /merchant/counter/charge": () => answers.shift() ?? { code: 0, data: null },
		});
		await openCounter();
		fill({ amount: "12.50" });
		fireEvent.click(screen.getByTestId("counter-charge"));
		expect((await screen.findByTestId("counter-unknown")).textContent).toContain("never charged twice");
		fireEvent.click(screen.getByTestId("counter-charge"));
		await waitFor(() => expect(server.to("/merchant/counter/charge", "POST")).toHaveLength(2));
		const [first, retry] = server.to("/merchant/counter/charge", "POST");
		expect(retry?.headers["idempotency-key"]).toBe(first?.headers["idempotency-key"]);

		fireEvent.input(screen.getByTestId("counter-amount"), { target: { value: "13" } });
		fireEvent.click(screen.getByTestId("counter-charge"));
		await screen.findByTestId("counter-result");
		const changed = server.to("/merchant/counter/charge", "POST")[2];
		expect(changed?.body).toMatchObject({ amount: 1300 });
		expect(changed?.headers["idempotency-key"]).not.toBe(first?.headers["idempotency-key"]);
	});

	it("says what is missing or wrong with the contract's messages, and sends nothing", async () => {
		const server = staffServer(await startAsStaff("staff"), { "/merchant/counter/payments": { code: 0, data: [] } });
		await openCounter();
		fireEvent.click(screen.getByTestId("counter-charge"));
		expect((await screen.findByTestId("counter-code-error")).textContent).toBe(
			"Scan or type the member's payment code",
		);
		expect(screen.getByTestId("counter-amount-error").textContent).toBe("Enter the amount to charge");

		fill({ code: "1234 5678", amount: "0" });
		fireEvent.click(screen.getByTestId("counter-charge"));
		expect((await screen.findByTestId("counter-code-error")).textContent).toBe("A payment code has 18 digits");
		expect(screen.getByTestId("counter-amount-error").textContent).toBe("Enter the amount to charge");

		fill({ amount: "12.345" });
		fireEvent.click(screen.getByTestId("counter-charge"));
		expect((await screen.findByTestId("counter-amount-error")).textContent).toBe("Enter an amount such as 12.50");
		expect(server.to("/merchant/counter/charge")).toEqual([]);
	});

	it("puts the server's refusal under the field it is about: an expired code, a short balance", async () => {
		const answers: Envelope[] = [
			{
				code: ErrorCode.PayCodeInvalid,
				msg: "This payment code is not valid or has expired. Ask the guest to refresh it and try again",
			},
			{ code: ErrorCode.InsufficientBalance, msg: "Insufficient balance" },
		];
		const server = staffServer(await startAsStaff("staff"), {
			"/merchant/counter/payments": { code: 0, data: [] },
			"POST /merchant/counter/charge": () => answers.shift() ?? { code: 0, data: null },
		});
		await openCounter();
		fill({});
		fireEvent.click(screen.getByTestId("counter-charge"));
		expect((await screen.findByTestId("counter-code-error")).textContent).toContain("Ask the guest to refresh it");

		fill({ code: "876543210987654321" });
		fireEvent.click(screen.getByTestId("counter-charge"));
		expect((await screen.findByTestId("counter-amount-error")).textContent).toBe("Insufficient balance");
		const [first, second] = server.to("/merchant/counter/charge", "POST");
		// Each answered charge settles its intent: the corrected one is a new charge.
		expect(second?.headers["idempotency-key"]).not.toBe(first?.headers["idempotency-key"]);
	});

	it("says so when the camera reads something that is not a payment code", async () => {
		staffServer(await startAsStaff("staff"), { "/merchant/counter/payments": { code: 0, data: [] } });
		await openCounter();
		fireEvent.click(screen.getByTestId("counter-scan"));
		// No camera in the test browser: the viewfinder says so, and typing stays possible.
		expect(await screen.findByTestId("counter-camera-problem")).toBeTruthy();
		expect(screen.getByTestId("counter-scan").textContent).toBe("Stop scanning");
	});
});

describe("the counter: today's payments", () => {
	it("offers a refund only where the server allows one, and only after a confirmation", async () => {
		const refundable = counterPayment({ id: 501, amount: 1250, payer: { nickname: "Dara", mobileTail: "0002" } });
		const done = counterPayment({
			id: 502,
			amount: 800,
			status: "refunded",
			refundable: false,
			refundedAt: "2026-11-24T06:00:00.000Z",
		});
		const old = counterPayment({ id: 503, amount: 400, refundable: false });
		let list = [refundable, done, old];
		const server = staffServer(await startAsStaff("staff"), {
			"/merchant/counter/payments": () => ({ code: 0, data: list }),
			"POST /merchant/counter/refund": () => {
				const refunded = { ...refundable, status: "refunded" as const, refundable: false, balanceAfter: 10000 };
				list = [refunded, done, old];
				return { code: 0, data: refunded };
			},
		});
		await openCounter();
		await screen.findByTestId("counter-payment-501");
		expect(screen.getByTestId("counter-today-total").textContent).toBe("2 payments · $16.50 in total");
		expect(screen.queryByTestId("counter-refund-502")).toBeNull();
		expect(screen.queryByTestId("counter-refund-503")).toBeNull();

		fireEvent.click(screen.getByTestId("counter-refund-501"));
		const dialog = await screen.findByTestId("counter-refund-confirm");
		expect(dialog.textContent).toContain("Return $12.50 to Dara's balance?");
		fireEvent.click(within(dialog).getByTestId("confirm-cancel"));
		expect(server.to("/merchant/counter/refund")).toEqual([]);

		fireEvent.click(screen.getByTestId("counter-refund-501"));
		fireEvent.click(within(await screen.findByTestId("counter-refund-confirm")).getByTestId("confirm-ok"));
		await waitFor(() => expect(screen.getByTestId("counter-payment-501-status").textContent).toBe("Refunded"));
		expect(server.to("/merchant/counter/refund", "POST").map((call) => call.body)).toEqual([
			{ shopId: 1, paymentId: 501 },
		]);
		expect(currentToast()?.text).toBe("$12.50 returned to Dara's balance");
	});

	it("says when there are none yet, and lets a failed list be retried", async () => {
		let fail = true;
		staffServer(await startAsStaff("staff"), {
			"/merchant/counter/payments": () => (fail ? { code: 500, msg: "Server busy" } : { code: 0, data: [] }),
		});
		await openCounter();
		const today = await screen.findByTestId("counter-today");
		expect((await within(today).findByTestId("state-error")).textContent).toContain("Server busy");
		fail = false;
		fireEvent.click(within(today).getByTestId("retry"));
		expect((await within(today).findByTestId("state-empty")).textContent).toContain("No balance payments");
	});
});
