import { ErrorCode, type PricedCartLine, type ShopSummary } from "@bayon/contract";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { Link } from "react-router";
import { errorText } from "../../../lib/api-client";
import { useMoney, usePrice } from "../../../lib/app-config";
import { useI18n } from "../../../lib/i18n";
import { useSwitchTab } from "../../../lib/navigation-hooks";
import { Paths } from "../../../lib/paths";
import { type CartLine, useAppState } from "../../../lib/store";
import { showToast } from "../../../lib/toast";
import { ConfirmDialog } from "../../../ui/confirm-dialog";
import { PinIcon, TrashIcon } from "../../../ui/icons";
import { EmptyState, ErrorState, LoadingState } from "../../../ui/states";
import { Stepper } from "../../../ui/stepper";
import { menuQuery } from "../../menu/api";
import { ItemImage } from "../../menu/components/item-image";
import { findMenuItem } from "../../menu/item-api";
import { useLiveShop } from "../../menu/live-shop";
import { shopQuery } from "../../venues/api";
import { ShopStatusPill, StoreClosedBanner } from "../../venues/components/shop-status";
import { useCurrentShop } from "../../venues/current-shop";
import { pricedLinesByKey } from "./api";
import { cartCount, MAX_LINE_QUANTITY, remainingStock } from "./cart";
import { changeQuantity, clearCart, removeFromCart } from "./cart-store";
import { OrderTypeSwitch } from "./order-type-switch";
import { PriceSummary } from "./price-summary";
import { useCartPricing } from "./use-cart-pricing";
import { useCheckout } from "./use-checkout";
import "../../../ui/footer-bar.css";
import "../ordering.css";

/** Problems that an address fixes: the cart links to the address page next to them. */
const ADDRESS_PROBLEMS: ReadonlySet<number> = new Set([ErrorCode.AddressRequired, ErrorCode.AddressOutOfRange]);

/** cart/cart: the cart with the server's prices, every problem it reports, and checkout. */
export default function CartScreen() {
	const { t, lang } = useI18n();
	const switchTab = useSwitchTab();
	const cart = useAppState((s) => s.cart);
	const cartShopId = cart[0]?.shopId ?? null;
	const current = useCurrentShop();
	// The cart's own shop, should the customer have moved on to another one since.
	const other = useQuery({
		...shopQuery(cartShopId ?? 0, lang),
		enabled: cartShopId !== null && current.data !== undefined && current.data?.id !== cartShopId,
	});
	const shopResult = cartShopId !== null && current.data && current.data.id !== cartShopId ? other : current;

	if (cart.length === 0) {
		return (
			<div className="cart-page" data-testid="cart-page">
				<EmptyState title={t("cart.empty")}>
					<button
						type="button"
						className="button button--primary"
						onClick={() => switchTab("menu")}
						data-testid="cart-go-menu"
					>
						{t("cart.goOrder")}
					</button>
				</EmptyState>
			</div>
		);
	}
	if (shopResult.isPending) return <LoadingState />;
	if (shopResult.isError)
		return <ErrorState message={errorText(shopResult.error)} onRetry={() => void shopResult.refetch()} />;
	if (!shopResult.data) return <EmptyState title={t("shop.none")} />;
	return <CartContent shop={shopResult.data} lines={cart.filter((line) => line.shopId === shopResult.data?.id)} />;
}

