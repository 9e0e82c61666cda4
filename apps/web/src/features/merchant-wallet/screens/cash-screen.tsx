import { type BankCardView, ErrorCode, type MerchantShopRef, type WalletSummary } from "@bayon/contract";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useRef, useState } from "react";
import { Link, useNavigate } from "react-router";
import { ApiError, errorText, RequestError } from "../../../lib/api-client";
import { useCurrency, useMoney } from "../../../lib/app-config";
import { type FieldProblems, parseMoney, serverProblems } from "../../../lib/form";
import { newIdempotencyKey } from "../../../lib/idempotency-key";
import { Paths, withQuery } from "../../../lib/paths";
import { showToast } from "../../../lib/toast";
import { useDebouncedSubmit } from "../../../lib/use-debounced-submit";
import { MoneyField } from "../../../ui/form-fields";
import { PlusIcon } from "../../../ui/icons";
import { Picker } from "../../../ui/picker";
import { ErrorState, LoadingState } from "../../../ui/states";
import { MoneyAccess } from "../components/money-access";
import { MoneyCodeField } from "../components/money-code-field";
import { bankCardsQuery, createWithdrawal, moneyKeys, walletSummaryQuery } from "../money-api";
import {
	amountText,
	attemptFor,
	checkWithdrawal,
	emptyWithdrawalDraft,
	type WithdrawalAttempt,
	type WithdrawalDraft,
} from "../money-form";
import { useMoneyText } from "../money-strings";
import "../../../ui/controls.css";
import "../../merchant/merchant.css";
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

type CashField = keyof WithdrawalDraft;

/** Which field a refusal of the server is about. */
function fieldOf(code: number): CashField | null {
	switch (code) {
		case ErrorCode.NoWithdrawableAmount:
		case ErrorCode.WithdrawalExceedsAvailable:
		case ErrorCode.WithdrawalBelowMinimum:
			return "amount";
		case ErrorCode.BankCardUnknown:
			return "cardId";
		case ErrorCode.SmsCodeWrong:
		case ErrorCode.SmsCodeExpired:
			return "code";
		default:
			return null;
	}
}

