import {
	DISCREPANCY_STATUSES,
	type DiscrepancyRail,
	type DiscrepancyView,
	RAIL_STATEMENT_ZONES,
	RESOLUTION_NOTE_MAX,
	ResolveDiscrepancyInput,
	type StatementRunsAnswer,
} from "@bayon/contract";
import { type UseQueryResult, useQueryClient } from "@tanstack/react-query";
import { useEffect, useId, useState } from "react";
import { errorText } from "../../../../lib/api-client";
import { checkWith } from "../../../../lib/form";
import { formatWallClock } from "../../../../lib/format";
import { showToast } from "../../../../lib/toast";
import { useDebouncedSubmit } from "../../../../lib/use-debounced-submit";
import { DocumentIcon } from "../../../../ui/icons";
import { BottomSheet } from "../../../../ui/sheet";
import { EmptyState, ErrorState, LoadingState } from "../../../../ui/states";
import { type DiscrepancyFilter, discrepancyKeys, resolveDiscrepancy } from "./discrepancies-api";
import { type DiscrepancyTextKey, useDiscrepancyText } from "./discrepancies-strings";
import { type DiscrepanciesState, type DiscrepancyViewChange, RAILS, useDiscrepancies } from "./use-discrepancies";
import "../../../../ui/controls.css";
import "./discrepancies.css";

/**
 * "Payment differences" (issue 29 items 7 and 8), for platform operators only (the app shell
 * puts it behind merchant-wallet's PlatformGuard, router.tsx; the server refuses anyone else): what the daily
 * reconciliation found between our payments and each rail's own statement, and the callbacks
 * refused for another amount, currency or merchant, and payers who paid twice. Open or resolved,
 * per rail; each row says what kind, which payment and what it paid for, our amount against the
 * rail's, the statement day and when it was found; an open one is resolved with a note (once:
 * a second operator is told who did). The open ones download as CSV. Beside the list (below it
 * on a phone), each rail's last statement runs, failures with their reason.
 *
 * The address keeps the view: `?status=resolved`, `?rail=wechat`, `?page=2`.
 */
export default function PaymentDiscrepanciesScreen() {
	return <DiscrepanciesPage />;
}

/** Minor units of an ISO currency as Intl knows them (CNY, USD, KHR: 2). */
function decimalsOf(currency: string): number {
	try {
		return new Intl.NumberFormat("en", { style: "currency", currency }).resolvedOptions().maximumFractionDigits ?? 2;
	} catch {
		return 2;
	}
}

/** "CNY 1,234.50" from 123450, on integers (no float ever touches the amount). */
export function railMoney(amount: number, currency: string | null): string {
	const code = currency ?? "";
	const decimals = decimalsOf(code || "USD");
	const minor = BigInt(amount);
	const sign = minor < 0n ? "-" : "";
	const magnitude = minor < 0n ? -minor : minor;
	const scale = 10n ** BigInt(decimals);
	const whole = (magnitude / scale).toString().replace(/\B(?=(\d{3})+(?!\d))/g, ",");
	const fraction = decimals > 0 ? `.${(magnitude % scale).toString().padStart(decimals, "0")}` : "";
	return `${code ? `${code} ` : ""}${sign}${whole}${fraction}`;
}

/** "2026-12-08 11:00" on the wall clock of a zone (the app's one zone formatter, lib/format). */
export function wallClock(instant: string, timeZone: string): string {
	return formatWallClock(instant, timeZone) ?? instant;
}

/** A difference's times read in its rail's statement zone (the sandbox's in Beijing time). */
const zoneOf = (rail: DiscrepancyRail) => (rail === "sandbox" ? "Asia/Shanghai" : RAIL_STATEMENT_ZONES[rail]);

function DiscrepanciesPage() {
	const page = useDiscrepancies();
	const { filter, setView } = page;

	return (
		<div className="dc-page" data-testid="payment-discrepancies">
			<DiscrepanciesHead exporting={page.exporting} onExport={page.exportCsv} />
			<StatusTabs
				status={filter.status}
				onPick={(status) => setView({ status: status === "open" ? null : status, page: null })}
			/>
			<RailChips rail={filter.rail} onPick={(rail) => setView({ rail, page: null })} />
			<div className="dc-columns">
				<DiscrepancyList
					filter={filter}
					list={page.list}
					pages={page.pages}
					setView={setView}
					onResolve={page.setResolving}
				/>
				<StatementRuns runs={page.runs} />
			</div>
			<ResolveSheet target={page.resolving} onClose={() => page.setResolving(null)} />
		</div>
	);
}