function CartContent({ shop, lines }: { shop: ShopSummary; lines: CartLine[] }) {
	const { t, m, lang } = useI18n();
	const price = usePrice();
	const orderType = useAppState((s) => s.orderType);
	const pricing = useCartPricing(shop.id);
	useLiveShop(shop.id);
	const menu = useQuery(menuQuery(shop.id, lang));
	const { checkout, busy } = useCheckout(shop);
	const [confirmClear, setConfirmClear] = useState(false);
	const priced = pricing.priced;
	const byKey = pricedLinesByKey(priced);
	const cart = useAppState((s) => s.cart);
	const addressProblem = priced?.problems.some((problem) => ADDRESS_PROBLEMS.has(problem.code)) ?? false;

	// The delivery minimum (the server's figure once priced) is said until the order reaches it.
	const minDelivery = priced?.minDeliveryPrice ?? shop.delivery.minOrder;

	return (
		<div className="cart-page has-footer" data-testid="cart-page">
			<section className="card cart-card">
				<div className="cart-shop">
					<h2 className="cart-shop__name" data-testid="cart-shop-name">
						{shop.name}
					</h2>
					<ShopStatusPill shop={shop} />
				</div>
				<OrderTypeSwitch shop={shop} />
				{orderType === "takeout" && <DeliveryTarget />}
				<StoreClosedBanner shop={shop} />
			</section>

			<section className="card cart-card" aria-labelledby="cart-lines-title">
				<header className="cart-card__header">
					<h2 className="cart-card__title" id="cart-lines-title">
						{t("cart.items", { n: cartCount(lines) })}
					</h2>
					<button type="button" className="text-button" onClick={() => setConfirmClear(true)} data-testid="cart-clear">
						<TrashIcon />
						{t("cart.clear")}
					</button>
				</header>
				<ul className="cart-lines" data-testid="cart-lines">
					{lines.map((line) => {
						const item = findMenuItem(menu.data, line.itemId);
						const max = item
							? Math.min(MAX_LINE_QUANTITY, remainingStock(cart, item, line.optionIds, line.key))
							: MAX_LINE_QUANTITY;
						return <CartLineRow key={line.key} line={line} priced={byKey.get(line.key)} max={max} />;
					})}
				</ul>
			</section>

			{priced && priced.problems.length > 0 && (
				<section className="cart-problems" role="alert" data-testid="cart-problems">
					<ul>
						{priced.problems.map((problem) => (
							<li key={`${problem.code}:${problem.message}`} data-code={problem.code}>
								{problem.message}
							</li>
						))}
					</ul>
					{addressProblem && (
						<Link to={Paths.address} className="button button--ghost button--small" data-testid="cart-choose-address">
							<PinIcon />
							{t("cart.chooseAddress")}
						</Link>
					)}
				</section>
			)}

			<section className="card cart-card cart-summary" data-testid="cart-summary" aria-busy={pricing.updating}>
				{pricing.isError && !priced ? (
					<ErrorState compact message={errorText(pricing.error)} onRetry={pricing.retry} />
				) : !priced ? (
					<LoadingState compact label={t("cart.pricing")} />
				) : (
					<PriceSummary
						subtotal={priced.subtotal}
						deliveryFee={priced.deliveryFee}
						deliveryFeeWaived={priced.deliveryFeeWaived}
						discounts={priced.discounts}
						total={priced.total}
						isDelivery={priced.orderType === "takeout"}
						testIdPrefix="cart"
						beforeTotal={
							priced.orderType === "takeout" &&
							minDelivery !== null &&
							priced.subtotal < minDelivery && (
								<p className="summary__note" data-testid="cart-min-delivery">
									{m("belowMinDeliveryPrice", { amount: price(minDelivery) })}
								</p>
							)
						}
						afterTotal={pricing.updating && <p className="summary__note">{t("cart.pricing")}</p>}
					/>
				)}
			</section>

			<footer className="cart-footer">
				<span className="cart-footer__total">
					<span className="cart-footer__label">{t("cart.total")}</span>
					<span className="price price--large" data-testid="cart-footer-total">
						{priced ? price(priced.total) : "--"}
					</span>
				</span>
				<button
					type="button"
					className="button button--primary cart-footer__button"
					onClick={() => void checkout()}
					disabled={busy}
					data-testid="cart-checkout"
					data-orderable={priced?.orderable ?? false}
				>
					{t("cart.checkout")}
				</button>
			</footer>

			<ConfirmDialog
				open={confirmClear}
				message={m("confirmClearCart")}
				destructive
				onCancel={() => setConfirmClear(false)}
				onConfirm={() => {
					clearCart();
					setConfirmClear(false);
					showToast(t("cart.cleared"));
				}}
			/>
		</div>
	);
}

function CartLineRow({ line, priced, max }: { line: CartLine; priced: PricedCartLine | undefined; max: number }) {
	const { t, m } = useI18n();
	const money = useMoney();
	const price = usePrice();
	const problems = priced?.problems ?? [];
	const unitPrice = priced?.name ? priced.unitPrice : line.unitPrice;
	return (
		<li className={`cart-line${problems.length ? " has-problem" : ""}`} data-testid="cart-line" data-key={line.key}>
			<ItemImage image={line.image} size="small" />
			<div className="cart-line__body">
				<p className="cart-line__name" data-testid="cart-line-name">
					{line.name}
				</p>
				{line.optionNames.length > 0 && (
					<p className="cart-line__options" data-testid="cart-line-options">
						{line.optionNames.join(t("options.separator"))}
					</p>
				)}
				<p className="cart-line__unit">{t("cart.each", { price: money(unitPrice) })}</p>
				{line.priceWas !== undefined && line.priceWas !== unitPrice && (
					<p className="cart-line__changed" role="status" data-testid="cart-line-price-changed">
						{m("priceChanged", { was: money(line.priceWas), now: money(unitPrice) })}
					</p>
				)}
				{problems.length > 0 && (
					<ul className="cart-line__problems" data-testid="cart-line-problems">
						{problems.map((problem) => (
							<li key={`${problem.code}:${problem.message}`} data-code={problem.code}>
								{problem.message}
								{problem.available !== undefined && ` (${t("menu.stockLeft", { n: problem.available })})`}
							</li>
						))}
					</ul>
				)}
			</div>
			<div className="cart-line__side">
				<span className="price" data-testid="cart-line-total">
					{price(unitPrice * line.quantity)}
				</span>
				<div className="cart-line__actions">
					<button
						type="button"
						className="icon-button"
						onClick={() => removeFromCart(line.key)}
						aria-label={t("cart.remove", { name: line.name })}
						data-testid="cart-line-remove"
					>
						<TrashIcon />
					</button>
					<Stepper
						compact
						value={line.quantity}
						onChange={(quantity) => changeQuantity(line.key, quantity)}
						max={max}
						onLimit={() => showToast(max < MAX_LINE_QUANTITY ? m("insufficientStock") : t("cart.tooMany", { max }))}
						label={line.name}
						testId="cart-line-stepper"
					/>
				</div>
			</div>
		</li>
	);
}

/** Where a delivery goes: the chosen address (or point), or a prompt to choose one. */
function DeliveryTarget() {
	const { t } = useI18n();
	const target = useAppState((s) => s.address);
	const text = target?.address
		? [target.address.address, target.address.houseNumber].filter(Boolean).join(" ")
		: target
			? t("cart.pinnedPoint")
			: null;
	return (
		<Link to={Paths.address} className="cart-address" data-testid="cart-address">
			<PinIcon className="cart-address__icon" />
			<span className="cart-address__text">{text ?? t("cart.chooseAddress")}</span>
			<span className="cart-address__action">{text ? t("cart.changeAddress") : ""}</span>
		</Link>
	);
}
