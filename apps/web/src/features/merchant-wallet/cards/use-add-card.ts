import { ErrorCode, type MerchantShopRef } from "@bayon/contract";
import { useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useLayoutEffect, useRef, useState } from "react";
import { useNavigate } from "react-router";
import { ApiError, errorText } from "../../../lib/api-client";
import { type FieldProblems, serverProblems } from "../../../lib/form";
import { canGoBack } from "../../../lib/navigation-hooks";
import { Paths } from "../../../lib/paths";
import { showToast } from "../../../lib/toast";
import { useDebouncedSubmit } from "../../../lib/use-debounced-submit";
import { addBankCard, moneyKeys } from "../money-api";
import { type CardDraft, cardDigits, caretAfterDigits, checkCard, emptyCardDraft } from "../money-form";
import { useMoneyText } from "../money-strings";

type CardField = keyof CardDraft;
const FIELD_ORDER: CardField[] = ["holder", "bank", "cardNumber", "code"];

/** Which field a refusal of the server is about. */
function fieldOf(code: number): CardField | null {
	if (code === ErrorCode.SmsCodeWrong || code === ErrorCode.SmsCodeExpired) return "code";
	if (code === ErrorCode.BankCardDuplicate) return "cardNumber";
	return null;
}

/**
 * The new card's form: the draft, what is wrong with it (the first such field focused), the caret
 * kept after its digit in the grouped card number, and the one call, after which the page goes back.
 */
export function useAddCard(shop: MerchantShopRef) {
	const { mt, lang } = useMoneyText();
	const navigate = useNavigate();
	const queryClient = useQueryClient();
	const [draft, setDraft] = useState<CardDraft>(emptyCardDraft);
	const [problems, setProblems] = useState<FieldProblems>({});
	const [message, setMessage] = useState<string | null>(null);
	const refs = {
		holder: useRef<HTMLInputElement>(null),
		bank: useRef<HTMLInputElement>(null),
		cardNumber: useRef<HTMLInputElement>(null),
		code: useRef<HTMLInputElement | null>(null),
	};

	const change = (field: CardField, value: string) => {
		setDraft((current) => ({ ...current, [field]: value }));
		setProblems(({ [field]: _, ...rest }) => rest);
		setMessage(null);
	};

	// The caret stays after the digit it was after when spaces come and go around it.
	const caretDigits = useRef<number | null>(null);
	useLayoutEffect(() => {
		const input = refs.cardNumber.current;
		if (caretDigits.current === null || !input || document.activeElement !== input) return;
		const at = caretAfterDigits(caretDigits.current);
		input.setSelectionRange(at, at);
		caretDigits.current = null;
	});
	const changeCardNumber = (value: string, caret: number | null) => {
		caretDigits.current = cardDigits(value.slice(0, caret ?? value.length)).length;
		change("cardNumber", cardDigits(value));
	};

	const focusFirst = (found: FieldProblems) => {
		const first = FIELD_ORDER.find((field) => found[field]);
		if (first) refs[first].current?.focus();
	};

	const [submit, submitting] = useDebouncedSubmit(async () => {
		const checked = checkCard(draft, { shopId: shop.shopId, lang });
		if (!checked.input) {
			setProblems(checked.problems);
			focusFirst(checked.problems);
			return;
		}
		setProblems({});
		setMessage(null);
		try {
			await addBankCard(checked.input);
		} catch (error) {
			const field = error instanceof ApiError ? fieldOf(error.code) : null;
			const refused =
				(error instanceof ApiError ? serverProblems(error.data) : null) ??
				(field ? { [field]: errorText(error) } : null);
			if (refused) {
				setProblems(refused);
				focusFirst(refused);
			} else setMessage(errorText(error));
			return;
		}
		await queryClient.invalidateQueries({ queryKey: moneyKeys.cards(shop.shopId) });
		showToast(mt("add.added"));
		// Back where the owner came from (the accounts, or the withdrawal page that sent them here).
		if (canGoBack()) navigate(-1);
		else navigate(Paths.merchantCashAccount, { replace: true });
	});

	const onSubmit = (event: FormEvent) => {
		event.preventDefault();
		submit();
	};

	return { draft, problems, message, refs, change, changeCardNumber, onSubmit, submitting };
}