function DiscrepanciesHead({ exporting, onExport }: { exporting: boolean; onExport: () => void }) {
	const { dt } = useDiscrepancyText();
	return (
		<div className="dc-head">
			<p className="dc-hint">{dt("hint")}</p>
			<button
				type="button"
				className="button button--ghost dc-export"
				onClick={onExport}
				disabled={exporting}
				data-testid="discrepancies-export"
			>
				<DocumentIcon />
				{dt("export")}
			</button>
		</div>
	);
}

function StatusTabs({
	status: current,
	onPick,
}: {
	status: DiscrepancyFilter["status"];
	onPick: (status: DiscrepancyFilter["status"]) => void;
}) {
	const { dt } = useDiscrepancyText();
	return (
		<div className="dc-tabs" role="tablist">
			{DISCREPANCY_STATUSES.map((status) => (
				<button
					key={status}
					type="button"
					role="tab"
					aria-selected={current === status}
					className={`dc-tabs__tab${current === status ? " is-selected" : ""}`}
					onClick={() => onPick(status)}
					data-testid={`discrepancies-tab-${status}`}
				>
					{dt(`tab.${status}`)}
				</button>
			))}
		</div>
	);
}

function RailChips({
	rail: current,
	onPick,
}: {
	rail: DiscrepancyRail | null;
	onPick: (rail: DiscrepancyRail | null) => void;
}) {
	const { dt } = useDiscrepancyText();
	return (
		<div className="dc-rails" data-testid="discrepancies-rails">
			{[null, ...RAILS].map((rail) => (
				<button
					key={rail ?? "all"}
					type="button"
					className={`chip${current === rail ? " chip--on" : ""}`}
					aria-pressed={current === rail}
					onClick={() => onPick(rail)}
					data-testid={`discrepancies-rail-${rail ?? "all"}`}
				>
					{dt(rail ? `rail.${rail}` : "rail.all")}
				</button>
			))}
		</div>
	);
}

/** The page of differences, with the pager when there is more than one page. */
function DiscrepancyList({
	filter,
	list,
	pages,
	setView,
	onResolve,
}: {
	filter: DiscrepancyFilter;
	list: DiscrepanciesState["list"];
	pages: number;
	setView: (change: DiscrepancyViewChange) => void;
	onResolve: (row: DiscrepancyView) => void;
}) {
	const { dt } = useDiscrepancyText();
	return (
		<section className="dc-list" role="tabpanel" aria-busy={list.isFetching}>
			{list.isPending ? (
				<LoadingState />
			) : list.isError ? (
				<ErrorState message={errorText(list.error)} onRetry={() => void list.refetch()} />
			) : list.data.list.length === 0 ? (
				<EmptyState title={dt(`empty.${filter.status}`)} />
			) : (
				<>
					<ul className="dc-rows" data-testid="discrepancies-list">
						{list.data.list.map((row) => (
							<DiscrepancyRow key={row.id} row={row} onResolve={() => onResolve(row)} />
						))}
					</ul>
					{pages > 1 && (
						<nav className="dc-pager" data-testid="discrepancies-pager">
							<button
								type="button"
								className="button button--ghost button--small"
								disabled={filter.page <= 1}
								onClick={() => setView({ page: filter.page - 1 <= 1 ? null : String(filter.page - 1) })}
								data-testid="discrepancies-previous"
							>
								{dt("page.previous")}
							</button>
							<span>{dt("page.of", { page: filter.page, pages, total: list.data.total })}</span>
							<button
								type="button"
								className="button button--ghost button--small"
								disabled={filter.page >= pages}
								onClick={() => setView({ page: String(filter.page + 1) })}
								data-testid="discrepancies-next"
							>
								{dt("page.next")}
							</button>
						</nav>
					)}
				</>
			)}
		</section>
	);
}

