import {
	ErrorCode,
	type KhqrCurrency,
	Limits,
	type MessageKey,
	type OrderView,
	type PlaceOrderInput,
	type ShopSummary,
} from "@bayon/contract";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { Link, useNavigate } from "react-router";
import { ApiError, errorText } from "../../../lib/api-client";
import { usePrice } from "../../../lib/app-config";
import { useI18n } from "../../../lib/i18n";
import { Paths, withQuery } from "../../../lib/paths";
import { queryClient } from "../../../lib/query-client";
import { appStore, useAppState } from "../../../lib/store";
import { showToast } from "../../../lib/toast";
import { useDebouncedSubmit } from "../../../lib/use-debounced-submit";
import { ChevronIcon, PinIcon } from "../../../ui/icons";
import { EmptyState, ErrorState, LoadingState } from "../../../ui/states";
import { Stepper } from "../../../ui/stepper";
import { useMemberInfo } from "../../identity/api";
import { useLiveShop } from "../../menu/live-shop";
import { railCurrencyFor } from "../../payments/checkout/pay-method";
import { PayMethodPicker } from "../../payments/checkout/pay-method-picker";
import { shopDetailQuery, timezoneOf } from "../../venues/api";
import { formatWindows } from "../../venues/open-state";
import { buildPriceRequest } from "../api";
import { clearCart } from "../cart-store";
import { attemptKey, dropAttempt, markAttemptUnanswered, resetDraft, updateDraft, useDraft } from "../checkout-draft";
import { PickupTimePicker } from "../components/pickup-time-picker";
import { PriceSummary } from "../components/price-summary";
import { PricedLines } from "../components/priced-lines";
import { createOrder, invalidateOrders, orderDetailQuery, payOrder } from "../orders/api";
import { ORDER_TIME_LABEL } from "../orders/order-type-words";
import { checkPickupTime } from "../pickup-time";
import { useCartPricing } from "../use-cart-pricing";
import { handleCouponRefusal, PayCouponRow } from "./coupon-row";
import "../../../ui/footer-bar.css";
import "../ordering.css";
import "../orders/orders.css";
import { keepTyped } from "../../../lib/controlled-input";

const PHONE = /^1[3-9]\d{9}$/;
const MAX_DINERS = 50;

/** A priced cart in an error's data: the cart needs the customer's attention. */
function isPricedCart(data: unknown): boolean {
	return !!data && typeof data === "object" && Array.isArray((data as { lines?: unknown }).lines);
}

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

