import type {
	CounterPurpose,
	CounterTakeView,
	KhqrCurrency,
	PaymentCheckout,
	PayRail,
	ShiftView,
	TakePaymentInput,
	TillView,
} from "@bayon/contract";
import { queryOptions } from "@tanstack/react-query";
import { api } from "../../lib/api-client";

/** Written out rather than imported: the contract's IDEMPOTENCY_HEADER sits in a module with zod schemas. */
const IDEMPOTENCY_HEADER = "idempotency-key";

export const counterKeys = {
	all: ["counter"] as const,
	till: (shopId: number) => ["counter", "till", shopId] as const,
};

export const tillQuery = (shopId: number) =>
	queryOptions({
		queryKey: counterKeys.till(shopId),
		queryFn: () => api.get<TillView>("/merchant/counter/till", { shopId }),
	});

/** One tap, one key: a retried request (a flaky network) takes the payment once. */
export function takePayment(input: TakePaymentInput, idempotencyKey: string): Promise<CounterTakeView> {
	return api.post<CounterTakeView>("/merchant/counter/take", input, {
		headers: { [IDEMPOTENCY_HEADER]: idempotencyKey },
		toast: false,
	});
}

export function openShift(input: { shopId: number; floatCash: number; floatCashSecond: number }): Promise<ShiftView> {
	return api.post<ShiftView>("/merchant/counter/shift/open", input, { toast: false });
}

export function closeShift(input: {
	shopId: number;
	shiftId: number;
	countedCash: number;
	countedCashSecond: number;
	countedCard: number;
	note: string;
}): Promise<ShiftView> {
	return api.post<ShiftView>("/merchant/counter/shift/close", input, { toast: false });
}

export function cashRefund(shopId: number, takeId: number): Promise<CounterTakeView> {
	return api.post<CounterTakeView>("/merchant/counter/cash-refund", { shopId, takeId }, { toast: false });
}

export function newIdempotencyKey(): string {
	return typeof crypto !== "undefined" && typeof crypto.randomUUID === "function"
		? crypto.randomUUID()
		: `${Date.now()}-${Math.random().toString(36).slice(2)}-${Math.random().toString(36).slice(2)}`;
}

/** A typed amount in the currency's major unit ("12.50") → minor units; null when empty, NaN when not an amount. */
export function parseMoney(text: string, decimals: number): number | null {
	const value = text.trim().replace(",", ".");
	if (value === "") return null;
	const pattern = decimals > 0 ? new RegExp(`^\\d{1,9}(\\.\\d{0,${decimals}})?$`) : /^\d{1,12}$/;
	if (!pattern.test(value)) return Number.NaN;
	const [whole = "0", fraction = ""] = value.split(".");
	return Number(whole) * 10 ** decimals + Number(fraction.padEnd(decimals, "0") || "0");
}

/** What the counter's screen asks for a rail's code (issue 29): the order or bill, its amount, the rail. */
export interface ScanToPayInput {
	shopId: number;
	purpose: CounterPurpose;
	purposeId: number;
	amount: number;
	payMethod: PayRail;
	railCurrency?: KhqrCurrency;
}

/** Starts a rail's payment with a code for the customer to scan on the staff's screen. */
export function startScanToPay(input: ScanToPayInput): Promise<PaymentCheckout> {
	return api.post<PaymentCheckout>("/merchant/counter/scan-to-pay", input, { toast: false });
}

/** Where the code on the screen stands, after the server asked the rail; quiet (the screen says what failed). */
export function checkScanToPay(shopId: number, paymentId: string, signal?: AbortSignal): Promise<PaymentCheckout> {
	return api.post<PaymentCheckout>(
		"/merchant/counter/scan-to-pay/check",
		{ shopId, paymentId },
		{ toast: false, login: false, signal },
	);
}
