import { useEffect, useId, useRef } from "react";
import { createPortal } from "react-dom";
import { useI18n } from "../lib/i18n";
import "./controls.css";

interface ConfirmDialogProps {
	open: boolean;
	message: string;
	onConfirm: () => void;
	onCancel: () => void;
	confirmLabel?: string;
	cancelLabel?: string;
	/** The confirm button is drawn as a warning (clearing, deleting). */
	destructive?: boolean;
	testId?: string;
}

/** Spec §8 confirmations (clear cart, delete, …): a question with cancel and confirm. */
export function ConfirmDialog({
	open,
	message,
	onConfirm,
	onCancel,
	confirmLabel,
	cancelLabel,
	destructive = false,
	testId = "confirm-dialog",
}: ConfirmDialogProps) {
	const { t } = useI18n();
	const messageId = useId();
	const cancelRef = useRef<HTMLButtonElement>(null);
	const cancelHandler = useRef(onCancel);
	cancelHandler.current = onCancel;

	useEffect(() => {
		if (!open) return;
		const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
		cancelRef.current?.focus();
		const onKey = (event: KeyboardEvent) => {
			if (event.key === "Escape") cancelHandler.current();
		};
		document.addEventListener("keydown", onKey);
		return () => {
			document.removeEventListener("keydown", onKey);
			previous?.focus();
		};
	}, [open]);

	if (!open) return null;
	return createPortal(
		<div className="dialog" data-testid={testId}>
			<div className="dialog__backdrop" aria-hidden="true" />
			<div className="dialog__panel" role="alertdialog" aria-modal="true" aria-describedby={messageId}>
				<p className="dialog__message" id={messageId}>
					{message}
				</p>
				<div className="dialog__actions">
					<button
						type="button"
						className="dialog__button"
						onClick={onCancel}
						ref={cancelRef}
						data-testid="confirm-cancel"
					>
						{cancelLabel ?? t("common.cancel")}
					</button>
					<button
						type="button"
						className={`dialog__button dialog__button--confirm${destructive ? " is-destructive" : ""}`}
						onClick={onConfirm}
						data-testid="confirm-ok"
					>
						{confirmLabel ?? t("common.confirm")}
					</button>
				</div>
			</div>
		</div>,
		document.body,
	);
}
