import { localize, type MenuCategory, type MenuItem, type MenuOptionGroup } from "@bayon/contract";
import type { MenuRows } from "./queries.js";

/** Rows → the menu as the app shows it, in one language; categories without items are left out. */
export function presentMenu(
	rows: MenuRows,
	lang: string,
): { categories: MenuCategory[]; items: Map<number, MenuItem> } {
	const optionsByGroup = groupBy(rows.options, (option) => option.group_id);
	const groupsByItem = groupBy(rows.groups, (group) => group.item_id);
	const items = new Map<number, MenuItem>();
	for (const row of rows.items) {
		const optionGroups: MenuOptionGroup[] = (groupsByItem.get(row.id) ?? []).map((group) => ({
			id: group.id,
			name: localize(group.name, lang),
			minChoices: group.min_choices,
			maxChoices: group.max_choices,
			options: (optionsByGroup.get(group.id) ?? []).map((option) => ({
				id: option.id,
				name: localize(option.name, lang),
				priceDelta: option.price_delta,
				isDefault: option.is_default,
				soldOut: option.sold_out || option.stock === 0,
				stock: option.stock,
			})),
		}));
		items.set(row.id, {
			id: row.id,
			shopId: row.shop_id,
			categoryId: row.category_id,
			name: localize(row.name, lang),
			description: row.description["zh-CN"] ? localize(row.description as { "zh-CN": string }, lang) : "",
			image: row.image,
			price: row.price,
			originalPrice: row.original_price,
			stock: row.stock,
			soldOut: row.sold_out || row.stock === 0,
			salesCount: row.sales_count,
			orderTypes: row.order_types,
			optionGroups,
		});
	}
	const itemsByCategory = groupBy([...items.values()], (item) => item.categoryId);
	const categories = rows.categories
		.map((category) => ({
			id: category.id,
			name: localize(category.name, lang),
			items: itemsByCategory.get(category.id) ?? [],
		}))
		.filter((category) => category.items.length > 0);
	return { categories, items };
}

function groupBy<T, K>(values: T[], key: (value: T) => K): Map<K, T[]> {
	const map = new Map<K, T[]>();
	for (const value of values) {
		const k = key(value);
		const list = map.get(k);
		if (list) list.push(value);
		else map.set(k, [value]);
	}
	return map;
}
