import { Link } from "react-router";
import { useI18n } from "../../lib/i18n";
import { refetchActive } from "../../lib/query-client";
import { isLoggedIn, useAppState } from "../../lib/store";
import { ReceiptIcon } from "../../ui/icons";
import { PullRefresh } from "../../ui/pull-refresh";
import { Paths } from "../paths";

/** Tab "menu order" (the order list). Filled by the ordering issue. */
export default function OrderTabScreen() {
	const { t } = useI18n();
	const signedIn = useAppState(isLoggedIn);
	return (
		<PullRefresh onRefresh={refetchActive}>
			<header className="tab-header">
				<h1 className="tab-header__title">{t("page.order")}</h1>
			</header>
			<section className="status-page status-page--inline" data-testid="order-placeholder">
				<ReceiptIcon className="status-page__icon" />
				<h2 className="status-page__title">{t("order.placeholderTitle")}</h2>
				<p className="status-page__body">{t("order.placeholderBody")}</p>
				{!signedIn && (
					<Link to={Paths.login} className="button button--primary">
						{t("order.signInPrompt")}
					</Link>
				)}
			</section>
		</PullRefresh>
	);
}
