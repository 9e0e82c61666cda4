import { WITHDRAWAL_STATUSES, type WithdrawalStatus, type WithdrawalView } from "@bayon/contract";
import { useInfiniteQuery, useQuery, useQueryClient } from "@tanstack/react-query";
import { useMemo, useState, useSyncExternalStore } from "react";
import { useSearchParams } from "react-router";
import { errorText } from "../../../lib/api-client";
import { useMoney } from "../../../lib/app-config";
import { useDateLabels } from "../../../lib/i18n";
import { useLiveUpdates } from "../../../lib/live-updates";
import { useDebouncedSubmit } from "../../../lib/use-debounced-submit";
import type { WsMessage } from "../../../lib/ws-client";
import { ConfirmDialog } from "../../../ui/confirm-dialog";
import { CloseIcon, DocumentIcon } from "../../../ui/icons";
import { ListEnd } from "../../../ui/list-end";
import { BottomSheet } from "../../../ui/sheet";
import { EmptyState, ErrorState, LoadingState } from "../../../ui/states";
import { PlatformPaidSheet, PlatformRejectSheet, PlatformReturnSheet } from "../components/platform-decision-sheets";
import { PlatformExportSheet, PlatformRevealSheet } from "../components/platform-payout-sheets";
import {
	decisionsOf,
	type PlatformDecisionKind,
	PlatformWithdrawalDetail,
} from "../components/platform-withdrawal-detail";
import { PlatformWithdrawalList } from "../components/platform-withdrawal-list";
import { approveWithdrawal, platformKeys, platformWithdrawalQuery, platformWithdrawalsQuery } from "../platform-api";
import { usePlatformDecision } from "../platform-decision";
import { accountText, formatLocalDate } from "../platform-format";
import { PlatformGuard } from "../platform-guard";
import { usePlatformText } from "../platform-strings";
import { withdrawalStatusKey, withdrawalStatusStrings } from "../withdrawal-status";
import "../../../ui/controls.css";
import "../../merchant/merchant.css";
import "../platform.css";

/**
 * The platform's withdrawal review (issue 14, decision 023), for operators only: every shop's
 * withdrawals by status, unaudited first. A withdrawal opens beside the list on a desk (in a
 * sheet on a phone) with its history; an unaudited one is approved (after a confirmation) or
 * rejected with a reason, one awaiting arrival is marked paid with the bank's reference and the
 * transfer day (after a confirmation) or returned to the shop with a reason. Each decision sends
 * the version the operator saw, so two operators never both decide. Paying out (issue 28): the
 * full account number of an approved or paid one is shown after the operator's SMS step-up, and
 * the bank's bulk-transfer file of every approved one is downloaded the same way; every viewing
 * is logged and listed. The page follows every shop's withdrawals live (`wallet.changed`).
 *
 * The address keeps the view: `?status=0..3|all`, `?shopId=` (one shop's, as the shop wallets
 * page links), `?id=` (the open withdrawal).
 */
export default function PlatformWithdrawalsScreen() {
	return <PlatformGuard>{() => <WithdrawalsReview />}</PlatformGuard>;
}

type Tab = WithdrawalStatus | "all";
const TABS: readonly Tab[] = [...WITHDRAWAL_STATUSES, "all"];

function tabOf(value: string | null): Tab {
	if (value === "all") return "all";
	const status = WITHDRAWAL_STATUSES.find((candidate) => String(candidate) === value);
	return status ?? 0;
}

function positiveId(value: string | null): number | null {
	return value && /^[1-9]\d{0,15}$/.test(value) ? Number(value) : null;
}

/** From this width (a desk) the open withdrawal stands beside the list; narrower it opens in a sheet. */
const SIDE_BY_SIDE_QUERY = "(min-width: 900px)";

function subscribeToWidth(listener: () => void): () => void {
	const query = globalThis.matchMedia?.(SIDE_BY_SIDE_QUERY);
	query?.addEventListener("change", listener);
	return () => query?.removeEventListener("change", listener);
}

function useSideBySide(): boolean {
	const matches = () => globalThis.matchMedia?.(SIDE_BY_SIDE_QUERY).matches ?? false;
	return useSyncExternalStore(subscribeToWidth, matches, () => false);
}

/** A `wallet.changed` about a withdrawal (operators receive every shop's); other money moves do not change this page. */
function isWithdrawalChange(message: WsMessage): boolean {
	if (message.type !== "wallet.changed" || !message.data || typeof message.data !== "object") return false;
	return typeof (message.data as { withdrawalId?: unknown }).withdrawalId === "number";
}

