import { useId, useState } from "react";
import { BottomSheet } from "../../../ui/sheet";
import { useStoredValueText } from "../guest-strings";
import "../../../ui/controls.css";

/**
 * The tick box for the stored-value agreement (spec §5) and the agreement itself, the server's
 * text in the reader's language, readable in a sheet whose button ticks the box.
 */
export function GuestAgreement({
	agreement,
	agreed,
	onChange,
	error,
}: {
	agreement: string;
	agreed: boolean;
	onChange: (agreed: boolean) => void;
	error: string | null;
}) {
	const { st } = useStoredValueText();
	const id = useId();
	const [reading, setReading] = useState(false);
	const text = agreement.trim();
	return (
		<div className="sv-agreement">
			<div className="sv-agree">
				<input
					id={`${id}-agree`}
					type="checkbox"
					className="check sv-agree__check"
					checked={agreed}
					onChange={(event) => onChange(event.target.checked)}
					aria-invalid={error ? true : undefined}
					aria-describedby={error ? `${id}-error` : undefined}
					data-testid="recharge-agree"
				/>
				<p className="sv-agree__text">
					<label htmlFor={`${id}-agree`}>{st("agreement.prefix")}</label>{" "}
					<button
						type="button"
						className="sv-agreement__link"
						onClick={() => setReading(true)}
						data-testid="recharge-agreement-open"
					>
						{st("agreement.link")}
					</button>
				</p>
			</div>
			{error && (
				<p className="field__error" id={`${id}-error`} role="alert" data-testid="recharge-agree-error">
					{error}
				</p>
			)}
			<BottomSheet
				open={reading}
				onClose={() => setReading(false)}
				title={st("agreement.title")}
				testId="recharge-agreement"
				footer={
					<button
						type="button"
						className="button button--primary button--block"
						onClick={() => {
							onChange(true);
							setReading(false);
						}}
						data-testid="recharge-agreement-accept"
					>
						{st("agreement.accept")}
					</button>
				}
			>
				<p className="sv-agreement__text" data-testid="recharge-agreement-text">
					{text || st("agreement.empty")}
				</p>
			</BottomSheet>
		</div>
	);
}
