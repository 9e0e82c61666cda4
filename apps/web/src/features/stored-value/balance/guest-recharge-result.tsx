import { RECHARGE_EXPIRES_AFTER_MINUTES } from "@bayon/contract";
import { useQuery } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { errorText } from "../../../lib/api-client";
import { useMoney } from "../../../lib/app-config";
import { CheckIcon, ClockIcon, WarningIcon } from "../../../ui/icons";
import { ErrorState } from "../../../ui/states";
import { rechargeDetailQuery, refreshBalance } from "../guest-api";
import { RECHARGE_PATIENCE_MS, rechargeOutcome } from "../guest-recharge";
import { useStoredValueText } from "../guest-strings";

/**
 * Back from the gateway (`?recharge=<id>`): asks for the recharge until it is paid or expired,
 * then says what was credited (bonus included) or that nothing was charged. A confirmation that
 * is slow to come is explained after a while, and still picked up when it comes.
 */
export function GuestRechargeResult({ id, onDismiss }: { id: number; onDismiss: () => void }) {
	const { st } = useStoredValueText();
	const money = useMoney();
	const recharge = useQuery(rechargeDetailQuery(id));
	const [patient, setPatient] = useState(false);
	useEffect(() => {
		const timer = setTimeout(() => setPatient(true), RECHARGE_PATIENCE_MS);
		return () => clearTimeout(timer);
	}, []);
	const outcome = rechargeOutcome(recharge.data, patient ? RECHARGE_PATIENCE_MS : 0);
	const paid = outcome.kind === "paid";
	// Credited: the balance and the bill are fetched again (the live event may not reach a page just loaded).
	useEffect(() => {
		if (paid) void refreshBalance();
	}, [paid]);

	if (recharge.isError && !recharge.data)
		return <ErrorState compact message={errorText(recharge.error)} onRetry={() => void recharge.refetch()} />;

	const Icon = outcome.kind === "paid" ? CheckIcon : outcome.kind === "expired" ? WarningIcon : ClockIcon;
	const text =
		outcome.kind === "paid"
			? outcome.bonus > 0
				? st("result.paidBonus", { amount: money(outcome.credited), bonus: money(outcome.bonus) })
				: st("result.paid", { amount: money(outcome.credited) })
			: outcome.kind === "expired"
				? st("result.expired")
				: outcome.kind === "waiting"
					? st("result.waiting", { minutes: RECHARGE_EXPIRES_AFTER_MINUTES })
					: st("result.checking");
	const settled = outcome.kind === "paid" || outcome.kind === "expired";
	return (
		<div
			className={`sv-result sv-result--${outcome.kind}`}
			role="status"
			aria-live="polite"
			data-testid="recharge-result"
			data-outcome={outcome.kind}
		>
			<Icon className="sv-result__icon" />
			<p className="sv-result__text" data-testid="recharge-result-text">
				{text}
			</p>
			{(settled || outcome.kind === "waiting") && (
				<button type="button" className="text-button" onClick={onDismiss} data-testid="recharge-result-dismiss">
					{st("result.dismiss")}
				</button>
			)}
		</div>
	);
}
