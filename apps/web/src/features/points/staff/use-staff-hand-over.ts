import { PICKUP_CODE_LENGTH, pickupCodeOf, type RedemptionView } from "@bayon/contract";
import { type FormEvent, useCallback, useEffect, useState } from "react";
import { errorText } from "../../../lib/api-client";
import { keepTyped } from "../../../lib/controlled-input";
import { scanInTelegram, telegramScanner } from "../../../lib/telegram-scan";
import { useStaffPointsText } from "../staff-strings";

/** What the staff typed, as the server reads it: upper case, no spaces or dashes. */
const normalizeTyped = (text: string) => text.toUpperCase().replace(/[\s-]+/g, "");

/**
 * The hand-over sheet's state: the code typed or scanned, a scan going on, the server's
 * refusal, and the reward handed over. Opening the sheet starts again.
 */
export function useStaffHandOver(open: boolean, handOver: (code: string) => Promise<RedemptionView>) {
	const { pt } = useStaffPointsText();
	const [code, setCode] = useState("");
	const [error, setError] = useState<string | null>(null);
	const [done, setDone] = useState<RedemptionView | null>(null);
	const [scanning, setScanning] = useState(false);
	const [sending, setSending] = useState(false);

	useEffect(() => {
		if (!open) return;
		setCode("");
		setError(null);
		setDone(null);
		setScanning(false);
	}, [open]);

	const submit = useCallback(
		async (typed: string) => {
			if (sending) return;
			const value = normalizeTyped(typed);
			if (value.length !== PICKUP_CODE_LENGTH) {
				setError(pt("red.codeLength", { length: PICKUP_CODE_LENGTH }));
				return;
			}
			setSending(true);
			setError(null);
			try {
				setDone(await handOver(value));
				setScanning(false);
			} catch (failure) {
				// Unknown here, already handed over: the server says which, in the staff's language.
				setError(errorText(failure));
			} finally {
				setSending(false);
			}
		},
		[handOver, pt, sending],
	);

	const onScanned = useCallback(
		(text: string): boolean => {
			const found = pickupCodeOf(text);
			if (!found) {
				setError(pt("red.notCode"));
				return false;
			}
			setCode(found);
			setScanning(false);
			void submit(found);
			return true;
		},
		[submit, pt],
	);

	const startScan = async () => {
		setError(null);
		const webApp = await telegramScanner().catch(() => null);
		if (webApp) scanInTelegram(webApp, pt("red.scanHint"), onScanned);
		else setScanning(true);
	};

	const onSubmit = (event: FormEvent) => {
		event.preventDefault();
		void submit(code);
	};

	const type = (input: HTMLInputElement) => {
		setCode(keepTyped(input, normalizeTyped(input.value).slice(0, PICKUP_CODE_LENGTH)));
		setError(null);
	};
	const another = () => {
		setDone(null);
		setCode("");
	};

	return { code, error, done, scanning, setScanning, sending, type, another, onScanned, startScan, onSubmit };
}

export type StaffHandOver = ReturnType<typeof useStaffHandOver>;
