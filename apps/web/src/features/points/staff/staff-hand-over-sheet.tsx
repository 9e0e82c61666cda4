import { PICKUP_CODE_LENGTH, type RedemptionView } from "@bayon/contract";
import { useId } from "react";
import { CheckIcon, ScanIcon } from "../../../ui/icons";
import { QrViewfinder } from "../../../ui/qr-camera";
import { BottomSheet } from "../../../ui/sheet";
import { useStaffPointsText } from "../staff-strings";
import { type StaffHandOver, useStaffHandOver } from "./use-staff-hand-over";

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
	const state = useStaffHandOver(open, handOver);
	return (
		<BottomSheet open={open} onClose={onClose} title={pt("red.scanTitle")} testId="redemption-hand-over">
			{state.done ? <HandedOver done={state.done} onAnother={state.another} /> : <HandOverForm state={state} />}
		</BottomSheet>
	);
}

/** The reward handed over, and to whom; then the next one. */
function HandedOver({ done, onAnother }: { done: RedemptionView; onAnother: () => void }) {
	const { pt } = useStaffPointsText();
	return (
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
				onClick={onAnother}
				data-testid="redemption-hand-over-another"
			>
				{pt("red.another")}
			</button>
		</div>
	);
}

/** The code, typed or scanned, and the server's refusal under it. */
function HandOverForm({ state }: { state: StaffHandOver }) {
	const { pt } = useStaffPointsText();
	const id = useId();
	const { code, error, scanning, setScanning, sending, type, onScanned, startScan, onSubmit } = state;
	return (
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
						onChange={(event) => type(event.target)}
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
	);
}
