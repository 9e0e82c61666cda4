import type { PriceDiscount, WaivedDeliveryFee } from "@bayon/contract";
import type { ReactNode } from "react";
import { usePrice } from "../../../lib/app-config";
import { useI18n } from "../../../lib/i18n";
import { DiscountRows, WaivedDeliveryFeeRow } from "../../membership/guest-price-lines";

/**
 * Subtotal, delivery fee (deliveries only), the member card's benefits and total, as the server
 * priced them: the cart, checkout and order detail show the same breakdown. `testIdPrefix`
 * names the figures for browser tests (`cart-subtotal`, `pay-total`, …).
 */
export function PriceSummary(props: {
	subtotal: number;
	deliveryFee: number;
	/** A delivery fee the member's card waived (then `deliveryFee` is 0). */
	deliveryFeeWaived: WaivedDeliveryFee | null;
	/** What the member's card took off, each its own line. */
	discounts: readonly PriceDiscount[];
	total: number;
	isDelivery: boolean;
	testIdPrefix: string;
	/** Shown between the fee and the total (the minimum delivery price). */
	beforeTotal?: ReactNode;
	/** Shown after the total (a "repricing" hint). */
	afterTotal?: ReactNode;
}) {
	const { t } = useI18n();
	const money = usePrice();
	return (
		<dl className="summary">
			<div className="summary__row">
				<dt>{t("cart.subtotal")}</dt>
				<dd data-testid={`${props.testIdPrefix}-subtotal`}>{money(props.subtotal)}</dd>
			</div>
			{props.deliveryFeeWaived ? (
				<WaivedDeliveryFeeRow
					waived={props.deliveryFeeWaived}
					label={t("cart.deliveryFee")}
					money={money}
					testId={`${props.testIdPrefix}-delivery-waived`}
				/>
			) : (
				props.isDelivery && (
					<div className="summary__row">
						<dt>{t("cart.deliveryFee")}</dt>
						<dd data-testid={`${props.testIdPrefix}-delivery-fee`}>{money(props.deliveryFee)}</dd>
					</div>
				)
			)}
			<DiscountRows discounts={props.discounts} money={money} testIdPrefix={props.testIdPrefix} />
			{props.beforeTotal}
			<div className="summary__row summary__row--total">
				<dt>{t("cart.total")}</dt>
				<dd data-testid={`${props.testIdPrefix}-total`}>{money(props.total)}</dd>
			</div>
			{props.afterTotal}
		</dl>
	);
}
