import { ErrorCode } from "@bayon/contract";
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { applyLanguage } from "../../../lib/i18n";
import { Paths, withQuery } from "../../../lib/paths";
import { appStore } from "../../../lib/store";
import { currentToast } from "../../../lib/toast";
import { renderScreen } from "../../../test/render";
import { startAsGuest } from "../../reservations/guest-testing";
import { couponServer, freeDeliveryTerms, myCoupon, offer, percentTerms } from "../guest-testing";
import CouponCenterScreen from "./coupon-center-screen";

function renderCenter() {
	return renderScreen(<CouponCenterScreen />, {
		path: Paths.packages,
		otherPaths: [Paths.login, Paths.coupons],
	});
}

beforeEach(startAsGuest);

/** Taps within half a second of the last are ignored (spec §9 debounce). */
const pastDebounce = () => new Promise((resolve) => setTimeout(resolve, 550));

afterEach(async () => {
	cleanup();
	await applyLanguage("zh-CN");
	vi.unstubAllGlobals();
});

const threeOffers = () => [
	offer(1, { remaining: 99_999 }),
	offer(2, {
		title: "自取八折",
		instructions: "",
		terms: percentTerms(),
		validDays: null,
		validFrom: "2026-12-01T12:00:00.000Z",
		validUntil: "2026-12-31T12:00:00.000Z",
		perMemberLimit: 2,
		claimableByMe: 0,
		state: "claimed",
	}),
	offer(3, { title: "免配送费", terms: freeDeliveryTerms(), remaining: 0, state: "allGone" }),
];

