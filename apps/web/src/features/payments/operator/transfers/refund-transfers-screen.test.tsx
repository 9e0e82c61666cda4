import { ErrorCode, Limits, type RefundTransferList, type RefundTransferView } from "@bayon/contract";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { currentToast } from "../../../../lib/toast";
import { testMember } from "../../../../test/member-fixtures";
import { usdConfig } from "../../../../test/ordering-fixtures";
import { renderScreen } from "../../../../test/render";
import { PlatformGuard } from "../../../merchant-wallet/platform/platform-guard";
import { operator, platformServer, startAs } from "../../../merchant-wallet/platform/platform-testing";
import RefundTransfersPage from "./refund-transfers-screen";

/** As the router shows it: behind the platform guard. */
const RefundTransfersScreen = () => <PlatformGuard>{() => <RefundTransfersPage />}</PlatformGuard>;

const LIST = "/platform/payments/refund-transfers";
const RECORD = "POST /platform/payments/refund-transfers/record";
const PATH = "/pages/platform/refund-transfers";
/** The tenant's dollars, with riel as the second currency (the demo's). */
const CONFIG = {
	"/system/config": {
		code: 0,
		data: {
			...usdConfig,
			currency: {
				...usdConfig.currency,
				second: { code: "KHR", symbol: "៛", rate: 4100, roundTo: 100, symbolPosition: "after" as const },
			},
		},
	},
};

function refund(extra: Partial<RefundTransferView> = {}): RefundTransferView {
	return {
		refundId: "6f1c2b9e-4a1d-4c36-9a51-0f2d7f3b8e11",
		status: "awaiting_transfer",
		purpose: "booking",
		purposeId: 7,
		amount: 1000,
		currency: "USD",
		railAmount: 41_000,
		railCurrency: "KHR",
		payerMobile: "138****0003",
		bakongHash: "8465d722d7d5065f2886b0a9d7a1fd3e",
		payerAccount: "dara@wing",
		createdAt: "2026-12-07T05:00:00.000Z",
		reference: null,
		recordedAt: null,
		recordedBy: null,
		...extra,
	};
}

beforeEach(() => startAs(operator));
afterEach(() => vi.unstubAllGlobals());

describe("the KHQR refunds to transfer back", () => {
	it("is refused to a member who is not an operator, and asks nothing", async () => {
		const member = testMember();
		await startAs(member);
		const server = platformServer(member, { [LIST]: { code: 0, data: { awaiting: [], recorded: [] } } });
		renderScreen(<RefundTransfersScreen />, { path: PATH });
		await screen.findByTestId("platform-only");
		expect(server.to(LIST)).toEqual([]);
	});

	it("shows what to send where in the currency the customer paid in, and records the bank's reference", async () => {
		let list: RefundTransferList = { awaiting: [refund()], recorded: [] };
		const server = platformServer(operator, {
			...CONFIG,
			[LIST]: () => ({ code: 0, data: list }),
			[RECORD]: (call) => {
				const done = refund({
					status: "succeeded",
					reference: String((call.body as { reference: string }).reference),
					recordedAt: "2026-12-07T06:00:00.000Z",
					recordedBy: "Vanna",
				});
				list = { awaiting: [], recorded: [done] };
				return { code: 0, data: done };
			},
		});
		renderScreen(<RefundTransfersScreen />, { path: PATH });
		const card = await screen.findByTestId(`refund-transfer-${refund().refundId}`);
		await waitFor(() => expect(within(card).getByTestId("refund-transfer-amount").textContent).toBe("41,000៛"));
		expect(card.textContent).toContain("Booked as $10.00");
		expect(within(card).getByTestId("refund-transfer-account").textContent).toBe("dara@wing");
		expect(card.textContent).toContain("Booking #7");

		fireEvent.click(within(card).getByTestId("refund-transfer-record"));
		fireEvent.click(await screen.findByTestId("refund-transfer-record-save"));
		expect(await screen.findByTestId("refund-transfer-reference-error")).toBeTruthy();
		expect(server.to(RECORD.slice(5), "POST")).toEqual([]);

		// A second tap within the debounce would be ignored (spec §9).
		await new Promise((resolve) => setTimeout(resolve, Limits.debounceMs + 50));
		fireEvent.input(screen.getByTestId("refund-transfer-reference-input"), { target: { value: " ABA-778899 " } });
		fireEvent.click(screen.getByTestId("refund-transfer-record-save"));

		await waitFor(() => expect(currentToast()?.text).toBe("Transfer recorded: the customer sees the refund as done"));
		expect(server.to(RECORD.slice(5), "POST").map((call) => call.body)).toEqual([
			{ refundId: refund().refundId, reference: "ABA-778899" },
		]);
		const recorded = await screen.findByTestId("refund-transfers-recorded");
		expect(within(recorded).getByTestId("refund-transfer-reference").textContent).toBe("ABA-778899");
		expect(screen.queryByTestId("refund-transfers-awaiting")).toBeNull();
	});

	it("says so when another operator recorded it first, and reads the list again", async () => {
		const server = platformServer(operator, {
			...CONFIG,
			[LIST]: { code: 0, data: { awaiting: [refund()], recorded: [] } },
			// The server answers in the reader's language.
			[RECORD]: {
				code: ErrorCode.RefundTransferAlreadyRecorded,
				msg: "This refund's transfer was already recorded with another reference; nothing was changed",
				data: null,
			},
		});
		renderScreen(<RefundTransfersScreen />, { path: PATH });
		fireEvent.click(await screen.findByTestId("refund-transfer-record"));
		fireEvent.input(await screen.findByTestId("refund-transfer-reference-input"), { target: { value: "WING-2" } });
		fireEvent.click(screen.getByTestId("refund-transfer-record-save"));
		await waitFor(() =>
			expect(currentToast()?.text).toBe(
				"This refund's transfer was already recorded with another reference; nothing was changed",
			),
		);
		expect(server.to(RECORD.slice(5), "POST")).toHaveLength(1);
		await waitFor(() => expect(server.to(LIST).length).toBeGreaterThanOrEqual(2));
	});
});
