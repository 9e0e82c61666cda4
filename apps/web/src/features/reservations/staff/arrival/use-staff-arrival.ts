import type { ArrivalResult } from "@bayon/contract";
import { type FormEvent, useCallback, useEffect, useState } from "react";
import { errorText } from "../../../../lib/api-client";
import { keepTyped } from "../../../../lib/controlled-input";
import { scanInTelegram, telegramScanner } from "../../../../lib/telegram-scan";
import { arriveReservation } from "../../staff-api";
import { useStaffReservationText } from "../../staff-strings";
import { ARRIVAL_CODE_LENGTH, extractArrivalCode, normalizeTypedCode } from "./staff-arrival-code";

/**
 * The arrival sheet's code (typed, or read by Telegram's scanner or the camera), the seating
 * call, and its answer; all started afresh each time the sheet opens.
 */
export function useStaffArrival({
	open,
	shopId,
	initialCode,
	onArrived,
}: {
	open: boolean;
	shopId: number;
	initialCode: string;
	onArrived: (result: ArrivalResult) => void;
}) {
	const { rt } = useStaffReservationText();
	const [code, setCode] = useState(initialCode);
	const [error, setError] = useState<string | null>(null);
	const [result, setResult] = useState<ArrivalResult | null>(null);
	const [scanning, setScanning] = useState(false);
	const [sending, setSending] = useState(false);

	useEffect(() => {
		if (!open) return;
		setCode(initialCode);
		setError(null);
		setResult(null);
		setScanning(false);
	}, [open, initialCode]);

	const submit = useCallback(
		async (typed: string) => {
			const value = normalizeTypedCode(typed);
			if (value.length !== ARRIVAL_CODE_LENGTH) {
				setError(rt("arrive.codeLength", { length: ARRIVAL_CODE_LENGTH }));
				return;
			}
			setSending(true);
			setError(null);
			try {
				const arrived = await arriveReservation({ shopId, code: value });
				setResult(arrived);
				setScanning(false);
				onArrived(arrived);
			} catch (failure) {
				// Unknown code, too early, the booking changed: the server says which, in the staff's language.
				setError(errorText(failure));
			} finally {
				setSending(false);
			}
		},
		[shopId, onArrived, rt],
	);

	const onScanned = useCallback(
		(text: string): boolean => {
			const found = extractArrivalCode(text);
			if (!found) {
				setError(rt("arrive.notCode"));
				return false;
			}
			setCode(found);
			setScanning(false);
			void submit(found);
			return true;
		},
		[submit, rt],
	);

	const startScan = async () => {
		setError(null);
		const webApp = await telegramScanner().catch(() => null);
		if (webApp) scanInTelegram(webApp, rt("arrive.hint"), onScanned);
		else setScanning(true);
	};

	const onSubmit = (event: FormEvent) => {
		event.preventDefault();
		void submit(code);
	};

	const typeCode = (input: HTMLInputElement) => {
		setCode(keepTyped(input, normalizeTypedCode(input.value).slice(0, ARRIVAL_CODE_LENGTH)));
		setError(null);
	};

	return { code, typeCode, error, result, setResult, scanning, setScanning, sending, onScanned, startScan, onSubmit };
}

export type StaffArrival = ReturnType<typeof useStaffArrival>;
