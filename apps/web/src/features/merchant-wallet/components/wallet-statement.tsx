import type { StatementLine } from "@bayon/contract";
import { keepPreviousData, useInfiniteQuery } from "@tanstack/react-query";
import { useMemo, useState } from "react";
import { Link, useSearchParams } from "react-router";
import { errorText } from "../../../lib/api-client";
import { useMoney } from "../../../lib/app-config";
import { useDateLabels } from "../../../lib/i18n";
import { Paths, withQuery } from "../../../lib/paths";
import { clockTime } from "../../../lib/shop-clock";
import { showToast } from "../../../lib/toast";
import { useDebouncedSubmit } from "../../../lib/use-debounced-submit";
import { useReachBottom } from "../../../lib/use-reach-bottom";
import { DatePicker } from "../../../ui/date-picker";
import { DocumentIcon } from "../../../ui/icons";
import { ListEnd } from "../../../ui/list-end";
import { EmptyState, ErrorState, LoadingState } from "../../../ui/states";
import { downloadStatementCsv, type StatementRange, type WalletSource, walletStatementQuery } from "../wallet-api";
import { bucketChanges, dateInZone, formatLocalDate, groupByLocalDay, lineFigure } from "../wallet-format";
import { statementKindKey, useWalletText } from "../wallet-strings";

/** The earliest date the filter offers (before the platform existed). */
const FIRST_DATE = "2020-01-01";
const LOCAL_DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The chosen dates live in the address (`from`, `to`), so coming back from an order's page
 * shows the same days; anything that is not a date is ignored.
 */
function useStatementRange(): [StatementRange, (range: StatementRange) => void] {
	const [params, setParams] = useSearchParams();
	const read = (name: string) => {
		const value = params.get(name);
		return value && LOCAL_DATE.test(value) ? value : undefined;
	};
	const range = { from: read("from"), to: read("to") };
	const setRange = (next: StatementRange) =>
		setParams(
			(current) => {
				const updated = new URLSearchParams(current);
				for (const name of ["from", "to"] as const) {
					const value = next[name];
					if (value) updated.set(name, value);
					else updated.delete(name);
				}
				return updated;
			},
			{ replace: true },
		);
	return [range, setRange];
}

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
	const { wt, lang } = useWalletText();
	const money = useMoney();
	const labels = useDateLabels();
	const [range, setRange] = useStatementRange();
	// Bumped by "all dates": the date pickers start over empty.
	const [resets, setResets] = useState(0);
	const statement = useInfiniteQuery({
		...walletStatementQuery(source, shopId, range),
		placeholderData: keepPreviousData,
	});
	const canLoadMore =
		statement.hasNextPage &&
		!statement.isFetchingNextPage &&
		!statement.isFetchNextPageError &&
		!statement.isPlaceholderData;
	const loadMore = () => void statement.fetchNextPage();
	useReachBottom(loadMore, canLoadMore);

	const pages = statement.data?.pages;
	const days = useMemo(
		() =>
			groupByLocalDay(
				(pages ?? []).flatMap((page) => page.lines),
				timeZone,
			),
		[pages, timeZone],
	);
	const dayNets = useMemo(() => {
		const nets = new Map<string, number>();
		for (const page of pages ?? []) for (const day of page.dayTotals) nets.set(day.date, day.net);
		return nets;
	}, [pages]);

	const today = dateInZone(new Date(), timeZone);
	const exportPath = source.exportPath;
	const [runExport, exporting] = useDebouncedSubmit(async () => {
		if (!exportPath) return;
		try {
			await downloadStatementCsv(exportPath, shopId, range);
			showToast(wt("statement.exported"));
		} catch (error) {
			showToast(wt("statement.exportFailed", { reason: errorText(error) }));
		}
	});
	const signed = (amount: number) => (amount > 0 ? `+${money(amount)}` : money(amount));
	const filtered = Boolean(range.from || range.to);

	return (
		<section className="card wallet-statement" aria-labelledby="wallet-statement-title" data-testid="wallet-statement">
			<header className="wallet-statement__head">
				<h2 className="section__title" id="wallet-statement-title">
					{wt("statement.title")}
				</h2>
				{exportPath && (
					<button
						type="button"
						className="button button--ghost button--small"
						disabled={exporting}
						onClick={() => runExport()}
						data-testid="wallet-export"
					>
						<DocumentIcon aria-hidden="true" />
						{wt(exporting ? "statement.exporting" : "statement.export")}
					</button>
				)}
			</header>
			<div className="wallet-range" key={resets} data-testid="wallet-range">
				<div className="wallet-range__field">
					<span className="field__label" aria-hidden="true">
						{wt("statement.from")}
					</span>
					<DatePicker
						label={wt("statement.from")}
						value={range.from ?? ""}
						min={FIRST_DATE}
						max={range.to ?? today}
						onChange={(from) => setRange({ ...range, from })}
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
						onChange={(to) => setRange({ ...range, to })}
						testId="wallet-to"
					/>
				</div>
				{filtered && (
					<button
						type="button"
						className="button button--ghost button--small wallet-range__all"
						onClick={() => {
							setRange({});
							setResets((n) => n + 1);
						}}
						data-testid="wallet-range-all"
					>
						{wt("statement.allDates")}
					</button>
				)}
			</div>

			{statement.isPending ? (
				<LoadingState />
			) : statement.isError && days.length === 0 ? (
				<ErrorState message={errorText(statement.error)} onRetry={() => void statement.refetch()} />
			) : days.length === 0 ? (
				<EmptyState compact title={wt(filtered ? "statement.emptyRange" : "statement.empty")} />
			) : (
				<>
					<ol className="wallet-days" aria-busy={statement.isPlaceholderData} data-testid="wallet-days">
						{days.map((day) => {
							const net = dayNets.get(day.date);
							return (
								<li key={day.date} className="wallet-day" data-testid={`wallet-day-${day.date}`}>
									<h3 className="wallet-day__head">
										<span className="wallet-day__date">{formatLocalDate(day.date, lang, labels)}</span>
										{net !== undefined && (
											<span
												className={`wallet-day__net${net < 0 ? " is-out" : ""}`}
												data-testid={`wallet-day-${day.date}-net`}
											>
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
						})}
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
