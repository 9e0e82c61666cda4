import { useId } from "react";
import { useI18n } from "../../../lib/i18n";
import { ScanIcon } from "../../../ui/icons";
import { useDesk } from "../desk";
import { useDeskLabel } from "../desk-label";
import { useManualCode, useScan } from "./use-scan";
import "../tables.css";

type ScanState = ReturnType<typeof useScan>;

/**
 * scan/scan: reads a table's QR code. Inside Telegram with Telegram's own scanner; elsewhere
 * with the back camera, decoding frames with jsQR. A code can also be typed or pasted.
 */
export default function ScanScreen() {
	const { t } = useI18n();
	const ids = useId();
	const scan = useScan();

	return (
		<div className="scan" data-testid="scan-page">
			<ScanIntro />

			{scan.mode === "telegram" && (
				<button
					type="button"
					className="button button--primary button--block scan__telegram"
					onClick={scan.openTelegramScanner}
					data-testid="scan-telegram"
				>
					<ScanIcon aria-hidden="true" />
					{t("scan.telegramButton")}
				</button>
			)}

			{scan.mode !== "telegram" && <Viewfinder scan={scan} />}

			{scan.notTableCode && (
				<p className="scan__not-table" role="alert" data-testid="not-table-code">
					{t("scan.notTableCode")}
				</p>
			)}

			<ManualCodeForm ids={ids} handleText={scan.handleText} />
		</div>
	);
}

/** What the page is for, and the table this device is at, if any. */
function ScanIntro() {
	const { t } = useI18n();
	const desk = useDesk();
	const deskLabel = useDeskLabel(desk);
	return (
		<header className="scan__intro">
			<h2 className="scan__title">{t("scan.title")}</h2>
			<p className="scan__hint">{t("scan.hint")}</p>
			{desk && (
				<p className="scan__current" data-testid="scan-current-desk">
					{t("scan.currentTable", { table: deskLabel })}
				</p>
			)}
		</header>
	);
}

/** The camera's picture with the frame to aim at; starting, or why it cannot, with a retry. */
function Viewfinder({ scan }: { scan: ScanState }) {
	const { t } = useI18n();
	const { mode, camera } = scan;
	const cameraMessage =
		camera === "denied"
			? t("scan.cameraDenied")
			: camera === "noCamera"
				? t("scan.noCamera")
				: camera === "failed"
					? t("scan.cameraFailed")
					: null;
	return (
		<div className="scan__viewfinder" data-state={mode === "detecting" ? "starting" : camera}>
			<video ref={scan.videoRef} className="scan__video" muted playsInline />
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
						onClick={scan.retryCamera}
						data-testid="camera-retry"
					>
						{t("scan.retryCamera")}
					</button>
				</div>
			)}
		</div>
	);
}

function ManualCodeForm({ ids, handleText }: { ids: string; handleText: (text: string) => boolean }) {
	const { t } = useI18n();
	const { manual, setManual, manualError, onManualSubmit } = useManualCode(handleText);
	return (
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
	);
}
