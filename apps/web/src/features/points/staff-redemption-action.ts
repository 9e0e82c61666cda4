import { ErrorCode, type RedemptionView } from "@bayon/contract";
import { useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { ApiError, errorText } from "../../lib/api-client";
import { type FieldProblems, serverProblems } from "../../lib/form";
import { showToast } from "../../lib/toast";
import { pointsStaffKeys } from "./staff-api";

/**
 * Runs one staff action on a redemption (hand over, ship, cancel): done, it says `doneText`.
 * Either way every tab of the redemptions is read again, since the row moves between them. Another device handled or the member cancelled it meanwhile (RedemptionStateChanged):
 * the server's words are said and the list shows what it now is; the sheet closes. A refused
 * field comes back as problems for the sheet to show under it.
 */
export type RedemptionAction = (
	send: () => Promise<RedemptionView>,
	doneText: string,
) => Promise<{ done: true } | { problems: FieldProblems }>;

export function useStaffRedemptionAction(): RedemptionAction {
	const queryClient = useQueryClient();
	return useCallback(
		async (send, doneText) => {
			// A cancel puts stock back: the mall's items are read again too when next shown.
			const refresh = () => queryClient.invalidateQueries({ queryKey: pointsStaffKeys.all });
			try {
				await send();
				showToast(doneText);
				await refresh();
				return { done: true };
			} catch (error) {
				const fields = error instanceof ApiError ? serverProblems(error.data) : null;
				if (fields) return { problems: fields };
				showToast(errorText(error));
				if (error instanceof ApiError && error.code === ErrorCode.RedemptionStateChanged) {
					await refresh();
					return { done: true };
				}
				// Anything else (offline, a fault): the sheet stays with what was typed, to try again.
				return { problems: {} };
			}
		},
		[queryClient],
	);
}
