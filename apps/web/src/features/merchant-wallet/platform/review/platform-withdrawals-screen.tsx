import type { WithdrawalView } from "@bayon/contract";
import type { ReactNode } from "react";
import { errorText } from "../../../../lib/api-client";
import { useMoney } from "../../../../lib/app-config";
import { formatLocalDate } from "../../../../lib/format";
import { useDateLabels } from "../../../../lib/i18n";
import { ConfirmDialog } from "../../../../ui/confirm-dialog";
import { CloseIcon, DocumentIcon } from "../../../../ui/icons";
import { ListEnd } from "../../../../ui/list-end";
import { BottomSheet } from "../../../../ui/sheet";
import { EmptyState, ErrorState, LoadingState } from "../../../../ui/states";
import { usePlatformText } from "../../platform-strings";
import { withdrawalStatusKey, withdrawalStatusStrings } from "../../withdrawal-status";
import { PlatformExportSheet, PlatformRevealSheet } from "../payouts/platform-payout-sheets";
import { accountText } from "../platform-format";
import { PlatformGuard } from "../platform-guard";
import { PlatformPaidSheet, PlatformRejectSheet, PlatformReturnSheet } from "./platform-decision-sheets";
import { decisionsOf, type PlatformDecisionKind, PlatformWithdrawalDetail } from "./platform-withdrawal-detail";
import { PlatformWithdrawalList } from "./platform-withdrawal-list";
import {
	REVIEW_TABS,
	type ReviewTab,
	useWithdrawalsReview,
	type WithdrawalsReviewState,
} from "./use-withdrawals-review";
import "../../../../ui/controls.css";
import "../../../../ui/staff/merchant.css";
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

function WithdrawalsReview() {
	const review = useWithdrawalsReview();
	const { selected, selectedId, sideBySide, opened, shopId, close, openedFor } = review;
	const approving = openedFor("approve");

	const detailPanel = (
		<ReviewDetail review={review} onReveal={(withdrawal) => review.setOpened({ kind: "reveal", withdrawal })} />
	);
	const actions = selected ? (
		<WithdrawalActions
			withdrawal={selected}
			busy={review.approvingNow}
			onDecide={(kind) => review.setOpened({ kind, withdrawal: selected })}
		/>
	) : null;

	return (
		<div className="pf-page pf-review" data-testid="platform-withdrawals">
			<ReviewHead onExport={() => review.setExporting(true)} />
			{shopId !== null && <ShopFilter shopName={review.shopName} onClear={() => review.setView({ shopId: null })} />}
			<StatusTabs tab={review.tab} onPick={(value) => review.setView({ status: value === 0 ? null : String(value) })} />
			<div className="pf-review__columns">
				<ReviewList review={review} />
				{sideBySide && (
					<DetailAside selectedId={selectedId} onClose={() => review.select(null)}>
						{detailPanel}
						{actions}
					</DetailAside>
				)}
			</div>
			{!sideBySide && (
				<DetailSheet
					selectedId={selectedId}
					open={selectedId !== null && opened === null}
					onClose={() => review.select(null)}
					footer={actions}
				>
					{detailPanel}
				</DetailSheet>
			)}
			<ApproveConfirm withdrawal={approving} onCancel={close} onConfirm={(withdrawal) => review.approve(withdrawal)} />
			<PlatformRejectSheet withdrawal={openedFor("reject")} onClose={close} decide={review.decide} />
			<PlatformPaidSheet withdrawal={openedFor("paid")} onClose={close} decide={review.decide} />
			<PlatformReturnSheet withdrawal={openedFor("return")} onClose={close} decide={review.decide} />
			<PlatformRevealSheet withdrawal={openedFor("reveal")} onClose={close} />
			<PlatformExportSheet open={review.exporting} shopId={shopId} onClose={() => review.setExporting(false)} />
		</div>
	);
}

/** The page's hint and the bank file of every approved withdrawal. */
function ReviewHead({ onExport }: { onExport: () => void }) {
	const { pt } = usePlatformText();
	return (
		<div className="pf-review__head">
			<p className="pf-page__hint">{pt("review.hint")}</p>
			<button
				type="button"
				className="button button--ghost pf-review__export"
				onClick={onExport}
				data-testid="platform-export"
			>
				<DocumentIcon />
				{pt("review.export")}
			</button>
		</div>
	);
}

