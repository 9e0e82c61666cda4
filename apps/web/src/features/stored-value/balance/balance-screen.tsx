import type { RechargeMenu } from "@bayon/contract";
import { useQuery } from "@tanstack/react-query";
import { lazy, Suspense, useState } from "react";
import { Link, useSearchParams } from "react-router";
import { errorText } from "../../../lib/api-client";
import { useMoney, usePrice } from "../../../lib/app-config";
import { Paths } from "../../../lib/paths";
import { ChevronIcon, QrCodeIcon, ShieldIcon } from "../../../ui/icons";
import { PullRefresh } from "../../../ui/pull-refresh";
import { EmptyState, ErrorState, LoadingState } from "../../../ui/states";
import { useRequireMember } from "../../identity/require-member";
import { PayMethodPicker } from "../../payments/checkout/pay-method-picker";
import { rechargeMenuQuery, useLiveBalance } from "../guest-api";
import { returnedRechargeId } from "../guest-recharge";
import { useStoredValueText } from "../guest-strings";
import { GuestAgreement } from "./guest-agreement";
import { type CounterNotice, GuestCounterNotice } from "./guest-counter-notice";
import { GuestPackageTiles } from "./guest-package-tiles";
import { GuestRechargeResult } from "./guest-recharge-result";
import { type Recharge, useRecharge } from "./use-recharge";
import "../../../ui/controls.css";
import "../guest-stored-value.css";

/** The open payment code with `qrcode`: downloaded when the member opens it, never with the page. */
const GuestPayCodePanel = lazy(() => import("./guest-pay-code-panel"));

/**
 * balance/balance: the member's stored value. The balance, "pay in the shop" (a one-minute
 * payment code, hidden until opened), the recharge packages with the spec §9 rules, the
 * stored-value agreement and the pay button; back from the gateway (`?recharge=`), what was
 * credited. Live: a counter charge or refund is announced, the balance moves and the code renews.
 */
export default function BalanceScreen() {
	const member = useRequireMember();
	const { lang } = useStoredValueText();
	const menu = useQuery({ ...rechargeMenuQuery(lang), enabled: member !== null });
	const [notice, setNotice] = useState<CounterNotice | null>(null);
	useLiveBalance((change) => {
		if (change.counter) setNotice({ ...change.counter, balance: change.balance });
	});

	if (!member || menu.isPending) return <LoadingState />;
	if (menu.isError) return <ErrorState message={errorText(menu.error)} onRetry={() => void menu.refetch()} />;
	return (
		<PullRefresh onRefresh={() => menu.refetch()}>
			<BalancePage
				menu={menu.data}
				fallbackBalance={member.balance}
				notice={notice}
				onDismissNotice={() => setNotice(null)}
			/>
		</PullRefresh>
	);
}

function BalancePage({
	menu,
	fallbackBalance,
	notice,
	onDismissNotice,
}: {
	menu: RechargeMenu;
	fallbackBalance: number;
	notice: CounterNotice | null;
	onDismissNotice: () => void;
}) {
	const [params, setParams] = useSearchParams();
	const returnedId = returnedRechargeId(params.get("recharge"));
	const recharge = useRecharge(menu);
	return (
		<div className="sv-page" data-testid="balance-page">
			{returnedId !== null && (
				<GuestRechargeResult key={returnedId} id={returnedId} onDismiss={() => setParams({}, { replace: true })} />
			)}

			<BalanceSummary menu={menu} balance={menu.balance ?? fallbackBalance} />

			<PayInShop notice={notice} onDismissNotice={onDismissNotice} />

			<RechargePackages menu={menu} recharge={recharge} />

			{menu.packages.length > 0 && (
				<>
					<PayMethodPicker
						withBalance={false}
						value={recharge.method}
						onChange={recharge.chooseMethod}
						total={recharge.chosen?.payAmount ?? null}
						railCurrency={recharge.railCurrency}
						onRailCurrencyChange={recharge.chooseRailCurrency}
					/>
					<RechargeFooter recharge={recharge} />
				</>
			)}
		</div>
	);
}