function WithdrawalsReview() {
	const { pt, t, lang } = usePlatformText();
	const money = useMoney();
	const labels = useDateLabels();
	const queryClient = useQueryClient();
	const [params, setParams] = useSearchParams();
	const tab = tabOf(params.get("status"));
	const shopId = positiveId(params.get("shopId"));
	const selectedId = positiveId(params.get("id"));
	const sideBySide = useSideBySide();

	// A safety net under the websocket: a missed event still shows within a minute.
	const list = useInfiniteQuery({
		...platformWithdrawalsQuery({ status: tab === "all" ? null : tab, shopId }),
		refetchInterval: 60_000,
	});
	const withdrawals = useMemo(() => {
		// A withdrawal decided while pages were loading may come on two of them.
		const byId = new Map<number, WithdrawalView>();
		for (const page of list.data?.pages ?? [])
			for (const row of page.list) if (!byId.has(row.id)) byId.set(row.id, row);
		return [...byId.values()];
	}, [list.data]);
	const listed = withdrawals.find((withdrawal) => withdrawal.id === selectedId);
	const detail = useQuery({
		...platformWithdrawalQuery(selectedId ?? 0),
		enabled: selectedId !== null,
		placeholderData: listed,
	});
	const selected = selectedId === null ? null : (detail.data ?? null);

	const refetchAll = () => void queryClient.invalidateQueries({ queryKey: platformKeys.withdrawals });
	useLiveUpdates((message) => {
		if (isWithdrawalChange(message)) refetchAll();
	}, refetchAll);

	const setView = (change: Record<string, string | null>) =>
		setParams(
			(current) => {
				const next = new URLSearchParams(current);
				for (const [key, value] of Object.entries(change)) {
					if (value === null) next.delete(key);
					else next.set(key, value);
				}
				return next;
			},
			{ replace: true },
		);
	const select = (withdrawal: WithdrawalView | null) => setView({ id: withdrawal ? String(withdrawal.id) : null });

	const decide = usePlatformDecision();
	const [opened, setOpened] = useState<{
		kind: PlatformDecisionKind | "reveal";
		withdrawal: WithdrawalView;
	} | null>(null);
	const [exporting, setExporting] = useState(false);
	const close = () => setOpened(null);
	const openedFor = (kind: PlatformDecisionKind | "reveal") => (opened?.kind === kind ? opened.withdrawal : null);
	const approving = openedFor("approve");
	const [approve, approvingNow] = useDebouncedSubmit(async (target: WithdrawalView) => {
		close();
		await decide(
			() => approveWithdrawal({ id: target.id, version: target.version }),
			pt("review.approved", { id: target.id }),
		);
	});

	const detailPanel = selected ? (
		<>
			<PlatformWithdrawalDetail
				withdrawal={selected}
				onReveal={() => setOpened({ kind: "reveal", withdrawal: selected })}
			/>
			{detail.isError && <ErrorState compact message={errorText(detail.error)} onRetry={() => void detail.refetch()} />}
		</>
	) : detail.isError ? (
		<ErrorState message={errorText(detail.error)} onRetry={() => void detail.refetch()} />
	) : selectedId !== null ? (
		<LoadingState />
	) : null;
	const actions = selected ? (
		<WithdrawalActions
			withdrawal={selected}
			busy={approvingNow}
			onDecide={(kind) => setOpened({ kind, withdrawal: selected })}
		/>
	) : null;

	const shopName = withdrawals.find((withdrawal) => withdrawal.shopId === shopId)?.shopName ?? `#${shopId}`;

	return (
		<div className="pf-page pf-review" data-testid="platform-withdrawals">
			<div className="pf-review__head">
				<p className="pf-page__hint">{pt("review.hint")}</p>
				<button
					type="button"
					className="button button--ghost pf-review__export"
					onClick={() => setExporting(true)}
					data-testid="platform-export"
				>
					<DocumentIcon />
					{pt("review.export")}
				</button>
			</div>
			{shopId !== null && (
				<div className="pf-review__filter">
					<span className="chip chip--on" data-testid="platform-shop-filter">
						{pt("review.shopOnly", { shop: shopName })}
						<button
							type="button"
							className="pf-review__filter-clear"
							aria-label={pt("review.shopOnlyClear")}
							onClick={() => setView({ shopId: null })}
							data-testid="platform-shop-filter-clear"
						>
							<CloseIcon />
						</button>
					</span>
				</div>
			)}
			<div className="merchant-tabs pf-tabs" role="tablist">
				{TABS.map((value) => (
					<button
						key={value}
						type="button"
						role="tab"
						aria-selected={tab === value}
						className={`merchant-tabs__tab${tab === value ? " is-selected" : ""}`}
						onClick={() => setView({ status: value === 0 ? null : String(value) })}
						data-testid={`platform-tab-${value}`}
					>
						{value === "all" ? pt("review.tab.all") : withdrawalStatusStrings.text(lang, withdrawalStatusKey(value))}
					</button>
				))}
			</div>
			<div className="pf-review__columns">
				<div role="tabpanel" className="pf-review__list">
					{list.isPending ? (
						<LoadingState />
					) : list.isError && withdrawals.length === 0 ? (
						<ErrorState message={errorText(list.error)} onRetry={() => void list.refetch()} />
					) : withdrawals.length === 0 ? (
						<EmptyState title={pt(`review.empty.${tab}`)} />
					) : (
						<>
							<PlatformWithdrawalList
								layout={sideBySide ? "table" : "cards"}
								withdrawals={withdrawals}
								selectedId={selectedId}
								onSelect={(withdrawal) => select(withdrawal)}
							/>
							<ListEnd
								list={list}
								moreLabel={pt("review.more")}
								endLabel={pt("review.noMore")}
								className="pf-list-end"
								testId="platform-withdrawals-end"
								moreTestId="platform-withdrawals-more"
							/>
						</>
					)}
				</div>
				{sideBySide && (
					<aside
						className="card pf-review__panel"
						aria-label={selectedId === null ? pt("review.pick") : pt("review.detail", { id: selectedId })}
						data-testid="platform-detail-panel"
					>
						{selectedId === null ? (
							<p className="pf-review__pick">{pt("review.pick")}</p>
						) : (
							<>
								<div className="pf-review__panel-head">
									<h2 className="pf-review__panel-title">{pt("review.detail", { id: selectedId })}</h2>
									<button
										type="button"
										className="icon-button"
										aria-label={t("common.close")}
										onClick={() => select(null)}
										data-testid="platform-detail-close"
									>
										<CloseIcon />
									</button>
								</div>
								{detailPanel}
								{actions}
							</>
						)}
					</aside>
				)}
			</div>
			{!sideBySide && (
				<BottomSheet
					open={selectedId !== null && opened === null}
					onClose={() => select(null)}
					title={selectedId === null ? "" : pt("review.detail", { id: selectedId })}
					testId="platform-detail-sheet"
					footer={actions}
				>
					{detailPanel}
				</BottomSheet>
			)}
			<ConfirmDialog
				open={approving !== null}
				message={approving ? approveQuestion(approving) : ""}
				confirmLabel={pt("review.approve")}
				onCancel={close}
				onConfirm={() => approving && approve(approving)}
				testId="platform-approve-confirm"
			/>
			<PlatformRejectSheet withdrawal={openedFor("reject")} onClose={close} decide={decide} />
			<PlatformPaidSheet withdrawal={openedFor("paid")} onClose={close} decide={decide} />
			<PlatformReturnSheet withdrawal={openedFor("return")} onClose={close} decide={decide} />
			<PlatformRevealSheet withdrawal={openedFor("reveal")} onClose={close} />
			<PlatformExportSheet open={exporting} shopId={shopId} onClose={() => setExporting(false)} />
		</div>
	);

	function approveQuestion(withdrawal: WithdrawalView): string {
		return pt("review.approveConfirm", {
			id: withdrawal.id,
			shop: withdrawal.shopName,
			amount: money(withdrawal.amount),
			account: accountText(withdrawal.card),
			holder: withdrawal.card.holder,
			date: formatLocalDate(withdrawal.arrivesBy, lang, labels),
		});
	}
}

