import { CARD_POINTS_PERCENT_MIN, type CardPurchaseView, type MyVipCard, type VipCardDetail } from "@bayon/contract";
import { useQuery } from "@tanstack/react-query";
import { type ReactNode, useCallback, useState } from "react";
import { Link, useLocation, useSearchParams } from "react-router";
import { errorText } from "../../../lib/api-client";
import { usePrice } from "../../../lib/app-config";
import { Paths, withQuery } from "../../../lib/paths";
import { refetchActive } from "../../../lib/query-client";
import { useAppState } from "../../../lib/store";
import { WarningIcon } from "../../../ui/icons";
import { PullRefresh } from "../../../ui/pull-refresh";
import { EmptyState, ErrorState, LoadingState } from "../../../ui/states";
import { cardDetailQuery } from "../guest-api";
import { useCardDate } from "../guest-format";
import { useCardText } from "../guest-strings";
import { BenefitList } from "./guest-benefit-list";
import { BuySheet } from "./guest-buy-sheet";
import { CardFace } from "./guest-card-face";
import { CardStatusChip } from "./guest-my-card";
import { PurchaseDone, PurchaseReturn } from "./guest-purchase-result";
import "../../../ui/footer-bar.css";
import "../../../ui/controls.css";
import "../guest-membership.css";

function positiveId(value: string | null): number | null {
	const id = Number(value);
	return value && Number.isSafeInteger(id) && id > 0 ? id : null;
}

/**
 * vip/detail?id=: one card, its benefits, description, price and validity, and buying it (with
 * the balance or through the gateway, after a confirm step). When the reader cannot buy it, the
 * server's reason shows instead of the button. `&purchase=` is the gateway's way back: the
 * page then follows that purchase until it settles.
 */
export default function VipDetailScreen() {
	const { ct } = useCardText();
	const [params] = useSearchParams();
	const id = positiveId(params.get("id"));
	if (id === null) return <EmptyState title={ct("detail.notFound")} />;
	return <CardDetail key={id} id={id} purchaseId={positiveId(params.get("purchase"))} />;
}

function CardDetail({ id, purchaseId }: { id: number; purchaseId: number | null }) {
	const { lang } = useCardText();
	const memberId = useAppState((s) => s.member?.id ?? null);
	const detail = useQuery(cardDetailQuery(id, lang, memberId));
	const [bought, setBought] = useState<{ card: MyVipCard; extended: boolean } | null>(null);
	// Returned from the gateway: the buy button waits until that purchase has settled.
	const [returnSettled, setReturnSettled] = useState(purchaseId === null);
	const [returnedCard, setReturnedCard] = useState(false);
	const onSettled = useCallback((purchase: CardPurchaseView) => {
		setReturnSettled(true);
		setReturnedCard(purchase.status === "paid");
	}, []);

	if (bought)
		return (
			<div className="vip-page">
				<PurchaseDone card={bought.card} extended={bought.extended} />
			</div>
		);

	let body: ReactNode;
	if (detail.isPending) body = <LoadingState />;
	else if (detail.isError)
		body = <ErrorState message={errorText(detail.error)} onRetry={() => void detail.refetch()} />;
	else body = <CardInfo detail={detail.data} />;

	return (
		<PullRefresh onRefresh={refetchActive}>
			<div className="vip-page has-footer" data-testid="vip-detail">
				{purchaseId !== null && memberId !== null && <PurchaseReturn purchaseId={purchaseId} onSettled={onSettled} />}
				{body}
			</div>
			{detail.data && returnSettled && !returnedCard && (
				<BuyFooter
					detail={detail.data}
					signedIn={memberId !== null}
					onBought={(purchase, extended) => {
						if (purchase.card) setBought({ card: purchase.card, extended });
					}}
				/>
			)}
		</PullRefresh>
	);
}