describe("packages/index, the coupon centre", () => {
	it("shows each offer's figure, minimum spend, where and when it works, what is left, and its claim state", async () => {
		couponServer({ "/coupon/center": () => threeOffers() });
		renderCenter();

		const amount = await screen.findByTestId("offer-1");
		expect(within(amount).getByTestId("coupon-face").textContent).toBe("$5.00满 $15.00 可用");
		expect(within(amount).getByTestId("coupon-use-type").textContent).toBe("堂食、自取、外卖通用");
		expect(within(amount).getByTestId("coupon-shops").textContent).toBe("全部门店可用");
		expect(within(amount).getByTestId("coupon-when").textContent).toBe("领取后 30 天内有效");
		expect(within(amount).getByTestId("offer-counts").textContent).toBe("剩余 99,999 张");
		const claim = within(amount).getByTestId("offer-claim");
		expect(claim.textContent).toBe("立即领取");
		expect((claim as HTMLButtonElement).disabled).toBe(false);
		// The instructions fold out.
		expect(within(amount).queryByTestId("coupon-instructions")).toBeNull();
		fireEvent.click(within(amount).getByTestId("coupon-instructions-toggle"));
		expect(within(amount).getByTestId("coupon-instructions").textContent).toBe("每单限用一张，不与其他优惠券同享。");

		const percent = screen.getByTestId("offer-2");
		expect(within(percent).getByTestId("coupon-face").textContent).toBe("20%折扣无门槛");
		expect(within(percent).getByTestId("coupon-cap").textContent).toBe("最多减 $3.00");
		expect(within(percent).getByTestId("coupon-use-type").textContent).toBe("仅限自取订单");
		expect(within(percent).getByTestId("coupon-shops").textContent).toBe("限 Bayon 河畔店 使用");
		expect(within(percent).getByTestId("coupon-when").textContent).toBe("2026年12月1日 至 2026年12月31日");
		expect(within(percent).getByTestId("offer-counts").textContent).toBe("每人限领 2 张");
		expect((within(percent).getByTestId("offer-claimed") as HTMLButtonElement).disabled).toBe(true);
		expect(within(percent).getByTestId("offer-claimed").textContent).toBe("已领取");
		expect(within(percent).getByTestId("offer-to-mine").getAttribute("href")).toBe(Paths.coupons);
		expect(within(percent).queryByTestId("coupon-instructions-toggle")).toBeNull();

		const delivery = screen.getByTestId("offer-3");
		expect(within(delivery).getByTestId("coupon-face").textContent).toBe("免配送费无门槛");
		expect((within(delivery).getByTestId("offer-all-gone") as HTMLButtonElement).disabled).toBe(true);
		expect(within(delivery).getByTestId("offer-all-gone").textContent).toBe("已抢光");
		expect(delivery.className).toContain("is-muted");
		expect(within(delivery).queryByTestId("offer-counts")).toBeNull();
	});

	it("reads the offers in English and Khmer, with the reader's dates", async () => {
		couponServer({ "/coupon/center": () => threeOffers() });
		await applyLanguage("en");
		const first = renderCenter();
		const percent = await screen.findByTestId("offer-2");
		expect(within(percent).getByTestId("coupon-face").textContent).toBe("20%offNo minimum spend");
		expect(within(percent).getByTestId("coupon-when").textContent).toBe("Dec 1, 2026 – Dec 31, 2026");
		expect(within(percent).getByTestId("offer-claimed").textContent).toBe("Claimed");
		expect(within(screen.getByTestId("offer-1")).getByTestId("coupon-face").textContent).toBe(
			"$5.00On orders of $15.00 or more",
		);
		first.unmount();
		await applyLanguage("km");
		renderCenter();
		const khmer = await screen.findByTestId("offer-2");
		expect(within(khmer).getByTestId("coupon-when").textContent).toBe("1 ធ្នូ 2026 – 31 ធ្នូ 2026");
		expect(within(screen.getByTestId("offer-3")).getByTestId("offer-all-gone").textContent).toBe("អស់ហើយ");
	});

	it("claims with a fresh idempotency key per tap, updates the ticket in place and says so", async () => {
		let left = 2;
		const server = couponServer({
			"/coupon/center": () => [offer(1, { perMemberLimit: 2, claimableByMe: 2, remaining: left })],
			"/coupon/receive": () => {
				left -= 1;
				return myCoupon(100 + left, { templateId: 1 });
			},
		});
		renderCenter();
		const ticket = await screen.findByTestId("offer-1");
		fireEvent.click(within(ticket).getByTestId("offer-claim"));
		await waitFor(() => expect(currentToast()?.text).toBe("领取成功，已放入我的卡券"));
		// Still claimable (a limit of two): one left, and the button offers another.
		await waitFor(() => expect(within(ticket).getByTestId("offer-claim").textContent).toBe("再领一张"));
		expect(within(ticket).getByTestId("offer-counts").textContent).toBe("剩余 1 张 · 每人限领 2 张");

		fireEvent.click(within(ticket).getByTestId("offer-claim"));
		await waitFor(() => expect(within(ticket).getByTestId("offer-claimed").textContent).toBe("已领取"));
		const claims = server.to("/coupon/receive");
		expect(claims.map((call) => call.body)).toEqual([{ templateId: 1 }, { templateId: 1 }]);
		const keys = claims.map((call) => call.headers["idempotency-key"]);
		expect(keys[0]).toBeTruthy();
		expect(keys[1]).toBeTruthy();
		expect(keys[0]).not.toBe(keys[1]);
		// Updated in place: the centre was not asked again.
		expect(server.to("/coupon/center")).toHaveLength(1);
	});

	it("a retry after a lost answer sends the same key; a refusal shows all gone", async () => {
		let answer: "lost" | "gone" = "lost";
		const server = couponServer({
			"/coupon/center": () => [offer(1)],
			"/coupon/receive": () =>
				answer === "lost"
					? new Response("", { status: 502 })
					: new Response(JSON.stringify({ code: ErrorCode.CouponAllGone, msg: "这张优惠券已经被领完了" })),
		});
		renderCenter();
		const ticket = await screen.findByTestId("offer-1");
		fireEvent.click(within(ticket).getByTestId("offer-claim"));
		await waitFor(() => expect(server.to("/coupon/receive")).toHaveLength(1));
		await waitFor(() => expect((within(ticket).getByTestId("offer-claim") as HTMLButtonElement).disabled).toBe(false));
		answer = "gone";
		fireEvent.click(within(ticket).getByTestId("offer-claim"));
		await waitFor(() => expect(within(ticket).getByTestId("offer-all-gone").textContent).toBe("已抢光"));
		expect(currentToast()?.text).toBe("这张优惠券已经被领完了");
		const [first, retry] = server.to("/coupon/receive").map((call) => call.headers["idempotency-key"]);
		expect(retry).toBe(first);
	});

	it("sends a visitor to sign in and back, claiming nothing", async () => {
		localStorage.clear();
		appStore.reload();
		const server = couponServer({ "/coupon/center": () => [offer(1)] });
		const { router } = renderCenter();
		fireEvent.click(within(await screen.findByTestId("offer-1")).getByTestId("offer-claim"));
		await waitFor(() => expect(router.state.location.pathname).toBe(Paths.login));
		expect(`${router.state.location.pathname}${router.state.location.search}`).toBe(
			withQuery(Paths.login, { redirect: Paths.packages }),
		);
		expect(server.to("/coupon/receive")).toHaveLength(0);
	});

	it("checks an exchange code by the contract's rule before asking, and shows the server's refusal under it", async () => {
		let codeAnswer: "unknown" | "ok" = "unknown";
		const server = couponServer({
			"/coupon/center": () => [offer(1)],
			"/coupon/receive": () =>
				codeAnswer === "unknown"
					? new Response(
							JSON.stringify({ code: ErrorCode.ExchangeCodeUnknown, msg: "兑换码不存在或已失效，请核对后重试" }),
						)
					: myCoupon(7, { templateId: 9 }),
		});
		renderCenter();
		const input = await screen.findByTestId("exchange-code-input");
		fireEvent.input(input, { target: { value: "ab" } });
		fireEvent.click(screen.getByTestId("exchange-code-submit"));
		expect((await screen.findByTestId("exchange-code-error")).textContent).toBe("兑换码为4至20位字母或数字");
		expect(input.getAttribute("aria-invalid")).toBe("true");
		expect(server.to("/coupon/receive")).toHaveLength(0);

		fireEvent.input(input, { target: { value: " nosuch1 " } });
		expect(screen.queryByTestId("exchange-code-error")).toBeNull();
		await pastDebounce();
		fireEvent.click(screen.getByTestId("exchange-code-submit"));
		await waitFor(() =>
			expect(screen.getByTestId("exchange-code-error").textContent).toBe("兑换码不存在或已失效，请核对后重试"),
		);
		expect(server.to("/coupon/receive")[0]?.body).toEqual({ code: "nosuch1" });

		codeAnswer = "ok";
		fireEvent.input(input, { target: { value: "BAYON2026" } });
		await pastDebounce();
		fireEvent.click(screen.getByTestId("exchange-code-submit"));
		await waitFor(() => expect(currentToast()?.text).toBe("兑换成功，优惠券已放入我的卡券"));
		expect((input as HTMLInputElement).value).toBe("");
		expect(screen.queryByTestId("exchange-code-error")).toBeNull();
		// The refused code settled its intent: the next code has a key of its own.
		const keys = server.to("/coupon/receive").map((call) => call.headers["idempotency-key"]);
		expect(keys[1]).not.toBe(keys[0]);
		// The centre is asked again: a code may claim an offer listed there.
		await waitFor(() => expect(server.to("/coupon/center")).toHaveLength(2));
	});

	it("says when there is nothing to claim, and offers a retry when the centre cannot be loaded", async () => {
		let failing = true;
		couponServer({
			"/coupon/center": () =>
				failing ? new Response(JSON.stringify({ code: 500, msg: "系统繁忙" })) : ([] as unknown[]),
		});
		renderCenter();
		expect((await screen.findByTestId("state-error")).textContent).toContain("系统繁忙");
		failing = false;
		fireEvent.click(screen.getByTestId("retry"));
		expect((await screen.findByTestId("state-empty")).textContent).toContain("暂时没有可领取的优惠券");
		// The exchange code stays usable with no offers.
		expect(screen.getByTestId("exchange-code")).toBeTruthy();
	});
});
