import type { CheckoutPresentation, CurrencyConfig, PaymentCheckout } from "@bayon/contract";
import { useQuery } from "@tanstack/react-query";
import { useCallback, useEffect, useRef, useState } from "react";
import { useParams } from "react-router";
import { ApiError, errorText } from "../../../lib/api-client";
import { useAppConfig, useCurrency } from "../../../lib/app-config";
import { formatMoney } from "../../../lib/format";
import { CheckIcon, WarningIcon } from "../../../ui/icons";
import { QrCode } from "../../../ui/qr-code";
import { ErrorState, LoadingState } from "../../../ui/states";
import { usePaymentText } from "../strings";
import { paymentKeys, readCheckout } from "./checkout-api";
import { formatCountdown, isPhone, railAmountText, safeDeepLink } from "./checkout-state";
import { PayMethodIcon } from "./rail-icons";
import { useCheckout } from "./use-checkout";
import "../../../ui/controls.css";
import "./checkout.css";

/**
 * `/pay/checkout/:paymentId` (issue 29): a payment whose rail has no page of its own. A code to
 * scan (KHQR, WeChat Native, Alipay precreate), with a button that opens the bank or wallet app on
 * a phone, or WeChat's in-app payment sheet. The page asks the server to check with the rail
 * (KHQR has no callback) every 2 s growing to 10 s until the code expires, pausing while the tab
 * is hidden and checking at once when it comes back or on "I have paid"; paid, it goes back to
 * what was paid for; declined or expired, it offers another way to pay there.
 */
export default function CheckoutScreen() {
	const { paymentId = "" } = useParams();
	const { pt } = usePaymentText();
	const first = useQuery({
		queryKey: paymentKeys.checkout(paymentId),
		queryFn: () => readCheckout(paymentId),
		retry: (count, error) => !(error instanceof ApiError) && count < 2,
		staleTime: Number.POSITIVE_INFINITY,
		gcTime: 0,
	});
	// The shop's currencies first: a KHQR in riel is written as the shop writes riel.
	const config = useAppConfig();
	const storeCurrency = useCurrency();
	if (first.isPending || (config.isPending && !config.isError)) return <LoadingState label={pt("checkout.checking")} />;
	if (first.isError || !first.data)
		return (
			<div className="checkout" data-testid="checkout">
				<ErrorState message={first.isError ? errorText(first.error) : undefined} onRetry={() => void first.refetch()} />
			</div>
		);
	return <Checkout key={paymentId} initial={first.data} currency={config.data?.currency ?? storeCurrency} />;
}

function Checkout({ initial, currency }: { initial: PaymentCheckout; currency: CurrencyConfig }) {
	const { t } = usePaymentText();
	const { checkout, phase, offline, asking, notYet, checkNow, left, goBack } = useCheckout(initial);
	const rail = t(`pay.${checkout.provider}`);

	return (
		<div className="checkout" data-testid="checkout" data-phase={phase} data-provider={checkout.provider}>
			<CheckoutHead checkout={checkout} currency={currency} rail={rail} />

			{phase === "paid" ? (
				<CheckoutPaid />
			) : phase !== "waiting" ? (
				<CheckoutEnded phase={phase} onChooseAnother={goBack} />
			) : (
				<>
					{checkout.presentation?.kind === "jsapi" ? (
						<JsapiPanel params={checkout.presentation.params} onPaid={checkNow} />
					) : (
						<QrPanel checkout={checkout} presentation={checkout.presentation} rail={rail} />
					)}
					<CheckoutWaiting left={left} offline={offline} notYet={notYet} asking={asking} onCheck={checkNow} />
				</>
			)}
		</div>
	);
}

/** The rail and what is due: in the rail's currency with the ledger's amount under it, or the ledger's alone. */
function CheckoutHead({
	checkout,
	currency,
	rail,
}: {
	checkout: PaymentCheckout;
	currency: CurrencyConfig;
	rail: string;
}) {
	const { pt } = usePaymentText();
	const money = (amount: number) => formatMoney(amount, currency);
	const railDue = railAmountText(checkout, currency);
	return (
		<section className="card checkout__head">
			<div className="checkout__rail">
				<PayMethodIcon
					method={checkout.provider}
					className={`checkout__rail-icon checkout__rail-icon--${checkout.provider}`}
				/>
				<span data-testid="checkout-rail">{rail}</span>
			</div>
			<p className="checkout__due-label">{pt("checkout.due")}</p>
			{railDue ? (
				<>
					<strong className="checkout__due" data-testid="checkout-rail-amount">
						{railDue}
					</strong>
					<p className="checkout__due-ledger" data-testid="checkout-amount">
						{pt("checkout.railDue", { amount: money(checkout.amount) })}
					</p>
				</>
			) : (
				<strong className="checkout__due" data-testid="checkout-amount">
					{money(checkout.amount)}
				</strong>
			)}
		</section>
	);
}

function CheckoutPaid() {
	const { pt } = usePaymentText();
	return (
		<section className="card checkout__outcome is-paid" role="status" data-testid="checkout-paid">
			<CheckIcon className="checkout__outcome-icon" />
			<h2>{pt("checkout.paid")}</h2>
			<p>{pt("checkout.paidGoing")}</p>
		</section>
	);
}

/** Declined or expired: another way to pay, back where the payment was asked for. */
function CheckoutEnded({ phase, onChooseAnother }: { phase: string; onChooseAnother: () => void }) {
	const { pt } = usePaymentText();
	return (
		<section className="card checkout__outcome is-ended" role="alert" data-testid={`checkout-${phase}`}>
			<WarningIcon className="checkout__outcome-icon" />
			<h2>{pt(phase === "declined" ? "checkout.declined" : "checkout.expired")}</h2>
			<p>{pt("checkout.endedHint")}</p>
			<button
				type="button"
				className="button button--primary button--block"
				onClick={onChooseAnother}
				data-testid="checkout-choose-another"
			>
				{pt("checkout.chooseAnother")}
			</button>
		</section>
	);
}

