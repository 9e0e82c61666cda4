import type { ShopSummary } from "@bayon/contract";
import { useQuery } from "@tanstack/react-query";
import { Link } from "react-router";
import { errorText } from "../../../lib/api-client";
import { usePrice } from "../../../lib/app-config";
import { keepTyped } from "../../../lib/controlled-input";
import { useI18n } from "../../../lib/i18n";
import { Paths } from "../../../lib/paths";
import { useAppState } from "../../../lib/store";
import { ChevronIcon, PinIcon } from "../../../ui/icons";
import { EmptyState, ErrorState, LoadingState } from "../../../ui/states";
import { Stepper } from "../../../ui/stepper";
import { PayMethodPicker } from "../../payments/checkout/pay-method-picker";
import { shopDetailQuery, timezoneOf } from "../../venues/api";
import { formatWindows } from "../../venues/open-state";
import { PriceSummary } from "../cart/price-summary";
import { PricedLines } from "../cart/priced-lines";
import { ORDER_TIME_LABEL } from "../orders/order-type-words";
import { updateDraft } from "./checkout-draft";
import { PayCouponRow } from "./coupon-row";
import { PickupTimePicker } from "./pickup-time-picker";
import { usePay } from "./use-pay";
import "../../../ui/footer-bar.css";
import "../ordering.css";
import "../orders/orders.css";

const MAX_DINERS = 50;

/** pay/pay: everything an order needs, the server's price breakdown, and paying. */
export default function PayScreen() {
	const { t } = useI18n();
	const cart = useAppState((s) => s.cart);
	const shopId = cart[0]?.shopId ?? null;
	const { lang } = useI18n();
	const detail = useQuery({ ...shopDetailQuery(shopId ?? 0, lang), enabled: shopId !== null });
	if (shopId === null)
		return (
			<EmptyState title={t("cart.empty")}>
				<Link to={Paths.menu} replace className="button button--primary">
					{t("cart.goOrder")}
				</Link>
			</EmptyState>
		);
	if (detail.isPending) return <LoadingState />;
	if (detail.isError) return <ErrorState message={errorText(detail.error)} onRetry={() => void detail.refetch()} />;
	return <PayContent shop={detail.data} timeZone={timezoneOf(detail.data) ?? detail.data.timezone} />;
}

type PayState = ReturnType<typeof usePay>;

function PayContent({ shop, timeZone }: { shop: ShopSummary; timeZone: string }) {
	const { t } = useI18n();
	const pay = usePay(shop, timeZone);
	const { draft, railCurrency, setRailCurrency } = pay;
	return (
		<div className="cart-page has-footer pay-page" data-testid="pay-page">
			{draft.attempt?.unanswered && !pay.submitting && (
				<p className="card pay-unanswered" role="status" data-testid="pay-unanswered">
					{t("pay.unanswered")}
				</p>
			)}

			<OrderChoices shop={shop} timeZone={timeZone} pay={pay} />

			{pay.payLater ? (
				<section className="card cart-card pay-later" data-testid="pay-later-note">
					<h2 className="cart-card__title">{t("pay.payLaterTitle")}</h2>
					<p className="summary__note">{t("pay.payLaterBody", { table: pay.desk?.number ?? "" })}</p>
				</section>
			) : (
				<PayMethodPicker
					value={draft.payMethod}
					onChange={(payMethod) => updateDraft({ payMethod })}
					total={pay.pricing.priced?.total ?? null}
					railCurrency={railCurrency}
					onRailCurrencyChange={setRailCurrency}
				/>
			)}

			<PaySummary pricing={pay.pricing} />
			<PayFooter pay={pay} />
		</div>
	);
}

/** What the order is: its type and shop, where or for how many, when, the phone, the remark, the coupon. */
function OrderChoices({ shop, timeZone, pay }: { shop: ShopSummary; timeZone: string; pay: PayState }) {
	const { t } = useI18n();
	const { orderType, draft } = pay;
	return (
		<section className="card cart-card">
			<p className="pay-row">
				<span className="pay-row__label">{t("orderType.label")}</span>
				<span className="pay-row__value" data-testid="pay-order-type">
					{t(`orderType.${orderType}`)}
				</span>
			</p>
			<p className="pay-row">
				<span className="pay-row__label">{t("pay.shop")}</span>
				<span className="pay-row__value" data-testid="pay-shop">
					{shop.name}
				</span>
			</p>
			{orderType === "takeout" && <AddressRow target={pay.target} />}
			{orderType === "desk" && <DinersRow desk={pay.desk} diners={draft.diners} />}
			<PickupRow shop={shop} timeZone={timeZone} orderType={orderType} pickup={draft.pickup} />
			<label className="pay-row">
				<span className="pay-row__label">{t("pay.contactPhone")}</span>
				<input
					className="pay-row__input"
					type="tel"
					inputMode="numeric"
					value={pay.phone}
					onChange={(event) =>
						updateDraft({ contactPhone: keepTyped(event.target, event.target.value.replace(/\D/g, "").slice(0, 11)) })
					}
					data-testid="pay-phone"
				/>
			</label>
			<Link to={Paths.remark} className="pay-row pay-row--link" data-testid="pay-remark">
				<span className="pay-row__label">{t("pay.remark")}</span>
				<span className="pay-row__value pay-row__muted">{draft.remark || t("pay.remarkNone")}</span>
				<ChevronIcon />
			</Link>
			<PayCouponRow shopId={shop.id} priced={pay.pricing.priced} pricing={pay.pricing.updating} />
		</section>
	);
}

