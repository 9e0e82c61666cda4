import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useNavigate, useSearchParams } from "react-router";
import { errorText } from "../../../lib/api-client";
import { useMoney } from "../../../lib/app-config";
import { useI18n } from "../../../lib/i18n";
import { Paths, withQuery } from "../../../lib/paths";
import { showToast } from "../../../lib/toast";
import { useDebouncedSubmit } from "../../../lib/use-debounced-submit";
import { ConfirmDialog } from "../../../ui/confirm-dialog";
import { EmptyState, ErrorState, LoadingState } from "../../../ui/states";
import { invalidateOrders, orderDetailQuery, requestRefund } from "./api";
import "./orders.css";

export const REFUND_REASON_MAX = 200;

/** orders/refund?id=: the reason (required, at most 200 characters), a confirmation, submit. */
export default function RefundScreen() {
	const { t, m, lang } = useI18n();
	const money = useMoney();
	const navigate = useNavigate();
	const [params] = useSearchParams();
	const id = Number(params.get("id"));
	const valid = Number.isSafeInteger(id) && id > 0;
	const query = useQuery({ ...orderDetailQuery(id, lang), enabled: valid });
	const [reason, setReason] = useState("");
	const [touched, setTouched] = useState(false);
	const [confirming, setConfirming] = useState(false);
	const trimmed = reason.trim();
	const error = !trimmed ? m("enterReason") : [...trimmed].length > REFUND_REASON_MAX ? m("reasonTooLong") : null;

	const [submit, submitting] = useDebouncedSubmit(async () => {
		setConfirming(false);
		try {
			await requestRefund(id, trimmed);
		} catch (failure) {
			showToast(errorText(failure));
			return;
		}
		await invalidateOrders();
		showToast(t("refund.requestedToast"));
		navigate(withQuery(Paths.orderDetail, { id }), { replace: true });
	});

	if (!valid) return <EmptyState title={t("orders.notFound")} />;
	if (query.isPending) return <LoadingState />;
	if (query.isError) return <ErrorState message={errorText(query.error)} onRetry={() => void query.refetch()} />;
	const order = query.data;
	if (!order.actions.includes("requestRefund")) return <EmptyState title={t(`refund.${order.refundStatus}`)} />;

	return (
		<form
			className="form-page refund-page"
			data-testid="refund-page"
			onSubmit={(event) => {
				event.preventDefault();
				setTouched(true);
				if (!error) setConfirming(true);
			}}
		>
			<p className="refund-page__summary">
				{order.shopName} · #{order.pickupNumber} · <strong>{money(order.total)}</strong>
			</p>
			<label className="remark-field">
				<span className="form-label">{t("refund.reason")}</span>
				<textarea
					value={reason}
					rows={5}
					placeholder={t("refund.reasonPlaceholder")}
					onChange={(event) => setReason(event.target.value)}
					onBlur={() => setTouched(true)}
					aria-invalid={touched && !!error}
					data-testid="refund-reason"
				/>
			</label>
			<p className="remark-counter">
				{[...trimmed].length}/{REFUND_REASON_MAX}
			</p>
			{touched && error && (
				<p className="field-error" role="alert" data-testid="refund-error">
					{error}
				</p>
			)}
			<button
				type="submit"
				className="button button--primary button--block"
				disabled={submitting}
				data-testid="refund-submit"
			>
				{t("refund.submit")}
			</button>
			<ConfirmDialog
				open={confirming}
				message={m("confirmRefund")}
				onCancel={() => setConfirming(false)}
				onConfirm={() => submit()}
			/>
		</form>
	);
}
