import { useQuery } from "@tanstack/react-query";
import { Link } from "react-router";
import { Paths } from "../../../app/paths";
import { errorText } from "../../../lib/api-client";
import { useI18n } from "../../../lib/i18n";
import { isLoggedIn, useAppState } from "../../../lib/store";
import { ReceiptIcon } from "../../../ui/icons";
import { PullRefresh } from "../../../ui/pull-refresh";
import { ErrorState, LoadingState } from "../../../ui/states";
import { currentOrdersQuery } from "../api";
import { OrderCard } from "../components/order-card";
import { useLiveOrders } from "../use-live-orders";
import "../orders.css";

/** Tab "orders": the member's current orders (pending payment and in progress), live. */
export default function OrderTabScreen() {
	const { t, lang } = useI18n();
	const signedIn = useAppState(isLoggedIn);
	const current = useQuery({ ...currentOrdersQuery(lang), enabled: signedIn });
	useLiveOrders();

	return (
		<PullRefresh onRefresh={() => (signedIn ? current.refetch() : Promise.resolve())}>
			<header className="tab-header">
				<h1 className="tab-header__title">{t("page.order")}</h1>
				{signedIn && (
					<Link to={Paths.orders} className="text-button" data-testid="order-history-link">
						{t("orders.history")}
					</Link>
				)}
			</header>
			{!signedIn ? (
				<section className="status-page status-page--inline" data-testid="order-placeholder">
					<ReceiptIcon className="status-page__icon" />
					<h2 className="status-page__title">{t("order.placeholderTitle")}</h2>
					<Link to={Paths.login} className="button button--primary">
						{t("order.signInPrompt")}
					</Link>
				</section>
			) : current.isPending ? (
				<LoadingState />
			) : current.isError ? (
				<ErrorState message={errorText(current.error)} onRetry={() => void current.refetch()} />
			) : current.data.length === 0 ? (
				<section className="status-page status-page--inline" data-testid="order-placeholder">
					<ReceiptIcon className="status-page__icon" />
					<h2 className="status-page__title">{t("orders.noCurrent")}</h2>
					<p className="status-page__body">{t("order.placeholderBody")}</p>
					<Link to={Paths.orders} className="button button--ghost">
						{t("orders.history")}
					</Link>
				</section>
			) : (
				<ul className="order-cards" data-testid="current-orders">
					{current.data.map((order) => (
						<OrderCard key={order.id} order={order} prominent />
					))}
				</ul>
			)}
		</PullRefresh>
	);
}
