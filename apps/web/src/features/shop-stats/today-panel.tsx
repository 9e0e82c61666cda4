import type { ShopToday } from "@bayon/contract";
import { useQuery } from "@tanstack/react-query";
import { lazy, Suspense, useMemo } from "react";
import { formatMoney } from "../../lib/format";
import { queryClient } from "../../lib/query-client";
import { useShopOrderEvents } from "../../lib/staff/live";
import { useAppState } from "../../lib/store";
import { shopStatsKeys, shopTodayQuery } from "./api";
import { useStatsText } from "./strings";
import "./shop-stats.css";

const HourlyChart = lazy(() => import("./hourly-chart"));

/** The merchant home's "today at a glance": counts for everyone on the board, money for owners and managers. */
export function TodayPanel({ shopId }: { shopId: number }) {
	const { ft } = useStatsText();
	const currency = useAppState((s) => s.currency);
	const today = useQuery(shopTodayQuery(shopId));
	const refresh = () => void queryClient.invalidateQueries({ queryKey: shopStatsKeys.today(shopId) });
	useShopOrderEvents(shopId, refresh, refresh);

	if (today.isPending) return <section className="card shop-stats shop-stats--loading" aria-busy="true" />;
	if (today.isError)
		return (
			<section className="card shop-stats" data-testid="stats-error">
				<p className="shop-stats__muted">{ft("loadFailed")}</p>
			</section>
		);
	const data = today.data;
	const money = (amount: number) => formatMoney(amount, currency);
	return (
		<section className="card shop-stats" data-testid="stats-today" aria-labelledby="stats-title">
			<h2 id="stats-title" className="section__title">
				{ft("title")}
			</h2>
			<dl className="shop-stats__tiles">
				<Tile label={ft("orders")} value={String(data.orders)} testId="stats-orders" />
				{data.revenue !== null && <Tile label={ft("revenue")} value={money(data.revenue)} testId="stats-revenue" />}
				{data.averageTicket !== null && (
					<Tile label={ft("averageTicket")} value={money(data.averageTicket)} testId="stats-average" />
				)}
				<Tile label={ft("openTables")} value={String(data.openTables)} testId="stats-open-tables" />
			</dl>
			<HourlySection data={data} money={money} />
			<TopItems data={data} money={money} />
		</section>
	);
}

function Tile({ label, value, testId }: { label: string; value: string; testId: string }) {
	return (
		<div className="shop-stats__tile">
			<dt className="shop-stats__muted">{label}</dt>
			<dd className="shop-stats__value" data-testid={testId}>
				{value}
			</dd>
		</div>
	);
}

function HourlySection({ data, money }: { data: ShopToday; money: (amount: number) => string }) {
	const { ft } = useStatsText();
	const showsMoney = data.revenue !== null;
	const series = useMemo(
		() => ({
			today: data.hours.map((hour) => (showsMoney ? (hour.revenue ?? 0) : hour.orders)),
			lastWeek: data.hours.map((hour) => (showsMoney ? (hour.lastWeekRevenue ?? 0) : hour.lastWeekOrders)),
		}),
		[data, showsMoney],
	);
	const labels = useMemo(() => ({ today: ft("today"), lastWeek: ft("lastWeek") }), [ft]);
	const title = ft(showsMoney ? "revenueByHour" : "ordersByHour");
	return (
		<div className="shop-stats__block">
			<h3 className="shop-stats__subtitle">{title}</h3>
			<Suspense fallback={<div className="shop-stats__chart" aria-hidden="true" />}>
				<HourlyChart
					today={series.today}
					lastWeek={series.lastWeek}
					labels={labels}
					title={title}
					format={showsMoney ? money : (value) => (Number.isInteger(value) ? String(value) : "")}
				/>
			</Suspense>
		</div>
	);
}

function TopItems({ data, money }: { data: ShopToday; money: (amount: number) => string }) {
	const { ft } = useStatsText();
	const most = Math.max(1, ...data.topItems.map((item) => item.quantity));
	return (
		<div className="shop-stats__block">
			<h3 className="shop-stats__subtitle">{ft("topItems")}</h3>
			{data.topItems.length === 0 ? (
				<p className="shop-stats__muted">{ft("noSales")}</p>
			) : (
				<ol className="shop-stats__top" data-testid="stats-top-items">
					{data.topItems.map((item) => (
						<li key={item.itemId} className="shop-stats__item">
							<span className="shop-stats__item-name">{item.name}</span>
							<span className="shop-stats__muted">
								{ft("sold", { count: item.quantity })}
								{item.revenue !== null && ` · ${money(item.revenue)}`}
							</span>
							<span className="shop-stats__bar" style={{ inlineSize: `${(item.quantity / most) * 100}%` }} />
						</li>
					))}
				</ol>
			)}
		</div>
	);
}
