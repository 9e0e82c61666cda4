import { type CounterPaymentView, Limits, PAY_CODE_LENGTH } from "@bayon/contract";
import { type FormEvent, useCallback, useEffect, useId, useRef, useState } from "react";
import { useCurrency, usePrice } from "../../../lib/app-config";
import { type FieldProblems, parseMoney } from "../../../lib/form";
import { scanInTelegram, telegramScanner } from "../../../lib/telegram-scan";
import { MoneyField } from "../../../ui/form-fields";
import { ScanIcon } from "../../../ui/icons";
import { useCounterCharge } from "../staff-counter-charge";
import {
	type CounterDraft,
	checkCharge,
	emptyCounterDraft,
	extractPayCode,
	groupPayCode,
	payCodeDigits,
} from "../staff-counter-form";
import { useStaffStoredValueText } from "../staff-strings";
import { StaffPayCodeScanner } from "./staff-pay-code-scanner";

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
	const { st, lang } = useStaffStoredValueText();
	const currency = useCurrency();
	const price = usePrice();
	const ids = useId();
	const [draft, setDraft] = useState<CounterDraft>(emptyCounterDraft);
	const [problems, setProblems] = useState<FieldProblems>({});
	const [message, setMessage] = useState<string | null>(null);
	const [unknownOutcome, setUnknownOutcome] = useState(false);
	const [scanning, setScanning] = useState(false);
	const [notPayCode, setNotPayCode] = useState(false);
	const codeRef = useRef<HTMLInputElement>(null);
	const amountRef = useRef<HTMLInputElement>(null);
	const { charge, pending } = useCounterCharge(shopId);

	// Ready for a scanner gun or a keyboard at a till; on a phone the keyboard would cover the scan button.
	useEffect(() => {
		if (window.matchMedia?.("(pointer: fine)").matches) codeRef.current?.focus();
	}, []);

	const change = (field: keyof CounterDraft, value: string) => {
		setDraft((current) => ({ ...current, [field]: value }));
		setProblems(({ [field]: _, ...rest }) => rest);
		setMessage(null);
	};

	const onScanned = useCallback((text: string): boolean => {
		const code = extractPayCode(text);
		if (!code) {
			setNotPayCode(true);
			return false;
		}
		setNotPayCode(false);
		setScanning(false);
		setDraft((current) => ({ ...current, code }));
		setProblems(({ code: _, ...rest }) => rest);
		setMessage(null);
		amountRef.current?.focus();
		return true;
	}, []);

	const startScan = async () => {
		setNotPayCode(false);
		const webApp = await telegramScanner().catch(() => null);
		if (webApp) scanInTelegram(webApp, st("counter.codeHint"), onScanned);
		else setScanning(true);
	};

	const exampleAmount = (12.5).toFixed(currency.decimals);
	const submit = async (event: FormEvent) => {
		event.preventDefault();
		if (pending) return;
		const checked = checkCharge(draft, {
			shopId,
			decimals: currency.decimals,
			lang,
			amountFormat: st("form.amountFormat", { example: exampleAmount }),
		});
		if (!checked.input) {
			setProblems(checked.problems);
			(checked.problems.code ? codeRef : amountRef).current?.focus();
			return;
		}
		setProblems({});
		setMessage(null);
		const outcome = await charge(checked.input);
		if (outcome.kind === "ignored") return;
		setUnknownOutcome(outcome.kind === "unknown");
		if (outcome.kind === "charged") onCharged(outcome.payment);
		else if (outcome.kind === "refused") {
			setProblems(outcome.problems);
			setMessage(outcome.message);
		}
	};

	const clear = () => {
		setDraft(emptyCounterDraft());
		setProblems({});
		setMessage(null);
		setUnknownOutcome(false);
		setNotPayCode(false);
		codeRef.current?.focus();
	};

	const amount = parseMoney(draft.amount, currency.decimals);
	const codeProblem = problems.code;
	const noteProblem = problems.note;
	return (
		<form className="form sv-counter__form" onSubmit={submit} noValidate data-testid="counter-form">
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

			<MoneyField
				ref={amountRef}
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