/** The card, what the reader has of it, and its terms. */
function CardInfo({ detail }: { detail: VipCardDetail }) {
	const { ct, plural } = useCardText();
	const price = usePrice();
	const date = useCardDate();
	const { card, mine } = detail;
	const holdsThis = mine !== null && mine.cardTypeId === card.id;
	return (
		<>
			<CardFace
				cardTypeId={card.id}
				name={card.name}
				benefits={card.benefits}
				muted={!card.onSale && !holdsThis}
				chip={
					holdsThis ? (
						<CardStatusChip active={mine.active} />
					) : (
						!card.onSale && <span className="vip-chip vip-chip--expired">{ct("card.notOnSale")}</span>
					)
				}
				foot={
					<>
						<span className="vip-face__price">{price(card.price)}</span>
						<span className="vip-face__validity">{plural("card.validity", card.validityDays)}</span>
					</>
				}
				testId="vip-detail-card"
			/>
			{holdsThis && (
				<p className="card vip-notice" data-testid="vip-yours">
					{mine.active
						? ct("detail.yours", { date: date(mine.expiresAt) })
						: ct("detail.yoursExpired", { date: date(mine.expiresAt) })}
				</p>
			)}
			<section className="card vip-section" aria-labelledby="vip-terms-title">
				<h2 className="vip-section__title visually-hidden" id="vip-terms-title">
					{ct("detail.price")}
				</h2>
				<dl className="vip-terms">
					<div className="vip-terms__row">
						<dt>{ct("detail.price")}</dt>
						<dd className="price" data-testid="vip-detail-price">
							{price(card.price)}
						</dd>
					</div>
					<div className="vip-terms__row">
						<dt>{ct("detail.validity")}</dt>
						<dd data-testid="vip-detail-validity">{plural("unit.days", card.validityDays)}</dd>
					</div>
				</dl>
			</section>
			<section className="card vip-section" aria-labelledby="vip-benefits-title">
				<h2 className="vip-section__title" id="vip-benefits-title">
					{ct("detail.benefits")}
				</h2>
				<BenefitList benefits={card.benefits} testId="vip-detail-benefits" />
				{card.benefits.pointsPercent > CARD_POINTS_PERCENT_MIN && (
					<p className="vip-note">{ct("benefit.pointsNote")}</p>
				)}
			</section>
			{card.description.trim() !== "" && (
				<section className="card vip-section" aria-labelledby="vip-about-title">
					<h2 className="vip-section__title" id="vip-about-title">
						{ct("detail.about")}
					</h2>
					<p className="vip-description" data-testid="vip-detail-description">
						{card.description}
					</p>
				</section>
			)}
			{!detail.purchase.allowed && (
				<div className="card vip-refused" role="note" data-testid="vip-refusal">
					<WarningIcon className="vip-refused__icon" aria-hidden="true" />
					<div>
						<strong>{ct("detail.cannotBuy")}</strong>
						<p>{detail.purchase.reason}</p>
					</div>
				</div>
			)}
		</>
	);
}

/**
 * The foot of the page: the price and the way on: sign in (a visitor), buy or renew (opens the
 * confirm step), or nothing when the server says the reader cannot buy it (the reason shows above).
 */
function BuyFooter({
	detail,
	signedIn,
	onBought,
}: {
	detail: VipCardDetail;
	signedIn: boolean;
	onBought: (purchase: CardPurchaseView, extended: boolean) => void;
}) {
	const { ct } = useCardText();
	const price = usePrice();
	const location = useLocation();
	const [open, setOpen] = useState(false);
	if (signedIn && !detail.purchase.allowed) return null;
	const extending = detail.purchase.allowed && detail.purchase.extends;
	return (
		<footer className="cart-footer vip-footer">
			<span className="cart-footer__total">
				<span className="price price--large">{price(detail.card.price)}</span>
			</span>
			{signedIn ? (
				<button
					type="button"
					className="button button--primary cart-footer__button"
					onClick={() => setOpen(true)}
					data-testid="vip-buy"
				>
					{extending ? ct("detail.renew") : ct("detail.buy")}
				</button>
			) : (
				<Link
					to={withQuery(Paths.login, { redirect: `${location.pathname}${location.search}` })}
					className="button button--primary cart-footer__button"
					data-testid="vip-sign-in-button"
				>
					{ct("detail.signIn")}
				</Link>
			)}
			{signedIn && (
				<BuySheet
					detail={detail}
					open={open}
					onClose={() => setOpen(false)}
					onBought={(purchase, extended) => {
						setOpen(false);
						onBought(purchase, extended);
					}}
				/>
			)}
		</footer>
	);
}
