import { type ReactNode, useEffect, useId, useRef } from "react";
import { createPortal } from "react-dom";
import { useI18n } from "../lib/i18n";
import { CloseIcon } from "./icons";
import "./sheet.css";

interface BottomSheetProps {
	open: boolean;
	onClose: () => void;
	title: ReactNode;
	children: ReactNode;
	/** Stays at the bottom of the sheet while its body scrolls. */
	footer?: ReactNode;
	testId?: string;
}

/**
 * A panel that slides up from the bottom (options of an item). Modal: the page behind does not
 * scroll, Escape and a tap outside close it, focus moves into it and comes back afterwards.
 */
export function BottomSheet({ open, onClose, title, children, footer, testId }: BottomSheetProps) {
	const { t } = useI18n();
	const titleId = useId();
	const panelRef = useRef<HTMLDivElement>(null);
	const closeRef = useRef(onClose);
	closeRef.current = onClose;

	useEffect(() => {
		if (!open) return;
		const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
		const overflow = document.body.style.overflow;
		document.body.style.overflow = "hidden";
		panelRef.current?.focus();
		const onKey = (event: KeyboardEvent) => {
			// A sheet opened from a sheet (a picker) closes alone: only the topmost one listens.
			const sheets = document.querySelectorAll(".sheet");
			const topmost = sheets[sheets.length - 1];
			if (event.key === "Escape" && topmost?.contains(panelRef.current)) closeRef.current();
		};
		document.addEventListener("keydown", onKey);
		return () => {
			document.removeEventListener("keydown", onKey);
			document.body.style.overflow = overflow;
			previous?.focus();
		};
	}, [open]);

	if (!open) return null;
	return createPortal(
		<div className="sheet" data-testid={testId}>
			<button
				type="button"
				className="sheet__backdrop"
				aria-label={t("common.close")}
				onClick={onClose}
				tabIndex={-1}
			/>
			<div
				className="sheet__panel"
				role="dialog"
				aria-modal="true"
				aria-labelledby={titleId}
				tabIndex={-1}
				ref={panelRef}
			>
				<header className="sheet__header">
					<h2 className="sheet__title" id={titleId}>
						{title}
					</h2>
					<button
						type="button"
						className="sheet__close"
						onClick={onClose}
						aria-label={t("common.close")}
						data-testid="sheet-close"
					>
						<CloseIcon />
					</button>
				</header>
				<div className="sheet__body">{children}</div>
				{footer && <footer className="sheet__footer">{footer}</footer>}
			</div>
		</div>,
		document.body,
	);
}
