import type { BellCoolingDownData, TableCallKind } from "@bayon/contract";
import { useEffect, useState } from "react";
import { ApiError, errorText } from "../../../lib/api-client";
import { useI18n } from "../../../lib/i18n";
import { showToast } from "../../../lib/toast";
import { useDebouncedSubmit } from "../../../lib/use-debounced-submit";
import { BellIcon, ReceiptIcon } from "../../../ui/icons";
import { callStaff } from "../api";

/** Contract ErrorCode.BellCoolingDown, written out to keep zod out of this chunk. */
const BELL_COOLING_DOWN = 1008017001;

const CALLS = [
	{ kind: "waiter", label: "table.callWaiter", Icon: BellIcon },
	{ kind: "bill", label: "table.callBill", Icon: ReceiptIcon },
] as const;

/**
 * The bell on the table page: "call a waiter" and "bring the bill". The server allows one
 * call per table a minute, whoever rings; the buttons wait out what is left and say so.
 */
export function CallStaff({ tableToken }: { tableToken: string }) {
	const { t } = useI18n();
	const [readyAt, setReadyAt] = useState(0);
	const secondsLeft = useSecondsUntil(readyAt);

	const [ring, ringing] = useDebouncedSubmit(async (kind: TableCallKind) => {
		try {
			const result = await callStaff(tableToken, kind);
			setReadyAt(Date.now() + result.nextCallInSeconds * 1000);
			showToast(t("table.called"));
		} catch (error) {
			showToast(errorText(error));
			if (error instanceof ApiError && error.code === BELL_COOLING_DOWN) {
				const { retryAfterSeconds } = error.data as BellCoolingDownData;
				setReadyAt(Date.now() + retryAfterSeconds * 1000);
			}
		}
	});

	const waiting = secondsLeft > 0;
	return (
		<section className="card table-bell" data-testid="table-bell">
			<h3 className="table-bell__title">{t("table.callTitle")}</h3>
			<div className="table-bell__buttons">
				{CALLS.map(({ kind, label, Icon }) => (
					<button
						key={kind}
						type="button"
						className="button button--ghost table-bell__button"
						onClick={() => ring(kind)}
						disabled={ringing || waiting}
						data-testid={`table-call-${kind}`}
					>
						<Icon />
						{t(label)}
					</button>
				))}
			</div>
			{waiting && (
				<p className="table-bell__wait" role="status" data-testid="table-call-wait" data-seconds={secondsLeft}>
					{t("table.callAgainIn", { seconds: secondsLeft })}
				</p>
			)}
		</section>
	);
}

/** Whole seconds until an instant (0 once passed), ticking each second while it counts down. */
function useSecondsUntil(instant: number): number {
	const [now, setNow] = useState(() => Date.now());
	useEffect(() => {
		setNow(Date.now());
		if (instant <= Date.now()) return;
		const timer = setInterval(() => {
			const current = Date.now();
			setNow(current);
			if (current >= instant) clearInterval(timer);
		}, 1000);
		return () => clearInterval(timer);
	}, [instant]);
	return Math.max(0, Math.ceil((instant - now) / 1000));
}
