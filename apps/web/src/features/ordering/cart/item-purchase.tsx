import type { MenuItem, MenuOptionGroup } from "@bayon/contract";
import { useState } from "react";
import { useMoney, usePrice } from "../../../lib/app-config";
import { useI18n } from "../../../lib/i18n";
import { type CartLine, type OrderType, useAppState } from "../../../lib/store";
import { showToast } from "../../../lib/toast";
import { Stepper } from "../../../ui/stepper";
import {
	chosenOptions,
	initialSelection,
	isRequired,
	isSingleChoice,
	livePrice,
	type Selection,
	toggleOption,
} from "../../menu/options";
import { MAX_LINE_QUANTITY, remainingStock } from "./cart";
import { useAddBlocker } from "./use-add-to-cart";
import "../../menu/menu.css";

/**
 * Whose order the choice goes into: by default the signed-in customer's cart and order type;
 * staff ordering for a customer passes the lines of the order they are putting together.
 */
export interface PurchaseContext {
	cart: readonly CartLine[];
	orderType: OrderType;
}

/**
 * The state of choosing one item: options, quantity, what it costs, and what (if anything)
 * stops it from going into the cart. Shared by the options sheet and the item page.
 */
export function usePurchase(item: MenuItem, context?: PurchaseContext) {
	const { m, t } = useI18n();
	const customerCart = useAppState((s) => s.cart);
	const customerOrderType = useAppState((s) => s.orderType);
	const cart = context?.cart ?? customerCart;
	const orderType = context?.orderType ?? customerOrderType;
	const blocker = useAddBlocker();
	const [selection, setSelection] = useState<Selection>(() => initialSelection(item));
	const [wanted, setWanted] = useState(1);

	const optionIds = chosenOptions(item, selection).map((option) => option.id);
	const remaining = remainingStock(cart, item, optionIds);
	const maxQuantity = Math.max(1, Math.min(MAX_LINE_QUANTITY, remaining));
	const quantity = Math.min(wanted, maxQuantity);
	const reason = blocker(item, selection, orderType, remaining);

	const toggle = (groupId: number, optionId: number) => {
		const result = toggleOption(item, selection, groupId, optionId);
		if (result.refused === "max") {
			const group = item.optionGroups.find((candidate) => candidate.id === groupId);
			if (group) showToast(m("tooManyOptions", { group: group.name, max: group.maxChoices }));
		} else if (result.refused === "soldOut") {
			showToast(m("itemSoldOut"));
		}
		setSelection(result.selection);
	};

	/** "+" past the limit: say why (stock, or the most one line may hold). */
	const onQuantityLimit = () => {
		showToast(remaining <= MAX_LINE_QUANTITY ? m("insufficientStock") : t("cart.tooMany", { max: MAX_LINE_QUANTITY }));
	};

	return {
		item,
		selection,
		toggle,
		quantity,
		setQuantity: setWanted,
		maxQuantity,
		onQuantityLimit,
		reason,
		price: livePrice(item, selection, quantity),
	};
}

export type Purchase = ReturnType<typeof usePurchase>;

function ruleText(group: MenuOptionGroup, t: ReturnType<typeof useI18n>["t"]): string {
	if (isSingleChoice(group)) return isRequired(group) ? t("options.required") : t("options.optional");
	if (group.minChoices > 1) return t("options.chooseRange", { min: group.minChoices, max: group.maxChoices });
	return t("options.chooseUpTo", { max: group.maxChoices });
}

/** The option groups: radios for single choice, checkboxes for several; sold-out choices disabled. */
export function OptionGroups({ purchase }: { purchase: Purchase }) {
	const { t, m } = useI18n();
	const money = useMoney();
	const { item, selection, toggle } = purchase;
	if (item.optionGroups.length === 0) return null;
	return (
		<div className="option-groups">
			{item.optionGroups.map((group) => {
				const single = isSingleChoice(group);
				const chosen = selection[group.id] ?? [];
				return (
					<fieldset className="option-group" key={group.id} data-testid={`option-group-${group.id}`}>
						<legend className="option-group__legend">
							<span className="option-group__name">{group.name}</span>
							<span className={`option-group__rule${isRequired(group) ? " is-required" : ""}`}>
								{ruleText(group, t)}
							</span>
						</legend>
						<div className="option-group__choices">
							{group.options.map((option) => {
								const checked = chosen.includes(option.id);
								const disabled = option.soldOut && !checked;
								return (
									<label
										key={option.id}
										className={`option-chip${checked ? " is-selected" : ""}${disabled ? " is-disabled" : ""}`}
										data-testid={`option-${option.id}`}
									>
										<input
											type={single ? "radio" : "checkbox"}
											className="visually-hidden"
											name={`group-${group.id}`}
											checked={checked}
											disabled={disabled}
											onChange={() => undefined}
											onClick={(event) => {
												// Shown as the selection says until it changes: a choice past the
												// group's maximum is refused and the box stays as it was (Preact
												// does not put it back itself, see lib/controlled-input.ts).
												event.currentTarget.checked = checked;
												toggle(group.id, option.id);
											}}
										/>
										<span className="option-chip__name">{option.name}</span>
										{option.priceDelta !== 0 && (
											<span className="option-chip__delta">
												{option.priceDelta > 0 ? "+" : "−"}
												{money(Math.abs(option.priceDelta))}
											</span>
										)}
										{option.soldOut && <span className="option-chip__soldout">{m("itemSoldOut")}</span>}
									</label>
								);
							})}
						</div>
					</fieldset>
				);
			})}
		</div>
	);
}

/** Live price, quantity and the add button (disabled, with the reason, until it can be added). */
export function PurchaseFooter({
	purchase,
	onAdd,
	ready = true,
	addLabel,
}: {
	purchase: Purchase;
	onAdd: () => void;
	/** False while what adding needs (the shop) is still loading. */
	ready?: boolean;
	/** The add button's text (staff add to the order they are taking, not to a cart). */
	addLabel?: string;
}) {
	const { t } = useI18n();
	const formatPrice = usePrice();
	const { item, selection, quantity, setQuantity, maxQuantity, onQuantityLimit, reason, price } = purchase;
	const summary = chosenOptions(item, selection)
		.map((option) => option.name)
		.join(t("options.separator"));
	return (
		<div className="purchase" data-testid="purchase">
			{reason && (
				<p className="purchase__reason" role="status" data-testid="add-reason">
					{reason}
				</p>
			)}
			<div className="purchase__row">
				<div className="purchase__price">
					<span className="price price--large" data-testid="live-price">
						{formatPrice(price)}
					</span>
					{summary && (
						<span className="purchase__summary" data-testid="purchase-summary">
							{summary}
						</span>
					)}
				</div>
				<Stepper
					value={quantity}
					onChange={setQuantity}
					min={1}
					max={maxQuantity}
					onLimit={onQuantityLimit}
					label={item.name}
					testId="purchase-quantity"
				/>
			</div>
			<button
				type="button"
				className="button button--primary button--block"
				disabled={reason !== null || !ready}
				onClick={onAdd}
				data-testid="add-to-cart"
			>
				{addLabel ?? t("menu.addToCart")}
			</button>
		</div>
	);
}
