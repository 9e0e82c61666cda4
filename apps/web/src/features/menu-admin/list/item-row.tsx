import { type AdminMenuItem, localize } from "@bayon/contract";
import { useState } from "react";
import { Link } from "react-router";
import { useMoney } from "../../../lib/app-config";
import { Paths, withQuery } from "../../../lib/paths";
import { ChevronIcon } from "../../../ui/icons";
import { ItemImage } from "../../menu/components/item-image";
import { useMenuAdminText } from "../strings";
import type { RestockTarget } from "./restock-sheet";
import { SoldOutSwitch } from "./sold-out-switch";

/** Up and down arrows moving a category or an item in the menu's order. */
export function MoveButtons({
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

/** An item of the list: its picture, price and stock, its tools, its sold-out switch and its options'. */
export function ItemRow({
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
