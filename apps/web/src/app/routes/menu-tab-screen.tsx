import { useI18n } from "../../lib/i18n";
import { refetchActive } from "../../lib/query-client";
import { BowlIcon } from "../../ui/icons";
import { PullRefresh } from "../../ui/pull-refresh";

/** Tab "ordering meal". The menu arrives with the next issue; pull-down refresh is in place. */
export default function MenuTabScreen() {
	const { t } = useI18n();
	return (
		<PullRefresh onRefresh={refetchActive}>
			<header className="tab-header">
				<h1 className="tab-header__title">{t("page.menu")}</h1>
			</header>
			<section className="status-page status-page--inline" data-testid="menu-placeholder">
				<BowlIcon className="status-page__icon" />
				<h2 className="status-page__title">{t("menu.placeholderTitle")}</h2>
				<p className="status-page__body">{t("menu.placeholderBody")}</p>
			</section>
		</PullRefresh>
	);
}
