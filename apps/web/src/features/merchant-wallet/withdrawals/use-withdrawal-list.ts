import { WITHDRAWAL_STATUSES, type WithdrawalStatus, type WithdrawalView } from "@bayon/contract";
import { useInfiniteQuery } from "@tanstack/react-query";
import { useMemo } from "react";
import { useSearchParams } from "react-router";
import { withdrawalsQuery } from "../money-api";

function statusOf(value: string | null): WithdrawalStatus | null {
	const status = value === null || value === "" ? Number.NaN : Number(value);
	return (WITHDRAWAL_STATUSES as readonly number[]).includes(status) ? (status as WithdrawalStatus) : null;
}

/** The shop's withdrawals in the status the address names (none: all), page by page, each once. */
export function useWithdrawalList(shopId: number) {
	const [params, setParams] = useSearchParams();
	const status = statusOf(params.get("status"));
	const list = useInfiniteQuery(withdrawalsQuery(shopId, status));
	const withdrawals = useMemo(() => {
		// A page read after a new withdrawal was asked for may repeat a row of the page before.
		const byId = new Map<number, WithdrawalView>();
		for (const page of list.data?.pages ?? [])
			for (const row of page.list) if (!byId.has(row.id)) byId.set(row.id, row);
		return [...byId.values()];
	}, [list.data]);
	const showStatus = (value: WithdrawalStatus | null) =>
		setParams(value === null ? {} : { status: String(value) }, { replace: true });

	return { status, showStatus, list, withdrawals };
}
