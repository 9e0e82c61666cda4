import type { ShopSummary } from "@bayon/contract";
import { Link } from "react-router";
import { usePrice } from "../../../lib/app-config";
import { useI18n } from "../../../lib/i18n";
import { Paths } from "../../../lib/paths";
import { useAppState } from "../../../lib/store";
import { CartIcon } from "../../../ui/icons";
import { cartCount, cartValue } from "./cart";
import { useCheckout } from "./use-checkout";
import "../ordering.css";

/** The floating cart bar of the menu: how many, how much, and "go to checkout". */
export function CartBar({ shop }: { shop: ShopSummary }) {
	const { t, m } = useI18n();
	const money = usePrice();
	const cart = useAppState((s) => s.cart);
	const orderType = useAppState((s) => s.orderType);
	const { checkout, busy } = useCheckout(shop);
	const lines = cart.filter((line) => line.shopId === shop.id);
	const count = cartCount(lines);
	if (count === 0) return null;
	const value = cartValue(lines);
	const minOrder = orderType === "takeout" ? shop.delivery.minOrder : null;

	return (
		<div className="cart-bar" data-testid="cart-bar">
			<Link to={Paths.cart} className="cart-bar__summary" data-testid="cart-bar-open">
				<span className="cart-bar__icon">
					<CartIcon />
					<span className="count-badge" data-testid="cart-count">
						{count}
					</span>
				</span>
				<span className="cart-bar__text">
					<span className="cart-bar__total" data-testid="cart-bar-total">
						{money(value)}
					</span>
					{minOrder !== null && value < minOrder && (
						<span className="cart-bar__hint" data-testid="cart-bar-hint">
							{m("belowMinDeliveryPrice", { amount: money(minOrder) })}
						</span>
					)}
				</span>
			</Link>
			<button
				type="button"
				className="cart-bar__checkout"
				onClick={() => void checkout({ showCartOnProblem: true })}
				disabled={busy}
				data-testid="cart-bar-checkout"
			>
				{t("cart.checkout")}
			</button>
		</div>
	);
}
