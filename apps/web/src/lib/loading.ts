import { useSyncExternalStore } from "react";

/**
 * The blocking loading indicator shown during calls made with `loading: true`.
 * Counted, so overlapping calls keep it up until the last one ends.
 */
let count = 0;
const listeners = new Set<() => void>();

function emit(): void {
	for (const listener of listeners) listener();
}

export function showLoading(): void {
	count += 1;
	if (count === 1) emit();
}

export function endLoading(): void {
	if (count === 0) return;
	count -= 1;
	if (count === 0) emit();
}

/** Spec §4: business code 401 hides the loading indicator whatever else is pending. */
export function hideLoading(): void {
	if (count === 0) return;
	count = 0;
	emit();
}

export function isLoading(): boolean {
	return count > 0;
}

function subscribe(listener: () => void): () => void {
	listeners.add(listener);
	return () => listeners.delete(listener);
}

export function useLoading(): boolean {
	return useSyncExternalStore(subscribe, isLoading, isLoading);
}
