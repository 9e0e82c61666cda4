import {
	type MerchantShopRef,
	WITHDRAWAL_ARRIVAL_WORKING_DAYS,
	WITHDRAWAL_STATUSES,
	type WithdrawalStatus,
} from "@bayon/contract";
import { useQuery } from "@tanstack/react-query";
import { Link, useSearchParams } from "react-router";
import { errorText } from "../../../lib/api-client";
import { useFeatureStrings } from "../../../lib/i18n/feature-strings";
import { Paths } from "../../../lib/paths";
import { ListEnd } from "../../../ui/list-end";
import { EmptyState, ErrorState, LoadingState } from "../../../ui/states";
import { MoneyAccess } from "../money-access";
import { walletSummaryQuery, withdrawalDetailQuery } from "../money-api";
import { useMoneyText } from "../money-strings";
import { withdrawalStatusKey, withdrawalStatusStrings } from "../withdrawal-status";
import { useWithdrawalList } from "./use-withdrawal-list";
import { WithdrawalDetail } from "./withdrawal-detail";
import { WithdrawalRow } from "./withdrawal-row";
import "../../../ui/staff/merchant.css";
import "../money.css";

/**
 * merchant/withdrawal (owner): the shop's withdrawals, newest first, by status (all, unaudited,
 * awaiting arrival, review rejected, already received; spec §3), more pages on request; with
 * `?id=` one withdrawal with its timeline. Both follow the platform's review live.
 */
export default function WithdrawalsScreen() {
	return <MoneyAccess>{(shop) => <WithdrawalsPage shop={shop} />}</MoneyAccess>;
}

/** A query value as a positive id, or null. */
function idOf(value: string | null): number | null {
	if (!value || !/^\d{1,15}$/.test(value)) return null;
	const id = Number(value);
	return id > 0 ? id : null;
}

function WithdrawalsPage({ shop }: { shop: MerchantShopRef }) {
	const [params] = useSearchParams();
	const id = idOf(params.get("id"));
	// The time zone the times read in (the shop's clock) and the arrival rule.
	const wallet = useQuery(walletSummaryQuery(shop.shopId)).data;
	if (id !== null) return <DetailPage key={id} shopId={shop.shopId} id={id} timeZone={wallet?.timezone} />;
	return <ListPage shopId={shop.shopId} timeZone={wallet?.timezone} />;
}

function DetailPage({ shopId, id, timeZone }: { shopId: number; id: number; timeZone: string | undefined }) {
	const { mt } = useMoneyText();
	const detail = useQuery(withdrawalDetailQuery(shopId, id));
	const workingDays = useQuery(walletSummaryQuery(shopId)).data?.arrivalWorkingDays;
	return (
		<div className="merchant money-page" data-testid="withdrawal-page">
			{detail.isError && !detail.data ? (
				<ErrorState message={errorText(detail.error)} onRetry={() => void detail.refetch()} />
			) : !detail.data ? (
				<LoadingState />
			) : (
				<WithdrawalDetail
					withdrawal={detail.data}
					timeZone={timeZone}
					workingDays={workingDays ?? WITHDRAWAL_ARRIVAL_WORKING_DAYS}
				/>
			)}
			<Link to={Paths.merchantWithdrawal} className="button button--ghost button--block" data-testid="withdrawal-back">
				{mt("detail.back")}
			</Link>
		</div>
	);
}

const TABS = [null, ...WITHDRAWAL_STATUSES] as const;

function ListPage({ shopId, timeZone }: { shopId: number; timeZone: string | undefined }) {
	const { mt } = useMoneyText();
	const { status, showStatus, list, withdrawals } = useWithdrawalList(shopId);

	return (
		<div className="merchant money-page" data-testid="withdrawals-page">
			<div className="money-list-head">
				<StatusTabs status={status} onPick={showStatus} />
				<Link
					to={Paths.merchantCash}
					className="button button--primary button--small"
					data-testid="withdrawals-withdraw"
				>
					{mt("list.withdraw")}
				</Link>
			</div>
			<div role="tabpanel">
				{list.isPending ? (
					<LoadingState />
				) : list.isError && withdrawals.length === 0 ? (
					<ErrorState message={errorText(list.error)} onRetry={() => void list.refetch()} />
				) : withdrawals.length === 0 ? (
					<EmptyState title={mt(status === null ? "list.empty.all" : `list.empty.${status}`)} />
				) : (
					<>
						<ul className="money-rows" data-testid="withdrawals-list">
							{withdrawals.map((withdrawal) => (
								<WithdrawalRow key={withdrawal.id} withdrawal={withdrawal} timeZone={timeZone} />
							))}
						</ul>
						<ListEnd
							list={list}
							moreLabel={mt("list.more")}
							endLabel={mt("list.noMore")}
							className="money-list-end"
							testId="withdrawals-end"
							moreTestId="withdrawals-more"
						/>
					</>
				)}
			</div>
		</div>
	);
}

/** All, then each status (spec §3). */
function StatusTabs({
	status,
	onPick,
}: {
	status: WithdrawalStatus | null;
	onPick: (status: WithdrawalStatus | null) => void;
}) {
	const { mt } = useMoneyText();
	const { ft: statusName } = useFeatureStrings(withdrawalStatusStrings);
	return (
		<div className="merchant-tabs money-tabs" role="tablist">
			{TABS.map((value) => {
				const key = value === null ? "all" : String(value);
				return (
					<button
						key={key}
						type="button"
						role="tab"
						aria-selected={status === value}
						className={`merchant-tabs__tab${status === value ? " is-selected" : ""}`}
						onClick={() => onPick(value)}
						data-testid={`withdrawals-tab-${key}`}
					>
						{value === null ? mt("list.all") : statusName(withdrawalStatusKey(value))}
					</button>
				);
			})}
		</div>
	);
}
