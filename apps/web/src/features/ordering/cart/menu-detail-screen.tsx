import type { MenuItem } from "@bayon/contract";
import { useQuery } from "@tanstack/react-query";
import { Link, useSearchParams } from "react-router";
import { errorText } from "../../../lib/api-client";
import { useMoney, usePrice } from "../../../lib/app-config";
import { useI18n } from "../../../lib/i18n";
import { Paths } from "../../../lib/paths";
import { useAppState } from "../../../lib/store";
import { CartIcon } from "../../../ui/icons";
import { EmptyState, ErrorState, LoadingState } from "../../../ui/states";
import { ItemImage } from "../../menu/components/item-image";
import { menuItemQuery } from "../../menu/item-api";
import { orderTypeMessage } from "../../menu/order-type-names";
import { StoreClosedBanner } from "../../venues/components/shop-status";
import { useCurrentShop } from "../../venues/current-shop";
import { cartCount } from "./cart";
import { OptionGroups, PurchaseFooter, usePurchase } from "./item-purchase";
import { OrderTypeSwitch } from "./order-type-switch";
import { useAddToCart } from "./use-add-to-cart";
import "../../menu/menu.css";

/** menudetail/menudetail?id= — one item in full, with the same options and add-to-cart as the menu. */
export default function MenuDetailScreen() {
	const { t, lang } = useI18n();
	const [params] = useSearchParams();
	const raw = Number(params.get("id"));
	const id = Number.isInteger(raw) && raw > 0 ? raw : null;
	const item = useQuery({ ...menuItemQuery(id ?? 0, lang), enabled: id !== null });

	if (id === null) return <EmptyState title={t("menu.itemMissing")} />;
	if (item.isPending) return <LoadingState />;
	if (item.isError) return <ErrorState message={errorText(item.error)} onRetry={() => void item.refetch()} />;
	if (!item.data) return <EmptyState title={t("menu.itemMissing")} />;
	return <ItemDetail key={item.data.id} item={item.data} />;
}

function ItemDetail({ item }: { item: MenuItem }) {
	const { t, m } = useI18n();
	const money = useMoney();
	const price = usePrice();
	const shop = useCurrentShop().data;
	const orderType = useAppState((s) => s.orderType);
	const count = useAppState((s) => cartCount(s.cart));
	const purchase = usePurchase(item);
	const { add, dialog } = useAddToCart(shop?.id);
	const offered = item.orderTypes.includes(orderType);

	return (
		<article className="item-detail" data-testid="menu-detail">
			<div className="item-detail__hero">
				<ItemImage image={item.image} size="large" />
			</div>
			<div className="item-detail__body">
				<h2 className="item-detail__name" data-testid="detail-name">
					{item.name}
				</h2>
				{item.description && <p className="item-detail__desc">{item.description}</p>}
				<p className="item-detail__prices">
					<span className="price price--large" data-testid="detail-price">
						{price(item.price)}
					</span>
					{item.originalPrice !== null && item.originalPrice > item.price && (
						<s className="price-original">{money(item.originalPrice)}</s>
					)}
				</p>
				<p className="item-card__tags">
					{item.soldOut && <span className="tag tag--muted">{m("itemSoldOut")}</span>}
					{!offered && (
						<span className="tag tag--warn">{t("menu.notOffered", { type: m(orderTypeMessage[orderType]) })}</span>
					)}
					{item.stock !== null && !item.soldOut && (
						<span className="tag" data-testid="detail-stock">
							{t("menu.stockLeft", { n: item.stock })}
						</span>
					)}
					{item.salesCount > 0 && <span className="item-card__sales">{t("menu.sold", { n: item.salesCount })}</span>}
				</p>
				{shop && (
					<div className="item-detail__controls">
						<OrderTypeSwitch shop={shop} />
						<StoreClosedBanner shop={shop} />
					</div>
				)}
				<OptionGroups purchase={purchase} />
			</div>
			<div className="item-detail__footer">
				<PurchaseFooter
					purchase={purchase}
					ready={!!shop}
					onAdd={() => add(item, purchase.selection, purchase.quantity)}
				/>
				{count > 0 && (
					<Link to={Paths.cart} className="item-detail__cart" data-testid="detail-cart-link">
						<CartIcon />
						{t("cart.view", { n: count })}
					</Link>
				)}
			</div>
			{dialog}
		</article>
	);
}
