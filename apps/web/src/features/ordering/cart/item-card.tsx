import type { MenuItem } from "@bayon/contract";
import { Link } from "react-router";
import { useMoney, usePrice } from "../../../lib/app-config";
import { useI18n } from "../../../lib/i18n";
import { Paths, withQuery } from "../../../lib/paths";
import type { OrderType } from "../../../lib/store";
import { showToast } from "../../../lib/toast";
import { PlusIcon } from "../../../ui/icons";
import { Stepper } from "../../../ui/stepper";
import { ItemImage } from "../../menu/components/item-image";
import { orderTypeMessage } from "../../menu/order-type-names";
import { lineKey, MAX_LINE_QUANTITY, quantityOfItem, remainingStock } from "./cart";
import { changeQuantity, useCart } from "./cart-store";

interface ItemCardProps {
	item: MenuItem;
	orderType: OrderType;
	/** Opens the options sheet (items with option groups). */
	onChoose: (item: MenuItem) => void;
	/** Adds one (items without options). */
	onAddOne: (item: MenuItem) => void;
	/** On screen when the menu opens: its picture is fetched at once (see ItemImage). */
	priority?: boolean;
}

/** One item of the menu list: photo, name, description, price, and how to add it. */
export function ItemCard({ item, orderType, onChoose, onAddOne, priority = false }: ItemCardProps) {
	const { t, m } = useI18n();
	const money = useMoney();
	const price = usePrice();
	const cart = useCart();
	const inCart = quantityOfItem(cart, item.id);
	const offered = item.orderTypes.includes(orderType);
	const hasOptions = item.optionGroups.length > 0;
	const detail = withQuery(Paths.menuDetail, { id: item.id });
	const plainKey = lineKey(item.id, []);
	const plainLine = hasOptions ? undefined : cart.find((line) => line.key === plainKey);
	const lowStock = item.stock !== null && !item.soldOut && item.stock > 0 && item.stock <= 20;

	return (
		<article
			className={`item-card${item.soldOut || !offered ? " is-unavailable" : ""}`}
			data-testid={`item-${item.id}`}
			aria-label={item.name}
		>
			<Link to={detail} className="item-card__media" tabIndex={-1} aria-hidden="true">
				<ItemImage image={item.image} priority={priority} />
				{item.soldOut && <span className="item-card__veil">{m("itemSoldOut")}</span>}
			</Link>
			<div className="item-card__body">
				<Link to={detail} className="item-card__name" data-testid="item-name">
					{item.name}
				</Link>
				{item.description && <p className="item-card__desc">{item.description}</p>}
				<p className="item-card__tags">
					{item.soldOut && (
						<span className="tag tag--muted" data-testid="item-sold-out">
							{m("itemSoldOut")}
						</span>
					)}
					{!item.soldOut && !offered && (
						<span className="tag tag--warn" data-testid="item-not-offered">
							{t("menu.notOffered", { type: m(orderTypeMessage[orderType]) })}
						</span>
					)}
					{lowStock && (
						<span className="tag" data-testid="item-stock">
							{t("menu.stockLeft", { n: item.stock ?? 0 })}
						</span>
					)}
					{item.salesCount > 0 && <span className="item-card__sales">{t("menu.sold", { n: item.salesCount })}</span>}
				</p>
				<div className="item-card__foot">
					<span className="item-card__prices">
						<span className="price" data-testid="item-price">
							{price(item.price)}
						</span>
						{item.originalPrice !== null && item.originalPrice > item.price && (
							<s className="price-original" data-testid="item-original-price">
								{money(item.originalPrice)}
							</s>
						)}
					</span>
					{!item.soldOut && offered && hasOptions && (
						<button type="button" className="choose-button" onClick={() => onChoose(item)} data-testid="item-choose">
							{t("menu.chooseOptions")}
							{inCart > 0 && (
								<span className="count-badge" data-testid="item-in-cart">
									{inCart}
								</span>
							)}
						</button>
					)}
					{!item.soldOut && offered && !hasOptions && !plainLine && (
						<button
							type="button"
							className="add-button"
							onClick={() => onAddOne(item)}
							aria-label={t("cart.increase", { name: item.name })}
							data-testid="item-add"
						>
							<PlusIcon />
						</button>
					)}
					{!item.soldOut && offered && plainLine && (
						<Stepper
							compact
							value={plainLine.quantity}
							onChange={(quantity) => changeQuantity(plainKey, quantity)}
							max={Math.min(MAX_LINE_QUANTITY, remainingStock(cart, item, [], plainKey))}
							onLimit={() => showToast(m("insufficientStock"))}
							label={item.name}
							testId="item-stepper"
						/>
					)}
				</div>
			</div>
		</article>
	);
}
