import { useEffect, useId, useRef, useState } from "react";
import { createPortal } from "react-dom";
import { useMerchantText } from "./strings";
import "../controls.css";

interface ReasonDialogProps {
	open: boolean;
	title: string;
	onSubmit: (reason: string) => void;
	onCancel: () => void;
	testId?: string;
}

/** Asks for a reason the customer will see (reject an order, reject a refund). */
export function ReasonDialog({ open, title, onSubmit, onCancel, testId = "reason-dialog" }: ReasonDialogProps) {
	const { mt, t } = useMerchantText();
	const [reason, setReason] = useState("");
	const [error, setError] = useState(false);
	const titleId = useId();
	const inputRef = useRef<HTMLTextAreaElement>(null);

	useEffect(() => {
		if (!open) return;
		setReason("");
		setError(false);
		inputRef.current?.focus();
	}, [open]);

	if (!open) return null;
	const submit = () => {
		const text = reason.trim();
		if (!text) {
			setError(true);
			return;
		}
		onSubmit(text);
	};
	return createPortal(
		<div className="dialog" data-testid={testId}>
			<div className="dialog__backdrop" aria-hidden="true" onClick={onCancel} />
			<div className="dialog__panel" role="dialog" aria-modal="true" aria-labelledby={titleId}>
				<p className="dialog__message" id={titleId}>
					{title}
				</p>
				<div className="merchant-reason">
					<textarea
						ref={inputRef}
						className="field__input merchant-reason__input"
						value={reason}
						maxLength={200}
						rows={3}
						placeholder={mt("reason.placeholder")}
						aria-invalid={error}
						onChange={(event) => {
							setReason(event.target.value);
							setError(false);
						}}
						onKeyDown={(event) => {
							if (event.key === "Escape") onCancel();
						}}
						data-testid="reason-input"
					/>
					{error && (
						<p className="field__error" role="alert" data-testid="reason-error">
							{mt("reason.required")}
						</p>
					)}
				</div>
				<div className="dialog__actions">
					<button type="button" className="dialog__button" onClick={onCancel} data-testid="reason-cancel">
						{t("common.cancel")}
					</button>
					<button
						type="button"
						className="dialog__button dialog__button--confirm is-destructive"
						onClick={submit}
						data-testid="reason-submit"
					>
						{t("common.confirm")}
					</button>
				</div>
			</div>
		</div>,
		document.body,
	);
}
