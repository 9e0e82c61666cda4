import type { BillRoundView, KhqrCurrency, PayMethod, SeatingEndedData, TableBillView } from "@bayon/contract";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { type ReactNode, useState } from "react";
import { Link } from "react-router";
import { ApiError, errorText } from "../../../lib/api-client";
import { usePrice } from "../../../lib/app-config";
import { useI18n } from "../../../lib/i18n";
import { useSwitchTab } from "../../../lib/navigation-hooks";
import { Paths } from "../../../lib/paths";
import { isLoggedIn, useAppState } from "../../../lib/store";
import { showToast } from "../../../lib/toast";
import { useDebouncedSubmit } from "../../../lib/use-debounced-submit";
import { EmptyState, ErrorState, LoadingState } from "../../../ui/states";
import { useMemberInfo } from "../../identity/api";
import { railCurrencyFor } from "../../payments/checkout/pay-method";
import { PayMethodPicker } from "../../payments/checkout/pay-method-picker";
import { PricedLines } from "../cart/priced-lines";
import { invalidateOrders, payTableBill, tableBillQuery } from "../orders/api";
import { useLiveOrders } from "../orders/use-live-orders";
import "../../../ui/footer-bar.css";
import "../ordering.css";
import "../orders/orders.css";

/** The bill changed (a round added or cancelled): contract ErrorCode.BillChanged. */
const BILL_CHANGED = 1008007011;
/** The seating the desk's token belongs to has ended: contract ErrorCode.SeatingEnded. */
const SEATING_ENDED = 1008007015;

/**
 * orders/bill: the bill of the seating the customer joined by scanning the table. Every round
 * ordered at the table (by anyone sitting there), what is left to pay, and paying it all at
 * once. Once the seating has ended (paid, cleared, code reprinted) the token the app keeps is
 * refused: the page says so, shows the bill the diner settled if they took part in it, and
 * sends them to scan the code on the table again.
 */
export default function TableBillScreen() {
	const { t, lang } = useI18n();
	const desk = useAppState((s) => s.desk);
	const signedIn = useAppState(isLoggedIn);
	const bill = useQuery({ ...tableBillQuery(desk?.token ?? "", lang), enabled: !!desk && signedIn });
	const queryClient = useQueryClient();
	useMemberInfo();
	useLiveOrders(() => void queryClient.invalidateQueries({ queryKey: ["orders", "bill"] }));

	if (!desk)
		return (
			<EmptyState title={t("bill.noTable")}>
				<Link to={Paths.scan} className="button button--primary" data-testid="bill-scan">
					{t("bill.scan")}
				</Link>
			</EmptyState>
		);
	if (!signedIn)
		return (
			<EmptyState title={t("order.placeholderTitle")}>
				<Link to={Paths.login} className="button button--primary">
					{t("order.signInPrompt")}
				</Link>
			</EmptyState>
		);
	if (bill.isPending) return <LoadingState />;
	if (bill.isError) {
		if (bill.error instanceof ApiError && bill.error.code === SEATING_ENDED)
			return <SeatingEnded ended={bill.error.data as SeatingEndedData} message={errorText(bill.error)} />;
		return <ErrorState message={errorText(bill.error)} onRetry={() => void bill.refetch()} />;
	}
	if (!bill.data) return <NoBill table={desk.number} />;
	return <Bill bill={bill.data} tableToken={desk.token} onChanged={() => void bill.refetch()} />;
}

/** The seating is over: why, the bill the diner settled (if theirs), and the way back in. */
function SeatingEnded({ ended, message }: { ended: SeatingEndedData; message: string }) {
	const { t } = useI18n();
	const title = t(
		ended.reason === "paid"
			? "bill.endedPaid"
			: ended.reason === "closed"
				? "bill.endedClosed"
				: "bill.endedCodeChanged",
	);
	const note = (
		<section className="card cart-card table-bill__ended" role="status" data-testid="bill-seating-ended">
			<h2 className="cart-card__title">{title}</h2>
			<p className="summary__note">{message}</p>
			<Link to={Paths.scan} className="button button--primary button--block" data-testid="bill-scan-again">
				{t("table.rescan")}
			</Link>
		</section>
	);
	if (ended.bill) return <Bill bill={ended.bill} tableToken="" onChanged={() => {}} endedNote={note} />;
	return <div className="cart-page table-bill">{note}</div>;
}

