import type { MerchantShopRef, ShopDetail, TableBillView } from "@bayon/contract";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { errorText } from "../../../lib/api-client";
import { usePrice } from "../../../lib/app-config";
import { formatRelativeTime } from "../../../lib/format";
import { useDateLabels } from "../../../lib/i18n";
import { queryClient } from "../../../lib/query-client";
import { showToast } from "../../../lib/toast";
import { ConfirmDialog } from "../../../ui/confirm-dialog";
import { EmptyState, ErrorState, LoadingState } from "../../../ui/states";
import { shopDetailQuery, venueKeys } from "../../venues/api";
import { merchantKeys, openBillsQuery, setDineInPayment, settleBillAtCounter } from "../api";
import { useMerchantText } from "../strings";
import { DisplayCurrencySetting } from "./display-currency-setting";

/**
 * Tables that ate and have not paid (dine-in paid after the meal). When a table pays at the
 * counter, the staff settle its bill here after confirming the amount they collected.
 */
export function OpenBills({ shop }: { shop: MerchantShopRef }) {
	const shopId = shop.shopId;
	const { mt } = useMerchantText();
	const price = usePrice();
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

	return (
		<div role="tabpanel">
			{shop.role === "owner" && <DineInPaymentSwitch shopId={shopId} />}
			{shop.role === "owner" && <DisplayCurrencySetting shopId={shopId} />}
			{bills.isPending ? (
				<LoadingState />
			) : bills.isError && !bills.data ? (
				<ErrorState onRetry={() => void bills.refetch()} />
			) : bills.data.length === 0 ? (
				<EmptyState title={mt("bills.empty")} compact />
			) : (
				<BillList bills={bills.data} onSettle={setSettling} busy={busy} />
			)}
			<ConfirmDialog
				open={settling !== null}
				message={
					settling
						? settling.due === 0
							? mt("bills.confirmClose", { table: settling.tableNumber })
							: mt("bills.confirmSettle", {
									table: settling.tableNumber,
									amount: price(settling.due),
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

/**
 * The owner's choice: dine-in guests pay each round up front, or the table's bill after the
 * meal. Tables already eating keep their open bill either way.
 */
function DineInPaymentSwitch({ shopId }: { shopId: number }) {
	const { mt, lang } = useMerchantText();
	const shop = useQuery(shopDetailQuery(shopId, lang));
	const [saving, setSaving] = useState(false);
	const toggle = async (payAfterMeal: boolean) => {
		setSaving(true);
		try {
			const saved = await setDineInPayment(shopId, payAfterMeal);
			// The switch shows what the server saved at once, before the shop is fetched again.
			queryClient.setQueryData(venueKeys.detail(shopId, lang), (shop: ShopDetail | undefined) =>
				shop ? { ...shop, deskPayAfterMeal: saved.deskPayAfterMeal } : shop,
			);
			showToast(mt(payAfterMeal ? "bills.payAfterMealOn" : "bills.payAfterMealOff"));
		} catch (error) {
			showToast(errorText(error));
		} finally {
			setSaving(false);
			await queryClient.invalidateQueries({ queryKey: ["venues"] });
		}
	};
	if (!shop.data) return null;
	return (
		<label className="card switch-row merchant-setting">
			<span className="switch-row__text">
				<span>{mt("bills.payAfterMeal")}</span>
				<span className="field__hint">{mt("bills.payAfterMealHint")}</span>
			</span>
			<input
				type="checkbox"
				role="switch"
				className="switch"
				aria-checked={shop.data.deskPayAfterMeal}
				checked={shop.data.deskPayAfterMeal}
				disabled={saving}
				onChange={(event) => void toggle(event.target.checked)}
				data-testid="merchant-pay-after-meal"
			/>
		</label>
	);
}

function BillList({
	bills,
	onSettle,
	busy,
}: {
	bills: TableBillView[];
	onSettle: (bill: TableBillView) => void;
	busy: boolean;
}) {
	const { mt, lang } = useMerchantText();
	const price = usePrice();
	const dateLabels = useDateLabels();
	return (
		<div className="merchant-board__list" data-testid="merchant-bills">
			{bills.map((bill) => (
				<article key={bill.id} className="card merchant-card" data-testid={`merchant-bill-${bill.id}`}>
					<header className="merchant-card__head">
						<span className="merchant-card__number">{mt("order.table", { number: bill.tableNumber })}</span>
						<span className="merchant-tag">{mt("bills.rounds", { count: bill.rounds.length })}</span>
						<span className="merchant-card__since">
							{mt("bills.openedAt", { time: formatRelativeTime(bill.openedAt, lang, dateLabels) })}
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
							{mt("bills.due", { amount: price(bill.due) })}
						</span>
						<button
							type="button"
							className="button button--primary button--small"
							disabled={busy}
							onClick={() => onSettle(bill)}
							data-testid="merchant-bill-settle"
						>
							{mt(bill.due === 0 ? "bills.close" : "bills.settle")}
						</button>
					</footer>
				</article>
			))}
		</div>
	);
}
