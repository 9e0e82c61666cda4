import type { RecordRefundTransferInput, RefundTransferList, RefundTransferView } from "@bayon/contract";
import { queryOptions } from "@tanstack/react-query";
import { api } from "../../../../lib/api-client";

/**
 * The platform operator's KHQR refunds (contract payments/transfers.ts). The page shows every
 * error itself (a message with a retry, a problem under the field), so nothing here toasts.
 */
export const refundTransferKeys = { list: ["platform", "refund-transfers"] as const };

const quiet = { toast: false } as const;

export const refundTransfersQuery = queryOptions({
	queryKey: refundTransferKeys.list,
	queryFn: ({ signal }) =>
		api.get<RefundTransferList>("/platform/payments/refund-transfers", undefined, { ...quiet, signal }),
});

export function recordRefundTransfer(input: RecordRefundTransferInput): Promise<RefundTransferView> {
	return api.post<RefundTransferView>("/platform/payments/refund-transfers/record", input, quiet);
}