/** The decisions the withdrawal's status allows; a settled one says there is nothing to do. */
function WithdrawalActions({
	withdrawal,
	busy,
	onDecide,
}: {
	withdrawal: WithdrawalView;
	busy: boolean;
	onDecide: (kind: PlatformDecisionKind) => void;
}) {
	const { pt } = usePlatformText();
	const decisions = decisionsOf(withdrawal);
	if (decisions.length === 0)
		return (
			<p className="pf-actions pf-actions--done" data-testid="platform-detail-done">
				{pt("review.done")}
			</p>
		);
	return (
		<div className="pf-actions">
			{decisions.includes("reject") && (
				<button
					type="button"
					className="button button--ghost pf-actions__secondary"
					disabled={busy}
					onClick={() => onDecide("reject")}
					data-testid="platform-reject"
				>
					{pt("review.reject")}
				</button>
			)}
			{decisions.includes("return") && (
				<button
					type="button"
					className="button button--ghost pf-actions__secondary"
					disabled={busy}
					onClick={() => onDecide("return")}
					data-testid="platform-return"
				>
					{pt("review.return")}
				</button>
			)}
			{decisions.includes("approve") && (
				<button
					type="button"
					className="button button--primary pf-actions__main"
					disabled={busy}
					onClick={() => onDecide("approve")}
					data-testid="platform-approve"
				>
					{pt("review.approve")}
				</button>
			)}
			{decisions.includes("paid") && (
				<button
					type="button"
					className="button button--primary pf-actions__main"
					disabled={busy}
					onClick={() => onDecide("paid")}
					data-testid="platform-mark-paid"
				>
					{pt("review.markPaid")}
				</button>
			)}
		</div>
	);
}
