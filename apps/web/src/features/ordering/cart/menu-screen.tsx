import type { MenuItem, ShopSummary } from "@bayon/contract";
import { useQuery } from "@tanstack/react-query";
import { type ReactNode, useMemo, useRef, useState } from "react";
import { Link } from "react-router";
import { errorText } from "../../../lib/api-client";
import { useI18n } from "../../../lib/i18n";
import { Paths } from "../../../lib/paths";
import { queryClient } from "../../../lib/query-client";
import { useAppState } from "../../../lib/store";
import { ChevronIcon, MegaphoneIcon } from "../../../ui/icons";
import { PullRefresh } from "../../../ui/pull-refresh";
import { EmptyState, ErrorState, LoadingState } from "../../../ui/states";
import { menuKeys, menuQuery } from "../../menu/api";
import { CategoryRail } from "../../menu/components/category-rail";
import { useLiveShop } from "../../menu/live-shop";
import { initialSelection } from "../../menu/options";
import { useScrollSpy } from "../../menu/scroll-spy";
import { ShopStatusPill, StoreClosedBanner, useTodayHoursText } from "../../venues/components/shop-status";
import { useCurrentShop } from "../../venues/current-shop";
import { CartBar } from "./cart-bar";
import { ItemCard } from "./item-card";
import { OptionsSheet } from "./options-sheet";
import { OrderTypeSwitch } from "./order-type-switch";
import { useAddToCart } from "./use-add-to-cart";
import "../../menu/menu.css";

/**
 * How many items of the first category show on a phone when the menu opens (390 x 844: the shop
 * header, order-type switch and four to five cards): their pictures load at once, the rest lazily.
 */
const ON_SCREEN_AT_OPEN = 5;

/** Tab "ordering meal" (pages/menu/menu): the current shop's menu; pull down to refresh it. */
export default function MenuScreen() {
	const { t } = useI18n();
	const shopQuery = useCurrentShop();
	const shop = shopQuery.data;

	const refresh = () =>
		Promise.all([shopQuery.refetch(), shop ? queryClient.refetchQueries({ queryKey: menuKeys.shop(shop.id) }) : null]);

	let content: ReactNode;
	if (shopQuery.isPending) content = <LoadingState />;
	else if (shopQuery.isError)
		content = <ErrorState message={errorText(shopQuery.error)} onRetry={() => void shopQuery.refetch()} />;
	else if (!shop) content = <EmptyState title={t("shop.none")} />;
	else content = <ShopMenu shop={shop} />;

	return (
		<PullRefresh onRefresh={refresh}>
			<div className="menu-page" data-testid="menu">
				{content}
			</div>
		</PullRefresh>
	);
}

function ShopHeader({ shop }: { shop: ShopSummary }) {
	const { t } = useI18n();
	const hours = useTodayHoursText(shop);
	return (
		<header className="menu-shop" data-testid="menu-shop">
			<div className="menu-shop__row">
				<h1 className="menu-shop__name" data-testid="menu-shop-name">
					{shop.name}
				</h1>
				<ShopStatusPill shop={shop} />
				<Link to={Paths.shop} className="shop-switch-link" data-testid="menu-switch-shop">
					{t("shop.switch")}
					<ChevronIcon />
				</Link>
			</div>
			<p className="menu-shop__hours">{hours}</p>
			{shop.notice && (
				<p className="menu-shop__notice" data-testid="menu-notice">
					<MegaphoneIcon className="menu-shop__notice-icon" />
					<span>{shop.notice}</span>
				</p>
			)}
		</header>
	);
}

function ShopMenu({ shop }: { shop: ShopSummary }) {
	const { t, lang } = useI18n();
	const menu = useQuery(menuQuery(shop.id, lang));
	useLiveShop(shop.id);
	const orderType = useAppState((s) => s.orderType);
	const cart = useAppState((s) => s.cart);
	const [sheetItem, setSheetItem] = useState<MenuItem | null>(null);
	const { add, dialog } = useAddToCart(shop.id);
	const hasCart = cart.some((line) => line.shopId === shop.id);

	const categories = useMemo(
		() => (menu.data?.categories ?? []).filter((category) => category.items.length > 0),
		[menu.data],
	);
	const sections = useRef<(HTMLElement | null)[]>([]);
	const spy = useScrollSpy(sections.current);

	const counts = useMemo(() => {
		const byItem = new Map<number, number>();
		for (const line of cart) byItem.set(line.itemId, (byItem.get(line.itemId) ?? 0) + line.quantity);
		return new Map(
			categories.map((category) => [
				category.id,
				category.items.reduce((sum, item) => sum + (byItem.get(item.id) ?? 0), 0),
			]),
		);
	}, [cart, categories]);

	let body: ReactNode;
	if (menu.isPending) body = <LoadingState />;
	else if (menu.isError) body = <ErrorState message={errorText(menu.error)} onRetry={() => void menu.refetch()} />;
	else if (categories.length === 0) body = <EmptyState title={t("menu.empty")} />;
	else
		body = (
			<div className={`menu-body${hasCart ? " has-cart" : ""}`}>
				<CategoryRail categories={categories} active={spy.active} onSelect={spy.scrollTo} counts={counts} />
				<div className="menu-list" data-testid="menu-list">
					{categories.map((category, index) => (
						<section
							key={category.id}
							className="menu-section"
							aria-labelledby={`category-${category.id}`}
							data-testid={`category-${category.id}`}
							ref={(element) => {
								sections.current[index] = element;
							}}
						>
							<h2 className="menu-section__title" id={`category-${category.id}`}>
								{category.name}
							</h2>
							{category.items.map((item, position) => (
								<ItemCard
									key={item.id}
									item={item}
									priority={index === 0 && position < ON_SCREEN_AT_OPEN}
									orderType={orderType}
									onChoose={setSheetItem}
									onAddOne={(plain) => add(plain, initialSelection(plain), 1)}
								/>
							))}
						</section>
					))}
				</div>
			</div>
		);

	return (
		<>
			<ShopHeader shop={shop} />
			<div className="menu-controls">
				<OrderTypeSwitch shop={shop} />
				<StoreClosedBanner shop={shop} />
			</div>
			{body}
			<CartBar shop={shop} />
			<OptionsSheet item={sheetItem} onClose={() => setSheetItem(null)} onAdd={add} />
			{dialog}
		</>
	);
}
