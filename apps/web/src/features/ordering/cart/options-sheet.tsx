import type { MenuItem } from "@bayon/contract";
import { useI18n } from "../../../lib/i18n";
import { BottomSheet } from "../../../ui/sheet";
import { ItemImage } from "../../menu/components/item-image";
import type { Selection } from "../../menu/options";
import { OptionGroups, type PurchaseContext, PurchaseFooter, usePurchase } from "./item-purchase";

interface OptionsSheetProps {
	item: MenuItem | null;
	onClose: () => void;
	/** Adds to the cart; true when it went in (the sheet then closes). */
	onAdd: (item: MenuItem, selection: Selection, quantity: number) => boolean;
	/** Another order than the customer's cart (staff ordering for a customer). */
	context?: PurchaseContext;
	addLabel?: string;
}

/** The options sheet: choose size, sugar, ice and add-ons, see the price live, add to the cart. */
export function OptionsSheet({ item, onClose, onAdd, context, addLabel }: OptionsSheetProps) {
	if (!item) return null;
	// A new item starts with fresh choices: the key remounts the sheet's state.
	return (
		<OpenOptionsSheet key={item.id} item={item} onClose={onClose} onAdd={onAdd} context={context} addLabel={addLabel} />
	);
}

function OpenOptionsSheet({ item, onClose, onAdd, context, addLabel }: OptionsSheetProps & { item: MenuItem }) {
	const { t } = useI18n();
	const purchase = usePurchase(item, context);
	const add = () => {
		if (onAdd(item, purchase.selection, purchase.quantity)) onClose();
	};
	return (
		<BottomSheet
			open
			onClose={onClose}
			testId="options-sheet"
			title={
				<span className="sheet-item">
					<ItemImage image={item.image} size="small" />
					<span className="sheet-item__text">
						<span className="sheet-item__name">{item.name}</span>
						{item.description && <span className="sheet-item__desc">{item.description}</span>}
					</span>
				</span>
			}
			footer={<PurchaseFooter purchase={purchase} onAdd={add} addLabel={addLabel} />}
		>
			<OptionGroups purchase={purchase} />
			{item.optionGroups.length === 0 && <p className="sheet-item__plain">{t("options.none")}</p>}
		</BottomSheet>
	);
}
