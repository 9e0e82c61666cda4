import type { CouponOffer } from "@bayon/contract";
import { useQuery } from "@tanstack/react-query";
import { type ReactNode, useRef, useState } from "react";
import { Link, useLocation, useNavigate } from "react-router";
import { ApiError, errorText } from "../../../lib/api-client";
import { formatPoints } from "../../../lib/format";
import { Paths, withQuery } from "../../../lib/paths";
import { queryClient } from "../../../lib/query-client";
import { useAppState } from "../../../lib/store";
import { showToast } from "../../../lib/toast";
import { ChevronIcon } from "../../../ui/icons";
import { PullRefresh } from "../../../ui/pull-refresh";
import { EmptyState, ErrorState, LoadingState } from "../../../ui/states";
import { claimCoupon, couponCenterQuery, newClaimKey, refreshMyCoupons } from "../guest-api";
import { afterClaim, afterRefusal, claimIntents } from "../guest-claim";
import { useOfferValidity } from "../guest-format";
import { useCouponText } from "../guest-strings";
import { CouponTicket } from "../mine/guest-coupon-ticket";
import { ExchangeCodeForm } from "./guest-exchange-code";
import "../guest-coupons.css";

/**
 * packages/index (usable coupons): the offers one can claim now, each a ticket with what it
 * gives, its minimum spend, where and when it works, how many are left and a claim button
 * (claimable / claimed / all gone); an exchange code above them. A claim updates its ticket in
 * place. A visitor sees the offers and is sent to sign in (and back) to claim one.
 */
export default function CouponCenterScreen() {
	const { ct, lang } = useCouponText();
	const memberId = useAppState((s) => s.member?.id ?? null);
	const navigate = useNavigate();
	const location = useLocation();
	const center = useQuery(couponCenterQuery(lang, memberId));
	const intents = useRef(claimIntents(newClaimKey));
	const busy = useRef(false);
	const [claiming, setClaiming] = useState<number | null>(null);
	/** Offers claimed on this visit: a second one (within the limit) reads "claim another". */
	const [claimedHere, setClaimedHere] = useState<ReadonlySet<number>>(new Set());

	const signIn = () => navigate(withQuery(Paths.login, { redirect: `${location.pathname}${location.search}` }));
	const updateOffers = (update: (offers: CouponOffer[]) => CouponOffer[]) =>
		queryClient.setQueryData<CouponOffer[]>(couponCenterQuery(lang, memberId).queryKey, (offers) =>
			offers ? update(offers) : offers,
		);

	const claim = async (offer: CouponOffer) => {
		if (memberId === null) {
			signIn();
			return;
		}
		if (busy.current) return;
		busy.current = true;
		setClaiming(offer.templateId);
		const intent = `offer:${offer.templateId}`;
		try {
			await claimCoupon({ templateId: offer.templateId }, intents.current.keyFor(intent));
			intents.current.settle(intent);
			updateOffers((offers) => afterClaim(offers, offer.templateId));
			setClaimedHere((ids) => new Set(ids).add(offer.templateId));
			showToast(ct("center.claimed"));
			void refreshMyCoupons();
		} catch (failure) {
			// A refusal means nothing was claimed: the next tap is a new intent, and the ticket
			// shows what the server said (all gone, limit reached). Without an answer the claim
			// may have happened: the same key, on the next tap, finds out.
			if (failure instanceof ApiError) {
				intents.current.settle(intent);
				updateOffers((offers) => afterRefusal(offers, offer.templateId, failure.code));
			}
			showToast(errorText(failure));
		} finally {
			busy.current = false;
			setClaiming(null);
		}
	};

	let body: ReactNode;
	if (center.isPending) body = <LoadingState />;
	else if (center.isError)
		body = <ErrorState message={errorText(center.error)} onRetry={() => void center.refetch()} />;
	else if (center.data.length === 0)
		body = (
			<EmptyState title={ct("center.emptyTitle")}>
				<p className="cp-hint cp-empty-hint">{ct("center.emptyHint")}</p>
			</EmptyState>
		);
	else
		body = (
			<ul className="cp-list" data-testid="coupon-offers">
				{center.data.map((offer) => (
					<li key={offer.templateId}>
						<OfferTicket
							offer={offer}
							claiming={claiming === offer.templateId}
							again={claimedHere.has(offer.templateId)}
							onClaim={() => void claim(offer)}
						/>
					</li>
				))}
			</ul>
		);

	return (
		<PullRefresh onRefresh={() => center.refetch()}>
			<div className="cp-page" data-testid="coupon-center">
				<ExchangeCodeForm
					signedIn={memberId !== null}
					onSignIn={signIn}
					onRedeemed={() => {
						void center.refetch();
						void refreshMyCoupons();
					}}
				/>
				<h2 className="cp-section-title">
					{ct("center.offers")}
					<Link to={Paths.coupons} className="cp-link" data-testid="coupon-center-mine">
						{ct("center.mine")}
						<ChevronIcon aria-hidden="true" />
					</Link>
				</h2>
				{body}
			</div>
		</PullRefresh>
	);
}

function OfferTicket({
	offer,
	claiming,
	again,
	onClaim,
}: {
	offer: CouponOffer;
	claiming: boolean;
	again: boolean;
	onClaim: () => void;
}) {
	const { ct, plural } = useCouponText();
	const validity = useOfferValidity();
	// Counts read with grouping ("100,000 left"), as the app writes whole numbers.
	const counts = [
		offer.state === "claimable"
			? plural("offer.remaining", offer.remaining, { count: formatPoints(offer.remaining) })
			: null,
		offer.perMemberLimit > 1 ? plural("offer.limit", offer.perMemberLimit) : null,
	].filter((text): text is string => text !== null);

	let action: ReactNode;
	if (offer.state === "claimed")
		action = (
			<span className="cp-action cp-action--claimed">
				<button type="button" className="button button--ghost button--small" disabled data-testid="offer-claimed">
					{ct("offer.claimed")}
				</button>
				<Link to={Paths.coupons} className="cp-link" data-testid="offer-to-mine">
					{ct("offer.toMine")}
					<ChevronIcon aria-hidden="true" />
				</Link>
			</span>
		);
	else if (offer.state === "allGone")
		action = (
			<button
				type="button"
				className="button button--ghost button--small cp-action"
				disabled
				data-testid="offer-all-gone"
			>
				{ct("offer.allGone")}
			</button>
		);
	else
		action = (
			<button
				type="button"
				className="button button--primary button--small cp-action"
				onClick={onClaim}
				disabled={claiming}
				aria-busy={claiming}
				data-testid="offer-claim"
			>
				{claiming ? ct("offer.claiming") : again ? ct("offer.claimAgain") : ct("offer.claim")}
			</button>
		);

	return (
		<CouponTicket
			title={offer.title}
			instructions={offer.instructions}
			terms={offer.terms}
			when={validity(offer)}
			muted={offer.state === "allGone"}
			note={
				counts.length > 0 ? (
					<p className="cp-ticket__note cp-ticket__note--quiet" data-testid="offer-counts">
						{counts.join(" · ")}
					</p>
				) : undefined
			}
			action={action}
			testId={`offer-${offer.templateId}`}
		/>
	);
}
