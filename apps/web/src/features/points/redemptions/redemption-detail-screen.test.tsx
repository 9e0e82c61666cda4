import { ErrorCode } from "@bayon/contract";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { applyLanguage } from "../../../lib/i18n";
import { liveClient } from "../../../lib/live-updates";
import { Paths, withQuery } from "../../../lib/paths";
import { queryClient } from "../../../lib/query-client";
import { appStore } from "../../../lib/store";
import { currentToast } from "../../../lib/toast";
import { type FakeWebSocket, fakeWebSockets } from "../../../test/fake-live-server";
import { renderScreen } from "../../../test/render";
import { startAsGuest } from "../../reservations/guest-testing";
import { pointsServer, redemption, shippedDelivery } from "../guest-testing";
import RedemptionDetailScreen from "./redemption-detail-screen";

function renderDetail(id: number | string = 305) {
	return renderScreen(<RedemptionDetailScreen />, {
		path: Paths.scoreProductOrderDetail,
		url: withQuery(Paths.scoreProductOrderDetail, { id }),
		otherPaths: [Paths.login, Paths.scoreProductDetail],
	});
}

let sockets: FakeWebSocket[] = [];

beforeEach(async () => {
	await startAsGuest();
	sockets = fakeWebSockets();
});

afterEach(() => {
	liveClient.stop();
	vi.unstubAllGlobals();
});

describe("scoreproduct/orderDetail: pickup", () => {
	it("shows the state on its step line, the shop, and the pickup code (QR and text) to show at the counter", async () => {
		const server = pointsServer({ "/score-order/detail": () => redemption() });
		renderDetail();
		expect((await screen.findByTestId("redemption-state")).textContent).toBe("待领取");
		expect(server.to("/score-order/detail")[0]?.query.get("id")).toBe("305");
		expect(screen.getByTestId("redemption-hint").textContent).toBe("请到店领取");
		const steps = within(screen.getByTestId("redemption-steps")).getAllByRole("listitem");
		expect(steps.map((step) => [step.textContent, step.classList.contains("is-done")])).toEqual([
			["兑换成功", true],
			["到店领取", false],
		]);
		expect(screen.getByTestId("redemption-code").textContent).toBe("K7M2Q-XAB9C");
		expect(screen.getByTestId("redemption-qr").getAttribute("data-text")).toBe("K7M2QXAB9C");
		expect(screen.getByTestId("redemption-counter").textContent).toContain("到店后向店员出示此二维码");
		const shop = screen.getByTestId("redemption-shop");
		expect(shop.textContent).toContain("Bayon 河畔店");
		expect(shop.textContent).toContain("金边西索瓦码头路 123 号");
		expect(screen.queryByTestId("redemption-address")).toBeNull();
		expect(screen.queryByTestId("redemption-tracking")).toBeNull();
		expect(screen.getByTestId("redemption-createdAt").textContent).toMatch(/^2026年11月24日 \d\d:07$/);
		expect(screen.getByTestId("redemption-item").getAttribute("href")).toBe(
			withQuery(Paths.scoreProductDetail, { id: 11 }),
		);
		expect(screen.queryByTestId("redemption-confirm-receipt")).toBeNull();
	});

	it("cancels after asking (an app dialog); keeping it sends nothing; the page then shows the cancelled state", async () => {
		let view = redemption();
		const server = pointsServer({
			"/score-order/detail": () => view,
			"/score-order/cancel": () => {
				view = redemption({
					status: "cancelled",
					cancelledAt: "2026-11-24T06:00:00.000Z",
					actions: [],
				});
				return view;
			},
		});
		renderDetail();
		fireEvent.click(await screen.findByTestId("redemption-cancel"));
		const dialog = screen.getByTestId("redemption-cancel-dialog");
		expect(dialog.textContent).toContain("确定取消这次兑换吗？所用积分将退回您的账户。");
		fireEvent.click(within(dialog).getByTestId("confirm-cancel"));
		expect(screen.queryByTestId("redemption-cancel-dialog")).toBeNull();
		expect(server.to("/score-order/cancel")).toHaveLength(0);

		fireEvent.click(screen.getByTestId("redemption-cancel"));
		fireEvent.click(within(screen.getByTestId("redemption-cancel-dialog")).getByTestId("confirm-ok"));
		await waitFor(() => expect(screen.getByTestId("redemption-state").textContent).toBe("已取消"));
		expect(server.to("/score-order/cancel").map((call) => call.body)).toEqual([{ id: 305 }]);
		expect(currentToast()?.text).toBe("已取消兑换，积分已退回");
		expect(screen.getByTestId("redemption-hint").textContent).toBe("兑换已取消，积分已退回您的账户");
		expect(screen.queryByTestId("redemption-steps")).toBeNull();
		expect(screen.queryByTestId("redemption-counter")).toBeNull();
		expect(screen.queryByTestId("redemption-cancel")).toBeNull();
		expect(screen.getByTestId("redemption-cancelledAt")).toBeTruthy();
	});

	it("a refusal (the shop handed it over meanwhile) is told and the page shows where it stands now", async () => {
		let view = redemption();
		pointsServer({
			"/score-order/detail": () => view,
			"/score-order/cancel": () => {
				view = redemption({ status: "received", receivedAt: "2026-11-24T06:00:00.000Z", actions: [] });
				return Response.json({
					code: ErrorCode.RedemptionStateChanged,
					msg: "兑换单状态已变化，请刷新后再试",
					data: null,
				});
			},
		});
		renderDetail();
		fireEvent.click(await screen.findByTestId("redemption-cancel"));
		fireEvent.click(within(screen.getByTestId("redemption-cancel-dialog")).getByTestId("confirm-ok"));
		await waitFor(() => expect(screen.getByTestId("redemption-state").textContent).toBe("已领取"));
		expect(currentToast()?.text).toBe("兑换单状态已变化，请刷新后再试");
		expect(screen.getByTestId("redemption-receivedAt")).toBeTruthy();
	});
});

