import { type AdminMenuItem, type AdminOptionGroup, localize } from "@bayon/contract";
import { useMoney } from "../../../lib/app-config";
import { PlusIcon } from "../../../ui/icons";
import { useMenuAdminText } from "../strings";

/** The item's option groups, each opening its sheet, and adding one (once the item is saved). */
export function ItemGroupsSection({
	item,
	onOpen,
}: {
	item: AdminMenuItem | undefined;
	onOpen: (group: AdminOptionGroup | null) => void;
}) {
	const { at, lang } = useMenuAdminText();
	const money = useMoney();
	return (
		<section className="card menu-item-form__groups" data-testid="item-groups">
			<h2 className="section__title">{at("item.groups")}</h2>
			{!item && <p className="menu-admin__hint">{at("item.groupsAfterSave")}</p>}
			{item?.optionGroups.map((group) => (
				<button
					key={group.id}
					type="button"
					className="list__row menu-item-form__group"
					onClick={() => onOpen(group)}
					data-testid={`edit-group-${group.id}`}
				>
					<span className="list__label">
						{localize(group.name, lang)}
						<small className="field__hint">
							{at("group.rule", { min: group.minChoices, max: group.maxChoices })} ·{" "}
							{group.options
								.map((o) => `${localize(o.name, lang)}${o.priceDelta ? ` ${money(o.priceDelta)}` : ""}`)
								.join(" / ")}
						</small>
					</span>
				</button>
			))}
			{item && (
				<button
					type="button"
					className="button button--ghost button--small"
					onClick={() => onOpen(null)}
					data-testid="add-group"
				>
					<PlusIcon className="menu-admin__button-icon" />
					{at("item.addGroup")}
				</button>
			)}
		</section>
	);
}
