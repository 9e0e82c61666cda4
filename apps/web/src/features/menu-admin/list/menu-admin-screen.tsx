import {
	type AdminMenuCategory,
	type AdminMenuItem,
	localize,
	type MerchantShopRef,
	roleAllows,
} from "@bayon/contract";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { Link } from "react-router";
import { ApiError, errorText } from "../../../lib/api-client";
import { useMoney } from "../../../lib/app-config";
import { Paths, withQuery } from "../../../lib/paths";
import { showToast } from "../../../lib/toast";
import { ChevronIcon, PlusIcon } from "../../../ui/icons";
import { EmptyState, ErrorState, LoadingState } from "../../../ui/states";
import { ItemImage } from "../../menu/components/item-image";
import { MerchantGuard } from "../../merchant/merchant-guard";
import { adminMenuQuery, moveRow, RESTOCK_NEEDED, refreshMenus, setSoldOut } from "../api";
import { useMenuAdminText } from "../strings";
import { CategorySheet } from "./category-sheet";
import { RestockSheet, type RestockTarget } from "./restock-sheet";
import "../menu-admin.css";

/**
 * The shop's menu by category, for the phone at the counter. Everyone who works there can
 * switch items and options sold out or back; owners and managers also add and edit
 * categories and items and move them up or down.
 */
export default function MenuAdminScreen() {
	return <MerchantGuard>{(shop) => <MenuAdmin shop={shop} />}</MerchantGuard>;
}

