import type { MenuItem, MenuOption, MenuOptionGroup } from "@bayon/contract";

/**
 * Choosing options for an item (size, sugar, ice, toppings): the same rules the server applies
 * when it prices a cart (ordering/cart-rules.ts), checked here so the customer sees them first.
 * A group is single choice when maxChoices is 1 and required when minChoices is at least 1.
 */

/** Chosen option ids per group id. */
export type Selection = Readonly<Record<number, readonly number[]>>;

export function isSingleChoice(group: MenuOptionGroup): boolean {
	return group.maxChoices <= 1;
}

export function isRequired(group: MenuOptionGroup): boolean {
	return group.minChoices >= 1;
}

/** The defaults the shop marked, minus sold-out ones, never more than a group allows. */
export function initialSelection(item: MenuItem): Selection {
	const selection: Record<number, number[]> = {};
	for (const group of item.optionGroups) {
		const defaults = group.options.filter((option) => option.isDefault && !option.soldOut).map((option) => option.id);
		selection[group.id] = defaults.slice(0, Math.max(0, group.maxChoices));
	}
	return selection;
}

export type ToggleRefusal = "soldOut" | "max";

/**
 * Taps an option. Single choice: picks it (tapping the chosen one again clears it only when the
 * group is optional). Multiple choice: adds or removes it, refusing a choice past maxChoices.
 */
export function toggleOption(
	item: MenuItem,
	selection: Selection,
	groupId: number,
	optionId: number,
): { selection: Selection; refused?: ToggleRefusal } {
	const group = item.optionGroups.find((candidate) => candidate.id === groupId);
	const option = group?.options.find((candidate) => candidate.id === optionId);
	if (!group || !option) return { selection };
	const chosen = selection[groupId] ?? [];
	const isChosen = chosen.includes(optionId);
	if (!isChosen && option.soldOut) return { selection, refused: "soldOut" };
	if (isSingleChoice(group)) {
		if (isChosen) return isRequired(group) ? { selection } : { selection: { ...selection, [groupId]: [] } };
		return { selection: { ...selection, [groupId]: [optionId] } };
	}
	if (isChosen) return { selection: { ...selection, [groupId]: chosen.filter((id) => id !== optionId) } };
	if (chosen.length >= group.maxChoices) return { selection, refused: "max" };
	return { selection: { ...selection, [groupId]: [...chosen, optionId] } };
}

/** What stops the selection from being ordered, group by group, in menu order. */
export type SelectionProblem =
	| { kind: "required"; group: MenuOptionGroup }
	| { kind: "tooMany"; group: MenuOptionGroup }
	| { kind: "soldOut"; group: MenuOptionGroup; option: MenuOption };

export function selectionProblems(item: MenuItem, selection: Selection): SelectionProblem[] {
	const problems: SelectionProblem[] = [];
	for (const group of item.optionGroups) {
		const chosen = group.options.filter((option) => (selection[group.id] ?? []).includes(option.id));
		for (const option of chosen) if (option.soldOut) problems.push({ kind: "soldOut", group, option });
		if (chosen.length < group.minChoices) problems.push({ kind: "required", group });
		if (chosen.length > group.maxChoices) problems.push({ kind: "tooMany", group });
	}
	return problems;
}

/** The chosen options in menu order (groups, then options within a group). */
export function chosenOptions(item: MenuItem, selection: Selection): MenuOption[] {
	return item.optionGroups.flatMap((group) =>
		group.options.filter((option) => (selection[group.id] ?? []).includes(option.id)),
	);
}

/** Price of one: the item's price plus each chosen option's delta, never below zero (as the server). */
export function unitPriceOf(item: MenuItem, selection: Selection): number {
	return Math.max(0, item.price + chosenOptions(item, selection).reduce((sum, option) => sum + option.priceDelta, 0));
}

/** The live price of the options sheet: (price + Σ deltas) × quantity. */
export function livePrice(item: MenuItem, selection: Selection, quantity: number): number {
	return unitPriceOf(item, selection) * Math.max(0, quantity);
}
