import type { OrderType, ShopSummary } from "@bayon/contract";
import { Link } from "react-router";
import { useMoney, usePrice } from "../../../lib/app-config";
import { useI18n } from "../../../lib/i18n";
import { Paths } from "../../../lib/paths";
import { appStore, useAppState } from "../../../lib/store";
import { ScanIcon, TableIcon } from "../../../ui/icons";
import { useDeskLabel } from "../../tables/desk-label";
import { cartValue } from "./cart";
import "../ordering.css";

const ORDER_TYPES: readonly OrderType[] = ["takein", "takeout", "desk"];

/** Whether an order type can be chosen at this shop: offered by it, and for dine-in, a table of it scanned. */
export function orderTypeAvailable(
	type: OrderType,
	shop: Pick<ShopSummary, "id" | "orderTypes">,
	desk: { shopId: number; scanned: boolean } | null,
): boolean {
	if (!shop.orderTypes.includes(type)) return false;
	if (type === "desk") return !!desk?.scanned && desk.shopId === shop.id;
	return true;
}

/**
 * Spec §4: the order type switches between self-pickup, delivery and dine-in (once a table is
 * scanned). Delivery shows the shop's fee and minimum; dine-in shows the table.
 */
export function OrderTypeSwitch({ shop }: { shop: ShopSummary }) {
	const { t, m } = useI18n();
	const money = useMoney();
	const price = usePrice();
	const orderType = useAppState((s) => s.orderType);
	const desk = useAppState((s) => s.desk);
	const deskLabel = useDeskLabel(orderType === "desk" ? desk : null);
	const cartValueHere = useAppState((s) => cartValue(s.cart.filter((line) => line.shopId === shop.id)));

	const choose = (type: OrderType) => {
		if (orderTypeAvailable(type, shop, desk)) appStore.setState({ orderType: type });
	};

	const { delivery } = shop;
	const deliveryTerms = [
		delivery.minFee !== null ? t("orderType.deliveryFee", { amount: money(delivery.minFee) }) : null,
		// The minimum is said until the cart reaches it.
		delivery.minOrder !== null && cartValueHere < delivery.minOrder
			? m("belowMinDeliveryPrice", { amount: price(delivery.minOrder) })
			: null,
	]
		.filter(Boolean)
		.join(" · ");

	return (
		<div className="order-type" data-testid="order-type">
			<div className="order-type__options" role="radiogroup" aria-label={t("orderType.label")}>
				{ORDER_TYPES.map((type) => {
					const available = orderTypeAvailable(type, shop, desk);
					const selected = orderType === type;
					return (
						<label
							key={type}
							className={`order-type__option${selected ? " is-selected" : ""}${available ? "" : " is-disabled"}`}
							data-testid={`order-type-${type}`}
						>
							<input
								type="radio"
								className="visually-hidden"
								name="order-type"
								value={type}
								checked={selected}
								disabled={!available}
								onChange={() => choose(type)}
							/>
							{t(`orderType.${type}`)}
						</label>
					);
				})}
			</div>
			{orderType === "takeout" && deliveryTerms && (
				<p className="order-type__info" data-testid="delivery-terms">
					{deliveryTerms}
				</p>
			)}
			{orderType === "desk" && desk && (
				<p className="order-type__info" data-testid="order-type-table">
					<TableIcon className="order-type__icon" />
					{deskLabel}
				</p>
			)}
			{orderType !== "desk" && !orderTypeAvailable("desk", shop, desk) && shop.orderTypes.includes("desk") && (
				<Link to={Paths.scan} className="order-type__info order-type__link" data-testid="order-type-scan">
					<ScanIcon className="order-type__icon" />
					{t("orderType.scanForDineIn")}
				</Link>
			)}
		</div>
	);
}
