import type { MerchantShopRef } from "@bayon/contract";
import { errorText } from "../../../lib/api-client";
import { PlusIcon } from "../../../ui/icons";
import { StaffShop } from "../../../ui/staff/staff-shop";
import { EmptyState, ErrorState, LoadingState } from "../../../ui/states";
import { useMenuAdminText } from "../strings";
import { CategoryCard } from "./category-card";
import { CategorySheet } from "./category-sheet";
import { RestockSheet } from "./restock-sheet";
import { useMenuAdmin } from "./use-menu-admin";
import "../menu-admin.css";

/**
 * The shop's menu by category, for the phone at the counter. Everyone who works there can
 * switch items and options sold out or back; owners and managers also add and edit
 * categories and items and move them up or down.
 */
export default function MenuAdminScreen() {
	return <StaffShop>{(shop) => <MenuAdmin shop={shop} />}</StaffShop>;
}

function MenuAdmin({ shop }: { shop: MerchantShopRef }) {
	const { at } = useMenuAdminText();
	const admin = useMenuAdmin(shop);
	const { menu, canEdit, sheet, setSheet, restock, setRestock } = admin;

	if (menu.isPending) return <LoadingState />;
	if (menu.isError) return <ErrorState message={errorText(menu.error)} onRetry={() => void menu.refetch()} />;
	const categories = menu.data.categories;

	return (
		<div className="merchant menu-admin" data-testid="menu-admin">
			{canEdit ? (
				<button
					type="button"
					className="button button--primary button--block"
					onClick={() => setSheet({ category: null })}
					data-testid="add-category"
				>
					<PlusIcon className="menu-admin__button-icon" />
					{at("list.addCategory")}
				</button>
			) : (
				<p className="menu-admin__hint">{at("list.staffHint")}</p>
			)}
			{categories.length === 0 && <EmptyState title={at("list.empty")} />}
			{categories.map((category, index) => (
				<CategoryCard
					key={category.id}
					shop={shop}
					admin={admin}
					category={category}
					index={index}
					count={categories.length}
				/>
			))}
			<CategorySheet
				shopId={shop.shopId}
				category={sheet?.category ?? null}
				open={sheet !== null}
				onClose={() => setSheet(null)}
			/>
			<RestockSheet shopId={shop.shopId} target={restock} onClose={() => setRestock(null)} />
		</div>
	);
}
