import { useEffect } from "react";
import { Link } from "react-router";
import { i18next, useI18n } from "../../lib/i18n";
import { formatMessage } from "../../lib/i18n/messages";
import { Paths } from "../../lib/paths";
import { showToast } from "../../lib/toast";
import { ToolsIcon } from "../../ui/icons";
import { useRouteTitle } from "../route-title";

/** A page a later issue fills: its title and the spec's "feature not yet open" notice. */
export default function PlaceholderScreen() {
	const { t, m } = useI18n();
	const title = useRouteTitle();
	const notice = m("featureNotOpen");

	// Toast once on arrival (spec §8, 2 s), not again when the language changes.
	useEffect(() => {
		showToast(formatMessage("featureNotOpen", i18next.language));
	}, []);

	return (
		<section className="status-page" data-testid="placeholder">
			<ToolsIcon className="status-page__icon" />
			<h2 className="status-page__title">{title}</h2>
			<p className="status-page__body" data-testid="feature-not-open">
				{notice}
			</p>
			<p className="status-page__hint">{t("common.comingSoon")}</p>
			<Link to={Paths.home} replace className="button button--ghost">
				{t("common.goHome")}
			</Link>
		</section>
	);
}
