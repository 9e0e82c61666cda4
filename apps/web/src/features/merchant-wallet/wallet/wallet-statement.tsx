import type { StatementLine } from "@bayon/contract";
import { Link } from "react-router";
import { errorText } from "../../../lib/api-client";
import { useMoney } from "../../../lib/app-config";
import { formatLocalDate } from "../../../lib/format";
import { useDateLabels } from "../../../lib/i18n";
import { Paths, withQuery } from "../../../lib/paths";
import { clockTime } from "../../../lib/shop-clock";
import { DatePicker } from "../../../ui/date-picker";
import { DocumentIcon } from "../../../ui/icons";
import { ListEnd } from "../../../ui/list-end";
import { EmptyState, ErrorState, LoadingState } from "../../../ui/states";
import { statementKindKey, useWalletText } from "../wallet-strings";
import { useWalletStatement } from "./use-wallet-statement";
import type { StatementRange, WalletSource } from "./wallet-api";
import { bucketChanges, lineFigure, type StatementDay } from "./wallet-format";

/** The earliest date the filter offers (before the platform existed). */
const FIRST_DATE = "2020-01-01";

/**
 * The statement: every movement of the shop's money, newest first, under its local day with
 * the day's net (the whole day's, from the server), more by cursor as the end comes into view
 * or on "more"; a date filter, and the chosen days as a CSV file where the reader may export.
 */
export function WalletStatement({
	source,
	shopId,
	timeZone,
	linkOrders,
}: {
	source: WalletSource;
	shopId: number;
	timeZone: string;
	/** The owner opens an order's page and the withdrawals from a line; the operator reads them. */
	linkOrders: boolean;
}) {
	const { wt } = useWalletText();
	const view = useWalletStatement(source, shopId, timeZone);
	const { statement, days } = view;

	return (
		<section className="card wallet-statement" aria-labelledby="wallet-statement-title" data-testid="wallet-statement">
			<StatementHead canExport={view.canExport} exporting={view.exporting} onExport={() => view.runExport()} />
			<StatementRangeFilter
				key={view.resets}
				range={view.range}
				today={view.today}
				filtered={view.filtered}
				onChange={view.setRange}
				onAllDates={view.showAllDates}
			/>

			{statement.isPending ? (
				<LoadingState />
			) : statement.isError && days.length === 0 ? (
				<ErrorState message={errorText(statement.error)} onRetry={() => void statement.refetch()} />
			) : days.length === 0 ? (
				<EmptyState compact title={wt(view.filtered ? "statement.emptyRange" : "statement.empty")} />
			) : (
				<>
					<ol className="wallet-days" aria-busy={statement.isPlaceholderData} data-testid="wallet-days">
						{days.map((day) => (
							<WalletDay
								key={day.date}
								day={day}
								net={view.dayNets.get(day.date)}
								timeZone={timeZone}
								linkOrders={linkOrders}
							/>
						))}
					</ol>
					<ListEnd
						list={statement}
						moreLabel={wt("statement.more")}
						endLabel={wt("statement.noMore")}
						className="wallet-statement__end"
						testId="wallet-statement-end"
						moreTestId="wallet-more"
						small
					/>
				</>
			)}
		</section>
	);
}

function StatementHead({
	canExport,
	exporting,
	onExport,
}: {
	canExport: boolean;
	exporting: boolean;
	onExport: () => void;
}) {
	const { wt } = useWalletText();
	return (
		<header className="wallet-statement__head">
			<h2 className="section__title" id="wallet-statement-title">
				{wt("statement.title")}
			</h2>
			{canExport && (
				<button
					type="button"
					className="button button--ghost button--small"
					disabled={exporting}
					onClick={onExport}
					data-testid="wallet-export"
				>
					<DocumentIcon aria-hidden="true" />
					{wt(exporting ? "statement.exporting" : "statement.export")}
				</button>
			)}
		</header>
	);
}

