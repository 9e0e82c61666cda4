import {
	type BillPaymentResult,
	IDEMPOTENCY_HEADER,
	type KhqrCurrency,
	type OrderView,
	type PageResult,
	type PayMethod,
	type PaymentResult,
	type PlaceOrderInput,
	type TableBillView,
} from "@bayon/contract";
import { infiniteQueryOptions, queryOptions } from "@tanstack/react-query";
import { api, request } from "../../../lib/api-client";
import { queryClient } from "../../../lib/query-client";

export const ORDER_PAGE_SIZE = 10;

export const orderKeys = {
	all: ["orders"] as const,
	list: (type: number, lang: string) => ["orders", "list", type, lang] as const,
	current: (lang: string) => ["orders", "current", lang] as const,
	detail: (id: number, lang: string) => ["orders", "detail", id, lang] as const,
	bill: (tableToken: string, lang: string) => ["orders", "bill", tableToken, lang] as const,
};

export const orderListQuery = (type: number, lang: string) =>
	infiniteQueryOptions({
		queryKey: orderKeys.list(type, lang),
		initialPageParam: 1,
		queryFn: ({ pageParam }) =>
			api.get<PageResult<OrderView>>("/order/list", { type, page: pageParam, pageSize: ORDER_PAGE_SIZE }),
		getNextPageParam: (last, pages) => {
			const loaded = pages.reduce((sum, page) => sum + page.list.length, 0);
			return loaded < last.total && last.list.length > 0 ? pages.length + 1 : undefined;
		},
		staleTime: 0,
	});

/** The order tab: orders not yet finished (pending payment and in progress, 20 newest of each). */
export const currentOrdersQuery = (lang: string) =>
	queryOptions({
		queryKey: orderKeys.current(lang),
		queryFn: async () => {
			const [unpaid, active] = await Promise.all([
				api.get<PageResult<OrderView>>("/order/list", { type: 0, page: 1, pageSize: 20 }),
				api.get<PageResult<OrderView>>("/order/list", { type: 1, page: 1, pageSize: 20 }),
			]);
			const seen = new Set<number>();
			return [...active.list, ...unpaid.list]
				.filter((order) => !seen.has(order.id) && seen.add(order.id))
				.sort((a, b) => b.createdAt.localeCompare(a.createdAt));
		},
		staleTime: 0,
	});

export const orderDetailQuery = (id: number, lang: string) =>
	queryOptions({
		queryKey: orderKeys.detail(id, lang),
		queryFn: () => api.get<OrderView>(`/order/detail/${id}`),
		staleTime: 0,
	});

/** POST order/create with the attempt's idempotency key (a retry of it returns the same order). */
export function createOrder(input: PlaceOrderInput, idempotencyKey: string): Promise<OrderView> {
	return request<OrderView>("/order/create", {
		method: "POST",
		body: input,
		headers: { [IDEMPOTENCY_HEADER]: idempotencyKey },
		toast: false,
		loading: true,
	});
}

export function payOrder(orderId: number, payMethod: PayMethod, railCurrency?: KhqrCurrency): Promise<PaymentResult> {
	return api.post<PaymentResult>("/order/pay", { orderId, payMethod, railCurrency }, { toast: false, loading: true });
}

export function paymentStatus(orderId: number): Promise<PaymentResult> {
	return api.get<PaymentResult>("/order/pay-status", { orderId }, { toast: false });
}

export const cancelOrder = (orderId: number) => api.post<OrderView>("/order/cancel", { orderId }, { loading: true });
export const confirmReceived = (orderId: number) => api.post<OrderView>("/order/take", { orderId }, { loading: true });
export const requestRefund = (orderId: number, reason: string) =>
	api.post<OrderView>("/order/refund", { orderId, reason }, { loading: true });

/**
 * The open bill of the table the customer scanned (dine-in paid after the meal). Other
 * diners' rounds reach it by polling: their events go to their own rooms, not ours.
 */
export const tableBillQuery = (tableToken: string, lang: string) =>
	queryOptions({
		queryKey: orderKeys.bill(tableToken, lang),
		queryFn: () => api.get<TableBillView | null>("/order/bill", { tableToken }, { toast: false }),
		staleTime: 0,
		refetchInterval: (query) => (query.state.data?.status === "open" ? 15_000 : false),
	});

/** Pays what the table owes; `expectedTotal` is the total the payer was shown. */
export function payTableBill(
	tableToken: string,
	payMethod: PayMethod,
	expectedTotal: number,
	railCurrency?: KhqrCurrency,
): Promise<BillPaymentResult> {
	return api.post<BillPaymentResult>(
		"/order/bill/pay",
		{ tableToken, payMethod, railCurrency, expectedTotal },
		{ toast: false, loading: true },
	);
}

/** Something about orders changed: every order query fetches again (active ones at once). */
export function invalidateOrders(): Promise<void> {
	return queryClient.invalidateQueries({ queryKey: orderKeys.all });
}
