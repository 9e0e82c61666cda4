import { type CounterPaymentView, type MerchantShopRef, roleAllows } from "@bayon/contract";
import { useState } from "react";
import { StaffShop } from "../../../ui/staff/staff-shop";
import { NotAllowedState } from "../../../ui/states";
import { COUNTER_PERMISSION } from "../staff-permissions";
import { useStaffStoredValueText } from "../staff-strings";
import { StaffCounterChargeForm } from "./staff-counter-charge-form";
import { StaffCounterPayments } from "./staff-counter-payments";
import { StaffCounterResult } from "./staff-counter-result";
import "../../../ui/controls.css";
import "../../../ui/staff/merchant.css";
import "../staff-stored-value.css";

/**
 * merchant/counter: a member pays from their balance at the counter. Staff scan or type the
 * one-minute payment code on the member's balance page, enter the amount, and see who paid and
 * the balance left; today's counter payments are listed below (beside, on a tablet), with a
 * same-day refund.
 */
export default function StaffCounterScreen() {
	return <StaffShop>{(shop) => <CounterAccess key={shop.shopId} shop={shop} />}</StaffShop>;
}

function CounterAccess({ shop }: { shop: MerchantShopRef }) {
	const { st } = useStaffStoredValueText();
	if (!roleAllows(shop.role, COUNTER_PERMISSION))
		return <NotAllowedState message={st("counter.notAllowed")} testId="counter-not-allowed" />;
	return <CounterPage shop={shop} />;
}

function CounterPage({ shop }: { shop: MerchantShopRef }) {
	const { st } = useStaffStoredValueText();
	const [charged, setCharged] = useState<CounterPaymentView | null>(null);
	return (
		<div className="merchant page-pad sv-staff sv-counter" data-testid="counter-page">
			<div className="sv-counter__columns">
				<section className="card sv-counter__panel" aria-labelledby="sv-counter-shop">
					<h2 className="sv-counter__shop" id="sv-counter-shop">
						{st("counter.shop", { shop: shop.shopName })}
					</h2>
					{charged ? (
						<StaffCounterResult payment={charged} onNext={() => setCharged(null)} />
					) : (
						<StaffCounterChargeForm shopId={shop.shopId} onCharged={setCharged} />
					)}
				</section>
				<StaffCounterPayments shopId={shop.shopId} />
			</div>
		</div>
	);
}
