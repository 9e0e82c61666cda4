import type { MenuItem } from "@bayon/contract";
import { errorText } from "../../../lib/api-client";
import { usePrice } from "../../../lib/app-config";
import type { CartLine } from "../../../lib/store";
import { BottomSheet } from "../../../ui/sheet";
import { EmptyState, ErrorState, LoadingState } from "../../../ui/states";
import { Stepper } from "../../../ui/stepper";
import { ItemImage } from "../../menu/components/item-image";
import { cartValue } from "../../ordering/cart/cart";
import { lineEditor } from "../../ordering/cart/line-editor";
import { OptionsSheet } from "../../ordering/cart/options-sheet";
import { useGuestText } from "../guest-strings";
import { PREORDER_ORDER_TYPE, usePreorderMenu } from "./use-preorder-menu";

/**
 * Choosing a booking's pre-order from the shop's menu: an item without options takes a
 * quantity stepper; an item with options opens the menu's own options sheet (size, sugar,
 * add-ons chosen as in any order), each choice its own line. Prices shown are the menu's; the
 * server prices the pre-order by the cart rules when it is booked.
 */
export function GuestPreorderSheet({
	open,
	shopId,
	lines,
	onChange,
	onClose,
	footerAction,
}: {
	open: boolean;
	shopId: number;
	lines: CartLine[];
	onChange: (lines: CartLine[]) => void;
	onClose: () => void;
	/** Replaces the "done" button (the detail page saves the change on the server). */
	footerAction?: { label: string; onClick: () => void; disabled?: boolean };
}) {
	const { gt } = useGuestText();
	const price = usePrice();
	const { menu, categories, choosing, setChoosing } = usePreorderMenu(shopId, open);

	const editor = lineEditor(shopId, lines, onChange);
	const total = cartValue(lines);

	return (
		<BottomSheet
			open={open}
			onClose={onClose}
			title={gt("preorder.sheetTitle")}
			testId="preorder-sheet"
			footer={
				<div className="guest-preorder__footer">
					<span className="guest-preorder__estimate" data-testid="preorder-estimate">
						{lines.length > 0 ? gt("preorder.estimate", { amount: price(total) }) : gt("preorder.none")}
					</span>
					{lines.length > 0 && (
						<button type="button" className="text-button" onClick={() => onChange([])} data-testid="preorder-clear">
							{gt("preorder.clear")}
						</button>
					)}
					<button
						type="button"
						className="button button--primary"
						onClick={footerAction?.onClick ?? onClose}
						disabled={footerAction?.disabled}
						data-testid="preorder-done"
					>
						{footerAction?.label ?? gt("preorder.done")}
					</button>
				</div>
			}
		>
			{menu.isPending ? (
				<LoadingState compact />
			) : menu.isError ? (
				<ErrorState compact message={errorText(menu.error)} onRetry={() => void menu.refetch()} />
			) : categories.length === 0 ? (
				<EmptyState compact title={gt("preorder.empty")} />
			) : (
				<div className="guest-preorder">
					{categories.map((category) => (
						<section key={category.id} className="guest-preorder__category">
							<h3 className="guest-preorder__category-name">{category.name}</h3>
							<ul className="guest-preorder__items">
								{category.items.map((item) => (
									<PreorderEntry key={item.id} item={item} editor={editor} onChoose={setChoosing} />
								))}
							</ul>
						</section>
					))}
				</div>
			)}
			<OptionsSheet
				item={choosing}
				onClose={() => setChoosing(null)}
				onAdd={editor.add}
				context={{ cart: lines, orderType: PREORDER_ORDER_TYPE }}
				addLabel={gt("preorder.addToPreorder")}
			/>
		</BottomSheet>
	);
}

/** One dish: a quantity stepper, or (with options) the button to choose them and a line per choice. */
function PreorderEntry({
	item,
	editor,
	onChoose,
}: {
	item: MenuItem;
	editor: ReturnType<typeof lineEditor>;
	onChoose: (item: MenuItem) => void;
}) {
	const { gt, m } = useGuestText();
	const price = usePrice();
	const hasOptions = item.optionGroups.length > 0;
	const plain = editor.plainLine(item);
	return (
		<li className="guest-preorder__entry" data-testid={`preorder-item-${item.id}`}>
			<div className="guest-preorder__item">
				<ItemImage image={item.image} size="small" />
				<span className="guest-preorder__name">
					{item.name}
					<small className="price">
						{price(item.price)}
						{item.soldOut ? ` · ${m("itemSoldOut")}` : ""}
					</small>
				</span>
				{hasOptions ? (
					<button
						type="button"
						className="button button--ghost button--small"
						disabled={item.soldOut}
						onClick={() => onChoose(item)}
						data-testid={`preorder-options-${item.id}`}
					>
						{gt("preorder.chooseOptions")}
					</button>
				) : (
					<Stepper
						compact
						value={plain?.quantity ?? 0}
						onChange={(value) => editor.setPlainQuantity(item, value)}
						max={editor.plainMax(item)}
						label={item.name}
						testId={`preorder-qty-${item.id}`}
					/>
				)}
			</div>
			{editor.optionLines(item).map((line) => (
				<div key={line.key} className="guest-preorder__line" data-testid={`preorder-line-${line.key}`}>
					<span className="guest-preorder__options">
						{line.optionNames.join(" / ")}
						<small className="price">{price(line.unitPrice)}</small>
					</span>
					<Stepper
						compact
						value={line.quantity}
						onChange={(value) => editor.setLineQuantity(line.key, value)}
						max={editor.lineMax(item, line)}
						label={`${item.name} ${line.optionNames.join(" / ")}`}
						testId={`preorder-line-qty-${line.key}`}
					/>
				</div>
			))}
		</li>
	);
}
