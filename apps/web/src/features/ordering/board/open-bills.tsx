import type { BillRoundView, MerchantShopRef, ShopDetail, TableBillView } from "@bayon/contract";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { Link } from "react-router";
import { errorText } from "../../../lib/api-client";
import { usePrice } from "../../../lib/app-config";
import { formatRelativeTime } from "../../../lib/format";
import { useDateLabels } from "../../../lib/i18n";
import { Paths, withQuery } from "../../../lib/paths";
import { queryClient } from "../../../lib/query-client";
import { showToast } from "../../../lib/toast";
import { ConfirmDialog } from "../../../ui/confirm-dialog";
import { useMerchantText } from "../../../ui/staff/strings";
import { EmptyState, ErrorState, LoadingState } from "../../../ui/states";
import { shopDetailQuery, venueKeys } from "../../venues/api";
import {
	clearTable,
	closeBillWithNothingDue,
	merchantKeys,
	openBillsQuery,
	removeBillRound,
	setDineInPayment,
} from "./api";
import { DisplayCurrencySetting } from "./display-currency-setting";

/** A staff action on the bills waiting for confirmation. */
type Pending =
	| { kind: "clear"; bill: TableBillView }
	| { kind: "closeCovered"; bill: TableBillView }
	| { kind: "remove"; bill: TableBillView; round: BillRoundView; number: number };

/**
 * Tables that ordered and have not paid (dine-in paid after the meal). Each round shows who
 * ordered it and when, so a round nobody at the table ordered stands out; the staff can
 * remove such a round before it is paid, take payment for the bill at the counter (the till's
 * Take payment sheet: cash, card terminal or the member's balance, decision 029), close a bill
 * that a booking's deposit covers in full (nothing to take: the deposit pays the rounds), or
 * clear the table (its seating ends and the codes the diners hold stop working, decision 009).
 * Each asks for confirmation first.
 */
export function OpenBills({ shop }: { shop: MerchantShopRef }) {
	const shopId = shop.shopId;
	const { mt } = useMerchantText();
	const price = usePrice();
	const bills = useQuery({ ...openBillsQuery(shopId), refetchInterval: 30_000 });
	const [pending, setPending] = useState<Pending | null>(null);
	const [busy, setBusy] = useState(false);

	const run = async (action: Pending) => {
		setPending(null);
		setBusy(true);
		const table = action.bill.tableNumber;
		try {
			if (action.kind === "remove") {
				await removeBillRound(action.round.orderId);
				showToast(mt("bills.removed", { table, n: action.number }));
			} else if (action.kind === "closeCovered") {
				await closeBillWithNothingDue(action.bill.id);
				showToast(mt("bills.closedCovered", { table }));
			} else {
				await clearTable(action.bill.id, action.bill.due);
				showToast(mt("bills.cleared", { table }));
			}
		} catch (error) {
			// The bill changed (a new round, a diner paid online): the list shows it as it is now.
			showToast(errorText(error));
		} finally {
			setBusy(false);
			void queryClient.invalidateQueries({ queryKey: merchantKeys.all });
		}
	};

	const question = (action: Pending): string => {
		const table = action.bill.tableNumber;
		if (action.kind === "remove")
			return mt("bills.confirmRemove", {
				table,
				n: action.number,
				amount: price(action.round.total),
				who: ordererName(action.round),
			});
		if (action.kind === "closeCovered")
			return mt("bills.confirmCloseCovered", { table, amount: price(coveredTotal(action.bill)) });
		// Clearing cancels every unpaid round, a deposit-covered one too (the deposit then goes back).
		const unpaid = coveredTotal(action.bill);
		return unpaid === 0
			? mt("bills.confirmClear", { table })
			: mt("bills.confirmClearUnpaid", { table, amount: price(unpaid) });
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
				<BillList bills={bills.data} onAction={setPending} busy={busy} />
			)}
			<ConfirmDialog
				open={pending !== null}
				message={pending ? question(pending) : ""}
				destructive={pending?.kind === "remove" || (pending?.kind === "clear" && coveredTotal(pending.bill) > 0)}
				onConfirm={() => pending && void run(pending)}
				onCancel={() => setPending(null)}
				testId="merchant-bill-confirm"
			/>
		</div>
	);
}

