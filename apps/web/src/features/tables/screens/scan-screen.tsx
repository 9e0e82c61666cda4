import { type FormEvent, useCallback, useEffect, useId, useRef, useState } from "react";
import { useNavigate } from "react-router";
import { useI18n } from "../../../lib/i18n";
import { Paths, withQuery } from "../../../lib/paths";
import { scanInTelegram, telegramScanner } from "../../../lib/telegram-scan";
import { ScanIcon } from "../../../ui/icons";
import { useQrCamera } from "../../../ui/qr-camera";
import { useDesk } from "../desk";
import { useDeskLabel } from "../desk-label";
import { extractTableToken } from "../scan-text";
import "../tables.css";

type Mode = "detecting" | "telegram" | "camera";

/**
 * scan/scan: reads a table's QR code. Inside Telegram with Telegram's own scanner; elsewhere
 * with the back camera, decoding frames with jsQR. A code can also be typed or pasted.
 */
export default function ScanScreen() {
	const { t } = useI18n();
	const navigate = useNavigate();
	const ids = useId();
	const desk = useDesk();
	const deskLabel = useDeskLabel(desk);
	const [mode, setMode] = useState<Mode>("detecting");
	const [notTableCode, setNotTableCode] = useState(false);
	const [manual, setManual] = useState("");
	const [manualError, setManualError] = useState(false);

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

	const onManualSubmit = (event: FormEvent) => {
		event.preventDefault();
		if (!manual.trim()) {
			setManualError(true);
			return;
		}
		setManualError(false);
		handleText(manual);
	};

	const cameraMessage =
		camera === "denied"
			? t("scan.cameraDenied")
			: camera === "noCamera"
				? t("scan.noCamera")
				: camera === "failed"
					? t("scan.cameraFailed")
					: null;

	return (
		<div className="scan" data-testid="scan-page">
			<header className="scan__intro">
				<h2 className="scan__title">{t("scan.title")}</h2>
				<p className="scan__hint">{t("scan.hint")}</p>
				{desk && (
					<p className="scan__current" data-testid="scan-current-desk">
						{t("scan.currentTable", { table: deskLabel })}
					</p>
				)}
			</header>

			{mode === "telegram" && (
				<button
					type="button"
					className="button button--primary button--block scan__telegram"
					onClick={openTelegramScanner}
					data-testid="scan-telegram"
				>
					<ScanIcon aria-hidden="true" />
					{t("scan.telegramButton")}
				</button>
			)}

			{mode !== "telegram" && (
				<div className="scan__viewfinder" data-state={mode === "detecting" ? "starting" : camera}>
					<video ref={videoRef} className="scan__video" muted playsInline />
					<span className="scan__frame" aria-hidden="true" />
					{(mode === "detecting" || camera === "starting") && (
						<div className="scan__overlay" role="status" data-testid="camera-starting">
							<span className="spinner" aria-hidden="true" />
							<span>{t("scan.starting")}</span>
						</div>
					)}
					{cameraMessage && (
						<div className="scan__overlay scan__overlay--problem" role="alert" data-testid="camera-problem">
							<p data-testid={`camera-${camera}`}>{cameraMessage}</p>
							<button
								type="button"
								className="button button--ghost button--small"
								onClick={retryCamera}
								data-testid="camera-retry"
							>
								{t("scan.retryCamera")}
							</button>
						</div>
					)}
				</div>
			)}

			{notTableCode && (
				<p className="scan__not-table" role="alert" data-testid="not-table-code">
					{t("scan.notTableCode")}
				</p>
			)}

			<form className="card scan__manual" onSubmit={onManualSubmit} noValidate data-testid="scan-manual">
				<label className="field__label" htmlFor={`${ids}-code`}>
					{t("scan.manualLabel")}
				</label>
				<div className="field__row">
					<input
						id={`${ids}-code`}
						className="field__input"
						value={manual}
						onChange={(event) => setManual(event.target.value)}
						placeholder={t("scan.manualPlaceholder")}
						autoComplete="off"
						autoCapitalize="off"
						spellCheck={false}
						inputMode="url"
						maxLength={2000}
						aria-invalid={manualError || undefined}
						aria-describedby={manualError ? `${ids}-code-error` : undefined}
						data-testid="scan-manual-input"
					/>
					<button type="submit" className="button button--primary" data-testid="scan-manual-submit">
						{t("scan.manualSubmit")}
					</button>
				</div>
				{manualError && (
					<p className="field__error" id={`${ids}-code-error`} role="alert">
						{t("scan.manualEmpty")}
					</p>
				)}
			</form>
		</div>
	);
}
