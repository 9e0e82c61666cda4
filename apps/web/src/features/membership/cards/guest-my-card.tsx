import type { MyVipCard } from "@bayon/contract";
import { Link } from "react-router";
import { Paths, withQuery } from "../../../lib/paths";
import { ChevronIcon } from "../../../ui/icons";
import { useCardDate } from "../guest-format";
import { useCardText } from "../guest-strings";
import { CardFace } from "./guest-card-face";

/** Whether the member's card is active, as a chip on the card. */
export function CardStatusChip({ active }: { active: boolean }) {
	const { ct } = useCardText();
	return (
		<span
			className={`vip-chip${active ? " vip-chip--active" : " vip-chip--expired"}`}
			data-testid="my-card-status"
			data-active={active}
		>
			{active ? ct("status.active") : ct("status.expired")}
		</span>
	);
}

/** "Valid until 20 Nov 2027" or "Expired on …", in the reader's language. */
export function useExpiryText(): (card: MyVipCard) => string {
	const { ct } = useCardText();
	const date = useCardDate();
	return (card) =>
		card.active
			? ct("mine.validUntil", { date: date(card.expiresAt) })
			: ct("mine.expiredOn", { date: date(card.expiresAt) });
}

/**
 * The top of vip/vip for a member who holds (or held) a card: the card with the benefits it was
 * bought with, whether it is active and until when, and a way to renew it.
 */
export function MyCardBanner({ card }: { card: MyVipCard }) {
	const { ct } = useCardText();
	const expiry = useExpiryText();
	return (
		<section className="vip-mine" aria-labelledby="vip-mine-title" data-testid="my-card">
			<h2 className="vip-section-title" id="vip-mine-title">
				{ct("mine.title")}
			</h2>
			<Link to={withQuery(Paths.vipDetail, { id: card.cardTypeId })} className="vip-face-link">
				<CardFace
					cardTypeId={card.cardTypeId}
					name={card.name}
					benefits={card.benefits}
					muted={!card.active}
					chip={<CardStatusChip active={card.active} />}
					foot={
						<>
							<span className="vip-face__expiry" data-testid="my-card-expiry">
								{expiry(card)}
							</span>
							<span className="vip-face__action">
								{ct("mine.renew")}
								<ChevronIcon aria-hidden="true" />
							</span>
						</>
					}
				/>
			</Link>
		</section>
	);
}
