import type { CounterPaymentView } from "@bayon/contract";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { errorText } from "../../../lib/api-client";
import { useMoney } from "../../../lib/app-config";
import { clockTime } from "../../../lib/shop-clock";
import { showToast } from "../../../lib/toast";
import { ConfirmDialog } from "../../../ui/confirm-dialog";
import { EmptyState, ErrorState, LoadingState } from "../../../ui/states";
import { shopDetailQuery } from "../../venues/api";
import { counterPaymentsQuery, refundCounter, storedValueKeys } from "../staff-api";
import { useStaffStoredValueText } from "../staff-strings";

/**
 * Today's counter payments at the shop, newest first: when (on the shop's clock), who paid,
 * how much, who took it; a refund button on those the server still allows to be refunded
 * (today's, not yet refunded), behind a confirmation. Refetched every minute, so payments
 * another member of staff took show up.
 */
export function StaffCounterPayments({ shopId }: { shopId: number }) {
	const { st, plural, lang } = useStaffStoredValueText();
	const money = useMoney();
	const queryClient = useQueryClient();
	const payments = useQuery({ ...counterPaymentsQuery(shopId), refetchInterval: 60_000 });
	// Times read on the shop's clock; until its time zone is known, on the device's.
	const timeZone = useQuery(shopDetailQuery(shopId, lang)).data?.timezone;
	const [refunding, setRefunding] = useState<CounterPaymentView | null>(null);

	const refund = async (payment: CounterPaymentView) => {
		setRefunding(null);
		try {
			const refunded = await refundCounter({ shopId, paymentId: payment.id });
			queryClient.setQueryData(storedValueKeys.counterPayments(shopId), (list: CounterPaymentView[] | undefined) =>
				list?.map((item) => (item.id === refunded.id ? refunded : item)),
			);
			showToast(st("counter.refunded", { amount: money(refunded.amount), name: refunded.payer.nickname }));
		} catch (error) {
			// Refunded by someone else, or the day has passed: the server says which; the list catches up.
			showToast(errorText(error));
		}
		await queryClient.invalidateQueries({ queryKey: storedValueKeys.counterPayments(shopId) });
	};

	const list = payments.data ?? [];
	const paid = list.filter((payment) => payment.status === "paid");
	const total = paid.reduce((sum, payment) => sum + payment.amount, 0);
	return (
		<section className="card sv-counter__today" aria-labelledby="sv-counter-today" data-testid="counter-today">
			<header className="sv-section__head">
				<h2 className="section__title" id="sv-counter-today">
					{st("counter.today")}
				</h2>
				{list.length > 0 && (
					<span className="sv-section__meta" data-testid="counter-today-total">
						{plural("counter.todayTotal", paid.length, { amount: money(total) })}
					</span>
				)}
			</header>
			{payments.isPending ? (
				<LoadingState compact />
			) : payments.isError && !payments.data ? (
				<ErrorState compact message={errorText(payments.error)} onRetry={() => void payments.refetch()} />
			) : list.length === 0 ? (
				<EmptyState compact title={st("counter.empty")} />
			) : (
				<ul className="sv-payments" data-testid="counter-payments">
					{list.map((payment) => (
						<li
							key={payment.id}
							className={`sv-payments__row${payment.status === "refunded" ? " is-refunded" : ""}`}
							data-testid={`counter-payment-${payment.id}`}
						>
							<span className="sv-payments__time">{clockTime(payment.createdAt, timeZone)}</span>
							<span className="sv-payments__who">
								<strong>
									{payment.payer.nickname} · {payment.payer.mobileTail}
								</strong>
								<small className="field__hint">
									{[payment.note, st("counter.takenBy", { name: payment.takenBy })].filter(Boolean).join(" · ")}
								</small>
							</span>
							<span className="sv-payments__amount">
								<span className="sv-payments__money">{money(payment.amount)}</span>
								<span
									className={`tag${payment.status === "refunded" ? " tag--muted" : ""}`}
									data-testid={`counter-payment-${payment.id}-status`}
								>
									{st(`counter.status.${payment.status}`)}
								</span>
							</span>
							{payment.refundable && payment.status === "paid" && (
								<button
									type="button"
									className="button button--ghost button--small sv-payments__refund"
									onClick={() => setRefunding(payment)}
									data-testid={`counter-refund-${payment.id}`}
								>
									{st("counter.refund")}
								</button>
							)}
						</li>
					))}
				</ul>
			)}
			<ConfirmDialog
				open={refunding !== null}
				message={
					refunding
						? st("counter.refundConfirm", { amount: money(refunding.amount), name: refunding.payer.nickname })
						: ""
				}
				confirmLabel={st("counter.refund")}
				destructive
				onCancel={() => setRefunding(null)}
				onConfirm={() => refunding && void refund(refunding)}
				testId="counter-refund-confirm"
			/>
		</section>
	);
}
