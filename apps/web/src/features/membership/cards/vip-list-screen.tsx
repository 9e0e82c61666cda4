import type { VipCardView } from "@bayon/contract";
import { useQuery } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { Link, useLocation } from "react-router";
import { errorText } from "../../../lib/api-client";
import { usePrice } from "../../../lib/app-config";
import { Paths, withQuery } from "../../../lib/paths";
import { refetchActive } from "../../../lib/query-client";
import { useAppState } from "../../../lib/store";
import { ChevronIcon, UserIcon } from "../../../ui/icons";
import { PullRefresh } from "../../../ui/pull-refresh";
import { EmptyState, ErrorState, LoadingState } from "../../../ui/states";
import { cardListQuery } from "../guest-api";
import { useCardText } from "../guest-strings";
import { CardFace } from "./guest-card-face";
import { MyCardBanner } from "./guest-my-card";
import "../guest-membership.css";

/**
 * vip/vip: the member's card (active or last expired) and the cards on sale, each to its page.
 * A visitor sees the cards too and is asked to sign in to buy one.
 */
export default function VipListScreen() {
	const { ct, lang } = useCardText();
	const memberId = useAppState((s) => s.member?.id ?? null);
	const list = useQuery(cardListQuery(lang, memberId));

	let body: ReactNode;
	if (list.isPending) body = <LoadingState />;
	else if (list.isError) body = <ErrorState message={errorText(list.error)} onRetry={() => void list.refetch()} />;
	else
		body = (
			<>
				{list.data.mine && <MyCardBanner card={list.data.mine} />}
				{memberId === null && <SignInPrompt />}
				<section className="vip-on-sale" aria-labelledby="vip-on-sale-title">
					<h2 className="vip-section-title" id="vip-on-sale-title">
						{ct("list.onSale")}
					</h2>
					{list.data.cards.length === 0 ? (
						<EmptyState compact title={ct("list.empty")} />
					) : (
						<ul className="vip-cards" data-testid="vip-cards">
							{list.data.cards.map((card) => (
								<li key={card.id}>
									<CardOnSale card={card} />
								</li>
							))}
						</ul>
					)}
				</section>
			</>
		);

	return (
		<PullRefresh onRefresh={refetchActive}>
			<div className="vip-page" data-testid="vip-list">
				{body}
			</div>
		</PullRefresh>
	);
}

function CardOnSale({ card }: { card: VipCardView }) {
	const { plural } = useCardText();
	const price = usePrice();
	return (
		<Link
			to={withQuery(Paths.vipDetail, { id: card.id })}
			className="vip-face-link"
			data-testid={`vip-card-${card.id}`}
		>
			<CardFace
				cardTypeId={card.id}
				name={card.name}
				benefits={card.benefits}
				foot={
					<>
						<span className="vip-face__price" data-testid="vip-card-price">
							{price(card.price)}
						</span>
						<span className="vip-face__validity">{plural("card.validity", card.validityDays)}</span>
						<ChevronIcon className="vip-face__chevron" aria-hidden="true" />
					</>
				}
			/>
		</Link>
	);
}

function SignInPrompt() {
	const { ct } = useCardText();
	const location = useLocation();
	return (
		<section className="card vip-sign-in" data-testid="vip-sign-in">
			<UserIcon className="vip-sign-in__icon" aria-hidden="true" />
			<p>{ct("list.signIn")}</p>
			<Link
				to={withQuery(Paths.login, { redirect: `${location.pathname}${location.search}` })}
				className="button button--primary button--small"
				data-testid="vip-sign-in-button"
			>
				{ct("list.signInButton")}
			</Link>
		</section>
	);
}