function MenuAdmin({ shop }: { shop: MerchantShopRef }) {
	const { at, lang } = useMenuAdminText();
	const menu = useQuery(adminMenuQuery(shop.shopId));
	const canEdit = roleAllows(shop.role, "menu");
	const [sheet, setSheet] = useState<{ category: AdminMenuCategory | null } | null>(null);
	const [restock, setRestock] = useState<RestockTarget | null>(null);

	if (menu.isPending) return <LoadingState />;
	if (menu.isError) return <ErrorState message={errorText(menu.error)} onRetry={() => void menu.refetch()} />;
	const categories = menu.data.categories;

	const move = async (kind: "category" | "item", id: number, direction: "up" | "down") => {
		try {
			await moveRow(kind, { shopId: shop.shopId, id, direction });
		} finally {
			await refreshMenus(shop.shopId);
		}
	};

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
				<section key={category.id} className="card menu-admin__category" data-testid={`category-${category.id}`}>
					<header className="menu-admin__category-head">
						<h2 className="menu-admin__category-name">{localize(category.name, lang)}</h2>
						{!category.visible && <span className="tag tag--muted">{at("list.hidden")}</span>}
						{canEdit && (
							<span className="menu-admin__tools">
								<MoveButtons
									first={index === 0}
									last={index === categories.length - 1}
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

function MoveButtons({
	first,
	last,
	onMove,
	testId,
}: {
	first: boolean;
	last: boolean;
	onMove: (direction: "up" | "down") => void;
	testId: string;
}) {
	const { at } = useMenuAdminText();
	return (
		<>
			<button
				type="button"
				className="icon-button"
				aria-label={at("list.moveUp")}
				disabled={first}
				onClick={() => onMove("up")}
				data-testid={`${testId}-up`}
			>
				<ChevronIcon className="menu-admin__up" />
			</button>
			<button
				type="button"
				className="icon-button"
				aria-label={at("list.moveDown")}
				disabled={last}
				onClick={() => onMove("down")}
				data-testid={`${testId}-down`}
			>
				<ChevronIcon className="menu-admin__down" />
			</button>
		</>
	);
}

function ItemRow({
	shopId,
	item,
	canEdit,
	first,
	last,
	onMove,
	onRestock,
}: {
	shopId: number;
	item: AdminMenuItem;
	canEdit: boolean;
	first: boolean;
	last: boolean;
	onMove: (direction: "up" | "down") => void;
	onRestock: (target: RestockTarget) => void;
}) {
	const { at, lang } = useMenuAdminText();
	const money = useMoney();
	const name = localize(item.name, lang);
	const options = item.optionGroups.flatMap((group) => group.options);
	const [showOptions, setShowOptions] = useState(false);
	return (
		<li className="menu-admin__item" data-testid={`item-${item.id}`}>
			<div className="menu-admin__item-main">
				<ItemImage image={item.image} size="small" />
				<div className="menu-admin__item-text">
					<span className="menu-admin__item-name">{name}</span>
					<span className="menu-admin__item-meta">
						<span className="price">{money(item.price)}</span>
						{item.stock !== null && <span>{at("list.left", { count: item.stock })}</span>}
					</span>
				</div>
				{canEdit && (
					<span className="menu-admin__tools">
						<MoveButtons first={first} last={last} onMove={onMove} testId={`item-${item.id}`} />
						<Link
							to={withQuery(Paths.merchantMenuItem, { id: item.id })}
							className="text-button"
							data-testid={`edit-item-${item.id}`}
						>
							{at("list.edit")}
						</Link>
					</span>
				)}
			</div>
			<SoldOutSwitch
				shopId={shopId}
				kind="item"
				id={item.id}
				name={name}
				soldOut={item.soldOut}
				stock={item.stock}
				onRestock={onRestock}
			/>
			{options.length > 0 && (
				<>
					<button
						type="button"
						className="text-button menu-admin__options-toggle"
						aria-expanded={showOptions}
						onClick={() => setShowOptions((shown) => !shown)}
						data-testid={`options-${item.id}`}
					>
						{at("list.options")}
						<ChevronIcon className={showOptions ? "menu-admin__down" : "menu-admin__right"} />
					</button>
					{showOptions && (
						<div className="menu-admin__options">
							{options.map((option) => (
								<SoldOutSwitch
									key={option.id}
									shopId={shopId}
									kind="option"
									id={option.id}
									name={localize(option.name, lang)}
									soldOut={option.soldOut}
									stock={option.stock}
									onRestock={onRestock}
								/>
							))}
						</div>
					)}
				</>
			)}
		</li>
	);
}

/**
 * One tap: sold out, or back in stock. The switch reads "available" when on. Back in stock of
 * something counted down to 0 asks how many came back first (the restock sheet): the tap
 * alone would leave it sold out for customers.
 */
function SoldOutSwitch({
	shopId,
	kind,
	id,
	name,
	soldOut,
	stock,
	onRestock,
}: {
	shopId: number;
	kind: "item" | "option";
	id: number;
	name: string;
	soldOut: boolean;
	stock: number | null;
	onRestock: (target: RestockTarget) => void;
}) {
	const { at } = useMenuAdminText();
	const [pending, setPending] = useState(false);
	const toggle = async (available: boolean) => {
		if (available && stock === 0) {
			onRestock({ kind, id, name });
			return;
		}
		setPending(true);
		try {
			await setSoldOut({ shopId, kind, id, soldOut: !available });
			showToast(at(available ? "list.markedAvailable" : "list.markedSoldOut", { name }));
		} catch (error) {
			// Orders took the last ones since this list was read: ask how many came back.
			if (error instanceof ApiError && error.code === RESTOCK_NEEDED) onRestock({ kind, id, name });
			else showToast(errorText(error));
		} finally {
			await refreshMenus(shopId);
			setPending(false);
		}
	};
	return (
		<label className={`switch-row menu-admin__switch${soldOut ? " is-sold-out" : ""}`}>
			<span className="switch-row__text">
				<span>{kind === "option" ? name : at(soldOut ? "list.soldOut" : "list.available")}</span>
				{kind === "option" && <span className="field__hint">{at(soldOut ? "list.soldOut" : "list.available")}</span>}
			</span>
			<input
				type="checkbox"
				role="switch"
				aria-checked={!soldOut}
				aria-label={`${name}: ${at(soldOut ? "list.soldOut" : "list.available")}`}
				className="switch"
				checked={!soldOut}
				disabled={pending}
				onChange={(event) => void toggle(event.target.checked)}
				data-testid={`sold-out-${kind}-${id}`}
			/>
		</label>
	);
}