describe("scoreproduct/orderDetail: live", () => {
	it("the shop hands it over at the counter: the page shows it collected and the points follow", async () => {
		let view = redemption();
		const server = pointsServer({ "/score-order/detail": () => view });
		renderDetail();
		await screen.findByTestId("redemption-code");
		await waitFor(() => expect(sockets.length).toBeGreaterThan(0));
		view = redemption({ status: "received", receivedAt: "2026-11-24T06:00:00.000Z", actions: [] });
		const before = server.to("/score-order/detail").length;
		sockets.at(-1)?.receive({
			type: "redemption.changed",
			data: { redemptionId: 305, status: "received", reason: "handedOver", points: 300 },
		});
		await waitFor(() => expect(screen.getByTestId("redemption-state").textContent).toBe("已领取"));
		expect(server.to("/score-order/detail").length).toBe(before + 1);
		expect(screen.queryByTestId("redemption-counter")).toBeNull();
		expect(screen.queryByTestId("redemption-cancel")).toBeNull();
		expect(appStore.getState().member?.points).toBe(300);
	});
});

describe("scoreproduct/orderDetail: delivery", () => {
	it("shows the address and the courier's note with a copy button, and confirms receipt after asking", async () => {
		const writeText = vi.fn(async () => undefined);
		Object.defineProperty(navigator, "clipboard", { value: { writeText }, configurable: true });
		let view = shippedDelivery();
		const server = pointsServer({
			"/score-order/detail": () => view,
			"/score-order/take": () => {
				view = shippedDelivery({ status: "received", receivedAt: "2026-11-26T02:00:00.000Z", actions: [] });
				return view;
			},
		});
		renderDetail();
		expect((await screen.findByTestId("redemption-state")).textContent).toBe("已发货");
		const steps = within(screen.getByTestId("redemption-steps")).getAllByRole("listitem");
		expect(steps.map((step) => step.classList.contains("is-done"))).toEqual([true, true, false]);
		expect(screen.getByTestId("redemption-address").textContent).toContain("Dara 138****0002");
		expect(screen.getByTestId("redemption-address").textContent).toContain("金边堆谷区 51 街 12B");
		expect(screen.queryByTestId("redemption-counter")).toBeNull();
		expect(screen.queryByTestId("redemption-shop")).toBeNull();
		expect(screen.getByTestId("redemption-tracking-note").textContent).toBe("J&T 6201 8894 1123");
		expect(screen.getByTestId("redemption-shippedAt")).toBeTruthy();
		expect(screen.queryByTestId("redemption-cancel")).toBeNull();

		fireEvent.click(screen.getByTestId("redemption-tracking-copy"));
		await waitFor(() => expect(writeText).toHaveBeenCalledWith("J&T 6201 8894 1123"));
		await waitFor(() => expect(currentToast()?.text).toBe("已复制"));

		fireEvent.click(screen.getByTestId("redemption-confirm-receipt"));
		expect(screen.getByTestId("redemption-receipt-dialog").textContent).toContain("确认已经收到商品了吗？");
		fireEvent.click(within(screen.getByTestId("redemption-receipt-dialog")).getByTestId("confirm-ok"));
		await waitFor(() => expect(screen.getByTestId("redemption-state").textContent).toBe("已收货"));
		expect(server.to("/score-order/take").map((call) => call.body)).toEqual([{ id: 305 }]);
		expect(currentToast()?.text).toBe("已确认收货");
		expect(
			within(screen.getByTestId("redemption-steps"))
				.getAllByRole("listitem")
				.every((step) => step.classList.contains("is-done")),
		).toBe(true);
		expect(screen.queryByTestId("redemption-confirm-receipt")).toBeNull();
	});

	it("before shipping says the courier details will come; a clipboard that refuses says how to copy by hand", async () => {
		pointsServer({
			"/score-order/detail": () =>
				shippedDelivery({ status: "pending", trackingNote: null, shippedAt: null, actions: ["cancel"] }),
		});
		renderDetail();
		expect((await screen.findByTestId("redemption-state")).textContent).toBe("待发货");
		expect(screen.getByTestId("redemption-tracking").textContent).toContain("商家发货后，这里会显示快递公司和单号");
		expect(screen.queryByTestId("redemption-tracking-copy")).toBeNull();

		queryClient.clear();
		const writeText = vi.fn(async () => {
			throw new Error("denied");
		});
		Object.defineProperty(navigator, "clipboard", { value: { writeText }, configurable: true });
		pointsServer({ "/score-order/detail": () => shippedDelivery() });
		renderDetail(306);
		fireEvent.click(await screen.findByTestId("redemption-tracking-copy"));
		await waitFor(() => expect(currentToast()?.text).toBe("复制失败，请长按文字手动复制"));
	});

	it("speaks Khmer; a bad id is not asked for", async () => {
		await applyLanguage("km");
		const server = pointsServer({ "/score-order/detail": () => shippedDelivery() });
		const { unmount } = renderDetail("x");
		expect((await screen.findByTestId("state-empty")).textContent).toContain("រកមិនឃើញការប្តូរនេះទេ");
		expect(server.to("/score-order/detail")).toHaveLength(0);
		unmount();
		renderDetail();
		expect((await screen.findByTestId("redemption-state")).textContent).toBe("បានផ្ញើចេញ");
		expect(screen.getByTestId("redemption-confirm-receipt").textContent).toBe("បញ្ជាក់ការទទួល");
	});
});
