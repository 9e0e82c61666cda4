import type { CardPurchaseView, MyVipCard } from "@bayon/contract";
import { useQuery } from "@tanstack/react-query";
import { useEffect } from "react";
import { Link } from "react-router";
import { errorText } from "../../../lib/api-client";
import { Paths } from "../../../lib/paths";
import { queryClient } from "../../../lib/query-client";
import { CheckIcon, WarningIcon } from "../../../ui/icons";
import { ErrorState, LoadingState } from "../../../ui/states";
import { identityKeys } from "../../identity/api";
import {
	cardKeys,
	cardPurchaseQuery,
	invalidateCards,
	PURCHASE_POLL_MS,
	PURCHASE_POLL_TRIES,
	wasExtending,
} from "../guest-api";
import { useCardDate } from "../guest-format";
import { useCardText } from "../guest-strings";
import { CardFace } from "./guest-card-face";
import { CardStatusChip } from "./guest-my-card";

/**
 * A card just bought: the card as it now stands and its expiry: "extended to …" when the
 * purchase renewed a card the member held, else "valid until …"; then on to order, or to the
 * member's cards.
 */
export function PurchaseDone({ card, extended }: { card: MyVipCard; extended: boolean }) {
	const { ct } = useCardText();
	const date = useCardDate();
	return (
		<section className="card vip-done" role="status" data-testid="vip-done">
			<CheckIcon className="vip-done__icon" aria-hidden="true" />
			<h2 className="vip-done__title">{extended ? ct("done.renewed") : ct("done.joined")}</h2>
			<CardFace
				cardTypeId={card.cardTypeId}
				name={card.name}
				benefits={card.benefits}
				chip={<CardStatusChip active={card.active} />}
				foot={
					<span className="vip-face__expiry" data-testid="vip-done-expiry">
						{extended
							? ct("done.extendedTo", { date: date(card.expiresAt) })
							: ct("done.validUntil", { date: date(card.expiresAt) })}
					</span>
				}
			/>
			<div className="vip-done__actions">
				<Link to={Paths.menu} className="button button--primary" data-testid="vip-done-menu">
					{ct("done.toMenu")}
				</Link>
				<Link to={Paths.vip} replace className="button button--ghost" data-testid="vip-done-cards">
					{ct("done.toCards")}
				</Link>
			</div>
		</section>
	);
}

/**
 * The page the gateway returns to (`vip/detail?id=&purchase=`): asks about the purchase every
 * 2 s while it is pending (the gateway's confirmation may arrive a moment after the payer), then
 * shows the card, or why there is none. `onSettled` says whether the card can be bought again.
 */
export function PurchaseReturn({
	purchaseId,
	onSettled,
}: {
	purchaseId: number;
	onSettled: (purchase: CardPurchaseView) => void;
}) {
	const { ct } = useCardText();
	const purchase = useQuery({
		...cardPurchaseQuery(purchaseId),
		refetchInterval: (query) =>
			query.state.data?.status === "pending" && query.state.dataUpdateCount < PURCHASE_POLL_TRIES
				? PURCHASE_POLL_MS
				: false,
	});
	const status = purchase.data?.status;
	useEffect(() => {
		if (!purchase.data || purchase.data.status === "pending") return;
		void invalidateCards();
		void queryClient.invalidateQueries({ queryKey: identityKeys.member });
		onSettled(purchase.data);
	}, [purchase.data, onSettled]);

	if (purchase.isPending) return <LoadingState compact label={ct("return.checking")} />;
	if (purchase.isError)
		return <ErrorState compact message={errorText(purchase.error)} onRetry={() => void purchase.refetch()} />;
	if (status === "paid" && purchase.data.card)
		return <PurchaseDone card={purchase.data.card} extended={wasExtending(purchaseId)} />;
	if (status === "pending") {
		const givenUp =
			(queryClient.getQueryState(cardKeys.purchase(purchaseId))?.dataUpdateCount ?? 0) >= PURCHASE_POLL_TRIES;
		return givenUp ? (
			<p className="card vip-notice" role="status" data-testid="vip-return-slow">
				{ct("return.slow")}
			</p>
		) : (
			<div data-testid="vip-return-checking">
				<LoadingState compact label={ct("return.checking")} />
			</div>
		);
	}
	return (
		<div className="card vip-refused" role="alert" data-testid="vip-return-failed" data-status={status}>
			<WarningIcon className="vip-refused__icon" aria-hidden="true" />
			<p>{status === "refunded" ? ct("return.refunded") : ct("return.expired")}</p>
		</div>
	);
}
