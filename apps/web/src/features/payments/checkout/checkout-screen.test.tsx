import { ErrorCode, type PaymentCheckout } from "@bayon/contract";
import { act, fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { applyLanguage } from "../../../lib/i18n";
import { Paths, withQuery } from "../../../lib/paths";
import { usdConfig } from "../../../test/ordering-fixtures";
import { recordingServer } from "../../../test/recording-server";
import { renderScreen } from "../../../test/render";
import { startAsGuest } from "../../reservations/guest-testing";
import CheckoutScreen from "./checkout-screen";

const rielShop = {
	...usdConfig,
	currency: {
		...usdConfig.currency,
		second: { code: "KHR", symbol: "៛", rate: 4100, roundTo: 100, symbolPosition: "after" as const },
	},
};
const orderPath = withQuery(Paths.orderDetail, { id: 42 });
const KHQR_TEXT = "00020101021229180014kh.bayon@abaa5204599953031165405513005802KH5905Bayon6010Phnom Penh6304ABCD";

function khqrCheckout(extra: Partial<PaymentCheckout> = {}): PaymentCheckout {
	return {
		paymentId: "77",
		provider: "khqr",
		status: "pending",
		amount: 1250,
		railAmount: 51300,
		railCurrency: "KHR",
		presentation: { kind: "qr", qrText: KHQR_TEXT, deepLink: "https://bakong.page.link/abc" },
		returnPath: orderPath,
		expiresAt: new Date(Date.now() + 10 * 60_000).toISOString(),
		...extra,
	};
}

function renderCheckout(paymentId = "77") {
	return renderScreen(<CheckoutScreen />, {
		path: Paths.payCheckout,
		url: `/pay/checkout/${paymentId}`,
		otherPaths: [Paths.orderDetail, Paths.login],
	});
}

const phoneAgent = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148";

beforeEach(startAsGuest);
afterEach(async () => {
	await applyLanguage("zh-CN");
	vi.unstubAllGlobals();
	vi.restoreAllMocks();
	delete window.WeixinJSBridge;
});

describe("the checkout page", () => {
	it("shows the KHQR with the amount in riel and dollars, then turns to paid and goes back to the order", async () => {
		let paid = false;
		const server = recordingServer({
			"/system/config": { code: 0, data: rielShop },
			"/pay/checkout/77": () => khqrCheckout(),
			"/pay/checkout/77/check": () => khqrCheckout({ status: paid ? "succeeded" : "pending" }),
		});
		const { router } = renderCheckout();
		const qr = await screen.findByTestId("checkout-qr");
		expect(qr.dataset.text).toBe(KHQR_TEXT);
		expect(screen.getByTestId("checkout-rail").textContent).toBe("KHQR");
		expect(screen.getByTestId("checkout-rail-amount").textContent).toBe("51,300៛");
		expect(screen.getByTestId("checkout-amount").textContent).toContain("$12.50");
		expect(screen.getByTestId("checkout-countdown").textContent).toMatch(/二维码 (10:00|9:5\d) 后失效/);
		// On a desktop the code is scanned: no link to a bank app on this device.
		expect(screen.queryByTestId("checkout-deep-link")).toBeNull();

		// The first check (2 s in) finds it unpaid; the customer pays; a later one finds it paid.
		await waitFor(() => expect(server.to("/pay/checkout/77/check")).toHaveLength(1), { timeout: 4000 });
		expect(screen.getByTestId("checkout").dataset.phase).toBe("waiting");
		paid = true;
		await screen.findByTestId("checkout-paid", {}, { timeout: 6000 });
		await waitFor(() => expect(router.state.location.pathname + router.state.location.search).toBe(orderPath));
		expect(server.to("/pay/checkout/77/check").every((call) => call.body !== undefined)).toBe(true);
	}, 20_000);

	it("on a phone offers the bank app first; 'I have paid' checks at once and says when nothing arrived yet", async () => {
		vi.spyOn(navigator, "userAgent", "get").mockReturnValue(phoneAgent);
		const server = recordingServer({
			"/system/config": { code: 0, data: rielShop },
			"/pay/checkout/77": () => khqrCheckout(),
			"/pay/checkout/77/check": () => khqrCheckout(),
		});
		await applyLanguage("km");
		renderCheckout();
		const link = await screen.findByTestId("checkout-deep-link");
		expect(link.getAttribute("href")).toBe("https://bakong.page.link/abc");
		expect(link.textContent).toBe("បើកក្នុងកម្មវិធីធនាគារ");
		fireEvent.click(screen.getByTestId("checkout-i-paid"));
		await waitFor(() => expect(server.to("/pay/checkout/77/check")).toHaveLength(1));
		expect((await screen.findByTestId("checkout-not-yet")).textContent).toContain("មិនទាន់ទទួលបាន");
	});

	it("a code that expires unpaid offers another way to pay, back where the payment started", async () => {
		const server = recordingServer({
			"/system/config": { code: 0, data: usdConfig },
			"/pay/checkout/77": () =>
				khqrCheckout({ railAmount: 1250, railCurrency: "USD", expiresAt: new Date(Date.now() + 1000).toISOString() }),
			"/pay/checkout/77/check": () =>
				khqrCheckout({ railAmount: 1250, railCurrency: "USD", expiresAt: new Date(Date.now() - 1).toISOString() }),
		});
		const { router } = renderCheckout();
		expect((await screen.findByTestId("checkout-amount")).textContent).toBe("$12.50");
		await screen.findByTestId("checkout-expired", {}, { timeout: 5000 });
		// It asked once more when the code ended, and then stopped.
		const asked = server.to("/pay/checkout/77/check").length;
		expect(asked).toBe(1);
		expect(screen.queryByTestId("checkout-qr")).toBeNull();
		fireEvent.click(screen.getByTestId("checkout-choose-another"));
		await waitFor(() => expect(router.state.location.pathname + router.state.location.search).toBe(orderPath));
		expect(server.to("/pay/checkout/77/check")).toHaveLength(asked);
	}, 15_000);

	it("asks nothing while the page is hidden, and asks at once when it is back", async () => {
		let hidden = true;
		vi.spyOn(document, "visibilityState", "get").mockImplementation(() => (hidden ? "hidden" : "visible"));
		const server = recordingServer({
			"/system/config": { code: 0, data: usdConfig },
			"/pay/checkout/77": () => khqrCheckout({ railAmount: 1250, railCurrency: "USD" }),
			"/pay/checkout/77/check": () => khqrCheckout({ railAmount: 1250, railCurrency: "USD", status: "succeeded" }),
		});
		renderCheckout();
		await screen.findByTestId("checkout-qr");
		// Past the first check's 2 s: none was made.
		await new Promise((resolve) => setTimeout(resolve, 2600));
		expect(server.to("/pay/checkout/77/check")).toHaveLength(0);
		hidden = false;
		act(() => {
			document.dispatchEvent(new Event("visibilitychange"));
		});
		await waitFor(() => expect(server.to("/pay/checkout/77/check")).toHaveLength(1), { timeout: 1000 });
		await screen.findByTestId("checkout-paid");
	}, 15_000);

	it("keeps the code when the server cannot be reached, and says so", async () => {
		recordingServer({
			"/system/config": { code: 0, data: usdConfig },
			"/pay/checkout/77": () => khqrCheckout({ railAmount: 1250, railCurrency: "USD" }),
			"/pay/checkout/77/check": () => Promise.reject(new TypeError("Failed to fetch")),
		});
		const { router } = renderCheckout();
		await screen.findByTestId("checkout-qr");
		await act(async () => {
			fireEvent.click(screen.getByTestId("checkout-i-paid"));
		});
		expect((await screen.findByTestId("checkout-offline")).textContent).toContain("二维码仍然有效");
		expect(screen.getByTestId("checkout-qr")).toBeTruthy();
		expect(screen.getByTestId("checkout-i-paid").textContent).toBe("立即重试");
		// Not sent to the sign-in page for a dropped connection.
		expect(router.state.location.pathname).toBe("/pay/checkout/77");
	});

	it("a declined payment says so", async () => {
		recordingServer({
			"/system/config": { code: 0, data: usdConfig },
			"/pay/checkout/77": () => khqrCheckout({ status: "declined" }),
		});
		renderCheckout();
		expect((await screen.findByTestId("checkout-declined")).textContent).toContain("付款没有成功");
	});

	it("inside WeChat opens its payment sheet, checks at once when it says paid, and offers to pay again after a cancel", async () => {
		const params = {
			appId: "wx1",
			timeStamp: "1",
			nonceStr: "n",
			package: "prepay_id=wx2",
			signType: "RSA" as const,
			paySign: "s",
		};
		const answers = ["get_brand_wcpay_request:cancel", "get_brand_wcpay_request:ok"];
		const invoke = vi.fn((_name: string, _params: unknown, done: (answer: { err_msg: string }) => void) =>
			done({ err_msg: answers.shift() ?? "" }),
		);
		let paid = false;
		const server = recordingServer({
			"/system/config": { code: 0, data: usdConfig },
			"/pay/checkout/78": () =>
				khqrCheckout({
					paymentId: "78",
					provider: "wechat",
					railAmount: 1250,
					railCurrency: "USD",
					presentation: { kind: "jsapi", params },
				}),
			"/pay/checkout/78/check": () =>
				khqrCheckout({
					paymentId: "78",
					provider: "wechat",
					railAmount: 1250,
					railCurrency: "USD",
					status: paid ? "succeeded" : "pending",
					presentation: { kind: "jsapi", params },
				}),
		});
		renderCheckout("78");
		// The bridge arrives after the page: the page waits for WeixinJSBridgeReady.
		await screen.findByTestId("checkout-jsapi");
		Object.assign(window, { WeixinJSBridge: { invoke } });
		await waitFor(() => {
			document.dispatchEvent(new Event("WeixinJSBridgeReady"));
			expect(invoke).toHaveBeenCalledWith("getBrandWCPayRequest", params, expect.any(Function));
		});
		const again = await screen.findByTestId("checkout-pay-again");
		expect(screen.getByTestId("checkout-jsapi-note").textContent).toContain("取消");
		paid = true;
		await act(async () => {
			fireEvent.click(again);
		});
		expect(invoke).toHaveBeenCalledTimes(2);
		await screen.findByTestId("checkout-paid");
		expect(server.to("/pay/checkout/78/check").length).toBeGreaterThanOrEqual(1);
	});

	it("outside WeChat, where its sheet never comes, says to open the page in WeChat and offers to try again", async () => {
		const params = {
			appId: "wx1",
			timeStamp: "1",
			nonceStr: "n",
			package: "prepay_id=wx3",
			signType: "RSA" as const,
			paySign: "s",
		};
		recordingServer({
			"/system/config": { code: 0, data: usdConfig },
			"/pay/checkout/80": () =>
				khqrCheckout({
					paymentId: "80",
					provider: "wechat",
					railAmount: 1250,
					railCurrency: "USD",
					presentation: { kind: "jsapi", params },
				}),
			"/pay/checkout/80/check": () =>
				khqrCheckout({
					paymentId: "80",
					provider: "wechat",
					railAmount: 1250,
					railCurrency: "USD",
					presentation: { kind: "jsapi", params },
				}),
		});
		renderCheckout("80");
		await screen.findByTestId("checkout-jsapi");
		const note = await screen.findByTestId("checkout-jsapi-note", {}, { timeout: 8000 });
		expect(note.textContent).toBe("请在微信浏览器中打开以使用微信支付");
		expect(screen.getByTestId("checkout-pay-again")).toBeTruthy();
	}, 15_000);

	it("says when the payment cannot be read", async () => {
		recordingServer({
			"/system/config": { code: 0, data: usdConfig },
			"/pay/checkout/79": { code: ErrorCode.NotFound, msg: "找不到这笔付款" },
		});
		renderCheckout("79");
		expect((await screen.findByTestId("state-error")).textContent).toContain("找不到这笔付款");
	});
});
