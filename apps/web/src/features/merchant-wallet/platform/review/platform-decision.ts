import { ErrorCode, type WithdrawalView } from "@bayon/contract";
import { useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { ApiError, errorText } from "../../../../lib/api-client";
import { type FieldProblems, serverProblems } from "../../../../lib/form";
import { showToast } from "../../../../lib/toast";
import { usePlatformText } from "../../platform-strings";
import { platformKeys } from "../platform-api";

export type DecisionOutcome = { done: true } | { problems: FieldProblems };

/** Someone decided on the withdrawal meanwhile: the sheet closes and the page shows where it now stands. */
const DECIDED_MEANWHILE: ReadonlySet<number> = new Set([
	ErrorCode.WithdrawalStateChanged,
	ErrorCode.WithdrawalAlreadyPaid,
	ErrorCode.WithdrawalAlreadyReturned,
]);

/**
 * Sends one decision on a withdrawal (approve, reject, mark paid): done, it says `doneText`,
 * shows the withdrawal as the server answered it and reads the lists again (it moved tabs).
 * Someone else decided meanwhile (WithdrawalStateChanged, AlreadyPaid, AlreadyReturned): the page says so and reads the
 * withdrawal and the lists again, so the operator sees where it now stands; the sheet closes.
 * A refused field comes back as problems for the sheet to show under it; anything else
 * (offline, a fault) is said, and the sheet stays with what was typed, to try again.
 */
export type PlatformDecision = (send: () => Promise<WithdrawalView>, doneText: string) => Promise<DecisionOutcome>;

export function usePlatformDecision(): PlatformDecision {
	const queryClient = useQueryClient();
	const { pt } = usePlatformText();
	return useCallback(
		async (send, doneText) => {
			const lists = [...platformKeys.withdrawals, "list"];
			try {
				const decided = await send();
				queryClient.setQueryData(platformKeys.withdrawal(decided.id), decided);
				showToast(doneText);
				await queryClient.invalidateQueries({ queryKey: lists });
				return { done: true };
			} catch (error) {
				if (error instanceof ApiError && DECIDED_MEANWHILE.has(error.code)) {
					// Paid or returned meanwhile: the server's words say how (the reference, the day).
					showToast(error.code === ErrorCode.WithdrawalStateChanged ? pt("review.changed") : errorText(error));
					await queryClient.invalidateQueries({ queryKey: platformKeys.withdrawals });
					return { done: true };
				}
				const fields = error instanceof ApiError ? serverProblems(error.data) : null;
				if (fields) return { problems: fields };
				showToast(errorText(error));
				return { problems: {} };
			}
		},
		[queryClient, pt],
	);
}
