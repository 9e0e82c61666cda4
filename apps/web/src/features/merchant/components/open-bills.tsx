import type { TableBillView } from "@bayon/contract";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { errorText } from "../../../lib/api-client";
import { formatDate, formatMoney } from "../../../lib/format";
import { queryClient } from "../../../lib/query-client";
import { useAppState } from "../../../lib/store";
import { showToast } from "../../../lib/toast";
import { ConfirmDialog } from "../../../ui/confirm-dialog";
import { EmptyState, ErrorState, LoadingState } from "../../../ui/states";
import { merchantKeys, openBillsQuery, settleBillAtCounter } from "../api";
import { useMerchantText } from "../strings";

/**
 * Tables that ate and have not paid (dine-in paid after the meal). When a table pays at the
 * counter, the staff settle its bill here after confirming the amount they collected.
 */
export function OpenBills({ shopId }: { shopId: number }) {
	const { mt, lang } = useMerchantText();
	const currency = useAppState((s) => s.currency);
	const bills = useQuery({ ...openBillsQuery(shopId), refetchInterval: 30_000 });
	const [settling, setSettling] = useState<TableBillView | null>(null);
	const [busy, setBusy] = useState(false);

	const settle = async (bill: TableBillView) => {
		setSettling(null);
		setBusy(true);
		try {
			await settleBillAtCounter(bill.id, bill.due);
			showToast(mt("bills.settled", { table: bill.tableNumber }));
		} catch (error) {
			// The bill changed (a new round, or a diner paid online): the list shows it as it is now.
			showToast(errorText(error));
		} finally {
			setBusy(false);
			void queryClient.invalidateQueries({ queryKey: merchantKeys.all });
		}
	};

	if (bills.isPending) return <LoadingState />;
	if (bills.isError && !bills.data) return <ErrorState onRetry={() => void bills.refetch()} />;
	if (bills.data.length === 0) return <EmptyState title={mt("bills.empty")} compact />;
	return (
		<div className="merchant-board__list" role="tabpanel" data-testid="merchant-bills">
			{bills.data.map((bill) => (
				<article key={bill.id} className="card merchant-card" data-testid={`merchant-bill-${bill.id}`}>
					<header className="merchant-card__head">
						<span className="merchant-card__number">{mt("order.table", { number: bill.tableNumber })}</span>
						<span className="merchant-tag">{mt("bills.rounds", { count: bill.rounds.length })}</span>
						<span className="merchant-card__status">
							{mt("bills.openedAt", { time: formatDate(bill.openedAt, lang) })}
						</span>
					</header>
					<ul className="merchant-card__lines">
						{bill.rounds
							.filter((round) => round.status !== "cancelled" && round.status !== "rejected")
							.flatMap((round) => round.lines.map((line, index) => ({ line, key: `${round.orderId}:${index}` })))
							.map(({ line, key }) => (
								<li key={key}>
									<span>{line.name}</span>
									<span>×{line.quantity}</span>
								</li>
							))}
					</ul>
					<footer className="merchant-card__foot">
						<span className="merchant-card__total" data-testid="merchant-bill-due">
							{mt("bills.due", { amount: formatMoney(bill.due, currency) })}
						</span>
						<button
							type="button"
							className="button button--primary button--small"
							disabled={busy}
							onClick={() => setSettling(bill)}
							data-testid="merchant-bill-settle"
						>
							{mt(bill.due === 0 ? "bills.close" : "bills.settle")}
						</button>
					</footer>
				</article>
			))}
			<ConfirmDialog
				open={settling !== null}
				message={
					settling
						? settling.due === 0
							? mt("bills.confirmClose", { table: settling.tableNumber })
							: mt("bills.confirmSettle", {
									table: settling.tableNumber,
									amount: formatMoney(settling.due, currency),
								})
						: ""
				}
				onConfirm={() => settling && void settle(settling)}
				onCancel={() => setSettling(null)}
				testId="merchant-bill-confirm"
			/>
		</div>
	);
}
