import type { PaymentCheckout } from "@bayon/contract";
import { QueryClientProvider } from "@tanstack/react-query";
import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { applyLanguage } from "../../../lib/i18n";
import { queryClient } from "../../../lib/query-client";
import { usdConfig } from "../../../test/ordering-fixtures";
import { recordingServer } from "../../../test/recording-server";
import { startAsGuest } from "../../reservations/guest-testing";
import { TakePaymentSheet } from "./take-payment-sheet";

const rielShop = {
	...usdConfig,
	currency: {
		...usdConfig.currency,
		second: { code: "KHR", symbol: "៛", rate: 4100, roundTo: 100, symbolPosition: "after" as const },
	},
};
const QR = "00020101021230190015bayon@aclb0104Counter5204599953031165405513005802KH6304ABCD";

function code(extra: Partial<PaymentCheckout> = {}): PaymentCheckout {
	return {
		paymentId: "9b0a3c55-1f0e-4a43-9f5e-2d1e1c0a7b11",
		provider: "khqr",
		status: "pending",
		amount: 1250,
		railAmount: 51300,
		railCurrency: "KHR",
		presentation: { kind: "qr", qrText: QR, deepLink: null },
		returnPath: "/pages/merchant/till",
		expiresAt: new Date(Date.now() + 15 * 60_000).toISOString(),
		...extra,
	};
}

function renderSheet(onPaidByCode = vi.fn()) {
	render(
		<QueryClientProvider client={queryClient}>
			<TakePaymentSheet
				shopId={1}
				target={{ purpose: "order", purposeId: 42, amount: 1250, label: "A-0042" }}
				shiftOpen
				onClose={() => {}}
				onTaken={() => {}}
				onPaidByCode={onPaidByCode}
			/>
		</QueryClientProvider>,
	);
	return onPaidByCode;
}

beforeEach(startAsGuest);
afterEach(async () => {
	await applyLanguage("zh-CN");
	vi.unstubAllGlobals();
});

describe("the counter's 'Customer scans a code'", () => {
	it("shows the KHQR in riel for the order and finds it paid when staff check", async () => {
		let paid = false;
		const server = recordingServer({
			"/system/config": { code: 0, data: rielShop },
			"/pay/methods": () => ({
				scene: "desktop",
				methods: [
					{ method: "khqr", state: "ready", currencies: ["USD", "KHR"] },
					{ method: "alipay", state: "ready", currencies: ["USD"] },
					{ method: "sandbox", state: "ready", currencies: ["USD"] },
				],
			}),
			"/merchant/counter/scan-to-pay": () => code(),
			"/merchant/counter/scan-to-pay/check": () => code({ status: paid ? "succeeded" : "pending" }),
		});
		const onPaid = renderSheet();
		fireEvent.click(await screen.findByTestId("take-method-scan"));
		const rails = await screen.findByTestId("scan-rails");
		// Only the rails set up, the sandbox is no code to scan.
		expect(within(rails).queryByTestId("scan-rail-sandbox")).toBeNull();
		expect((within(rails).getByTestId("scan-rail-khqr") as HTMLInputElement).checked).toBe(true);
		expect(within(rails).getByTestId("scan-rail-alipay")).toBeTruthy();
		fireEvent.click(within(rails).getByTestId("scan-currency-KHR"));
		expect(screen.getByTestId("scan-currency").textContent).toContain("51,300៛");
		expect(screen.getByTestId("take-submit").textContent).toBe("显示收款码 51,300៛");
		fireEvent.click(screen.getByTestId("take-submit"));

		const qr = await screen.findByTestId("scan-qr");
		expect(qr.dataset.text).toBe(QR);
		expect(server.to("/merchant/counter/scan-to-pay")[0]?.body).toEqual({
			shopId: 1,
			purpose: "order",
			purposeId: 42,
			amount: 1250,
			payMethod: "khqr",
			railCurrency: "KHR",
		});
		expect(screen.getByTestId("scan-amount").textContent).toBe("51,300៛");
		paid = true;
		fireEvent.click(screen.getByTestId("scan-check"));
		expect((await screen.findByTestId("scan-paid")).textContent).toContain("已收款 51,300៛（KHQR）");
		expect(server.to("/merchant/counter/scan-to-pay/check")[0]?.body).toEqual({
			shopId: 1,
			paymentId: code().paymentId,
		});
		await waitFor(() => expect(onPaid).toHaveBeenCalledTimes(1));
	});

	it("is not offered where no rail is set up", async () => {
		recordingServer({
			"/system/config": { code: 0, data: usdConfig },
			"/pay/methods": () => ({
				scene: "desktop",
				methods: [{ method: "sandbox", state: "ready", currencies: ["USD"] }],
			}),
		});
		renderSheet();
		await screen.findByTestId("take-method-cash");
		await waitFor(() => expect(queryClient.getQueryData(["pay", "methods"])).toBeTruthy());
		expect(screen.queryByTestId("take-method-scan")).toBeNull();
	});

	it("offers a new code when the customer did not pay in time", async () => {
		recordingServer({
			"/system/config": { code: 0, data: usdConfig },
			"/pay/methods": () => ({
				scene: "desktop",
				methods: [{ method: "wechat", state: "ready", currencies: ["USD"] }],
			}),
			"/merchant/counter/scan-to-pay": () =>
				code({
					provider: "wechat",
					railAmount: 1250,
					railCurrency: "USD",
					presentation: { kind: "qr", qrText: "weixin://wxpay/bizpayurl?pr=abc", deepLink: null },
				}),
			"/merchant/counter/scan-to-pay/check": () => code({ provider: "wechat", status: "declined" }),
		});
		renderSheet();
		fireEvent.click(await screen.findByTestId("take-method-scan"));
		fireEvent.click(screen.getByTestId("take-submit"));
		expect((await screen.findByTestId("scan-code")).textContent).toContain("微信支付");
		fireEvent.click(screen.getByTestId("scan-check"));
		fireEvent.click(await screen.findByTestId("scan-again"));
		expect(await screen.findByTestId("take-form")).toBeTruthy();
	});
});