/** From and to (none: every day), and "all dates" while some are chosen; keyed by the page so "all dates" empties the pickers. */
function StatementRangeFilter({
	range,
	today,
	filtered,
	onChange,
	onAllDates,
}: {
	range: StatementRange;
	today: string;
	filtered: boolean;
	onChange: (range: StatementRange) => void;
	onAllDates: () => void;
}) {
	const { wt } = useWalletText();
	return (
		<div className="wallet-range" data-testid="wallet-range">
			<div className="wallet-range__field">
				<span className="field__label" aria-hidden="true">
					{wt("statement.from")}
				</span>
				<DatePicker
					label={wt("statement.from")}
					value={range.from ?? ""}
					min={FIRST_DATE}
					max={range.to ?? today}
					onChange={(from) => onChange({ ...range, from })}
					testId="wallet-from"
				/>
			</div>
			<div className="wallet-range__field">
				<span className="field__label" aria-hidden="true">
					{wt("statement.to")}
				</span>
				<DatePicker
					label={wt("statement.to")}
					value={range.to ?? ""}
					min={range.from ?? FIRST_DATE}
					max={today}
					onChange={(to) => onChange({ ...range, to })}
					testId="wallet-to"
				/>
			</div>
			{filtered && (
				<button
					type="button"
					className="button button--ghost button--small wallet-range__all"
					onClick={onAllDates}
					data-testid="wallet-range-all"
				>
					{wt("statement.allDates")}
				</button>
			)}
		</div>
	);
}

/** One local day: its date, its net, and its movements. */
function WalletDay({
	day,
	net,
	timeZone,
	linkOrders,
}: {
	day: StatementDay;
	net: number | undefined;
	timeZone: string;
	linkOrders: boolean;
}) {
	const { wt, lang } = useWalletText();
	const money = useMoney();
	const labels = useDateLabels();
	const signed = (amount: number) => (amount > 0 ? `+${money(amount)}` : money(amount));
	return (
		<li className="wallet-day" data-testid={`wallet-day-${day.date}`}>
			<h3 className="wallet-day__head">
				<span className="wallet-day__date">{formatLocalDate(day.date, lang, labels)}</span>
				{net !== undefined && (
					<span className={`wallet-day__net${net < 0 ? " is-out" : ""}`} data-testid={`wallet-day-${day.date}-net`}>
						{wt("statement.dayNet", { amount: signed(net) })}
					</span>
				)}
			</h3>
			<ul className="wallet-lines">
				{day.lines.map((line) => (
					<WalletLine key={line.id} line={line} timeZone={timeZone} linkOrders={linkOrders} />
				))}
			</ul>
		</li>
	);
}

/** One movement: what it was, when, what it was for, which of the shop's amounts it moved, and by how much. */
function WalletLine({ line, timeZone, linkOrders }: { line: StatementLine; timeZone: string; linkOrders: boolean }) {
	const { wt } = useWalletText();
	const money = useMoney();
	const figure = lineFigure(line);
	const signed = (amount: number) => (amount > 0 ? `+${money(amount)}` : money(amount));
	return (
		<li className="wallet-line" data-testid={`wallet-line-${line.id}`} data-kind={line.kind}>
			<div className="wallet-line__main">
				<span className="wallet-line__kind">{wt(statementKindKey(line.kind))}</span>
				<span className="wallet-line__meta">
					<time dateTime={line.createdAt}>{clockTime(line.createdAt, timeZone)}</time>
					<LineLink line={line} linkOrders={linkOrders} />
				</span>
				<span className="wallet-line__buckets" data-testid="wallet-line-buckets">
					{bucketChanges(line).map(({ bucket, change }) => (
						<span key={bucket} className={`wallet-bucket wallet-bucket--${bucket}`} data-bucket={bucket}>
							{wt(`bucket.${bucket}`, { amount: signed(change) })}
						</span>
					))}
				</span>
			</div>
			<span className={`wallet-line__amount is-${figure.tone}`} data-testid="wallet-line-amount">
				{figure.tone === "move" ? money(figure.amount) : signed(figure.amount)}
			</span>
		</li>
	);
}

function LineLink({ line, linkOrders }: { line: StatementLine; linkOrders: boolean }) {
	const { wt } = useWalletText();
	if (line.orderId !== null) {
		const text = wt("statement.order", { no: line.orderNo ?? String(line.orderId) });
		return linkOrders ? (
			<Link
				to={withQuery(Paths.merchantOrderDetail, { id: line.orderId })}
				className="wallet-line__link is-link"
				data-testid="wallet-line-order"
			>
				{text}
			</Link>
		) : (
			<span className="wallet-line__link" data-testid="wallet-line-order">
				{text}
			</span>
		);
	}
	if (line.withdrawalId !== null) {
		const text = wt("statement.withdrawal", { id: line.withdrawalId });
		return linkOrders ? (
			<Link to={Paths.merchantWithdrawal} className="wallet-line__link is-link" data-testid="wallet-line-withdrawal">
				{text}
			</Link>
		) : (
			<span className="wallet-line__link" data-testid="wallet-line-withdrawal">
				{text}
			</span>
		);
	}
	return null;
}
