import type { CallStaffResult, ResolvedTable, TableCallKind } from "@bayon/contract";
import { queryOptions } from "@tanstack/react-query";
import { api } from "../../lib/api-client";

export const tableKeys = {
	/** The shop name and area come back translated: the language is part of the key. */
	resolve: (token: string, lang: string) => ["tables", "resolve", token, lang] as const,
};

/**
 * GET table/resolve: what a table code stands for. Public. A printed code opens or joins the
 * table's seating and comes back with the seating's token (the one the app keeps); a kept
 * seating token is checked to be current. A forged, edited or retired code is answered
 * TableInvalid, an ended seating SeatingEnded; the screen shows the message itself, so the
 * request layer does not toast.
 */
export const resolveTableQuery = (token: string, lang: string) =>
	queryOptions({
		queryKey: tableKeys.resolve(token, lang),
		queryFn: () => api.get<ResolvedTable>("/table/resolve", { token }, { login: false, toast: false }),
		staleTime: 0,
	});

/**
 * A diner at the table calls the staff with the seating token the app keeps. Public: signing
 * in is not needed. Refusals (cooling down, seating ended) come back as ApiError for the page.
 */
export function callStaff(tableToken: string, kind: TableCallKind): Promise<CallStaffResult> {
	return api.post<CallStaffResult>("/table/call", { tableToken, kind }, { login: false, toast: false });
}