/** Rounds still open for payment (not cancelled or rejected): what a booking's deposit may cover. */
function unpaidRounds(bill: TableBillView): BillRoundView[] {
	return bill.rounds.filter(
		(round) => round.paymentStatus === "unpaid" && round.status !== "cancelled" && round.status !== "rejected",
	);
}

/** What the deposit pays when the bill is closed: the unpaid rounds, which it covers in full. */
function coveredTotal(bill: TableBillView): number {
	return unpaidRounds(bill).reduce((sum, round) => sum + round.total, 0);
}

/** Who ordered a round, as the staff see it: nickname and masked phone. */
function ordererName(round: BillRoundView): string {
	return [round.orderedBy?.nickname, round.orderedBy?.mobile].filter(Boolean).join(" ");
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
	onAction,
	busy,
}: {
	bills: TableBillView[];
	onAction: (action: Pending) => void;
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
					{bill.rounds.map((round, index) =>
						round.status === "cancelled" || round.status === "rejected" ? null : (
							<section
								key={round.orderId}
								className="merchant-bill-round"
								data-testid={`merchant-bill-round-${round.orderId}`}
							>
								<div className="merchant-bill-round__head">
									<span className="merchant-bill-round__name">{mt("bills.round", { n: index + 1 })}</span>
									<span className="merchant-bill-round__by" data-testid="merchant-round-by">
										{mt("bills.roundBy", {
											name: round.orderedBy?.nickname ?? "",
											mobile: round.orderedBy?.mobile ?? "",
											time: formatRelativeTime(round.createdAt, lang, dateLabels),
										})}
									</span>
									{round.paymentStatus === "unpaid" && (
										<button
											type="button"
											className="button button--ghost button--small merchant-bill-round__remove"
											disabled={busy}
											onClick={() => onAction({ kind: "remove", bill, round, number: index + 1 })}
											data-testid="merchant-round-remove"
										>
											{mt("bills.remove")}
										</button>
									)}
								</div>
								<ul className="merchant-card__lines">
									{round.lines.map((line, lineIndex) => (
										// biome-ignore lint/suspicious/noArrayIndexKey: a round's lines never change order
										<li key={lineIndex}>
											<span>{line.name}</span>
											<span>×{line.quantity}</span>
										</li>
									))}
								</ul>
							</section>
						),
					)}
					<footer className="merchant-card__foot">
						<span className="merchant-card__total" data-testid="merchant-bill-due">
							{mt("bills.due", { amount: price(bill.due) })}
						</span>
					</footer>
					<div className="merchant-actions">
						<button
							type="button"
							className="button button--ghost button--small"
							disabled={busy}
							onClick={() => onAction({ kind: "clear", bill })}
							data-testid="merchant-bill-clear"
						>
							{mt("bills.clear")}
						</button>
						{bill.due === 0 && unpaidRounds(bill).length > 0 && (
							<button
								type="button"
								className="button button--primary button--small"
								disabled={busy}
								onClick={() => onAction({ kind: "closeCovered", bill })}
								data-testid="merchant-bill-close-covered"
							>
								{mt("bills.closeCovered")}
							</button>
						)}
						{bill.due > 0 && (
							<Link
								className="button button--primary button--small"
								to={withQuery(Paths.merchantTill, {
									take: "table_bill",
									id: bill.id,
									amount: bill.due,
									label: bill.tableNumber,
								})}
								data-testid="merchant-bill-settle"
							>
								{mt("bills.settle")}
							</Link>
						)}
					</div>
				</article>
			))}
		</div>
	);
}
