import { type CounterPaymentView, Limits, PAY_CODE_LENGTH } from "@bayon/contract";
import { useId } from "react";
import { usePrice } from "../../../lib/app-config";
import { parseMoney } from "../../../lib/form";
import { MoneyField } from "../../../ui/form-fields";
import { ScanIcon } from "../../../ui/icons";
import { groupPayCode, payCodeDigits } from "../staff-counter-form";
import { useStaffStoredValueText } from "../staff-strings";
import { StaffPayCodeScanner } from "./staff-pay-code-scanner";
import { type StaffCounterChargeFormState, useStaffCounterChargeForm } from "./use-staff-counter-charge-form";

/**
 * The counter's charge form: the member's payment code (scanned or typed in groups of four),
 * the amount in the shop's currency, an optional note. A charge shows its progress on the
 * button; a refusal is said under the field it is about (the code expired: ask the guest to
 * refresh it; the balance is short: under the amount), in the staff's language.
 */
export function StaffCounterChargeForm({
	shopId,
	onCharged,
}: {
	shopId: number;
	onCharged: (payment: CounterPaymentView) => void;
}) {
	const { st } = useStaffStoredValueText();
	const price = usePrice();
	const form = useStaffCounterChargeForm(shopId, onCharged);
	const { currency, draft, problems, message, unknownOutcome, pending, change, submit, clear } = form;
	const amount = parseMoney(draft.amount, currency.decimals);
	return (
		<form className="form sv-counter__form" onSubmit={submit} noValidate data-testid="counter-form">
			<PayCodeField form={form} />

			<MoneyField
				ref={form.amountRef}
				label={st("counter.amount", { currency: currency.code })}
				value={draft.amount}
				onChange={(value) => change("amount", value)}
				currency={currency}
				problem={problems.amount}
				hint={
					typeof amount === "number" && amount > 0 ? st("counter.amountPreview", { amount: price(amount) }) : undefined
				}
				testId="counter-amount"
				large
			/>

			<NoteField form={form} />

			{unknownOutcome && (
				<p className="sv-counter__notice" role="alert" data-testid="counter-unknown">
					{st("counter.unknownOutcome")}
				</p>
			)}
			{message && (
				<p className="field__error" role="alert" data-testid="counter-error">
					{message}
				</p>
			)}

			<div className="sv-counter__actions">
				<button
					type="submit"
					className="button button--primary button--block sv-counter__charge"
					disabled={pending}
					aria-busy={pending}
					data-testid="counter-charge"
				>
					{pending && <span className="spinner" aria-hidden="true" />}
					{pending ? st("counter.charging") : st("counter.charge")}
				</button>
				<button type="button" className="text-button" onClick={clear} disabled={pending} data-testid="counter-clear">
					{st("counter.clear")}
				</button>
			</div>
		</form>
	);
}

/** The member's payment code, typed in groups of four or scanned (with the camera or Telegram's scanner). */
function PayCodeField({ form }: { form: StaffCounterChargeFormState }) {
	const { st } = useStaffStoredValueText();
	const ids = useId();
	const { draft, problems, scanning, setScanning, notPayCode, codeRef, change, onScanned, startScan } = form;
	const codeProblem = problems.code;
	return (
		<>
			<div className="field">
				<label className="field__label" htmlFor={`${ids}-code`}>
					{st("counter.code")}
				</label>
				<div className="field__row">
					<input
						ref={codeRef}
						id={`${ids}-code`}
						className="field__input sv-counter__code"
						value={groupPayCode(draft.code)}
						onChange={(event) => change("code", payCodeDigits(event.target.value))}
						inputMode="numeric"
						autoComplete="off"
						spellCheck={false}
						maxLength={PAY_CODE_LENGTH + Math.floor(PAY_CODE_LENGTH / 4)}
						placeholder="0000 0000 0000 0000 00"
						aria-invalid={codeProblem ? true : undefined}
						aria-describedby={codeProblem ? `${ids}-code-error` : `${ids}-code-hint`}
						data-testid="counter-code"
					/>
					<button
						type="button"
						className="button sv-counter__scan"
						aria-pressed={scanning}
						title={scanning ? st("counter.stopScan") : st("counter.scan")}
						onClick={() => (scanning ? setScanning(false) : void startScan())}
						data-testid="counter-scan"
					>
						<ScanIcon aria-hidden="true" />
						<span className="sv-counter__scan-label">{scanning ? st("counter.stopScan") : st("counter.scan")}</span>
					</button>
				</div>
				{codeProblem ? (
					<p className="field__error" id={`${ids}-code-error`} role="alert" data-testid="counter-code-error">
						{codeProblem}
					</p>
				) : (
					<p className="field__hint" id={`${ids}-code-hint`}>
						{st("counter.codeHint")}
					</p>
				)}
			</div>

			{scanning && <StaffPayCodeScanner onText={onScanned} />}
			{notPayCode && (
				<p className="field__error" role="alert" data-testid="counter-not-pay-code">
					{st("counter.notPayCode")}
				</p>
			)}
		</>
	);
}

/** An optional note for the payment. */
function NoteField({ form }: { form: StaffCounterChargeFormState }) {
	const { st } = useStaffStoredValueText();
	const ids = useId();
	const { draft, problems, change } = form;
	const noteProblem = problems.note;
	return (
		<div className="field">
			<label className="field__label" htmlFor={`${ids}-note`}>
				{st("counter.note")}
			</label>
			<input
				id={`${ids}-note`}
				className="field__input"
				value={draft.note}
				onChange={(event) => change("note", event.target.value)}
				maxLength={Limits.remarkMaxLength}
				placeholder={st("counter.notePlaceholder")}
				autoComplete="off"
				aria-invalid={noteProblem ? true : undefined}
				data-testid="counter-note"
			/>
			{noteProblem && (
				<p className="field__error" role="alert" data-testid="counter-note-error">
					{noteProblem}
				</p>
			)}
		</div>
	);
}