function DiscrepancyRow({ row, onResolve }: { row: DiscrepancyView; onResolve: () => void }) {
	const { dt } = useDiscrepancyText();
	const zone = zoneOf(row.rail);
	const status = (value: unknown) =>
		typeof value === "string" && `status.${value}` in discrepancyStatusKeys
			? dt(`status.${value}` as DiscrepancyTextKey)
			: String(value ?? "");
	const explain =
		row.kind === "status_differs"
			? dt("explain.status_differs", { rail: status(row.detail.railStatus), ours: status(row.detail.ourStatus) })
			: dt(`explain.${row.kind}`);
	const money = (amount: number | null) => (amount === null ? dt("row.none") : railMoney(amount, row.currency));
	return (
		<li className="card dc-row" data-testid={`discrepancy-${row.id}`}>
			<div className="dc-row__head">
				<h3 className="dc-row__title">{dt("row.title", { id: row.id, kind: dt(`kind.${row.kind}`) })}</h3>
				<span className="tag tag--muted">{dt(`rail.${row.rail}`)}</span>
			</div>
			<p className="dc-row__explain">{explain}</p>
			<div className="dc-amounts">
				<dl className="dc-amount">
					<dt>{dt("row.ours")}</dt>
					<dd data-testid={`discrepancy-${row.id}-ours`}>{money(row.ourAmount)}</dd>
				</dl>
				<dl className="dc-amount">
					<dt>{dt("row.rails")}</dt>
					<dd data-testid={`discrepancy-${row.id}-rails`}>{money(row.railAmount)}</dd>
				</dl>
			</div>
			<dl className="dc-row__facts">
				{row.paymentId && (
					<div>
						<dt>{dt("row.payment")}</dt>
						<dd className="dc-code">
							{row.paymentId}
							{row.purpose && (
								<span className="dc-row__purpose">
									{dt("row.paidFor", {
										purpose:
											row.purpose in purposeKeys ? dt(`purpose.${row.purpose}` as DiscrepancyTextKey) : row.purpose,
										id: row.purposeId ?? "",
									})}
								</span>
							)}
						</dd>
					</div>
				)}
				{row.railTradeNo && (
					<div>
						<dt>{dt("row.tradeNo")}</dt>
						<dd className="dc-code">{row.railTradeNo}</dd>
					</div>
				)}
			</dl>
			<p className="dc-row__when">
				{row.statementDate && <span>{dt("row.statementDay", { date: row.statementDate })}</span>}
				<span>{dt("row.foundAt", { at: wallClock(row.foundAt, zone) })}</span>
			</p>
			{row.resolvedAt ? (
				<div className="dc-row__resolved" data-testid={`discrepancy-${row.id}-resolved`}>
					<p>{dt("row.resolved", { name: row.resolvedBy?.name ?? "", at: wallClock(row.resolvedAt, zone) })}</p>
					{row.resolutionNote && <p className="dc-row__note">{dt("row.note", { note: row.resolutionNote })}</p>}
				</div>
			) : (
				<button
					type="button"
					className="button button--primary button--small dc-row__resolve"
					onClick={onResolve}
					data-testid={`discrepancy-${row.id}-resolve`}
				>
					{dt("resolve.open")}
				</button>
			)}
		</li>
	);
}

const discrepancyStatusKeys: Record<string, true> = Object.fromEntries(
	["succeeded", "refunded", "declined", "failed", "pending", "abandoned", "awaiting_transfer"].map((s) => [
		`status.${s}`,
		true,
	]),
);
const purposeKeys: Record<string, true> = {
	order: true,
	table_bill: true,
	booking: true,
	recharge: true,
	vip_card: true,
};

