import type { ReactNode } from "react";
import { useI18n } from "../lib/i18n";
import { ClocheIcon, ShieldIcon } from "./icons";

/** Loading, empty and error states shared by every data screen. */

export function LoadingState({ label, compact = false }: { label?: string; compact?: boolean }) {
	const { t } = useI18n();
	return (
		<div
			className={`state state--loading${compact ? " state--compact" : ""}`}
			role="status"
			aria-live="polite"
			data-testid="state-loading"
		>
			<span className="spinner" aria-hidden="true" />
			<span>{label ?? t("common.loading")}</span>
		</div>
	);
}

export function EmptyState({
	title,
	children,
	compact = false,
}: {
	title?: string;
	children?: ReactNode;
	compact?: boolean;
}) {
	const { t } = useI18n();
	return (
		<div className={`state state--empty${compact ? " state--compact" : ""}`} data-testid="state-empty">
			<ClocheIcon className="state__art" />
			<p className="state__title">{title ?? t("common.empty")}</p>
			{children}
		</div>
	);
}

export function ErrorState({
	message,
	onRetry,
	compact = false,
}: {
	message?: string;
	onRetry?: () => void;
	compact?: boolean;
}) {
	const { t } = useI18n();
	return (
		<div className={`state state--error${compact ? " state--compact" : ""}`} role="alert" data-testid="state-error">
			<p className="state__title">{t("common.loadFailed")}</p>
			{message && <p className="state__detail">{message}</p>}
			{onRetry && (
				<button type="button" className="button button--ghost button--small" onClick={onRetry} data-testid="retry">
					{t("common.retry")}
				</button>
			)}
		</div>
	);
}

/** A page the member's role does not open (the server refuses its calls too). */
export function NotAllowedState({ message, testId }: { message: string; testId: string }) {
	return (
		<section className="status-page status-page--inline" data-testid={testId}>
			<ShieldIcon className="status-page__icon" />
			<p className="status-page__body">{message}</p>
		</section>
	);
}
