import type { BillRoundView, MerchantShopRef, TableBillView } from "@bayon/contract";
import { fireEvent, screen, waitFor } from "@testing-library/react";
import { beforeEach, describe, expect, it } from "vitest";
import { applyLanguage } from "../../../lib/i18n";
import { queryClient } from "../../../lib/query-client";
import { appStore } from "../../../lib/store";
import { currentToast, hideToast } from "../../../lib/toast";
import { testMember } from "../../../test/member-fixtures";
import { fakeServer, usdConfig } from "../../../test/ordering-fixtures";
import { renderScreen } from "../../../test/render";
import { OpenBills } from "./open-bills";

const staffShop: MerchantShopRef = { shopId: 1, shopName: "Bayon", role: "staff" };

function round(orderId: number, total: number, status: BillRoundView["status"] = "unpaid"): BillRoundView {
	return {
		orderId,
		orderNo: `20261206000${orderId}`,
		pickupNumber: `00${orderId}`,
		status,
		paymentStatus: "unpaid",
		lines: [],
		total,
		createdAt: "2026-12-06T04:00:00.000Z",
		orderedBy: { nickname: "Dara", mobile: "138****0003" },
	};
}

function bill(id: number, tableNumber: string, rounds: BillRoundView[], credit: number): TableBillView {
	const unpaid = rounds.filter((r) => r.status !== "cancelled").reduce((sum, r) => sum + r.total, 0);
	return {
		id,
		shopId: 1,
		tableId: id,
		tableNumber,
		status: "open",
		openedAt: "2026-12-06T03:30:00.000Z",
		settledAt: null,
		settleMethod: null,
		rounds,
		due: Math.max(0, unpaid - credit),
		credit,
		paidTotal: 0,
		diners: 2,
	};
}

beforeEach(async () => {
	localStorage.clear();
	localStorage.setItem("accessToken", "access-1");
	localStorage.setItem("refreshToken", "refresh-1");
	localStorage.setItem("expiresTime", String(Date.now() + 15 * 60_000));
	localStorage.setItem(
		"userinfo",
		JSON.stringify(testMember({ isMerchant: true, userType: "merchant_staff", merchantShops: [staffShop] })),
	);
	appStore.reload();
	queryClient.clear();
	hideToast();
	await applyLanguage("en");
});

describe("the open bills of the staff's order board", () => {
	it("closes a bill that a booking's deposit covers in full, taking nothing, after asking", async () => {
		const covered = bill(7, "A3", [round(71, 800)], 1000);
		const server = fakeServer({
			"/system/config": { code: 0, data: usdConfig },
			"/merchant/bill/list": () => [covered],
			"/merchant/bill/settle": () => ({ ...covered, status: "settled" }),
		});
		renderScreen(<OpenBills shop={staffShop} />, { path: "/" });

		const close = await screen.findByTestId("merchant-bill-close-covered");
		expect(screen.queryByTestId("merchant-bill-settle")).toBeNull();
		fireEvent.click(close);
		expect((await screen.findByTestId("merchant-bill-confirm")).textContent).toContain(
			"Close table A3's bill of $8.00 with the booking's deposit?",
		);
		fireEvent.click(screen.getByTestId("confirm-ok"));

		await waitFor(() => expect(server.bodies("/merchant/bill/settle")).toEqual([{ billId: 7, expectedTotal: 0 }]));
		await waitFor(() => expect(currentToast()?.text).toBe("Table A3's bill is closed with the deposit"));
	});

	it("sends a bill with money due to the till's Take payment, and warns that clearing cancels covered rounds", async () => {
		const owing = bill(8, "B1", [round(81, 1500)], 1000);
		const covered = bill(9, "B2", [round(91, 600)], 1000);
		fakeServer({
			"/system/config": { code: 0, data: usdConfig },
			"/merchant/bill/list": () => [owing, covered],
		});
		renderScreen(<OpenBills shop={staffShop} />, { path: "/" });

		const take = await screen.findByTestId("merchant-bill-settle");
		expect(take.getAttribute("href")).toContain("take=table_bill");
		expect(take.getAttribute("href")).toContain("amount=500");
		expect(screen.getAllByTestId("merchant-bill-close-covered")).toHaveLength(1);

		fireEvent.click(screen.getAllByTestId("merchant-bill-clear")[1] as HTMLElement);
		expect((await screen.findByTestId("merchant-bill-confirm")).textContent).toContain("$6.00");
	});
});
