import type { ComponentType, SVGProps } from "react";
import { Link, useLocation } from "react-router";
import { useI18n } from "../lib/i18n";
import { Paths, type TabName, TabPaths } from "../lib/paths";
import { BowlIcon, HomeIcon, ReceiptIcon, UserIcon } from "../ui/icons";

const tabs: { name: TabName; labelKey: `tab.${TabName}`; Icon: ComponentType<SVGProps<SVGSVGElement>> }[] = [
	{ name: "home", labelKey: "tab.home", Icon: HomeIcon },
	{ name: "menu", labelKey: "tab.menu", Icon: BowlIcon },
	{ name: "order", labelKey: "tab.order", Icon: ReceiptIcon },
	{ name: "mine", labelKey: "tab.mine", Icon: UserIcon },
];

/** Spec §2: the bottom tab bar, 4 items, 50 px high; labels follow the language live. */
export function TabBar() {
	const { t } = useI18n();
	const { pathname } = useLocation();
	const current = pathname === Paths.root ? TabPaths.home : pathname;
	return (
		<nav className="tab-bar" aria-label={t("tab.label")} data-testid="tab-bar">
			{tabs.map(({ name, labelKey, Icon }) => {
				const selected = current === TabPaths[name];
				return (
					<Link
						key={name}
						to={TabPaths[name]}
						replace
						className={`tab-bar__item${selected ? " is-selected" : ""}`}
						aria-current={selected ? "page" : undefined}
						data-testid={`tab-${name}`}
					>
						<Icon className="tab-bar__icon" />
						<span className="tab-bar__label">{t(labelKey)}</span>
					</Link>
				);
			})}
		</nav>
	);
}
