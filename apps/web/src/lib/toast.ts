import { Limits } from "@bayon/contract";
import { useSyncExternalStore } from "react";

/** One toast at a time, as in the original app; a new toast replaces the current one. */
export interface Toast {
	id: number;
	text: string;
}

let current: Toast | null = null;
let timer: ReturnType<typeof setTimeout> | undefined;
let nextId = 1;
const listeners = new Set<() => void>();

function emit(): void {
	for (const listener of listeners) listener();
}

/** Shows a short message for `ms` (spec §9: 2000 ms). */
export function showToast(text: string, ms: number = Limits.toastMs): void {
	if (!text) return;
	clearTimeout(timer);
	current = { id: nextId++, text };
	emit();
	timer = setTimeout(hideToast, ms);
}

export function hideToast(): void {
	clearTimeout(timer);
	if (current === null) return;
	current = null;
	emit();
}

export function currentToast(): Toast | null {
	return current;
}

function subscribe(listener: () => void): () => void {
	listeners.add(listener);
	return () => listeners.delete(listener);
}

export function useToast(): Toast | null {
	return useSyncExternalStore(subscribe, currentToast, currentToast);
}
