import { vi } from "vitest";

/**
 * An answer: an envelope, or a function of the call returning (or promising) the success's
 * `data`, or a whole Response for an HTTP failure or a refusal decided per call.
 */
export type RecordedAnswer = { code: number; msg?: string; data?: unknown } | ((body: unknown, url: URL) => unknown);

export interface RecordedCall {
	path: string;
	query: URLSearchParams;
	body: unknown;
	headers: Record<string, string>;
}

/**
 * Stubs fetch with answers per path (without /app-api); unknown paths answer an empty
 * success. Every call is recorded, with its query, JSON body and headers.
 */
export function recordingServer(byPath: Record<string, RecordedAnswer>): {
	calls: RecordedCall[];
	to: (path: string) => RecordedCall[];
} {
	const calls: RecordedCall[] = [];
	vi.stubGlobal(
		"fetch",
		vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
			const url = new URL(String(input), "http://localhost");
			const path = url.pathname.replace("/app-api", "");
			const body = typeof init?.body === "string" ? JSON.parse(init.body) : undefined;
			calls.push({ path, query: url.searchParams, body, headers: { ...(init?.headers as Record<string, string>) } });
			const answer = byPath[path];
			const data = typeof answer === "function" ? await answer(body, url) : undefined;
			if (data instanceof Response) return data;
			const envelope =
				typeof answer === "function" ? { code: 0, msg: "", data } : { msg: "", ...(answer ?? { code: 0, data: null }) };
			return new Response(JSON.stringify(envelope), { headers: { "Content-Type": "application/json" } });
		}),
	);
	return { calls, to: (path) => calls.filter((call) => call.path === path) };
}
