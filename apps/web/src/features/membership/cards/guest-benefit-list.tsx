import type { CardBenefits } from "@bayon/contract";
import type { ComponentType, SVGProps } from "react";
import { ScooterIcon, StarIcon, TicketIcon } from "../../../ui/icons";
import { type BenefitLine, useBenefitLines } from "../guest-format";

const icons: Record<BenefitLine["kind"], ComponentType<SVGProps<SVGSVGElement>>> = {
	discount: TicketIcon,
	freeDelivery: ScooterIcon,
	points: StarIcon,
};

/** A card's benefits, one per line with its icon ("10% off every order (up to $5.00 per order)"). */
export function BenefitList({
	benefits,
	className = "vip-benefits",
	testId,
}: {
	benefits: CardBenefits;
	className?: string;
	testId?: string;
}) {
	const lines = useBenefitLines()(benefits);
	return (
		<ul className={className} data-testid={testId}>
			{lines.map(({ kind, text }) => {
				const Icon = icons[kind];
				return (
					<li key={kind} data-benefit={kind}>
						<Icon className="vip-benefits__icon" aria-hidden="true" />
						<span>{text}</span>
					</li>
				);
			})}
		</ul>
	);
}
