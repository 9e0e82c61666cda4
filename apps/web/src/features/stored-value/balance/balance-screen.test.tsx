import { IDEMPOTENCY_HEADER } from "@bayon/contract";
import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { applyLanguage } from "../../../lib/i18n";
import { liveClient } from "../../../lib/live-updates";
import { Paths, withQuery } from "../../../lib/paths";
import { appStore } from "../../../lib/store";
import { currentToast } from "../../../lib/toast";
import { type FakeWebSocket, fakeWebSockets } from "../../../test/fake-live-server";
import { renderScreen } from "../../../test/render";
import { startAsGuest } from "../../reservations/guest-testing";
import { payCode, rechargeMenu, rechargeView, storedValueServer } from "../guest-testing";
import BalanceScreen from "./balance-screen";

let sockets: FakeWebSocket[] = [];

function renderBalance(url: string = Paths.balance) {
	return renderScreen(<BalanceScreen />, {
		path: Paths.balance,
		url,
		otherPaths: [Paths.login, Paths.balanceBill],
	});
}

beforeEach(async () => {
	await startAsGuest();
	sockets = fakeWebSockets();
	window.location.hash = "";
});

afterEach(() => {
	liveClient.stop();
	vi.unstubAllGlobals();
});

describe("balance/balance: recharge", () => {
	it("shows the balance and the packages (pay X, get X + bonus), the rules and the agreement", async () => {
		storedValueServer({ "/recharge/getMoneyList": () => rechargeMenu() });
		renderBalance();
		expect((await screen.findByTestId("balance-amount")).textContent).toBe("$25.00");
		const tile = screen.getByTestId("recharge-package-2");
		expect(tile.textContent).toContain("充值$100.00");
		expect(tile.textContent).toContain("到账 $110.00");
		expect(screen.getByTestId("recharge-package-bonus-2").textContent).toBe("送 $10.00");
		expect(screen.queryByTestId("recharge-package-bonus-1")).toBeNull();
		expect(screen.getByTestId("stored-value-rules").textContent).toContain("不可退款、提现、转让或赠送");
		expect(screen.getByTestId("stored-value-rules").textContent).toContain("不累计积分");
		// The stored member follows the server's balance (the mine tab shows it).
		expect(appStore.getState().member?.balance).toBe(2500);

		fireEvent.click(screen.getByTestId("recharge-agreement-open"));
		const sheet = await screen.findByTestId("recharge-agreement");
		expect(within(sheet).getByTestId("recharge-agreement-text").textContent).toBe(rechargeMenu().agreement);
		fireEvent.click(within(sheet).getByTestId("recharge-agreement-accept"));
		expect((screen.getByTestId("recharge-agree") as HTMLInputElement).checked).toBe(true);
		expect(screen.getByTestId("balance-bill-link").getAttribute("href")).toBe(Paths.balanceBill);
	});

	it("says the spec's messages: no package → select recharge amount, no tick → agree to the agreement; nothing is sent", async () => {
		const server = storedValueServer({ "/recharge/getMoneyList": () => rechargeMenu() });
		renderBalance();
		fireEvent.click(await screen.findByTestId("recharge-pay"));
		expect((await screen.findByTestId("recharge-package-error")).textContent).toBe("请选择充值金额");
		expect(currentToast()?.text).toBe("请选择充值金额");

		fireEvent.click(screen.getByTestId("recharge-package-3"));
		expect(screen.queryByTestId("recharge-package-error")).toBeNull();
		expect(screen.getByTestId("recharge-pay").textContent).toBe("立即支付 $500.00");
		await new Promise((resolve) => setTimeout(resolve, 550)); // the submit debounce
		fireEvent.click(screen.getByTestId("recharge-pay"));
		expect((await screen.findByTestId("recharge-agree-error")).textContent).toBe("请先同意储值协议");
		expect(currentToast()?.text).toBe("请先同意储值协议");
		expect(server.to("/member/user/recharge")).toHaveLength(0);

		fireEvent.click(screen.getByTestId("recharge-agree"));
		expect(screen.queryByTestId("recharge-agree-error")).toBeNull();
	});

	it("says them in English too", async () => {
		await applyLanguage("en");
		storedValueServer({ "/recharge/getMoneyList": () => rechargeMenu() });
		renderBalance();
		fireEvent.click(await screen.findByTestId("recharge-pay"));
		expect((await screen.findByTestId("recharge-package-error")).textContent).toBe("Please select a recharge amount");
		expect(screen.getByTestId("recharge-package-2").textContent).toContain("+$10.00 bonus");
	});

	it("a double tap starts one recharge with one key and goes to the gateway; a lost answer retried keeps the key, another package or a refusal takes a new one", async () => {
		let answer: "lost" | "refused" | "started" = "lost";
		const server = storedValueServer({
			"/recharge/getMoneyList": () => rechargeMenu(),
			"/member/user/recharge": () =>
				answer === "lost"
					? new Response("", { status: 502 })
					: answer === "refused"
						? Response.json({ code: 1_012_001, msg: "充值套餐已下架", data: null })
						: rechargeView({ redirectUrl: "#sandbox-gateway-55" }),
		});
		renderBalance();
		fireEvent.click(await screen.findByTestId("recharge-package-2"));
		fireEvent.click(screen.getByTestId("recharge-agree"));
		const tap = () => fireEvent.click(screen.getByTestId("recharge-pay"));
		const debounce = () => act(() => new Promise((resolve) => setTimeout(resolve, 550)));
		const keys = () => server.to("/member/user/recharge").map((call) => call.headers[IDEMPOTENCY_HEADER]);

		tap();
		tap();
		await waitFor(() => expect(keys()).toHaveLength(1));
		await debounce();
		expect(keys()).toHaveLength(1);
		expect(keys()[0]).toMatch(/\S{16,}/);
		expect(server.to("/member/user/recharge")[0]?.body).toEqual({ packageId: 2, payMethod: "sandbox", agree: true });

		// The answer was lost: the same intent again, with the same key (the server answers the same recharge).
		tap();
		await waitFor(() => expect(keys()).toHaveLength(2));
		expect(keys()[1]).toBe(keys()[0]);

		// Another package is another intent.
		answer = "refused";
		fireEvent.click(screen.getByTestId("recharge-package-1"));
		await debounce();
		tap();
		await waitFor(() => expect(keys()).toHaveLength(3));
		expect(keys()[2]).not.toBe(keys()[0]);
		expect(server.to("/member/user/recharge")[2]?.body).toMatchObject({ packageId: 1 });
		await waitFor(() => expect(currentToast()?.text).toBe("充值套餐已下架"));

		// Refused: nothing started; the next tap is a new intent.
		answer = "started";
		await debounce();
		tap();
		await waitFor(() => expect(keys()).toHaveLength(4));
		expect(keys()[3]).not.toBe(keys()[2]);

		// Started: off to the gateway, the button stays busy meanwhile.
		await waitFor(() => expect(window.location.hash).toBe("#sandbox-gateway-55"));
		expect((screen.getByTestId("recharge-pay") as HTMLButtonElement).disabled).toBe(true);
		await debounce();
		tap();
		expect(keys()).toHaveLength(4);
	});

	it("pays with the first way the server offers (KHQR first in a shop that shows riel), not the test card", async () => {
		const server = storedValueServer({
			"/recharge/getMoneyList": () => rechargeMenu(),
			"/pay/methods": () => ({
				scene: "mobile_browser",
				methods: [
					{ method: "khqr", state: "ready", currencies: ["USD", "KHR"] },
					{ method: "sandbox", state: "ready", currencies: ["USD"] },
				],
			}),
			"/member/user/recharge": () => rechargeView({ redirectUrl: "#khqr-checkout" }),
		});
		renderBalance();
		fireEvent.click(await screen.findByTestId("recharge-package-2"));
		fireEvent.click(screen.getByTestId("recharge-agree"));
		await waitFor(() => expect(screen.getByTestId("pay-method-khqr").classList.contains("is-selected")).toBe(true));
		fireEvent.click(screen.getByTestId("recharge-pay"));
		await waitFor(() => expect(server.to("/member/user/recharge")).toHaveLength(1));
		expect(server.to("/member/user/recharge")[0]?.body).toMatchObject({ packageId: 2, payMethod: "khqr" });
	});

	it("with no packages on sale, says recharges are not offered yet and what to do, and offers no pay button", async () => {
		storedValueServer({ "/recharge/getMoneyList": () => rechargeMenu({ packages: [] }) });
		renderBalance();
		expect((await screen.findByTestId("recharge-empty")).textContent).toContain("如需充值，请稍后再来或咨询门店");
		expect(screen.getByText("暂未开放充值")).toBeTruthy();
		expect(screen.queryByTestId("recharge-pay")).toBeNull();
		expect(screen.queryByTestId("recharge-agree")).toBeNull();
		expect(screen.getByTestId("stored-value-rules")).toBeTruthy();
	});

	it("a failed load offers a retry", async () => {
		let fail = true;
		storedValueServer({
			"/recharge/getMoneyList": () => {
				if (!fail) return rechargeMenu();
				fail = false;
				return Response.json({ code: 500, msg: "系统繁忙", data: null });
			},
		});
		renderBalance();
		expect((await screen.findByTestId("state-error")).textContent).toContain("系统繁忙");
		fireEvent.click(screen.getByTestId("retry"));
		expect((await screen.findByTestId("balance-amount")).textContent).toBe("$25.00");
	});
});

