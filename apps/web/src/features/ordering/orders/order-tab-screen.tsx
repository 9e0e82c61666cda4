import type { OrderView } from "@bayon/contract";
import { useQuery } from "@tanstack/react-query";
import { Link } from "react-router";
import { errorText } from "../../../lib/api-client";
import { useI18n } from "../../../lib/i18n";
import { Paths } from "../../../lib/paths";
import { isLoggedIn, useAppState } from "../../../lib/store";
import { ReceiptIcon } from "../../../ui/icons";
import { PullRefresh } from "../../../ui/pull-refresh";
import { ErrorState, LoadingState } from "../../../ui/states";
import { currentOrdersQuery } from "./api";
import { OrderCard } from "./order-card";
import { isPendingPayment } from "./stage";
import { useLiveOrders } from "./use-live-orders";
import "./orders.css";

/**
 * Tab "orders": the member's current orders, live, in two groups: pending payment (unpaid
 * orders, and dine-in rounds to be paid with the table's bill) and in progress.
 */
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
				<div data-testid="current-orders">
					<OrderSection
						title={t("orders.filter.pendingPayment")}
						testId="current-orders-pending-payment"
						orders={current.data.filter(isPendingPayment)}
					/>
					<OrderSection
						title={t("orders.filter.inProgress")}
						testId="current-orders-in-progress"
						orders={current.data.filter((order) => !isPendingPayment(order))}
					/>
				</div>
			)}
		</PullRefresh>
	);
}

function OrderSection({ title, testId, orders }: { title: string; testId: string; orders: OrderView[] }) {
	if (orders.length === 0) return null;
	return (
		<section className="order-section" data-testid={testId}>
			<h2 className="order-section__title">{title}</h2>
			<ul className="order-cards">
				{orders.map((order) => (
					<OrderCard key={order.id} order={order} prominent />
				))}
			</ul>
		</section>
	);
}
