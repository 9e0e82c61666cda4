import type { BankCardView, MerchantShopRef, WalletSummary } from "@bayon/contract";
import { useQuery } from "@tanstack/react-query";
import type { Ref } from "react";
import { Link } from "react-router";
import { errorText } from "../../../lib/api-client";
import { useCurrency, useMoney } from "../../../lib/app-config";
import { parseMoney } from "../../../lib/form";
import { Paths } from "../../../lib/paths";
import { MoneyField } from "../../../ui/form-fields";
import { PlusIcon } from "../../../ui/icons";
import { Picker } from "../../../ui/picker";
import { ErrorState, LoadingState } from "../../../ui/states";
import { MoneyAccess } from "../money-access";
import { bankCardsQuery, walletSummaryQuery } from "../money-api";
import { MoneyCodeField } from "../money-code-field";
import { amountText } from "../money-form";
import { useMoneyText } from "../money-strings";
import { useCashForm } from "./use-cash-form";
import "../../../ui/controls.css";
import "../../../ui/staff/merchant.css";
import "../money.css";

/**
 * merchant/cash (owner): the withdrawable amount, big, with "withdraw all"; the amount typed in
 * the currency's major unit (sent in minor units, computed on the digits); the account it is paid
 * to; a fresh SMS code; the rules (arrives within 10 working days, spec §9; the platform's
 * minimum). The spec's messages say what is missing. A request that got no answer is sent
 * again with the same idempotency key, so it is never asked twice; once asked, its page opens.
 */
export default function CashScreen() {
	return <MoneyAccess>{(shop) => <CashPage shop={shop} />}</MoneyAccess>;
}

function CashPage({ shop }: { shop: MerchantShopRef }) {
	const wallet = useQuery(walletSummaryQuery(shop.shopId));
	const cards = useQuery(bankCardsQuery(shop.shopId));
	const failed = (wallet.isError && !wallet.data) || (cards.isError && !cards.data);
	if (failed)
		return (
			<ErrorState
				message={errorText(wallet.error ?? cards.error)}
				onRetry={() => {
					void wallet.refetch();
					void cards.refetch();
				}}
			/>
		);
	if (!wallet.data || !cards.data) return <LoadingState />;
	return <CashForm shopId={shop.shopId} wallet={wallet.data} cards={cards.data} />;
}

function CashForm({ shopId, wallet, cards }: { shopId: number; wallet: WalletSummary; cards: BankCardView[] }) {
	const { mt } = useMoneyText();
	const form = useCashForm({ shopId, wallet, cards });
	const { draft, problems, nothing, change } = form;
	return (
		<form className="merchant money-page form" onSubmit={form.onSubmit} noValidate data-testid="cash-form">
			<CashBalance wallet={wallet} />

			<section className="card money-section">
				<CashAmount
					amountRef={form.amountRef}
					amount={draft.amount}
					withdrawable={wallet.withdrawable}
					nothing={nothing}
					problem={problems.amount}
					onChange={(value) => change("amount", value)}
					onBlur={form.checkAmountOnBlur}
				/>
				<CashAccount
					cards={cards}
					cardId={form.cardId}
					problem={problems.cardId}
					onChange={(value) => change("cardId", value)}
				/>
				<MoneyCodeField
					ref={form.codeRef}
					shopId={shopId}
					value={draft.code}
					onChange={(code) => change("code", code)}
					problem={problems.code}
					testId="cash-code"
				/>
			</section>

			<CashRules wallet={wallet} />

			{form.unknownOutcome && (
				<p className="money-notice" role="status" data-testid="cash-unknown">
					{mt("cash.unknownOutcome")}
				</p>
			)}
			{form.message && (
				<p className="field__error money-form__message" role="alert" data-testid="cash-message">
					{form.message}
				</p>
			)}
			<button
				type="submit"
				className="button button--primary button--block"
				disabled={form.submitting || nothing}
				data-testid="cash-submit"
			>
				{form.submitting ? mt("cash.submitting") : mt("cash.submit")}
			</button>
			<Link
				to={Paths.merchantWithdrawal}
				className="text-button money-link money-link--center"
				data-testid="cash-history"
			>
				{mt("cash.history")}
			</Link>
		</form>
	);
}

