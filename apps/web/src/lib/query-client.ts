import { QueryClient } from "@tanstack/react-query";

/**
 * Retries are off: the request layer already turns each failure into the spec's outcome
 * (toast, sign-out, login page), and repeating a failed call would repeat those effects.
 */
export const queryClient = new QueryClient({
	defaultOptions: {
		queries: {
			retry: false,
			refetchOnWindowFocus: false,
			staleTime: 30_000,
		},
		mutations: { retry: false },
	},
});

/** Pull-down refresh on a page: refetch every query the page shows. */
export function refetchActive(): Promise<unknown> {
	return queryClient.refetchQueries({ type: "active" });
}