/** While it waits: the time left on the code, whether the checks reach the server, and "I have paid". */
function CheckoutWaiting({
	left,
	offline,
	notYet,
	asking,
	onCheck,
}: {
	left: number | null;
	offline: boolean;
	notYet: boolean;
	asking: boolean;
	onCheck: () => unknown;
}) {
	const { pt } = usePaymentText();
	return (
		<section className="card checkout__watch" data-testid="checkout-waiting">
			{left !== null && (
				<p className="checkout__countdown" data-testid="checkout-countdown">
					{pt("checkout.expiresIn", { time: formatCountdown(left) })}
				</p>
			)}
			{offline && (
				<p className="checkout__offline" role="alert" data-testid="checkout-offline">
					{pt("checkout.offline")}
				</p>
			)}
			{notYet && !offline && (
				<p className="checkout__not-yet" role="status" data-testid="checkout-not-yet">
					{pt("checkout.notYet")}
				</p>
			)}
			<button
				type="button"
				className="button button--ghost button--block"
				onClick={() => void onCheck()}
				disabled={asking}
				data-testid="checkout-i-paid"
			>
				{asking ? pt("checkout.checking") : offline ? pt("checkout.retryNow") : pt("checkout.paidButton")}
			</button>
		</section>
	);
}

function QrPanel({
	checkout,
	presentation,
	rail,
}: {
	checkout: PaymentCheckout;
	presentation: Extract<CheckoutPresentation, { kind: "qr" }> | null;
	rail: string;
}) {
	const { pt } = usePaymentText();
	if (!presentation) return <LoadingState compact label={pt("checkout.checking")} />;
	const link = isPhone(navigator.userAgent) ? safeDeepLink(presentation.deepLink) : null;
	return (
		<section className="card checkout__code">
			{link && (
				<>
					<a className="button button--primary button--block" href={link} data-testid="checkout-deep-link">
						{pt(`checkout.open.${checkout.provider}`)}
					</a>
					<p className="checkout__or">{pt("checkout.orScan")}</p>
				</>
			)}
			{!link && <p className="checkout__scan">{pt(`checkout.scan.${checkout.provider}`)}</p>}
			<QrCode
				text={presentation.qrText}
				label={pt("checkout.qrLabel", { rail })}
				className="checkout__qr"
				testId="checkout-qr"
				size={232}
			/>
		</section>
	);
}

type WechatParams = Extract<CheckoutPresentation, { kind: "jsapi" }>["params"];
interface WeixinBridge {
	invoke(name: "getBrandWCPayRequest", params: WechatParams, done: (answer: { err_msg?: string }) => void): void;
}
declare global {
	interface Window {
		WeixinJSBridge?: WeixinBridge;
	}
}

/** How long the page waits for WeChat's bridge before saying the page is not open in WeChat. */
export const WECHAT_BRIDGE_WAIT_MS = 5000;

/**
 * WeChat's payment sheet, once its bridge is ready; how the payer left it, or "noBridge" when
 * no bridge came (the page is not open inside WeChat).
 */
export function invokeWechatPay(params: WechatParams): Promise<"ok" | "cancel" | "fail" | "noBridge"> {
	return new Promise((resolve) => {
		const run = () => {
			clearTimeout(timer);
			document.removeEventListener("WeixinJSBridgeReady", run);
			const bridge = window.WeixinJSBridge;
			if (!bridge) return resolve("noBridge");
			bridge.invoke("getBrandWCPayRequest", params, (answer) => {
				const said = answer?.err_msg ?? "";
				resolve(
					said === "get_brand_wcpay_request:ok" ? "ok" : said === "get_brand_wcpay_request:cancel" ? "cancel" : "fail",
				);
			});
		};
		let timer: ReturnType<typeof setTimeout> | undefined;
		if (window.WeixinJSBridge) return run();
		document.addEventListener("WeixinJSBridgeReady", run);
		timer = setTimeout(run, WECHAT_BRIDGE_WAIT_MS);
	});
}

/** Inside WeChat: its sheet opens by itself; back from it with "ok" the page checks at once, else it offers to pay again. */
function JsapiPanel({ params, onPaid }: { params: WechatParams; onPaid: () => Promise<void> }) {
	const { pt, m } = usePaymentText();
	const [state, setState] = useState<"opening" | "ok" | "cancel" | "fail" | "noBridge">("opening");
	const open = useCallback(async () => {
		setState("opening");
		const outcome = await invokeWechatPay(params);
		setState(outcome);
		if (outcome === "ok") await onPaid();
	}, [params, onPaid]);
	const opened = useRef(false);
	useEffect(() => {
		if (opened.current) return;
		opened.current = true;
		void open();
	}, [open]);
	return (
		<section className="card checkout__code" data-testid="checkout-jsapi" data-state={state}>
			{state === "opening" || state === "ok" ? (
				<LoadingState compact label={pt(state === "ok" ? "checkout.checking" : "checkout.jsapi.opening")} />
			) : (
				<>
					<p className="checkout__scan" role="status" data-testid="checkout-jsapi-note">
						{state === "noBridge"
							? m("openInWechatForWechatPay")
							: pt(state === "cancel" ? "checkout.jsapi.cancelled" : "checkout.jsapi.failed")}
					</p>
					<button
						type="button"
						className="button button--primary button--block"
						onClick={() => void open()}
						data-testid="checkout-pay-again"
					>
						{pt("checkout.jsapi.payAgain")}
					</button>
				</>
			)}
		</section>
	);
}
