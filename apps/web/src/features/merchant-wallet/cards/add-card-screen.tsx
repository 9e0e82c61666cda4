import { BANK_NAME_MAX, CARD_HOLDER_MAX, type MerchantShopRef } from "@bayon/contract";
import { type RefObject, useId } from "react";
import { MoneyAccess } from "../money-access";
import { MoneyCodeField } from "../money-code-field";
import { CARD_NUMBER_MAX_DIGITS, groupCardNumber } from "../money-form";
import { useMoneyText } from "../money-strings";
import { useAddCard } from "./use-add-card";
import "../../../ui/staff/merchant.css";
import "../money.css";

/**
 * merchant/addCard (owner): a withdrawal account: holder, bank, the card number (typed in groups
 * of four on the numeric keypad; 16 or 19 digits, spec §5) and a fresh SMS code to the owner's
 * phone. Checked with the contract's schema before it is sent; the server's refusal (a wrong
 * code, the same card twice, too many cards) shows under the field it is about.
 */
export default function AddCardScreen() {
	return <MoneyAccess>{(shop) => <AddCardForm shop={shop} />}</MoneyAccess>;
}

function AddCardForm({ shop }: { shop: MerchantShopRef }) {
	const { mt } = useMoneyText();
	const ids = useId();
	const { draft, problems, message, refs, change, changeCardNumber, onSubmit, submitting } = useAddCard(shop);

	return (
		<form className="merchant money-page form" onSubmit={onSubmit} noValidate data-testid="add-card-form">
			<p className="money-section__hint">{mt("add.intro")}</p>
			<section className="card money-section">
				<TextField
					id={`${ids}-holder`}
					inputRef={refs.holder}
					label={mt("add.holder")}
					placeholder={mt("add.holderPlaceholder")}
					value={draft.holder}
					maxLength={CARD_HOLDER_MAX}
					autoComplete="cc-name"
					onChange={(value) => change("holder", value)}
					problem={problems.holder}
					testId="card-holder"
				/>
				<TextField
					id={`${ids}-bank`}
					inputRef={refs.bank}
					label={mt("add.bank")}
					placeholder={mt("add.bankPlaceholder")}
					value={draft.bank}
					maxLength={BANK_NAME_MAX}
					autoComplete="off"
					onChange={(value) => change("bank", value)}
					problem={problems.bank}
					testId="card-bank"
				/>
				<TextField
					id={`${ids}-number`}
					inputRef={refs.cardNumber}
					label={mt("add.number")}
					placeholder={mt("add.numberPlaceholder")}
					hint={mt("add.numberHint")}
					value={groupCardNumber(draft.cardNumber)}
					// 19 digits and the 4 spaces between their groups.
					maxLength={CARD_NUMBER_MAX_DIGITS + 4}
					inputMode="numeric"
					autoComplete="cc-number"
					className="money-card-number"
					onChange={changeCardNumber}
					problem={problems.cardNumber}
					testId="card-number"
				/>
				<MoneyCodeField
					ref={refs.code}
					shopId={shop.shopId}
					value={draft.code}
					onChange={(code) => change("code", code)}
					problem={problems.code}
					testId="card-code"
				/>
			</section>
			{message && (
				<p className="field__error money-form__message" role="alert" data-testid="add-card-message">
					{message}
				</p>
			)}
			<button
				type="submit"
				className="button button--primary button--block"
				disabled={submitting}
				data-testid="add-card-submit"
			>
				{submitting ? mt("add.submitting") : mt("add.submit")}
			</button>
		</form>
	);
}

function TextField({
	id,
	inputRef,
	label,
	value,
	onChange,
	placeholder,
	hint,
	problem,
	maxLength,
	inputMode,
	autoComplete,
	className,
	testId,
}: {
	id: string;
	inputRef: RefObject<HTMLInputElement | null>;
	label: string;
	value: string;
	onChange: (value: string, caret: number | null) => void;
	placeholder?: string;
	hint?: string;
	problem?: string | undefined;
	maxLength: number;
	inputMode?: "numeric";
	autoComplete: string;
	className?: string;
	testId: string;
}) {
	const describedBy = problem ? `${id}-error` : hint ? `${id}-hint` : undefined;
	return (
		<div className="field">
			<label className="field__label" htmlFor={id}>
				{label}
			</label>
			<input
				ref={inputRef}
				id={id}
				className={`field__input${className ? ` ${className}` : ""}`}
				type="text"
				inputMode={inputMode}
				autoComplete={autoComplete}
				maxLength={maxLength}
				placeholder={placeholder}
				value={value}
				onChange={(event) => onChange(event.target.value, event.target.selectionStart)}
				aria-invalid={problem ? true : undefined}
				aria-describedby={describedBy}
				data-testid={testId}
			/>
			{problem ? (
				<p className="field__error" id={`${id}-error`} role="alert" data-testid={`${testId}-error`}>
					{problem}
				</p>
			) : (
				hint && (
					<p className="field__hint" id={`${id}-hint`} data-testid={`${testId}-hint`}>
						{hint}
					</p>
				)
			)}
		</div>
	);
}
