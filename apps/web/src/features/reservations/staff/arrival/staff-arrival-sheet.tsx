import type { ArrivalResult } from "@bayon/contract";
import { useId } from "react";
import { Link } from "react-router";
import { Paths, withQuery } from "../../../../lib/paths";
import { CheckIcon, ScanIcon } from "../../../../ui/icons";
import { QrViewfinder } from "../../../../ui/qr-camera";
import { BottomSheet } from "../../../../ui/sheet";
import { useStaffReservationText } from "../../staff-strings";
import { ARRIVAL_CODE_LENGTH } from "./staff-arrival-code";
import { type StaffArrival, useStaffArrival } from "./use-staff-arrival";

interface ArrivalSheetProps {
	open: boolean;
	shopId: number;
	/** The code to start with (the "arrived" button of a booking fills it in). */
	initialCode: string;
	onClose: () => void;
	onArrived: (result: ArrivalResult) => void;
}

/**
 * Arrival: the staff type the guest's six-character code or scan the QR code on the guest's
 * phone (Telegram's scanner inside Telegram, else the camera with jsQR, as the table scan
 * page does). The server seats the party, opens the table's bill and sends the pre-order to
 * the kitchen; the sheet says so, with the way to the board and the bill.
 */
export function StaffArrivalSheet({ open, shopId, initialCode, onClose, onArrived }: ArrivalSheetProps) {
	const { rt } = useStaffReservationText();
	const arrival = useStaffArrival({ open, shopId, initialCode, onArrived });
	const { result, scanning, setScanning } = arrival;
	return (
		<BottomSheet open={open} onClose={onClose} title={rt("arrive.title")} testId="res-arrival">
			{result ? (
				<ArrivalDone result={result} onAnother={() => arrival.setResult(null)} />
			) : (
				<div className="res-arrival">
					<p className="field__hint">{rt("arrive.hint")}</p>
					<ArrivalCodeForm arrival={arrival} />
					{scanning ? (
						<>
							<CameraScanner onText={arrival.onScanned} />
							<button
								type="button"
								className="button button--ghost button--block"
								onClick={() => setScanning(false)}
								data-testid="res-arrival-stop-scan"
							>
								{rt("arrive.stopScan")}
							</button>
						</>
					) : (
						<button
							type="button"
							className="button button--block"
							onClick={() => void arrival.startScan()}
							data-testid="res-arrival-scan"
						>
							<ScanIcon aria-hidden="true" /> {rt("arrive.scan")}
						</button>
					)}
				</div>
			)}
		</BottomSheet>
	);
}

/** The six characters typed, and seat. */
function ArrivalCodeForm({ arrival }: { arrival: StaffArrival }) {
	const { rt } = useStaffReservationText();
	const id = useId();
	const { code, error, sending } = arrival;
	return (
		<form className="res-arrival__form" onSubmit={arrival.onSubmit} noValidate>
			<label className="field__label" htmlFor={`${id}-code`}>
				{rt("arrive.code")}
			</label>
			<div className="field__row">
				<input
					id={`${id}-code`}
					className="field__input res-arrival__code"
					value={code}
					onChange={(event) => arrival.typeCode(event.target)}
					autoComplete="off"
					autoCapitalize="characters"
					spellCheck={false}
					maxLength={ARRIVAL_CODE_LENGTH + 2}
					placeholder="ABC234"
					aria-invalid={Boolean(error)}
					aria-describedby={error ? `${id}-error` : undefined}
					data-testid="res-arrival-code"
				/>
				<button type="submit" className="button button--primary" disabled={sending} data-testid="res-arrival-submit">
					{rt("arrive.submit")}
				</button>
			</div>
			{error && (
				<p className="field__error" id={`${id}-error`} role="alert" data-testid="res-arrival-error">
					{error}
				</p>
			)}
		</form>
	);
}

function ArrivalDone({ result, onAnother }: { result: ArrivalResult; onAnother: () => void }) {
	const { rt } = useStaffReservationText();
	const r = result.reservation;
	return (
		<div className="res-arrival res-arrival--done" role="status" data-testid="res-arrival-done">
			<CheckIcon className="res-arrival__check" width={40} height={40} aria-hidden="true" />
			<p className="res-arrival__title" data-testid="res-arrival-seated">
				{rt("arrive.success", { name: r.name, party: r.party, tables: result.tableNumbers.join(" + ") })}
			</p>
			<ul className="res-arrival__steps">
				<li>{rt("arrive.billOpened")}</li>
				<li data-testid="res-arrival-preorder">
					{result.preorderOrderId !== null ? rt("arrive.preorderSent") : rt("arrive.noPreorder")}
				</li>
			</ul>
			<div className="res-arrival__links">
				<Link to={Paths.merchantOrder} className="button button--primary" data-testid="res-arrival-board">
					{rt("arrive.toBoard")}
				</Link>
				<Link
					to={withQuery(Paths.merchantOrder, { tab: "bills" })}
					className="button button--ghost"
					data-testid="res-arrival-bill"
				>
					{rt("arrive.toBill")}
				</Link>
				<button type="button" className="text-button" onClick={onAnother} data-testid="res-arrival-another">
					{rt("arrive.another")}
				</button>
			</div>
		</div>
	);
}

/** The arrival camera, reading a booking's code until `onText` accepts it. */
function CameraScanner({ onText }: { onText: (text: string) => boolean }) {
	const { rt } = useStaffReservationText();
	return (
		<QrViewfinder
			onText={onText}
			texts={{
				starting: rt("arrive.starting"),
				denied: rt("arrive.cameraDenied"),
				noCamera: rt("arrive.noCamera"),
				failed: rt("arrive.cameraFailed"),
				retry: rt("arrive.retryCamera"),
			}}
			className="res-arrival__viewfinder"
			testId="res-arrival-camera"
		/>
	);
}
