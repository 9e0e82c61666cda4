import type { CounterPaymentView } from "@bayon/contract";
import { type FormEvent, useCallback, useEffect, useRef, useState } from "react";
import { useCurrency } from "../../../lib/app-config";
import type { FieldProblems } from "../../../lib/form";
import { scanInTelegram, telegramScanner } from "../../../lib/telegram-scan";
import { useCounterCharge } from "../staff-counter-charge";
import { type CounterDraft, checkCharge, emptyCounterDraft, extractPayCode } from "../staff-counter-form";
import { useStaffStoredValueText } from "../staff-strings";

/**
 * The counter charge form's state: the draft, the problems under its fields and the form's
 * own message, a scan going on, and the charge itself (checked, sent once, its outcome shown).
 */
export function useStaffCounterChargeForm(shopId: number, onCharged: (payment: CounterPaymentView) => void) {
	const { st, lang } = useStaffStoredValueText();
	const currency = useCurrency();
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

	return {
		currency,
		draft,
		problems,
		message,
		unknownOutcome,
		scanning,
		setScanning,
		notPayCode,
		codeRef,
		amountRef,
		pending,
		change,
		onScanned,
		startScan,
		submit,
		clear,
	};
}

export type StaffCounterChargeFormState = ReturnType<typeof useStaffCounterChargeForm>;
