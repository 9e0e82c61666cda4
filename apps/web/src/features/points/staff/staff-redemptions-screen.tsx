import {
	type MerchantShopRef,
	REDEMPTION_STATUSES,
	type RedemptionStatus,
	type RedemptionView,
	roleAllows,
} from "@bayon/contract";
import { useInfiniteQuery, useQuery, useQueryClient } from "@tanstack/react-query";
import { useMemo, useState } from "react";
import { useSearchParams } from "react-router";
import { errorText } from "../../../lib/api-client";
import { ScanIcon } from "../../../ui/icons";
import { ListEnd } from "../../../ui/list-end";
import { StaffShop } from "../../../ui/staff/staff-shop";
import { EmptyState, ErrorState, LoadingState, NotAllowedState } from "../../../ui/states";
import { shopDetailQuery } from "../../venues/api";
import { handOverRedemption, pointsStaffKeys, redemptionsQuery } from "../staff-api";
import { REDEMPTIONS_PERMISSION } from "../staff-permissions";
import { useStaffRedemptionAction } from "../staff-redemption-action";
import { useStaffPointsText } from "../staff-strings";
import { StaffHandOverSheet } from "./staff-hand-over-sheet";
import { type RedemptionStaffAction, StaffRedemptionCard } from "./staff-redemption-card";
import { StaffCancelSheet, StaffShipSheet } from "./staff-redemption-sheets";
import "../../../ui/controls.css";
import "../../../ui/staff/merchant.css";
import "../../stored-value/staff-stored-value.css";
import "../staff-points.css";

/**
 * merchant/redemptions (every role): the points-mall redemptions this shop handles (its
 * pickups and every delivery) by state, pending first. A pickup is handed over at the counter
 * by scanning or typing the pickup code on the member's phone, a delivery shipped with a tracking note;
 * either can be cancelled with a reason (points and stock go back). More load on request.
 */
export default function StaffRedemptionsScreen() {
	return <StaffShop>{(shop) => <RedemptionsAccess key={shop.shopId} shop={shop} />}</StaffShop>;
}

function RedemptionsAccess({ shop }: { shop: MerchantShopRef }) {
	const { pt } = useStaffPointsText();
	if (!roleAllows(shop.role, REDEMPTIONS_PERMISSION))
		return <NotAllowedState message={pt("red.notAllowed")} testId="redemptions-not-allowed" />;
	return <RedemptionsPage shop={shop} />;
}

const isStatus = (value: string | null): value is RedemptionStatus =>
	(REDEMPTION_STATUSES as readonly string[]).includes(value ?? "");

function RedemptionsPage({ shop }: { shop: MerchantShopRef }) {
	const { pt, plural, lang } = useStaffPointsText();
	const [params, setParams] = useSearchParams();
	const requested = params.get("status");
	const status: RedemptionStatus = isStatus(requested) ? requested : "pending";
	// A safety net for redemptions made meanwhile: the pending tab catches up within a minute.
	const list = useInfiniteQuery({ ...redemptionsQuery(shop.shopId, status), refetchInterval: 60_000 });
	const timeZone = useQuery(shopDetailQuery(shop.shopId, lang)).data?.timezone;
	const redemptions = useMemo(() => {
		// Pages are read by offset: a row that moved tabs meanwhile may come twice.
		const byId = new Map<number, RedemptionView>();
		for (const page of list.data?.pages ?? [])
			for (const row of page.list) if (!byId.has(row.id)) byId.set(row.id, row);
		return [...byId.values()];
	}, [list.data]);
	const total = list.data?.pages[0]?.total ?? 0;

	const run = useStaffRedemptionAction();
	const [open, setOpen] = useState<{ action: RedemptionStaffAction; redemption: RedemptionView } | null>(null);
	const close = () => setOpen(null);
	const opened = (action: RedemptionStaffAction) => (open?.action === action ? open.redemption : null);
	const [scanning, setScanning] = useState(false);
	const queryClient = useQueryClient();
	// The sheet shows what was handed over; the tabs are read again since the row moved.
	const handOver = async (code: string) => {
		const handed = await handOverRedemption({ shopId: shop.shopId, code });
		void queryClient.invalidateQueries({ queryKey: pointsStaffKeys.all });
		return handed;
	};

	return (
		<div className="merchant page-pad sv-staff pt-staff" data-testid="redemptions-page">
			<header className="pt-red-page__head">
				<h2 className="pt-red-page__shop">{shop.shopName}</h2>
				<p className="sv-section__hint">{pt("red.hint")}</p>
				<button
					type="button"
					className="button button--primary pt-red-page__scan"
					onClick={() => setScanning(true)}
					data-testid="redemptions-scan"
				>
					<ScanIcon aria-hidden="true" /> {pt("red.scan")}
				</button>
			</header>
			<div className="merchant-tabs pt-red-tabs" role="tablist">
				{REDEMPTION_STATUSES.map((value) => (
					<button
						key={value}
						type="button"
						role="tab"
						aria-selected={status === value}
						className={`merchant-tabs__tab${status === value ? " is-selected" : ""}`}
						onClick={() => setParams(value === "pending" ? {} : { status: value }, { replace: true })}
						data-testid={`redemptions-tab-${value}`}
					>
						{pt(`red.tab.${value}`)}
					</button>
				))}
			</div>
			<div role="tabpanel" className="pt-red-panel">
				{list.isPending ? (
					<LoadingState />
				) : list.isError && redemptions.length === 0 ? (
					<ErrorState message={errorText(list.error)} onRetry={() => void list.refetch()} />
				) : redemptions.length === 0 ? (
					<EmptyState title={pt(`red.empty.${status}`)} />
				) : (
					<>
						<p className="sv-section__meta" data-testid="redemptions-total">
							{plural("red.total", total)}
						</p>
						<ul className="pt-red-list" data-testid="redemptions-list">
							{redemptions.map((redemption) => (
								<StaffRedemptionCard
									key={redemption.id}
									redemption={redemption}
									timeZone={timeZone}
									onAction={(action, target) =>
										action === "handOver" ? setScanning(true) : setOpen({ action, redemption: target })
									}
								/>
							))}
						</ul>
						<ListEnd
							list={list}
							moreLabel={pt("red.more")}
							endLabel={pt("red.noMore")}
							className="sv-list-end"
							testId="redemptions-end"
							moreTestId="redemptions-more"
						/>
					</>
				)}
			</div>
			<StaffHandOverSheet open={scanning} handOver={handOver} onClose={() => setScanning(false)} />
			<StaffShipSheet shopId={shop.shopId} redemption={opened("ship")} onClose={close} run={run} />
			<StaffCancelSheet shopId={shop.shopId} redemption={opened("cancel")} onClose={close} run={run} />
		</div>
	);
}
