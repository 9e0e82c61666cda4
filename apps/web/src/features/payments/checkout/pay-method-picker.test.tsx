import type { KhqrCurrency, PayMethod, PayMethodsAnswer } from "@bayon/contract";
import { QueryClientProvider } from "@tanstack/react-query";
import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { useState } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { applyLanguage } from "../../../lib/i18n";
import { queryClient } from "../../../lib/query-client";
import { appStore } from "../../../lib/store";
import { usdConfig } from "../../../test/ordering-fixtures";
import { recordingServer } from "../../../test/recording-server";
import { signInGuest, startAsGuest } from "../../reservations/guest-testing";
import { railCurrencyFor } from "./pay-method";
import { PayMethodPicker } from "./pay-method-picker";

const rielShop = {
	...usdConfig,
	currency: {
		...usdConfig.currency,
		second: { code: "KHR", symbol: "៛", rate: 4100, roundTo: 100, symbolPosition: "after" as const },
	},
};
const cnyShop = {
	...usdConfig,
	currency: { code: "CNY", symbol: "¥", decimals: 2, rate: 1, symbolPosition: "before" as const },
};

/** A page's use of the picker: its choice, and what its pay call would carry. */
function PayPage({ total, initial = "balance" }: { total: number; initial?: PayMethod }) {
	const [method, setMethod] = useState<PayMethod>(initial);
	const [railCurrency, setRailCurrency] = useState<KhqrCurrency | null>(null);
	return (
		<>
			<PayMethodPicker
				value={method}
				onChange={setMethod}
				total={total}
				railCurrency={railCurrency}
				onRailCurrencyChange={setRailCurrency}
			/>
			<output data-testid="pay-call">
				{JSON.stringify({ payMethod: method, railCurrency: railCurrencyFor(method, railCurrency) })}
			</output>
		</>
	);
}

function renderPicker(total: number, initial?: PayMethod) {
	return render(
		<QueryClientProvider client={queryClient}>
			<PayPage total={total} initial={initial} />
		</QueryClientProvider>,
	);
}

const rows = () => screen.getAllByTestId(/^pay-method-[a-z]+$/).map((row) => row.dataset.testid?.slice(11));
const payCall = () => JSON.parse(screen.getByTestId("pay-call").textContent ?? "{}");

beforeEach(startAsGuest);
afterEach(async () => {
	await applyLanguage("zh-CN");
	vi.unstubAllGlobals();
	appStore.reload();
});

describe("the pay method picker", () => {
	it("offers the rails the server lists: ready, or greyed with the spec's hint where it applies", async () => {
		const methods: PayMethodsAnswer = {
			scene: "wechat_browser",
			methods: [
				{ method: "wechat", state: "ready", currencies: ["CNY"] },
				{ method: "alipay", state: "openInBrowser", currencies: ["CNY"] },
			],
		};
		recordingServer({ "/system/config": { code: 0, data: cnyShop }, "/pay/methods": () => methods });
		renderPicker(1200);
		await waitFor(() => expect(rows()).toEqual(["balance", "wechat", "alipay"]));
		const alipay = screen.getByTestId("pay-method-alipay");
		expect(alipay.dataset.unavailable).toBe("openInBrowser");
		expect(alipay.textContent).toContain("请在普通浏览器中打开以使用支付宝");
		expect(alipay.querySelector("input")?.disabled).toBe(true);
		expect(screen.getByTestId("pay-method-wechat").dataset.unavailable).toBeUndefined();
		// The balance (0) cannot pay: WeChat Pay, the first rail that can, is chosen.
		await waitFor(() => expect(payCall()).toEqual({ payMethod: "wechat" }));
		expect(screen.queryByText("功能暂未开放")).toBeNull();
	});

	it("greys WeChat Pay outside WeChat with its hint, in the reader's language", async () => {
		await applyLanguage("km");
		recordingServer({
			"/system/config": { code: 0, data: cnyShop },
			"/pay/methods": () => ({
				scene: "mobile_browser",
				methods: [
					{ method: "wechat", state: "openInWechat", currencies: ["CNY"] },
					{ method: "alipay", state: "ready", currencies: ["CNY"] },
				],
			}),
		});
		renderPicker(1200);
		const wechat = await screen.findByTestId("pay-method-wechat");
		expect(wechat.dataset.unavailable).toBe("openInWechat");
		expect(wechat.textContent).toContain("សូមបើកក្នុងកម្មវិធីរុករក WeChat");
		await waitFor(() => expect(payCall()).toEqual({ payMethod: "alipay" }));
	});

	it("puts KHQR first for a riel shop and lets the customer pay it in riel", async () => {
		signInGuest({ balance: 500 });
		recordingServer({
			"/system/config": { code: 0, data: rielShop },
			"/pay/methods": () => ({
				scene: "mobile_browser",
				methods: [
					{ method: "wechat", state: "ready", currencies: ["USD"] },
					{ method: "alipay", state: "ready", currencies: ["USD"] },
					{ method: "khqr", state: "ready", currencies: ["USD", "KHR"] },
				],
			}),
		});
		renderPicker(1250);
		await waitFor(() => expect(rows()).toEqual(["balance", "khqr", "wechat", "alipay"]));
		await waitFor(() => expect(payCall()).toEqual({ payMethod: "khqr" }));
		const choice = await screen.findByTestId("khqr-currency");
		expect(choice.textContent).toContain("$12.50");
		expect(choice.textContent).toContain("51,300៛");
		expect((within(choice).getByTestId("khqr-currency-USD") as HTMLInputElement).checked).toBe(true);
		fireEvent.click(within(choice).getByTestId("khqr-currency-KHR"));
		expect(payCall()).toEqual({ payMethod: "khqr", railCurrency: "KHR" });
		// Another rail: no currency choice, none sent.
		fireEvent.click(within(screen.getByTestId("pay-method-wechat")).getByRole("radio"));
		expect(payCall()).toEqual({ payMethod: "wechat" });
		expect(screen.queryByTestId("khqr-currency")).toBeNull();
	});

	it("keeps the sandbox where the server still lists it, and says when the ways to pay cannot be read", async () => {
		let fail = true;
		recordingServer({
			"/system/config": { code: 0, data: usdConfig },
			"/pay/methods": () =>
				fail
					? new Response("", { status: 500 })
					: { scene: "desktop", methods: [{ method: "sandbox", state: "ready", currencies: ["USD"] }] },
		});
		renderPicker(1200, "sandbox");
		const failed = await screen.findByTestId("pay-methods-failed");
		// Nothing moved the caller's choice while the rails were unknown.
		expect(payCall()).toEqual({ payMethod: "sandbox" });
		fail = false;
		fireEvent.click(within(failed).getByTestId("retry"));
		await screen.findByTestId("pay-method-sandbox");
		expect(rows()).toEqual(["balance", "sandbox"]);
		expect(screen.queryByTestId("pay-methods-failed")).toBeNull();
		expect(payCall()).toEqual({ payMethod: "sandbox" });
	});
});
