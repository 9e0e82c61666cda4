import { formatSecondMoney, type WalletSummary } from "@bayon/contract";
import { Link } from "react-router";
import { useCurrency, useMoney } from "../../../lib/app-config";
import { Paths } from "../../../lib/paths";
import { CardIcon, ReceiptIcon, WalletIcon, WarningIcon } from "../../../ui/icons";
import { useWalletText } from "../wallet-strings";
import { formatBasisPoints, holdPeriod } from "./wallet-format";

/**
 * The wallet's header: what may be withdrawn now, what is pending and what is being withdrawn,
 * a debt when refunds took more than was available, today's and this month's net, and the
 * platform's terms in one sentence. The owner also gets the ways to withdraw; the operator
 * reads the same card without them.
 */
export function WalletSummaryCard({ summary, owner }: { summary: WalletSummary; owner: boolean }) {
	const { wt } = useWalletText();
	const money = useMoney();
	return (
		<section className="card wallet-summary" aria-labelledby="wallet-summary-title" data-testid="wallet-summary">
			<h2 className="wallet-summary__shop" id="wallet-summary-title">
				<WalletIcon aria-hidden="true" />
				{summary.shopName}
			</h2>
			<Figure
				label={wt("summary.withdrawable")}
				amount={summary.withdrawable}
				testId="wallet-withdrawable"
				className="wallet-figure--main"
			/>
			{summary.owed > 0 && (
				<p className="wallet-debt" data-testid="wallet-owed">
					<WarningIcon aria-hidden="true" className="wallet-debt__icon" />
					<span>{wt(owner ? "summary.owed" : "summary.owedShop", { amount: money(summary.owed) })}</span>
				</p>
			)}
			<dl className="wallet-summary__tiles">
				<Figure label={wt("summary.pending")} amount={summary.pending} testId="wallet-pending" tile />
				<Figure label={wt("summary.withdrawing")} amount={summary.withdrawing} testId="wallet-withdrawing" tile />
				<Figure label={wt("summary.today")} amount={summary.today} testId="wallet-today" tile signed />
				<Figure label={wt("summary.month")} amount={summary.month} testId="wallet-month" tile signed />
			</dl>
			<p className="wallet-summary__hint">{wt("summary.netHint")}</p>
			<Terms summary={summary} />
			{owner && (
				<div className="wallet-actions">
					<Link
						to={Paths.merchantCash}
						className="button button--primary wallet-actions__main"
						data-testid="wallet-withdraw"
					>
						{wt("action.withdraw")}
					</Link>
					<Link
						to={Paths.merchantCashAccount}
						className="button button--ghost button--small"
						data-testid="wallet-accounts"
					>
						<CardIcon aria-hidden="true" />
						{wt("action.accounts")}
					</Link>
					<Link
						to={Paths.merchantWithdrawal}
						className="button button--ghost button--small"
						data-testid="wallet-withdrawals"
					>
						<ReceiptIcon aria-hidden="true" />
						{wt("action.withdrawals")}
					</Link>
				</div>
			)}
		</section>
	);
}

/** One amount with its label, in the shop's currency and, when the owner set one, the second display currency under it. */
function Figure({
	label,
	amount,
	testId,
	className = "",
	tile = false,
	signed = false,
}: {
	label: string;
	amount: number;
	testId: string;
	className?: string;
	tile?: boolean;
	signed?: boolean;
}) {
	const money = useMoney();
	const currency = useCurrency();
	const second = formatSecondMoney(amount, currency);
	const tone = signed && amount < 0 ? " is-out" : "";
	const body = (
		<>
			<span className="wallet-figure__value" data-testid={testId}>
				{signed && amount > 0 ? `+${money(amount)}` : money(amount)}
			</span>
			{second && (
				<span className="wallet-figure__second" data-testid={`${testId}-second`}>
					{second}
				</span>
			)}
		</>
	);
	if (tile)
		return (
			<div className={`wallet-figure wallet-figure--tile${tone}`}>
				<dt className="wallet-figure__label">{label}</dt>
				<dd className="wallet-figure__amounts">{body}</dd>
			</div>
		);
	return (
		<p className={`wallet-figure ${className}${tone}`}>
			<span className="wallet-figure__label">{label}</span>
			<span className="wallet-figure__amounts">{body}</span>
		</p>
	);
}

/** The hold and the commission in one plain sentence, then the minimum and how long a withdrawal takes. */
function Terms({ summary }: { summary: WalletSummary }) {
	const { wt, plural } = useWalletText();
	const money = useMoney();
	const hold = holdPeriod(summary.holdHours);
	const holdText =
		hold.unit === "none"
			? wt("terms.holdNone")
			: plural(hold.unit === "days" ? "terms.holdDays" : "terms.holdHours", hold.count);
	const commission =
		summary.commissionBps > 0
			? wt("terms.commission", { rate: formatBasisPoints(summary.commissionBps) })
			: wt("terms.commissionNone");
	return (
		<div className="wallet-terms">
			<p data-testid="wallet-terms">{wt("terms.sentence", { hold: holdText, commission })}</p>
			<p data-testid="wallet-terms-withdraw">
				{wt("terms.withdraw", { amount: money(summary.minimumWithdrawal), days: summary.arrivalWorkingDays })}
			</p>
		</div>
	);
}
