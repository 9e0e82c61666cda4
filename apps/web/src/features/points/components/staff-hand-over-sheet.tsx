import { PICKUP_CODE_LENGTH, pickupCodeOf, type RedemptionView } from "@bayon/contract";
import { type FormEvent, useCallback, useEffect, useId, useState } from "react";
import { errorText } from "../../../lib/api-client";
import { keepTyped } from "../../../lib/controlled-input";
import { scanInTelegram, telegramScanner } from "../../../lib/telegram-scan";
import { CheckIcon, ScanIcon } from "../../../ui/icons";
import { QrViewfinder } from "../../../ui/qr-camera";
import { BottomSheet } from "../../../ui/sheet";
import { useStaffPointsText } from "../staff-strings";

/** What the staff typed, as the server reads it: upper case, no spaces or dashes. */
const normalizeTyped = (text: string) => text.toUpperCase().replace(/[\s-]+/g, "");

/**
 * Handing a points reward over (issue 27): the member shows the pickup code on their phone,
 * the staff scan it (Telegram's scanner inside Telegram, else the camera with jsQR, as the
 * arrival and counter pages do) or type its ten characters. Only the server knows which
 * reward a code opens, so the sheet shows the reward and who got it once it is handed over.
 */
export function StaffHandOverSheet({
	open,
	handOver,
	onClose,
}: {
	open: boolean;
	handOver: (code: string) => Promise<RedemptionView>;
	onClose: () => void;
}) {
	const { pt } = useStaffPointsText();
	const [code, setCode] = useState("");
	const [error, setError] = useState<string | null>(null);
	const [done, setDone] = useState<RedemptionView | null>(null);
	const [scanning, setScanning] = useState(false);
	const [sending, setSending] = useState(false);
	const id = useId();

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

	return (
		<BottomSheet open={open} onClose={onClose} title={pt("red.scanTitle")} testId="redemption-hand-over">
			{done ? (
				<div className="pt-hand-over pt-hand-over--done" role="status" data-testid="redemption-hand-over-done">
					<CheckIcon className="pt-hand-over__check" width={40} height={40} aria-hidden="true" />
					<p className="pt-hand-over__title">
						{pt("red.handedOverTo", {
							item: done.itemName,
							name: done.member?.nickname ?? "",
							phone: done.member?.mobile ?? "",
						})}
					</p>
					<button
						type="button"
						className="button button--primary"
						onClick={() => {
							setDone(null);
							setCode("");
						}}
						data-testid="redemption-hand-over-another"
					>
						{pt("red.another")}
					</button>
				</div>
			) : (
				<div className="pt-hand-over">
					<p className="field__hint">{pt("red.scanHint")}</p>
					<form className="pt-hand-over__form" onSubmit={onSubmit} noValidate>
						<label className="field__label" htmlFor={`${id}-code`}>
							{pt("red.code")}
						</label>
						<div className="field__row">
							<input
								id={`${id}-code`}
								className="field__input pt-hand-over__code"
								value={code}
								onChange={(event) => {
									setCode(keepTyped(event.target, normalizeTyped(event.target.value).slice(0, PICKUP_CODE_LENGTH)));
									setError(null);
								}}
								autoComplete="off"
								autoCapitalize="characters"
								spellCheck={false}
								maxLength={PICKUP_CODE_LENGTH + 4}
								placeholder="K7M2QXAB9C"
								aria-invalid={Boolean(error)}
								aria-describedby={error ? `${id}-error` : undefined}
								data-testid="redemption-hand-over-code"
							/>
							<button
								type="submit"
								className="button button--primary"
								disabled={sending}
								data-testid="redemption-hand-over-submit"
							>
								{pt("red.codeSubmit")}
							</button>
						</div>
						{error && (
							<p className="field__error" id={`${id}-error`} role="alert" data-testid="redemption-hand-over-error">
								{error}
							</p>
						)}
					</form>
					{scanning ? (
						<>
							<QrViewfinder
								onText={onScanned}
								texts={{
									starting: pt("red.starting"),
									denied: pt("red.cameraDenied"),
									noCamera: pt("red.noCamera"),
									failed: pt("red.cameraFailed"),
									retry: pt("red.retryCamera"),
								}}
								className="pt-hand-over__viewfinder"
								testId="redemption-hand-over-camera"
							/>
							<button
								type="button"
								className="button button--ghost button--block"
								onClick={() => setScanning(false)}
								data-testid="redemption-hand-over-stop-scan"
							>
								{pt("red.stopScan")}
							</button>
						</>
					) : (
						<button
							type="button"
							className="button button--block"
							onClick={() => void startScan()}
							data-testid="redemption-hand-over-scan"
						>
							<ScanIcon aria-hidden="true" /> {pt("red.camera")}
						</button>
					)}
				</div>
			)}
		</BottomSheet>
	);
}
