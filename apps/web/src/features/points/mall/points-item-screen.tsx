import type { PointsItemDetail } from "@bayon/contract";
import { useQuery } from "@tanstack/react-query";
import { Link, useLocation, useSearchParams } from "react-router";
import { errorText } from "../../../lib/api-client";
import { Paths, withQuery } from "../../../lib/paths";
import { refetchActive } from "../../../lib/query-client";
import { useAppState } from "../../../lib/store";
import { BagIcon, ScooterIcon, WarningIcon } from "../../../ui/icons";
import { PullRefresh } from "../../../ui/pull-refresh";
import { EmptyState, ErrorState, LoadingState } from "../../../ui/states";
import { pointsItemQuery, useLivePoints } from "../guest-api";
import { positiveId } from "../guest-format";
import { usePointsText } from "../guest-strings";
import { PointsItemImage } from "./guest-item-image";
import "../../../ui/controls.css";
import "../guest-points.css";

/**
 * scoreproduct/detail?id=: one mall item, its picture, name, description, points price, stock
 * and how it is handed over; the member's points. Redeeming goes on to the confirm page, and
 * only when the server says the reader may; otherwise its reason shows (and "already redeemed"
 * leads to that redemption).
 */
export default function PointsItemScreen() {
	const { pt } = usePointsText();
	const [params] = useSearchParams();
	const id = positiveId(params.get("id"));
	if (id === null) return <EmptyState title={pt("detail.notFound")} />;
	return <ItemDetail key={id} id={id} />;
}

function ItemDetail({ id }: { id: number }) {
	const { lang } = usePointsText();
	const memberId = useAppState((s) => s.member?.id ?? null);
	const detail = useQuery(pointsItemQuery(id, lang, memberId));
	useLivePoints();
	return (
		<PullRefresh onRefresh={refetchActive}>
			<div className="pt-detail has-footer" data-testid="points-item-detail">
				{detail.isPending ? (
					<LoadingState />
				) : detail.isError ? (
					<ErrorState message={errorText(detail.error)} onRetry={() => void detail.refetch()} />
				) : (
					<ItemInfo detail={detail.data} signedIn={memberId !== null} />
				)}
			</div>
			{detail.data && <RedeemFooter detail={detail.data} signedIn={memberId !== null} />}
		</PullRefresh>
	);
}

function ItemInfo({ detail, signedIn }: { detail: PointsItemDetail; signedIn: boolean }) {
	const { pt, plural, points } = usePointsText();
	const { item, balance, redeem } = detail;
	const soldOut = item.stock <= 0;
	return (
		<>
			<PointsItemImage image={item.image} size="large" />
			<section className="card pt-section pt-detail__head">
				<h1 className="pt-detail__name" data-testid="points-item-name">
					{item.name}
				</h1>
				<p className="pt-detail__price" data-testid="points-item-price">
					{points(item.pointsPrice)}
				</p>
				<p className="pt-detail__stock">
					<span className={soldOut ? "pt-sold-out" : ""} data-testid="points-item-stock">
						{soldOut ? pt("item.soldOut") : plural("item.stockLeft", item.stock)}
					</span>
					{item.redeemedCount > 0 && (
						<span className="pt-hint" data-testid="points-item-redeemed-count">
							{plural("detail.redeemedCount", item.redeemedCount)}
						</span>
					)}
				</p>
				{balance !== null && (
					<p className="pt-detail__balance" data-testid="points-item-balance">
						<span>{pt("detail.myBalance")}</span>
						<strong className={balance < item.pointsPrice ? "is-short" : ""}>{points(balance)}</strong>
					</p>
				)}
			</section>

			{signedIn && !redeem.allowed && (
				<div className="pt-refused" role="note" data-testid="points-item-refusal">
					<WarningIcon className="pt-refused__icon" aria-hidden="true" />
					<div>
						<strong>{pt("detail.cannotRedeem")}</strong>
						<p id="pt-refusal-reason" data-testid="points-item-reason">
							{redeem.reason}
						</p>
						{item.myRedemptionId !== null && (
							<Link
								to={withQuery(Paths.scoreProductOrderDetail, { id: item.myRedemptionId })}
								className="pt-refused__link"
								data-testid="points-item-my-redemption"
							>
								{pt("detail.viewRedemption")}
							</Link>
						)}
					</div>
				</div>
			)}
			<section className="card pt-section" aria-labelledby="pt-fulfilments-title">
				<h2 className="pt-section__title" id="pt-fulfilments-title">
					{pt("detail.fulfilments")}
				</h2>
				<ul className="pt-fulfilments" data-testid="points-item-fulfilments">
					{item.fulfilments.map((way) => (
						<li key={way} className="pt-fulfilment">
							{way === "pickup" ? <BagIcon aria-hidden="true" /> : <ScooterIcon aria-hidden="true" />}
							{pt(`fulfilment.${way}`)}
						</li>
					))}
				</ul>
				<p className="pt-hint">{pt("detail.limit")}</p>
			</section>

			{item.description.trim() !== "" && (
				<section className="card pt-section" aria-labelledby="pt-about-title">
					<h2 className="pt-section__title" id="pt-about-title">
						{pt("detail.about")}
					</h2>
					<p className="pt-description" data-testid="points-item-description">
						{item.description}
					</p>
				</section>
			)}
		</>
	);
}

/** The price and the way on: sign in (a visitor), redeem (when allowed), or the button off. */
function RedeemFooter({ detail, signedIn }: { detail: PointsItemDetail; signedIn: boolean }) {
	const { pt, points } = usePointsText();
	const location = useLocation();
	const { item, redeem } = detail;
	return (
		<footer className="pt-footer">
			<span className="pt-footer__total">
				<span className="pt-footer__label">{pt("detail.price")}</span>
				<strong className="pt-footer__points">{points(item.pointsPrice)}</strong>
			</span>
			{!signedIn ? (
				<Link
					to={withQuery(Paths.login, { redirect: `${location.pathname}${location.search}` })}
					className="button button--primary pt-footer__button"
					data-testid="points-item-sign-in"
				>
					{pt("detail.signIn")}
				</Link>
			) : redeem.allowed ? (
				<Link
					to={withQuery(Paths.scoreProductConfirm, { id: item.id })}
					className="button button--primary pt-footer__button"
					data-testid="points-item-redeem"
				>
					{pt("detail.redeem")}
				</Link>
			) : (
				<button
					type="button"
					className="button button--primary pt-footer__button"
					disabled
					aria-describedby="pt-refusal-reason"
					data-testid="points-item-redeem"
				>
					{pt("detail.redeem")}
				</button>
			)}
		</footer>
	);
}
