import { type BankCardView, ErrorCode, type WalletSummary } from "@bayon/contract";
import { useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useRef, useState } from "react";
import { useNavigate } from "react-router";
import { ApiError, errorText, RequestError } from "../../../lib/api-client";
import { useCurrency, useMoney } from "../../../lib/app-config";
import { type FieldProblems, serverProblems } from "../../../lib/form";
import { newIdempotencyKey } from "../../../lib/idempotency-key";
import { Paths, withQuery } from "../../../lib/paths";
import { showToast } from "../../../lib/toast";
import { useDebouncedSubmit } from "../../../lib/use-debounced-submit";
import { createWithdrawal, moneyKeys } from "../money-api";
import {
	attemptFor,
	checkWithdrawal,
	emptyWithdrawalDraft,
	type WithdrawalAttempt,
	type WithdrawalDraft,
} from "../money-form";
import { useMoneyText } from "../money-strings";

export type CashField = keyof WithdrawalDraft;

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

/**
 * The withdrawal form's state and its one call: the draft, what is wrong with it, the account it
 * goes to, and the request, sent again with the same idempotency key when it got no answer.
 */
export function useCashForm({
	shopId,
	wallet,
	cards,
}: {
	shopId: number;
	wallet: WalletSummary;
	cards: BankCardView[];
}) {
	const { mt, lang } = useMoneyText();
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

	return {
		draft,
		problems,
		message,
		unknownOutcome,
		nothing,
		cardId,
		change,
		checkAmountOnBlur,
		onSubmit,
		submitting,
		amountRef,
		codeRef,
	};
}
