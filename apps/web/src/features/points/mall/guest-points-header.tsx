import type { PointsSummary } from "@bayon/contract";
import { useQuery } from "@tanstack/react-query";
import { Link, useLocation } from "react-router";
import { errorText } from "../../../lib/api-client";
import { useMoney } from "../../../lib/app-config";
import { formatPoints } from "../../../lib/format";
import { Paths, withQuery } from "../../../lib/paths";
import { useAppState } from "../../../lib/store";
import { ChevronIcon, GiftIcon, ReceiptIcon, StarIcon } from "../../../ui/icons";
import { ErrorState, LoadingState } from "../../../ui/states";
import { pointsSummaryQuery } from "../guest-api";
import { multiplierText } from "../guest-format";
import { usePointsText } from "../guest-strings";

/**
 * The mall's head: a member's points (to the points bill), how points are earned and the way
 * to their redemptions; a visitor is asked to sign in.
 */
export function PointsHeader() {
	const memberId = useAppState((s) => s.member?.id ?? null);
	if (memberId === null) return <SignInCard />;
	return <MemberHeader memberId={memberId} />;
}

function MemberHeader({ memberId }: { memberId: number }) {
	const { pt } = usePointsText();
	const summary = useQuery(pointsSummaryQuery(memberId));
	return (
		<section className="pt-header" aria-labelledby="pt-header-label" data-testid="points-header">
			<Link to={Paths.pointsBill} className="pt-header__balance" data-testid="points-header-bill">
				<span className="pt-header__label" id="pt-header-label">
					{pt("mall.myPoints")}
				</span>
				<strong className="pt-header__points" data-testid="points-header-balance">
					{summary.data ? formatPoints(summary.data.balance) : "--"}
				</strong>
				<span className="pt-header__more">
					{pt("mall.bill")}
					<ChevronIcon aria-hidden="true" />
				</span>
			</Link>
			{summary.isPending ? (
				<LoadingState compact />
			) : summary.isError ? (
				<ErrorState compact message={errorText(summary.error)} onRetry={() => void summary.refetch()} />
			) : (
				<EarnRule summary={summary.data} />
			)}
			<Link to={Paths.scoreProductOrder} className="pt-header__link" data-testid="points-header-redemptions">
				<ReceiptIcon aria-hidden="true" />
				<span>{pt("mall.myRedemptions")}</span>
				<ChevronIcon className="pt-header__chevron" aria-hidden="true" />
			</Link>
		</section>
	);
}

/** "Earn 2 points per $1.00 spent", and the VIP card's multiplier when it adds to that. */
function EarnRule({ summary }: { summary: PointsSummary }) {
	const { pt, plural } = usePointsText();
	const money = useMoney();
	const currencyUnit = useAppState((s) => 10 ** s.currency.decimals);
	return (
		<div className="pt-earn" data-testid="points-earn">
			<StarIcon className="pt-earn__icon" aria-hidden="true" />
			<div className="pt-earn__text">
				<span className="pt-earn__title">{pt("mall.earnTitle")}</span>
				{summary.pointsPerUnit > 0 ? (
					<span data-testid="points-earn-rule">
						{plural("mall.earnRule", summary.pointsPerUnit, { amount: money(currencyUnit) })}
					</span>
				) : (
					<span data-testid="points-earn-rule">{pt("mall.earnOff")}</span>
				)}
				{summary.pointsPerUnit > 0 && summary.multiplierPercent > 100 && (
					<span className="pt-earn__card" data-testid="points-earn-card">
						{pt("mall.earnCard", { multiplier: multiplierText(summary.multiplierPercent) })}
					</span>
				)}
			</div>
		</div>
	);
}

function SignInCard() {
	const { pt } = usePointsText();
	const location = useLocation();
	return (
		<section className="card pt-sign-in" data-testid="points-sign-in">
			<span className="pt-sign-in__icon" aria-hidden="true">
				<GiftIcon />
			</span>
			<p>{pt("mall.signIn")}</p>
			<Link
				to={withQuery(Paths.login, { redirect: `${location.pathname}${location.search}` })}
				className="button button--primary button--small"
				data-testid="points-sign-in-button"
			>
				{pt("mall.signInButton")}
			</Link>
		</section>
	);
}
