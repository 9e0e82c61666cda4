import { type AdminMenuCategory, localize, type MerchantShopRef } from "@bayon/contract";
import { Link } from "react-router";
import { Paths, withQuery } from "../../../lib/paths";
import { PlusIcon } from "../../../ui/icons";
import { useMenuAdminText } from "../strings";
import { ItemRow, MoveButtons } from "./item-row";
import type { MenuAdminState } from "./use-menu-admin";

/** A category: its name and tools, its items, and adding one. */
export function CategoryCard({
	shop,
	admin,
	category,
	index,
	count,
}: {
	shop: MerchantShopRef;
	admin: MenuAdminState;
	category: AdminMenuCategory;
	index: number;
	count: number;
}) {
	const { at, lang } = useMenuAdminText();
	const { canEdit, move, setSheet, setRestock } = admin;
	return (
		<section className="card menu-admin__category" data-testid={`category-${category.id}`}>
			<header className="menu-admin__category-head">
				<h2 className="menu-admin__category-name">{localize(category.name, lang)}</h2>
				{!category.visible && <span className="tag tag--muted">{at("list.hidden")}</span>}
				{canEdit && (
					<span className="menu-admin__tools">
						<MoveButtons
							first={index === 0}
							last={index === count - 1}
							onMove={(direction) => move("category", category.id, direction)}
							testId={`category-${category.id}`}
						/>
						<button
							type="button"
							className="text-button"
							onClick={() => setSheet({ category })}
							data-testid={`edit-category-${category.id}`}
						>
							{at("list.edit")}
						</button>
					</span>
				)}
			</header>
			{category.items.length === 0 && <p className="menu-admin__hint">{at("list.emptyCategory")}</p>}
			<ul className="menu-admin__items">
				{category.items.map((item, itemIndex) => (
					<ItemRow
						key={item.id}
						shopId={shop.shopId}
						item={item}
						canEdit={canEdit}
						first={itemIndex === 0}
						last={itemIndex === category.items.length - 1}
						onMove={(direction) => move("item", item.id, direction)}
						onRestock={setRestock}
					/>
				))}
			</ul>
			{canEdit && (
				<Link
					to={withQuery(Paths.merchantMenuItem, { categoryId: category.id })}
					className="button button--ghost button--small menu-admin__add-item"
					data-testid={`add-item-${category.id}`}
				>
					<PlusIcon className="menu-admin__button-icon" />
					{at("list.addItem")}
				</Link>
			)}
		</section>
	);
}