function AddressRow({ target }: { target: PayState["target"] }) {
	const { t } = useI18n();
	const addressText = target?.address
		? [target.address.recipient, target.address.address, target.address.houseNumber].filter(Boolean).join(" ")
		: null;
	return (
		<Link to={Paths.address} className="cart-address" data-testid="pay-address">
			<PinIcon className="cart-address__icon" />
			<span className="cart-address__text">{addressText ?? t("cart.chooseAddress")}</span>
			<span className="cart-address__action">{addressText ? t("cart.changeAddress") : ""}</span>
		</Link>
	);
}

/** Dine-in: how many eat, first offered at the table's seats (at most two). */
function DinersRow({ desk, diners }: { desk: PayState["desk"]; diners: number | null }) {
	const { t, m } = useI18n();
	return (
		<div className="pay-row">
			<span className="pay-row__label">
				{t("pay.diners")}
				{desk ? ` · ${desk.number}` : ""}
			</span>
			{diners === null ? (
				<button
					type="button"
					className="text-button"
					onClick={() => updateDraft({ diners: Math.min(2, desk?.seats || 2) })}
					data-testid="pay-diners-choose"
				>
					{m("selectDiners")}
				</button>
			) : (
				<Stepper
					compact
					min={1}
					max={MAX_DINERS}
					value={diners}
					onChange={(next) => updateDraft({ diners: next })}
					label={t("pay.diners")}
					testId="pay-diners"
				/>
			)}
		</div>
	);
}

/** When: as soon as possible or a time within today's hours, which are shown beside a chosen time. */
function PickupRow({
	shop,
	timeZone,
	orderType,
	pickup,
}: {
	shop: ShopSummary;
	timeZone: string;
	orderType: PayState["orderType"];
	pickup: PayState["draft"]["pickup"];
}) {
	const { t } = useI18n();
	const timeLabel = t(ORDER_TIME_LABEL[orderType]);
	const todayHours = t("pay.todayHours", { hours: formatWindows(shop.openState.todayHours) || "—" });
	return (
		<>
			<div className="pay-row">
				<span className="pay-row__label">{timeLabel}</span>
				<PickupTimePicker
					value={pickup}
					onChange={(next) => updateDraft({ pickup: next })}
					windows={shop.openState.todayHours}
					timeZone={timeZone}
					label={timeLabel}
				>
					<p className="summary__note">{todayHours}</p>
				</PickupTimePicker>
			</div>
			{pickup !== "asap" && (
				<p className="summary__note" data-testid="pay-hours">
					{todayHours}
				</p>
			)}
		</>
	);
}

/** The server's price: the lines, the totals, and what stops the order (with the way back to the cart). */
function PaySummary({ pricing }: { pricing: PayState["pricing"] }) {
	const { t } = useI18n();
	const { priced } = pricing;
	return (
		<section className="card cart-card cart-summary" data-testid="pay-summary" aria-busy={pricing.updating}>
			{pricing.isError && !priced ? (
				<ErrorState compact message={errorText(pricing.error)} onRetry={pricing.retry} />
			) : !priced ? (
				<LoadingState compact label={t("cart.pricing")} />
			) : (
				<>
					<PricedLines lines={priced.lines.map((line) => ({ ...line, key: line.index }))} />
					<PriceSummary
						subtotal={priced.subtotal}
						deliveryFee={priced.deliveryFee}
						deliveryFeeWaived={priced.deliveryFeeWaived}
						discounts={priced.discounts}
						total={priced.total}
						isDelivery={priced.orderType === "takeout"}
						testIdPrefix="pay"
					/>
					{!priced.orderable && (
						<div className="cart-problems" role="alert" data-testid="pay-problems">
							<ul>
								{[...priced.problems, ...priced.lines.flatMap((line) => line.problems)].map((problem) => (
									<li key={`${problem.code}:${problem.message}`}>{problem.message}</li>
								))}
							</ul>
							<Link to={Paths.cart} replace className="button button--ghost button--small">
								{t("pay.backToCart")}
							</Link>
						</div>
					)}
				</>
			)}
		</section>
	);
}

function PayFooter({ pay }: { pay: PayState }) {
	const { t } = useI18n();
	const money = usePrice();
	const { priced, updating } = pay.pricing;
	const { submitting } = pay;
	return (
		<footer className="cart-footer">
			<span className="cart-footer__total">
				<span className="cart-footer__label">{t("cart.total")}</span>
				<span className="price price--large" data-testid="pay-footer-total">
					{priced ? money(priced.total) : "--"}
				</span>
			</span>
			<button
				type="button"
				className="button button--primary cart-footer__button"
				onClick={() => pay.submit()}
				disabled={submitting || !priced?.orderable || updating}
				data-testid="pay-submit"
			>
				{submitting ? t("pay.submitting") : pay.payLater ? t("pay.sendRound") : t("pay.submit")}
			</button>
		</footer>
	);
}