function PayContent({ shop, timeZone }: { shop: ShopSummary; timeZone: string }) {
	const { t, m, lang } = useI18n();
	const money = usePrice();
	const navigate = useNavigate();
	const orderType = useAppState((s) => s.orderType);
	const target = useAppState((s) => s.address);
	const desk = useAppState((s) => s.desk);
	const member = useAppState((s) => s.member);
	useMemberInfo();
	const draft = useDraft();
	const [railCurrency, setRailCurrency] = useState<KhqrCurrency | null>(null);
	// The member's coupon (issue 13): priced with the cart and sent with the order.
	const couponId = member ? draft.couponId : null;
	const pricing = useCartPricing(shop.id, couponId);
	useLiveShop(shop.id);
	const priced = pricing.priced;
	const phone = draft.contactPhone ?? member?.mobile ?? "";
	// Dine-in at a shop that takes payment after the meal: the round goes to the kitchen now
	// and the table pays its bill at the end.
	const payLater = orderType === "desk" && shop.deskPayAfterMeal;

	const validate = (): MessageKey | null => {
		if (orderType === "takeout" && !target?.address) return "enterRecipientAndAddress";
		if (orderType === "desk" && !draft.diners) return "selectDiners";
		if (draft.remark.trim().length > Limits.remarkMaxLength) return "remarkTooLong";
		if (phone && !PHONE.test(phone)) return "phoneFormat";
		if (draft.pickup !== "asap") {
			const check = checkPickupTime(draft.pickup, { timeZone, windows: shop.openState.todayHours });
			if (!check.ok) return check.message;
		}
		return null;
	};

	const [submit, submitting] = useDebouncedSubmit(async () => {
		const problem = validate();
		if (problem) {
			showToast(m(problem));
			return;
		}
		const state = appStore.getState();
		const priceRequest = buildPriceRequest(state, shop.id);
		if (!priceRequest) return;
		const { input, keys } = priceRequest;
		// Each line with the price the customer was shown: if the menu changed it since, the
		// server refuses, saying from what to what, and the cart shows the new price.
		const shownPrices = new Map(state.cart.map((line) => [line.key, line.unitPrice]));
		const lines = input.lines.map((line, index) => ({
			...line,
			seenUnitPrice: shownPrices.get(keys[index] ?? ""),
		}));
		let pickupTime: PlaceOrderInput["pickupTime"] = "asap";
		if (draft.pickup !== "asap") {
			const check = checkPickupTime(draft.pickup, { timeZone, windows: shop.openState.todayHours });
			if (check.ok) pickupTime = check.iso;
		}
		const body: PlaceOrderInput = {
			shopId: shop.id,
			orderType: input.orderType,
			lines,
			remark: draft.remark.trim(),
			pickupTime,
			...(couponId !== null ? { couponId } : {}),
			...(phone ? { contactPhone: phone } : {}),
			...(input.orderType === "takeout" && input.addressId ? { addressId: input.addressId } : {}),
			...(input.orderType === "desk" && state.desk ? { tableToken: state.desk.token, diners: draft.diners ?? 1 } : {}),
		};
		// The same request keeps its key (stored with the draft): after a dropped connection, a
		// reload or signing in again, sending it again gets the order the server may already
		// have made instead of a second one. The cart stays until an order is paid for.
		const key = attemptKey(body, newUuid);
		markAttemptUnanswered(true);
		let order: OrderView;
		try {
			order = await createOrder(body, key);
		} catch (error) {
			// A business answer means nothing was made; no answer at all (network, timeout) may
			// hide an order, which the next try with the same key finds.
			if (error instanceof ApiError) markAttemptUnanswered(false);
			// The coupon was refused (used elsewhere meanwhile): it is dropped and the member goes on.
			if (handleCouponRefusal(error)) return;
			showToast(errorText(error));
			if (error instanceof ApiError && isPricedCart(error.data)) navigate(Paths.cart, { replace: true });
			return;
		}
		markAttemptUnanswered(false);
		const orderId = order.id;
		const finish = () => {
			clearCart();
			resetDraft();
			void invalidateOrders();
		};
		if (order.billId !== null) {
			finish();
			showToast(t("pay.roundSent"));
			navigate(Paths.tableBill, { replace: true });
			return;
		}
		try {
			const result = await payOrder(orderId, draft.payMethod, railCurrencyFor(draft.payMethod, railCurrency));
			finish();
			if (result.redirectUrl) {
				window.location.assign(result.redirectUrl);
				return;
			}
			navigate(withQuery(Paths.orderDetail, { id: orderId }), { replace: true });
		} catch (error) {
			if (error instanceof ApiError && error.code === ErrorCode.OrderNotPayable) {
				// A retry found an order made earlier that can no longer be paid: either it was paid
				// meanwhile (the answer to that was lost), so show it, or it expired, so the next try
				// places a new one.
				const current = await queryClient.fetchQuery(orderDetailQuery(orderId, lang)).catch(() => null);
				if (current && (current.paymentStatus === "paid" || current.paymentStatus === "refunded")) {
					finish();
					navigate(withQuery(Paths.orderDetail, { id: orderId }), { replace: true });
					return;
				}
				if (current) dropAttempt();
			}
			// Otherwise the order exists, unpaid: the same attempt (same key) pays it rather than placing another.
			showToast(errorText(error));
		}
	});

	const timeLabel = t(ORDER_TIME_LABEL[orderType]);
	const todayHours = t("pay.todayHours", { hours: formatWindows(shop.openState.todayHours) || "—" });
	const addressText = target?.address
		? [target.address.recipient, target.address.address, target.address.houseNumber].filter(Boolean).join(" ")
		: null;

	return (
		<div className="cart-page has-footer pay-page" data-testid="pay-page">
			{draft.attempt?.unanswered && !submitting && (
				<p className="card pay-unanswered" role="status" data-testid="pay-unanswered">
					{t("pay.unanswered")}
				</p>
			)}

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
				{orderType === "takeout" && (
					<Link to={Paths.address} className="cart-address" data-testid="pay-address">
						<PinIcon className="cart-address__icon" />
						<span className="cart-address__text">{addressText ?? t("cart.chooseAddress")}</span>
						<span className="cart-address__action">{addressText ? t("cart.changeAddress") : ""}</span>
					</Link>
				)}
				{orderType === "desk" && (
					<div className="pay-row">
						<span className="pay-row__label">
							{t("pay.diners")}
							{desk ? ` · ${desk.number}` : ""}
						</span>
						{draft.diners === null ? (
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
								value={draft.diners}
								onChange={(diners) => updateDraft({ diners })}
								label={t("pay.diners")}
								testId="pay-diners"
							/>
						)}
					</div>
				)}
				<div className="pay-row">
					<span className="pay-row__label">{timeLabel}</span>
					<PickupTimePicker
						value={draft.pickup}
						onChange={(pickup) => updateDraft({ pickup })}
						windows={shop.openState.todayHours}
						timeZone={timeZone}
						label={timeLabel}
					>
						<p className="summary__note">{todayHours}</p>
					</PickupTimePicker>
				</div>
				{draft.pickup !== "asap" && (
					<p className="summary__note" data-testid="pay-hours">
						{todayHours}
					</p>
				)}
				<label className="pay-row">
					<span className="pay-row__label">{t("pay.contactPhone")}</span>
					<input
						className="pay-row__input"
						type="tel"
						inputMode="numeric"
						value={phone}
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
				<PayCouponRow shopId={shop.id} priced={priced} pricing={pricing.updating} />
			</section>

			{payLater ? (
				<section className="card cart-card pay-later" data-testid="pay-later-note">
					<h2 className="cart-card__title">{t("pay.payLaterTitle")}</h2>
					<p className="summary__note">{t("pay.payLaterBody", { table: desk?.number ?? "" })}</p>
				</section>
			) : (
				<PayMethodPicker
					value={draft.payMethod}
					onChange={(payMethod) => updateDraft({ payMethod })}
					total={priced?.total ?? null}
					railCurrency={railCurrency}
					onRailCurrencyChange={setRailCurrency}
				/>
			)}

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
					onClick={() => submit()}
					disabled={submitting || !priced?.orderable || pricing.updating}
					data-testid="pay-submit"
				>
					{submitting ? t("pay.submitting") : payLater ? t("pay.sendRound") : t("pay.submit")}
				</button>
			</footer>
		</div>
	);
}

/** crypto.randomUUID needs a secure context; plain-http LAN testing falls back to random bytes. */
function newUuid(): string {
	if (typeof crypto.randomUUID === "function") return crypto.randomUUID();
	const bytes = crypto.getRandomValues(new Uint8Array(16));
	bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
	bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
	const hex = [...bytes].map((byte) => byte.toString(16).padStart(2, "0")).join("");
	return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
