import { Link } from "react-router";
import { useI18n } from "../../lib/i18n";
import { Paths } from "../../lib/paths";

/** An unknown path: a real page-not-found screen with a way home. */
export default function NotFoundScreen() {
	const { t } = useI18n();
	return (
		<section className="status-page" data-testid="not-found">
			<span className="status-page__code" aria-hidden="true">
				404
			</span>
			<h2 className="status-page__title">{t("notFound.title")}</h2>
			<p className="status-page__body">{t("notFound.body")}</p>
			<Link to={Paths.home} replace className="button button--primary" data-testid="go-home">
				{t("common.goHome")}
			</Link>
		</section>
	);
}
