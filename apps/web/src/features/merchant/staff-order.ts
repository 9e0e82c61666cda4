import type { MenuItem } from "@bayon/contract";

/** Spec §5 phone rule: 11 digits, starting with 1, then 3–9 (the contract's PHONE_PATTERN). */
export const PHONE_RULE = /^1[3-9]\d{9}$/;

export type PhoneProblem = "fillPhone" | "phoneFormat" | null;

export function checkPhone(value: string): PhoneProblem {
	const phone = value.trim();
	if (!phone) return "fillPhone";
	return PHONE_RULE.test(phone) ? null : "phoneFormat";
}

/**
 * The options a staff order uses for an item (the simple picker offers no option choices):
 * each group's default options, and for a group that requires more, the next available ones.
 */
export function defaultOptionIds(item: Pick<MenuItem, "optionGroups">): number[] {
	return item.optionGroups.flatMap((group) => {
		const available = group.options.filter((option) => !option.soldOut);
		const chosen = available.filter((option) => option.isDefault).slice(0, group.maxChoices || undefined);
		for (const option of available) {
			if (chosen.length >= group.minChoices) break;
			if (!chosen.includes(option)) chosen.push(option);
		}
		return chosen.map((option) => option.id);
	});
}

/** Quantities by item id → order lines (zero quantities left out). */
export function staffOrderLines(
	quantities: ReadonlyMap<number, number>,
	items: ReadonlyMap<number, Pick<MenuItem, "optionGroups">>,
): Array<{ itemId: number; quantity: number; optionIds: number[] }> {
	const lines: Array<{ itemId: number; quantity: number; optionIds: number[] }> = [];
	for (const [itemId, quantity] of quantities) {
		const item = items.get(itemId);
		if (quantity > 0 && item) lines.push({ itemId, quantity, optionIds: defaultOptionIds(item) });
	}
	return lines;
}
