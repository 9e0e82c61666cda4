import { Limits } from "@bayon/contract";
import { useCallback, useEffect, useRef, useState } from "react";

/**
 * Spec §9 debounce for submit buttons: the first tap runs at once; taps within `ms` of it, or
 * while its promise is still pending, are ignored. Returns the guarded action and whether it
 * is running (to disable the button and show progress).
 */
export function useDebouncedSubmit<Args extends unknown[]>(
	action: (...args: Args) => Promise<unknown> | unknown,
	ms: number = Limits.debounceMs,
): [run: (...args: Args) => void, pending: boolean] {
	const [pending, setPending] = useState(false);
	const lastRun = useRef(Number.NEGATIVE_INFINITY);
	const running = useRef(false);
	const latest = useRef(action);
	const mounted = useRef(true);
	latest.current = action;

	useEffect(() => {
		mounted.current = true;
		return () => {
			mounted.current = false;
		};
	}, []);

	const run = useCallback(
		(...args: Args) => {
			const now = Date.now();
			if (running.current || now - lastRun.current < ms) return;
			lastRun.current = now;
			running.current = true;
			setPending(true);
			Promise.resolve()
				.then(() => latest.current(...args))
				.catch(() => undefined)
				.finally(() => {
					running.current = false;
					if (mounted.current) setPending(false);
				});
		},
		[ms],
	);

	return [run, pending];
}
