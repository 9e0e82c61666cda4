import type { MenuCategory } from "@bayon/contract";
import { useEffect, useRef } from "react";
import { useI18n } from "../../../lib/i18n";

interface CategoryRailProps {
	categories: readonly MenuCategory[];
	active: number;
	onSelect: (index: number) => void;
	/** How many of each category's items are in the cart. */
	counts: ReadonlyMap<number, number>;
}

/** The left rail of categories: highlights the one in view, and jumps to one when tapped. */
export function CategoryRail({ categories, active, onSelect, counts }: CategoryRailProps) {
	const { t } = useI18n();
	const railRef = useRef<HTMLElement>(null);

	// Keep the highlighted category visible inside the rail itself (never scroll the page).
	useEffect(() => {
		const rail = railRef.current;
		const button = rail?.querySelectorAll<HTMLElement>(".category-rail__item")[active];
		if (!rail || !button) return;
		const top = button.offsetTop;
		const bottom = top + button.offsetHeight;
		if (top < rail.scrollTop) rail.scrollTop = top;
		else if (bottom > rail.scrollTop + rail.clientHeight) rail.scrollTop = bottom - rail.clientHeight;
	}, [active]);

	return (
		<nav className="category-rail" aria-label={t("menu.categories")} ref={railRef} data-testid="category-rail">
			{categories.map((category, index) => {
				const count = counts.get(category.id) ?? 0;
				return (
					<button
						key={category.id}
						type="button"
						className={`category-rail__item${index === active ? " is-active" : ""}`}
						aria-current={index === active ? "true" : undefined}
						onClick={() => onSelect(index)}
						data-testid={`rail-${category.id}`}
					>
						<span className="category-rail__name">{category.name}</span>
						{count > 0 && <span className="count-badge count-badge--small">{count}</span>}
					</button>
				);
			})}
		</nav>
	);
}