describe("balance/balance: back from the gateway", () => {
	it("asks until the recharge is paid, then says what was credited (bonus included) and shows the new balance", async () => {
		let paid = false;
		const server = storedValueServer({
			"/recharge/getMoneyList": () => rechargeMenu({ balance: paid ? 13500 : 2500 }),
			"/recharge/detail": () => {
				const view = rechargeView({ status: paid ? "paid" : "pending", paidAt: paid ? "2026-11-24T05:01:00Z" : null });
				paid = true; // the gateway confirms between the first and the second question
				return view;
			},
		});
		renderBalance(withQuery(Paths.balance, { recharge: 55 }));
		expect((await screen.findByTestId("recharge-result")).dataset.outcome).toBe("checking");
		expect(server.to("/recharge/detail")[0]?.query.get("id")).toBe("55");
		await waitFor(() => expect(screen.getByTestId("recharge-result").dataset.outcome).toBe("paid"), {
			timeout: 4000,
		});
		expect(screen.getByTestId("recharge-result-text").textContent).toBe("充值成功，已到账 $110.00（含赠送 $10.00）");
		await waitFor(() => expect(screen.getByTestId("balance-amount").textContent).toBe("$135.00"));
		expect(appStore.getState().member?.balance).toBe(13500);
		// Settled: no more questions.
		const asked = server.to("/recharge/detail").length;
		await new Promise((resolve) => setTimeout(resolve, 2300));
		expect(server.to("/recharge/detail")).toHaveLength(asked);

		fireEvent.click(screen.getByTestId("recharge-result-dismiss"));
		expect(screen.queryByTestId("recharge-result")).toBeNull();
	}, 10_000);

	it("an expired recharge says it was not paid and nothing was charged", async () => {
		storedValueServer({
			"/recharge/getMoneyList": () => rechargeMenu(),
			"/recharge/detail": () => rechargeView({ status: "expired" }),
		});
		renderBalance(withQuery(Paths.balance, { recharge: 55 }));
		await waitFor(() => expect(screen.getByTestId("recharge-result").dataset.outcome).toBe("expired"));
		expect(screen.getByTestId("recharge-result-text").textContent).toBe("这笔充值没有支付，已失效，未扣款。");
	});
});