/** One shop's withdrawals only (as the shop wallets page links), with a way back to every shop's. */
function ShopFilter({ shopName, onClear }: { shopName: string; onClear: () => void }) {
	const { pt } = usePlatformText();
	return (
		<div className="pf-review__filter">
			<span className="chip chip--on" data-testid="platform-shop-filter">
				{pt("review.shopOnly", { shop: shopName })}
				<button
					type="button"
					className="pf-review__filter-clear"
					aria-label={pt("review.shopOnlyClear")}
					onClick={onClear}
					data-testid="platform-shop-filter-clear"
				>
					<CloseIcon />
				</button>
			</span>
		</div>
	);
}

function StatusTabs({ tab, onPick }: { tab: ReviewTab; onPick: (tab: ReviewTab) => void }) {
	const { pt, lang } = usePlatformText();
	return (
		<div className="merchant-tabs pf-tabs" role="tablist">
			{REVIEW_TABS.map((value) => (
				<button
					key={value}
					type="button"
					role="tab"
					aria-selected={tab === value}
					className={`merchant-tabs__tab${tab === value ? " is-selected" : ""}`}
					onClick={() => onPick(value)}
					data-testid={`platform-tab-${value}`}
				>
					{value === "all" ? pt("review.tab.all") : withdrawalStatusStrings.text(lang, withdrawalStatusKey(value))}
				</button>
			))}
		</div>
	);
}

/** The tab's withdrawals, as a table on a desk and as cards on a phone, more as the end comes. */
function ReviewList({ review }: { review: WithdrawalsReviewState }) {
	const { pt } = usePlatformText();
	const { list, withdrawals, tab } = review;
	return (
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
						layout={review.sideBySide ? "table" : "cards"}
						withdrawals={withdrawals}
						selectedId={review.selectedId}
						onSelect={(withdrawal) => review.select(withdrawal)}
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
	);
}

/** The open withdrawal with its history; while it is read, what the list knew of it. */
function ReviewDetail({
	review,
	onReveal,
}: {
	review: WithdrawalsReviewState;
	onReveal: (withdrawal: WithdrawalView) => void;
}) {
	const { selected, selectedId, detail } = review;
	if (selected)
		return (
			<>
				<PlatformWithdrawalDetail withdrawal={selected} onReveal={() => onReveal(selected)} />
				{detail.isError && (
					<ErrorState compact message={errorText(detail.error)} onRetry={() => void detail.refetch()} />
				)}
			</>
		);
	if (detail.isError) return <ErrorState message={errorText(detail.error)} onRetry={() => void detail.refetch()} />;
	if (selectedId !== null) return <LoadingState />;
	return null;
}

/** On a desk: the open withdrawal beside the list, or a word to pick one. */
function DetailAside({
	selectedId,
	onClose,
	children,
}: {
	selectedId: number | null;
	onClose: () => void;
	children: ReactNode;
}) {
	const { pt, t } = usePlatformText();
	return (
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
							onClick={onClose}
							data-testid="platform-detail-close"
						>
							<CloseIcon />
						</button>
					</div>
					{children}
				</>
			)}
		</aside>
	);
}

/** On a phone: the open withdrawal in a sheet, its decisions at the foot. */
function DetailSheet({
	selectedId,
	open,
	onClose,
	footer,
	children,
}: {
	selectedId: number | null;
	open: boolean;
	onClose: () => void;
	footer: ReactNode;
	children: ReactNode;
}) {
	const { pt } = usePlatformText();
	return (
		<BottomSheet
			open={open}
			onClose={onClose}
			title={selectedId === null ? "" : pt("review.detail", { id: selectedId })}
			testId="platform-detail-sheet"
			footer={footer}
		>
			{children}
		</BottomSheet>
	);
}

/** "Approve?" with what is to be paid, to whom and by when. */
function ApproveConfirm({
	withdrawal,
	onCancel,
	onConfirm,
}: {
	withdrawal: WithdrawalView | null;
	onCancel: () => void;
	onConfirm: (withdrawal: WithdrawalView) => void;
}) {
	const { pt, lang } = usePlatformText();
	const money = useMoney();
	const labels = useDateLabels();
	const question = (target: WithdrawalView): string =>
		pt("review.approveConfirm", {
			id: target.id,
			shop: target.shopName,
			amount: money(target.amount),
			account: accountText(target.card),
			holder: target.card.holder,
			date: formatLocalDate(target.arrivesBy, lang, labels),
		});
	return (
		<ConfirmDialog
			open={withdrawal !== null}
			message={withdrawal ? question(withdrawal) : ""}
			confirmLabel={pt("review.approve")}
			onCancel={onCancel}
			onConfirm={() => withdrawal && onConfirm(withdrawal)}
			testId="platform-approve-confirm"
		/>
	);
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
