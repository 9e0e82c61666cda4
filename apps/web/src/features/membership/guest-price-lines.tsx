import type { PriceDiscount, WaivedDeliveryFee } from "@bayon/contract";
import { useFeatureStrings } from "../../lib/i18n/feature-strings";
import { discountStrings } from "./guest-discount-strings";
import "./guest-price-lines.css";

/**
 * A member card's benefits as rows of a price breakdown (cart, pay page, order): the delivery
 * fee the card waived, struck through with the card's name, and each discount as "<card> −X"
 * or, for a coupon (issue 13, after the card's), "Coupon (<title>) −X".
 * Every amount is the server's; the browser never works a discount out.
 */
export function WaivedDeliveryFeeRow({
	waived,
	label,
	money,
	testId,
}: {
	waived: WaivedDeliveryFee;
	/** "Delivery fee" in the reader's language. */
	label: string;
	money: (amount: number) => string;
	testId: string;
}) {
	const { ft } = useFeatureStrings(discountStrings);
	return (
		<div className="summary__row summary__row--benefit" data-testid={testId}>
			<dt>
				{label}
				<span className="summary__benefit-note">{ft("discount.freeDelivery", { name: waived.by })}</span>
			</dt>
			<dd>
				<s className="summary__struck">{money(waived.amount)}</s> {money(0)}
			</dd>
		</div>
	);
}

export function DiscountRows({
	discounts,
	money,
	testIdPrefix,
}: {
	discounts: readonly PriceDiscount[];
	money: (amount: number) => string;
	testIdPrefix: string;
}) {
	const { ft } = useFeatureStrings(discountStrings);
	return discounts.map((discount) => (
		<div
			key={`${discount.kind}:${discount.name}`}
			className="summary__row summary__row--benefit"
			data-testid={`${testIdPrefix}-discount`}
			data-kind={discount.kind}
		>
			<dt>{ft(discount.kind === "coupon" ? "discount.coupon" : "discount.memberCard", { name: discount.name })}</dt>
			<dd>−{money(discount.amount)}</dd>
		</div>
	));
}