function CashForm({ shopId, wallet, cards }: { shopId: number; wallet: WalletSummary; cards: BankCardView[] }) {
	const { mt, m, lang } = useMoneyText();
	const money = useMoney();
	const currency = useCurrency();
	const navigate = useNavigate();
	const queryClient = useQueryClient();
	const [draft, setDraft] = useState<WithdrawalDraft>(emptyWithdrawalDraft);
	const [problems, setProblems] = useState<FieldProblems>({});
	const [message, setMessage] = useState<string | null>(null);
	const [unknownOutcome, setUnknownOutcome] = useState(false);
	const attempt = useRef<WithdrawalAttempt | null>(null);
	const amountRef = useRef<HTMLInputElement>(null);
	const codeRef = useRef<HTMLInputElement | null>(null);

	const nothing = wallet.withdrawable <= 0;
	// One account: it is the one (also when it was just added and the list is read again).
	// Several: the owner says which (spec §5 "select a withdrawal account"). A card unbound
	// meanwhile (another tab) is no longer a choice.
	const cardId = cards.some((card) => card.id === draft.cardId)
		? draft.cardId
		: cards.length === 1
			? (cards[0]?.id ?? null)
			: null;

	const change = <F extends CashField>(field: F, value: WithdrawalDraft[F]) => {
		setDraft((current) => ({ ...current, [field]: value }));
		setProblems(({ [field]: _, ...rest }) => rest);
		setMessage(null);
	};

	const check = () =>
		checkWithdrawal(
			{ ...draft, cardId },
			{
				shopId,
				decimals: currency.decimals,
				lang,
				withdrawable: wallet.withdrawable,
				minimum: wallet.minimumWithdrawal,
				money,
				amountFormat: mt("amountFormat", { example: (12.5).toFixed(currency.decimals) }),
			},
		);
	// The amount is checked when the owner leaves it having typed something, and on submit;
	// nothing is red before that (issue 27).
	const checkAmountOnBlur = () => {
		if (draft.amount.trim() === "") return;
		const problem = check().problems?.amount;
		if (problem) setProblems((current) => ({ ...current, amount: problem }));
	};

	const [submit, submitting] = useDebouncedSubmit(async () => {
		const checked = check();
		if (!checked.input) {
			setProblems(checked.problems);
			if (checked.problems.amount) amountRef.current?.focus();
			else if (checked.problems.code) codeRef.current?.focus();
			return;
		}
		setProblems({});
		setMessage(null);
		const current = attemptFor(attempt.current, checked.input, newIdempotencyKey);
		attempt.current = current;
		try {
			const withdrawal = await createWithdrawal(checked.input, current.key);
			attempt.current = null;
			setUnknownOutcome(false);
			await queryClient.invalidateQueries({ queryKey: moneyKeys.shop(shopId) });
			showToast(mt("cash.requested"));
			navigate(withQuery(Paths.merchantWithdrawal, { id: withdrawal.id }), { replace: true });
		} catch (error) {
			if (!(error instanceof ApiError)) {
				// No answer (a timeout, a gateway's 502): it may have been asked. Keep the key, so
				// tapping again is answered with that request instead of asking a second time.
				if (error instanceof RequestError && !error.toLogin) {
					setUnknownOutcome(true);
					return;
				}
				attempt.current = null;
				setMessage(errorText(error));
				return;
			}
			// The server answered: this intent is settled; a corrected one gets its own key.
			attempt.current = null;
			setUnknownOutcome(false);
			const field = fieldOf(error.code);
			const refused = serverProblems(error.data) ?? (field ? { [field]: error.msg } : null);
			if (refused) setProblems(refused);
			else setMessage(error.msg);
			// The amounts or the accounts moved meanwhile: show them as they are now.
			if (field === "amount" || field === "cardId")
				void queryClient.invalidateQueries({ queryKey: moneyKeys.shop(shopId) });
		}
	});

	const onSubmit = (event: FormEvent) => {
		event.preventDefault();
		submit();
	};

	const amount = parseMoney(draft.amount, currency.decimals);
	// Nothing to withdraw is a fact, said plainly under the amount, not an error of the owner's.
	const amountHint = nothing
		? m("noWithdrawableAmount")
		: typeof amount === "number" && amount > 0
			? mt("cash.amountPreview", { amount: money(amount) })
			: undefined;
	return (
		<form className="merchant money-page form" onSubmit={onSubmit} noValidate data-testid="cash-form">
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

			<section className="card money-section">
				<div className="money-amount">
					<MoneyField
						ref={amountRef}
						label={mt("cash.amount", { currency: currency.code })}
						value={draft.amount}
						onChange={(value) => change("amount", value)}
						currency={currency}
						large
						problem={problems.amount}
						hint={amountHint}
						onBlur={checkAmountOnBlur}
						testId="cash-amount"
					/>
					{!nothing && (
						<button
							type="button"
							className="text-button money-amount__all"
							onClick={() => change("amount", amountText(wallet.withdrawable, currency.decimals))}
							data-testid="cash-all"
						>
							{mt("cash.all")}
						</button>
					)}
				</div>

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
							onChange={(value) => change("cardId", value)}
							testId="cash-card"
						>
							<Link to={Paths.merchantAddCard} className="text-button money-picker__add" data-testid="cash-picker-add">
								<PlusIcon aria-hidden="true" />
								{mt("cash.addCard")}
							</Link>
						</Picker>
					)}
					{problems.cardId && (
						<p className="field__error" role="alert" data-testid="cash-card-error">
							{problems.cardId}
						</p>
					)}
					{cards.length > 0 && (
						<Link to={Paths.merchantCashAccount} className="text-button money-link" data-testid="cash-manage-cards">
							{mt("cash.manageCards")}
						</Link>
					)}
				</div>

				<MoneyCodeField
					ref={codeRef}
					shopId={shopId}
					value={draft.code}
					onChange={(code) => change("code", code)}
					problem={problems.code}
					testId="cash-code"
				/>
			</section>

			<ul className="money-rules" data-testid="cash-rules">
				<li data-testid="cash-arrives">{mt("cash.arrives", { days: wallet.arrivalWorkingDays })}</li>
				<li data-testid="cash-minimum">{mt("cash.minimum", { amount: money(wallet.minimumWithdrawal) })}</li>
			</ul>

			{unknownOutcome && (
				<p className="money-notice" role="status" data-testid="cash-unknown">
					{mt("cash.unknownOutcome")}
				</p>
			)}
			{message && (
				<p className="field__error money-form__message" role="alert" data-testid="cash-message">
					{message}
				</p>
			)}
			<button
				type="submit"
				className="button button--primary button--block"
				disabled={submitting || nothing}
				data-testid="cash-submit"
			>
				{submitting ? mt("cash.submitting") : mt("cash.submit")}
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
