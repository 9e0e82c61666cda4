import { type FormEvent, useCallback, useEffect, useRef, useState } from "react";
import { useNavigate } from "react-router";
import { useI18n } from "../../../lib/i18n";
import { Paths, withQuery } from "../../../lib/paths";
import { scanInTelegram, telegramScanner } from "../../../lib/telegram-scan";
import { useQrCamera } from "../../../ui/qr-camera";
import { extractTableToken } from "../scan-text";

export type ScanMode = "detecting" | "telegram" | "camera";

/**
 * How the page scans (Telegram's own scanner inside Telegram, else the back camera) and what a
 * scanned or typed text does: a table's code goes to the table, anything else is said not to be one.
 */
export function useScan() {
	const { t } = useI18n();
	const navigate = useNavigate();
	const [mode, setMode] = useState<ScanMode>("detecting");
	const [notTableCode, setNotTableCode] = useState(false);

	/** Goes to the table when the text is one of our codes; says so when it is not. */
	const handleText = useCallback(
		(text: string): boolean => {
			const token = extractTableToken(text);
			if (!token) {
				setNotTableCode(true);
				return false;
			}
			setNotTableCode(false);
			navigate(withQuery(Paths.scanOperate, { token }), { replace: true });
			return true;
		},
		[navigate],
	);
	const handleTextRef = useRef(handleText);
	handleTextRef.current = handleText;
	const { videoRef, state: camera, retry: retryCamera } = useQrCamera(mode === "camera", handleText);

	const openTelegramScanner = useCallback(async () => {
		const webApp = await telegramScanner();
		if (!webApp) return;
		scanInTelegram(webApp, t("scan.telegramPrompt"), (text) => {
			handleTextRef.current(text);
			// Close either way: a wrong code is explained on the page, with a way to scan again.
			return true;
		});
	}, [t]);

	useEffect(() => {
		let cancelled = false;
		telegramScanner().then(
			(webApp) => {
				if (cancelled) return;
				setMode(webApp ? "telegram" : "camera");
				if (webApp) openTelegramScanner();
			},
			() => !cancelled && setMode("camera"),
		);
		return () => {
			cancelled = true;
		};
	}, [openTelegramScanner]);

	return { mode, notTableCode, handleText, videoRef, camera, retryCamera, openTelegramScanner };
}

/** A code typed or pasted: empty is refused on the spot, anything else is handled as if scanned. */
export function useManualCode(handleText: (text: string) => boolean) {
	const [manual, setManual] = useState("");
	const [manualError, setManualError] = useState(false);
	const onManualSubmit = (event: FormEvent) => {
		event.preventDefault();
		if (!manual.trim()) {
			setManualError(true);
			return;
		}
		setManualError(false);
		handleText(manual);
	};
	return { manual, setManual, manualError, onManualSubmit };
}
