import type {
	CounterChargeInput,
	CounterPaymentView,
	CounterRefundInput,
	MemberMobile,
	MemberPage,
	SaveRechargePackageInput,
	SaveStoredValueAgreementInput,
	StoredValueAdmin,
} from "@bayon/contract";
import { infiniteQueryOptions, queryOptions } from "@tanstack/react-query";
import { api } from "../../lib/api-client";

/**
 * The merchant's stored-value calls (issue 12, contract stored-value.ts): the counter, the
 * recharge packages and agreement, the members list. The screens show every error themselves
 * (under a field, or in the page), so nothing here toasts.
 */

/** Written out rather than imported: the contract's IDEMPOTENCY_HEADER sits in a module with zod schemas. */
const IDEMPOTENCY_HEADER = "idempotency-key";
/** Members per page of the list (the server allows up to its pageSizeMax). */
export const MEMBER_PAGE_SIZE = 20;

export const storedValueKeys = {
	all: ["storedValueStaff"] as const,
	counterPayments: (shopId: number) => ["storedValueStaff", "counter", shopId] as const,
	admin: (shopId: number) => ["storedValueStaff", "admin", shopId] as const,
	members: (shopId: number, q: string) => ["storedValueStaff", "members", shopId, q] as const,
};

const quiet = { toast: false } as const;

/** Today's counter payments at the shop (the shop's local day), newest first as the server sends them. */
export const counterPaymentsQuery = (shopId: number) =>
	queryOptions({
		queryKey: storedValueKeys.counterPayments(shopId),
		queryFn: () => api.get<CounterPaymentView[]>("/merchant/counter/payments", { shopId }, quiet),
	});

/**
 * Charges a member's payment code. The key names the charge intent: the same key on a retry
 * (after a timeout, a dropped answer) is answered with the first charge, never a second one.
 */
export function chargeCounter(input: CounterChargeInput, idempotencyKey: string): Promise<CounterPaymentView> {
	return api.post<CounterPaymentView>("/merchant/counter/charge", input, {
		...quiet,
		headers: { [IDEMPOTENCY_HEADER]: idempotencyKey },
	});
}

/** One member's full phone number (owners only); the server logs each look on the change log. */
export function revealMemberMobile(shopId: number, memberId: number): Promise<MemberMobile> {
	return api.post<MemberMobile>("/merchant/members/mobile", { shopId, memberId }, quiet);
}

export function refundCounter(input: CounterRefundInput): Promise<CounterPaymentView> {
	return api.post<CounterPaymentView>("/merchant/counter/refund", input, { ...quiet, loading: true });
}

export const storedValueAdminQuery = (shopId: number) =>
	queryOptions({
		queryKey: storedValueKeys.admin(shopId),
		queryFn: () => api.get<StoredValueAdmin>("/merchant/stored-value", { shopId }, quiet),
	});

export function saveRechargePackage(input: SaveRechargePackageInput): Promise<StoredValueAdmin> {
	return api.post<StoredValueAdmin>("/merchant/stored-value/package", input, { ...quiet, loading: true });
}

export function saveStoredValueAgreement(input: SaveStoredValueAgreementInput): Promise<StoredValueAdmin> {
	return api.post<StoredValueAdmin>("/merchant/stored-value/agreement", input, { ...quiet, loading: true });
}

/** Members of the tenant matching `q` (part of a nickname or phone digits), page by page by cursor. */
export const membersQuery = (shopId: number, q: string) =>
	infiniteQueryOptions({
		queryKey: storedValueKeys.members(shopId, q),
		initialPageParam: null as string | null,
		queryFn: ({ pageParam, signal }) =>
			api.get<MemberPage>(
				"/merchant/members",
				{ shopId, q, cursor: pageParam ?? undefined, limit: MEMBER_PAGE_SIZE },
				{ ...quiet, signal },
			),
		getNextPageParam: (last) => last.nextCursor ?? undefined,
	});
