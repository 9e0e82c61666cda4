import type { MerchantTable, OrderView, PageResult, SecondCurrency, StaffStep, TableBillView } from "@bayon/contract";
import { queryOptions } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";

/** Merchant calls (staff of the shop only; customers are refused by the server). */

/** Written out rather than imported: the contract's value exports would pull zod into this chunk. */
export const ORDER_STATE_CHANGED = 1008007008;
const IDEMPOTENCY_HEADER = "idempotency-key";

export const merchantKeys = {
	all: ["merchant"] as const,
	board: (shopId: number) => ["merchant", "board", shopId] as const,
	detail: (id: number) => ["merchant", "order", id] as const,
	bills: (shopId: number) => ["merchant", "bills", shopId] as const,
	tables: (shopId: number) => ["merchant", "tables", shopId] as const,
};

/** The shop's tables, each with its QR code's URL (which carries the table's token). */
export const merchantTablesQuery = (shopId: number) =>
	queryOptions({
		queryKey: merchantKeys.tables(shopId),
		queryFn: () => api.get<MerchantTable[]>("/merchant/tables", { shopId }),
		staleTime: 5 * 60_000,
	});

/** The table token inside a table's QR code URL. */
export function tableTokenOf(table: MerchantTable): string {
	return new URL(table.qrUrl).searchParams.get("token") ?? "";
}

/** Tables that ate and have not paid yet (dine-in paid after the meal), oldest first. */
export const openBillsQuery = (shopId: number) =>
	queryOptions({
		queryKey: merchantKeys.bills(shopId),
		queryFn: () => api.get<TableBillView[]>("/merchant/bill/list", { shopId }),
	});

/** Owner only: dine-in guests pay each round up front, or the table's bill after the meal. */
export function setDineInPayment(shopId: number, payAfterMeal: boolean): Promise<{ deskPayAfterMeal: boolean }> {
	return api.post("/merchant/shop/dine-in-payment", { shopId, payAfterMeal }, { toast: false, loading: true });
}

/** Owner only: prices also in a second display currency at the owner's rate, or (null) not. */
export function setDisplayCurrency(
	shopId: number,
	second: SecondCurrency | null,
): Promise<{ shopId: number; second: SecondCurrency | null }> {
	return api.post("/merchant/shop/display-currency", { shopId, second }, { toast: false, loading: true });
}

/**
 * Closes a bill with nothing due (its rounds cancelled, or a booking's deposit covers them):
 * `expectedTotal` is 0. A bill with money due is refused (TakePaymentAtCounter): it is paid with
 * the till's Take payment sheet (the bills tab's link, decision 029).
 */
export function closeBillWithNothingDue(billId: number, expectedTotal = 0): Promise<TableBillView> {
	return api.post<TableBillView>("/merchant/bill/settle", { billId, expectedTotal }, { toast: false, loading: true });
}

/** Takes an unpaid round off its table's bill (cancelled, not charged); a paid one is refused. */
export function removeBillRound(orderId: number): Promise<TableBillView> {
	return api.post<TableBillView>("/merchant/bill/remove-round", { orderId }, { toast: false, loading: true });
}

/**
 * Ends the table's seating: the diners' codes stop working. `expectedTotal` is the unpaid
 * amount the staff agreed to cancel (0 when nothing is unpaid).
 */
export function clearTable(billId: number, expectedTotal: number): Promise<TableBillView> {
	return api.post<TableBillView>("/merchant/bill/clear", { billId, expectedTotal }, { toast: false, loading: true });
}

/** The server's page size limit (contract Limits.pageSizeMax); a shop's active orders fit. */
const BOARD_PAGE_SIZE = 50;

/** Active scope: waiting for the shop or in progress, plus open refund requests. */
export const boardQuery = (shopId: number) =>
	queryOptions({
		queryKey: merchantKeys.board(shopId),
		queryFn: () =>
			api.get<PageResult<OrderView>>("/merchant/order/list", {
				shopId,
				scope: "active",
				page: 1,
				pageSize: BOARD_PAGE_SIZE,
			}),
	});

export const orderDetailQuery = (id: number) =>
	queryOptions({
		queryKey: merchantKeys.detail(id),
		queryFn: () => api.get<OrderView>(`/merchant/order/detail/${id}`),
	});

/** Errors are shown by the screen (an "order changed" answer refetches instead of toasting). */
export function actOnOrder(orderId: number, action: StaffStep, reason?: string): Promise<OrderView> {
	return api.post<OrderView>(
		"/merchant/order/action",
		{ orderId, action, ...(reason ? { reason } : {}) },
		{ toast: false },
	);
}

export function decideRefund(orderId: number, approve: boolean, note?: string): Promise<unknown> {
	return api.post("/merchant/order/refund-decision", { orderId, approve, ...(note ? { note } : {}) }, { toast: false });
}

export interface StaffOrderInput {
	shopId: number;
	customerMobile: string;
	orderType: "takein" | "takeout" | "desk";
	lines: Array<{ itemId: number; quantity: number; optionIds: number[] }>;
	remark?: string;
	/** Dine-in: the table's token and how many sit there. */
	tableToken?: string;
	diners?: number;
}

/** POST merchant/order/create; the same key on a retry returns the same order. */
export function placeStaffOrder(input: StaffOrderInput, idempotencyKey: string): Promise<OrderView> {
	return api.post<OrderView>("/merchant/order/create", input, {
		headers: { [IDEMPOTENCY_HEADER]: idempotencyKey },
		loading: true,
	});
}

export function newIdempotencyKey(): string {
	return typeof crypto !== "undefined" && "randomUUID" in crypto
		? crypto.randomUUID()
		: `${Date.now()}-${Math.random().toString(36).slice(2)}`;
}