/** The withdrawable amount, big, and the shop's other amounts under it. */
function CashBalance({ wallet }: { wallet: WalletSummary }) {
	const { mt } = useMoneyText();
	const money = useMoney();
	return (
		<section className="card money-section money-balance" aria-labelledby="money-withdrawable">
			<p className="money-balance__label" id="money-withdrawable">
				{mt("cash.withdrawable")}
			</p>
			<p className="money-balance__amount" data-testid="cash-withdrawable">
				{money(wallet.withdrawable)}
			</p>
			<ul className="money-balance__others">
				{wallet.pending > 0 && (
					<li data-testid="cash-pending">{mt("cash.pending", { amount: money(wallet.pending) })}</li>
				)}
				{wallet.withdrawing > 0 && (
					<li data-testid="cash-withdrawing">{mt("cash.withdrawing", { amount: money(wallet.withdrawing) })}</li>
				)}
				{wallet.owed > 0 && (
					<li className="money-balance__owed" data-testid="cash-owed">
						{mt("cash.owed", { amount: money(wallet.owed) })}
					</li>
				)}
			</ul>
		</section>
	);
}

/** The amount, in the currency's major unit, with "withdraw all". */
function CashAmount({
	amountRef,
	amount,
	withdrawable,
	nothing,
	problem,
	onChange,
	onBlur,
}: {
	amountRef: Ref<HTMLInputElement>;
	amount: string;
	withdrawable: number;
	nothing: boolean;
	problem: string | undefined;
	onChange: (value: string) => void;
	onBlur: () => void;
}) {
	const { mt, m } = useMoneyText();
	const money = useMoney();
	const currency = useCurrency();
	const parsed = parseMoney(amount, currency.decimals);
	// Nothing to withdraw is a fact, said plainly under the amount, not an error of the owner's.
	const amountHint = nothing
		? m("noWithdrawableAmount")
		: typeof parsed === "number" && parsed > 0
			? mt("cash.amountPreview", { amount: money(parsed) })
			: undefined;
	return (
		<div className="money-amount">
			<MoneyField
				ref={amountRef}
				label={mt("cash.amount", { currency: currency.code })}
				value={amount}
				onChange={onChange}
				currency={currency}
				large
				problem={problem}
				hint={amountHint}
				onBlur={onBlur}
				testId="cash-amount"
			/>
			{!nothing && (
				<button
					type="button"
					className="text-button money-amount__all"
					onClick={() => onChange(amountText(withdrawable, currency.decimals))}
					data-testid="cash-all"
				>
					{mt("cash.all")}
				</button>
			)}
		</div>
	);
}

/** The account the money is paid to: a way to add one when there is none, else a choice of them. */
function CashAccount({
	cards,
	cardId,
	problem,
	onChange,
}: {
	cards: BankCardView[];
	cardId: number | null;
	problem: string | undefined;
	onChange: (value: number) => void;
}) {
	const { mt } = useMoneyText();
	return (
		<div className="field">
			<span className="field__label" id="money-account-label">
				{mt("cash.account")}
			</span>
			{cards.length === 0 ? (
				<div className="money-no-cards" data-testid="cash-no-cards">
					<p className="money-section__hint">{mt("cash.noCards")}</p>
					<Link to={Paths.merchantAddCard} className="button button--ghost" data-testid="cash-add-card">
						<PlusIcon aria-hidden="true" />
						{mt("cash.addCard")}
					</Link>
				</div>
			) : (
				<Picker
					label={mt("cash.account")}
					placeholder={mt("cash.accountPlaceholder")}
					value={cardId}
					options={cards.map((card) => ({
						value: card.id,
						label: mt("cash.cardOption", { bank: card.bank, last4: card.last4, holder: card.holder }),
					}))}
					onChange={onChange}
					testId="cash-card"
				>
					<Link to={Paths.merchantAddCard} className="text-button money-picker__add" data-testid="cash-picker-add">
						<PlusIcon aria-hidden="true" />
						{mt("cash.addCard")}
					</Link>
				</Picker>
			)}
			{problem && (
				<p className="field__error" role="alert" data-testid="cash-card-error">
					{problem}
				</p>
			)}
			{cards.length > 0 && (
				<Link to={Paths.merchantCashAccount} className="text-button money-link" data-testid="cash-manage-cards">
					{mt("cash.manageCards")}
				</Link>
			)}
		</div>
	);
}

/** The rules: when it arrives (spec §9), the platform's minimum. */
function CashRules({ wallet }: { wallet: WalletSummary }) {
	const { mt } = useMoneyText();
	const money = useMoney();
	return (
		<ul className="money-rules" data-testid="cash-rules">
			<li data-testid="cash-arrives">{mt("cash.arrives", { days: wallet.arrivalWorkingDays })}</li>
			<li data-testid="cash-minimum">{mt("cash.minimum", { amount: money(wallet.minimumWithdrawal) })}</li>
		</ul>
	);
}
