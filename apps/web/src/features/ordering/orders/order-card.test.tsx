import type { OrderView } from "@bayon/contract";
import { screen, within } from "@testing-library/react";
import { beforeEach, describe, expect, it } from "vitest";
import { applyLanguage } from "../../../lib/i18n";
import { fakeServer, orderView, usdConfig } from "../../../test/ordering-fixtures";
import { renderScreen } from "../../../test/render";
import { OrderCard } from "./order-card";

const base = orderView();

function renderCard(order: OrderView, prominent = true) {
	renderScreen(
		<ul>
			<OrderCard order={order} prominent={prominent} />
		</ul>,
		{ path: "/" },
	);
	return within(screen.getByTestId(`order-card-${order.id}`));
}

beforeEach(async () => {
	fakeServer({ "/system/config": { code: 0, data: usdConfig } });
	await applyLanguage("zh-CN");
});

describe("an order card", () => {
	it("shows the pickup number of a pickup order the shop is making, with the time it was placed", () => {
		const card = renderCard(base);
		expect(card.getByTestId("order-card-pickup").textContent).toBe("007");
		expect(card.getByTestId("order-card-meta").textContent).toMatch(/2026年11月20日 \d{2}:07/);
	});

	it("reads the time on the shop's clock, not the device's", () => {
		const at = "2026-11-20T05:58:00.000Z";
		const inPhnomPenh = renderCard({ ...base, createdAt: at, shopTimeZone: "Asia/Phnom_Penh" });
		expect(inPhnomPenh.getByTestId("order-card-meta").textContent).toContain("12:58");
		const inShanghai = renderCard({ ...base, id: 43, createdAt: at, shopTimeZone: "Asia/Shanghai" });
		expect(inShanghai.getByTestId("order-card-meta").textContent).toContain("13:58");
	});

	it("never shows a pickup number for a delivery", () => {
		const card = renderCard({ ...base, orderType: "takeout" });
		expect(card.queryByTestId("order-card-pickup")).toBeNull();
		expect(card.queryByText(/取餐号/)).toBeNull();
		const inList = renderCard({ ...base, id: 42, orderType: "takeout", status: "completed" }, false);
		expect(inList.getByTestId("order-card-meta").textContent).not.toContain("#");
	});

	it("shows an unpaid order as pending payment with its time to pay, pay and cancel, and no pickup number", () => {
		const card = renderCard({
			...base,
			status: "unpaid",
			paymentStatus: "unpaid",
			paidAt: null,
			expiresAt: new Date(Date.now() + 10 * 60_000).toISOString(),
			actions: ["pay", "cancel"],
		});
		expect(card.getByTestId("order-card-stage").textContent).toBe("待支付");
		expect(card.getByTestId("order-card-countdown").textContent).toMatch(/^请在 (9:5\d|10:00) 内完成支付$/);
		expect(card.queryByTestId("order-card-pickup")).toBeNull();
		expect(card.getByTestId("order-card-pay")).toBeTruthy();
		expect(card.getByTestId("order-card-cancel")).toBeTruthy();
	});

	it("offers no payment once the window has closed, only what the server still allows", () => {
		const card = renderCard({
			...base,
			status: "unpaid",
			paymentStatus: "unpaid",
			expiresAt: new Date(Date.now() - 1000).toISOString(),
			actions: ["cancel"],
		});
		expect(card.getByTestId("order-card-countdown").textContent).toBe("支付已超时，订单即将自动取消");
		expect(card.queryByTestId("order-card-pay")).toBeNull();
		expect(card.getByTestId("order-card-cancel")).toBeTruthy();
	});

	it("reads refunded, with no buttons, once the refund was approved", () => {
		const card = renderCard({
			...base,
			status: "refunded",
			paymentStatus: "refunded",
			refundStatus: "approved",
			actions: [],
		});
		expect(card.getByTestId("order-card-stage").textContent).toBe("已退款");
		expect(card.queryByTestId("order-card-actions")).toBeNull();
	});
});