describe("balance/balance: paying in the shop", () => {
	async function openCode() {
		fireEvent.click(await screen.findByTestId("pay-code-toggle"));
		return screen.findByTestId("pay-code");
	}

	it("shows no code until opened; then the QR and the digits in fours, refreshed on demand", async () => {
		let issued = 0;
		const codes = ["123456789012345678", "876543210987654321"];
		const server = storedValueServer({
			"/recharge/getMoneyList": () => rechargeMenu(),
			"/member/user/pay-code": () => payCode(codes[Math.min(issued++, codes.length - 1)] ?? ""),
		});
		renderBalance();
		await screen.findByTestId("balance-amount");
		expect(screen.queryByTestId("pay-code")).toBeNull();
		expect(server.to("/member/user/pay-code")).toHaveLength(0);

		const panel = await openCode();
		expect(within(panel).getByTestId("pay-code-qr").dataset.text).toBe("123456789012345678");
		expect(within(panel).getByTestId("pay-code-digits").textContent).toBe("1234 5678 9012 3456 78");
		expect(within(panel).getByTestId("pay-code-countdown").textContent).toMatch(/^(58|57) 秒后自动更新$/);

		fireEvent.click(within(panel).getByTestId("pay-code-refresh"));
		await waitFor(() => expect(screen.getByTestId("pay-code-digits").textContent).toBe("8765 4321 0987 6543 21"));
		expect(server.to("/member/user/pay-code")).toHaveLength(2);

		fireEvent.click(screen.getByTestId("pay-code-toggle"));
		expect(screen.queryByTestId("pay-code")).toBeNull();
	});

	it("asks for a new code when its minute is up, and never shows the old one past it", async () => {
		vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ["setTimeout", "setInterval", "Date"] });
		try {
			let issued = 0;
			let release: () => void = () => undefined;
			const server = storedValueServer({
				"/recharge/getMoneyList": () => rechargeMenu(),
				"/member/user/pay-code": async () => {
					const code = payCode(`10000000000000000${issued++}`);
					// The second code is slow to come.
					if (issued === 2) await new Promise<void>((resolve) => (release = resolve));
					return code;
				},
			});
			renderBalance();
			await openCode();
			expect(screen.getByTestId("pay-code").dataset.code).toBe("100000000000000000");
			await act(() => vi.advanceTimersByTimeAsync(30_000));
			expect(screen.getByTestId("pay-code-countdown").textContent).toMatch(/^(28|27) 秒后自动更新$/);
			await act(() => vi.advanceTimersByTimeAsync(29_000));
			await waitFor(() => expect(server.to("/member/user/pay-code")).toHaveLength(2));
			// Past its time the old code is hidden while the next one is on its way.
			expect(screen.queryByTestId("pay-code-qr")).toBeNull();
			expect(screen.getByTestId("pay-code-digits").textContent).not.toContain("1000");
			expect(screen.getByTestId("pay-code-countdown").textContent).toBe("正在更新付款码…");
			await act(async () => release());
			await waitFor(() => expect(screen.getByTestId("pay-code-qr").dataset.text).toBe("100000000000000001"));
			expect(screen.getByTestId("pay-code-digits").textContent).toBe("1000 0000 0000 0000 01");
			expect(server.to("/member/user/pay-code")).toHaveLength(2);
		} finally {
			vi.useRealTimers();
		}
	});

	it("a counter payment heard live: says paid X at the shop, moves the balance, and fetches a new code", async () => {
		let balance = 2500;
		let code = "111122223333444455";
		const server = storedValueServer({
			"/recharge/getMoneyList": () => rechargeMenu({ balance }),
			"/member/user/pay-code": () => payCode(code, balance),
		});
		renderBalance();
		await openCode();
		await waitFor(() => expect(sockets.length).toBeGreaterThan(0));
		// Connected: a resync refetches what the page shows, the code included.
		sockets.at(-1)?.receive({ type: "ready", data: {} });
		await waitFor(() => expect(server.to("/member/user/pay-code")).toHaveLength(2));
		const before = server.to("/member/user/pay-code").length;

		// The counter charges the code: the server's balance moves and it would issue another code.
		balance = 1300;
		code = "555566667777888899";

		sockets.at(-1)?.receive({
			type: "balance.changed",
			data: {
				type: "balance.changed",
				tenantId: 1,
				memberId: 7,
				reason: "counterPaid",
				balance: 1300,
				counter: {
					paymentId: 81,
					shopName: { "zh-CN": "Bayon 堆谷店", en: "Bayon BKK1" },
					amount: 1200,
					status: "paid",
				},
			},
		});
		const notice = await screen.findByTestId("counter-notice");
		expect(within(notice).getByTestId("counter-notice-title").textContent).toBe("已在 Bayon 堆谷店 付款 $12.00");
		expect(notice.textContent).toContain("当前余额 $13.00");
		expect(screen.getByTestId("balance-amount").textContent).toBe("$13.00");
		expect(appStore.getState().member?.balance).toBe(1300);
		await waitFor(() => expect(server.to("/member/user/pay-code").length).toBe(before + 1));
		await waitFor(() => expect(screen.getByTestId("pay-code").dataset.code).toBe("555566667777888899"));

		// A refund reads as one, and a balance event of another kind announces nothing.
		balance = 2500;
		sockets.at(-1)?.receive({
			type: "balance.changed",
			data: {
				reason: "counterRefunded",
				balance: 2500,
				counter: {
					paymentId: 81,
					shopName: { "zh-CN": "Bayon 堆谷店", en: "Bayon BKK1" },
					amount: 1200,
					status: "refunded",
				},
			},
		});
		await waitFor(() =>
			expect(screen.getByTestId("counter-notice-title").textContent).toBe("Bayon 堆谷店 已退回 $12.00"),
		);
		expect(screen.getByTestId("balance-amount").textContent).toBe("$25.00");
		fireEvent.click(screen.getByTestId("counter-notice-dismiss"));
		balance = 13500;
		sockets.at(-1)?.receive({ type: "balance.changed", data: { reason: "recharged", balance: 13500 } });
		await waitFor(() => expect(screen.getByTestId("balance-amount").textContent).toBe("$135.00"));
		expect(screen.queryByTestId("counter-notice")).toBeNull();
	});
});