function StatementRuns({ runs }: { runs: UseQueryResult<StatementRunsAnswer> }) {
	const { dt } = useDiscrepancyText();
	return (
		<aside className="card dc-runs" aria-label={dt("runs.title")} data-testid="statement-runs">
			<h2 className="dc-runs__title">{dt("runs.title")}</h2>
			{runs.isPending ? (
				<LoadingState compact />
			) : runs.isError ? (
				<ErrorState compact message={errorText(runs.error)} onRetry={() => void runs.refetch()} />
			) : runs.data.rails.length === 0 ? (
				<p className="dc-runs__empty">{dt("runs.none")}</p>
			) : (
				runs.data.rails.map((rail) => (
					<section key={rail.rail} className="dc-runs__rail" data-testid={`statement-runs-${rail.rail}`}>
						<h3 className="dc-runs__rail-name">
							{dt(`rail.${rail.rail}`)}
							{!rail.enabled && <span className="tag tag--muted">{dt("runs.off")}</span>}
						</h3>
						<p className="dc-runs__zone">{dt("runs.zone", { zone: rail.timeZone })}</p>
						{rail.runs.length === 0 ? (
							<p className="dc-runs__empty">{dt("runs.notYet")}</p>
						) : (
							<ul className="dc-runs__list">
								{rail.runs.slice(0, 7).map((run) => (
									<li
										key={run.statementDate}
										className={`dc-run dc-run--${run.status}`}
										data-testid={`statement-run-${rail.rail}-${run.statementDate}`}
									>
										<span className="dc-run__date">{run.statementDate}</span>
										<span className={`dc-run__status dc-run__status--${run.status}`}>
											{dt(`runs.status.${run.status}`)}
										</span>
										{run.status === "done" && (
											<span className="dc-run__counts">
												{dt("runs.counts", {
													ours: run.ourCount,
													rail: run.railCount,
													differences: run.differences,
												})}
											</span>
										)}
										{run.status === "failed" && (
											<span className="dc-run__error">
												{dt("runs.error", { error: run.lastError ?? "" })}
												<br />
												{dt("runs.retry")}
											</span>
										)}
									</li>
								))}
							</ul>
						)}
					</section>
				))
			)}
		</aside>
	);
}

/** Resolve one open difference with the operator's note (required, at most 500 characters). */
function ResolveSheet({ target, onClose }: { target: DiscrepancyView | null; onClose: () => void }) {
	const { dt, lang } = useDiscrepancyText();
	const queryClient = useQueryClient();
	const id = useId();
	const [note, setNote] = useState("");
	const [problem, setProblem] = useState<string | null>(null);
	useEffect(() => {
		if (!target) return;
		setNote("");
		setProblem(null);
	}, [target]);
	const [submit, sending] = useDebouncedSubmit(async (row: DiscrepancyView) => {
		const checked = checkWith(ResolveDiscrepancyInput, { id: row.id, note }, { lang });
		if (checked.problems) {
			setProblem(checked.problems.note ?? Object.values(checked.problems)[0] ?? null);
			return;
		}
		try {
			await resolveDiscrepancy(checked.input);
			showToast(dt("resolve.done", { id: row.id }));
			onClose();
		} catch (error) {
			// Resolved meanwhile (by someone else): the server says who; the list shows it as it is.
			setProblem(errorText(error));
		}
		await queryClient.invalidateQueries({ queryKey: discrepancyKeys.all });
	});
	if (!target) return null;
	return (
		<BottomSheet
			open
			onClose={onClose}
			title={dt("resolve.title", { id: target.id })}
			testId="discrepancy-resolve-sheet"
			footer={
				<button
					type="button"
					className="button button--primary button--block"
					disabled={sending}
					onClick={() => submit(target)}
					data-testid="discrepancy-resolve-submit"
				>
					{dt("resolve.submit")}
				</button>
			}
		>
			<div className="dc-form">
				<p className="dc-form__notice">
					{dt("row.title", { id: target.id, kind: dt(`kind.${target.kind}`) })}
					{" · "}
					{target.ourAmount === null ? dt("row.none") : railMoney(target.ourAmount, target.currency)}
					{" / "}
					{target.railAmount === null ? dt("row.none") : railMoney(target.railAmount, target.currency)}
				</p>
				<div className="field">
					<label className="field__label" htmlFor={id}>
						{dt("resolve.label")}
					</label>
					<textarea
						id={id}
						className="field__input"
						rows={3}
						value={note}
						maxLength={RESOLUTION_NOTE_MAX}
						aria-invalid={problem ? true : undefined}
						aria-describedby={problem ? `${id}-error` : `${id}-hint`}
						onChange={(event) => {
							setNote(event.target.value);
							setProblem(null);
						}}
						data-testid="discrepancy-resolve-note"
					/>
					{problem ? (
						<p className="field__error" id={`${id}-error`} role="alert" data-testid="discrepancy-resolve-error">
							{problem}
						</p>
					) : (
						<p className="field__hint" id={`${id}-hint`}>
							{dt("resolve.hint")}
						</p>
					)}
				</div>
			</div>
		</BottomSheet>
	);
}
