import type { CardBenefits } from "@bayon/contract";
import type { ReactNode } from "react";
import { CardIcon } from "../../../ui/icons";
import { BenefitList } from "./guest-benefit-list";

/** Three looks, chosen by the card type's id so a card keeps its look everywhere it shows. */
const TONES = ["gold", "onyx", "jade"] as const;

export function cardTone(cardTypeId: number): (typeof TONES)[number] {
	return TONES[Math.abs(cardTypeId) % TONES.length] ?? "gold";
}

/**
 * A membership card drawn as a card: its name (and a status chip), its benefits, and a foot
 * line (price and validity on sale; the expiry on the member's own).
 */
export function CardFace({
	cardTypeId,
	name,
	benefits,
	chip,
	foot,
	muted = false,
	testId,
}: {
	cardTypeId: number;
	name: string;
	benefits: CardBenefits;
	chip?: ReactNode;
	foot?: ReactNode;
	/** An expired card or one no longer sold: drawn faded. */
	muted?: boolean;
	testId?: string;
}) {
	return (
		<article
			className={`vip-face vip-face--${cardTone(cardTypeId)}${muted ? " is-muted" : ""}`}
			data-testid={testId}
			data-card={cardTypeId}
		>
			<header className="vip-face__head">
				<CardIcon className="vip-face__logo" aria-hidden="true" />
				<h3 className="vip-face__name">{name}</h3>
				{chip}
			</header>
			<BenefitList benefits={benefits} className="vip-benefits vip-face__benefits" />
			{foot && <footer className="vip-face__foot">{foot}</footer>}
		</article>
	);
}
