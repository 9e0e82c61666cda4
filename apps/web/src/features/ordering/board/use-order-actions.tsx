import type { OrderView, StaffStep } from "@bayon/contract";
import { useState } from "react";
import { ApiError, errorText } from "../../../lib/api-client";
import { useMoney } from "../../../lib/app-config";
import { queryClient } from "../../../lib/query-client";
import { showToast } from "../../../lib/toast";
import { ConfirmDialog } from "../../../ui/confirm-dialog";
import { ReasonDialog } from "../../../ui/staff/reason-dialog";
import { useMerchantText } from "../../../ui/staff/strings";
import { actOnOrder, decideRefund, merchantKeys, ORDER_STATE_CHANGED } from "./api";

/**
 * The shop's taps on one order: a step (accept, ready, dispatch, complete), reject with a
 * reason, and the refund decision (approve after the spec's confirmation, reject with a note).
 * A stale tap ("order changed") refetches the board instead of failing loudly.
 */
export function useOrderActions(onAccepted?: (orderId: number) => void) {
	const { mt } = useMerchantText();
	const money = useMoney();
	const [busyId, setBusyId] = useState<number | null>(null);
	const [rejecting, setRejecting] = useState<OrderView | null>(null);
	const [approving, setApproving] = useState<OrderView | null>(null);
	const [refusing, setRefusing] = useState<OrderView | null>(null);

	const run = async (orderId: number, call: () => Promise<unknown>) => {
		if (busyId !== null) return;
		setBusyId(orderId);
		try {
			await call();
			showToast(mt("action.done"));
		} catch (error) {
			if (error instanceof ApiError && error.code === ORDER_STATE_CHANGED) showToast(mt("action.changed"));
			else showToast(errorText(error));
		} finally {
			setBusyId(null);
			await queryClient.invalidateQueries({ queryKey: merchantKeys.all });
		}
	};

	const act = (order: OrderView, action: StaffStep) => {
		if (action === "reject") {
			setRejecting(order);
			return;
		}
		if (action === "accept") onAccepted?.(order.id);
		void run(order.id, () => actOnOrder(order.id, action));
	};

	const dialogs = (
		<>
			<ReasonDialog
				open={rejecting !== null}
				title={mt("reject.title")}
				testId="merchant-reject-dialog"
				onCancel={() => setRejecting(null)}
				onSubmit={(reason) => {
					const order = rejecting;
					setRejecting(null);
					if (order) {
						onAccepted?.(order.id);
						void run(order.id, () => actOnOrder(order.id, "reject", reason));
					}
				}}
			/>
			<ConfirmDialog
				open={approving !== null}
				message={approving ? mt("refund.confirm", { amount: money(approving.total) }) : ""}
				testId="merchant-refund-confirm"
				onCancel={() => setApproving(null)}
				onConfirm={() => {
					const order = approving;
					setApproving(null);
					if (order) void run(order.id, () => decideRefund(order.id, true));
				}}
			/>
			<ReasonDialog
				open={refusing !== null}
				title={mt("refundReject.title")}
				testId="merchant-refund-reject-dialog"
				onCancel={() => setRefusing(null)}
				onSubmit={(note) => {
					const order = refusing;
					setRefusing(null);
					if (order) void run(order.id, () => decideRefund(order.id, false, note));
				}}
			/>
		</>
	);

	return {
		busyId,
		act,
		approveRefund: (order: OrderView) => setApproving(order),
		rejectRefund: (order: OrderView) => setRefusing(order),
		dialogs,
	};
}

export type OrderActions = ReturnType<typeof useOrderActions>;