function NoBill({ table }: { table: string }) {
	const { t } = useI18n();
	const switchTab = useSwitchTab();
	return (
		<EmptyState title={t("bill.none", { table })}>
			<button
				type="button"
				className="button button--primary"
				onClick={() => switchTab("menu")}
				data-testid="bill-order"
			>
				{t("bill.orderNow")}
			</button>
		</EmptyState>
	);
}

function Bill({
	bill,
	tableToken,
	onChanged,
	endedNote,
}: {
	bill: TableBillView;
	tableToken: string;
	onChanged: () => void;
	/** A settled bill is only shown once its seating has ended: this says so and how to order again. */
	endedNote?: ReactNode;
}) {
	const { t } = useI18n();
	const money = usePrice();
	const switchTab = useSwitchTab();
	const [payMethod, setPayMethod] = useState<PayMethod>("balance");
	const [railCurrency, setRailCurrency] = useState<KhqrCurrency | null>(null);

	const [pay, paying] = useDebouncedSubmit(async () => {
		try {
			const result = await payTableBill(tableToken, payMethod, bill.due, railCurrencyFor(payMethod, railCurrency));
			if (result.redirectUrl) {
				window.location.assign(result.redirectUrl);
				return;
			}
			showToast(t("bill.paidToast"));
		} catch (error) {
			showToast(errorText(error));
			// A round was added or cancelled meanwhile: show the new total before anyone pays it.
			if (!(error instanceof ApiError) || error.code !== BILL_CHANGED) return;
		}
		void invalidateOrders();
		onChanged();
	});

	const settled = bill.status === "settled";
	return (
		<div
			className={`cart-page table-bill${settled ? "" : " has-footer"}`}
			data-testid="table-bill"
			data-status={bill.status}
		>
			<section className="card cart-card">
				<h2 className="cart-card__title" data-testid="bill-table">
					{t("bill.title", { table: bill.tableNumber })}
					{bill.diners ? ` · ${t("bill.diners", { count: bill.diners })}` : ""}
				</h2>
				{settled && (
					<p className="summary__note" role="status" data-testid="bill-settled">
						<strong>{t("bill.settledTitle")}</strong>{" "}
						{bill.settleMethod === "nothing_due"
							? t("bill.nothingDue")
							: t("bill.settledBody", {
									amount: money(bill.paidTotal),
									method: t(`payMethod.${bill.settleMethod ?? "balance"}`),
								})}
					</p>
				)}
			</section>
			{bill.rounds.map((round, index) => (
				<Round key={round.orderId} round={round} number={index + 1} />
			))}
			{!settled && (
				<>
					<button
						type="button"
						className="button button--ghost button--block"
						onClick={() => switchTab("menu")}
						data-testid="bill-order-more"
					>
						{t("bill.orderMore")}
					</button>
					<PayMethodPicker
						value={payMethod}
						onChange={setPayMethod}
						total={bill.due}
						railCurrency={railCurrency}
						onRailCurrencyChange={setRailCurrency}
					/>
					<footer className="cart-footer">
						<span className="cart-footer__total">
							<span className="cart-footer__label">{t("bill.due")}</span>
							<span className="price price--large" data-testid="bill-due">
								{money(bill.due)}
							</span>
						</span>
						<button
							type="button"
							className="button button--primary cart-footer__button"
							onClick={() => pay()}
							disabled={paying || bill.due === 0}
							data-testid="bill-pay"
						>
							{paying ? t("bill.paying") : t("bill.pay", { amount: money(bill.due) })}
						</button>
					</footer>
				</>
			)}
			{settled && endedNote}
		</div>
	);
}

function Round({ round, number }: { round: BillRoundView; number: number }) {
	const { t } = useI18n();
	const money = usePrice();
	const dropped = round.status === "cancelled" || round.status === "rejected";
	return (
		<section
			className={`card cart-card bill-round${dropped ? " is-dropped" : ""}`}
			data-testid={`bill-round-${round.orderId}`}
		>
			<h3 className="bill-round__head">
				<span>{t("bill.round", { n: number })}</span>
				{round.mine && <span className="bill-round__tag">{t("bill.mine")}</span>}
				<span className="bill-round__state">
					{dropped ? t("bill.notCharged") : round.paymentStatus === "paid" ? t("bill.paidRound") : money(round.total)}
				</span>
			</h3>
			<PricedLines lines={round.lines.map((line, index) => ({ ...line, key: index }))} />
		</section>
	);
}
