import { CouponStatus, type MyCoupon } from "@bayon/contract";
import { useInfiniteQuery } from "@tanstack/react-query";
import { Link, useSearchParams } from "react-router";
import { errorText } from "../../../lib/api-client";
import { Paths, withQuery } from "../../../lib/paths";
import { useReachBottom } from "../../../lib/use-reach-bottom";
import { ChevronIcon } from "../../../ui/icons";
import { PullRefresh } from "../../../ui/pull-refresh";
import { EmptyState, ErrorState, LoadingState } from "../../../ui/states";
import { useRequireMember } from "../../identity/require-member";
import { GuestMineCard } from "../../membership/cards/guest-mine-card";
import { myCouponsQuery } from "../guest-api";
import { useCouponWhen } from "../guest-format";
import { useCouponText } from "../guest-strings";
import { CouponTicket } from "./guest-coupon-ticket";
import "../guest-coupons.css";

const TABS = [CouponStatus.Unused, CouponStatus.Used, CouponStatus.Expired] as const;

/** The tab from `?status=`: anything unknown reads as unused. */
export function statusFromQuery(value: string | null): CouponStatus {
	const status = Number(value);
	return (TABS as readonly number[]).includes(status) && value !== null && value !== ""
		? (status as CouponStatus)
		: CouponStatus.Unused;
}

/** Coupons of every loaded page, each once: a page fetched again may overlap the next one. */
function uniqueCoupons(pages: readonly { list: readonly MyCoupon[] }[]): MyCoupon[] {
	const seen = new Set<number>();
	const coupons: MyCoupon[] = [];
	for (const page of pages)
		for (const coupon of page.list) {
			if (seen.has(coupon.id)) continue;
			seen.add(coupon.id);
			coupons.push(coupon);
		}
	return coupons;
}

/**
 * coupons/coupons (my cards and coupons): the member's VIP card on top, then their coupons
 * under the tabs unused / used / expired (spec §3 status 0/1/2), each saying where and when it
 * works; a used one links to its order, a switched-off one says so. More on reaching the end,
 * pull to refresh, and a way to the coupon centre.
 */
export default function MyCouponsScreen() {
	const member = useRequireMember();
	const { ct, lang } = useCouponText();
	const [params, setParams] = useSearchParams();
	const status = statusFromQuery(params.get("status"));
	const coupons = useInfiniteQuery({ ...myCouponsQuery(status, lang), enabled: member !== null });
	useReachBottom(
		() => void coupons.fetchNextPage(),
		coupons.hasNextPage && !coupons.isFetchingNextPage && !coupons.isFetchNextPageError,
	);
	const list = uniqueCoupons(coupons.data?.pages ?? []);

	return (
		<PullRefresh onRefresh={() => coupons.refetch()}>
			<div className="cp-mine" data-testid="my-coupons">
				{member && <GuestMineCard />}
				<div className="cp-tabs" role="tablist">
					{TABS.map((value) => (
						<button
							key={value}
							type="button"
							role="tab"
							aria-selected={status === value}
							className={`cp-tab${status === value ? " is-active" : ""}`}
							onClick={() =>
								setParams(value === CouponStatus.Unused ? {} : { status: String(value) }, { replace: true })
							}
							data-testid={`coupons-tab-${value}`}
						>
							{ct(`tab.${value}`)}
						</button>
					))}
				</div>
				<div className="cp-mine__content">
					{!member || coupons.isPending ? (
						<LoadingState />
					) : coupons.isError && list.length === 0 ? (
						<ErrorState message={errorText(coupons.error)} onRetry={() => void coupons.refetch()} />
					) : list.length === 0 ? (
						<EmptyState title={ct(`mine.empty.${status}`)}>
							<p className="cp-hint cp-empty-hint">{ct("mine.emptyHint")}</p>
							<Link to={Paths.packages} className="button button--primary" data-testid="coupons-to-center">
								{ct("mine.toCenter")}
							</Link>
						</EmptyState>
					) : (
						<>
							<ul className="cp-list" data-testid="coupons-list">
								{list.map((coupon) => (
									<li key={coupon.id}>
										<MyCouponTicket coupon={coupon} />
									</li>
								))}
							</ul>
							<div className="cp-list-end" data-testid="coupons-list-end">
								{coupons.isFetchingNextPage ? (
									<LoadingState compact />
								) : coupons.isFetchNextPageError ? (
									<ErrorState compact message={errorText(coupons.error)} onRetry={() => void coupons.fetchNextPage()} />
								) : coupons.hasNextPage ? null : (
									<span>{ct("mine.noMore")}</span>
								)}
							</div>
							<Link to={Paths.packages} className="cp-link cp-mine__center" data-testid="coupons-center-link">
								{ct("mine.toCenter")}
								<ChevronIcon aria-hidden="true" />
							</Link>
						</>
					)}
				</div>
			</div>
		</PullRefresh>
	);
}

function MyCouponTicket({ coupon }: { coupon: MyCoupon }) {
	const { ct } = useCouponText();
	const when = useCouponWhen();
	const switchedOff = !coupon.enabled && coupon.status === CouponStatus.Unused;

	let action = null;
	if (coupon.status === CouponStatus.Used && coupon.usedOrderId !== null)
		action = (
			<Link
				to={withQuery(Paths.orderDetail, { id: coupon.usedOrderId })}
				className="cp-link cp-action"
				data-testid="coupon-order"
			>
				{ct("mine.order")}
				<ChevronIcon aria-hidden="true" />
			</Link>
		);
	else if (coupon.status === CouponStatus.Unused && !switchedOff)
		action = (
			<Link to={Paths.menu} className="button button--primary button--small cp-action" data-testid="coupon-use">
				{ct("mine.use")}
			</Link>
		);

	return (
		<CouponTicket
			title={coupon.title}
			instructions={coupon.instructions}
			terms={coupon.terms}
			when={when(coupon)}
			muted={coupon.status !== CouponStatus.Unused || switchedOff}
			stamp={coupon.status === CouponStatus.Unused ? undefined : ct(`tab.${coupon.status}`)}
			note={
				switchedOff ? (
					<p className="cp-ticket__note" data-testid="coupon-switched-off">
						{ct("mine.switchedOff")}
					</p>
				) : undefined
			}
			action={action}
			testId={`coupon-${coupon.id}`}
		/>
	);
}
