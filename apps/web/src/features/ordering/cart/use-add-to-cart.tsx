import type { MenuItem } from "@bayon/contract";
import { useState } from "react";
import { useI18n } from "../../../lib/i18n";
import { appStore, type OrderType } from "../../../lib/store";
import { showToast } from "../../../lib/toast";
import { ConfirmDialog } from "../../../ui/confirm-dialog";
import { chosenOptions, type Selection, selectionProblems, unitPriceOf } from "../../menu/options";
import { orderTypeMessage } from "../../menu/order-type-names";
import { MAX_CART_LINES, MAX_LINE_QUANTITY, type NewLine, remainingStock } from "./cart";
import { addToCart, replaceCart } from "./cart-store";

/**
 * Why an item with these options cannot go into the cart now, in the user's language (the
 * contract's messages, as the server would word them), or null when it can.
 */
export function useAddBlocker() {
	const { m } = useI18n();
	return (item: MenuItem, selection: Selection, orderType: OrderType, remaining: number): string | null => {
		if (item.soldOut) return m("itemSoldOut");
		if (!item.orderTypes.includes(orderType)) {
			return m("itemNotForOrderType", { orderType: m(orderTypeMessage[orderType]) });
		}
		const problem = selectionProblems(item, selection)[0];
		if (problem?.kind === "required") return m("optionRequired", { group: problem.group.name });
		if (problem?.kind === "tooMany")
			return m("tooManyOptions", { group: problem.group.name, max: problem.group.maxChoices });
		if (problem?.kind === "soldOut") return m("optionInvalid");
		if (remaining <= 0) return m("insufficientStock");
		return null;
	};
}

/**
 * Puts an item with chosen options into the cart, guarding what the server would refuse:
 * sold out, wrong order type, options missing, and stock (spec §8 "insufficient stock": the
 * cart never holds more than is left). A cart of another shop is cleared only after the
 * customer agrees; `dialog` renders that question.
 */
export function useAddToCart(shopId: number | null | undefined) {
	const { t, m } = useI18n();
	const blocker = useAddBlocker();
	const [pending, setPending] = useState<NewLine | null>(null);

	const add = (item: MenuItem, selection: Selection, quantity = 1): boolean => {
		if (!shopId) return false;
		const { cart, orderType } = appStore.getState();
		const options = chosenOptions(item, selection);
		const optionIds = options.map((option) => option.id);
		const remaining = remainingStock(cart, item, optionIds);
		const reason =
			blocker(item, selection, orderType, remaining) ?? (quantity > remaining ? m("insufficientStock") : null);
		if (reason) {
			showToast(reason);
			return false;
		}
		const line: NewLine = {
			shopId,
			itemId: item.id,
			name: item.name,
			image: item.image,
			optionIds,
			optionNames: options.map((option) => option.name),
			unitPrice: unitPriceOf(item, selection),
			quantity,
		};
		const outcome = addToCart(line);
		if (outcome.kind === "added") {
			showToast(t("cart.added"));
			return true;
		}
		if (outcome.kind === "otherShop") setPending(line);
		else if (outcome.kind === "tooManyLines") showToast(t("cart.tooManyLines", { max: MAX_CART_LINES }));
		else showToast(t("cart.tooMany", { max: MAX_LINE_QUANTITY }));
		return false;
	};

	const dialog = (
		<ConfirmDialog
			open={pending !== null}
			message={t("cart.switchShop")}
			confirmLabel={t("cart.switchShopConfirm")}
			destructive
			onCancel={() => setPending(null)}
			onConfirm={() => {
				if (pending && replaceCart(pending).kind === "added") showToast(t("cart.added"));
				setPending(null);
			}}
			testId="switch-shop-dialog"
		/>
	);

	return { add, dialog };
}
