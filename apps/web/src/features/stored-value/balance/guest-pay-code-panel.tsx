import { useQuery } from "@tanstack/react-query";
import { useEffect } from "react";
import { errorText } from "../../../lib/api-client";
import { useMoney } from "../../../lib/app-config";
import { useNow } from "../../../lib/use-now";
import { QrCode } from "../../../ui/qr-code";
import { ErrorState, LoadingState } from "../../../ui/states";
import { payCodeQuery } from "../guest-api";
import { groupDigits, secondsLeft } from "../guest-pay-code";
import { useStoredValueText } from "../guest-strings";

/**
 * The open payment code (a lazy chunk with `qrcode`): QR and digits in groups of four, the
 * seconds until the next one, a refresh on demand. A code whose minute is up is never shown:
 * the panel asks for the next one instead (also after the phone slept, when timers stall).
 */
export default function GuestPayCodePanel() {
	const { st, plural } = useStoredValueText();
	const money = useMoney();
	const code = useQuery(payCodeQuery);
	const now = useNow(code.isSuccess);
	const left = code.isSuccess ? secondsLeft(code.dataUpdatedAt, now) : 0;
	const expired = code.isSuccess && left === 0;
	const { refetch, isFetching } = code;

	useEffect(() => {
		if (expired && !isFetching) void refetch();
	}, [expired, isFetching, refetch]);

	if (code.isPending) return <LoadingState compact label={st("code.refreshing")} />;
	if (code.isError && (!code.data || expired))
		return <ErrorState compact message={errorText(code.error)} onRetry={() => void refetch()} />;
	const view = code.data;
	if (!view) return null;
	return (
		<div className="sv-code" data-testid="pay-code" data-code={view.code}>
			<div className={`sv-code__frame${expired || isFetching ? " is-stale" : ""}`}>
				{expired ? (
					<LoadingState compact label={st("code.refreshing")} />
				) : (
					<QrCode text={view.code} label={st("code.label")} className="sv-code__qr" testId="pay-code-qr" />
				)}
			</div>
			<p className="sv-code__digits" data-testid="pay-code-digits">
				{expired ? "•••• •••• •••• •••• ••" : groupDigits(view.code)}
			</p>
			<div className="sv-code__meta">
				<span data-testid="pay-code-countdown" aria-live="off">
					{isFetching || expired ? st("code.refreshing") : plural("code.expiresIn", left)}
				</span>
				<button
					type="button"
					className="text-button sv-code__refresh"
					onClick={() => void refetch()}
					disabled={isFetching}
					data-testid="pay-code-refresh"
				>
					{st("code.refresh")}
				</button>
			</div>
			<p className="sv-code__balance" data-testid="pay-code-balance">
				{st("code.available", { amount: money(view.balance) })}
			</p>
			<p className="sv-hint">{st("code.safety")}</p>
		</div>
	);
}
