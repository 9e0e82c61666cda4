import { Outlet } from "react-router";
import { useI18n } from "../../lib/i18n";
import { useGoBack } from "../../lib/navigation-hooks";
import { BackIcon } from "../../ui/icons";
import { useRouteTitle } from "../route-title";

/** Every non-tab page: a header with a back button and the page title. */
export function SubPageLayout() {
	const { t } = useI18n();
	const title = useRouteTitle();
	const goBack = useGoBack();
	return (
		<div className="shell">
			<header className="page-header">
				<button
					type="button"
					className="page-header__back"
					onClick={goBack}
					aria-label={t("common.back")}
					data-testid="back"
				>
					<BackIcon />
				</button>
				<h1 className="page-header__title" data-testid="page-title">
					{title}
				</h1>
				<span className="page-header__spacer" aria-hidden="true" />
			</header>
			<main className="shell__main" id="main">
				<Outlet />
			</main>
		</div>
	);
}
