import type { OrderView } from "@bayon/contract";
import { Link } from "react-router";
import { Paths, withQuery } from "../../../app/paths";
import { usePrice } from "../../../lib/app-config";
import { formatDate } from "../../../lib/format";
import { useDateLabels, useI18n, useListFormat } from "../../../lib/i18n";
import { orderStage } from "../stage";

/** One order in a list: shop, pickup number, stage in words, what was ordered, total. */
export function OrderCard({ order, prominent = false }: { order: OrderView; prominent?: boolean }) {
	const { t, lang } = useI18n();
	const money = usePrice();
	const dateLabels = useDateLabels();
	const list = useListFormat();
	const stage = orderStage(order);
	const count = order.lines.reduce((sum, line) => sum + line.quantity, 0);
	return (
		<li className={`order-card${prominent ? " order-card--current" : ""}`} data-testid={`order-card-${order.id}`}>
			<Link to={withQuery(Paths.orderDetail, { id: order.id })} className="order-card__link">
				<header className="order-card__header">
					<span className="order-card__shop">{order.shopName}</span>
					<span className={`order-stage order-stage--${stage}`} data-testid="order-card-stage" data-stage={stage}>
						{t(`stage.${stage}`)}
					</span>
				</header>
				{prominent && (
					<p className="order-card__pickup">
						<span className="order-card__pickup-label">{t("orders.pickupNumber")}</span>
						<span className="order-card__pickup-number" data-testid="order-card-pickup">
							{order.pickupNumber}
						</span>
						{order.ordersAhead !== undefined && (
							<span className="order-card__ahead" data-testid="order-card-ahead">
								{order.ordersAhead === 0 ? t("orders.nextInLine") : t("orders.ahead", { count: order.ordersAhead })}
							</span>
						)}
					</p>
				)}
				<p className="order-card__items">
					{list(order.lines.slice(0, 3).map((line) => line.name))}
					{order.lines.length > 3 ? "…" : ""}
				</p>
				<footer className="order-card__footer">
					<span className="order-card__meta">
						{t(`orderType.${order.orderType}`)} · {formatDate(order.createdAt, lang, dateLabels)}
						{!prominent && ` · #${order.pickupNumber}`}
					</span>
					<span className="order-card__total">
						{t("orders.itemsTotal", { count })} <strong>{money(order.total)}</strong>
					</span>
				</footer>
			</Link>
		</li>
	);
}
