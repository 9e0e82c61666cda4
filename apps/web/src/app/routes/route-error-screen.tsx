import { useEffect } from "react";
import { isRouteErrorResponse, useRouteError } from "react-router";
import { useI18n } from "../../lib/i18n";
import { WarningIcon } from "../../ui/icons";
import NotFoundScreen from "./not-found-screen";

/** Shown when a screen throws or its chunk cannot be downloaded (e.g. after a deploy). */
export function RouteErrorScreen() {
	const { t } = useI18n();
	const error = useRouteError();
	useEffect(() => {
		console.error(error);
	}, [error]);
	if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundScreen />;
	return (
		<div className="shell">
			<main className="shell__main">
				<section className="status-page" role="alert" data-testid="route-error">
					<WarningIcon className="status-page__icon" />
					<h1 className="status-page__title">{t("error.title")}</h1>
					<p className="status-page__body">{t("error.body")}</p>
					<button type="button" className="button button--primary" onClick={() => window.location.reload()}>
						{t("error.reload")}
					</button>
				</section>
			</main>
		</div>
	);
}