/** The balance, its bonus part, and the way to the bill. */
function BalanceSummary({ menu, balance }: { menu: RechargeMenu; balance: number }) {
	const { st } = useStoredValueText();
	const money = useMoney();
	return (
		<section className="sv-balance" aria-labelledby="sv-balance-label">
			<span className="sv-balance__label" id="sv-balance-label">
				{st("balance.label")}
			</span>
			<strong className="sv-balance__amount" data-testid="balance-amount">
				{money(balance)}
			</strong>
			{(menu.bonusBalance ?? 0) > 0 && (
				<span className="sv-balance__bonus" data-testid="balance-bonus">
					{st("balance.bonusPart", { amount: money(menu.bonusBalance ?? 0) })}
				</span>
			)}
			<Link to={Paths.balanceBill} className="sv-balance__bill" data-testid="balance-bill-link">
				{st("balance.bill")}
				<ChevronIcon aria-hidden="true" />
			</Link>
		</section>
	);
}

/** "Pay in the shop": the counter's news, and the payment code, hidden until opened. */
function PayInShop({ notice, onDismissNotice }: { notice: CounterNotice | null; onDismissNotice: () => void }) {
	const { st } = useStoredValueText();
	const [showCode, setShowCode] = useState(false);
	return (
		<section className="card sv-card" aria-labelledby="sv-code-title" data-testid="pay-in-shop">
			<div className="sv-card__head">
				<QrCodeIcon className="sv-card__icon" />
				<div>
					<h2 className="sv-card__title" id="sv-code-title">
						{st("code.title")}
					</h2>
					<p className="sv-hint">{st("code.hint")}</p>
				</div>
			</div>
			{notice && <GuestCounterNotice notice={notice} onDismiss={onDismissNotice} />}
			{showCode && (
				<Suspense fallback={<LoadingState compact label={st("code.refreshing")} />}>
					<GuestPayCodePanel />
				</Suspense>
			)}
			<button
				type="button"
				className={`button ${showCode ? "button--ghost" : "button--primary"} button--block`}
				onClick={() => setShowCode((open) => !open)}
				aria-expanded={showCode}
				data-testid="pay-code-toggle"
			>
				{showCode ? st("code.hide") : st("code.show")}
			</button>
		</section>
	);
}

/** The recharge packages, the rules (spec §9) and the agreement, each said under when missing. */
function RechargePackages({ menu, recharge }: { menu: RechargeMenu; recharge: Recharge }) {
	const { st, m } = useStoredValueText();
	const { packageId, agreed, problem, choose, agree } = recharge;
	return (
		<section className="card sv-card" aria-labelledby="sv-packages-title" data-testid="recharge-section">
			<h2 className="sv-card__title" id="sv-packages-title">
				{st("packages.title")}
			</h2>
			{menu.packages.length === 0 ? (
				<EmptyState compact title={st("packages.emptyTitle")}>
					<p className="sv-hint sv-empty-hint" data-testid="recharge-empty">
						{st("packages.emptyHint")}
					</p>
				</EmptyState>
			) : (
				<>
					<GuestPackageTiles
						packages={menu.packages}
						selectedId={packageId}
						onSelect={choose}
						invalid={problem === "selectRechargeAmount"}
						labelledBy="sv-packages-title"
					/>
					{problem === "selectRechargeAmount" && (
						<p className="field__error" role="alert" data-testid="recharge-package-error">
							{m("selectRechargeAmount")}
						</p>
					)}
				</>
			)}
			<div className="sv-rules" data-testid="stored-value-rules">
				<h3 className="sv-rules__title">
					<ShieldIcon aria-hidden="true" />
					{st("rules.title")}
				</h3>
				<ul>
					<li>{st("rules.noRefund")}</li>
					<li>{st("rules.noPoints")}</li>
					<li>{st("rules.usable")}</li>
				</ul>
			</div>
			{menu.packages.length > 0 && (
				<GuestAgreement
					agreement={menu.agreement}
					agreed={agreed}
					onChange={agree}
					error={problem === "agreeStoredValue" ? m("agreeStoredValue") : null}
				/>
			)}
		</section>
	);
}

/** The pay button: what it will cost, or to choose a package first. */
function RechargeFooter({ recharge }: { recharge: Recharge }) {
	const { st } = useStoredValueText();
	const price = usePrice();
	const { chosen, pay, paying, leaving } = recharge;
	return (
		<div className="sv-footer">
			<button
				type="button"
				className="button button--primary button--block"
				onClick={() => pay()}
				disabled={paying || leaving}
				data-testid="recharge-pay"
			>
				{leaving || paying
					? st("pay.starting")
					: chosen
						? st("pay.submit", { amount: price(chosen.payAmount) })
						: st("pay.choose")}
			</button>
		</div>
	);
}
